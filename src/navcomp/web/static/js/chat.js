// The chat cards: a table's (its players' and its spectators' channels) and the lobby's.
// A card is built once per place and kept, so that what is typed survives the page's
// redraws; `chatCard` hands it back brought up to date. Messages are shown as text
// (textContent), never as markup, and links are not made clickable. New messages come live:
// a table's on the table's socket (table_state.js raises "navcomp-chat"), the lobby's on
// a socket of its own.
import { api, get, post } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { errorText, isFormer, personName } from "./pieces.js";
import { app } from "./state.js";

const KEEP = 200; // messages a card holds
const rooms = new Map(); // "lobby" or the table's id: its card
const blocked = new Set(); // the names I block, as far as this page knows
let lobbySocket = null;
let lobbyPing = null;
let lobbyRetry = null;

// The chat card of table `tableId` (null: the lobby). `place` says who reads it:
// `{seat, over, creator, readOnly}` (a seat of null: a spectator).
export function chatCard(tableId, place = {}) {
  const room = roomFor(tableId);
  room.place = { seat: null, over: false, creator: false, readOnly: false, ...place };
  if (room.tab === null || (!showsTabs(room) && room.tab !== "players")) room.tab = ownChannel(room);
  if (tableId === null) listenToLobby();
  drawRoom(room);
  return room.el;
}

function roomFor(tableId) {
  const key = tableId === null ? "lobby" : tableId;
  let room = rooms.get(key);
  if (room) return room;
  for (const other of rooms.keys()) if (other !== "lobby") rooms.delete(other); // one table at a time
  const prefix = tableId === null ? "lobby-chat" : "table-chat";
  room = { tableId, key, messages: [], muted: [], place: {}, tab: null, note: null, error: null, reporting: null, reportForm: null };
  room.input = h("input", {
    type: "text", id: `${prefix}-input`, maxlength: 500, autocomplete: "off", dataset: { key: `${prefix}-input` },
  });
  room.send = h("button", { type: "submit", class: "small", id: `${prefix}-send`, dataset: { key: `${prefix}-send` } });
  room.form = h("form", { class: "row chat-form", onsubmit: (event) => { event.preventDefault(); send(room); } }, room.input, room.send);
  room.list = h("ol", { class: "chat-list", id: `${prefix}-list` });
  room.top = h("div", { class: "chat-top" });
  room.notes = h("div", { class: "chat-notes" });
  room.writing = h("div", { class: "chat-writing" });
  room.bottom = h("div", { class: "chat-bottom" });
  room.el = h("section", { class: "card chat", id: prefix }, room.top, room.list, room.notes, room.writing, room.bottom);
  rooms.set(key, room);
  load(room);
  return room;
}

function path(room) {
  return room.tableId === null ? "/api/lobby/chat" : `/api/tables/${room.tableId}/chat`;
}

async function load(room) {
  try {
    const [history, mine] = await Promise.all([
      get(path(room)),
      app.me ? get("/api/blocks") : Promise.resolve({ blocked: [] }),
    ]);
    for (const name of mine.blocked) blocked.add(name);
    room.muted = history.muted;
    for (const message of history.messages) add(room, message);
    room.error = null;
    if (app.me && room.tableId !== null && room.muted.includes(app.me.name)) watchMyMute(room);
  } catch (error) {
    room.error = errorText(error);
  }
  drawRoom(room);
}

// Where my messages go: the lobby's, or my channel at the table.
function ownChannel(room) {
  if (room.tableId === null) return "lobby";
  return room.place.seat === null ? "spectators" : "players";
}

// A player reads only the players' channel while the game runs; everyone else reads both.
function showsTabs(room) {
  return room.tableId !== null && (room.place.over || room.place.seat === null);
}

function add(room, message) {
  if (blocked.has(message.author) || room.messages.some((m) => m.id === message.id)) return false;
  room.messages.push(message);
  room.messages.sort((a, b) => a.id - b.id);
  if (room.messages.length > KEEP) room.messages.splice(0, room.messages.length - KEEP);
  return true;
}

function receive(room, message) {
  if (room.tableId !== null && message.channel === "spectators" && !showsTabs(room)) return;
  if (add(room, message)) drawList(room);
}

window.addEventListener("navcomp-chat", (event) => {
  const message = event.detail;
  const room = rooms.get(message.table === null ? "lobby" : message.table);
  if (room) receive(room, message);
});

// The table's socket is back: what was said meanwhile.
window.addEventListener("navcomp-chat-reload", (event) => {
  const room = rooms.get(event.detail);
  if (room) load(room);
});

