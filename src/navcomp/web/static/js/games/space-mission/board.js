// The board in SVG: the jump gate in the middle, the 8 planets in a ring.
// It draws only what the view says; `targets` (from the legal actions) makes
// planets clickable.
import { s } from "../../dom.js";
import { SEAT_COLORS } from "../../pieces.js";
import { t } from "./strings.js";
const PLANET_COLORS = {
  freezer: "#9fd3e6", hazard: "#c96a4a", tempest: "#7c8bd1", "green-heggar": "#6dbb6d",
  "aqua-vita": "#3f9fd8", oasis: "#d9b86c", "ruby-red": "#c0392b", "dust-bowl": "#b89b72",
  nimbus: "#cfd8e3", caldera: "#e0703a", "crystal-maze": "#9ee6dd", obsidian: "#5b5470",
};
const SIZE = 640;
const CENTER = SIZE / 2;
const RING = 236;
const R = 72;

function badge(x, y, color, value, label) {
  return s(
    "g",
    { class: "coord" },
    s("title", {}, label),
    s("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 6, fill: color, stroke: "#0b1020" }),
    s("text", { x, y: y + 6, "text-anchor": "middle", class: "coord-text" }, String(value)),
  );
}

function ship(x, y, seat, label) {
  return s(
    "g",
    { class: "ship", dataset: { seat } },
    s("title", {}, label),
    s("path", {
      d: `M ${x} ${y - 10} L ${x + 8} ${y + 8} L ${x} ${y + 4} L ${x - 8} ${y + 8} Z`,
      fill: SEAT_COLORS[seat],
      stroke: "#0b1020",
      "stroke-width": 1.5,
    }),
  );
}

function planetGroup(view, planet, names, targets, onPick) {
  const angle = (-90 + planet.position * 45) * (Math.PI / 180);
  const cx = CENTER + RING * Math.cos(angle);
  const cy = CENTER + RING * Math.sin(angle);
  const target = targets && targets.has(planet.planet);
  const items = [];
  const label = [
    planet.name,
    t("coord_jump", { n: planet.jump }),
    t("coord_scan", { n: planet.scan }),
    t("coord_landing", { a: planet.landing[0], b: planet.landing[1] }),
    t("pile_left", { n: planet.tiles_face_down }),
    planet.developed_by === null
      ? t("undeveloped")
      : t("station_of", { name: names[planet.developed_by] }),
  ].join(", ");
  items.push(s("title", {}, label));
  items.push(
    s("circle", {
      cx, cy, r: R,
      class: "planet-disc" + (target ? " target" : ""),
      fill: PLANET_COLORS[planet.planet] || "#888",
    }),
  );
  const nameAttrs = { x: cx, y: cy - 28, "text-anchor": "middle", class: "planet-name" };
  if (planet.name.length > 9) Object.assign(nameAttrs, { textLength: 2 * R - 18, lengthAdjust: "spacingAndGlyphs" });
  items.push(s("text", nameAttrs, planet.name));
  items.push(...coordinates(planet, cx, cy));
  // the pile: face-down tiles and face-up space tiles
  items.push(
    s("text", { x: cx, y: cy + 29, "text-anchor": "middle", class: "pile-text" },
      s("title", {}, t("pile_left", { n: planet.tiles_face_down }) + ", " + t("space_up_here", { n: planet.space_face_up })),
      `▦${planet.tiles_face_down}` + (planet.space_face_up ? `  ✦${planet.space_face_up}` : "")),
  );
  items.push(...scanMarkers(view, planet, names, cx, cy));
  if (planet.developed_by !== null) items.push(station(planet, names, cx, cy));
  // ships on this planet, just outside the disc
  planet.ships.forEach((seat, i) => {
    const a = angle + Math.PI + (i - (planet.ships.length - 1) / 2) * 0.32;
    items.push(ship(cx + (R + 14) * Math.cos(a), cy + (R + 14) * Math.sin(a), seat, t("ship_of", { name: names[seat] })));
  });
  const attrs = { class: "planet" + (target ? " is-target" : ""), dataset: { planet: planet.planet } };
  if (target) {
    Object.assign(attrs, {
      role: "button",
      tabindex: 0,
      "aria-label": t("choose_planet_named", { name: planet.name }),
      onclick: () => onPick(planet.planet),
      onkeydown: (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onPick(planet.planet);
        }
      },
    });
  }
  return s("g", attrs, items);
}

