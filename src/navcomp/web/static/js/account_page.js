// The account page (#/account): the e-mail address and its verification, which mail the
// account wants (turns: every turn, a digest, or none; invitations; time running low; the
// end of a game), the webhook and its test, the password; and (account_own.js) the profile's
// privacy, the download of all of one's data, and deleting the account.
import { get, post, put } from "./api.js";
import { h, replace } from "./dom.js";
import { LANGUAGES, getLang, t } from "./i18n.js";
import { dataCard, deleteCard, privacyCard } from "./account_own.js";
import { errorText } from "./pieces.js";
import { onThisPage } from "./state.js";

export function field(label, input) {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

// A form's message line: "saved" and such, or a refusal in the reader's language.
export function messageLine() {
  const line = h("p", { class: "note", role: "status" });
  line.say = (text, failed = false) => {
    document.getElementById("account-said")?.replaceChildren(); // the page's last word is older
    line.textContent = text;
    line.classList.toggle("error", failed);
  };
  line.fail = (error) => line.say(errorText(error), true);
  return line;
}

function card(id, title, ...children) {
  return h("section", { class: "card", id }, h("h2", {}, title), ...children);
}

function emailCard(account, redraw) {
  const email = account.email;
  const address = h("input", { id: "email-address", type: "email", autocomplete: "email", value: email.address || "", maxlength: 254 });
  const line = messageLine();
  const state = !email.address ? t("email_none") : email.verified ? t("email_verified") : t("email_unverified");
  const save = async (event) => {
    event.preventDefault();
    try {
      const value = address.value.trim();
      const next = await put("/api/me/email", { address: value || null, language: getLang() });
      redraw(next, value ? t("email_sent", { address: value }) : t("saved"));
    } catch (error) {
      line.fail(error);
    }
  };
  const again = async (path, done) => {
    try {
      await post(path);
      line.say(done);
    } catch (error) {
      line.fail(error);
    }
  };
  return card(
    "email-card",
    t("email_title"),
    h(
      "form",
      { onsubmit: save, novalidate: true }, // the server's refusal, in the page's language
      field(t("email_address"), address),
      h("p", { id: "email-state", class: email.verified ? "ok" : "muted" }, state),
      h(
        "div",
        { class: "row" },
        h("button", { type: "submit", id: "email-save" }, t("email_save")),
        email.address && !email.verified
          ? h("button", { type: "button", class: "secondary", id: "email-again", onclick: () => again("/api/me/email/verify-again", t("email_sent", { address: email.address })) }, t("email_verify_again"))
          : null,
        email.verified
          ? h("button", { type: "button", class: "secondary", id: "email-test", onclick: () => again("/api/me/email/test", t("email_test_sent")) }, t("email_test"))
          : null,
      ),
    ),
    line,
  );
}

function check(id, label, checked) {
  return h("label", { class: "check" }, h("input", { type: "checkbox", id, checked }), " ", label);
}

function mailCard(account, redraw) {
  const mail = account.mail;
  const turn = h(
    "select",
    { id: "mail-turn" },
    ["every", "digest", "never"].map((value) => h("option", { value, selected: value === mail.turn }, t("mail_turn_" + value))),
  );
  const hours = h("input", { id: "mail-digest-hours", type: "number", min: 1, max: 168, step: 1, value: mail.digest_hours });
  const language = h(
    "select",
    { id: "mail-language" },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === mail.language }, name)),
  );
  const boxes = {
    invites: check("mail-invites", t("mail_invites"), mail.invites),
    time_low: check("mail-time-low", t("mail_time_low"), mail.time_low),
    game_over: check("mail-game-over", t("mail_game_over"), mail.game_over),
  };
  const line = messageLine();
  const save = async (event) => {
    event.preventDefault();
    const choice = { turn: turn.value, digest_hours: Number(hours.value) || 0, language: language.value };
    for (const [key, box] of Object.entries(boxes)) choice[key] = box.querySelector("input").checked;
    try {
      redraw(await put("/api/me/mail", choice), t("saved"));
    } catch (error) {
      line.fail(error);
    }
  };
  return card(
    "mail-card",
    t("mail_title"),
    h(
      "form",
      { onsubmit: save },
      field(t("mail_turn"), turn),
      field(t("mail_digest_hours"), hours),
      Object.values(boxes),
      field(t("mail_language"), language),
      h("button", { type: "submit", id: "mail-save" }, t("mail_save")),
    ),
    line,
  );
}

function webhookCard(account) {
  const url = h("input", { id: "webhook-url", type: "url", value: account.webhook || "", maxlength: 500, placeholder: "https://…" });
  const line = messageLine();
  const save = async (event) => {
    event.preventDefault();
    try {
      await put("/api/me/webhook", { url: url.value.trim() || null });
      line.say(t("saved"));
    } catch (error) {
      line.fail(error);
    }
  };
  const test = async () => {
    try {
      const answer = await post("/api/me/webhook/test");
      if (answer.ok) line.say(t("webhook_ok", { status: answer.status }));
      else line.say(t("webhook_failed", { why: answer.status || answer.error }), true);
    } catch (error) {
      line.fail(error);
    }
  };
  return card(
    "webhook-card",
    t("webhook_title"),
    h(
      "form",
      { onsubmit: save },
      field(t("webhook_url"), url),
      h(
        "div",
        { class: "row" },
        h("button", { type: "submit", id: "webhook-save" }, t("webhook_save")),
        h("button", { type: "button", class: "secondary", id: "webhook-test", onclick: test }, t("webhook_test")),
      ),
    ),
    line,
  );
}

export function passwordInput(id, autocomplete) {
  return h("input", { id, type: "password", autocomplete, required: true, maxlength: 200 });
}

function passwordCard() {
  const current = passwordInput("password-current", "current-password");
  const fresh = passwordInput("password-new", "new-password");
  const line = messageLine();
  const save = async (event) => {
    event.preventDefault();
    try {
      await post("/api/me/password", { current: current.value, new: fresh.value });
      current.value = fresh.value = "";
      line.say(t("password_changed"));
    } catch (error) {
      line.fail(error);
    }
  };
  return card(
    "password-card",
    t("password_title"),
    h(
      "form",
      { onsubmit: save },
      field(t("password_current"), current),
      field(t("password_new"), fresh),
      h("button", { type: "submit", id: "password-save" }, t("password_change")),
    ),
    line,
  );
}

export async function renderAccount(root) {
  const still = onThisPage();
  replace(root, h("p", { class: "muted" }, t("loading")));
  let account;
  try {
    account = await get("/api/me/account");
  } catch (error) {
    if (still()) replace(root, h("p", { class: "error", role: "alert" }, errorText(error)));
    return;
  }
  const draw = (current, said) => {
    current = { ...current, name_hold_days: account.name_hold_days };
    const cards = current.guest
      ? [card("guest-card", t("email_title"), h("p", {}, t("guest_account"))), webhookCard(current)]
      : [emailCard(current, draw), mailCard(current, draw), webhookCard(current), passwordCard(), privacyCard(current, messageLine)];
    cards.push(dataCard(), deleteCard(current, messageLine, passwordInput, field));
    const status = h("p", { id: "account-said", class: "ok", role: "status" }, said || "");
    replace(root, h("h1", {}, t("account_title")), status, h("div", { class: "lobby account" }, cards));
  };
  if (still()) draw(account);
}