function listenToLobby(attempts = 0) {
  if (lobbySocket) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/api/lobby/live`);
  lobbySocket = ws;
  lobbyPing = setInterval(() => ws.readyState === 1 && ws.send("ping"), 25000);
  ws.onopen = () => {
    attempts = 0;
    const room = rooms.get("lobby");
    if (room) load(room); // what was said between the history's loading and the socket's opening
  };
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    const room = rooms.get("lobby");
    if (msg.type === "chat" && room) receive(room, msg.message);
  };
  ws.onclose = () => {
    clearInterval(lobbyPing);
    lobbySocket = null;
    lobbyRetry = setTimeout(() => listenToLobby(attempts + 1), Math.min(30000, 1000 * 2 ** attempts));
  };
}

// Away from the lobby (another page, logged out): its socket closes, and its history is
// loaded anew on the way back.
export function leaveLobbyChat() {
  clearTimeout(lobbyRetry);
  lobbyRetry = null;
  rooms.delete("lobby");
  if (!lobbySocket) return;
  const ws = lobbySocket;
  lobbySocket = null;
  clearInterval(lobbyPing);
  ws.onclose = null;
  ws.close();
}

// The card's controls are made once (`roomFor`, `startReport`) and only moved or
// relabelled here: a press on Send or Report that spans a redraw (a history loaded, a
// block) would be lost on a button made anew between the press and the release.
function drawRoom(room) {
  const { place } = room;
  const canWrite = !place.readOnly && app.me && !(room.tableId === null && app.me.guest);
  const placeholder = t(`chat_to_${ownChannel(room)}`);
  room.input.placeholder = placeholder;
  room.input.setAttribute("aria-label", placeholder);
  room.send.textContent = t("chat_send");
  const hint = room.tableId !== null && place.seat === null && !place.over ? h("p", { class: "muted small" }, t("chat_hidden_from_players")) : null;
  replace(room.top, h(room.tableId === null ? "h2" : "h3", {}, room.tableId === null ? t("chat_lobby") : t("chat_title")), tabs(room));
  replace(room.notes,
    hint,
    room.muted.length ? h("p", { class: "muted small chat-muted" }, t("chat_muted_list", { names: room.muted.join(", ") })) : null,
    h("p", { class: room.error ? "error chat-note" : "muted small chat-note", role: "status" }, room.error || room.note || ""));
  const writing = room.reporting ? room.reportForm : canWrite ? room.form : null;
  if (!writing) replace(room.writing, h("p", { class: "muted small" }, app.me ? t("chat_register") : t("chat_sign_in")));
  else if (writing === room.form && showsTabs(room) && room.tab !== ownChannel(room)) replace(room.writing, otherTabNote(room));
  else if (room.writing.firstChild !== writing) replace(room.writing, writing);
  replace(room.bottom, room.tableId === null ? blockedList(room) : null);
  drawList(room);
}

// On the tab of the channel I do not write in (a spectator reading the players'), the box
// is not offered under a label that names another channel: a way to my own tab instead.
function otherTabNote(room) {
  const own = ownChannel(room);
  return h("p", { class: "muted small", id: `${room.el.id}-elsewhere` }, t(`chat_you_write_${own}`), " ",
    h("button", { type: "button", class: "small secondary", dataset: { key: "chat-to-own" }, onclick: () => {
      room.tab = own;
      drawRoom(room);
      room.input.focus();
    } }, t(`chat_${own}`)));
}

function tabs(room) {
  if (!showsTabs(room)) return null;
  const tab = (channel) => h("button", {
    type: "button", role: "tab", class: "small" + (room.tab === channel ? "" : " secondary"),
    id: `chat-tab-${channel}`, dataset: { key: `chat-tab-${channel}` }, "aria-selected": String(room.tab === channel),
    onclick: () => {
      room.tab = channel;
      drawRoom(room);
    },
  }, t(`chat_${channel}`));
  return h("div", { class: "row chat-tabs", role: "tablist" }, tab("players"), tab("spectators"));
}

function drawList(room) {
  const shown = room.messages.filter((m) => room.tableId === null || m.channel === room.tab);
  const pinned = room.list.scrollTop + room.list.clientHeight >= room.list.scrollHeight - 20;
  replace(room.list, shown.length
    ? shown.map((message) => messageItem(room, message))
    : h("li", { class: "muted small" }, t("chat_none")));
  if (pinned) room.list.scrollTop = room.list.scrollHeight;
}

function messageItem(room, message) {
  const mine = app.me && message.author === app.me.name;
  const at = new Date(message.at);
  const time = `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
  return h("li", { class: "chat-message" + (mine ? " mine" : ""), dataset: { id: message.id, author: message.author } },
    h("span", { class: "muted small chat-time", text: time }), " ",
    h("bdi", { class: "chat-author", text: personName(message.author) }), ": ",
    h("span", { class: "chat-text", text: message.text }),
    mine || !app.me || room.place.readOnly || isFormer(message.author) ? null : actions(room, message));
}

