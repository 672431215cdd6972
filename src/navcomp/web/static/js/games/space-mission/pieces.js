// Small drawing pieces of Space Mission shared by its panels and its replay: cards, tiles,
// reserved tiles by planet, and the log's action texts in the page's language.
import { h } from "../../dom.js";
import { t } from "./strings.js";

const COLOR_NAMES = { B: "blue", G: "green", O: "orange" };

export function cardLabel(card) {
  return card
    .split("/")
    .map((half) => `${t("color_" + COLOR_NAMES[half[0]])} ${half.slice(1) === "?" ? t("joker") : half.slice(1)}`)
    .join(" · ");
}

export function cardFace(card) {
  return card.split("/").map((half) =>
    h("span", { class: `half c-${half[0]}` }, half.slice(1)),
  );
}

export function tileChip(name, count) {
  return h(
    "span",
    { class: `tile t-${name}`, title: t("tile_" + name) },
    h("span", { class: "swatch", "aria-hidden": "true" }),
    t("tile_" + name),
    count > 1 ? ` ×${count}` : "",
  );
}

// The reserved tiles, one line per planet: {planet: {tile: count}} in the view's order.
export function reservedByPlanet(reserved) {
  const out = new Map();
  for (const r of reserved) {
    const tiles = out.get(r.planet) || {};
    const tile = r.tile || "?";
    tiles[tile] = (tiles[tile] || 0) + 1;
    out.set(r.planet, tiles);
  }
  return [...out.entries()];
}

// The server's action texts ("jump B1/O2 hazard", "pick water", "reserve a tile on
// hazard", "choose cards for a Top up", "draw, discarding B1/O2 G3/O1"), as the log and the last move show them: one sentence in the page's language
// (`log_<verb>`, past tense), its words where that language puts them ("picked Water",
// "水を選んだ"), with planet names and tile names. What the words of each verb are:
// The texts the log's folding (log.js) gives a Top up still being chosen, and one taken back.
export const TOPUP_CHOOSING = "choosing cards for a Top up";
export const TOPUP_TAKEN_BACK = "took back a Top up";
const WORDS = {
  confirm: [], draw: [], discover: [], pick: ["tile"], fly: ["planet"], discard: ["card"],
  scan: ["card"], jump: ["card", "planet"], develop: ["card", "card2"],
};
export function readable(text, view) {
  if (!view) return text;
  const planetName = (slug) => {
    const planet = view.planets.find((p) => p.planet === slug);
    return planet ? planet.name : slug;
  };
  const hidden = text.match(/^(reserve|take) a tile on (\S+)$/);
  if (hidden) return t(`log_${hidden[1]}`, { planet: planetName(hidden[2]) });
  if (text === "choose cards for a Top up") return t("log_topup_choose");
  if (text === TOPUP_CHOOSING) return t("log_topup_choosing");
  if (text === TOPUP_TAKEN_BACK) return t("log_topup_taken_back");
  const drew = text.match(/^draw, discarding (\S+(?: \S+)*)$/);
  if (drew) return t("log_draw_discarding", { cards: drew[1].split(" ").join(t("list_sep")) });
  const [verb, ...words] = text.split(" ");
  const slots = Object.hasOwn(WORDS, verb) ? WORDS[verb] : null;
  if (!slots || slots.length !== words.length) return text;
  const params = {};
  slots.forEach((slot, i) => {
    const word = words[i];
    if (slot === "planet") params[slot] = planetName(word);
    else if (slot === "tile") params[slot] = `tile_${word}` in TILE_KEYS ? t(`log_tile_${word}`) : word; // as the object of a sentence
    else params[slot] = word;
  });
  return t(`log_${verb}`, params);
}
const TILE_KEYS = Object.fromEntries(
  ["mineral-red", "mineral-purple", "mineral-green", "mineral-blue", "alien-brown", "alien-blue",
    "matter-green", "matter-blue", "water", "medal", "space"].map((n) => [`tile_${n}`, true]),
);
