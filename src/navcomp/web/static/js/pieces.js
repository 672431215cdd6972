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

// A deleted account's games keep its seats under the name "former#<id>", which no account
// can take: the page calls it "a former player".
const FORMER_PREFIX = "former#";

export function isFormer(name) {
  return typeof name === "string" && name.startsWith(FORMER_PREFIX);
}

export function personName(name) {
  return isFormer(name) ? t("former_player") : name;
}

// A person's name as a link to their profile (#/player/NAME); a former player has none.
export function playerLink(name, text = name) {
  if (isFormer(name)) return h("span", { class: "former" }, t("former_player"));
  return h("a", { href: `#/player/${encodeURIComponent(name)}`, class: "player-link" }, h("bdi", {}, text));
}

// A seat's name for people: its player, its bot named by its seat ("Bot 2 (easy)": two bots
// of one level stay apart), or "free seat".
export function seatName(seat) {
  if (seat.bot && seat.former) return t("bot_for", { name: personName(seat.former) }); // taken over
  if (seat.bot) return t("bot_named", { seat: seat.seat + 1, level: t("level_" + seat.bot) });
  return personName(seat.player) || t("empty_seat");
}

// The seat's name, a person's linking to their profile.
export function seatPiece(seat) {
  return seat.player && !seat.bot ? playerLink(seat.player) : seatName(seat);
}
