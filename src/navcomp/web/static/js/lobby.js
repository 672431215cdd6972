// The lobby: sign in, my games, open tables, a new table of any game the server hosts, and
// the solo high scores of a game that can be played alone.
import { get, post } from "./api.js";
import { levelNotes } from "./bots.js";
import { h, replace } from "./dom.js";
import { viewFor } from "./games/index.js";
import { t } from "./i18n.js";
import { errorText, seatName } from "./pieces.js";
import { soloLists, soloScores } from "./solo_scores.js";
import { app, gameTitle, loadGames } from "./state.js";

function field(label, input) {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

export function renderSignIn(root) {
  const name = h("input", { name: "name", autocomplete: "username", required: true, maxlength: 100 });
  const password = h("input", {
    name: "password",
    type: "password",
    autocomplete: "current-password",
    required: true,
  });
  const message = h("p", { class: "error", role: "alert" });
  const submit = async (path) => {
    message.textContent = "";
    try {
      await post(path, { name: name.value, password: password.value });
      await app.refreshMe();
    } catch (error) {
      message.textContent = errorText(error);
    }
  };
  const form = h(
    "form",
    {
      class: "card signin",
      onsubmit: (event) => {
        event.preventDefault();
        submit("/api/accounts/login");
      },
    },
    h("h2", {}, t("sign_in_title")),
    field(t("name"), name),
    field(t("password"), password),
    h(
      "div",
      { class: "row" },
      h("button", { type: "submit", id: "sign-in", dataset: { key: "sign-in" } }, t("sign_in")),
      h(
        "button",
        {
          type: "button",
          id: "register",
          class: "secondary",
          onclick: () => form.reportValidity() && submit("/api/accounts/register"),
        },
        t("register"),
      ),
    ),
    message,
  );
  const guest = guestCard(message);
  replace(root, h("div", { class: "lobby" }, form, guest));
}

// Play at once as a guest; a refusal is told in `message`.
function guestCard(message) {
  return h(
    "section",
    { class: "card" },
    h("h2", {}, t("guest_title")),
    h("p", {}, t("guest_text")),
    h(
      "button",
      {
        id: "guest",
        dataset: { key: "guest" },
        onclick: async () => {
          try {
            await post("/api/accounts/guest");
            await app.refreshMe();
          } catch (error) {
            message.textContent = errorText(error);
          }
        },
      },
      t("play_as_guest"),
    ),
  );
}

function tableSummary(table) {
  const people = table.seats.map(seatName).join(", ");
  const seats = table.num_seats === 1 ? t("solo_word") : `${table.num_seats} ${t("seats_word")}`;
  return `${t("table_no", { id: table.id })} · ${gameTitle(table.game)} · ${seats} · ${people}`;
}

function statusWord(table) {
  return t("status_" + table.status);
}

const DEFAULT_GAME = "space-mission";

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

// Who sits in each seat of a new table of `n`: I in the first; a person or a bot in the others.
function seatChoices(game, n) {
  const rows = [h("div", { class: "seat-choice" }, h("span", {}, t("seat_n", { n: 1 })), h("span", {}, t("you")))];
  for (let i = 1; i < n; i += 1) {
    const select = h(
      "select",
      { id: `new-seat-${i}`, "aria-label": t("seat_n", { n: i + 1 }) },
      h("option", { value: "" }, t("a_person")),
      game.bot_levels.map((level) =>
        h("option", { value: level, selected: level === "easy" }, t("bot_named", { level: t("level_" + level) })),
      ),
    );
    rows.push(h("label", { class: "seat-choice" }, h("span", {}, t("seat_n", { n: i + 1 })), select));
  }
  return rows;
}

// Create the table the form describes and go to it; a refusal is told in `message`.
async function createTable(game, n, options, message) {
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
    const table = await post("/api/tables", { game: game.name, seats: n, bots, options: chosen });
    location.hash = `#/table/${table.id}`;
  } catch (error) {
    message.textContent = errorText(error);
  }
}

// The new table: the game, the seats (within the game's range; 1 is a solo game where the
// game allows it), who sits in each (a person, or a bot of a level the game offers) and the
// game's options. `onGame(game)` hears of the game chosen (the solo high scores follow it).
function newTableForm(games, onGame) {
  let game = games.find((g) => g.name === DEFAULT_GAME) || games[0];
  const gameSelect = h("select", { id: "new-game", name: "game" },
    games.map((g) => h("option", { value: g.name, selected: g === game }, g.title)));
  const seats = h("select", { id: "new-seats", name: "seats" });
  const seatList = h("div", { class: "seat-choices" });
  const notes = h("div", { id: "level-notes" });
  const options = h("div", { id: "new-options" });
  const drawSeats = () => replace(seatList, seatChoices(game, Number(seats.value)));
  const drawGame = () => {
    const n = defaultSeats(game);
    const counts = [];
    for (let k = game.min_players; k <= game.max_players; k += 1) counts.push(k);
    replace(seats, counts.map((k) => h("option", { value: k, selected: k === n }, k === 1 ? t("solo_seats") : String(k))));
    drawSeats();
    replace(notes, levelNotes(game));
    replace(options, Object.entries(game.options).map(([name, value]) => optionControl(game, name, value)));
    onGame(game);
  };
  gameSelect.addEventListener("change", () => {
    game = games.find((g) => g.name === gameSelect.value) || game;
    drawGame();
  });
  seats.addEventListener("change", drawSeats);
  const message = h("p", { class: "error", role: "alert" });
  const form = h(
    "form",
    {
      class: "card",
      id: "new-table",
      onsubmit: (event) => {
        event.preventDefault();
        createTable(game, Number(seats.value), options, message);
      },
    },
    h("h2", {}, t("new_table")),
    field(t("game"), gameSelect),
    field(t("players"), seats),
    seatList,
    notes,
    options,
    h("button", { type: "submit", id: "create-table" }, t("create_table")),
    message,
  );
  drawGame();
  return form;
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
  if (notice.kind === "invite" && notice.about) {
    return t("notice_invite", { id, name: notice.about.by, game: gameTitle(notice.about.game) });
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
            h("a", { href: `#/table/${table.id}` }, tableSummary(table)),
            " ",
            h("span", { class: "badge" }, table.my_turn ? t("your_turn") : statusWord(table)),
          ),
        ),
      )
    : h("p", { class: "muted" }, t("no_games"));
  return h("section", { class: "card", id: "my-games-card" }, h("h2", {}, t("my_games")), mineList);
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
            h("a", { href: `#/table/${table.id}` }, tableSummary(table)),
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

export async function renderLobby(root, listsOnly = false) {
  let mine = [];
  let open = [];
  let games = [];
  let notices = [];
  try {
    [mine, open, games, notices] = await Promise.all([
      get("/api/my/games"), get("/api/tables"), loadGames(), get("/api/notifications?unread=true"),
    ]);
  } catch (error) {
    replace(root, h("p", { class: "error" }, errorText(error)));
    return;
  }
  const mineSection = myGamesCard(mine);
  const openSection = openTablesCard(open);
  const noticeSection = noticesCard(notices, root);
  if (listsOnly && root.querySelector("#new-table")) {
    // a refresh: the lists change, the form being filled in stays as it is
    root.querySelector("#notices-card").replaceWith(noticeSection);
    root.querySelector("#my-games-card").replaceWith(mineSection);
    root.querySelector("#open-tables-card").replaceWith(openSection);
    return;
  }
  const solo = soloCard();
  const form = newTableForm(games, (game) => drawSolo(solo, game));
  replace(root, h("div", { class: "lobby" }, noticeSection, mineSection, openSection, form, solo));
}
