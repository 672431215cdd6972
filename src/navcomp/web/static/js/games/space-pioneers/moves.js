import { t } from "./strings.js";
// Space Pioneers' legal list, read for drawing: the entries grouped by their JSON `type`,
// looked up by card or by place; the words for each entry (the buttons) and for each log
// text (past tense), in the page's language. The page knows no rules: every choice it offers
// is an entry of `ctx.legal`.

// {take: [...], draw: [...], choose: [...], place: [...], ...}: my legal entries by type
// (none when it is not my turn).
export function byType(legal) {
  const out = {};
  for (const entry of legal || []) (out[entry.json.type] ||= []).push(entry);
  return out;
}

// The entry of `type` for card id `card`, or undefined.
export function cardEntry(groups, type, card) {
  return (groups[type] || []).find((e) => e.json.card === card);
}

// The legal places of network `seat`: a Map from "x,y" to the place entry.
export function placesIn(groups, seat) {
  const out = new Map();
  for (const e of groups.place || []) if (e.json.network === seat) out.set(`${e.json.x},${e.json.y}`, e);
  return out;
}

// Seat labels for the texts that name a network's owner ("place 1 -1 0"), and my seat (my
// network is "your network"); the view sets them when it draws (the log is drawn after).
let seatNames = [];
let mySeat = null;
export function setNames(names, seat = null) {
  seatNames = names || [];
  mySeat = seat;
}

function seatName(seat) {
  return seatNames[seat] ?? t("seat_n", { n: seat + 1 });
}

// A number as the page writes coordinates: −1 with a real minus sign.
export function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

function cardName(view, id) {
  const all = [...(view.hand || []), ...view.face_up.filter(Boolean), ...view.seats.flatMap((s) => s.network.map((e) => e.card))];
  const card = all.find((c) => c.id === id);
  return card ? card.name : `#${id}`;
}

// The words on a legal entry's button: "Take Pyros-3 (face-up card 1)", "Place in Bot's
// network at (−1, 0)".
export function entryLabel(entry, view, mySeat) {
  const j = entry.json;
  switch (j.type) {
    case "take": {
      const card = view.face_up[j.slot];
      return t("sp_do_take", { n: j.slot + 1, card: card ? card.name : "?" });
    }
    case "choose":
    case "capture":
    case "remove":
      return t("sp_do_" + j.type, { card: cardName(view, j.card) });
    case "place": {
      const at = { x: num(j.x), y: num(j.y) };
      return j.network === mySeat ? t("sp_do_place_own", at) : t("sp_do_place", { ...at, name: seatName(j.network) });
    }
    default:
      return t("sp_do_" + j.type, {}, entry.text);
  }
}

// A log text (`take 1`, `choose Pyros-3`, `choose a card`, `place 1 -1 0`) in the page's
// language, past tense, with what the server adds for everybody (`detail`: the card taken
// or placed, captures, missions met, points): "placed Pyros-3 in Bot 2's network at
// (−1, 0); captured Pyros-5; +1 point".
// `actor`: the seat that moved, when known (a card placed in its own network says so).
export function logText(text, detail = null, actor = null) {
  const capture = text.startsWith("capture ") && detail && (detail.captured || []).length;
  const main = capture ? t("sp_log_capture", { card: detail.captured.join(", ") }) : actionWords(text, detail || {}, actor);
  const more = detail ? outcome({ ...detail, captured: capture ? [] : detail.captured }) : [];
  return [main, ...more].join(t("sp_log_then"));
}

function actionWords(text, detail, actor) {
  const words = text.trim().split(/\s+/);
  const [verb, ...rest] = words;
  if (verb === "take" && rest.length === 1) {
    return detail.card ? t("sp_log_take_card", { n: rest[0], card: detail.card }) : t("sp_log_take", { n: rest[0] });
  }
  if (verb === "seek" && !rest.length && detail.card) return t("sp_log_seek_found", { card: detail.card });
  if (["draw", "seek", "pass", "back", "done"].includes(verb) && !rest.length) return t("sp_log_" + verb);
  if (verb === "choose" && rest.join(" ") === "a card") return t("sp_log_choose_hidden");
  if (["choose", "capture", "remove"].includes(verb) && rest.length === 1) return t("sp_log_" + verb, { card: rest[0] });
  if (verb === "place" && rest.length === 3) {
    const [seat, x, y] = rest.map(Number);
    if (![seat, x, y].every(Number.isInteger)) return text;
    const at = { x: num(x), y: num(y), card: detail.card || "" };
    if (seat === mySeat) return t(detail.card ? "sp_log_place_mine_card" : "sp_log_place_mine", at);
    if (seat === actor) return t(detail.card ? "sp_log_place_own_card" : "sp_log_place_own", at);
    return t(detail.card ? "sp_log_place_card" : "sp_log_place", { ...at, name: seatName(seat) });
  }
  return text;
}

// What came of a move besides itself: the cards a seek left out, the planets captured (a
// capture's own text names one of them), the missions met, the points.
function outcome(detail) {
  const out = [];
  if ((detail.removed || []).length) out.push(t("sp_log_removed", { cards: detail.removed.join(", ") }));
  if ((detail.captured || []).length) out.push(t("sp_log_captured", { cards: detail.captured.join(", ") }));
  for (const met of detail.missions || []) out.push(t("sp_log_mission", { mission: t("sp_m_" + met.mission, { n: met.n ?? "" }) }));
  if (detail.points) out.push(t("sp_log_points", { n: detail.points }));
  return out;
}

// "Bot 2 placed this card in your network".
export function placedBy(seat) {
  return t("sp_log_into_mine", { name: seatName(seat) });
}

// Whether a log entry is a card another player placed into my network (the log marks it).
export function intoMine(entry) {
  const detail = entry.detail;
  return Boolean(detail && detail.card && mySeat !== null && detail.network === mySeat && entry.seat !== mySeat);
}
