// The overview card: the six actions at a glance (what each costs and does), in a dialog
// opened from the header, with the rules page one click further.
import { h } from "../../dom.js";
import { t } from "./strings.js";

const KINDS = ["topup", "jump", "fly", "scan", "develop", "discover"];
// the players' rules page, in this folder (written by scripts/rules_page.py)
export const RULES = new URL("./rules.html", import.meta.url).pathname;

export function overviewButton() {
  return h("button", { class: "small secondary", id: "open-overview", "aria-haspopup": "dialog", onclick: openOverview }, t("overview_open"));
}

export function rulesLink() {
  return h("a", { href: RULES, id: "rules-link", target: "_blank", rel: "noopener" }, t("rules_link"));
}

export function openOverview() {
  document.getElementById("overview")?.remove();
  const close = () => dialog.close();
  const rows = KINDS.map((kind, i) =>
    h("tr", { dataset: { kind } },
      h("th", { scope: "row" }, `${i + 1}. ${t("act_" + kind)}`),
      h("td", {}, t("ov_cost_" + kind)),
      h("td", {}, t("ov_does_" + kind))));
  const dialog = h("dialog", { id: "overview", class: "overview", "aria-labelledby": "overview-title" },
    h("div", { class: "row" },
      h("h2", { id: "overview-title", class: "grow" }, t("overview_title")),
      h("button", { class: "small secondary", id: "close-overview", onclick: close, "aria-label": t("overview_close") }, "✕")),
    h("p", { class: "muted" }, t("overview_intro")),
    h("div", { class: "scroll" }, h("table", { class: "overview-table" },
      h("thead", {}, h("tr", {}, ["action", "cost", "does"].map((c) => h("th", { scope: "col" }, t("ov_col_" + c))))),
      h("tbody", {}, rows))),
    h("p", { class: "row" }, rulesLink(), h("span", { class: "grow" }), h("button", { class: "small", onclick: close }, t("overview_close"))),
  );
  // the dialog is closed by its buttons, Escape, or a click on the backdrop around it
  dialog.addEventListener("click", (event) => { if (event.target === dialog) close(); });
  dialog.addEventListener("close", () => {
    dialog.remove();
    document.getElementById("open-overview")?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
}
