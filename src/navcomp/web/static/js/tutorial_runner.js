// The tutorial at a tutorial table (its `table.tutorial`): the step's callout at the foot of
// the screen and a highlight on the part of the table it is about; the person's moves go
// to the server only if the step expects them (any other is refused here with the step's
// reason, in the page's language); explanations wait for Next; the last step says the
// steps are done and offers to end the tutorial there (the game stays in My games) or to
// play on to the game's end. A game's script and texts are its own (tutorial_steps.js): nothing here
// knows a game.
import { get, post } from "./api.js";
import { h } from "./dom.js";
import { viewFor } from "./games/index.js";
import { t } from "./i18n.js";
import { setCallout } from "./page.js";
import { errorText } from "./pieces.js";
import { gameTitle } from "./state.js";
import { current, redraw } from "./table_state.js";
import { advance, loadScript, progress, refusal, resumeStep, versionBefore } from "./tutorial_steps.js";

const RESUME_AT = "navcomp_tutorial_step"; // sessionStorage: the step a restarted table opens at

// The tutorial of the table on show, for its seated person: its state, made once the
// script is loaded (null before, and at any other table).
function tutorial() {
  const data = current && current.data;
  if (!data || !data.table.tutorial || data.seat === null || data.table.status === "open") return null;
  if (!current.tutorial) {
    current.tutorial = { script: null, shown: null, refused: null, hidden: false, menu: false, revealed: null };
    const table = current;
    loadScript(data.table.game).then((script) => {
      if (table !== current) return;
      current.tutorial.script = script;
      redraw();
    }).catch(() => {});
  }
  return current.tutorial.script ? current.tutorial : null;
}

// The log as far as the table on show: the page's own when it is up to date, else fetched.
async function freshLog() {
  const newest = current.log.length ? current.log[current.log.length - 1].seq : 0;
  if (current.logComplete && newest === current.data.version) return current.log;
  return (await get(`/api/tables/${current.id}/log`)).entries;
}

function logReady() {
  const newest = current.log.length ? current.log[current.log.length - 1].seq : 0;
  return current.logComplete && newest === current.data.version;
}

// The step to show, moved on past action steps that are done; the progress it rests on.
function place(tut, log) {
  const p = progress(tut.script, log, current.data.seat);
  if (tut.shown === null) tut.shown = opening(tut.script, p);
  tut.shown = advance(tut.script, p, tut.shown);
  return p;
}

function opening(script, p) {
  const resume = resumeStep(script, p);
  const wanted = JSON.parse(sessionStorage.getItem(RESUME_AT) || "null");
  sessionStorage.removeItem(RESUME_AT);
  if (!wanted || wanted.table !== current.id) return resume;
  const between = script.steps.slice(resume, wanted.step).every((step) => !(step.expect || []).length);
  return wanted.step >= resume && wanted.step < script.steps.length && between ? wanted.step : resume;
}

// The table's `play`, through the step shown: a move it does not expect is refused here
// with the step's reason and never sent.
export function guardPlay(play) {
  return async (...actions) => {
    const tut = tutorial();
    if (!tut || current.data.table.status !== "playing") return play(...actions);
    const table = current;
    const p = place(tut, await freshLog());
    if (table !== current) return undefined;
    const why = refusal(tut.script, p, tut.shown, actions, current.data.legal);
    if (why === null) {
      tut.refused = null;
      return play(...actions);
    }
    refuse(tut, why);
    return undefined;
  };
}

// Undo is the person's own only in free play.
export function guardUndo(undo) {
  return () => {
    const tut = tutorial();
    if (!tut || !logReady()) return undo();
    const p = place(tut, current.log);
    if (tut.script.steps[tut.shown].free || p.off) return undo();
    refuse(tut, "tutorial_no_undo");
    return undefined;
  };
}

function refuse(tut, key) {
  tut.refused = key; // worded when drawn: a change of language words it anew
  current.ui.error = say(key);
  current.gameUi = null; // the choice being built goes with the refusal
  redraw();
}

// A text of the game's strings (its steps), else the table's own.
function say(key) {
  return viewFor(current.data.table.game).t(key);
}

// After each drawing of the table: the callout and the highlight of the step shown.
export function drawTutorial() {
  const tut = tutorial();
  if (!tut || !logReady()) {
    if (!tut) setCallout(null);
    return;
  }
  const p = place(tut, current.log);
  const over = current.data.table.status === "over";
  if (over && tut.hidden && !tut.endShown) tut.hidden = false; // the end is said once, if hidden
  tut.endShown ||= over;
  const step = tut.script.steps[tut.shown];
  highlight(over || tut.hidden ? null : step.point);
  setCallout(tut.hidden ? showButton(tut) : callout(tut, p, over));
  if (!over && !tut.hidden && tut.revealed !== tut.shown) reveal(tut, step.point);
}

// `selector` may be a list ("a, b"): every part of the table it names is highlighted.
function highlight(selector) {
  for (const old of document.querySelectorAll(".tut-target")) old.classList.remove("tut-target");
  for (const target of selector ? current.root.querySelectorAll(selector) : []) target.classList.add("tut-target");
}

