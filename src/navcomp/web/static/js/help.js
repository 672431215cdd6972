// The players' help at #/help, in the page's language: paces and clocks, time running out,
// stalled games, resigning and voting to end a game, ratings, friends, who finds a table and
// watching, rematches, chat and blocking, profiles and their privacy, one's data and deleting
// one's account.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

const SECTIONS = [
  "paces", "time_up", "stalled", "resign", "vote", "ratings", "friends", "watching", "rematch",
  "chat", "profile", "own_account",
];

export function renderHelp(root) {
  replace(root, h("section", { class: "card help-page", id: "help-page" },
    h("h2", {}, t("help_title")),
    SECTIONS.map((name) => h("section", { id: `help-${name.replaceAll("_", "-")}` },
      h("h3", {}, t(`help_${name}_h`)),
      t(`help_${name}`).split("\n").map((line) => h("p", {}, line)))),
    h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
}
