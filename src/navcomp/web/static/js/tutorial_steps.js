// A tutorial's script and where a table of it stands: no drawing here. A game brings its
// script beside its view (js/games/<game>/tutorial.json, docs/web.md "A game's tutorial"):
// the seed and seats the server deals, and the steps, each with the text key of what it
// says, the part of the table it points at, the person's actions it expects (their text
// forms, as the legal list and the log write them) and the text key of why any other
// move is refused. Where a table stands is read from its log: the person's entries, in
// order, against the actions the steps expect.

const scripts = new Map();

// The script of `game`'s tutorial (loaded once per page).
export function loadScript(game) {
  if (!scripts.has(game)) {
    const url = new URL(`./games/${encodeURIComponent(game)}/tutorial.json`, import.meta.url);
    const loading = fetch(url, { credentials: "same-origin" }).then((answer) => {
      if (!answer.ok) throw new Error(`no tutorial for ${game}`);
      return answer.json();
    });
    loading.catch(() => scripts.delete(game)); // a failure is tried again next time
    scripts.set(game, loading);
  }
  return scripts.get(game);
}

// Each expected action of the script in order, with the index of its step.
function expected(script) {
  return script.steps.flatMap((step, index) => (step.expect || []).map((text) => ({ step: index, text })));
}

// How far the person's log entries (`log`: [{seq, seat, text}]) follow the script: `done`
// expected actions made, in order; `off` once a move of theirs is not the script's (made
// elsewhere: this page refuses them); `seqs`, the log's seq of each action made.
export function progress(script, log, seat) {
  const flat = expected(script);
  const mine = log.filter((entry) => entry.seat === seat);
  let done = 0;
  while (done < mine.length && done < flat.length && mine[done].text === flat[done].text) done += 1;
  return { flat, done, off: done < mine.length && done < flat.length, seqs: mine.slice(0, done).map((e) => e.seq) };
}

// Whether every action step `index` expects has been made.
export function stepDone(p, index) {
  return p.flat.every((entry, i) => entry.step !== index || i < p.done);
}

// The step to show on opening a table of the tutorial: the one under way, or the one after
// the last step whose actions were all made (the explanations before the next action).
export function resumeStep(script, p) {
  const last = script.steps.length - 1;
  if (p.off) return last;
  if (p.done === 0) return 0;
  const before = p.flat[p.done - 1].step;
  const next = p.done < p.flat.length ? p.flat[p.done].step : last;
  return next === before ? before : Math.min(before + 1, last);
}

// Move on from action steps whose actions are all made (explanations wait for Next).
export function advance(script, p, shown) {
  let step = shown;
  while (step < script.steps.length - 1 && (script.steps[step].expect || []).length && stepDone(p, step)) step += 1;
  return step;
}

// The table's version where step `index` begins: right after the person's last action of
// the steps before it (0: before any).
export function versionBefore(p, index) {
  const count = p.flat.filter((entry) => entry.step < index).length;
  return count === 0 ? 0 : p.seqs[count - 1];
}

function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// Whether the step shown lets the person send `actions` (JSON forms, as the view sends
// them); null if so, else the text key of the reason. Only entries of the legal list can
// be the step's: their text is what the script names.
export function refusal(script, p, shown, actions, legal) {
  const step = script.steps[shown];
  if (step.free || p.off) return null;
  if (!(step.expect || []).length) return "tutorial_read_first";
  const remaining = p.flat.slice(p.done).filter((entry) => entry.step === shown).map((entry) => entry.text);
  const texts = actions.map((action) => (legal || []).find((entry) => canonical(entry.json) === canonical(action))?.text);
  const follows = texts.length <= remaining.length && texts.every((text, i) => text === remaining[i]);
  return follows ? null : step.why;
}
