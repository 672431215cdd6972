// One table, for every game: its lobby while open, then the game. Everything shown comes
// from the server's view; every choice offered comes from the server's `legal` list.
// This module holds the table's state and socket, sends moves with the version they were
// drawn from, and lays out the page: the status bar, the score sheet and the log are its
// own; the board and the side panels are the game's view (games/index.js, docs/web.md).
import { get, post } from "./api.js";
import { h, keepFocus, replace } from "./dom.js";
import { viewFor } from "./games/index.js";
import { getLang, t } from "./i18n.js";
import { seatName } from "./lobby.js";
import { errorText, seatDot } from "./pieces.js";
import { scoreSheet } from "./scores.js";
import { gameTitle, loadGames } from "./state.js";
import { drawOpen } from "./table_lobby.js";

export let current = null;

// The page's own state of a table: an error to show, what is typed in the invite field.
function freshUi() {
  return { error: null };
}

export function closeTable() {
  if (!current) return;
  current.closed = true;
  clearTimeout(current.retryTimer);
  clearInterval(current.pingTimer);
  if (current.ws) current.ws.close();
  current = null;
  announce("");
  setBanner(null);
  setHelp([]);
}

// What screen readers say (the page's live region): "your turn" while it is, nothing else.
function announce(text) {
  document.getElementById("announce").textContent = text;
}

export function renderTable(root, id) {
  if (current && current.id === id) {
    current.root = root;
    draw();
    return;
  }
  closeTable();
  current = { id, root, data: null, ui: freshUi(), gameUi: null, log: [], busy: false, attempts: 0, loadError: null };
  loadGames().then(() => current && current.id === id && draw()).catch(() => {});
  refresh();
  connect();
  draw();
}

export function setBanner(text) {
  const banner = document.getElementById("banner");
  banner.hidden = !text;
  banner.textContent = text || "";
}

// The header's help for the game on show (its rules, an overview), or nothing.
export function setHelp(items) {
  const help = document.getElementById("help");
  if (help) replace(help, items);
}

// The view of the table's game (the generic one until the table is known).
export function gameView() {
  return viewFor(current && current.data ? current.data.table.game : "");
}

export async function refresh() {
  const table = current;
  try {
    const data = await get(`/api/tables/${table.id}`);
    if (table !== current) return;
    accept({ ...data, version: data.table.version });
  } catch (error) {
    if (table !== current) return;
    table.loadError = error;
    if (error.status === 404) {
      table.gone = true;
      clearTimeout(table.retryTimer);
      setBanner(null);
    }
    draw();
  }
}

function accept(data) {
  const table = current;
  const old = table.data;
  if (old && data.version !== undefined && old.version !== undefined && data.version < old.version) {
    return; // an older answer arriving late
  }
  if (old && data.last === undefined) data.last = old.last;
  const changed = !old || old.version !== data.version || old.table.status !== data.table.status;
  const wasMine = old && old.table.status === "playing" && old.seat !== null && old.table.to_move === old.seat;
  const isMine = data.table.status === "playing" && data.seat !== null && data.table.to_move === data.seat;
  if (isMine !== Boolean(wasMine)) announce(isMine ? t("your_turn") : "");
  table.data = data;
  table.loadError = null;
  document.body.dataset.version = String(data.version ?? "");
  if (changed && !table.busy) {
    table.ui = { ...table.ui, error: null };
    table.gameUi = null; // a fresh choice, made by the game's view when it draws
  }
  if (changed && !extendLog(data)) loadLog();
  draw();
}

// A push of the version after the log's last entry carries that entry (``last``, as this
// seat reads it): the page adds it instead of fetching the whole log again, which the
// server rebuilds by replaying the game (some milliseconds late in a long game, for each
// page at each move).  Anything else (a gap, a reload, an older log) fetches the log.
function extendLog(data) {
  const log = current.log;
  const newest = log.length ? log[log.length - 1].seq : 0;
  if (!current.logComplete || !data.last || data.version !== newest + 1) return false;
  current.log = [...log, { seq: data.version, seat: data.last.seat, text: data.last.text }];
  return true;
}

