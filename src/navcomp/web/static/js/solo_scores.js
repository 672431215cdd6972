// A game's solo high scores (`GET /api/solo-scores?game=`): my best and everybody's best, as
// the lobby shows them beside the new-table form and a game's view may show them at the end
// of a solo game (with that game's entry marked).
import { get } from "./api.js";
import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { playerLink } from "./pieces.js";

export function soloScores(game) {
  return get(`/api/solo-scores?game=${encodeURIComponent(game)}`);
}

// The two lists, headed; `table` (optional) marks the entries of that table.
export function soloLists(scores, table = null) {
  const list = (id, entries, withName) => entries.length
    ? h("ol", { id }, entries.map((e) => h("li", { class: e.table === table ? "this-game" : "" },
        h("span", { class: "score" }, t("points", { n: e.score })),
        withName ? [" · ", h("span", { class: "who" }, playerLink(e.player))] : null,
        " · ", new Date(e.date).toLocaleDateString(getLang()),
        " · ", e.table === table ? h("strong", {}, t("this_game")) : h("a", { href: `#/table/${e.table}` }, t("table_no", { id: e.table })))))
    : h("p", { class: "muted", id }, t("solo_none"));
  return [h("h3", {}, t("solo_mine")), list("solo-mine", scores.mine, false),
    h("h3", {}, t("solo_best")), list("solo-best", scores.best, true)];
}
