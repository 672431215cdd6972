// A player's page (#/player/NAME): their ratings with each one's history as a small chart,
// then their profile: per game the games played and won, the average points of each score
// category, the best solo scores; and their recent games, each with its replay. The figures
// are the server's (GET /api/players/NAME/ratings and /profile), from finished games only. A
// private profile is refused to everyone but its owner (err_profile_private).
import { get } from "./api.js";
import { h, replace } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { errorText, personName } from "./pieces.js";
import { chart, ratingCell } from "./ratings.js";
import { viewFor } from "./games/index.js";
import { app, gameTitle, loadGames, onThisPage } from "./state.js";

function ratingCards(ratings) {
  return ratings.map((r) => h("section", { class: "card player-rating", dataset: { game: r.game } },
    h("h3", {}, h("a", { href: `#/ratings/${r.game}` }, gameTitle(r.game))),
    h("p", {}, t("rating"), ": ", h("strong", { class: "rating" }, ratingCell(r)), " · ", t("rated_games_n", { n: r.games })),
    r.history.length ? chart(r.history) : null));
}

function averages(figures) {
  const entries = Object.entries(figures.averages);
  if (!entries.length) return null;
  const view = viewFor(figures.game);
  return [h("h4", {}, t("profile_averages", { n: figures.averaged_games })),
    h("ul", { class: "averages" }, entries.map(([category, points]) =>
      h("li", {}, view.categoryName(category), t("colon"), String(points))))];
}

function bestSolo(figures) {
  if (!figures.best_solo.length) return null;
  return [h("h4", {}, t("profile_best_solo")),
    h("ol", { class: "best-solo" }, figures.best_solo.map((b) => h("li", {},
      t("points", { n: b.score }), " · ", new Date(b.date).toLocaleDateString(getLang()), " · ",
      h("a", { href: `#/table/${b.table}/replay` }, t("profile_replay")))))];
}

function gamesCard(profile) {
  const rows = profile.games.map((g) => h("tr", { dataset: { game: g.game } },
    h("td", {}, gameTitle(g.game)), h("td", { class: "num played" }, String(g.played)),
    h("td", { class: "num won" }, String(g.won)), h("td", { class: "num solo" }, String(g.solo_played))));
  return h("section", { class: "card", id: "profile-games" }, h("h3", {}, t("profile_games")),
    profile.games.length
      ? h("table", { class: "scores" }, h("thead", {}, h("tr", {}, h("th", {}, t("profile_game")),
          h("th", {}, t("profile_played")), h("th", {}, t("profile_won")), h("th", {}, t("profile_solo")))), h("tbody", {}, rows))
      : h("p", { class: "muted" }, t("profile_no_games")),
    profile.games.map((g) => {
      const parts = [averages(g), bestSolo(g)].filter(Boolean);
      return parts.length ? h("div", { class: "profile-game", dataset: { game: g.game } }, h("h3", {}, gameTitle(g.game)), parts) : null;
    }),
    h("p", { class: "muted" }, t("profile_counts")));
}

// How a rated game counted for the seat, and why where it differs from the game's place:
// a seat that left early ranks last, below the one who lost to the bot that played it on.
function ratedNote(game) {
  if (!game.rated) return null;
  let text = t("profile_rated_none");
  if (game.rated_rank !== null && game.outcome === "left") text = t("profile_rated_last_" + game.ended);
  else if (game.rated_rank !== null && game.rated_rank !== game.rank) text = t("profile_rated_above", { n: game.rated_rank });
  else if (game.rated_rank !== null) text = t("profile_rated_rank", { n: game.rated_rank });
  return [" · ", h("span", { class: "rated-note" }, text)];
}

function recentLine(game) {
  const rank = game.rank !== null && game.outcome !== "solo" ? ` · ${t("profile_rank", { n: game.rank })}` : "";
  const score = game.score !== null ? ` · ${t("profile_score", { n: game.score })}` : "";
  return h("li", { dataset: { table: game.table, outcome: game.outcome } },
    h("a", { href: `#/table/${game.table}` }, t("table_no", { id: game.table })), " · ", gameTitle(game.game), " · ",
    new Date(game.date).toLocaleDateString(getLang()), " · ",
    h("strong", {}, t("profile_outcome_" + game.outcome)), rank, score, ratedNote(game), " · ",
    h("a", { class: "replay-link", href: `#/table/${game.table}/replay` }, t("profile_replay")));
}

function recentCard(profile) {
  return h("section", { class: "card", id: "profile-recent" }, h("h3", {}, t("profile_recent")),
    profile.recent.length ? h("ul", { class: "tables" }, profile.recent.map(recentLine)) : h("p", { class: "muted" }, t("profile_no_recent")));
}

export async function renderPlayer(root, name) {
  const still = onThisPage();
  replace(root, h("section", { class: "card" }, h("p", { class: "muted" }, t("loading"))));
  try {
    await loadGames();
    const profile = await get(`/api/players/${encodeURIComponent(name)}/profile`);
    const ratings = await get(`/api/players/${encodeURIComponent(name)}/ratings`);
    if (!still()) return;
    const mine = app.me && app.me.name === profile.player;
    const cards = ratingCards(ratings.ratings);
    replace(root, h("div", { class: "player", id: "player" },
      h("section", { class: "card" },
        h("h2", {}, h("bdi", {}, personName(profile.player)), profile.private ? [" ", h("span", { class: "badge", id: "private-badge" }, t("profile_private_badge"))] : null),
        mine && profile.private ? h("p", { class: "muted" }, t("profile_private_note")) : null),
      cards.length ? cards : h("section", { class: "card" }, h("p", { class: "muted" }, t("no_ratings_yet"))),
      gamesCard(profile), recentCard(profile)));
  } catch (error) {
    if (!still()) return;
    replace(root, h("section", { class: "card", id: "player" },
      h("h2", {}, h("bdi", {}, name)), h("p", { class: "error", role: "alert" }, errorText(error))));
  }
}
