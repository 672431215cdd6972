// The lobby: my games, open tables, a new table of any game the server hosts, and
// the solo high scores of a game that can be played alone.
import { get, post } from "./api.js";
import { levelNotes } from "./bots.js";
import { chatCard } from "./chat.js";
import { h, replace } from "./dom.js";
import { viewFor } from "./games/index.js";
import { t } from "./i18n.js";
import { learnCard } from "./front_door.js";
import { paceControl, paceOf, paceText } from "./pace.js";
import { errorText, personName, seatPiece } from "./pieces.js";
import { afterPress } from "./press.js";
import { friendsCard, loadSocial, seenBy, visibilityControls, watchCard } from "./social_lobby.js";
import { soloLists, soloScores } from "./solo_scores.js";
import { app, gameTitle, loadGames, onThisPage, shownPage } from "./state.js";
import { heard, nextGameButton, notifyControl } from "./turns.js";

function field(label, input) {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

// A table in a list: its link, then who sits there (people linking to their profiles), its pace.
function tableSummary(table) {
  const seats = table.num_seats === 1 ? t("solo_word") : `${table.num_seats} ${t("seats_word")}`;
  const rated = table.rated ? ` · ${t("rated_word")}` : "";
  const people = table.seats.flatMap((seat, i) => (i ? [", ", seatPiece(seat)] : [seatPiece(seat)]));
  const seen = seenBy(table) ? ` · ${seenBy(table)}` : "";
  return h("span", { class: "summary" }, h("a", { href: `#/table/${table.id}` }, `${t("table_no", { id: table.id })} · ${gameTitle(table.game)} · ${seats}${rated}`),
    " · ", people, table.pace ? ` · ${paceText(table.pace)}` : "", seen);
}

function statusWord(table) {
  return t("status_" + table.status);
}

const DEFAULT_GAME = "space-mission";
const LAST_TABLE = "navcomp_new_table";

// The settings of the last table made in this browser, `{game, seats, bots: {seat: level
// ("" for a person)}, options}`, or null: the form starts from them.
function lastSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_TABLE) || "null");
    return saved && typeof saved === "object" ? saved : null;
  } catch {
    return null;
  }
}

// The default seat count: 3, or the nearest the game allows.
function defaultSeats(game) {
  return Math.max(game.min_players, Math.min(3, game.max_players));
}

// A control for one of the game's options, made from its default: a checkbox for a yes/no
// option, a number field for a count, a text field otherwise. Labels: `opt_<name>` in the
// game's strings.
function optionControl(game, name, value) {
  const id = "opt-" + name.replaceAll("_", "-");
  const label = viewFor(game.name).t("opt_" + name, {}, name.replaceAll("_", " "));
  if (typeof value === "boolean") {
    return h("label", { class: "check" }, h("input", { type: "checkbox", id, checked: value, dataset: { option: name } }), " ", label);
  }
  if (typeof value === "number") {
    return field(label, h("input", { type: "number", id, min: 0, step: 1, value, dataset: { option: name } }));
  }
  return field(label, h("input", { id, value: value ?? "", dataset: { option: name } }));
}

function optionValue(input, value) {
  if (typeof value === "boolean") return input.checked;
  if (typeof value === "number") return Number(input.value) || 0;
  return input.value;
}

// Who sits in each seat of a new table of `n`: I in the first; a person or a bot in the others
// (`bots`: the level chosen last time by seat, "" for a person).
function seatChoices(game, n, bots = {}) {
  const rows = [h("div", { class: "seat-choice" }, h("span", {}, t("seat_n", { n: 1 })), h("span", {}, t("you")))];
  for (let i = 1; i < n; i += 1) {
    const chosen = bots[i] === "" || game.bot_levels.includes(bots[i]) ? bots[i] : "easy";
    const select = h(
      "select",
      { id: `new-seat-${i}`, "aria-label": t("seat_n", { n: i + 1 }) },
      h("option", { value: "", selected: chosen === "" }, t("a_person")),
      game.bot_levels.map((level) =>
        h("option", { value: level, selected: level === chosen }, t("bot_named", { seat: i + 1, level: t("level_" + level) })),
      ),
    );
    rows.push(h("label", { class: "seat-choice" }, h("span", {}, t("seat_n", { n: i + 1 })), select));
  }
  return rows;
}

// Create the table the form describes and go to it; a refusal is told in `message`.
async function createTable(game, n, options, rated, seen, message) {
  const bots = [];
  for (let i = 1; i < n; i += 1) {
    const level = document.getElementById(`new-seat-${i}`).value;
    if (level) bots.push({ seat: i, level });
  }
  const chosen = {};
  for (const [name, value] of Object.entries(game.options)) {
    const input = options.querySelector(`[data-option="${name}"]`);
    if (input) chosen[name] = optionValue(input, value);
  }
  try {
    const pace = n === 1 ? null : paceOf(options.closest("form")); // a solo table has no clock
    const table = await post("/api/tables", { game: game.name, seats: n, bots, options: chosen, pace, rated, ...seen });
    const levels = {};
    for (let i = 1; i < n; i += 1) levels[i] = document.getElementById(`new-seat-${i}`).value;
    localStorage.setItem(LAST_TABLE, JSON.stringify({ game: game.name, seats: n, bots: levels, options: chosen }));
    location.hash = `#/table/${table.id}`;
  } catch (error) {
    message.textContent = errorText(error);
  }
}