// Scroll the step's part of the table into the screen above the callout (once a step, when
// it is there: some appear only after a move, such as the tiles to pick).
function reveal(tut, selector, again = false) {
  const target = selector ? current.root.querySelector(selector) : null;
  if (!target) return;
  if (!again) tut.revealed = tut.shown;
  const box = document.getElementById("tutorial");
  const free = window.innerHeight - (box ? box.offsetHeight : 0) - 16;
  const rect = target.getBoundingClientRect();
  if (rect.top >= 8 && rect.bottom <= free) return;
  const top = rect.height > free - 8 ? rect.top - 8 : rect.top - (free - rect.height) / 2;
  window.scrollBy(0, top);
}

function showButton(tut) {
  return h("button", {
    class: "tutorial-show", id: "tutorial-show", dataset: { key: "tutorial-show" },
    onclick: () => { tut.hidden = false; redraw(); },
  }, t("tutorial_show"));
}

function callout(tut, p, over) {
  const script = tut.script;
  const step = script.steps[tut.shown];
  const mine = current.data.table.to_move === current.data.seat;
  const text = over ? say(script.done) : p.off ? t("tutorial_off_script") : say(step.say);
  return h("section", {
    class: "tutorial-card", role: "region", "aria-label": t("tutorial_title", { game: gameTitle(current.data.table.game) }),
    dataset: { step: String(tut.shown + 1), free: step.free ? "1" : "0", over: over ? "1" : "0" },
  },
  h("div", { class: "tutorial-head" },
    h("strong", {}, t("tutorial_title", { game: gameTitle(current.data.table.game) })),
    h("span", { id: "tutorial-step" }, t("tutorial_step", { n: tut.shown + 1, of: script.steps.length }))),
  h("p", { id: "tutorial-text", "aria-live": "polite" }, text),
  step.free && !over && !p.off ? h("p", { id: "tutorial-steps-done" }, t("tutorial_steps_done")) : null,
  !over && (step.expect || []).length && !mine ? h("p", { class: "muted", id: "tutorial-wait" }, t("tutorial_wait")) : null,
  tut.refused && !over ? h("p", { class: "tutorial-refused", id: "tutorial-refused", role: "alert" }, say(tut.refused)) : null,
  tut.error ? h("p", { class: "error", role: "alert" }, tut.error) : null,
  buttons(tut, p, over));
}

function buttons(tut, p, over) {
  const step = tut.script.steps[tut.shown];
  const info = !over && !p.off && !step.free && !(step.expect || []).length;
  const button = (key, label, onclick, cls = "small secondary") =>
    h("button", { class: cls, id: key, dataset: { key }, onclick }, label);
  const free = step.free && !over;
  return h("div", { class: "row tutorial-buttons" },
    info ? button("tutorial-next", t("tutorial_next"), () => next(tut), "small") : null,
    free ? button("tutorial-end", t("tutorial_end"), () => { location.hash = "#/"; }, "small") : null,
    free ? button("tutorial-play-on", t("tutorial_play_on"), () => { tut.hidden = true; redraw(); }) : null,
    over ? button("tutorial-again", t("tutorial_play_again"), () => restart(tut, 0), "small") : null,
    !over && step.point ? button("tutorial-show-me", t("tutorial_show_me"), () => reveal(tut, step.point, true)) : null,
    over ? null : button("tutorial-restart", t("tutorial_restart"), () => { tut.menu = !tut.menu; redraw(); }),
    tut.menu && !over ? [
      button("tutorial-from-start", t("tutorial_from_start"), () => restart(tut, 0)),
      tut.shown > 0 ? button("tutorial-from-step", t("tutorial_from_step"), () => restart(tut, tut.shown)) : null,
    ] : null,
    over ? null : button("tutorial-hide", t("tutorial_hide"), () => { tut.hidden = true; redraw(); }),
    free ? null : button("tutorial-leave", over ? t("back_to_lobby") : t("tutorial_leave"), () => { location.hash = "#/"; }));
}

function next(tut) {
  tut.shown = Math.min(tut.shown + 1, tut.script.steps.length - 1);
  tut.refused = null;
  current.ui.error = null;
  redraw();
}

// A new table of the tutorial: from its start (`step` 0), or from step `step` of this one
// (its log copied up to where that step begins).
async function restart(tut, step) {
  const name = current.data.table.tutorial;
  try {
    const p = progress(tut.script, await freshLog(), current.data.seat);
    const body = step === 0 ? {} : { restart: { table: current.id, version: versionBefore(p, step) } };
    const made = await post(`/api/tutorials/${encodeURIComponent(name)}/tables`, body);
    if (step > 0) sessionStorage.setItem(RESUME_AT, JSON.stringify({ table: made.id, step }));
    location.replace(`#/table/${made.id}`);
  } catch (error) {
    tut.error = errorText(error);
    redraw();
  }
}
