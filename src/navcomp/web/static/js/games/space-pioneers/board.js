// Space Pioneers' main area: the supply (deck, face-up cards, seeking), my hand with what to
// do now, and every seat's network as a grid of cards. On my turn the legal entries are
// drawn where they act: face-up cards and the deck to draw, hand cards to choose, the legal
// places as empty slots (in any network), the planet cards to capture, the ships to remove.
import { h } from "../../dom.js";
import { SEAT_COLORS, seatDot } from "../../pieces.js";
import { capturedChips, cardChip, cardFace, cardLabel } from "./cards.js";
import { cardEntry, entryLabel, num, placedBy, placesIn } from "./moves.js";
import { t } from "./strings.js";

// `d` is the drawing at hand: {view, seat, names, groups, busy, play, error, myTurn, over,
// placedByOthers}; `placedByOthers` maps the name of a card another player placed into my
// network to their seat (from the log).

export function board(d) {
  const { view } = d;
  return h("section", { class: "sp-board", id: "board", dataset: { phase: view.phase } },
    h("div", { class: "sp-top" }, supply(d), d.seat !== null ? handStrip(d) : null),
    d.seat !== null ? turnBar(d) : null,
    h("div", { class: "sp-networks", id: "sp-networks" }, seatOrder(view, d.seat).map((p) => seatNetwork(d, p))));
}

// Mine first, then the others in turn order after me; a spectator sees seat order.
function seatOrder(view, seat) {
  const n = view.seats.length;
  const first = seat ?? 0;
  return Array.from({ length: n }, (_, i) => (first + i) % n);
}

function supply(d) {
  const { view, groups } = d;
  const draw = (groups.draw || [])[0];
  const deck = h(draw ? "button" : "div", {
    class: "sp-deck" + (draw ? " sp-pick" : ""), id: "sp-deck",
    dataset: { key: "sp-deck" }, disabled: draw ? d.busy : null,
    title: draw ? entryLabel(draw, view, d.seat) : t("sp_deck_title"),
    onclick: draw ? () => d.play(draw.json) : null,
  }, h("span", { class: "sp-deck-count" }, String(view.deck)), h("span", { class: "sp-deck-word" }, t("sp_deck_word")));
  const slots = view.face_up.map((card, slot) => {
    const take = (groups.take || []).find((e) => e.json.slot === slot);
    const label = h("span", { class: "sp-slot-no" }, t("sp_face_up_n", { n: slot + 1 }));
    if (!card) return h("div", { class: "sp-faceup", dataset: { slot } }, label, h("div", { class: "sp-card sp-empty" }, t("sp_empty_slot")));
    return h("div", { class: "sp-faceup", dataset: { slot } }, label,
      cardFace(card, take
        ? { tag: "button", cls: "sp-pick", attrs: { disabled: d.busy, onclick: () => d.play(take.json), dataset: { key: `sp-take-${slot}` }, title: entryLabel(take, view, d.seat), "aria-label": entryLabel(take, view, d.seat) } }
        : {}));
  });
  const seek = (groups.seek || [])[0];
  return h("div", { class: "sp-supply", id: "sp-supply" },
    h("div", { class: "sp-supply-cards" }, deck, slots),
    seek ? h("button", { class: "small secondary", id: "sp-seek", dataset: { key: "sp-seek" }, disabled: d.busy, title: t("sp_seek_title"), onclick: () => d.play(seek.json) }, t("sp_do_seek")) : null);
}

// What I should do now, in words.
export function prompt(d) {
  const { view, groups } = d;
  if (d.over) return t("game_over");
  if (!d.myTurn) return view.current_player === null ? "" : t("sp_waiting", { name: d.names[view.current_player], what: t("sp_phase_" + view.phase) });
  switch (view.phase) {
    case "choose":
      return (groups.choose || []).length ? t("sp_prompt_choose") : t("sp_prompt_choose_none");
    case "place":
      return t(view.solo ? "sp_prompt_place_solo" : "sp_prompt_place", { card: view.selected ? view.selected.name : "" });
    case "remove":
      return (groups.remove || []).length ? t("sp_prompt_remove") : t("sp_prompt_remove_none");
    default:
      return t("sp_prompt_" + view.phase);
  }
}

