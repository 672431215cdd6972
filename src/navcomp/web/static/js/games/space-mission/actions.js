// The action panel (the six actions, the pile to pick from, Confirm, Undo) and my hand.
import { h } from "../../dom.js";
import { ctx } from "./context.js";
import { actionsLeft, byType, cancel, cardUse, choose, pickCard, planetTargets, play, undo, undoNote, whyNot } from "./moves.js";
import { cardFace, cardLabel, tileChip } from "./pieces.js";
import { t } from "./strings.js";

const KINDS = ["topup", "jump", "fly", "scan", "develop", "discover"];

export function actionPanel(view, ns) {
  const { seat } = ctx;
  const mine = view.current_player === seat;
  const legal = byType();
  const parts = [];
  parts.push(h("h3", {}, mine ? t("your_turn_left", { n: actionsLeft(view) }) : t("waiting_for", { name: ns[view.current_player] })));
  if (mine && (view.phase === "action" || view.phase === "top-up")) {
    parts.push(...actionChoices(view, legal));
  } else if (mine && view.phase === "pick") {
    parts.push(...pickChoices(view, legal));
  } else if (mine && view.phase === "confirm") {
    parts.push(h("p", { class: "hint" }, t("confirm_hint")));
    parts.push(h("button", { id: "confirm", dataset: { key: "confirm" }, disabled: ctx.busy, onclick: () => play(legal.confirm[0]) }, t("confirm")));
  }
  if (mine) parts.push(undoRow());
  if (ctx.error) parts.push(h("p", { class: "error", role: "alert", id: "move-error" }, ctx.error));
  return h("section", { class: "card", id: "actions", dataset: { mine: mine ? "1" : "0", phase: view.phase } }, parts);
}

// My turn, choosing an action: the six actions, what to do now, the planets to choose from.
function actionChoices(view, legal) {
  const ui = ctx.ui;
  const parts = [];
  if (view.phase === "top-up" && ui.kind !== "topup") ui.kind = "topup";
  const buttons = KINDS.map((kind) => {
    const possible = kind === "topup" ? !!(legal.discard || legal.draw) : !!legal[kind];
    const allowed = possible && !(view.phase === "top-up" && kind !== "topup");
    const pressed = ui.kind === kind;
    let label = t("act_" + kind);
    if (kind === "topup" && pressed) label = t("topup_go", { n: toDiscard(view) });
    return h("button", {
      class: "action" + (pressed ? " pressed" : ""),
      id: `act-${kind}`,
      dataset: { key: `act-${kind}` },
      disabled: !allowed || ctx.busy,
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
    parts.push(h("button", { class: "small secondary", id: "cancel", onclick: cancel }, t("cancel")));
  }
  return parts;
}

// My turn, picking a tile: the pile I look at and a button per tile I may pick.
function pickChoices(view, legal) {
  const planet = view.planets.find((p) => p.planet === view.looking_at.planet);
  const pile = (view.private && view.private.pile) || {};
  return [
    h("p", { class: "hint" }, t("pick_" + view.looking_at.for, { planet: planet.name })),
    h("p", { class: "pile", id: "pile" }, t("pile_holds"), " ", Object.entries(pile).map(([name, n]) => tileChip(name, n))),
    h("div", { class: "choices", id: "picks", role: "group", "aria-label": t("choose_tile") },
      (legal.pick || []).map((entry) => h("button", {
        class: "small tile-button",
        dataset: { key: `pick-${entry.json.tile}`, tile: entry.json.tile },
        onclick: () => play(entry),
      }, tileChip(entry.json.tile, 1)))),
  ];
}

function undoRow() {
  const canUndo = ctx.canUndo;
  return h("div", { class: "row undo-row" },
    h("button", {
      class: "secondary", id: "undo", dataset: { key: "undo" },
      disabled: !canUndo || ctx.busy,
      title: canUndo ? t("undo_hint") : undoNote(),
      onclick: undo,
    }, t("undo")),
    canUndo ? null : h("span", { class: "muted", id: "undo-note" }, undoNote()));
}

function instruction(view) {
  const ui = ctx.ui;
  if (!ui.kind) return t("choose_action_hint");
  if (ui.kind === "topup") {
    const keep = view.private.hand.length - marked(view).length;
    return t("topup_preview", { n: toDiscard(view), draw: Math.max(0, 5 - keep) });
  }
  if (ui.kind === "jump") return ui.cards.length ? t("jump_planet") : t("jump_card");
  if (ui.kind === "fly") return t("fly_planet");
  if (ui.kind === "scan") return t("scan_card");
  if (ui.kind === "develop") return ui.cards.length ? t("develop_second") : t("develop_first");
  return "";
}

// The cards of my hand marked here for the Top up (not sent yet).
function marked(view) {
  return ctx.ui.topup.filter((card) => view.private.hand.includes(card));
}

// The cards the Top up will discard: those the server holds as chosen (sent, still secret
// to the others until the draw) and those marked here.
function toDiscard(view) {
  return view.private.chosen.length + marked(view).length;
}

export function handPanel(view) {
  const ui = ctx.ui;
  const hand = view.private.hand;
  const mine = view.current_player === ctx.seat;
  // chosen on the server (after a reload, or while the Top up is being sent): shown marked
  const sent = view.private.chosen.map((card) => h("span", {
    class: "card-face chosen discarding sent",
    title: t("topup_chosen", { card: cardLabel(card) }),
    role: "img",
    "aria-label": t("topup_chosen", { card: cardLabel(card) }),
    dataset: { card, chosen: "1" },
  }, cardFace(card)));
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
      disabled: !usable || ctx.busy,
      "aria-pressed": String(chosen),
      "aria-label": cardLabel(card),
      title: usable ? cardLabel(card) : t("card_not_usable"),
      // a double click is one choice: its second click would take the card back
      onclick: (event) => event.detail < 2 && pickCard(card),
    }, cardFace(card));
  });
  return h("section", { class: "card", id: "hand" }, h("h3", {}, t("your_hand", { n: hand.length })),
    h("div", { class: "hand" }, cards, sent,
      // empty slots show the five-card limit of a Top up
      Array.from({ length: Math.max(0, 5 - hand.length - sent.length) }, () => h("span", { class: "card-slot", "aria-hidden": "true" })),
      cards.length || sent.length ? null : h("span", { class: "muted" }, t("no_cards"))));
}

