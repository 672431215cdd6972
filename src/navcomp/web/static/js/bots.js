// What each bot level is and how strong it measured: a note per level beside the seat
// choices of a new table, and the bots page (#/bots). The figures are the server's
// (GET /api/games, `bot_strength`: what the tournaments wrote), put into words here.
import { get } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

// Simple fractions a win rate is told as ("about 2 of 3 games"), and how close it must be.
const FRACTIONS = [[1, 2], [1, 3], [2, 3], [1, 4], [3, 4], [1, 5], [2, 5], [3, 5], [4, 5]];
const CLOSE = 0.035;

// One match-up in words: "wins about 2 of 3 games against medium".
export function strengthText(matchup) {
  const rival = t("level_" + matchup.rival, {}, matchup.rival);
  const rate = matchup.win_rate;
  if (rate >= 0.95) return t("strength_almost_all", { rival });
  if (rate <= 0.05) return t("strength_almost_none", { rival });
  const [k, n] = FRACTIONS.reduce((a, b) => (Math.abs(b[0] / b[1] - rate) < Math.abs(a[0] / a[1] - rate) ? b : a));
  if (Math.abs(k / n - rate) > CLOSE) return t("strength_percent", { percent: Math.round(rate * 100), rival });
  if (n === 2) return t("strength_half", { rival });
  return t("strength_k_of_n", { k, n, rival });
}

// How the figure was measured: games, players, the 95% interval, and the bots' budgets
// when they are not the ones this server plays with.
function measuredText(matchup) {
  const [lo, hi] = matchup.ci95.map((x) => Math.round(x * 100));
  return otherBudget(matchup) + t("strength_measured", { games: matchup.games, players: matchup.players, lo, hi });
}

// The budgets a figure was measured at, followed by a space, when they are not this
// server's; else nothing.
function otherBudget(matchup) {
  return matchup.usual ? "" : t("strength_other_budget", { budget: matchup.budget }) + " ";
}

// A level's name, what it is, and its first two-player figure: for the new-table form.
export function levelNotes(game) {
  const strength = game.bot_strength || {};
  return h(
    "ul",
    { class: "level-notes muted" },
    game.bot_levels.map((level) => {
      const shown = (strength[level] || []).find((m) => m.players === 2);
      return h(
        "li",
        { dataset: { level } },
        h("strong", {}, t("level_" + level)),
        ": ",
        t("level_about_" + level),
        shown ? " " + t("strength_sentence", { text: (strengthText(shown) + " " + otherBudget(shown)).trim() }) : "",
      );
    }),
    h("li", {}, h("a", { href: "#/bots", id: "bots-link" }, t("bots_link"))),
  );
}

// The bots page: per game, each level offered, what it is and every measured match-up.
export async function renderBots(root) {
  const page = h("section", { class: "card", id: "bots-page" }, h("h2", {}, t("bots_title")));
  replace(root, page, h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))));
  const games = await get("/api/games");
  for (const game of games) {
    page.append(h("h3", {}, game.title));
    for (const level of game.bot_levels) {
      const matchups = (game.bot_strength || {})[level] || [];
      page.append(
        h("h4", {}, t("level_" + level)),
        h("p", {}, t("level_about_" + level)),
        matchups.length
          ? h("ul", { class: "strength", dataset: { game: game.name, level } },
              matchups.map((m) => h("li", {}, strengthText(m), " ", h("span", { class: "muted" }, measuredText(m)))))
          : h("p", { class: "muted" }, t("strength_unmeasured")),
      );
    }
  }
}
