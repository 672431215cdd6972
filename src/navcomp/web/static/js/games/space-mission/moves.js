// What a click chooses: the legal list grouped by type, the choice being built (a card, a
// planet, a Top-up preview) and the legal entry it ends in, sent through the table page
// (`ctx.play`, with the version it was drawn from).
import { clearUi, ctx } from "./context.js";
import { t } from "./strings.js";

export function byType() {
  const groups = {};
  for (const entry of ctx.legal || []) {
    (groups[entry.json.type] ||= []).push(entry);
  }
  return groups;
}

function cardsOf(entry) {
  return entry.json.cards || (entry.json.card ? [entry.json.card] : []);
}

export function play(entry) {
  return ctx.play(entry.json);
}

// The Top up: each card marked for discarding, then the draw, each move with the version
// the previous one returned.
function topUp() {
  const legal = byType();
  const discards = ctx.ui.topup
    .map((card) => (legal.discard || []).find((e) => e.json.card === card))
    .filter((entry) => entry)
    .map((entry) => entry.json);
  return ctx.play(...discards, { type: "draw" });
}

export function undo() {
  return ctx.undo();
}

export function choose(kind) {
  const ui = ctx.ui;
  const legal = byType();
  if (kind === "topup" && ui.kind === "topup") {
    topUp();
    return;
  }
  clearUi();
  if (kind === "discover") {
    play(legal.discover[0]);
    return;
  }
  ui.kind = kind;
  ctx.redraw();
}

export function cancel() {
  clearUi();
  ctx.redraw();
}

export function pickCard(card) {
  const ui = ctx.ui;
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
  ctx.redraw();
}

export function planetTargets() {
  const ui = ctx.ui;
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
  const ui = ctx.ui;
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
  const { view, seat } = ctx;
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
  const { view } = ctx;
  if (view.actions_taken === 0 && view.phase === "action") return t("undo_nothing");
  return t("undo_refused");
}

// Actions left this turn, counting the one in progress (a look awaiting its pick, a Top up
// being chosen), which the server counts only once it is done (``actions_taken``).
export function actionsLeft(view) {
  const going = view.phase === "pick" || view.phase === "top-up" ? 1 : 0;
  return Math.max(0, 2 - view.actions_taken - going);
}
