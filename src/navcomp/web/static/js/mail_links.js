// The pages the links in mail open: a verified address (#/verify/TOKEN), a new password
// (#/reset/TOKEN), an unsubscribe that asks first (#/unsubscribe/TOKEN), and the request
// for a reset link (#/forgot).
import { post } from "./api.js";
import { h, replace } from "./dom.js";
import { field, messageLine, passwordInput } from "./account_page.js";
import { t } from "./i18n.js";

function page(root, id, title, ...children) {
  replace(root, h("section", { class: "card narrow", id }, h("h2", {}, title), ...children));
}

// What an unsubscribe turned off, as the account page names it.
const SETTINGS = { turn: "mail_turn", invites: "mail_invites", time_low: "mail_time_low", game_over: "mail_game_over" };

const toSignIn = () => h("p", {}, h("a", { href: "#/", id: "to-sign-in" }, t("to_sign_in")));

export function renderForgot(root) {
  const address = h("input", { id: "forgot-address", type: "email", autocomplete: "email", required: true, maxlength: 254 });
  const line = messageLine();
  const send = async (event) => {
    event.preventDefault();
    try {
      await post("/api/accounts/password-reset", { address: address.value.trim() });
      line.say(t("forgot_sent"));
    } catch (error) {
      line.fail(error);
    }
  };
  page(
    root,
    "forgot",
    t("forgot_title"),
    h("p", {}, t("forgot_text")),
    h("form", { onsubmit: send }, field(t("email_address"), address), h("button", { type: "submit", id: "forgot-send" }, t("forgot_send"))),
    line,
    toSignIn(),
  );
}

export function renderReset(root, token) {
  const password = passwordInput("reset-password", "new-password");
  const line = messageLine();
  const save = async (event) => {
    event.preventDefault();
    try {
      await post("/api/accounts/password-reset/confirm", { token, password: password.value });
      password.value = "";
      line.say(t("reset_done"));
    } catch (error) {
      line.fail(error);
    }
  };
  page(
    root,
    "reset",
    t("reset_title"),
    h("form", { onsubmit: save }, field(t("password_new"), password), h("button", { type: "submit", id: "reset-save" }, t("reset_save"))),
    line,
    toSignIn(),
  );
}

export async function renderVerify(root, token) {
  const line = messageLine();
  page(root, "verify", t("verify_title"), line, h("p", {}, h("a", { href: "#/account" }, t("account_title"))));
  try {
    const answer = await post("/api/mail/verify", { token });
    line.say(t("verify_done", { address: answer.address }));
  } catch (error) {
    line.fail(error);
  }
}

export function renderUnsubscribe(root, token) {
  const line = messageLine();
  const confirm = h(
    "button",
    {
      id: "unsubscribe",
      onclick: async () => {
        try {
          const done = await post(`/api/mail/unsubscribe/${encodeURIComponent(token)}`);
          confirm.disabled = true;
          line.say(t("unsubscribe_done", { what: t(SETTINGS[done.setting] || "mail_title") }));
        } catch (error) {
          line.fail(error);
        }
      },
    },
    t("unsubscribe_confirm"),
  );
  page(root, "unsubscribe-page", t("unsubscribe_title"), h("p", {}, t("unsubscribe_text")), confirm, line);
}