// The new table: the game, the seats (within the game's range; 1 is a solo game where the
// game allows it), who sits in each (a person, or a bot of a level the game offers) and the
// game's options. `onGame(game)` hears of the game chosen (the solo high scores follow it).
function newTableForm(games, onGame) {
  const saved = lastSettings();
  let game = games.find((g) => g.name === saved?.game) || games.find((g) => g.name === DEFAULT_GAME) || games[0];
  const remembered = () => (saved && saved.game === game.name ? saved : null); // for the game on show
  const gameSelect = h("select", { id: "new-game", name: "game" },
    games.map((g) => h("option", { value: g.name, selected: g === game }, g.title)));
  const seats = h("select", { id: "new-seats", name: "seats" });
  const seatList = h("div", { class: "seat-choices" });
  const notes = h("div", { id: "level-notes" });
  const options = h("div", { id: "new-options" });
  const ratedBox = h("input", { type: "checkbox", id: "new-rated", name: "rated" });
  const rated = h("label", { class: "check", title: t("rated_hint") }, ratedBox, " ", t("rated"),
    h("small", { class: "muted" }, " (", t("rated_hint"), ")"));
  const drawRated = () => {
    const never = app.me.guest || Number(seats.value) === 1; // solo and guests: never rated
    rated.style.display = never ? "none" : "";
    if (never) ratedBox.checked = false;
  };
  const pace = paceControl();
  const seen = visibilityControls();
  const drawSeats = () => {
    replace(seatList, seatChoices(game, Number(seats.value), remembered()?.bots || {}));
    pace.hidden = Number(seats.value) === 1;
  };
  const drawGame = () => {
    const last = remembered();
    const fits = last && last.seats >= game.min_players && last.seats <= game.max_players;
    const n = fits ? last.seats : defaultSeats(game);
    const counts = [];
    for (let k = game.min_players; k <= game.max_players; k += 1) counts.push(k);
    replace(seats, counts.map((k) => h("option", { value: k, selected: k === n }, k === 1 ? t("solo_seats") : String(k))));
    drawSeats();
    drawRated();
    replace(notes, levelNotes(game));
    const before = (last && last.options) || {};
    replace(options, Object.entries(game.options).map(([name, value]) =>
      optionControl(game, name, typeof before[name] === typeof value ? before[name] : value)));
    onGame(game);
  };
  gameSelect.addEventListener("change", () => {
    game = games.find((g) => g.name === gameSelect.value) || game;
    drawGame();
  });
  seats.addEventListener("change", () => {
    drawSeats();
    drawRated();
  });
  const message = h("p", { class: "error", role: "alert" });
  const form = h(
    "form",
    {
      class: "card",
      id: "new-table",
      onsubmit: (event) => {
        event.preventDefault();
        createTable(game, Number(seats.value), options, ratedBox.checked, seen.value(), message);
      },
    },
    h("h2", {}, t("new_table")),
    field(t("game"), gameSelect),
    field(t("players"), seats),
    seatList,
    notes,
    options,
    pace,
    rated,
    seen.element,
    h("button", { type: "submit", id: "create-table" }, t("create_table")),
    message,
  );
  drawGame();
  return form;
}

// Each game's leaderboard, and my own ratings.
function ratingsCard(games) {
  const boards = games.filter((g) => g.max_players > 1)
    .map((g) => h("a", { href: `#/ratings/${g.name}`, class: "button small secondary" }, g.title));
  const mine = app.me.guest ? null : h("a", { href: `#/player/${encodeURIComponent(app.me.name)}`, id: "my-ratings" }, t("my_ratings"));
  return h("section", { class: "card", id: "ratings-card" }, h("h2", {}, t("ratings_link")), h("p", { class: "row" }, boards), mine);
}

// The solo high scores of a game that can be played alone: mine and everybody's best.
function soloCard() {
  return h("section", { class: "card high-scores", id: "solo-scores", hidden: true });
}

async function drawSolo(card, game) {
  card.dataset.game = game.name;
  if (game.min_players !== 1) {
    card.hidden = true;
    replace(card);
    return;
  }
  card.hidden = false;
  const title = h("h2", {}, t("solo_scores_title", { game: game.title }));
  replace(card, title, h("p", { class: "muted" }, t("loading")));
  let scores;
  try {
    scores = await soloScores(game.name);
  } catch (error) {
    if (card.dataset.game === game.name) replace(card, title, h("p", { class: "error" }, errorText(error)));
    return;
  }
  if (card.dataset.game !== game.name) return; // another game was chosen meanwhile
  replace(card, title, soloLists(scores));
}

