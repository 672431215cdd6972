// The table's context for the drawing under way (see docs/web.md, "A game's view"): the
// view, the legal list, my seat, the choice being built (`ctx.ui`) and the functions that
// send moves. view.js sets it before each drawing; event handlers read the latest one.
export let ctx = null;

export function setContext(next) {
  ctx = next;
}

// The choice being built: the action (kind), the cards chosen for it, the Top-up preview.
export function freshUi() {
  return { kind: null, cards: [], topup: [] };
}

// Drop the choice being built (the object stays the table's: it is changed in place).
export function clearUi() {
  Object.assign(ctx.ui, freshUi());
}
