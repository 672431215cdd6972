// One table, for every game: its lobby while open (table_lobby.js), then the game. Everything
// shown comes from the server's view; every choice offered comes from the server's `legal`
// list. This module lays out the page: the status bar, the score sheet and the log
// (table_log.js) are its own; the board and the side panels are the game's view
// (games/index.js, docs/web.md). The table's state, socket and moves are table_state.js's.
import { chatCard } from "./chat.js";
import { h, keepFocus, replace } from "./dom.js";
import { t } from "./i18n.js";
import { setHelp } from "./page.js";
import { errorText, seatDot } from "./pieces.js";
import { afterPress } from "./press.js";
import { scoreSheet } from "./scores.js";
import { clocksCard } from "./table_clocks.js";
import { endingCard } from "./table_ending.js";
import { app, gameTitle, returnAfterSignIn } from "./state.js";
import { rematchCard } from "./rematch.js";
import { drawOpen } from "./table_lobby.js";
import { drawLog, followLog, logPanel } from "./table_log.js";
import { current, drawWith, gameView, names, openTable, play, undo } from "./table_state.js";
import { drawTutorial, guardPlay, guardUndo } from "./tutorial_runner.js";
import { followTurns, nextGameButton, setTitle } from "./turns.js";

export function renderTable(root, id) {
  if (current && current.id === id) {
    current.root = root;
    draw();
    return;
  }
  openTable(root, id);
  draw();
}

// A game reached signed out (a turn mail's link) may be the visitor's own seat: the way to
// it is signing in, which comes back here.
function signInToPlayLink(tableId) {
  return h("a", {
    href: "#/", class: "button small", id: "sign-in-to-play-link",
    onclick: () => returnAfterSignIn(`#/table/${tableId}`),
  }, t("sign_in_to_play"));
}

// A game only its players see, reached signed out: not a spectators' refusal.
function drawSignInToPlay(table) {
  replace(table.root, h("section", { class: "card", id: "sign-in-to-play" },
    h("p", {}, t("private_game_signed_out")),
    h("p", {}, signInToPlayLink(table.id)),
    h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
}

export function draw() {
  afterPress(() => {
    drawPage();
    drawTutorial(); // at a tutorial table: the step's callout and highlight
  }, draw);
}

function drawPage() {
  const table = current;
  if (!table) return;
  const refused = table.loadError && table.loadError.code === "spectators_not_allowed"; // it started
  if (refused && !app.me) {
    drawSignInToPlay(table);
    return;
  }
  if (!table.data || refused) {
    replace(table.root, h("p", { class: table.loadError ? "error" : "muted" },
      table.loadError ? errorText(table.loadError) : t("loading")),
      h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))));
    return;
  }
  const status = table.data.table.status;
  if (status === "closed") {
    setHelp([]);
    replace(table.root, h("section", { class: "card" }, h("p", {}, t("table_closed")), h("a", { href: "#/" }, t("back_to_lobby"))));
    return;
  }
  setHelp(gameView().helpItems());
  if (status === "open") {
    drawOpen();
  } else {
    drawGame();
  }
}

// A log read anew (a reload, a gap) redraws the table: a game's view may draw from it.
drawWith({ draw, drawLog: draw });
followTurns(() => current && current.data && draw()); // "Next game" comes and goes

// What a game's view gets to draw the table (docs/web.md, "A game's view").
function context(view) {
  const table = current;
  const { table: described, seat } = table.data;
  if (table.gameUi === null) table.gameUi = view.freshUi();
  return {
    tableId: table.id,
    game: described.game,
    table: described,
    view: table.data.view,
    seat,
    legal: table.data.legal || null,
    canUndo: !!table.data.can_undo,
    myTurn: described.status === "playing" && seat !== null && described.to_move === seat,
    over: described.status === "over",
    names: names(),
    last: table.data.last || null,
    log: table.log,
    busy: table.busy,
    error: table.ui.error,
    ui: table.gameUi,
    play: guardPlay(play), // at a tutorial table, only the step's moves
    undo: guardUndo(undo),
    redraw: draw,
    resetUi: () => {
      table.gameUi = null;
      draw();
    },
  };
}

function drawGame() {
  const view = gameView();
  const ctx = context(view);
  const { table, seat, names: ns, over } = ctx;
  setTitle(`${gameTitle(table.game)} · NavComp`); // with "(N) Your turn" before it
  const drawn = view.drawGame(ctx);
  const result = table.result || (ctx.view && ctx.view.result) || null;
  const early = result && result.end && result.end !== "finished"; // no scores: it ended early
  const main = [
    over && result && !early
      ? scoreSheet({ result, names: ns, seat, tableId: current.id, view, notes: view.scoreNotes(ctx.view, result, ns, table), seats: table.seats })
      : null,
    over ? endingCard({ ...table, result }, ns) : null,
    over ? rematchCard(ctx) : null,
    statusBar(ctx, drawn.status),
    clocksCard(ctx, draw),
    h("div", { class: "board-wrap" }, drawn.main),
  ];
  const log = logPanel();
  const chat = chatCard(current.id, { seat, over, creator: seat !== null && seat === table.creator_seat });
  const aside = log.parentElement;
  const game = aside && aside.parentElement;
  if (game && game.parentElement === current.root) {
    // Everything but the log is drawn anew; the log stays in the page, laid out and
    // scrolled where it was (drawing it anew cost most of a redraw late in a game).
    keepFocus(current.root, () => {
      game.className = "game" + (over ? " over" : "");
      game.dataset.game = table.game;
      for (const child of [...game.children]) if (child !== aside) child.remove();
      aside.before(...main.filter((c) => c));
      for (const child of [...aside.children]) if (child !== log && child !== chat) child.remove();
      log.before(...[drawn.side].flat(Infinity).filter((c) => c));
      if (chat.parentElement !== aside) log.after(chat);
    });
  } else {
    replace(current.root,
      h("div", { class: "game" + (over ? " over" : ""), dataset: { game: table.game } },
        main, h("aside", { class: "side" }, drawn.side, log, chat)));
    current.logPanel.pinned = true; // (back) in the page: at the newest entry
    followLog(current.logPanel);
  }
  drawLog();
}

// A status item a game marks `data-announce` (the last round has begun) is said aloud when
// it first appears: its first drawing is an alert, the later ones are not.
function announceOnce(items) {
  const news = [items].flat(Infinity).find((item) => item && item.dataset && item.dataset.announce);
  const text = news ? news.textContent : null;
  if (news && current.announced !== text) news.setAttribute("role", "alert");
  current.announced = text;
}

function statusBar(ctx, items) {
  const { table, names: ns, last } = ctx;
  announceOnce(items);
  const turn = table.to_move;
  const text = (move) => (move === "undo" ? t("undo_done") : gameView().actionText(move, ctx.view, last.detail ?? null, last.seat));
  return h("section", { class: "status card", id: "status" },
    h("span", {}, t("table_no", { id: current.id }), " · ", gameTitle(table.game)),
    turn !== null && !ctx.over
      ? h("span", { id: "turn" }, seatDot(turn), " ", t("turn_of", { name: ns[turn] }))
      : h("span", { id: "turn" }, t("game_over")),
    ctx.seat === null ? h("span", { id: "watching", class: "badge", title: t("watching_title") }, t("watching")) : null,
    ctx.seat === null && !app.me && !ctx.over ? signInToPlayLink(current.id) : null,
    items,
    last ? h("span", { id: "last-move" }, t("last_move", { name: ns[last.seat], text: text(last.text) })) : null,
    table.tutorial ? null : nextGameButton(current.id), // another table waits: in a turn and at its end
  );
}