// A notice in the page's language; one from before notices had kinds keeps its English.
function noticeText(notice) {
  const id = notice.table;
  if (notice.kind === "turn") return t("notice_turn", { id });
  if (notice.kind === "over") return t("notice_over", { id });
  if (["time_up", "stalled", "seat_change"].includes(notice.kind)) return t("notice_" + notice.kind, { id });
  if (notice.kind === "rematch" && notice.about) {
    return t("notice_rematch", { id, name: notice.about.by, game: gameTitle(notice.about.game) });
  }
  if (notice.kind === "invite" && notice.about) {
    return t("notice_invite", { id, name: personName(notice.about.by), game: gameTitle(notice.about.game) });
  }
  return notice.text;
}

// My games, my turn marked.
function myGamesCard(mine) {
  const mineList = mine.length
    ? h(
        "ul",
        { class: "tables", id: "my-games" },
        mine.map((table) =>
          h(
            "li",
            { class: table.my_turn ? "my-turn" : "" },
            tableSummary(table),
            " ",
            h("span", { class: "badge" }, table.my_turn ? t("your_turn") : statusWord(table)),
            table.tutorial ? [" ", h("span", { class: "badge tutorial-badge" }, t("tutorial_word"))] : null,
          ),
        ),
      )
    : h("p", { class: "muted" }, t("no_games"));
  return h("section", { class: "card", id: "my-games-card" },
    h("div", { class: "row card-head" }, h("h2", {}, t("my_games")), nextGameButton()),
    mineList, notifyControl());
}

// The open tables, with Join where I have no seat.
function openTablesCard(open) {
  const openList = open.length
    ? h(
        "ul",
        { class: "tables", id: "open-tables" },
        open.map((table) => {
          const seated = table.seats.some((seat) => seat.player === app.me.name);
          return h(
            "li",
            {},
            tableSummary(table),
            " ",
            seated
              ? h("span", { class: "badge" }, t("seated"))
              : h(
                  "button",
                  {
                    class: "small",
                    dataset: { key: `join-${table.id}` },
                    onclick: async () => {
                      try {
                        await post(`/api/tables/${table.id}/join`, {});
                        location.hash = `#/table/${table.id}`;
                      } catch (error) {
                        alert(errorText(error));
                      }
                    },
                  },
                  t("join"),
                ),
          );
        }),
      )
    : h("p", { class: "muted" }, t("no_open_tables"));
  return h("section", { class: "card", id: "open-tables-card" }, h("h2", {}, t("open_tables")), openList);
}

// My unread notices, each linking to its table (hidden when there are none).
function noticesCard(notices, root) {
  return h("section", { class: "card notices", id: "notices-card", hidden: !notices.length },
    h("h2", {}, t("notices")),
    h("ul", { class: "tables", id: "notices" }, notices.map((n) =>
      h("li", {}, n.table ? h("a", { href: `#/table/${n.table}` }, noticeText(n)) : noticeText(n)))),
    h("button", {
      class: "small secondary",
      onclick: async () => {
        await post("/api/notifications/read", {}).catch(() => {});
        renderLobby(root, true);
      },
    }, t("mark_read")));
}

let lobbyDrawnOn = -1; // the page on which the whole lobby, its form included, was drawn

export async function renderLobby(root, listsOnly = false) {
  const still = onThisPage();
  const page = shownPage();
  let mine = [];
  let open = [];
  let games = [];
  let notices = [];
  let social = null;
  try {
    [mine, open, games, notices, social] = await Promise.all([
      get("/api/my/games"), get("/api/tables"), loadGames(), get("/api/notifications?unread=true"), loadSocial(),
    ]);
  } catch (error) {
    if (still()) replace(root, h("p", { class: "error" }, errorText(error)));
    return;
  }
  heard(mine); // the title's count and "Next game" follow this answer
  if (!still()) return;
  const mineSection = myGamesCard(mine);
  const openSection = openTablesCard(open);
  const noticeSection = noticesCard(notices, root);
  if ((listsOnly || lobbyDrawnOn === page) && root.querySelector("#new-table")) {
    // A refresh, or a first draw answered after a refresh of this page drew the whole
    // lobby: the lists that changed are drawn anew, the form being filled in stays as it
    // is, and so does a list that did not change. A press under way keeps the page as it
    // is until it ends: its button, or the cards below it, would move from under it.
    const cards = [noticeSection, mineSection, openSection, watchCard(social.watch), friendsCard(social.friends)];
    afterPress(() => {
      if (!still()) return;
      for (const card of cards) {
        const shown = root.querySelector(`#${card.id}`);
        if (shown && !shown.isEqualNode(card)) shown.replaceWith(card);
      }
    }, "lobby-lists");
    return;
  }
  lobbyDrawnOn = page;
  const solo = soloCard();
  const form = newTableForm(games, (game) => drawSolo(solo, game));
  replace(root, h("div", { class: "lobby" }, noticeSection, mineSection, openSection, watchCard(social.watch),
    friendsCard(social.friends), form, learnCard(games), solo, ratingsCard(games), chatCard(null)));
}
