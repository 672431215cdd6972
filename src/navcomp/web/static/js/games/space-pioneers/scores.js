// What Space Pioneers says under the score sheet: the top-secret cards and the tasks met, the
// tie rule (more cards in the network, then shared) for equal totals; after a solo game the
// solo card's totals and the solo high scores with this game marked (after a tutorial's,
// that its score counts for none).
import { h } from "../../dom.js";
import { seatDot } from "../../pieces.js";
import { soloLists, soloScores } from "../../solo_scores.js";
import { gameTitle } from "../../state.js";
import { t } from "./strings.js";

// `table`: the finished table's JSON (a tutorial's solo game sets no high score).
export function notes(view, result, names, table = null) {
  if (view.solo) return soloNotes(view, result, table);
  const secrets = view.seats.map((seat, p) => [p, seat.secret]).filter(([, s]) => s && s.met);
  return h("div", { class: "sp-notes", id: "sp-score-notes" },
    secrets.length
      ? h("div", { class: "sp-task-rows", id: "sp-tasks-met" },
          h("h3", {}, t("sp_tasks_caption")),
          secrets.map(([p, secret]) => h("div", { class: "sp-task-row", dataset: { seat: p } },
            h("strong", {}, seatDot(p), " ", names[p], " · ", t("sp_secret_n", { n: secret.card })),
            secret.tasks.map((task, i) => h("span", { class: "sp-task " + (secret.met[i] ? "sp-met" : "sp-unmet"), dataset: { task } },
              secret.met[i] ? "✓ " : "✗ ", t("sp_m_" + task))))))
      : null,
    tieNotes(view, result, names).map((line) => h("p", { class: "tie-rule" }, line)));
}

// One sentence per group of equal totals (none without a tie): the larger network places
// them, else they share.
function tieNotes(view, result, names) {
  const groups = new Map();
  result.scores.forEach((score, p) => groups.set(score, [...(groups.get(score) || []), p]));
  const out = [];
  for (const [score, seats] of groups) {
    if (seats.length < 2) continue;
    const who = seats.map((p) => names[p]).join(", ");
    const sizes = seats.map((p) => t("sp_tie_size", { name: names[p], n: view.seats[p].network.length })).join(", ");
    const shared = new Set(seats.map((p) => result.ranks[p])).size === 1;
    out.push(t(shared ? "sp_tie_shared" : "sp_tie_network", { names: who, n: score, sizes }));
  }
  return out;
}

let board = { key: null, scores: null, pending: null };

function soloNotes(view, result, finished) {
  const solo = view.solo_card;
  const summary = h("p", { id: "sp-solo-summary" }, t("sp_solo_summary", { fulfilled: solo.fulfilled, completed: solo.completed, side: solo.side }));
  if (finished && finished.tutorial) {
    return h("div", { class: "sp-notes", id: "sp-score-notes" }, summary,
      h("p", { id: "sp-tutorial-score" }, t("sp_tutorial_score", { n: result.scores[0] })));
  }
  const match = location.hash.match(/^#\/table\/(\d+)/);
  const table = match ? Number(match[1]) : null;
  const box = h("section", { class: "high-scores sp-high", id: "sp-high-scores" });
  const fill = () => {
    if (board.scores) box.replaceChildren(h("h3", {}, t("solo_scores_title", { game: gameTitle("space-pioneers") })), ...soloLists(board.scores, table));
  };
  if (board.key !== location.hash || (!board.scores && !board.pending)) {
    board = { key: location.hash, scores: null, pending: null };
    board.pending = soloScores("space-pioneers")
      .then((scores) => { board.scores = scores; })
      .catch(() => {})
      .finally(() => { board.pending = null; });
  }
  if (board.scores) fill();
  else {
    box.append(h("p", { class: "muted" }, t("loading")));
    board.pending?.then(fill);
  }
  return h("div", { class: "sp-notes", id: "sp-score-notes" }, summary, box);
}
