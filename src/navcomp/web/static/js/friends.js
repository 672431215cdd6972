// Friends: the #/friends page (my friends with an online dot, a link to their page and an
// invitation to each of my open tables with a free seat; requests in and out; add by name) and, at an open table, the list of friends to invite with one click.
import { api, get, post } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { errorText, playerLink } from "./pieces.js";
import { app, onThisPage } from "./state.js";

export function onlineDot(online) {
  return h("span", {
    class: "presence" + (online ? " online" : ""),
    title: t(online ? "friends_online" : "friends_offline"),
    role: "img",
    "aria-label": t(online ? "friends_online" : "friends_offline"),
  });
}

export function loadFriends() {
  return get("/api/friends");
}

function row(name, ...controls) {
  return h("li", { dataset: { friend: name } }, ...controls);
}

function button(label, key, act) {
  return h("button", { class: "small secondary", dataset: { key }, onclick: act }, label);
}

let invitable = []; // my open tables with a free seat, as the page was loaded

// The page: what the server says, drawn anew after every change.
export async function renderFriends(root) {
  const title = h("h2", {}, t("friends_title"));
  if (!app.me || app.me.guest) {
    replace(root, h("section", { class: "card", id: "friends-page" }, title, h("p", { class: "muted" }, t("friends_guest"))));
    return;
  }
  const still = onThisPage();
  try {
    const [listing, mine] = await Promise.all([loadFriends(), get("/api/my/games")]);
    // my tables waiting for players, with a seat free: where a friend can be invited
    invitable = mine.filter((table) => table.status === "open" && table.seats.some((s) => !s.player && !s.bot));
    if (still()) drawPage(root, listing, h("p", { role: "status", id: "friends-note" }));
  } catch (error) {
    if (still()) replace(root, h("section", { class: "card" }, title, h("p", { class: "error" }, errorText(error))));
  }
}

function drawPage(root, listing, note) {
  replace(root, h("section", { class: "card", id: "friends-page" }, h("h2", {}, t("friends_title")),
    addForm(root, note), note, lists(root, listing, note)));
}

// Run a change; its answer is the new listing, drawn at once, `said` under the form.
async function change(root, note, work, said = "") {
  try {
    const listing = await work();
    note.className = "muted";
    note.textContent = said;
    drawPage(root, listing, note);
  } catch (error) {
    note.className = "error";
    note.textContent = errorText(error);
  }
}

function addForm(root, note) {
  const name = h("input", { id: "friend-name", required: true, maxlength: 100, "aria-label": t("friends_add"), dataset: { key: "friend-name" } });
  return h("form", {
    class: "field",
    id: "friend-add",
    onsubmit: (event) => {
      event.preventDefault();
      const wanted = name.value.trim();
      change(root, note, () => post("/api/friends", { name: wanted }), t("friends_requested", { name: wanted }));
    },
  }, h("span", {}, t("friends_add")), h("div", { class: "row" }, name, h("button", { class: "small", type: "submit", id: "friend-send" }, t("friends_send"))));
}

function lists(root, listing, note) {
  const part = (name) => () => change(root, note, () => api("DELETE", `/api/friends/${encodeURIComponent(name)}`));
  const accept = (name) => () => change(root, note, () => post("/api/friends", { name }));
  const invite = (name, table) => () => change(root, note, async () => {
    await post(`/api/tables/${table.id}/invite`, { name });
    return loadFriends();
  }, t("invited", { name }));
  const friends = listing.friends.length
    ? [invitable.length ? null : h("p", { class: "muted small", id: "friends-invite-how" }, t("friends_invite_how"), " ", h("a", { href: "#/" }, t("friends_to_lobby"))),
        h("ul", { class: "tables", id: "friends" }, listing.friends.map((f) =>
          row(f.name, onlineDot(f.online), " ", playerLink(f.name), " ",
            invitable.slice(0, 3).map((table) => [button(t("friends_invite_to", { id: table.id }), `invite-${f.name}-${table.id}`, invite(f.name, table)), " "]),
            button(t("friends_remove"), `remove-${f.name}`, part(f.name)))))]
    : h("p", { class: "muted", id: "friends" }, t("friends_none"));
  const incoming = listing.incoming.length
    ? [h("h3", {}, t("friends_incoming")), h("ul", { class: "tables", id: "friend-requests" }, listing.incoming.map((f) =>
        row(f.name, playerLink(f.name), " ", h("button", { class: "small", dataset: { key: `accept-${f.name}` }, onclick: accept(f.name) }, t("friends_accept")),
          " ", button(t("friends_decline"), `decline-${f.name}`, part(f.name)))))]
    : null;
  const outgoing = listing.outgoing.length
    ? [h("h3", {}, t("friends_outgoing")), h("ul", { class: "tables", id: "friend-asked" }, listing.outgoing.map((f) =>
        row(f.name, playerLink(f.name), " ", button(t("friends_take_back"), `take-back-${f.name}`, part(f.name)))))]
    : null;
  return [friends, incoming, outgoing];
}

// My friends as read for the open table on show: read once a table, not at each redraw.
const forTable = { id: null, listing: null };

// At an open table: my friends not seated there, each a button that invites them (the
// table's invitation by name). `seated`: the names at the table; `told(text, failed)`
// shows the answer where the table's invitations are answered.
export function friendInvites(tableId, seated, told) {
  const box = h("div", { class: "field", id: "invite-friends", hidden: true });
  if (!app.me || app.me.guest) return box;
  const fill = (listing) => {
    const free = listing.friends.filter((f) => !seated.includes(f.name));
    if (!free.length) return;
    box.hidden = false;
    box.append(h("span", {}, t("invite_friends")), h("div", { class: "row" }, free.map((f) => inviteButton(tableId, f, told))));
  };
  if (forTable.id === tableId && forTable.listing) {
    fill(forTable.listing);
  } else {
    loadFriends().then((listing) => {
      Object.assign(forTable, { id: tableId, listing });
      fill(listing);
    }).catch(() => {});
  }
  return box;
}

function inviteButton(tableId, friend, told) {
  return h("button", {
    class: "small secondary",
    dataset: { key: `invite-friend-${friend.name}`, friend: friend.name },
    onclick: async () => {
      try {
        await post(`/api/tables/${tableId}/invite`, { name: friend.name });
        told(t("invited", { name: friend.name }), false);
      } catch (error) {
        told(errorText(error), true);
      }
    },
  }, onlineDot(friend.online), " ", t("invite_friend_named", { name: friend.name }));
}
