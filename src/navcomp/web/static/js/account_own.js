// The account page's cards about the account being the player's own: whether the profile
// is private (PUT /api/account/profile), all of one's data as a download
// (GET /api/account/export), and deleting the account (DELETE /api/account, the password
// confirming it; a guest has none).
import { api, put } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { app } from "./state.js";

function card(id, title, ...children) {
  return h("section", { class: "card", id }, h("h2", {}, title), ...children);
}

export function privacyCard(account, messageLine) {
  const box = h("input", { type: "checkbox", id: "profile-private", checked: account.profile_private });
  const line = messageLine();
  const save = async (event) => {
    event.preventDefault();
    try {
      await put("/api/account/profile", { private: box.checked });
      line.say(t("saved"));
    } catch (error) {
      line.fail(error);
    }
  };
  return card("privacy-card", t("profile_title"),
    h("form", { onsubmit: save },
      h("label", { class: "check" }, box, " ", t("profile_private_label")),
      h("p", { class: "muted" }, t("profile_private_help")),
      h("div", { class: "row" }, h("button", { type: "submit", id: "profile-save" }, t("profile_save")),
        account.guest ? null : h("a", { href: `#/player/${encodeURIComponent(account.name)}`, id: "my-profile" }, t("profile_view_mine")))),
    line);
}

export function dataCard() {
  return card("data-card", t("data_title"),
    h("p", { class: "muted" }, t("data_help")),
    h("a", { class: "button", id: "data-download", href: "/api/account/export", download: "" }, t("data_download")));
}

export function deleteCard(account, messageLine, passwordInput, field) {
  const password = account.guest ? null : passwordInput("delete-password", "current-password");
  const line = messageLine();
  const remove = async (event) => {
    event.preventDefault();
    if (!confirm(t("delete_really"))) return;
    try {
      await api("DELETE", "/api/account", { password: password ? password.value : "" });
      await app.refreshMe();
      location.hash = "#/";
    } catch (error) {
      line.fail(error);
    }
  };
  return card("delete-card", t("delete_title"),
    h("p", {}, t("delete_help", { days: account.name_hold_days ?? 30 })),
    h("form", { onsubmit: remove },
      password ? field(t("delete_password"), password) : null,
      h("button", { type: "submit", class: "danger", id: "delete-account" }, t("delete_confirm"))),
    line);
}
