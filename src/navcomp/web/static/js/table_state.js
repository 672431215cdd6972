// The table on show (`current`): its state as the server last described it, its socket, its
// log, and the moves sent with the version they were drawn from. It draws nothing itself:
// the page that draws the table (table.js) hands it `draw` and `drawLog` (`drawWith`).
import { get, post } from "./api.js";
import { viewFor } from "./games/index.js";
import { t } from "./i18n.js";
import { announce, setBanner, setCallout, setHelp } from "./page.js";
import { errorText, seatName } from "./pieces.js";
import { afterPress } from "./press.js";
import { loadGames } from "./state.js";
import { tableNow } from "./turns.js";

export let current = null;

const drawing = { draw: () => {}, drawLog: () => {} };

// How the table is drawn: `draw` the whole of it, `drawLog` the log alone.
export function drawWith(functions) {
  Object.assign(drawing, functions);
}

export function redraw() {
  drawing.draw();
}

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
  setCallout(null);
}

// Close the table on show, if any, and open table `id`, drawn into `root`: load it, connect.
export function openTable(root, id) {
  closeTable();
  current = { id, root, data: null, ui: freshUi(), gameUi: null, log: [], busy: false, attempts: 0, loadError: null };
  // The game's view arrives with the games: what the generic view drew, the game's redraws.
  const drawWithView = () => {
    if (!current || current.id !== id) return;
    current.gameUi = null;
    drawing.draw();
  };
  loadGames().then(drawWithView).catch(() => {});
  refresh();
  connect();
}

// The view of the table's game (the generic one until the table is known).
export function gameView() {
  return viewFor(current && current.data ? current.data.table.game : "");
}

export function names() {
  const { table, seat } = current.data;
  return table.seats.map((s, i) => (i === seat ? t("name_you", { name: seatName(s) }) : seatName(s)));
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
    drawing.draw();
  }
}

function accept(data) {
  const table = current;
  afterPress(() => {
    if (table === current) acceptNow(data);
  });
}

function acceptNow(data) {
  const table = current;
  const old = table.data;
  if (old && data.version !== undefined && old.version !== undefined && data.version < old.version) {
    return; // an older answer arriving late
  }
  if (old && data.last === undefined) data.last = old.last;
  const changed = !old || old.version !== data.version || old.table.status !== data.table.status;
  const endings = (d) => JSON.stringify([d.table.seats, d.table.clock && d.table.clock.stage, d.table.clock && d.table.clock.votes]);
  // time up, a seat taken over, a game ended by a claim or a resignation: no move, new events
  const otherChange = old && old.version === data.version && (changed || endings(old) !== endings(data));
  const wasMine = old && old.table.status === "playing" && old.seat !== null && old.table.to_move === old.seat;
  const isMine = data.table.status === "playing" && data.seat !== null && data.table.to_move === data.seat;
  if (isMine !== Boolean(wasMine)) announce(isMine ? "your_turn" : "");
  if (!data.table.tutorial) tableNow(table.id, isMine, data.table.turn_since);
  table.data = data;
  table.loadError = null;
  document.body.dataset.version = String(data.version ?? "");
  if (changed && !table.busy) {
    table.ui = { ...table.ui, error: null };
    table.gameUi = null; // a fresh choice, made by the game's view when it draws
  }
  if (otherChange) loadLog({ withEvents: true });
  else if (changed && !extendLog(data)) loadLog();
  drawing.draw();
}

// A push of the version after the log's last entry carries that entry (``last``, as this
// seat reads it): the page adds it instead of fetching the whole log again, which the
// server rebuilds by replaying the game (some milliseconds late in a long game, for each
// page at each move).  Anything else (a gap, a reload, an older log) fetches the log.
function extendLog(data) {
  const log = current.log;
  if (!current.logComplete || !data.last || data.version !== newestSeq(log) + 1) return false;
  current.log = [...log, { seq: data.version, seat: data.last.seat, text: data.last.text, detail: data.last.detail ?? null }];
  return true;
}

function newestSeq(log) {
  return log.length ? log[log.length - 1].seq : 0;
}

function connect() {
  const table = current;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/api/tables/${table.id}/live`);
  table.ws = ws;
  let first = true;
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
    if (first) {
      // A socket's first message is the table as it is (the server hears its changes from
      // before it reads it); the chat said while no socket was open is read now.
      first = false;
      document.body.classList.remove("offline");
      window.dispatchEvent(new CustomEvent("navcomp-chat-reload", { detail: table.id })); // chat.js
    }
    if (msg.type === "state") {
      accept({
        table: msg.table, seat: msg.seat, view: msg.view, legal: msg.legal,
        can_undo: msg.can_undo, last: msg.last, version: msg.version,
      });
    } else if (msg.type === "table") {
      accept({ table: msg.table, seat: msg.seat, version: msg.table.version });
    } else if (msg.type === "closed") {
      accept({ table: { ...msg.table, seats: [] }, seat: null, version: undefined });
    } else if (msg.type === "chat") {
      window.dispatchEvent(new CustomEvent("navcomp-chat", { detail: msg.message })); // chat.js
    }
  };
  ws.onclose = (event) => reconnectLater(table, event);
}

// The socket closed: retry with backoff, and reload the table once it is open again; unless
// the table is gone or the server refused it for good (no such table).
function reconnectLater(table, event) {
  if (table !== current || table.closed) return;
  if (event.code === 1008 || table.gone) {
    if (event.code === 1008) table.loadError = { code: event.reason || "table_not_found" };
    table.gone = true;
    setBanner(null);
    drawing.draw();
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
  }, delay);
}

// Fetch the log and the events, unless the log on show already ends at the version on
// show and no change besides moves asked for the events: a push that came while the log
// was being fetched asks for it again, and the answer often holds that push's move.
let logTimer = null;
function loadLog({ withEvents = false } = {}) {
  clearTimeout(logTimer);
  const table = current;
  if (withEvents) table.eventsStale = true;
  logTimer = setTimeout(async () => {
    if (table !== current || !table.data || table.data.table.status === "open") return;
    if (table.logComplete && !table.eventsStale && newestSeq(table.log) === table.data.version) return;
    const eventsAsked = table.eventsStale;
    table.eventsStale = false;
    try {
      const [log, events] = await Promise.all([get(`/api/tables/${table.id}/log`), get(`/api/tables/${table.id}/events`)]);
      if (table !== current) return;
      table.events = events; // changes besides moves, each after the move it followed
      if (table.data.version !== undefined && log.version < table.data.version) {
        loadLog(); // a move came after this log was read
        return;
      }
      table.log = log.entries;
      table.logComplete = true;
      drawing.drawLog();
    } catch {
      table.eventsStale = eventsAsked; // the next change loads it again
    }
  }, 120);
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
  drawing.draw();
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
