// A press (a pointer down, then up) clicks only if the control it began on is still in the
// page, under the pointer, when it ends. The table page is drawn anew whenever its table
// changes and the lobby's lists at their refresh, so what would change or redraw them
// waits here while a press lasts and runs, in order, once the click it makes has been
// handled (docs/web.md, "Principles").
const LONGEST_HOLD_MS = 5000; // a press whose end the page never hears holds no longer

let down = false;
let timer = null;
const waiting = new Map();

// Run `work` now, or after the press under way; a later `work` under the same `key`
// replaces one still waiting.
export function afterPress(work, key = Symbol("work")) {
  if (!down) {
    work();
    return;
  }
  waiting.delete(key);
  waiting.set(key, work);
}

function release() {
  if (!down) return;
  down = false;
  clearTimeout(timer);
  const held = [...waiting.values()];
  waiting.clear();
  if (held.length) setTimeout(() => held.forEach((work) => work()), 0); // after the click
}

addEventListener("pointerdown", () => {
  down = true;
  clearTimeout(timer);
  timer = setTimeout(release, LONGEST_HOLD_MS);
}, true);
for (const type of ["pointerup", "pointercancel", "blur"]) addEventListener(type, release, true);
document.addEventListener("visibilitychange", release);
