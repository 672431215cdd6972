// Small pieces every page and every game's view shares: seat colours, dots and names, error
// texts.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// One colour per seat, for every game (a game's view may use them on its board).
export const SEAT_COLORS = ["#e4572e", "#a66cff", "#f2c14e", "#f5f5f5", "#ff6fb5"];

export function errorText(error) {
  return t("err_" + error.code, {}, error.message || error.code);
}

export function seatDot(seat) {
  return h("span", { class: "dot", style: `background:${SEAT_COLORS[seat % SEAT_COLORS.length]}`, "aria-hidden": "true" });
}

// A seat's name for people: its player, its bot named by its seat ("Bot 2 (easy)": two bots
// of one level stay apart), or "free seat".
export function seatName(seat) {
  if (seat.bot && seat.former) return t("bot_for", { name: seat.former }); // taken over
  if (seat.bot) return t("bot_named", { seat: seat.seat + 1, level: t("level_" + seat.bot) });
  return seat.player || t("empty_seat");
}
