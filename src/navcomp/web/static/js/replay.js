// After the game: a replay with everything revealed (GET /api/tables/{id}/replay). Step 0 is
// the setup, step k the position after the k-th log entry. Each step carries the public view
// and every seat's private part; the game's view draws them (`drawReplay`, with the table's
// own board), this page the controls and the list of steps.
import { get } from "./api.js";
import { chatCard } from "./chat.js";
import { h, replace } from "./dom.js";
import { viewFor } from "./games/index.js";
import { t } from "./i18n.js";
import { setHelp } from "./page.js";
import { errorText, seatDot, seatName } from "./pieces.js";
import { gameTitle, loadGames } from "./state.js";
import { setTitle } from "./turns.js";

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
    const [data] = await Promise.all([get(`/api/tables/${id}/replay`), loadGames()]);
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

// The arrow keys step through the replay (Home and End: the setup, the end), unless a field
// or the slider has the focus (the slider steps by its own arrow keys).
const KEY_STEPS = { ArrowLeft: (s) => s - 1, ArrowRight: (s) => s + 1, Home: () => 0, End: () => Infinity };
document.addEventListener("keydown", (event) => {
  if (!replay || !replay.data || !(event.key in KEY_STEPS)) return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) return;
  event.preventDefault();
  go(KEY_STEPS[event.key](replay.step));
});

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
  const game = viewFor(table.game);
  const ns = table.seats.map((s) => seatName(s));
  const step = at(replay.step);
  // the move that led to this step, as the log reads it up to here (a Top up being chosen)
  const entry = replay.step ? game.foldLog(bySteps(entries.slice(0, replay.step))).at(-1) : null;
  const drawn = game.drawReplay(step, ns);
  setTitle(t("replay_title", { id: replay.id }) + ` · ${gameTitle(table.game)} · NavComp`);
  setHelp(game.helpItems());
  replace(
    replay.root,
    h("div", { class: "game replay", dataset: { game: table.game } },
      controls(entries.length, entry, step.view, ns, game),
      h("div", { class: "board-wrap" }, drawn.main),
      h("aside", { class: "side" },
        drawn.side,
        stepList(entries, step.view, ns, game),
        chatCard(replay.id, { over: true, readOnly: true }),
        back)),
  );
}

function controls(last, entry, view, ns, game) {
  const step = replay.step;
  const button = (id, label, target, disabled) =>
    h("button", { class: "small secondary", id, dataset: { key: id }, disabled, onclick: () => go(target) }, label);
  const result = step === last ? replay.data.table.result : null;
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
        ? [seatDot(entry.seat), " ", ns[entry.seat], t("colon"), entryText(entry, view, game)]
        : t("replay_setup"),
      result ? h("strong", { class: "winner-line" }, " · ★ ", result.winners.map((w) => ns[w]).join(", ")) : null),
  );
}

const entryText = (entry, view, game) => (entry.text === "undo" ? t("undo_done") : game.actionText(entry.text, view, entry.detail ?? null, entry.seat));

// The log as the table's reads it (`foldLog`: one line for what reads as one move), a line a
// step: the step after its last action (a step inside it is marked on it too).
function stepList(entries, view, ns, game) {
  const item = (step, first, content) => {
    const current = replay.step >= first && replay.step <= step;
    return h("li", { class: current ? "current" : "" },
      h("button", { class: "link", dataset: { key: `step-${step}` }, "aria-current": current ? "step" : null, onclick: () => go(step) },
        h("span", { class: "seq" }, String(step)), content));
  };
  return h("section", { class: "card" }, h("h3", {}, t("log")),
    h("ol", { class: "log", id: "replay-steps" },
      item(0, 0, t("replay_setup")),
      game.foldLog(bySteps(entries)).map((e) => item(e.seq, e.first ?? e.seq, [seatDot(e.seat), " ", ns[e.seat], t("colon"), entryText(e, view, game)]))));
}

// The replay's entries numbered by their steps, as the log numbers them by versions.
const bySteps = (entries) => entries.map((e, i) => ({ seq: i + 1, seat: e.seat, text: e.text, detail: e.detail ?? null }));
