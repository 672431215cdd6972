// Rematch, on a finished table: one click offers the same players a new table (seats moved
// on by one); the others accept or decline here. The rematch starts once every person has
// accepted, and every page still on the finished table follows its players to it.
import { get, post } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { errorText, seatName } from "./pieces.js";
import { app } from "./state.js";
import { current, refresh } from "./table_state.js";

// The rematch as last read, for the finished table's data it was read for.
const known = { data: null, rematch: null, error: null };

function load(tableId, rematchId, redraw) {
  known.data = current.data;
  get(`/api/tables/${rematchId}`)
    .then((answer) => { known.rematch = answer.table; known.error = null; })
    .catch((error) => { known.rematch = null; known.error = error; })
    .finally(() => {
      if (current && current.id === tableId) redraw();
    });
}

async function send(what, redraw) {
  try {
    const answer = await post(`/api/tables/${current.id}/${what}`);
    known.rematch = answer.status === "closed" ? null : answer;
    known.error = null;
  } catch (error) {
    known.error = error;
  }
  known.data = null; // read it again with the finished table's next push
  await refresh();
  redraw();
}

// The card under the score sheet, for the players of a finished table (none at a tutorial's).
export function rematchCard(ctx) {
  const { table, seat, redraw } = ctx;
  if (table.tutorial || seat === null || !app.me) return null;
  const solo = table.seats.length === 1; // alone: played again, offered to nobody
  const [label, hint] = solo ? [t("play_again_solo"), t("play_again_solo_hint")] : [t("rematch"), t("rematch_hint")];
  const body = table.rematch ? offerShown(table, redraw) : [
    h("button", { id: "rematch", title: hint, onclick: () => send("rematch", redraw) }, label),
    " ", h("small", { class: "muted" }, hint),
  ];
  const error = known.error && known.error.status !== 404 ? h("p", { class: "error", role: "alert" }, errorText(known.error)) : null;
  return h("section", { class: "card", id: "rematch-card" }, h("h2", {}, label), body, error);
}

function offerShown(table, redraw) {
  if (known.data !== current.data) load(table.id, table.rematch, redraw);
  const rematch = known.rematch && known.rematch.id === table.rematch ? known.rematch : null;
  if (!rematch) return h("p", { class: "muted" }, t("loading"));
  const mine = rematch.seats.find((s) => s.player === app.me.name);
  if (!mine) return h("p", { class: "muted", id: "rematch-state" }, t("rematch_no_seat"));
  if (rematch.status !== "open") {
    location.hash = `#/table/${rematch.id}`; // it started: to the new table
    return null;
  }
  const by = rematch.seats[rematch.creator_seat]?.player || "";
  const link = h("a", { href: `#/table/${rematch.id}`, id: "rematch-link" }, t("rematch_go"));
  if (mine.pending) {
    return [
      h("p", { id: "rematch-state" }, t("rematch_offered", { name: by })),
      h("div", { class: "row" },
        h("button", { id: "rematch-accept", onclick: () => send("rematch/accept", redraw) }, t("rematch_accept")),
        h("button", { class: "secondary", id: "rematch-decline", onclick: () => send("rematch/decline", redraw) }, t("rematch_decline"))),
    ];
  }
  const waiting = rematch.seats.filter((s) => s.pending).map(seatName);
  const open = rematch.seats.some((s) => !s.player && !s.bot);
  return [
    h("p", { id: "rematch-state" }, waiting.length ? t("rematch_waiting", { names: waiting.join(", ") }) : t("rematch_ready")),
    open ? h("p", { class: "muted", id: "rematch-open" }, t("rematch_open_seats")) : null,
    h("div", { class: "row" }, link, mine.seat === rematch.creator_seat
      ? h("button", { class: "small secondary", id: "rematch-withdraw", onclick: () => send("rematch/decline", redraw) }, t("rematch_withdraw"))
      : null),
  ];
}
