// One Top up is one log entry. The server logs a Top up action by action: each card chosen
// (to its chooser "discard B1/O2", to everyone else "choose cards for a Top up", rules
// decision 9), each card taken back ("undo", or the same hidden words), then the draw
// (the live log's "draw, discarding B1/O2 G3/O1", the replay's "draw"). The table's log
// and the replay fold such a run into the one entry of its draw, worded the same in both;
// a run still being chosen reads "choosing cards for a Top up", and a run taken back before
// another action reads so, naming no card. The folded entry is its last action's (its seq)
// with that text, and `first`, the seq of its first.
import { TOPUP_CHOOSING, TOPUP_TAKEN_BACK } from "./pieces.js";

const HIDDEN_CHOICE = "choose cards for a Top up";
const isChoice = (text) => text === HIDDEN_CHOICE || /^discard \S+$/.test(text);
const isDraw = (text) => text === "draw" || text.startsWith("draw, discarding ");

export function foldLog(entries) {
  const folded = [];
  let run = null; // {first, seat, last, cards: the cards chosen and not taken back, depth}
  const close = (text) => {
    folded.push({ ...run.last, first: run.first, text, detail: null });
    run = null;
  };
  for (const entry of entries) {
    if (run && entry.seat === run.seat) {
      if (isChoice(entry.text) || (entry.text === "undo" && run.depth > 0)) {
        addToRun(run, entry);
        continue;
      }
      if (isDraw(entry.text)) {
        const named = entry.text === "draw" && run.cards.length ? `draw, discarding ${run.cards.join(" ")}` : entry.text;
        run.last = entry;
        close(named);
        continue;
      }
    }
    if (run) close(TOPUP_TAKEN_BACK);
    if (isChoice(entry.text)) {
      run = { first: entry.seq, seat: entry.seat, last: entry, cards: [], depth: 0 };
      addToRun(run, entry);
    } else {
      folded.push(entry);
    }
  }
  if (run) close(TOPUP_CHOOSING);
  return folded;
}

function addToRun(run, entry) {
  run.last = entry;
  if (entry.text === "undo") {
    run.cards.pop();
    run.depth -= 1;
  } else if (entry.text !== HIDDEN_CHOICE) {
    run.cards.push(entry.text.slice("discard ".length));
    run.depth += 1;
  }
}
