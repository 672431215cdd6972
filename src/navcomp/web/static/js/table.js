// One table: its lobby while open, then the game. Everything shown comes from
// the server's view; every choice offered comes from the server's `legal` list.
import { get, post, put } from "./api.js";
import { board, SEAT_COLORS } from "./board.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./lobby.js";
import { app } from "./state.js";

const CATEGORIES = ["gate", "stations", "minerals", "aliens", "matter", "water", "medals", "space"];
const KINDS = ["topup", "jump", "fly", "scan", "develop", "discover"];
let current = null;

function freshUi() {
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

function setBanner(text) {
  const banner = document.getElementById("banner");
  banner.hidden = !text;
  banner.textContent = text || "";
}

async function refresh() {
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

// ---------------------------------------------------------------- helpers

function names() {
  const { table, seat } = current.data;
  return table.seats.map((s, i) => seatName(s) + (i === seat ? ` (${t("you")})` : ""));
}

function errorText(error) {
  return t("err_" + error.code, {}, error.message || error.code);
}

function byType() {
  const groups = {};
  for (const entry of current.data.legal || []) {
    (groups[entry.json.type] ||= []).push(entry);
  }
  return groups;
}

function cardsOf(entry) {
  return entry.json.cards || (entry.json.card ? [entry.json.card] : []);
}

const COLOR_NAMES = { B: "blue", G: "green", O: "orange" };

export function cardLabel(card) {
  return card
    .split("/")
    .map((half) => `${t("color_" + COLOR_NAMES[half[0]])} ${half.slice(1) === "?" ? t("joker") : half.slice(1)}`)
    .join(" · ");
}

function cardFace(card) {
  return card.split("/").map((half) =>
    h("span", { class: `half c-${half[0]}` }, half.slice(1)),
  );
}

function tileChip(name, count) {
  return h(
    "span",
    { class: `tile t-${name}`, title: t("tile_" + name) },
    h("span", { class: "swatch", "aria-hidden": "true" }),
    t("tile_" + name),
    count > 1 ? ` ×${count}` : "",
  );
}

function seatDot(seat) {
  return h("span", { class: "dot", style: `background:${SEAT_COLORS[seat]}`, "aria-hidden": "true" });
}

// ---------------------------------------------------------------- moves

async function send(action, version) {
  const answer = await post(`/api/tables/${current.id}/moves`, { action, expected_version: version });
  return answer.version;
}

async function act(work) {
  const table = current;
  if (table.busy) return;
  table.busy = true;
  document.body.dataset.busy = "1";
  table.ui.error = null;
  draw();
  try {
    await work(table.data.version);
    table.ui = freshUi();
  } catch (error) {
    table.ui = freshUi();
    table.ui.error = errorText(error);
  } finally {
    table.busy = false;
    document.body.dataset.busy = "0";
  }
  if (table === current) await refresh();
}

function play(entry) {
  return act((version) => send(entry.json, version));
}

function topUp() {
  const cards = [...current.ui.topup];
  const legal = byType();
  return act(async (version) => {
    let v = version;
    for (const card of cards) {
      const entry = (legal.discard || []).find((e) => e.json.card === card);
      if (entry) v = await send(entry.json, v);
    }
    await send({ type: "draw" }, v);
  });
}

function undo() {
  return act((version) => post(`/api/tables/${current.id}/undo`, { expected_version: version }));
}

function choose(kind) {
  const ui = current.ui;
  const legal = byType();
  if (kind === "topup" && ui.kind === "topup") {
    topUp();
    return;
  }
  current.ui = freshUi();
  if (kind === "discover") {
    play(legal.discover[0]);
    return;
  }
  current.ui.kind = kind;
  draw();
}

function pickCard(card) {
  const ui = current.ui;
  const legal = byType();
  if (ui.kind === "topup") {
    ui.topup = ui.topup.includes(card) ? ui.topup.filter((c) => c !== card) : [...ui.topup, card];
  } else if (ui.kind === "jump") {
    ui.cards = ui.cards[0] === card ? [] : [card];
  } else if (ui.kind === "scan") {
    const entry = legal.scan.find((e) => e.json.card === card);
    if (entry) play(entry);
    return;
  } else if (ui.kind === "develop") {
    if (ui.cards.includes(card)) {
      ui.cards = ui.cards.filter((c) => c !== card);
    } else if (ui.cards.length === 1) {
      const pair = [ui.cards[0], card];
      const entry = legal.develop.find((e) => pair.every((c) => e.json.cards.includes(c)));
      if (entry) {
        play(entry);
        return;
      }
    } else {
      ui.cards = [card];
    }
  }
  draw();
}

function planetTargets() {
  const ui = current.ui;
  const legal = byType();
  if (ui.kind === "fly") return (legal.fly || []).map((e) => e);
  if (ui.kind === "jump" && ui.cards.length) {
    return (legal.jump || []).filter((e) => e.json.card === ui.cards[0]);
  }
  return [];
}

function pickPlanet(planet) {
  const entry = planetTargets().find((e) => e.json.planet === planet);
  if (entry) play(entry);
}

// What a card can do now, for the action being chosen (from the legal list only).
function cardUse(card) {
  const ui = current.ui;
  const legal = byType();
  const uses = (type) => (legal[type] || []).some((e) => cardsOf(e).includes(card));
  if (ui.kind === "topup") return uses("discard") || ui.topup.includes(card);
  if (ui.kind === "jump" || ui.kind === "scan") return uses(ui.kind);
  if (ui.kind === "develop") {
    if (ui.cards.length === 1 && ui.cards[0] !== card) {
      return (legal.develop || []).some((e) => e.json.cards.includes(card) && e.json.cards.includes(ui.cards[0]));
    }
    return uses("develop");
  }
  return false;
}

// Why an action cannot be chosen, in words read from the view (a hint only:
// what is allowed comes from the legal list).
function whyNot(kind) {
  const { view, seat } = current.data;
  if (view.current_player !== seat) return t("why_not_your_turn");
  if (view.phase === "confirm") return t("why_confirm");
  if (view.phase === "pick") return t("why_pick");
  if (view.phase === "top-up" && kind !== "topup") return t("why_topup");
  const me = view.seats[seat];
  if (me.ship === "gate" && ["fly", "scan", "develop", "discover"].includes(kind)) return t("why_gate");
  const planet = view.planets.find((p) => p.planet === me.ship);
  if (kind === "jump") return me.chips ? t("why_jump_card") : t("why_no_chip");
  if (kind === "scan") return planet.developed_by !== null ? t("why_developed") : t("why_scan_card", { n: planet.scan });
  if (kind === "develop") {
    if (planet.developed_by !== null) return t("why_developed");
    if (!planet.scanned_by.includes(seat)) return t("why_scan_first");
    if (!me.chips) return t("why_no_chip");
    return t("why_develop_cards", { a: planet.landing[0], b: planet.landing[1] });
  }
  if (kind === "discover") {
    if (planet.developed_by === null) return t("why_no_station");
    return t("why_discover");
  }
  return t("why_generic");
}

function undoNote() {
  const { view } = current.data;
  if (view.actions_taken === 0 && view.phase === "action") return t("undo_nothing");
  return t("undo_refused");
}

// ---------------------------------------------------------------- drawing

function draw() {
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

function drawOpen() {
  const { table, seat } = current.data;
  const link = `${location.origin}/#/table/${table.id}`;
  const rows = table.seats.map((s, i) =>
    h("li", {}, seatDot(i), " ", t("seat_n", { n: i + 1 }), ": ", seatName(s), i === seat ? ` (${t("you")})` : "",
      !s.player && !s.bot && seat === null && app.me
        ? h("button", { class: "small", dataset: { key: `join-${i}` }, onclick: () => lobbyAction("join", { seat: i }) }, t("join"))
        : null,
      !s.player && seat !== null ? botChoice(i, s.bot) : null),
  );
  const input = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": t("invite_link") });
  replace(
    current.root,
    h("section", { class: "card table-lobby" },
      h("h2", {}, t("table_no", { id: table.id }), " · ", t("status_open")),
      h("ul", { class: "seats", id: "lobby-seats" }, rows),
      h("div", { class: "field" }, h("span", {}, t("invite_link")), h("div", { class: "row" }, input,
        h("button", { class: "small secondary", onclick: () => { input.select(); navigator.clipboard?.writeText(link); } }, t("copy")))),
      seat !== null ? inviteForm() : null,
      app.me
        ? h("div", { class: "row" },
            seat !== null ? h("button", { id: "start", onclick: () => lobbyAction("start") }, t("start")) : null,
            seat !== null ? h("button", { class: "secondary", id: "leave", onclick: () => lobbyAction("leave") }, t("leave")) : null)
        : h("div", {}, h("p", {}, t("sign_in_to_join")),
            h("button", { id: "guest-here", onclick: async () => { await post("/api/accounts/guest"); await app.refreshMe(); reconnect(); } }, t("play_as_guest"))),
      current.ui.error ? h("p", { class: "error", role: "alert" }, current.ui.error) : null,
      h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))),
    ),
  );
}

