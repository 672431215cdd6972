// The score sheet, for every game: the server's result (`table.result`), a row per scoring
// category of its breakdown, the totals and ranks, the winners; a solo game gets its score.
// Whatever else a game says about the result (Space Mission: the tie rule) comes from its
// view's `scoreNotes`.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { playerLink, seatDot } from "./pieces.js";

// The categories of the breakdown, in the order the result names them.
export function categories(result) {
  const seen = [];
  for (const part of result.breakdown) for (const name of Object.keys(part)) if (!seen.includes(name)) seen.push(name);
  return seen;
}

// A column's name: another person's links to their profile (`seats`: the table's, if known).
function columnName(names, seats, seat, i) {
  const person = seats && seats[i] && !seats[i].bot && seats[i].player;
  return person && i !== seat ? playerLink(person, names[i]) : names[i];
}

export function scoreSheet({ result, names, seat, tableId, view, notes, seats = null }) {
  const solo = result.scores.length === 1;
  const cols = result.scores.map((_, i) =>
    h("th", { scope: "col", class: (result.winners.includes(i) && !solo ? "winner" : "") + (i === seat ? " me" : "") },
      seatDot(i), " ", columnName(names, seats, seat, i)));
  const rows = categories(result).map((cat) =>
    h("tr", {}, h("th", { scope: "row" }, view.categoryName(cat)), result.breakdown.map((b) => h("td", {}, b[cat] ?? 0))));
  const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t("total")), result.scores.map((sc) => h("td", {}, sc)));
  const ranks = solo ? null : h("tr", {}, h("th", { scope: "row" }, t("rank")), result.ranks.map((r) => h("td", {}, r)));
  const winners = result.winners.map((w) => names[w]).join(", ");
  let line;
  if (solo) line = t("solo_final", { name: names[0], n: result.scores[0] });
  else if (result.winners.length > 1) line = t("winners_shared", { names: winners });
  else line = t("winner_is", { name: winners });
  return h("section", { class: "card score-sheet", id: "score-sheet" },
    h("h2", {}, t("final_score")),
    h("p", { class: "winner-line", id: "winner" }, "★ ", line),
    result.capped ? h("p", { class: "muted" }, t("capped")) : null,
    h("div", { class: "scroll" }, h("table", { class: "scores" }, h("thead", {}, h("tr", {}, h("th", {}, ""), cols)), h("tbody", {}, rows, total, ranks))),
    notes,
    h("p", { class: "row" },
      h("a", { class: "button", id: "open-replay", href: `#/table/${tableId}/replay` }, t("replay_open")),
      h("a", { href: "#/" }, t("back_to_lobby"))));
}
