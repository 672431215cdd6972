// One step of the replay, Space Mission's part: the board, every hand revealed and the
// players table (the steps, controls and log are the replay page's).
import { h } from "../../dom.js";
import { seatDot } from "../../pieces.js";
import { board } from "./board.js";
import { playersPanel } from "./panels.js";
import { cardFace, cardLabel, reservedByPlanet, tileChip } from "./pieces.js";
import { t } from "./strings.js";

export function drawReplay(step, ns) {
  const { view, private: hands } = step;
  return {
    main: board(view, ns, new Set(), () => {}),
    side: [
      h("section", { class: "card", id: "replay-hands" }, h("h3", {}, t("replay_revealed")),
        hands.map((p, seat) => seatHand(view, ns, p, seat))),
      playersPanel(view, ns),
    ],
  };
}

function seatHand(view, ns, p, seat) {
  const planetName = (slug) => view.planets.find((x) => x.planet === slug).name;
  const tiles = Object.entries(p.tiles);
  return h("div", { class: "revealed", dataset: { seat } },
    h("h4", {}, seatDot(seat), " ", ns[seat], view.current_player === seat ? h("span", { class: "star" }, " ▶") : null),
    h("div", { class: "hand" }, p.hand.length || (p.chosen || []).length
      ? [...p.hand.map((card) => h("span", { class: "card-face small-card", title: cardLabel(card), role: "img", "aria-label": cardLabel(card), dataset: { card } }, cardFace(card))),
        // cards chosen for a Top up not drawn yet at this step
        ...(p.chosen || []).map((card) => h("span", { class: "card-face small-card discarding", title: t("topup_chosen", { card: cardLabel(card) }), role: "img", "aria-label": t("topup_chosen", { card: cardLabel(card) }), dataset: { card, chosen: "1" } }, cardFace(card)))]
      : h("span", { class: "muted" }, t("no_cards"))),
    h("p", { class: "tiles" }, t("replay_tiles"), t("colon"), tiles.length ? tiles.map(([n, c]) => tileChip(n, c)) : h("span", { class: "muted" }, t("none"))),
    h("p", { class: "reserved" }, t("replay_reserved"), t("colon"), p.reserved.length
      ? reservedByPlanet(p.reserved).map(([planet, kinds]) => h("span", { class: "reserved-at" }, h("strong", {}, planetName(planet)), " ",
          Object.entries(kinds).map(([tile, n]) => (tile === "?" ? h("span", { class: "tile" }, t("hidden_tile"), n > 1 ? ` ×${n}` : "") : tileChip(tile, n)))))
      : h("span", { class: "muted" }, t("none"))),
  );
}
