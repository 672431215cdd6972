// The table's lobby while it is open: seats, join, bots on free seats, invitations, start.
import { post, put } from "./api.js";
import { chatCard } from "./chat.js";
import { h, replace } from "./dom.js";
import { friendInvites } from "./friends.js";
import { t } from "./i18n.js";
import { paceText } from "./pace.js";
import { errorText, seatDot, seatName, seatPiece } from "./pieces.js";
import { seenBy } from "./social_lobby.js";
import { app, gameInfo, gameTitle } from "./state.js";
import { current, openTable, redraw, refresh } from "./table_state.js";

export function drawOpen() {
  const { table, seat } = current.data;
  const link = `${location.origin}/#/table/${table.id}`;
  const solo = table.num_seats === 1; // no seat to invite anyone to: no invite link, no invitations
  const creator = seat !== null && seat === table.creator_seat; // seats bots and starts
  const rows = table.seats.map((s, i) => {
    const choosing = !s.player && creator; // the menu names the seat's bot (or a person)
    return h("li", {}, seatDot(i), " ", t("seat_n", { n: i + 1 }), t("colon"),
      choosing ? botChoice(i, s.bot) : i === seat ? t("name_you", { name: seatName(s) }) : seatPiece(s),
      !s.player && !s.bot && seat === null && app.me
        ? h("button", { class: "small", dataset: { key: `join-${i}` }, onclick: () => lobbyAction("join", { seat: i }) }, t("join"))
        : null);
  });
  const input = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": t("invite_link") });
  replace(
    current.root,
    h("section", { class: "card table-lobby" },
      h("h2", {}, t("table_no", { id: table.id }), " · ", gameTitle(table.game), " · ", t("status_open")),
      solo ? h("p", { class: "muted", id: "solo-note" }, t("solo_table")) : null,
      table.pace ? h("p", { id: "pace-text" }, t("pace"), t("colon"), paceText(table.pace)) : null,
      seenBy(table) ? h("p", { id: "visibility-text" }, seenBy(table)) : null,
      h("ul", { class: "seats", id: "lobby-seats" }, rows),
      solo ? null : h("div", { class: "field" }, h("span", {}, t("invite_link")), h("div", { class: "row" }, input,
        h("button", { class: "small secondary", onclick: () => { input.select(); navigator.clipboard?.writeText(link); } }, t("copy")))),
      seat !== null && !solo ? inviteForm() : null,
      seat !== null && !solo
        ? friendInvites(table.id, table.seats.map((s) => s.player).filter(Boolean), (text, failed) => said(text, "invite", failed))
        : null,
      app.me
        ? h("div", { class: "row" },
            creator ? h("button", { id: "start", onclick: () => lobbyAction("start") }, t("start")) : null,
            seat !== null ? h("button", { class: "secondary", id: "leave", onclick: () => lobbyAction("leave") }, t("leave")) : null)
        : h("div", {}, h("p", {}, t("sign_in_to_join")),
            h("button", { id: "guest-here", onclick: async () => { await post("/api/accounts/guest"); await app.refreshMe(); reconnect(); } }, t("play_as_guest"))),
      current.ui.error ? h("p", { class: "error", role: "alert", id: "lobby-error" }, current.ui.error) : null,
      h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))),
    ),
    solo ? null : chatCard(table.id, { seat, creator }),
  );
}

// The bot levels the table's game offers (easy always; medium and hard need the game's
// heuristic player).
function botLevels() {
  const info = gameInfo(current.data.table.game);
  return info ? info.bot_levels : ["easy"];
}

// The creator may seat a bot on a free seat, or free a bot's seat (the server checks who).
function botChoice(seatNo, level) {
  return h("select", {
    class: "bot-choice",
    id: `seat-bot-${seatNo}`,
    "aria-label": t("seat_bot_label", { n: seatNo + 1 }),
    onchange: async (event) => {
      try {
        await put(`/api/tables/${current.id}/seats/${seatNo}/bot`, { level: event.target.value || null });
        await refresh();
      } catch (error) {
        said(errorText(error));
      }
    },
  },
  h("option", { value: "", selected: !level }, t("a_person")),
  [...new Set([...botLevels(), ...(level ? [level] : [])])].map((l) => h("option", { value: l, selected: level === l }, t("bot_named", { seat: seatNo + 1, level: t("level_" + l) }))));
}

// Invite a player by name: they get a notice with this table in their lobby.
function inviteForm() {
  // what is typed lives in the table's UI state, so that a push redrawing the page keeps it
  const name = h("input", {
    id: "invite-name", required: true, maxlength: 100, "aria-label": t("invite_by_name"),
    dataset: { key: "invite-name" },
    value: current.ui.inviteName || "",
    oninput: (event) => { current.ui.inviteName = event.target.value; },
  });
  const note = h("span", { class: current.ui.inviteFailed ? "error" : "muted", role: "status", id: "invite-note" }, current.ui.inviteNote || "");
  return h("form", {
    class: "field",
    onsubmit: async (event) => {
      event.preventDefault();
      try {
        const invitee = current.ui.inviteName || name.value;
        await post(`/api/tables/${current.id}/invite`, { name: invitee });
        current.ui.inviteName = "";
        said(t("invited", { name: invitee }), "invite"); // kept across later redraws
      } catch (error) {
        said(errorText(error), "invite", true);
      }
    },
  }, h("span", {}, t("invite_by_name")), h("div", { class: "row" }, name, h("button", { class: "small secondary", type: "submit", id: "invite" }, t("invite")), note));
}

// Open the table anew (the socket learns who I am now).
function reconnect() {
  openTable(current.root, current.id);
  redraw();
}

async function lobbyAction(what, body) {
  try {
    await post(`/api/tables/${current.id}/${what}`, body || {});
    if (what === "leave") {
      location.hash = "#/";
      return;
    }
    reconnect(); // my seat changed: the socket should know who I am
  } catch (error) {
    said(errorText(error));
  }
}

// The answer to the latest attempt, in its place (beside the invite field, or under the
// seats); the answer to an earlier one goes.
function said(text, where = "lobby", failed = false) {
  current.ui.error = where === "lobby" ? text : null;
  current.ui.inviteNote = where === "invite" ? text : null;
  current.ui.inviteFailed = failed;
  redraw();
}