// The creator may seat a bot on a free seat, or free a bot's seat (the server checks who).
function botChoice(seatNo, level) {
  return h("select", {
    class: "bot-choice",
    id: `seat-bot-${seatNo}`,
    "aria-label": t("seat_bot_label", { n: seatNo + 1 }),
    onchange: async (event) => {
      try {
        await put(`/api/tables/${current.id}/seats/${seatNo}/bot`, { level: event.target.value || null });
        await refresh();
      } catch (error) {
        current.ui.error = errorText(error);
        draw();
      }
    },
  },
  h("option", { value: "", selected: !level }, t("a_person")),
  ["easy", "medium", "hard"].map((l) => h("option", { value: l, selected: level === l }, t("bot_named", { level: t("level_" + l) }))));
}

// Invite a player by name: they get a notice with this table in their lobby.
function inviteForm() {
  // what is typed lives in the table's UI state, so that a push redrawing the page keeps it
  const name = h("input", {
    id: "invite-name", required: true, maxlength: 100, "aria-label": t("invite_by_name"),
    dataset: { key: "invite-name" },
    value: current.ui.inviteName || "",
    oninput: (event) => { current.ui.inviteName = event.target.value; },
  });
  const note = h("span", { class: "muted", role: "status", id: "invite-note" }, current.ui.inviteNote || "");
  return h("form", {
    class: "field",
    onsubmit: async (event) => {
      event.preventDefault();
      try {
        const invitee = current.ui.inviteName || name.value;
        await post(`/api/tables/${current.id}/invite`, { name: invitee });
        current.ui.inviteNote = t("invited", { name: invitee }); // kept across later redraws
        current.ui.inviteName = "";
      } catch (error) {
        current.ui.inviteNote = errorText(error);
      }
      draw();
    },
  }, h("span", {}, t("invite_by_name")), h("div", { class: "row" }, name, h("button", { class: "small secondary", type: "submit", id: "invite" }, t("invite")), note));
}