function handStrip(d) {
  const { view, groups } = d;
  const hand = view.hand || [];
  const phase = d.myTurn ? view.phase : null;
  const cards = hand.map((card) => {
    const choose = phase === "choose" ? cardEntry(groups, "choose", card.id) : null;
    const remove = phase === "remove" ? cardEntry(groups, "remove", card.id) : null;
    const entry = choose || remove;
    const chosen = view.selected && view.selected.id === card.id;
    let cls = chosen ? "sp-chosen" : "";
    if (entry) cls += remove ? " sp-removable" : " sp-pick";
    else if (phase === "choose") cls += " sp-unplayable";
    if (!entry) {
      const title = phase === "choose" ? t("sp_fits_nowhere") : null;
      return cardFace(card, { cls, attrs: title ? { title } : {} });
    }
    return cardFace(card, {
      tag: "button", cls,
      attrs: { disabled: d.busy, onclick: () => d.play(entry.json), dataset: { key: `sp-hand-${card.id}` }, title: entryLabel(entry, view, d.seat), "aria-label": entryLabel(entry, view, d.seat) },
    });
  });
  return h("div", { class: "sp-hand-strip" + (d.myTurn ? " sp-my-turn" : ""), id: "sp-hand-strip" },
    h("div", { class: "sp-hand-head" }, h("h3", {}, t("sp_your_hand", { n: hand.length }))),
    h("div", { class: "sp-hand", id: "sp-hand" }, cards.length ? cards : h("span", { class: "muted" }, t("sp_no_cards"))));
}

// What to do now and the buttons that are no card: under my hand, and on a phone, on my
// turn, held at the foot of the screen while the board scrolls by.
function turnBar(d) {
  const { groups } = d;
  const button = (type, id, label, cls = "small secondary") => {
    const entry = (groups[type] || [])[0];
    return entry ? h("button", { class: cls, id, dataset: { key: id }, disabled: d.busy, onclick: () => d.play(entry.json) }, label) : null;
  };
  return h("div", { class: "sp-turn" + (d.myTurn ? " sp-my-turn" : ""), id: "sp-turn" },
    h("p", { class: "sp-prompt", id: "sp-prompt", "aria-live": "polite" }, prompt(d)),
    h("div", { class: "row sp-quick" },
      button("pass", "sp-pass", t("sp_do_pass")),
      button("back", "sp-back", t("sp_do_back")),
      button("done", "sp-done", (groups.remove || []).length ? t("sp_do_done") : t("sp_do_done_nothing"), "small")),
    d.error ? h("p", { class: "error", role: "alert", id: "move-error" }, d.error) : null);
}

function seatNetwork(d, p) {
  const { view, groups, names } = d;
  const seat = view.seats[p];
  const mine = p === d.seat;
  const places = d.myTurn && view.phase === "place" ? placesIn(groups, p) : new Map();
  // the cards of this network I may click: a planet to capture, a ship to remove
  const clickable = new Map();
  if (d.myTurn && view.phase === "capture" && view.capture_from === p) {
    for (const e of groups.capture || []) clickable.set(e.json.card, { entry: e, cls: "sp-capturable" });
  }
  if (d.myTurn && view.phase === "remove" && mine) {
    for (const e of groups.remove || []) clickable.set(e.json.card, { entry: e, cls: "sp-removable" });
  }
  const onTurn = view.current_player === p;
  const known = seat.known_hand || [];
  const secretKnown = mine || d.over;
  return h("section", {
    class: "sp-seat" + (onTurn ? " sp-on-turn" : "") + (mine ? " sp-mine" : "") + (places.size ? " sp-target" : ""),
    id: `sp-seat-${p}`, dataset: { seat: p },
    "aria-label": t("sp_network_of", { name: names[p] }),
  },
  h("header", { class: "sp-seat-head" },
    h("h3", {}, seatDot(p), " ", names[p],
      view.start_player === p && !view.solo ? h("span", { class: "sp-start", title: t("sp_start_player") }, " ⚑") : null,
      onTurn ? h("span", { class: "sp-turn-mark", title: t("turn_of", { name: names[p] }) }, " ▶") : null),
    h("span", { class: "sp-points", dataset: { points: seat.points } }, t("points", { n: seat.points })),
    view.solo ? null : missionMarks(view, seat),
    h("span", { class: "sp-handsize" }, t("sp_in_hand", { n: seat.hand_size }),
      !mine && known.length ? [" · ", t(d.over ? "sp_hand_was" : "sp_seen_in_hand"), " ", known.map((c) => cardChip(c))] : null),
    h("span", { class: "sp-netsize" }, t("sp_network_size", { n: seat.network.length })),
    seat.captured.length ? h("span", { class: "sp-captured", dataset: { n: seat.captured.length } }, t("sp_captured"), " ", capturedChips(seat.captured)) : null,
    secretKnown && seat.secret && !mine ? h("span", { class: "sp-secret-mini" }, t("sp_secret_n", { n: seat.secret.card })) : null),
  places.size && d.myTurn ? h("p", { class: "sp-here" }, t(mine ? "sp_places_own" : "sp_places_other", { n: places.size })) : null,
  grid(d, p, seat.network, places, clickable));
}

