// Space Pioneers' side column: every legal action as a plain button (keyboards and the tests
// play from it), the four missions with each seat's marks, top-secret cards, the solo card,
// and the open piles (the discard pile, most recent first, and the cards seeking removed).
import { h } from "../../dom.js";
import { seatDot } from "../../pieces.js";
import { cardChip } from "./cards.js";
import { entryLabel } from "./moves.js";
import { prompt } from "./board.js";
import { t } from "./strings.js";

export function actionsCard(d) {
  const { view } = d;
  const mine = d.myTurn;
  const heading = mine ? t("sp_your_turn", { what: t("sp_phase_" + view.phase) }) : t("waiting_for", { name: d.names[view.current_player] });
  return h("section", { class: "card sp-actions", id: "actions", dataset: { mine: mine ? "1" : "0", phase: view.phase } },
    h("h3", {}, heading),
    mine ? null : h("p", { class: "hint" }, prompt(d)), // mine is above my hand
    mine
      ? h("div", { class: "choices sp-legal", role: "group", "aria-label": t("choose_action") },
          (d.legal || []).map((entry) => h("button", {
            class: "small legal" + (entry.json.type === "place" ? " secondary" : ""),
            dataset: { key: `legal-${entry.id}`, action: entry.text, type: entry.json.type },
            disabled: d.busy, onclick: () => d.play(entry.json),
          }, entryLabel(entry, view, d.seat))))
      : null);
}

// The four missions, 2 points each, with a column of marks per seat.
export function missionsCard(d) {
  const { view, names } = d;
  if (!view.missions.length) return null;
  return h("section", { class: "card sp-missions", id: "sp-missions" },
    h("h3", {}, t("sp_missions_title")),
    h("div", { class: "scroll" }, h("table", { class: "sp-mtable" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), view.seats.map((_, p) => h("th", { scope: "col", title: names[p] }, seatDot(p))))),
      h("tbody", {}, view.missions.map((key, i) => h("tr", { dataset: { mission: key } },
        h("th", { scope: "row" }, `${i + 1}. ${t("sp_m_" + key)}`),
        view.seats.map((seat, p) => h("td", { class: seat.missions[i] ? "sp-met" : "", title: names[p], dataset: { seat: p } },
          seat.missions[i] ? "✓" : "·"))))))));
}

function taskList(secret) {
  return h("ol", { class: "sp-tasks" }, secret.tasks.map((task, i) => {
    const met = secret.met ? secret.met[i] : null;
    return h("li", { class: met === true ? "sp-met" : met === false ? "sp-unmet" : "", dataset: { task } },
      t("sp_m_" + task), met === null ? null : h("strong", {}, met ? " ✓" : " ✗"));
  }));
}

// My top-secret card while the game runs (at the end the notes under the score sheet show
// everybody's, with the tasks met).
export function secretsCard(d) {
  const mine = d.seat !== null && !d.over ? d.view.seats[d.seat].secret : null;
  if (!mine) return null;
  return h("section", { class: "card sp-secret", id: "sp-secret", dataset: { card: mine.card } },
    h("h3", {}, t("sp_secret_title", { n: mine.card })),
    h("p", { class: "muted small" }, t("sp_secret_hint")),
    taskList(mine));
}

// The solo card: its side, the side's two missions with their marks, the totals.
export function soloCard(view) {
  const solo = view.solo_card;
  if (!solo) return null;
  return h("section", { class: "card sp-solo", id: "sp-solo", dataset: { side: solo.side } },
    h("h3", {}, t("sp_solo_title", { side: solo.side })),
    h("ol", { class: "sp-tasks" }, solo.missions.map((key, i) =>
      h("li", { class: solo.done[i] ? "sp-met" : "", dataset: { mission: key, done: solo.done[i] ? "1" : "0" } },
        t("sp_m_" + key, { n: solo.targets[key] ?? "" }), solo.done[i] ? h("strong", {}, " ✓") : null))),
    h("p", { class: "sp-solo-count" },
      h("span", { id: "sp-solo-fulfilled" }, t("sp_solo_fulfilled", { n: solo.fulfilled })), " · ",
      h("span", { id: "sp-solo-completed" }, t("sp_solo_completed", { n: solo.completed }))),
    h("p", { class: "muted small" }, t("sp_solo_hint")),
    solo.last_turn && view.phase !== "over" ? h("p", { class: "sp-notice", id: "sp-last-turn" }, t("sp_last_turn")) : null);
}

export function pilesCard(view) {
  const pile = (id, title, cards) => h("div", { class: "sp-pile", id },
    h("h4", {}, t(title, { n: cards.length })),
    cards.length ? h("div", { class: "sp-chips" }, cards.map((c) => cardChip(c))) : h("p", { class: "muted small" }, t("sp_pile_empty")));
  return h("section", { class: "card sp-piles", id: "sp-piles" },
    pile("sp-discard", "sp_discard_title", [...view.discard].reverse()),
    view.removed.length ? pile("sp-removed", "sp_removed_title", [...view.removed].reverse()) : null);
}
