// What a click sends: the legal list grouped by type, the choice being built (a card, a
// planet, a Top-up preview) and the moves posted with the version they were drawn from.
import { post } from "./api.js";
import { t } from "./i18n.js";
import { errorText } from "./pieces.js";
import { current, draw, freshUi, refresh } from "./table.js";

export function byType() {
  const groups = {};
  for (const entry of current.data.legal || []) {
    (groups[entry.json.type] ||= []).push(entry);
  }
  return groups;
}

function cardsOf(entry) {
  return entry.json.cards || (entry.json.card ? [entry.json.card] : []);
}


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

export function play(entry) {
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

export function undo() {
  return act((version) => post(`/api/tables/${current.id}/undo`, { expected_version: version }));
}

export function choose(kind) {
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

export function pickCard(card) {
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

export function planetTargets() {
  const ui = current.ui;
  const legal = byType();
  if (ui.kind === "fly") return (legal.fly || []).map((e) => e);
  if (ui.kind === "jump" && ui.cards.length) {
    return (legal.jump || []).filter((e) => e.json.card === ui.cards[0]);
  }
  return [];
}

export function pickPlanet(planet) {
  const entry = planetTargets().find((e) => e.json.planet === planet);
  if (entry) play(entry);
}

// What a card can do now, for the action being chosen (from the legal list only).
export function cardUse(card) {
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
export function whyNot(kind) {
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

export function undoNote() {
  const { view } = current.data;
  if (view.actions_taken === 0 && view.phase === "action") return t("undo_nothing");
  return t("undo_refused");
}

