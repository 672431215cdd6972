// The games' views, by game name (the server's `table.game`). The table page, the replay and
// the lobby call a game's view through the interface in docs/web.md ("A game's view"); what a
// view leaves out, and a game without a view, is drawn by ./generic.js. A game brings its
// folder here (js/games/<name>/: view.js, its strings, its rules page); the server lists it
// in GET /api/games with `view: true`, and loadViews imports it: no shared file names a game.
import { translator } from "../i18n.js";
import * as generic from "./generic.js";

const views = new Map();
const cache = new Map();

// Import the views of `games` (GET /api/games's entries) that have one and are not loaded.
export async function loadViews(games) {
  const missing = games.filter((game) => game.view && !views.has(game.name));
  const modules = await Promise.all(missing.map((game) => import(`./${game.name}/view.js`)));
  missing.forEach((game, i) => {
    views.set(game.name, modules[i]);
    cache.delete(game.name);
  });
}

// The view of `game`: its module's exports over the generic defaults, and `t`, which looks
// up the game's strings, then the table's. Until its view is loaded, the generic view.
export function viewFor(game) {
  if (!cache.has(game)) {
    const view = { ...generic, ...(views.get(game) || {}) };
    cache.set(game, Object.freeze({ ...view, t: translator(view.strings) }));
  }
  return cache.get(game);
}
