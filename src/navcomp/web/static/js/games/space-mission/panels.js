// The players table and my tiles (collected, reserved, stack memory).
import { h } from "../../dom.js";
import { seatDot } from "../../pieces.js";
import { reservedByPlanet, tileChip } from "./pieces.js";
import { t } from "./strings.js";

export function playersPanel(view, ns) {
  const planetName = (slug) => (slug === "gate" ? t("jump_gate") : view.planets.find((p) => p.planet === slug).name);
  const head = ["player", "ship", "chips", "probes", "stations", "cards", "tiles", "reserved"].map((k) =>
    h("th", { scope: "col", class: `col-${k}` }, t("col_" + k)));
  const rows = view.seats.map((s, i) =>
    h("tr", { class: view.current_player === i ? "on-turn" : "" },
      h("th", { scope: "row" }, seatDot(i), " ", ns[i],
        view.start_player === i ? h("span", { class: "star", title: t("start_player") }, " ★") : null,
        view.current_player === i ? h("span", { class: "sr-only" }, t("on_turn")) : null),
      h("td", { class: "col-ship" }, planetName(s.ship)),
      h("td", {}, s.chips), h("td", {}, s.probes), h("td", {}, s.stations),
      h("td", {}, s.hand_size), h("td", {}, s.tiles), h("td", {}, s.reserved)),
  );
  return h("section", { class: "card", id: "players" }, h("h3", {}, t("players")),
    h("div", { class: "scroll" }, h("table", { class: "seats-table" }, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows))),
    h("p", { class: "muted small" }, "★ ", t("start_player")));
}

export function minePanel(view) {
  const p = view.private;
  const planetName = (slug) => view.planets.find((x) => x.planet === slug).name;
  const tiles = Object.entries(p.tiles);
  return h("section", { class: "card", id: "mine" },
    h("h3", {}, t("my_tiles")),
    h("p", { id: "collected" }, tiles.length ? tiles.map(([n, c]) => tileChip(n, c)) : h("span", { class: "muted" }, t("none"))),
    h("h4", {}, t("my_reserved")),
    h("ul", { id: "reserved" }, p.reserved.length
      ? reservedByPlanet(p.reserved).map(([planet, tiles]) => h("li", {}, h("strong", {}, planetName(planet)), t("colon"),
          Object.entries(tiles).map(([tile, n]) => (tile === "?" ? h("span", { class: "tile" }, t("hidden_tile"), n > 1 ? ` ×${n}` : "") : tileChip(tile, n)))))
      : h("li", { class: "muted" }, t("none"))),
    h("h4", {}, t("memory")),
    h("ul", { id: "memory" }, p.memory.length
      ? p.memory.map((m) => h("li", {}, h("strong", {}, planetName(m.planet)), t("colon"),
          Object.keys(m.tiles).length ? Object.entries(m.tiles).map(([n, c]) => tileChip(n, c)) : h("span", { class: "muted" }, t("pile_empty")),
          m.taken_since ? h("span", { class: "taken" }, " ", t("taken_since", { n: m.taken_since })) : null))
      : h("li", { class: "muted" }, t("memory_empty"))),
  );
}

