// The score sheet: the server's final result, category by category, and which tie rule
// decided the ranking when totals tie.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatDot } from "./pieces.js";

const CATEGORIES = ["gate", "stations", "minerals", "aliens", "matter", "water", "medals", "space"];

// The rules: most points wins; equal points go to more stations; equal in both share the
// place. The result holds the totals and ranks (the server applied the rules); this only
// says in words which rule placed each group of equal totals, with the stations of the
// final view. One sentence per group; none when no totals tie.
export function tieNotes(result, stations, ns) {
  const notes = [];
  const seen = new Set();
  const order = result.scores.map((_, i) => i).sort((a, b) => result.scores[b] - result.scores[a] || a - b);
  for (const i of order) {
    const points = result.scores[i];
    if (seen.has(points)) continue;
    seen.add(points);
    const group = order.filter((j) => result.scores[j] === points);
    if (group.length < 2) continue;
    const names = group.map((j) => ns[j]).join(", ");
    if (group.every((j) => stations[j] === stations[group[0]])) {
      notes.push(t("tie_shared", { names, points, stations: stations[group[0]], rank: result.ranks[group[0]] }));
    } else {
      const byRank = [...group].sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
      const places = byRank.map((j) => t("tie_place", { name: ns[j], stations: stations[j], rank: result.ranks[j] })).join("; ");
      notes.push(t("tie_stations", { names, points, places }));
    }
  }
  return notes;
}

export function scoreSheet(view, ns, tableId) {
  const result = view.result;
  const cols = view.seats.map((_, i) =>
    h("th", { scope: "col", class: (result.winners.includes(i) ? "winner" : "") + (i === view.you ? " me" : "") },
      seatDot(i), " ", ns[i]));
  const rows = CATEGORIES.map((cat) =>
    h("tr", {}, h("th", { scope: "row" }, t("cat_" + cat)), result.breakdown.map((b) => h("td", {}, b[cat]))));
  const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t("total")), result.scores.map((sc) => h("td", {}, sc)));
  const ranks = h("tr", {}, h("th", { scope: "row" }, t("rank")), result.ranks.map((r) => h("td", {}, r)));
  const winners = result.winners.map((w) => ns[w]).join(", ");
  const ties = tieNotes(result, view.seats.map((s) => s.stations), ns);
  return h("section", { class: "card score-sheet", id: "score-sheet" },
    h("h2", {}, t("final_score")),
    h("p", { class: "winner-line", id: "winner" }, "★ ", result.winners.length > 1 ? t("winners_shared", { names: winners }) : t("winner_is", { name: winners })),
    result.capped ? h("p", { class: "muted" }, t("capped")) : null,
    h("div", { class: "scroll" }, h("table", { class: "scores" }, h("thead", {}, h("tr", {}, h("th", {}, ""), cols)), h("tbody", {}, rows, total, ranks))),
    h("div", { id: "tie-rule", class: "tie-rule" },
      ties.length ? ties.map((note) => h("p", {}, note)) : h("p", { class: "muted" }, t("tie_none"))),
    h("p", { class: "row" },
      h("a", { class: "button", id: "open-replay", href: `#/table/${tableId}/replay` }, t("replay_open")),
      h("a", { href: "#/" }, t("back_to_lobby"))));
}
