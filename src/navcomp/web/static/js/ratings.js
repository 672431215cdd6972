// Ratings: a game's leaderboard (#/ratings/GAME, a page at a time), and the small chart of a
// rating's history the player's page draws (profile.js). The figures are the server's
// (GET /api/ratings/GAME): the conservative estimate, marked provisional for a player's
// first rated games.
import { get } from "./api.js";
import { h, replace, s } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { errorText, playerLink } from "./pieces.js";
import { gameTitle, loadGames, onThisPage } from "./state.js";

function who(entry) {
  if (entry.player === null) return t("rating_bot", { level: t("level_" + entry.bot) });
  return playerLink(entry.player);
}

export function ratingCell(entry) {
  return [String(entry.rating), entry.provisional ? h("span", { class: "muted", title: t("provisional_title") }, " ?") : null];
}

function gameLinks(games, current) {
  return h("p", { class: "row" }, games.filter((g) => g.max_players > 1).map((g) =>
    g.name === current ? h("strong", {}, g.title) : h("a", { href: `#/ratings/${g.name}` }, g.title)));
}

export async function renderRatings(root, game, page = 1) {
  const still = onThisPage();
  replace(root, h("section", { class: "card" }, h("p", { class: "muted" }, t("loading"))));
  try {
    const [games, board] = await Promise.all([loadGames(), get(`/api/ratings/${encodeURIComponent(game)}?page=${page}`)]);
    if (!still()) return;
    const rows = board.entries.map((e) => h("tr", {}, h("td", {}, String(e.rank)), h("td", {}, who(e)),
      h("td", { class: "num" }, ratingCell(e)), h("td", { class: "num" }, String(e.games))));
    const pages = Math.max(1, Math.ceil(board.total / board.per_page));
    const turn = (to) => h("button", { class: "small secondary", disabled: to < 1 || to > pages,
      onclick: () => renderRatings(root, game, to) }, to < page ? t("page_prev") : t("page_next"));
    replace(root, h("section", { class: "card", id: "leaderboard" },
      h("h2", {}, t("ratings_title", { game: gameTitle(game) })),
      gameLinks(games, game),
      rows.length
        ? h("table", { class: "scores" }, h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("player")),
            h("th", {}, t("rating")), h("th", {}, t("rated_games")))), h("tbody", {}, rows))
        : h("p", { class: "muted" }, t("no_ratings")),
      h("p", { class: "row" }, turn(page - 1), ` ${page} / ${pages} `, turn(page + 1)),
      h("p", { class: "muted" }, t("ratings_explained"))));
  } catch (error) {
    if (still()) replace(root, h("section", { class: "card" }, h("p", { class: "error", role: "alert" }, errorText(error))));
  }
}

// The rating after each game, as a line over the games (newest on the right): the lowest
// and highest ratings on the vertical axis, the first and last games' dates under the
// horizontal one, and each point its rating, date and table (its title, for a pointer).
const CHART = { width: 360, height: 130, left: 44, right: 10, top: 10, bottom: 24 };
export function chart(history) {
  const { width, height, left, right, top, bottom } = CHART;
  const values = history.map((p) => p.rating);
  const low = Math.min(...values);
  const high = Math.max(...values, low + 1);
  const plotWidth = width - left - right;
  const x = (i) => left + (history.length === 1 ? plotWidth / 2 : (i * plotWidth) / (history.length - 1));
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const date = new Intl.DateTimeFormat(getLang(), { day: "numeric", month: "short", year: "numeric" });
  const when = (p) => date.format(new Date(p.at));
  const label = (attrs, text) => s("text", { class: "chart-label", ...attrs }, text);
  const ticks = [...new Set([low, Math.max(...values)])];
  const first = history[0];
  const last = history[history.length - 1];
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("rating_history_dates", { from: values[0], to: values[values.length - 1], first: when(first), last: when(last) }) },
  s("line", { class: "chart-axis", x1: left, y1: top, x2: left, y2: height - bottom }),
  s("line", { class: "chart-axis", x1: left, y1: height - bottom, x2: width - right, y2: height - bottom }),
  ticks.map((v) => [
    s("line", { class: "chart-grid", x1: left, y1: y(v).toFixed(1), x2: width - right, y2: y(v).toFixed(1) }),
    label({ x: left - 4, y: (y(v) + 4).toFixed(1), "text-anchor": "end", dataset: { tick: v } }, String(v))]),
  label({ x: left, y: height - 6, "text-anchor": "start", class: "chart-label chart-date" }, when(first)),
  history.length > 1 ? label({ x: width - right, y: height - 6, "text-anchor": "end", class: "chart-label chart-date" }, when(last)) : null,
  s("polyline", { points, fill: "none", stroke: "#ffd166", "stroke-width": 2 }),
  history.map((p, i) => s("circle", { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 3.5, fill: "#ffd166", dataset: { rating: p.rating } },
    s("title", {}, t("rating_point", { rating: p.rating, date: when(p), id: p.table })))));
}
