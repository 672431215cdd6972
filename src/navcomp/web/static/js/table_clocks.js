// The table's clocks and its ways out (docs/web.md, "Clocks and leaving a game"): every
// seat's clock, the mover's counting down from the server's figures (corrected by each push),
// the others' choice when the mover's time is up or the game stalled, resigning, the vote to
// end the game, and the table's events as lines of the log.
import { post } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { paceText } from "./pace.js";
import { errorText, personName, seatDot } from "./pieces.js";
import { current, refresh } from "./table_state.js";

const seen = new WeakMap(); // each clock the server sent: when it arrived here
const ui = { table: null, error: null, confirming: null }; // confirming: the way out asked

function arrived(clock) {
  if (!seen.has(clock)) seen.set(clock, Date.now());
  return seen.get(clock);
}

// Seconds left to the mover, as of now: the server's deadline less the server's time then,
// less what has passed here since.
function moverLeft(clock) {
  const left = (Date.parse(clock.deadline) - Date.parse(clock.now)) / 1000;
  return Math.max(0, left - (Date.now() - arrived(clock)) / 1000);
}

export function clockText(seconds) {
  const s = Math.floor(seconds);
  if (s >= 86400) return t("clock_days", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t("clock_hours", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function seatClock(table, seat) {
  const clock = table.clock;
  const mover = table.to_move === seat && clock.deadline;
  if (mover && clock.stage === "time_up") return clockText(0); // the grace is the others'
  if (mover) return clockText(moverLeft(clock));
  if (table.pace.kind === "live") return clockText(clock.banks[seat]);
  return t("clock_bank", { time: clockText(clock.banks[seat]) });
}

function timed(table) {
  return Boolean(table.pace && table.pace.kind !== "none" && table.clock && table.clock.banks.length);
}

let ticker = null;
function tick() {
  const table = current && current.data && current.data.table;
  const el = document.querySelector("#clocks .running .time");
  if (!table || !el || !timed(table) || table.status !== "playing") {
    clearInterval(ticker);
    ticker = null;
    return;
  }
  el.textContent = seatClock(table, table.to_move);
}

async function send(what) {
  ui.error = null;
  try {
    await post(`/api/tables/${current.id}/${what}`, {});
  } catch (error) {
    ui.error = errorText(error);
  }
  ui.confirming = null;
  await refresh();
}

function button(id, text, what, secondary = false) {
  return h("button", { id, class: "small" + (secondary ? " secondary" : ""), onclick: () => send(what) }, text);
}

// A way out that cannot be taken back (resign, claim, the vote to end): a first click asks,
// a second on "Yes, ..." does it.
function confirmed(id, text, sure, what, secondary = false) {
  if (ui.confirming === what) return button(`${id}-sure`, sure, what);
  const ask = () => { ui.confirming = what; current.redraw(); };
  return h("button", { id, class: "small" + (secondary ? " secondary" : ""), onclick: ask }, text);
}

// What the others may do once the mover's time is up (or the game stalled).
function choices(table, seat, names) {
  const stage = table.clock ? table.clock.stage : "running";
  const late = table.to_move;
  if (stage === "running" || late === null) return null;
  const said = stage === "stalled" ? t("stalled_for", { name: names[late] }) : t("time_up_for", { name: names[late] });
  if (seat === late) return h("p", { class: "error", id: "time-up" }, t("time_up_yours"));
  if (seat === null) return h("p", { id: "time-up" }, said);
  return h("div", { id: "time-up", class: "time-up" }, h("p", {}, said), h("div", { class: "row" },
    stage === "time_up" && !table.clock.extra ? button("give-time", t("give_time"), "extra-time") : null,
    button("hand-to-bot", t("hand_to_bot"), "hand-to-bot"),
    stage === "time_up" && table.num_seats === 2 ? confirmed("claim", t("claim_game"), t("claim_sure"), "claim", true) : null));
}

function leaving(table, seat) {
  if (seat === null) return null;
  const votes = table.clock ? table.clock.votes : [];
  const people = table.seats.filter((s) => s.player).length;
  const last = votes.length + 1 >= people; // this vote would end the game at once
  return h("div", { class: "row leaving" }, confirmed("resign", t("resign"), t("resign_sure"), "resign", true),
    // The only person at a rated table cannot void it by a vote: they resign (lone_abort_rated).
    table.rated && people === 1 ? null
      : votes.includes(seat)
        ? h("span", { class: "badge", id: "voted" }, t("you_voted"))
        : confirmed("vote-abort", t("vote_abort"), t(last ? "vote_abort_sure_last" : "vote_abort_sure"), "abort-vote", true),
    votes.length ? h("span", { class: "muted", id: "votes" }, t("votes_n", { n: votes.length, total: people })) : null);
}

// The clocks card of a game in play (none at a solo or tutorial table).
export function clocksCard(ctx, redraw) {
  const { table, seat, names } = ctx;
  if (table.status !== "playing" || table.num_seats === 1 || table.tutorial) return null; // a tutorial has no clock
  if (ui.table !== current.id) Object.assign(ui, { table: current.id, error: null, confirming: null });
  current.redraw = redraw;
  const rows = timed(table)
    ? h("ul", { class: "clocks" }, table.seats.map((s, i) => h("li",
        { id: `clock-${i}`, class: i === table.to_move ? "running" : "" },
        seatDot(i), " ", h("span", { class: "who" }, names[i]), " ",
        s.bot ? h("span", { class: "muted" }, "—") : h("span", { class: "time" }, seatClock(table, i)))))
    : null;
  if (rows && !ticker) ticker = setInterval(tick, 1000);
  return h("section", { class: "card", id: "clocks" },
    h("h3", {}, t("clocks"), " ", h("span", { class: "muted", id: "pace-text" }, paceText(table.pace)),
      " ", h("a", { href: "#/help", class: "muted" }, t("help"))),
    rows, choices(table, seat, names), leaving(table, seat),
    ui.error ? h("p", { class: "error", role: "alert" }, ui.error) : null);
}

// A table event (time up, a seat taken over...) as a line of the log.
export function eventText(event, table) {
  const seat = event.seat === null ? null : table.seats[event.seat];
  const name = seat ? personName(seat.former || seat.player) || t("seat_n", { n: event.seat + 1 }) : "";
  return t("event_" + event.kind, { name });
}
