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

export { drawReplay } from "./replay.js";
export { strings } from "./strings.js";

export function frontDoor() {
  return {
    picture: new URL("./front.png", import.meta.url).pathname,
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
    status: statusItems(view),
    main: board(view, ns, targets, pickPlanet),
    side: [
      seat !== null && !over ? actionPanel(view, ns) : null,
      seat !== null ? handPanel(view) : null,
      playersPanel(view, ns),
      seat !== null ? minePanel(view) : null,
    ],
  };
}

function statusItems(view) {
  const top = view.discard_pile.length ? view.discard_pile[view.discard_pile.length - 1] : null;
  return [
    h("span", {}, t("round_n", { n: view.round }), view.last_round ? h("strong", { class: "last-round" }, " · " + t("last_round")) : null),
    view.current_player !== null ? h("span", { id: "actions-left" }, t("actions_left", { n: actionsLeft(view) })) : null,
    h("span", { title: t("space_count_title") }, t("space_count", { n: view.space_face_up, of: view.space_threshold })),
    h("span", {}, t("draw_pile", { n: view.draw_pile })),
    h("span", {}, t("discard_pile", { n: view.discard_pile.length }), top ? h("span", { class: "card-face mini", title: cardLabel(top) }, cardFace(top)) : null),
  ];
}

export function actionText(text, view) {
  return readable(text, view);
}

export function categoryName(category) {
  return t("cat_" + category, {}, category);
}

export function scoreNotes(view, result, ns) {
  const ties = tieNotes(result, view.seats.map((s) => s.stations), ns);
  return h("div", { id: "tie-rule", class: "tie-rule" },
    ties.length ? ties.map((note) => h("p", {}, note)) : h("p", { class: "muted" }, t("tie_none")));
}

export function helpItems() {
  return [overviewButton(), " ", rulesLink()];
}
