// The lobby's social parts: who finds a new table and whether spectators may watch it (in
// the new-table form), the public games on to watch, and my friends online.
import { get } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { onlineDot } from "./friends.js";
import { seatName } from "./pieces.js";
import { app, gameTitle } from "./state.js";

// A table's visibility and spectators in words, where they are not the usual (public,
// spectators welcome): "" otherwise.
export function seenBy(table) {
  const words = [];
  if (table.visibility === "unlisted") words.push(t("unlisted_word"));
  if (table.visibility === "invite") words.push(t("invite_only_word"));
  if (table.spectators === false) words.push(t("no_spectators_word"));
  return words.join(" · ");
}

// The form's controls: `element` to show, `value()` the fields of POST /api/tables.
export function visibilityControls() {
  const select = h("select", { id: "new-visibility", name: "visibility" },
    ["public", "unlisted", "invite"].map((v) => h("option", { value: v }, t("visibility_" + v))));
  const spectators = h("input", { type: "checkbox", id: "new-spectators", name: "spectators", checked: true });
  const element = h("div", { class: "field", id: "new-visibility-field" },
    h("label", { class: "field" }, h("span", {}, t("visibility")), select),
    h("label", { class: "check" }, spectators, " ", t("spectators_allowed")));
  return { element, value: () => ({ visibility: select.value, spectators: spectators.checked }) };
}

// What the lobby shows of these: the games to watch, and my friends (none for a guest).
export async function loadSocial() {
  const [watch, friends] = await Promise.all([
    get("/api/watch"),
    app.me && !app.me.guest ? get("/api/friends") : Promise.resolve(null),
  ]);
  return { watch, friends };
}

export function watchCard(games) {
  const list = games.length
    ? h("ul", { class: "tables", id: "watch-list" }, games.map((table) =>
        h("li", {}, h("a", { href: `#/table/${table.id}`, dataset: { watch: table.id } },
          `${t("table_no", { id: table.id })} · ${gameTitle(table.game)} · ${table.seats.map(seatName).join(", ")}`),
          " ", h("a", { class: "button small secondary watch-button", href: `#/table/${table.id}`, dataset: { key: `watch-${table.id}` } }, t("watch")))))
    : h("p", { class: "muted", id: "watch-list" }, t("no_games_to_watch"));
  return h("section", { class: "card", id: "watch-card" }, h("h2", {}, t("games_to_watch")), list);
}

// My friends online, and the way to the friends page.
export function friendsCard(listing) {
  if (!listing) return h("section", { id: "friends-card", hidden: true });
  const online = listing.friends.filter((f) => f.online);
  const waiting = listing.incoming.length;
  return h("section", { class: "card", id: "friends-card" },
    h("div", { class: "row card-head" }, h("h2", {}, t("friends_title")),
      h("a", { href: "#/friends", id: "friends-link", class: "button small secondary" }, t("friends_all"),
        waiting ? h("span", { class: "badge", id: "friend-requests-count" }, String(waiting)) : null)),
    online.length
      ? h("p", { id: "friends-online" }, t("friends_online_count", { n: online.length }), ": ",
          online.map((f, i) => [i ? ", " : "", onlineDot(true), " ", f.name]))
      : h("p", { class: "muted", id: "friends-online" },
          listing.friends.length ? t("friends_online_count", { n: 0 }) : t("friends_none")));
}