function actions(room, message) {
  const button = (kind, label, onclick) =>
    h("button", { type: "button", class: `small secondary chat-${kind}`, title: label, "aria-label": `${label}: ${message.author}`, onclick }, label);
  const muted = room.muted.includes(message.author);
  return h("span", { class: "chat-actions" },
    button("block", t("chat_block"), () => block(message.author)),
    button("report", t("chat_report"), () => startReport(room, message)),
    room.place.creator && room.tableId !== null
      ? button("mute", muted ? t("chat_unmute") : t("chat_mute"), () => mute(room, message.author, !muted))
      : null);
}

async function send(room) {
  const text = room.input.value;
  try {
    const message = await post(path(room), { text });
    room.input.value = "";
    room.error = null;
    room.note = null;
    if (room.tableId !== null && message.channel !== room.tab) room.tab = message.channel;
    add(room, message);
  } catch (error) {
    room.error = errorText(error);
    if (error.code === "chat_muted") watchMyMute(room);
  }
  drawRoom(room);
  room.input.focus();
}

// Muted (refused as such, or named among the muted): the table's history (which names the
// muted) is read again now and then while the card is shown, so that the sentence goes once
// the creator unmutes me, and a note says I may write again. The server pushes no change of
// mutes.
const MUTE_RECHECK_MS = 10000;
function watchMyMute(room) {
  clearTimeout(room.muteTimer);
  room.muteTimer = setTimeout(async () => {
    if (rooms.get(room.key) !== room || !app.me || !room.el.isConnected) return;
    await load(room);
    if (room.muted.includes(app.me.name)) {
      room.error = t("err_chat_muted");
      drawRoom(room);
      watchMyMute(room);
    } else if (!room.error) {
      room.note = t("chat_unmuted_you");
      drawRoom(room);
    }
  }, MUTE_RECHECK_MS);
}

async function block(name) {
  try {
    const answer = await post("/api/blocks", { name });
    for (const each of answer.blocked) blocked.add(each);
    for (const room of rooms.values()) {
      room.messages = room.messages.filter((m) => m.author !== name);
      room.note = t("chat_blocked", { name });
      room.error = null;
      drawRoom(room);
    }
  } catch (error) {
    showError(error);
  }
}

async function unblock(room, name) {
  try {
    await api("DELETE", `/api/blocks/${encodeURIComponent(name)}`);
    blocked.delete(name);
    room.messages = [];
    load(room); // their messages are back
  } catch (error) {
    showError(error);
  }
}

function blockedList(room) {
  if (!blocked.size) return null;
  return h("p", { class: "muted small chat-blocked-list" }, t("chat_blocked_list"), " ",
    [...blocked].sort().map((name) => h("span", { class: "chat-blocked" },
      h("bdi", { text: name }), " ",
      h("button", { type: "button", class: "small secondary", onclick: () => unblock(room, name) }, t("chat_unblock")), " ")));
}

// Why a message is reported (optional, for the hosts' `navcomp moderation reports`). The
// form is made once per report: its field is kept across the redraws arriving messages cause.
function startReport(room, message) {
  const prefix = room.el.id;
  const reason = h("input", { type: "text", id: `${prefix}-report-reason`, maxlength: 500, autocomplete: "off" });
  const done = () => { room.reporting = null; drawRoom(room); };
  room.reporting = message;
  room.reportForm = h("form", { class: "chat-report", id: `${prefix}-report`, onsubmit: (event) => { event.preventDefault(); report(room, message, reason.value); } },
    h("label", { class: "field" }, h("span", {}, t("chat_report_why", { name: personName(message.author) })), reason),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "small", id: `${prefix}-report-send` }, t("chat_report_send")),
      h("button", { type: "button", class: "small secondary", id: `${prefix}-report-cancel`, onclick: done }, t("chat_cancel"))));
  drawRoom(room);
  reason.focus();
}

async function report(room, message, reason) {
  try {
    await post(`/api/chat/${message.id}/report`, { reason });
    room.note = t("chat_reported", { name: personName(message.author) });
    room.error = null;
    room.reporting = null;
  } catch (error) {
    room.error = errorText(error);
  }
  drawRoom(room);
}

async function mute(room, name, on) {
  try {
    const answer = await api(on ? "POST" : "DELETE", `/api/tables/${room.tableId}/mutes/${encodeURIComponent(name)}`);
    room.muted = answer.muted;
    room.error = null;
  } catch (error) {
    room.error = errorText(error);
  }
  drawRoom(room);
}

function showError(error) {
  for (const room of rooms.values()) {
    room.error = errorText(error);
    drawRoom(room);
  }
}
