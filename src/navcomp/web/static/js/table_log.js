// The table's log panel. It outlives the page's redraws (a new language or new names draw it
// anew): a change appends its entries, and the list follows the newest unless the reader
// scrolled up.
import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { seatDot } from "./pieces.js";
import { eventText } from "./table_clocks.js";
import { current, gameView, names } from "./table_state.js";

// The panel of the table on show (made anew for another language, other names, or the
// game's view arriving after the entries were drawn by the generic one).
export function logPanel() {
  const signature = getLang() + "\n" + names().join("\n");
  const view = gameView();
  let panel = current.logPanel;
  if (!panel || panel.signature !== signature || panel.view !== view) {
    const list = h("ol", { class: "log", id: "log-list" });
    panel = { signature, view, list, shown: [], pinned: true, following: false };
    panel.section = h("section", { class: "card", id: "log" }, h("h3", {}, t("log")), list);
    list.addEventListener("scroll", () => {
      if (panel.following) {
        panel.following = false; // our own scroll: entries may have come since
        return;
      }
      panel.pinned = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    }, { passive: true });
    current.logPanel = panel;
  }
  return panel.section;
}

const logKey = (entry) => (entry.event ? `event ${entry.event.seq}` : `${entry.seq} ${entry.seat} ${entry.text}`);

// The moves with the table's events (time up, a seat taken over...) after the move each followed.
function entries() {
  const events = current.events || [];
  const merged = events.filter((e) => e.version === 0).map((event) => ({ event }));
  for (const entry of gameView().foldLog(current.log)) {
    merged.push(entry);
    const first = entry.first ?? entry.seq;
    for (const event of events) if (event.version >= first && event.version <= entry.seq) merged.push({ event });
  }
  return merged;
}

export function drawLog() {
  const panel = current && current.data ? current.logPanel : null;
  if (!panel) return;
  const { list, shown } = panel;
  const log = entries();
  let same = 0;
  while (same < shown.length && same < log.length && shown[same] === logKey(log[same])) same++;
  if (same === shown.length && same === log.length) return;
  while (shown.length > same) {
    shown.pop();
    list.lastChild.remove();
  }
  const ns = names();
  const view = current.data.view;
  const game = gameView();
  list.append(...log.slice(same).map((e) => {
    shown.push(logKey(e));
    if (e.event) return h("li", { class: "event" }, e.event.seat === null ? null : [seatDot(e.event.seat), " "], eventText(e.event, current.data.table));
    const mark = game.logMark(e);
    return h("li", mark ? { class: mark.cls, title: mark.title } : {},
      h("span", { class: "seq" }, String(e.seq)), seatDot(e.seat), " ", h("span", { class: "who" }, ns[e.seat]), t("colon"),
      e.text === "undo" ? t("undo_done") : game.actionText(e.text, view, e.detail ?? null, e.seat));
  }));
  followLog(panel);
}

// Down to the newest entry unless the reader scrolled up, at the next frame: reading the
// list's height now would lay the page out once more.
export function followLog(panel) {
  requestAnimationFrame(() => {
    const list = panel.list;
    const bottom = list.scrollHeight - list.clientHeight;
    if (panel.pinned && list.scrollTop < bottom) {
      panel.following = true;
      list.scrollTop = bottom;
    }
  });
}
