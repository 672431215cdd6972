// After the game: a replay with everything revealed (GET /api/tables/{id}/replay). Step 0 is
// the setup, step k the position after the k-th log entry. Each step carries the public view
// and every seat's private part, drawn with the table's own board and pieces.
import { get } from "./api.js";
import { board } from "./board.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./lobby.js";
import { playersPanel } from "./panels.js";
import { cardFace, cardLabel, errorText, readable, reservedByPlanet, seatDot, tileChip } from "./pieces.js";

let replay = null;

export function closeReplay() {
  replay = null;
}

export async function renderReplay(root, id) {
  if (replay && replay.id === id) {
    replay.root = root;
    draw();
    return;
  }
  const mine = { id, root, data: null, step: 0, error: null };
  replay = mine;
  draw();
  try {
    const data = await get(`/api/tables/${id}/replay`);
    if (replay !== mine) return;
    mine.data = data;
  } catch (error) {
    if (replay !== mine) return;
    mine.error = error;
  }
  draw();
}

function go(step) {
  const last = replay.data.entries.length;
  replay.step = Math.max(0, Math.min(last, step));
  draw();
  // keep the step list's current line in sight
  document.querySelector("#replay-steps .current")?.scrollIntoView({ block: "nearest" });
}

function at(step) {
  return step === 0 ? replay.data.initial_view : replay.data.entries[step - 1];
}

function draw() {
  if (!replay) return;
  const back = h("p", {}, h("a", { href: `#/table/${replay.id}`, id: "replay-back" }, t("replay_back")));
  if (!replay.data) {
    replace(replay.root,
      h("p", { class: replay.error ? "error" : "muted", id: "replay-error" }, replay.error ? errorText(replay.error) : t("loading")), back);
    return;
  }
  const { entries, table } = replay.data;
  const ns = table.seats.map((s) => seatName(s));
  const { view, private: hands } = at(replay.step);
  const entry = replay.step ? entries[replay.step - 1] : null;
  document.title = t("replay_title", { id: replay.id }) + " · " + t("title");
  replace(
    replay.root,
    h("div", { class: "game replay" },
      controls(entries.length, entry, view, ns),
      h("div", { class: "board-wrap" }, board(view, ns, new Set(), () => {})),
      h("aside", { class: "side" },
        h("section", { class: "card", id: "replay-hands" }, h("h3", {}, t("replay_revealed")),
          hands.map((p, seat) => seatHand(view, ns, p, seat))),
        playersPanel(view, ns),
        stepList(entries, view, ns),
        back)),
  );
}

function controls(last, entry, view, ns) {
  const step = replay.step;
  const button = (id, label, target, disabled) =>
    h("button", { class: "small secondary", id, dataset: { key: id }, disabled, onclick: () => go(target) }, label);
  const result = view.result;
  return h("section", { class: "card status replay-controls", id: "replay" },
    h("h2", {}, t("replay_title", { id: replay.id })),
    h("div", { class: "row" },
      button("replay-first", "« " + t("replay_first"), 0, step === 0),
      button("replay-prev", "◀ " + t("replay_prev"), step - 1, step === 0),
      h("span", { id: "replay-step", "aria-live": "polite" }, t("replay_step", { n: step, of: last })),
      button("replay-next", t("replay_next") + " ▶", step + 1, step === last),
      button("replay-last", t("replay_last") + " »", last, step === last)),
    h("input", {
      type: "range", id: "replay-slider", class: "replay-slider", min: 0, max: last, value: step,
      dataset: { key: "replay-slider" }, "aria-label": t("replay_slider"),
      // on release (a redraw while dragging would drop the thumb); arrow keys fire it too
      onchange: (event) => go(Number(event.target.value)),
    }),
    h("p", { id: "replay-move" },
      entry
        ? [seatDot(entry.seat), " ", ns[entry.seat], ": ", entry.text === "undo" ? t("undo_done") : readable(entry.text, view)]
        : t("replay_setup"),
      " · ", t("round_n", { n: view.round }),
      result ? h("strong", { class: "winner-line" }, " · ★ ", result.winners.map((w) => ns[w]).join(", ")) : null),
  );
}

function seatHand(view, ns, p, seat) {
  const planetName = (slug) => view.planets.find((x) => x.planet === slug).name;
  const tiles = Object.entries(p.tiles);
  return h("div", { class: "revealed", dataset: { seat } },
    h("h4", {}, seatDot(seat), " ", ns[seat], view.current_player === seat ? h("span", { class: "star" }, " ▶") : null),
    h("div", { class: "hand" }, p.hand.length
      ? p.hand.map((card) => h("span", { class: "card-face small-card", title: cardLabel(card), role: "img", "aria-label": cardLabel(card), dataset: { card } }, cardFace(card)))
      : h("span", { class: "muted" }, t("no_cards"))),
    h("p", { class: "tiles" }, t("replay_tiles"), ": ", tiles.length ? tiles.map(([n, c]) => tileChip(n, c)) : h("span", { class: "muted" }, t("none"))),
    h("p", { class: "reserved" }, t("replay_reserved"), ": ", p.reserved.length
      ? reservedByPlanet(p.reserved).map(([planet, kinds]) => h("span", { class: "reserved-at" }, h("strong", {}, planetName(planet)), " ",
          Object.entries(kinds).map(([tile, n]) => (tile === "?" ? h("span", { class: "tile" }, t("hidden_tile"), n > 1 ? ` ×${n}` : "") : tileChip(tile, n)))))
      : h("span", { class: "muted" }, t("none"))),
  );
}

function stepList(entries, view, ns) {
  const item = (step, content) => h("li", { class: step === replay.step ? "current" : "" },
    h("button", { class: "link", dataset: { key: `step-${step}` }, "aria-current": step === replay.step ? "step" : null, onclick: () => go(step) },
      h("span", { class: "seq" }, String(step)), content));
  return h("section", { class: "card" }, h("h3", {}, t("log")),
    h("ol", { class: "log", id: "replay-steps" },
      item(0, t("replay_setup")),
      entries.map((e, i) => item(i + 1, [seatDot(e.seat), " ", ns[e.seat], ": ", e.text === "undo" ? t("undo_done") : readable(e.text, view)]))));
}
