// One table: its lobby while open, then the game. Everything shown comes from
// the server's view; every choice offered comes from the server's `legal` list.
// This module holds the table's state, its socket and the page layout; the parts live in
// table_lobby.js, actions.js (the action panel and hand), moves.js (what a click sends),
// panels.js (players, my tiles), scores.js (the score sheet) and replay.js.
import { actionPanel, handPanel } from "./actions.js";
import { get } from "./api.js";
import { board } from "./board.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./lobby.js";
import { pickPlanet, planetTargets } from "./moves.js";
import { minePanel, playersPanel } from "./panels.js";
import { cardFace, cardLabel, errorText, readable, seatDot } from "./pieces.js";
import { scoreSheet } from "./scores.js";
import { drawOpen } from "./table_lobby.js";

export let current = null;

export function freshUi() {
  // kind: the action being chosen; cards: cards chosen for it; topup: the discard preview
  return { kind: null, cards: [], topup: [], error: null };
}

export function closeTable() {
  if (!current) return;
  current.closed = true;
  clearTimeout(current.retryTimer);
  clearInterval(current.pingTimer);
  if (current.ws) current.ws.close();
  current = null;
  setBanner(null);
}

export function renderTable(root, id) {
  if (current && current.id === id) {
    current.root = root;
    draw();
    return;
  }
  closeTable();
  current = { id, root, data: null, ui: freshUi(), log: [], busy: false, attempts: 0, loadError: null };
  refresh();
  connect();
  draw();
}

export function setBanner(text) {
  const banner = document.getElementById("banner");
  banner.hidden = !text;
  banner.textContent = text || "";
}

export async function refresh() {
  const table = current;
  try {
    const data = await get(`/api/tables/${table.id}`);
    if (table !== current) return;
    accept({ ...data, version: data.table.version, last: table.data ? table.data.last : null });
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
  const wasMine = old && old.view && old.view.current_player === old.seat;
  const isMine = data.view && data.seat !== null && data.view.current_player === data.seat;
  if (isMine && !wasMine) document.getElementById("announce").textContent = t("your_turn");
  table.data = data;
  table.loadError = null;
  document.body.dataset.version = String(data.version ?? "");
  if (changed && !table.busy) table.ui = freshUi();
  if (changed) loadLog();
  draw();
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
      table.log = log.entries;
      drawLog();
    } catch {
      /* the next change loads it again */
    }
  }, 120);
}


export function names() {
  const { table, seat } = current.data;
  return table.seats.map((s, i) => seatName(s) + (i === seat ? ` (${t("you")})` : ""));
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
    replace(table.root, h("section", { class: "card" }, h("p", {}, t("table_closed")), h("a", { href: "#/" }, t("back_to_lobby"))));
  } else if (status === "open") {
    drawOpen();
  } else {
    drawGame();
  }
}


function drawGame() {
  const { view, seat } = current.data;
  const ns = names();
  const targets = new Set(planetTargets().map((e) => e.json.planet));
  const over = view.phase === "over";
  const myTurn = seat !== null && view.current_player === seat;
  document.title = (myTurn ? "▶ " + t("your_turn") + " · " : "") + t("title");
  replace(
    current.root,
    h("div", { class: "game" + (over ? " over" : "") },
      over ? scoreSheet(view, ns, current.id) : null,
      statusBar(view, ns),
      h("div", { class: "board-wrap" }, board(view, ns, targets, pickPlanet)),
      h("aside", { class: "side" },
        seat !== null && !over ? actionPanel(view, ns) : null,
        seat !== null ? handPanel(view) : null,
        playersPanel(view, ns),
        seat !== null ? minePanel(view) : null,
        h("section", { class: "card", id: "log" }, h("h3", {}, t("log")), h("ol", { class: "log", id: "log-list" }))),
    ),
  );
  drawLog();
}

function statusBar(view, ns) {
  const turn = view.current_player;
  const last = current.data.last;
  const top = view.discard_pile.length ? view.discard_pile[view.discard_pile.length - 1] : null;
  return h("section", { class: "status card", id: "status" },
    h("span", {}, t("table_no", { id: current.id })),
    h("span", {}, t("round_n", { n: view.round }), view.last_round ? h("strong", { class: "last-round" }, " · " + t("last_round")) : null),
    turn !== null
      ? h("span", { id: "turn" }, seatDot(turn), " ", t("turn_of", { name: ns[turn] }), " · ", t("actions_left", { n: 2 - view.actions_taken }))
      : h("span", { id: "turn" }, t("game_over")),
    h("span", { title: t("space_count_title") }, t("space_count", { n: view.space_face_up, of: view.space_threshold })),
    h("span", {}, t("draw_pile", { n: view.draw_pile })),
    h("span", {}, t("discard_pile", { n: view.discard_pile.length }), top ? h("span", { class: "card-face mini", title: cardLabel(top) }, cardFace(top)) : null),
    last ? h("span", { id: "last-move" }, t("last_move", { name: ns[last.seat], text: readable(last.text, view) })) : null,
  );
}


function drawLog() {
  const list = document.getElementById("log-list");
  if (!list || !current || !current.data) return;
  const ns = names();
  const view = current.data.view;
  replace(list, current.log.map((e) => h("li", {},
    h("span", { class: "seq" }, String(e.seq)), seatDot(e.seat), " ", h("span", { class: "who" }, ns[e.seat]), ": ",
    e.text === "undo" ? t("undo_done") : readable(e.text, view))));
  list.scrollTop = list.scrollHeight;
}

// Action texts are the game's notation ("fly aqua-vita", "pick water", "reserve a tile on
