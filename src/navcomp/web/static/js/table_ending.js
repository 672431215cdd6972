// How a game over ended, in words that say what happened (docs/web.md, "Clocks and leaving
// a game"): the ending of a game that ended early, how each seat ended, and, at a rated
// table, how the game was rated and why.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { personName, seatDot } from "./pieces.js";

const LEFT_EARLY = ["resigned", "timed_out", "taken_over"]; // ranked last (server/ratings.py)

// The person who sat at the seat (also when a bot took it over), else the seat's name.
function personAt(seat, names) {
  return personName(seat.former || (seat.bot ? null : seat.player)) || names[seat.seat];
}

// How one seat ended: a bot in the seat now means it played on after the person left.
function seatEndKey(end, seat, reason) {
  const botOn = Boolean(seat.bot && seat.former);
  if (end === "played") return reason === "finished" ? "seat_end_played" : "seat_end_in_play";
  if (end === "resigned" && reason === "left") return "seat_end_left";
  if (end === "resigned" || end === "timed_out") return `seat_end_${end}_${botOn ? "bot" : "alone"}`;
  return "seat_end_taken_over";
}

function seatEnds(table, names) {
  const ends = table.result.seat_ends || [];
  if (ends.every((end) => end === "played")) return null;
  return h("ul", { class: "seat-ends", id: "seat-ends" }, ends.map((end, i) =>
    h("li", { dataset: { end } }, seatDot(i), " ", names[i], t("colon"),
      t(seatEndKey(end, table.seats[i], table.end_reason || table.result.end)))));
}

// The sentence of a game of two ended early: who resigned or ran out of time, who won.
function forfeitText(result, table, names) {
  const winner = result.winners && result.winners.length ? result.winners[0] : null;
  const loser = (result.seat_ends || []).findIndex((end) => end !== "played");
  if (winner === null || loser < 0) return t("end_forfeit", { name: winner === null ? "" : names[winner] });
  const params = { name: names[winner], loser: personAt(table.seats[loser], names) };
  return t(result.seat_ends[loser] === "timed_out" ? "end_claimed" : "end_resigned", params);
}

// How a rated table's game counted: not at all, by the ranking, or with a seat that left
// early ranked last (and why, since the bot that played it on may have scored best).
function ratedText(table, names) {
  const result = table.result;
  if (!table.rated) return null;
  const counted = (result.end === "finished" || result.end === "forfeit") && !result.capped;
  if (!counted) return h("p", { id: "rated-how", class: "muted" }, t("rated_not"));
  const early = (result.seat_ends || []).map((end, i) => [end, i]).filter(([end]) => LEFT_EARLY.includes(end));
  const reasons = early.map(([end, i]) => {
    const seat = table.seats[i];
    const how = end === "taken_over" ? "taken_over" : `${end}_${seat.bot && seat.former ? "bot" : "alone"}`;
    return t("rated_" + how, { name: personAt(seat, names) });
  });
  const said = reasons.length ? reasons.join(" ") : t("rated_by_rank");
  return h("p", { id: "rated-how" }, t("rated_how", { why: said }));
}

// A game over: how it ended when it ended early (no score sheet then), each seat's end,
// and how it was rated.
export function endingCard(table, names) {
  const result = table.result;
  if (!result || !result.end) return null;
  const ends = seatEnds(table, names);
  const rated = ratedText(table, names);
  if (result.end === "finished") {
    return ends || rated ? h("section", { class: "card", id: "ending" }, ends, rated) : null;
  }
  const text = result.end === "forfeit" ? forfeitText(result, table, names) : t("end_" + result.end);
  return h("section", { class: "card", id: "ending" },
    h("h2", {}, t("game_over")), h("p", { id: "ending-text" }, text), ends, rated);
}