function missionMarks(view, seat) {
  return h("span", { class: "sp-mmarks", title: t("sp_missions_met", { n: seat.missions.filter(Boolean).length }) },
    seat.missions.map((met, i) => h("span", {
      class: "sp-mmark" + (met ? " sp-met" : ""), title: `${i + 1}. ${t("sp_m_" + view.missions[i])}` + (met ? " ✓" : ""),
      dataset: { mission: view.missions[i], met: met ? "1" : "0" },
    }, met ? "✓" : String(i + 1))));
}

// The network on a CSS grid: a column per x, a row per y (downwards), numbered at the edges.
function grid(d, p, network, places, clickable) {
  const points = network.map((e) => [e.x, e.y]).concat([...places.keys()].map((k) => k.split(",").map(Number)));
  if (!points.length) return h("p", { class: "muted sp-empty-net" }, t("sp_network_empty"));
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const at = (x, y) => `grid-column:${x - x0 + 2};grid-row:${y - y0 + 2}`;
  const cells = [];
  for (let x = x0; x <= x1; x++) cells.push(h("span", { class: "sp-axis sp-axis-x", style: `grid-column:${x - x0 + 2};grid-row:1` }, num(x)));
  for (let y = y0; y <= y1; y++) cells.push(h("span", { class: "sp-axis sp-axis-y", style: `grid-column:1;grid-row:${y - y0 + 2}` }, num(y)));
  const others = p === d.seat ? d.placedByOthers || new Map() : new Map();
  for (const { x, y, card } of network) {
    const click = clickable.get(card.id);
    const where = { x: String(x), y: String(y) };
    const by = others.get(card.name);
    const marked = by === undefined ? {} : {
      title: `${cardLabel(card)} · ${placedBy(by)}`, "aria-label": `${cardLabel(card)} · ${placedBy(by)}`,
      style: `${at(x, y)};--sp-by:${SEAT_COLORS[by % SEAT_COLORS.length]}`,
    };
    cells.push(click
      ? cardFace(card, {
          tag: "button", cls: click.cls + (by === undefined ? "" : " sp-by-other"),
          attrs: {
            style: at(x, y), disabled: d.busy, onclick: () => d.play(click.entry.json), dataset: { ...where, key: `sp-net-${p}-${card.id}` },
            title: entryLabel(click.entry, d.view, d.seat), "aria-label": entryLabel(click.entry, d.view, d.seat),
          },
        })
      : cardFace(card, { cls: by === undefined ? "" : "sp-by-other", attrs: { style: at(x, y), dataset: where, ...marked } }));
  }
  for (const [key, entry] of places) {
    const [x, y] = key.split(",").map(Number);
    const label = entryLabel(entry, d.view, d.seat);
    cells.push(h("button", {
      class: "sp-slot", style: at(x, y), disabled: d.busy, title: label, "aria-label": label,
      dataset: { network: String(p), x: String(x), y: String(y), key: `sp-place-${p}-${key}` },
      onclick: () => d.play(entry.json),
    }, d.view.selected ? cardFace(d.view.selected, { cls: "sp-ghost", attrs: { "aria-hidden": "true", role: null } }) : null,
    h("span", { class: "sp-slot-at" }, `${num(x)}, ${num(y)}`)));
  }
  const net = h("div", {
    class: "sp-net", dataset: { seat: p },
    style: `--cols:${x1 - x0 + 1};grid-template-columns:auto repeat(${x1 - x0 + 1}, var(--sp-w));grid-template-rows:auto repeat(${y1 - y0 + 1}, var(--sp-h))`,
  }, cells);
  const inView = h("p", { class: "sp-net-part", id: `sp-net-part-${p}`, hidden: true, "aria-hidden": "true" });
  const scroller = h("div", { class: "sp-net-scroll", onscroll: () => showPart(scroller, inView) }, net);
  requestAnimationFrame(() => showPart(scroller, inView));
  return [scroller, inView];
}

// A network wider than the screen scrolls sideways: say which columns are in view.
function showPart(scroller, inView) {
  if (!scroller.isConnected) return;
  const wide = scroller.scrollWidth > scroller.clientWidth + 1;
  inView.hidden = !wide;
  scroller.classList.toggle("sp-wide", wide);
  if (!wide) return;
  const left = scroller.scrollLeft;
  const right = left + scroller.clientWidth;
  const columns = [...scroller.querySelectorAll(".sp-axis-x")];
  const seen = columns.filter((c) => c.offsetLeft >= left - 2 && c.offsetLeft + c.offsetWidth <= right + 2);
  if (!seen.length) return;
  inView.textContent = t("sp_net_part", {
    from: seen[0].textContent, to: seen[seen.length - 1].textContent,
    first: columns[0].textContent, last: columns[columns.length - 1].textContent,
  });
}
