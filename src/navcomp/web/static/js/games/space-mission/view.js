// Space Mission's view: the table page calls these (docs/web.md, "A game's view"). The
// board is SVG (board.js); the action panel turns the legal list into the six actions
// (actions.js, moves.js); the panels show the players and my tiles (panels.js).
import { h } from "../../dom.js";
import { actionPanel, handPanel } from "./actions.js";
import { board } from "./board.js";
import { freshUi as newUi, setContext } from "./context.js";
import { actionsLeft, pickPlanet, planetTargets } from "./moves.js";
import { overviewButton, rulesLink } from "./overview.js";
import { minePanel, playersPanel } from "./panels.js";
import { cardFace, cardLabel, readable } from "./pieces.js";
import { tieNotes } from "./scores.js";
import { t } from "./strings.js";

export { foldLog } from "./log.js";
export { drawReplay } from "./replay.js";
export { strings } from "./strings.js";

export function frontDoor() {
  return {
    picture: { src: new URL("./front.png", import.meta.url).pathname, width: 560, height: 540 },
    tutorial: "space-mission",
    rules: new URL("./rules.html", import.meta.url).pathname,
  };
}

// the board's, the cards' and the tiles' styles, in this folder
document.head.append(h("link", { rel: "stylesheet", href: new URL("./space-mission.css", import.meta.url).pathname }));

export function freshUi() {
  return newUi();
}

export function drawGame(ctx) {
  setContext(ctx);
  const { view, seat, names: ns, over } = ctx;
  const targets = new Set(planetTargets().map((e) => e.json.planet));
  return {
    status: statusItems(view, ns, ctx.table.options),
    main: board(view, ns, targets, pickPlanet),
    side: [
      seat !== null && !over ? actionPanel(view, ns) : null,
      seat !== null ? handPanel(view) : null,
      playersPanel(view, ns),
      seat !== null ? minePanel(view) : null,
    ],
  };
}

function statusItems(view, names, options) {
  const top = view.discard_pile.length ? view.discard_pile[view.discard_pile.length - 1] : null;
  return [
    h("span", {}, t("round_n", { n: view.round })),
    lastRound(view, names, options),
    view.current_player !== null ? h("span", { id: "actions-left" }, t("actions_left", { n: actionsLeft(view) })) : null,
    h("span", { title: t("space_count_title") }, t("space_count", { n: view.space_face_up, of: view.space_threshold })),
    h("span", {}, t("draw_pile", { n: view.draw_pile })),
    h("span", {}, t("discard_pile", { n: view.discard_pile.length }), top ? h("span", { class: "card-face mini", title: cardLabel(top) }, cardFace(top)) : null),
  ];
}

// The last round in words once it has begun (the table says it aloud once: `data-announce`):
// the rules' last round, or the round a cap (`max_rounds`) ends the game after.
function lastRound(view, names, options) {
  const capped = options && options.max_rounds > 0 && view.round >= options.max_rounds;
  if (view.current_player === null || !(view.last_round || capped)) return null;
  const last = names[(view.start_player + view.players - 1) % view.players];
  return h("strong", { class: "last-round", id: "last-round", dataset: { announce: "1" } }, t("last_round_begun", { name: last }));
}

export function actionText(text, view) {
  return readable(text, view);
}

export function categoryName(category) {
  return t("cat_" + category, {}, category);
}

// The tie rule, said only where totals tie.
export function scoreNotes(view, result, ns) {
  const ties = tieNotes(result, view.seats.map((s) => s.stations), ns);
  return ties.length ? h("div", { id: "tie-rule", class: "tie-rule" }, ties.map((note) => h("p", {}, note))) : null;
}

export function helpItems() {
  return [overviewButton(), " ", rulesLink()];
}
