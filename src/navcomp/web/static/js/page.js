// The parts of the page around the app's root that the screens write into: the header's
// help for the game on show, the banner, the screen readers' live region, a tutorial's
// callout.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

export function setBanner(text) {
  const banner = document.getElementById("banner");
  banner.hidden = !text;
  banner.textContent = text || "";
}

// The header's help for the game on show (its rules, an overview), or nothing.
export function setHelp(items) {
  const help = document.getElementById("help");
  if (help) replace(help, items);
}

let announced = "";

// What screen readers say (the page's live region), by its key in the table strings:
// "your turn" while it is, nothing else ("").
export function announce(key) {
  announced = key;
  announceAgain();
}

// The live region in the page's language (after a change of language).
export function announceAgain() {
  document.getElementById("announce").textContent = announced ? t(announced) : "";
}

// A tutorial's callout, fixed at the foot of the screen (or nothing); the page leaves room
// below its content so that the callout never hides the end of it.
export function setCallout(node) {
  let box = document.getElementById("tutorial");
  if (!node) {
    if (box) box.remove();
    document.body.classList.remove("with-tutorial");
    return;
  }
  if (!box) box = document.body.appendChild(h("aside", { id: "tutorial", class: "tutorial" }));
  replace(box, node);
  document.body.classList.add("with-tutorial");
  document.body.style.setProperty("--tutorial-space", `${box.offsetHeight + 24}px`);
}
