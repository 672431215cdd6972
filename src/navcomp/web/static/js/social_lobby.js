// The lobby's social parts: who finds a new table and whether spectators may watch it (in
// the new-table form), the public games on to watch, and my friends online.
import { api, get, post } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { onlineDot } from "./friends.js";
import { errorText, playerLink, seatName } from "./pieces.js";
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
  const note = h("small", { class: "muted", id: "new-spectators-note", hidden: true }, t("invite_only_no_spectators"));
  // Invite-only overrides "Spectators may watch": only the players see such a game, so the
  // box is off while it is chosen, and back as it was chosen after.
  let chosen = true;
  spectators.addEventListener("change", () => { chosen = spectators.checked; });
  select.addEventListener("change", () => {
    const invite = select.value === "invite";
    Object.assign(spectators, { disabled: invite, checked: invite ? false : chosen });
    note.hidden = !invite;
  });
  const element = h("div", { class: "field", id: "new-visibility-field" },
    h("label", { class: "field" }, h("span", {}, t("visibility")), select),
    h("label", { class: "check" }, spectators, " ", t("spectators_allowed")), note);
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

// My friends, and the way to the friends page: requests to me, each to accept or decline
// here, then my friends (online first) with their dots, each name a link to their page.
// A change's answer is the new listing: the card draws itself anew with it.
const FRIENDS_SHOWN = 8;
export function friendsCard(listing) {
  if (!listing) return h("section", { id: "friends-card", hidden: true });
  const friends = [...listing.friends].sort((a, b) => b.online - a.online);
  const online = friends.filter((f) => f.online).length;
  const card = h("section", { class: "card", id: "friends-card" },
    h("div", { class: "row card-head" }, h("h2", {}, t("friends_title")),
      h("a", { href: "#/friends", id: "friends-link", class: "button small secondary" }, t("friends_all"),
        listing.incoming.length ? h("span", { class: "badge", id: "friend-requests-count" }, String(listing.incoming.length)) : null)),
    listing.incoming.length
      ? [h("h3", {}, t("friends_incoming")), h("ul", { class: "tables", id: "lobby-friend-requests" }, listing.incoming.map((f) =>
          h("li", { dataset: { friend: f.name } }, playerLink(f.name), " ",
            h("button", { class: "small", dataset: { key: `lobby-accept-${f.name}` }, onclick: () => answer(card, post("/api/friends", { name: f.name })) }, t("friends_accept")), " ",
            h("button", { class: "small secondary", dataset: { key: `lobby-decline-${f.name}` }, onclick: () => answer(card, api("DELETE", `/api/friends/${encodeURIComponent(f.name)}`)) }, t("friends_decline")))))]
      : null,
    friends.length
      ? [h("p", { class: "muted small", id: "friends-online" }, t("friends_online_count", { n: online })),
          h("ul", { class: "tables", id: "lobby-friends" }, friends.slice(0, FRIENDS_SHOWN).map((f) =>
            h("li", { dataset: { friend: f.name } }, onlineDot(f.online), " ", playerLink(f.name))))]
      : h("p", { class: "muted", id: "friends-online" }, listing.incoming.length ? t("friends_none_yet") : t("friends_none")));
  return card;
}

async function answer(card, request) {
  try {
    card.replaceWith(friendsCard(await request));
  } catch (error) {
    card.append(h("p", { class: "error", role: "alert" }, errorText(error)));
  }
}
