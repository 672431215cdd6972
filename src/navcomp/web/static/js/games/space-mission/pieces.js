// Small drawing pieces of Space Mission shared by its panels and its replay: cards, tiles,
// reserved tiles by planet, and the log's action texts in the page's language.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";

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

// hazard"): show them in the page's language, with planet names and tile names.
const VERBS = ["confirm", "draw", "discover", "pick", "fly", "discard", "scan", "jump", "develop"];
export function readable(text, view) {
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
