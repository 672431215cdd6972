// Ratings: a game's leaderboard (#/ratings/GAME, a page at a time), and the small chart of a
// rating's history the player's page draws (profile.js). The figures are the server's
// (GET /api/ratings/GAME): the conservative estimate, marked provisional for a player's
// first rated games.
import { get } from "./api.js";
import { h, replace, s } from "./dom.js";
import { t } from "./i18n.js";
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

// The rating after each game, as a line over the games (newest on the right).
export function chart(history) {
  const width = 320;
  const height = 80;
  const values = history.map((p) => p.rating);
  const low = Math.min(...values);
  const high = Math.max(...values, low + 1);
  const x = (i) => (history.length === 1 ? width / 2 : (i * width) / (history.length - 1));
  const y = (v) => height - 6 - ((v - low) * (height - 12)) / (high - low);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("rating_history_label", { from: values[0], to: values[values.length - 1] }) },
  s("polyline", { points, fill: "none", stroke: "#ffd166", "stroke-width": 2 }),
  values.map((v, i) => s("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, fill: "#ffd166" })));
}
