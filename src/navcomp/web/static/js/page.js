// The parts of the page around the app's root that the screens write into: the header's
// help for the game on show, the banner, the screen readers' live region.
import { replace } from "./dom.js";

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

// What screen readers say (the page's live region): "your turn" while it is, nothing else.
export function announce(text) {
  document.getElementById("announce").textContent = text;
}
