import { t } from "./strings.js";
// Under the score sheet: which of Space Mission's tie rules decided the ranking when totals
// tie (the sheet itself is the table page's, from the result).

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
