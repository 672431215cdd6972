// The header's account controls: sign in (signed out), my name, "Keep my games" for a guest,
// log out. A guest is warned before logging out (a guest cannot sign in again, so its
// games would be lost) and may first turn the account into a full one: a name and a
// password (POST /api/accounts/upgrade), keeping its games and its session.
import { post } from "./api.js";
import { h } from "./dom.js";
import { NAME_PATTERN } from "./front_door.js";
import { t } from "./i18n.js";
import { errorText } from "./pieces.js";
import { app, returnAfterSignIn } from "./state.js";

// What the header shows of who I am (nobody: a way to sign in).
export function accountControls() {
  if (!app.me) {
    return [
      app.sessionEnded ? h("span", { id: "session-ended", class: "error small", role: "alert" }, t("session_ended")) : null,
      h("a", { href: "#/", id: "sign-in-link", class: "button small", onclick: toSignIn }, t("sign_in")),
    ];
  }
  return [
    h("a", { href: "#/account", id: "account-link", title: t("account_title") },
      h("bdi", { id: "me-name" }, app.me.guest ? t("guest_named", { name: app.me.name }) : app.me.name)),
    app.me.guest
      ? h("button", { class: "small", id: "keep-games", "aria-haspopup": "dialog", onclick: () => openDialog(keepForm) }, t("keep_games"))
      : null,
    h("button", {
      class: "small secondary", id: "log-out",
      onclick: () => (app.me && app.me.guest ? openDialog(guestWarning) : logOut()),
    }, t("log_out")),
  ];
}

// To the front door's sign-in form (on the front door: into its name field); from a
// table's page, back to that table once signed in.
function toSignIn(event) {
  const table = location.hash.match(/^#\/table\/\d+/);
  if (table) returnAfterSignIn(table[0]);
  const field = document.querySelector(".signin input[name=name]");
  if (!field) return; // the link leads to the front door
  event.preventDefault();
  field.focus();
}

// Log out, then the front door (from a table page too).
async function logOut() {
  await post("/api/accounts/logout").catch(() => {});
  app.me = null;
  closeDialog();
  if (location.hash && location.hash !== "#/") {
    location.hash = "#/"; // the hash change draws the front door
  } else {
    app.rerender();
  }
}

function closeDialog() {
  const open = document.getElementById("account-dialog");
  if (open) {
    open.close();
    open.remove();
  }
}

// A modal dialog drawn by `content(dialog)`; Escape and its Cancel close it.
function openDialog(content) {
  closeDialog();
  const dialog = h("dialog", { id: "account-dialog", class: "account-dialog", "aria-labelledby": "account-dialog-title" });
  dialog.append(...content());
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

function cancelButton() {
  return h("button", { type: "button", class: "secondary", id: "account-cancel", onclick: closeDialog }, t("account_cancel"));
}

// Before a guest logs out: what is lost, and the way to keep it.
function guestWarning() {
  return [
    h("h2", { id: "account-dialog-title" }, t("guest_leave_title")),
    h("p", { id: "guest-warning" }, t("guest_leave_text")),
    h("div", { class: "row" },
      h("button", { type: "button", id: "keep-instead", onclick: () => openDialog(keepForm) }, t("keep_games")),
      h("button", { type: "button", class: "danger", id: "log-out-anyway", onclick: logOut }, t("log_out_anyway")),
      cancelButton()),
  ];
}

// A guest's account becomes a full one: the name rule shown, the field enforcing it.
function keepForm() {
  const name = h("input", {
    name: "name", id: "keep-name", autocomplete: "username", required: true, maxlength: 24,
    pattern: NAME_PATTERN, title: t("name_rule"), "aria-describedby": "keep-name-rule",
  });
  const password = h("input", {
    name: "password", id: "keep-password", type: "password", autocomplete: "new-password", required: true, minlength: 8,
  });
  const message = h("p", { class: "error", role: "alert", id: "keep-error" });
  const form = h("form", {
    onsubmit: async (event) => {
      event.preventDefault();
      message.textContent = "";
      try {
        await post("/api/accounts/upgrade", { name: name.value, password: password.value });
        closeDialog();
        await app.refreshMe();
      } catch (error) {
        message.textContent = errorText(error);
      }
    },
  },
  h("label", { class: "field" }, h("span", {}, t("name")), name, h("small", { class: "muted", id: "keep-name-rule" }, t("name_rule"))),
  h("label", { class: "field" }, h("span", {}, t("password")), password),
  h("div", { class: "row" }, h("button", { type: "submit", id: "keep-submit" }, t("keep_games")), cancelButton()),
  message);
  return [h("h2", { id: "account-dialog-title" }, t("keep_title")), h("p", {}, t("keep_text")), form];
}
