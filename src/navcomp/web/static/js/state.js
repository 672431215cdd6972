// Shared client state: who I am, the games the server hosts, and a hook to redraw the page.
import { get } from "./api.js";
import { loadViews } from "./games/index.js";

export const app = {
  me: null,
  sessionEnded: false, // signed out by the server (the session ended elsewhere): the header says so
  games: null, // GET /api/games, once loaded: [{name, title, min_players, max_players, options, bot_levels, view}]
  refreshMe: async () => {},
  rerender: () => {},
};

const RETURN_KEY = "navcomp_return";

// A table to come back to once signed in: its link, followed signed out, leads through the
// sign-in form back to the seat (kept for this tab only).
export function returnAfterSignIn(hash) {
  sessionStorage.setItem(RETURN_KEY, hash);
}

// The table to go back to after signing in, if one was kept (then forgotten).
export function takeReturn() {
  const back = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return back && /^#\/table\/\d+$/.test(back) ? back : null;
}

let loading = null;
let pagesDrawn = 0;

// Called as the router draws a page.
export function newPage() {
  pagesDrawn += 1;
}

// Which page is shown: a number that changes each time the router draws one.
export function shownPage() {
  return pagesDrawn;
}

// A check that the page being drawn is still the one shown: an answer that arrives after
// the address changed or another page was drawn on it (after a log-out, in another
// language) draws nothing.
export function onThisPage() {
  const drawn = pagesDrawn;
  const here = location.hash;
  return () => drawn === pagesDrawn && location.hash === here;
}

// The games the server hosts, with their views (loaded once per page).
export async function loadGames() {
  if (app.games) return app.games;
  loading ||= get("/api/games").then(async (games) => {
    await loadViews(games);
    app.games = games;
    return games;
  }).finally(() => { loading = null; });
  return loading;
}

// One game's facts, once the games are loaded (null before, or for a game the server lacks).
export function gameInfo(name) {
  return (app.games || []).find((g) => g.name === name) || null;
}

// A game's title for people ("Space Mission"); its name until the games are loaded.
export function gameTitle(name) {
  const info = gameInfo(name);
  return info ? info.title : name;
}