function connect() {
  const table = current;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/api/tables/${table.id}/live`);
  table.ws = ws;
  ws.onopen = () => {
    if (table !== current) return;
    table.attempts = 0;
    setBanner(null);
    clearInterval(table.pingTimer);
    table.pingTimer = setInterval(() => ws.readyState === 1 && ws.send("ping"), 25000);
  };
  ws.onmessage = (event) => {
    if (table !== current) return;
    const msg = JSON.parse(event.data);
    if (msg.type === "state") {
      accept({
        table: msg.table, seat: msg.seat, view: msg.view, legal: msg.legal,
        can_undo: msg.can_undo, last: msg.last, version: msg.version,
      });
    } else if (msg.type === "table") {
      accept({ table: msg.table, seat: msg.seat, version: msg.table.version });
    } else if (msg.type === "closed") {
      accept({ table: { ...msg.table, seats: [] }, seat: null, version: undefined });
    }
  };
  ws.onclose = (event) => {
    if (table !== current || table.closed) return;
    if (event.code === 1008 || table.gone) {
      // refused for good (no such table): retrying would not help
      if (event.code === 1008) table.loadError = { code: event.reason || "table_not_found" };
      table.gone = true;
      setBanner(null);
      draw();
      return;
    }
    clearInterval(table.pingTimer);
    setBanner(t("reconnecting"));
    document.body.classList.add("offline");
    const delay = Math.min(8000, 300 * 2 ** table.attempts);
    table.attempts += 1;
    table.retryTimer = setTimeout(() => {
      if (table !== current || table.gone) return;
      connect();
      table.ws.addEventListener("open", () => {
        document.body.classList.remove("offline");
        refresh(); // resync: the socket's first message is the whole view, the log may have moved on
      });
    }, delay);
  };
}

let logTimer = null;
function loadLog() {
  clearTimeout(logTimer);
  const table = current;
  logTimer = setTimeout(async () => {
    if (table !== current || !table.data || table.data.table.status === "open") return;
    try {
      const log = await get(`/api/tables/${table.id}/log`);
      if (table !== current) return;
      if (table.data.version !== undefined && log.version < table.data.version) {
        loadLog(); // a move came after this log was read
        return;
      }
      table.log = log.entries;
      table.logComplete = true;
      drawLog();
    } catch {
      /* the next change loads it again */
    }
  }, 120);
}

export function names() {
  const { table, seat } = current.data;
  return table.seats.map((s, i) => (i === seat ? t("name_you", { name: seatName(s) }) : seatName(s)));
}

// ---------------------------------------------------------------- sending moves

// Run `work(version)` (moves or an undo) once at a time; a refusal is shown in words; then
// the table is reloaded, whatever happened.
async function act(work) {
  const table = current;
  if (table.busy) return;
  table.busy = true;
  document.body.dataset.busy = "1";
  table.ui.error = null;
  draw();
  try {
    await work(table.data.version);
  } catch (error) {
    table.ui.error = errorText(error);
  } finally {
    table.gameUi = null;
    table.busy = false;
    document.body.dataset.busy = "0";
  }
  if (table === current) await refresh();
}

// Send legal actions (their JSON forms) in order, each with the version the one before
// returned (the first with the version on show); a refusal stops the rest.
export function play(...actions) {
  return act(async (version) => {
    let v = version;
    for (const action of actions) {
      const answer = await post(`/api/tables/${current.id}/moves`, { action, expected_version: v });
      v = answer.version;
    }
  });
}

export function undo() {
  return act((version) => post(`/api/tables/${current.id}/undo`, { expected_version: version }));
}

// ---------------------------------------------------------------- drawing

export function draw() {
  const table = current;
  if (!table) return;
  if (!table.data) {
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
    busy: table.busy,
    error: table.ui.error,
    ui: table.gameUi,
    play,
    undo,
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
  document.title = (ctx.myTurn ? "▶ " + t("your_turn") + " · " : "") + `${gameTitle(table.game)} · NavComp`;
  const drawn = view.drawGame(ctx);
  const result = table.result || (ctx.view && ctx.view.result) || null;
  const main = [
    over && result
      ? scoreSheet({ result, names: ns, seat, tableId: current.id, view, notes: view.scoreNotes(ctx.view, result, ns) })
      : null,
    statusBar(ctx, drawn.status),
    h("div", { class: "board-wrap" }, drawn.main),
  ];
  const log = logPanel();
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
      for (const child of [...aside.children]) if (child !== log) child.remove();
      log.before(...[drawn.side].flat(Infinity).filter((c) => c));
    });
  } else {
    replace(current.root,
      h("div", { class: "game" + (over ? " over" : ""), dataset: { game: table.game } },
        main, h("aside", { class: "side" }, drawn.side, log)));
    current.logPanel.pinned = true; // (back) in the page: at the newest entry
    followLog(current.logPanel);
  }
  drawLog();
}

function statusBar(ctx, items) {
  const { table, names: ns, last } = ctx;
  const turn = table.to_move;
  const text = (move) => (move === "undo" ? t("undo_done") : gameView().actionText(move, ctx.view));
  return h("section", { class: "status card", id: "status" },
    h("span", {}, t("table_no", { id: current.id }), " · ", gameTitle(table.game)),
    turn !== null && !ctx.over
      ? h("span", { id: "turn" }, seatDot(turn), " ", t("turn_of", { name: ns[turn] }))
      : h("span", { id: "turn" }, t("game_over")),
    ctx.seat === null ? h("span", { id: "watching", class: "badge", title: t("watching_title") }, t("watching")) : null,
    items,
    last ? h("span", { id: "last-move" }, t("last_move", { name: ns[last.seat], text: text(last.text) })) : null,
  );
}

// The log panel outlives the page's redraws (a new language or new names draw it anew).
// A change appends its entries; the list follows the newest unless the reader scrolled up.
function logPanel() {
  const signature = getLang() + "\n" + names().join("\n");
  let panel = current.logPanel;
  if (!panel || panel.signature !== signature) {
    const list = h("ol", { class: "log", id: "log-list" });
    panel = { signature, list, shown: [], pinned: true, following: false };
    panel.section = h("section", { class: "card", id: "log" }, h("h3", {}, t("log")), list);
    list.addEventListener("scroll", () => {
      if (panel.following) {
        panel.following = false; // our own scroll: entries may have come since
        return;
      }
      panel.pinned = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    }, { passive: true });
    current.logPanel = panel;
  }
  return panel.section;
}

const logKey = (entry) => `${entry.seq} ${entry.seat} ${entry.text}`;

function drawLog() {
  const panel = current && current.data ? current.logPanel : null;
  if (!panel) return;
  const { list, shown } = panel;
  const log = current.log;
  let same = 0;
  while (same < shown.length && same < log.length && shown[same] === logKey(log[same])) same++;
  if (same === shown.length && same === log.length) return;
  while (shown.length > same) {
    shown.pop();
    list.lastChild.remove();
  }
  const ns = names();
  const view = current.data.view;
  const text = (move) => gameView().actionText(move, view);
  list.append(...log.slice(same).map((e) => {
    shown.push(logKey(e));
    return h("li", {},
      h("span", { class: "seq" }, String(e.seq)), seatDot(e.seat), " ", h("span", { class: "who" }, ns[e.seat]), t("colon"),
      e.text === "undo" ? t("undo_done") : text(e.text));
  }));
  followLog(panel);
}

// Down to the newest entry unless the reader scrolled up, at the next frame: reading the
// list's height now would lay the page out once more.
function followLog(panel) {
  requestAnimationFrame(() => {
    const list = panel.list;
    const bottom = list.scrollHeight - list.clientHeight;
    if (panel.pinned && list.scrollTop < bottom) {
      panel.following = true;
      list.scrollTop = bottom;
    }
  });
}
