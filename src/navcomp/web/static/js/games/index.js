// The games' views, by game name (the server's `table.game`). The table page, the replay and
// the lobby call a game's view through the interface in docs/web.md ("A game's view"); what a
// view leaves out, and a game without a view, is drawn by ./generic.js. A new game's view:
// its folder here (js/games/<name>/view.js) and one line in VIEWS.
import * as generic from "./generic.js";
import * as spaceMission from "./space-mission/view.js";
import * as spacePioneers from "./space-pioneers/view.js";

export const VIEWS = {
  "space-mission": spaceMission,
  "space-pioneers": spacePioneers,
};

const cache = new Map();

// The view of `game`: its module's exports over the generic defaults.
export function viewFor(game) {
  if (!cache.has(game)) cache.set(game, Object.freeze({ ...generic, ...(VIEWS[game] || {}) }));
  return cache.get(game);
}
