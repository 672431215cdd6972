// The games' views, by game name (the server's `table.game`). The table page, the replay and
// the lobby call a game's view through the interface in docs/web.md ("A game's view"); what a
// view leaves out, and a game without a view, is drawn by ./generic.js. A game brings its
// folder here (js/games/<name>/: view.js, its strings, its rules page) and one line in VIEWS:
// its strings and rules page come with its view.
import { translator } from "../i18n.js";
import * as generic from "./generic.js";
import * as spaceMission from "./space-mission/view.js";
import * as spacePioneers from "./space-pioneers/view.js";

export const VIEWS = {
  "space-mission": spaceMission,
  "space-pioneers": spacePioneers,
};

const cache = new Map();

// The view of `game`: its module's exports over the generic defaults, and `t`, which looks
// up the game's strings, then the table's.
export function viewFor(game) {
  if (!cache.has(game)) {
    const view = { ...generic, ...(VIEWS[game] || {}) };
    cache.set(game, Object.freeze({ ...view, t: translator(view.strings) }));
  }
  return cache.get(game);
}
