// Space Pioneers' card faces: a card in its colour, its kind (a planet disc or a ship), its
// name, and its six symbols where the rules read them (top edge: left corner, middle, right
// corner; bottom edge likewise), so that two cards side by side show why they fit. Also the
// small chips the piles, hands seen and captured planets use.
import { h } from "../../dom.js";
import { t } from "./strings.js";

export const SYMBOLS = ["star", "ring", "comet", "moon"];

// The symbols and the kinds are drawn by the stylesheet (small SVG images, a ship as a mask
// in the card's colour): one element each, as a network may hold fifty cards.
export function symbolIcon(symbol, where) {
  return h("span", { class: `sp-sym sp-sym-${symbol}` + (where ? ` sp-${where}` : ""), dataset: { symbol }, "aria-hidden": "true" });
}

// A planet: a disc in the card's colour; a ship: a small rocket.
export function kindIcon(kind, cls = "") {
  return h("span", { class: `sp-kind-icon sp-icon-${kind} ${cls}`.trim(), "aria-hidden": "true" });
}

// "Pyros-3 · red planet · top star ring comet · bottom moon star ring": for titles and
// screen readers.
export function cardLabel(card) {
  const sym = (list) => list.map((x) => t("sp_sym_" + x)).join(" ");
  return t("sp_card_label", {
    name: card.name,
    colour: t("sp_colour_" + card.colour),
    kind: t("sp_kind_" + card.kind),
    top: sym(card.top),
    bottom: sym(card.bottom),
  });
}

// A whole card face. `attrs` may make it a button (`tag: "button"`, `onclick`) and add
// classes and data; without them it is a plain figure.
export function cardFace(card, { tag = "div", cls = "", attrs = {} } = {}) {
  const [tl, tm, tr] = card.top;
  const [bl, bm, br] = card.bottom;
  const label = cardLabel(card);
  return h(tag, {
    class: `sp-card sp-${card.colour} sp-${card.kind} ${cls}`.trim(),
    title: attrs.title || label,
    "aria-label": attrs["aria-label"] || label,
    role: tag === "div" ? "img" : null,
    ...attrs,
    dataset: { card: card.name, ...(attrs.dataset || {}) },
  },
  symbolIcon(tl, "tl"), symbolIcon(tm, "tm"), symbolIcon(tr, "tr"),
  kindIcon(card.kind, "sp-kind"),
  h("span", { class: "sp-name" }, card.name),
  symbolIcon(bl, "bl"), symbolIcon(bm, "bm"), symbolIcon(br, "br"));
}

// A small chip: colour, kind and name (piles, hands seen, lists).
export function cardChip(card, extra = {}) {
  return h("span", {
    class: `sp-chip sp-${card.colour} sp-${card.kind}`, title: cardLabel(card), dataset: { card: card.name }, ...extra,
  }, kindIcon(card.kind), card.name);
}

// Captured cards, counted by planet: "Pyros ×2", in the order first captured.
export function capturedChips(cards) {
  const counts = new Map();
  for (const card of cards) {
    const entry = counts.get(card.title) || { card, n: 0 };
    entry.n += 1;
    counts.set(card.title, entry);
  }
  return [...counts.values()].map(({ card, n }) =>
    h("span", { class: `sp-chip sp-${card.colour} sp-planet`, title: t("sp_captured_title", { planet: card.title, n }), dataset: { planet: card.title } },
      kindIcon("planet"), card.title, n > 1 ? h("strong", {}, ` ×${n}`) : null));
}