// The planet's coordinates: blue jump, green scan, two orange landing.
function coordinates(planet, cx, cy) {
  const landing = t("coord_landing", { a: planet.landing[0], b: planet.landing[1] });
  return [
    badge(cx - 42, cy - 4, "#2f7de1", planet.jump, t("coord_jump", { n: planet.jump })),
    badge(cx - 14, cy - 4, "#3bb54a", planet.scan, t("coord_scan", { n: planet.scan })),
    badge(cx + 14, cy - 4, "#f08a24", planet.landing[0], landing),
    badge(cx + 42, cy - 4, "#f08a24", planet.landing[1], landing),
  ];
}

// Scan markers (reserved tiles) per seat, and who has scanned, under the planet's pile.
function scanMarkers(view, planet, names, cx, cy) {
  const markers = [];
  let x = cx - ((view.players - 1) * 18) / 2;
  for (let seat = 0; seat < view.players; seat += 1) {
    const scanned = planet.scanned_by.includes(seat);
    const reserved = planet.reserved[seat];
    if (scanned || reserved) {
      markers.push(
        s("g", { class: "marker" },
          s("title", {}, t("marker_title", { name: names[seat], n: reserved })),
          s("circle", { cx: x, cy: cy + 47, r: 8, fill: reserved ? SEAT_COLORS[seat] : "none", stroke: SEAT_COLORS[seat], "stroke-width": 2 }),
          reserved > 1 ? s("text", { x, y: cy + 51, "text-anchor": "middle", class: "marker-text" }, String(reserved)) : null),
      );
    }
    x += 18;
  }
  return markers;
}

// The station on a developed planet, in its owner's colour.
function station(planet, names, cx, cy) {
  const color = SEAT_COLORS[planet.developed_by];
  return s("g", { class: "station" },
    s("title", {}, t("station_of", { name: names[planet.developed_by] })),
    s("rect", { x: cx + R - 22, y: cy - R + 2, width: 22, height: 22, fill: color, stroke: "#0b1020", "stroke-width": 2, transform: `rotate(45 ${cx + R - 11} ${cy - R + 13})` }));
}

export function board(view, names, targets, onPick) {
  const gate = [];
  gate.push(s("circle", { cx: CENTER, cy: CENTER, r: 92, class: "gate" }));
  gate.push(s("circle", { cx: CENTER, cy: CENTER, r: 70, class: "gate-inner" }));
  gate.push(s("text", { x: CENTER, y: CENTER - 44, "text-anchor": "middle", class: "gate-name" }, t("jump_gate")));
  // probes per player on the gate
  const n = view.players;
  view.seats.forEach((seat, i) => {
    const x = CENTER - ((n - 1) * 30) / 2 + i * 30;
    gate.push(
      s("g", { class: "probes", dataset: { seat: i } },
        s("title", {}, t("probes_of", { name: names[i], n: seat.probes })),
        s("circle", { cx: x, cy: CENTER - 8, r: 11, fill: SEAT_COLORS[i], stroke: "#0b1020" }),
        s("text", { x, y: CENTER - 3.5, "text-anchor": "middle", class: "probe-text" }, String(seat.probes)),
        i === view.start_player
          ? s("text", { x, y: CENTER - 23, "text-anchor": "middle", class: "start-star" }, s("title", {}, t("start_player")), "★")
          : null),
    );
  });
  const atGate = view.seats.filter((seat) => seat.ship === "gate");
  atGate.forEach((seat, i) => {
    const x = CENTER - ((atGate.length - 1) * 22) / 2 + i * 22;
    gate.push(ship(x, CENTER + 30, seat.seat, t("ship_of", { name: names[seat.seat] })));
  });
  gate.push(
    s("text", { x: CENTER, y: CENTER + 64, "text-anchor": "middle", class: "gate-count" },
      s("title", {}, t("space_count_title")),
      `✦ ${view.space_face_up}/${view.space_threshold}`),
  );
  return s(
    "svg",
    { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "board", role: "group", "aria-label": t("board_label"), id: "board" },
    s("circle", { cx: CENTER, cy: CENTER, r: RING, class: "ring" }),
    s("g", { class: "gate-group" }, gate),
    view.planets.map((planet) => planetGroup(view, planet, names, targets, onPick)),
  );
}
