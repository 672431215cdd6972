// The tables waiting for me, on every page while I am signed in: the page title says how
// many ("(2) Your turn · …"), a desktop notification tells when a background tab's game
// comes to need me (with my permission, asked on a click), and "Next game" leads to my
// table that has waited longest (Yucata's rule). Learned from GET /api/my/games, looked at
// every few seconds and whenever the lobby lists my games, and from the pushes of the
// table on show.
import { get } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { app } from "./state.js";

const LOOK_EVERY_MS = 10000;
let waiting = new Map(); // table id -> since when it waits for me (ISO time)
let seen = null; // the ids waiting at the last look (null: no look yet)
let title = "NavComp";
let timer = null;
const followers = new Set();

// The page's own title; the count of waiting tables goes before it.
export function setTitle(text) {
  title = text;
  drawTitle();
}

function drawTitle() {
  const n = waiting.size;
  document.title = n ? `(${n}) ${t("your_turn_heading")} · ${title}` : title;
}

// Look every few seconds while someone is signed in; forget everything at signing out.
export function watchTurns() {
  if (!app.me) {
    clearInterval(timer);
    timer = null;
    change(new Map());
    seen = null;
    return;
  }
  if (timer === null) {
    timer = setInterval(look, LOOK_EVERY_MS);
    look();
  }
}

async function look() {
  try {
    heard(await get("/api/my/games"));
  } catch {
    // signed out meanwhile, or the server is away: the next look tries again
  }
}

// My games as GET /api/my/games lists them (the lobby hands over its own answer).
export function heard(mine) {
  change(new Map(mine.filter((g) => g.my_turn).map((g) => [g.id, g.turn_since || ""])));
}

// The table on show, as its pushes tell it: waiting for me or not.
export function tableNow(id, mine, since) {
  const next = new Map(waiting);
  if (mine) next.set(id, since || "");
  else next.delete(id);
  change(next);
}

function change(next) {
  const fresh = seen === null ? [] : [...next.keys()].filter((id) => !seen.has(id));
  const same = next.size === waiting.size && [...next.keys()].every((id) => waiting.has(id));
  waiting = next;
  seen = new Set(next.keys());
  drawTitle();
  notify(fresh);
  if (!same) for (const follower of followers) follower();
}

// `redraw` is called whenever the set of tables waiting for me changes.
export function followTurns(redraw) {
  followers.add(redraw);
}

// My table that has waited longest for me, other than `except` (or null).
export function nextTable(except = null) {
  let best = null;
  for (const [id, since] of waiting) {
    if (id !== except && (best === null || since < best[1])) best = [id, since];
  }
  return best && best[0];
}

export function nextGameButton(except = null) {
  const id = nextTable(except);
  if (id === null) return null;
  return h("button", {
    class: "small", id: "next-game", dataset: { key: "next-game" }, title: t("next_game_title"),
    onclick: () => { location.hash = `#/table/${id}`; },
  }, t("next_game"));
}

// A desktop notification for each table newly waiting while the page is out of sight.
function notify(ids) {
  if (!ids.length || document.visibilityState !== "hidden") return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  for (const id of ids) {
    const note = new Notification(t("your_turn_heading"), { body: t("notice_turn", { id }), tag: `navcomp-turn-${id}` });
    note.onclick = () => {
      window.focus();
      location.hash = `#/table/${id}`;
      note.close();
    };
  }
}

// The way to allow desktop notifications (asked on this click only), or what was decided.
export function notifyControl() {
  if (!("Notification" in window)) return null;
  const box = h("p", { class: "muted small", id: "notify-state" });
  const draw = () => {
    box.replaceChildren();
    const permission = Notification.permission;
    if (permission === "default") {
      box.append(h("button", {
        class: "small secondary", id: "notify-me",
        onclick: () => Notification.requestPermission().then(draw, draw),
      }, t("notify_ask")));
    } else {
      box.append(t(permission === "granted" ? "notify_on" : "notify_blocked"));
    }
  };
  draw();
  return box;
}
