// Space Pioneers' view: the table page calls these (docs/web.md, "A game's view"). The main
// area (board.js) holds the supply, my hand and every network as a grid of cards, with my
// legal choices drawn where they act; the side (panels.js) lists every legal action as a
// button, the missions, top-secret cards, the solo card and the open piles.
import { h } from "../../dom.js";
import { seatDot } from "../../pieces.js";
import { board } from "./board.js";
import { cardChip } from "./cards.js";
import { byType, intoMine, logText, placedBy, setNames } from "./moves.js";
import { actionsCard, missionsCard, pilesCard, secretsCard, soloCard } from "./panels.js";
import { notes } from "./scores.js";
import { t } from "./strings.js";

export { strings } from "./strings.js";

export function frontDoor() {
  return {
    picture: { src: new URL("./front.png", import.meta.url).pathname, width: 560, height: 252 },
    tutorial: "space-pioneers",
    rules: new URL("./rules.html", import.meta.url).pathname,
  };
}

document.head.append(h("link", { rel: "stylesheet", href: new URL("./space-pioneers.css", import.meta.url).pathname }));

export function freshUi() {
  return {};
}

export function drawGame(ctx) {
  setNames(ctx.names, ctx.seat);
  const { view } = ctx;
  const d = {
    view, seat: ctx.seat, names: ctx.names, legal: ctx.legal, groups: byType(ctx.myTurn ? ctx.legal : null),
    busy: ctx.busy, play: ctx.play, error: ctx.error, myTurn: ctx.myTurn, over: ctx.over,
    placedByOthers: placedByOthers(ctx.log || []),
  };
  return {
    status: statusItems(view, ctx.names),
    main: board(d),
    side: [
      ctx.seat !== null && !ctx.over ? actionsCard(d) : null,
      soloCard(view),
      secretsCard(d),
      missionsCard(d),
      pilesCard(view),
    ],
  };
}

// The cards others placed into my network, by name: the seat that placed each.
function placedByOthers(log) {
  const out = new Map();
  for (const entry of log) if (intoMine(entry)) out.set(entry.detail.card, entry.seat);
  return out;
}

// The end in words once it has begun (the table says it aloud once: `data-announce`).
function statusItems(view, names) {
  const solo = view.solo_card;
  const last = names[(view.start_player + view.players - 1) % view.players]; // the round's last
  let notice = null;
  if (view.phase !== "over" && solo && solo.last_turn) notice = t("sp_last_turn");
  else if (view.phase !== "over" && view.ending) notice = solo ? t("sp_ending_solo") : t("sp_ending", { name: last });
  return [
    h("span", { id: "sp-turn-no" }, t("sp_turn_n", { n: view.turn })),
    view.current_player !== null ? h("span", { id: "sp-phase" }, t("sp_phase_" + view.phase)) : null,
    h("span", { id: "sp-deck-count" }, t("sp_deck_n", { n: view.deck })),
    solo ? h("span", { id: "sp-solo-status" }, t("sp_solo_status", { side: solo.side, n: solo.done.filter(Boolean).length, fulfilled: solo.fulfilled })) : null,
    notice ? h("strong", { class: "sp-notice", id: "sp-ending", dataset: { announce: "1" } }, notice) : null,
  ];
}

export function actionText(text, _view, detail, actor = null) {
  return logText(text, detail, actor);
}

// A card another player placed into my network: its line stands out.
export function logMark(entry) {
  return intoMine(entry) ? { cls: "sp-log-into-mine", title: placedBy(entry.seat) } : null;
}

export function categoryName(category) {
  return t("sp_cat_" + category, {}, category);
}

// The players' rules page, in this folder (written by scripts/rules_page.py).
export function helpItems() {
  return [h("a", { href: new URL("./rules.html", import.meta.url).pathname, id: "rules-link", target: "_blank", rel: "noopener" }, t("rules_link"))];
}

export function scoreNotes(view, result, names, table = null) {
  return notes(view, result, names, table);
}

// A replay step: the networks and piles from the public view, every hand and top-secret
// card from the seats' private parts (all revealed).
export function drawReplay(step, names) {
  setNames(names);
  const { view } = step;
  const parts = step.private || [];
  const d = { view, seat: null, names, legal: null, groups: {}, busy: true, play: () => {}, error: null, myTurn: false, over: view.phase === "over" };
  const seats = view.seats.map((seat, p) => {
    const part = parts[p] || {};
    const secret = part.secret || seat.secret;
    return { ...seat, secret, hand: part.hand || seat.known_hand };
  });
  return {
    main: board(d),
    side: [
      h("section", { class: "card", id: "replay-hands" }, h("h3", {}, t("replay_revealed")),
        seats.map((seat, p) => h("div", { class: "revealed", dataset: { seat: p } },
          h("h4", {}, seatDot(p), " ", names[p], view.current_player === p ? h("span", { class: "star" }, " ▶") : null),
          h("div", { class: "sp-chips" }, seat.hand.length ? seat.hand.map((c) => cardChip(c)) : h("span", { class: "muted" }, t("sp_no_cards"))),
          parts[p] && parts[p].selected ? h("p", { class: "small" }, t("sp_chosen", { card: parts[p].selected.name })) : null,
          seat.secret ? h("p", { class: "small" }, t("sp_secret_n", { n: seat.secret.card }), t("colon"),
            seat.secret.tasks.map((task) => t("sp_m_" + task)).join(" · ")) : null))),
      soloCard(view),
      missionsCard(d),
      pilesCard(view),
    ],
  };
}
