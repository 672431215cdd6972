// The generic view: what a game's view leaves out, and the whole table of a game without a
// view of its own. It knows no rules: it lists the view's fields and offers every legal
// action as a button with its text. The interface is in docs/web.md ("A game's view").
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { seatDot } from "../pieces.js";

// The game's own strings by language (`{en, de, ja}`; strings.js beside a game's view).
export const strings = {};

// What the front door shows of the game besides its title and players: a picture of its
// table (`picture`: `{src, width, height}`, its size in pixels), its guided first game
// (`tutorial`, a name for #/tutorial/NAME) and its rules page (`rules`); the strings
// `front_blurb` and `front_length` say the rest.
export function frontDoor() {
  return {};
}

// The view's own state for a choice being built (a card chosen, say); the table page makes
// a fresh one after every change of the table.
export function freshUi() {
  return {};
}

// The table while the game runs or is over: items for the status bar, the main area (a
// board) and cards for the side column (above the log).
export function drawGame(ctx) {
  return {
    status: [],
    main: h("section", { class: "generic-view", id: "board" }, h("h3", {}, t("the_position")), listing(ctx.view)),
    side: [ctx.seat !== null && !ctx.over ? actionsCard(ctx) : null],
  };
}

function actionsCard(ctx) {
  const mine = ctx.myTurn;
  return h("section", { class: "card", id: "actions", dataset: { mine: mine ? "1" : "0" } },
    h("h3", {}, mine ? t("your_turn_heading") : t("waiting_for", { name: ctx.names[ctx.table.to_move] })),
    mine
      ? h("div", { class: "choices", role: "group", "aria-label": t("choose_action") },
          (ctx.legal || []).map((entry) => h("button", {
            class: "small legal", dataset: { key: `legal-${entry.id}`, action: entry.text },
            disabled: ctx.busy, onclick: () => ctx.play(entry.json),
          }, actionText(entry.text, ctx.view))))
      : null,
    mine
      ? h("div", { class: "row undo-row" }, h("button", {
          class: "secondary", id: "undo", dataset: { key: "undo" }, disabled: !ctx.canUndo || ctx.busy, onclick: ctx.undo,
        }, t("undo")))
      : null,
    ctx.error ? h("p", { class: "error", role: "alert", id: "move-error" }, ctx.error) : null);
}

// An action's text (from the legal list, the log or the last move) in the page's language;
// `detail`: what the server's log adds to it for everybody (the game's own JSON, or null);
// `actor`: the seat that made the move (null where unknown).
export function actionText(text, _view, _detail, _actor) {
  return text;
}

// The log's entries as the log and the replay list them: one entry for what reads as one
// move (Space Mission: a Top up's chosen cards and its draw), with `first`, the seq of the
// first entry it stands for, where it stands for several; default: the entries as they are.
export function foldLog(entries) {
  return entries;
}

// A log entry the reader should notice: `{cls, title}` for its line, or null.
export function logMark(_entry) {
  return null;
}

// The label of a scoring category of the result's breakdown.
export function categoryName(category) {
  return t("cat_" + category, {}, category);
}

// Sentences under the score sheet (Space Mission: which tie rule placed equal totals).
export function scoreNotes(_view, _result, _names) {
  return null;
}

// One step of the replay: the public `view` and every seat's `private` part, revealed.
export function drawReplay(step, names) {
  return {
    main: h("section", { class: "generic-view", id: "board" }, listing(step.view)),
    side: [h("section", { class: "card", id: "replay-hands" }, h("h3", {}, t("replay_revealed")),
      step.private.map((part, seat) => h("div", { class: "revealed", dataset: { seat } },
        h("h4", {}, seatDot(seat), " ", names[seat]), part === null ? t("none") : listing(part))))],
  };
}

// Items for the page header while a table of the game is shown (rules, an overview).
export function helpItems() {
  return [];
}

// A view's fields, nested, as a definition list.
export function listing(value) {
  if (value === null || typeof value !== "object") return h("span", {}, value === null ? "—" : String(value));
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    return h("span", {}, value.length ? value.map((v) => (v === null ? "—" : String(v))).join(", ") : "—");
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  return h("dl", { class: "listing" }, entries.map(([key, v]) => [h("dt", {}, key), h("dd", {}, listing(v))]));
}