function reconnect() {
  const id = current.id;
  const root = current.root;
  closeTable();
  renderTable(root, id);
}

async function lobbyAction(what, body) {
  try {
    await post(`/api/tables/${current.id}/${what}`, body || {});
    if (what === "leave") {
      location.hash = "#/";
      return;
    }
    reconnect(); // my seat changed: the socket should know who I am
  } catch (error) {
    current.ui.error = errorText(error);
    draw();
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
      over ? scoreSheet(view, ns) : null,
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

function actionPanel(view, ns) {
  const { seat } = current.data;
  const ui = current.ui;
  const mine = view.current_player === seat;
  const legal = byType();
  const parts = [];
  parts.push(h("h3", {}, mine ? t("your_turn_left", { n: 2 - view.actions_taken }) : t("waiting_for", { name: ns[view.current_player] })));
  if (mine && (view.phase === "action" || view.phase === "top-up")) {
    if (view.phase === "top-up" && ui.kind !== "topup") ui.kind = "topup";
    const buttons = KINDS.map((kind) => {
      const possible = kind === "topup" ? !!(legal.discard || legal.draw) : !!legal[kind];
      const allowed = possible && !(view.phase === "top-up" && kind !== "topup");
      const pressed = ui.kind === kind;
      let label = t("act_" + kind);
      if (kind === "topup" && pressed) label = t("topup_go", { n: ui.topup.length });
      return h("button", {
        class: "action" + (pressed ? " pressed" : ""),
        id: `act-${kind}`,
        dataset: { key: `act-${kind}` },
        disabled: !allowed || current.busy,
        "aria-pressed": String(pressed),
        title: allowed ? t("hint_" + kind) : whyNot(kind),
        "aria-description": allowed ? t("hint_" + kind) : whyNot(kind),
        onclick: () => choose(kind),
      }, label);
    });
    parts.push(h("div", { class: "actions", role: "group", "aria-label": t("choose_action") }, buttons));
    parts.push(h("p", { class: "hint", id: "action-hint", "aria-live": "polite" }, instruction(view)));
    const targets = planetTargets();
    if (targets.length) {
      parts.push(h("div", { class: "choices", role: "group", "aria-label": t("choose_planet") },
        targets.map((entry) => {
          const planet = view.planets.find((p) => p.planet === entry.json.planet);
          return h("button", { class: "small", dataset: { key: `planet-${entry.json.planet}` }, onclick: () => play(entry) }, planet.name);
        })));
    }
    if (ui.kind && view.phase === "action") {
      parts.push(h("button", { class: "small secondary", id: "cancel", onclick: () => { current.ui = freshUi(); draw(); } }, t("cancel")));
    }
  } else if (mine && view.phase === "pick") {
    const planet = view.planets.find((p) => p.planet === view.looking_at.planet);
    parts.push(h("p", { class: "hint" }, t("pick_" + view.looking_at.for, { planet: planet.name })));
    const pile = (view.private && view.private.pile) || {};
    parts.push(h("p", { class: "pile", id: "pile" }, t("pile_holds"), " ", Object.entries(pile).map(([name, n]) => tileChip(name, n))));
    parts.push(h("div", { class: "choices", id: "picks", role: "group", "aria-label": t("choose_tile") },
      (legal.pick || []).map((entry) => h("button", {
        class: "small tile-button",
        dataset: { key: `pick-${entry.json.tile}`, tile: entry.json.tile },
        onclick: () => play(entry),
      }, tileChip(entry.json.tile, 1)))));
  } else if (mine && view.phase === "confirm") {
    parts.push(h("p", { class: "hint" }, t("confirm_hint")));
    parts.push(h("button", { id: "confirm", dataset: { key: "confirm" }, disabled: current.busy, onclick: () => play(legal.confirm[0]) }, t("confirm")));
  }
  if (mine) {
    const canUndo = current.data.can_undo;
    parts.push(h("div", { class: "row undo-row" },
      h("button", {
        class: "secondary", id: "undo", dataset: { key: "undo" },
        disabled: !canUndo || current.busy,
        title: canUndo ? t("undo_hint") : undoNote(),
        onclick: undo,
      }, t("undo")),
      canUndo ? null : h("span", { class: "muted", id: "undo-note" }, undoNote())));
  }
  if (ui.error) parts.push(h("p", { class: "error", role: "alert", id: "move-error" }, ui.error));
  return h("section", { class: "card", id: "actions", dataset: { mine: mine ? "1" : "0", phase: view.phase } }, parts);
}

function instruction(view) {
  const ui = current.ui;
  if (!ui.kind) return t("choose_action_hint");
  if (ui.kind === "topup") {
    const keep = view.private.hand.length - ui.topup.length;
    return t("topup_preview", { n: ui.topup.length, draw: Math.max(0, 5 - keep) });
  }
  if (ui.kind === "jump") return ui.cards.length ? t("jump_planet") : t("jump_card");
  if (ui.kind === "fly") return t("fly_planet");
  if (ui.kind === "scan") return t("scan_card");
  if (ui.kind === "develop") return ui.cards.length ? t("develop_second") : t("develop_first");
  return "";
}

function handPanel(view) {
  const ui = current.ui;
  const hand = view.private.hand;
  const mine = view.current_player === current.data.seat;
  const cards = hand.map((card, i) => {
    const usable = mine && ui.kind && cardUse(card);
    const chosen = ui.cards.includes(card) || ui.topup.includes(card);
    const cls = "card-face" + (chosen ? " chosen" : "") + (ui.kind === "topup" && ui.topup.includes(card) ? " discarding" : "");
    if (!mine || !ui.kind || ui.kind === "fly") {
      return h("span", { class: cls, title: cardLabel(card), role: "img", "aria-label": cardLabel(card), dataset: { card } }, cardFace(card));
    }
    return h("button", {
      class: cls,
      dataset: { card, key: `card-${i}-${card}` },
      disabled: !usable || current.busy,
      "aria-pressed": String(chosen),
      "aria-label": cardLabel(card),
      title: usable ? cardLabel(card) : t("card_not_usable"),
      onclick: () => pickCard(card),
    }, cardFace(card));
  });
  return h("section", { class: "card", id: "hand" }, h("h3", {}, t("your_hand", { n: hand.length })),
    h("div", { class: "hand" }, cards,
      // empty slots show the five-card limit of a Top up
      Array.from({ length: Math.max(0, 5 - hand.length) }, () => h("span", { class: "card-slot", "aria-hidden": "true" })),
      cards.length ? null : h("span", { class: "muted" }, t("no_cards"))));
}

function playersPanel(view, ns) {
  const planetName = (slug) => (slug === "gate" ? t("jump_gate") : view.planets.find((p) => p.planet === slug).name);
  const head = ["player", "ship", "chips", "probes", "stations", "cards", "tiles", "reserved"].map((k) =>
    h("th", { scope: "col", class: `col-${k}` }, t("col_" + k)));
  const rows = view.seats.map((s, i) =>
    h("tr", { class: view.current_player === i ? "on-turn" : "" },
      h("th", { scope: "row" }, seatDot(i), " ", ns[i],
        view.start_player === i ? h("span", { class: "star", title: t("start_player") }, " ★") : null,
        view.current_player === i ? h("span", { class: "sr-only" }, ` (${t("on_turn")})`) : null),
      h("td", { class: "col-ship" }, planetName(s.ship)),
      h("td", {}, s.chips), h("td", {}, s.probes), h("td", {}, s.stations),
      h("td", {}, s.hand_size), h("td", {}, s.tiles), h("td", {}, s.reserved)),
  );
  return h("section", { class: "card", id: "players" }, h("h3", {}, t("players")),
    h("div", { class: "scroll" }, h("table", { class: "seats-table" }, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows))),
    h("p", { class: "muted small" }, "★ ", t("start_player")));
}

function minePanel(view) {
  const p = view.private;
  const planetName = (slug) => view.planets.find((x) => x.planet === slug).name;
  const tiles = Object.entries(p.tiles);
  return h("section", { class: "card", id: "mine" },
    h("h3", {}, t("my_tiles")),
    h("p", { id: "collected" }, tiles.length ? tiles.map(([n, c]) => tileChip(n, c)) : h("span", { class: "muted" }, t("none"))),
    h("h4", {}, t("my_reserved")),
    h("ul", { id: "reserved" }, p.reserved.length
      ? reservedByPlanet(p.reserved).map(([planet, tiles]) => h("li", {}, h("strong", {}, planetName(planet)), ": ",
          Object.entries(tiles).map(([tile, n]) => (tile === "?" ? h("span", { class: "tile" }, t("hidden_tile"), n > 1 ? ` ×${n}` : "") : tileChip(tile, n)))))
      : h("li", { class: "muted" }, t("none"))),
    h("h4", {}, t("memory")),
    h("ul", { id: "memory" }, p.memory.length
      ? p.memory.map((m) => h("li", {}, h("strong", {}, planetName(m.planet)), ": ",
          Object.keys(m.tiles).length ? Object.entries(m.tiles).map(([n, c]) => tileChip(n, c)) : h("span", { class: "muted" }, t("pile_empty")),
          m.taken_since ? h("span", { class: "taken" }, " ", t("taken_since", { n: m.taken_since })) : null))
      : h("li", { class: "muted" }, t("memory_empty"))),
  );
}

// The reserved tiles, one line per planet: {planet: {tile: count}} in the view's order.
function reservedByPlanet(reserved) {
  const out = new Map();
  for (const r of reserved) {
    const tiles = out.get(r.planet) || {};
    const tile = r.tile || "?";
    tiles[tile] = (tiles[tile] || 0) + 1;
    out.set(r.planet, tiles);
  }
  return [...out.entries()];
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
// hazard"): show them in the page's language, with planet names and tile names.
const VERBS = ["confirm", "draw", "discover", "pick", "fly", "discard", "scan", "jump", "develop"];
function readable(text, view) {
  if (!view) return text;
  const planetName = (slug) => {
    const planet = view.planets.find((p) => p.planet === slug);
    return planet ? planet.name : slug;
  };
  const hidden = text.match(/^(reserve|take) a tile on (\S+)$/);
  if (hidden) return t(`log_${hidden[1]}`, { planet: planetName(hidden[2]) });
  const [verb, ...words] = text.split(" ");
  if (!VERBS.includes(verb)) return text;
  const rest = words.map((word) => {
    if (view.planets.some((p) => p.planet === word)) return planetName(word);
    if (`tile_${word}` in TILE_KEYS) return t(`tile_${word}`);
    return word;
  });
  return [t(`verb_${verb}`), ...rest].join(" ");
}
const TILE_KEYS = Object.fromEntries(
  ["mineral-red", "mineral-purple", "mineral-green", "mineral-blue", "alien-brown", "alien-blue",
    "matter-green", "matter-blue", "water", "medal", "space"].map((n) => [`tile_${n}`, true]),
);

function scoreSheet(view, ns) {
  const result = view.result;
  const cols = view.seats.map((_, i) =>
    h("th", { scope: "col", class: (result.winners.includes(i) ? "winner" : "") + (i === view.you ? " me" : "") },
      seatDot(i), " ", ns[i]));
  const rows = CATEGORIES.map((cat) =>
    h("tr", {}, h("th", { scope: "row" }, t("cat_" + cat)), result.breakdown.map((b) => h("td", {}, b[cat]))));
  const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t("total")), result.scores.map((sc) => h("td", {}, sc)));
  const ranks = h("tr", {}, h("th", { scope: "row" }, t("rank")), result.ranks.map((r) => h("td", {}, r)));
  const winners = result.winners.map((w) => ns[w]).join(", ");
  return h("section", { class: "card score-sheet", id: "score-sheet" },
    h("h2", {}, t("final_score")),
    h("p", { class: "winner-line", id: "winner" }, "★ ", result.winners.length > 1 ? t("winners_shared", { names: winners }) : t("winner_is", { name: winners })),
    result.capped ? h("p", { class: "muted" }, t("capped")) : null,
    h("div", { class: "scroll" }, h("table", { class: "scores" }, h("thead", {}, h("tr", {}, h("th", {}, ""), cols)), h("tbody", {}, rows, total, ranks))),
    h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))));
}
