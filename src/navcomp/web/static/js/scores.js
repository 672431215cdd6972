// The score sheet: the server's final result, category by category.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatDot } from "./pieces.js";

const CATEGORIES = ["gate", "stations", "minerals", "aliens", "matter", "water", "medals", "space"];

export function scoreSheet(view, ns) {
  const result = view.result;
  const cols = view.seats.map((_, i) =>
    h("th", { scope: "col", class: (result.winners.includes(i) ? "winner" : "") + (i === view.you ? " me" : "") },
      seatDot(i), " ", ns[i]));
  const rows = CATEGORIES.map((cat) =>
    h("tr", {}, h("th", { scope: "row" }, t("cat_" + cat)), result.breakdown.map((b) => h("td", {}, b[cat]))));
  const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t("total")), result.scores.map((sc) => h("td", {}, sc)));
  const ranks = h("tr", {}, h("th", { scope: "row" }, t("rank")), result.ranks.map((r) => h("td", {}, r)));
  const winners = result.winners.map((w) => ns[w]).join(", ");
  return h("section", { class: "card score-sheet", id: "score-sheet" },
    h("h2", {}, t("final_score")),
    h("p", { class: "winner-line", id: "winner" }, "★ ", result.winners.length > 1 ? t("winners_shared", { names: winners }) : t("winner_is", { name: winners })),
    result.capped ? h("p", { class: "muted" }, t("capped")) : null,
    h("div", { class: "scroll" }, h("table", { class: "scores" }, h("thead", {}, h("tr", {}, h("th", {}, ""), cols)), h("tbody", {}, rows, total, ranks))),
    h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))));
}

