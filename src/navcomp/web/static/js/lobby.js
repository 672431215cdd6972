// The lobby: sign in, my games, open tables, a new table.
import { get, post } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { app } from "./state.js";

export function seatName(seat) {
  if (seat.bot) return t("bot_named", { level: t("level_" + seat.bot) });
  return seat.player || t("empty_seat");
}

function errorText(error) {
  return t("err_" + error.code, {}, error.message || error.code);
}

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
  const guest = h(
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
  replace(root, h("div", { class: "lobby" }, form, guest));
}

function tableSummary(table) {
  const people = table.seats.map(seatName).join(", ");
  return `${t("table_no", { id: table.id })} · ${table.num_seats} ${t("seats_word")} · ${people}`;
}

function statusWord(table) {
  return t("status_" + table.status);
}

function newTableForm(games) {
  const game = games.find((g) => g.name === "space-mission") || games[0];
  const seats = h(
    "select",
    { id: "new-seats", name: "seats" },
    [2, 3, 4, 5].map((n) => h("option", { value: n, selected: n === 3 }, String(n))),
  );
  const seatList = h("div", { class: "seat-choices" });
  const drawSeats = () => {
    const n = Number(seats.value);
    const rows = [h("div", { class: "seat-choice" }, h("span", {}, t("seat_n", { n: 1 })), h("span", {}, t("you")))];
    for (let i = 1; i < n; i += 1) {
      const select = h(
        "select",
        { id: `new-seat-${i}`, "aria-label": t("seat_n", { n: i + 1 }) },
        h("option", { value: "" }, t("a_person")),
        ["easy", "medium", "hard"].map((level) =>
          h("option", { value: level, selected: level === "easy" }, t("bot_named", { level: t("level_" + level) })),
        ),
      );
      rows.push(h("label", { class: "seat-choice" }, h("span", {}, t("seat_n", { n: i + 1 })), select));
    }
    replace(seatList, rows);
  };
  seats.addEventListener("change", drawSeats);
  drawSeats();
  const hide = h("input", { type: "checkbox", id: "opt-hide-reserved" });
  const rounds = h("input", { type: "number", id: "opt-max-rounds", min: 0, max: 99, value: 0 });
  const message = h("p", { class: "error", role: "alert" });
  return h(
    "form",
    {
      class: "card",
      id: "new-table",
      onsubmit: async (event) => {
        event.preventDefault();
        const n = Number(seats.value);
        const bots = [];
        for (let i = 1; i < n; i += 1) {
          const level = document.getElementById(`new-seat-${i}`).value;
          if (level) bots.push({ seat: i, level });
        }
        const options = {};
        if (game && "hide_reserved" in game.options) options.hide_reserved = hide.checked;
        if (game && "max_rounds" in game.options) options.max_rounds = Number(rounds.value) || 0;
        try {
          const table = await post("/api/tables", {
            game: game ? game.name : "space-mission",
            seats: n,
            bots,
            options,
          });
          location.hash = `#/table/${table.id}`;
        } catch (error) {
          message.textContent = errorText(error);
        }
      },
    },
    h("h2", {}, t("new_table")),
    field(t("players"), seats),
    seatList,
    h("label", { class: "check" }, hide, " ", t("opt_hide_reserved")),
    field(t("opt_max_rounds"), rounds),
    h("button", { type: "submit", id: "create-table" }, t("create_table")),
    message,
  );
}

export async function renderLobby(root, listsOnly = false) {
  let mine = [];
  let open = [];
  let games = [];
  let notices = [];
  try {
    [mine, open, games, notices] = await Promise.all([
      get("/api/my/games"), get("/api/tables"), get("/api/games"), get("/api/notifications?unread=true"),
    ]);
  } catch (error) {
    replace(root, h("p", { class: "error" }, errorText(error)));
    return;
  }
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
  const mineSection = h("section", { class: "card", id: "my-games-card" }, h("h2", {}, t("my_games")), mineList);
  const openSection = h("section", { class: "card", id: "open-tables-card" }, h("h2", {}, t("open_tables")), openList);
  const noticeSection = h("section", { class: "card notices", id: "notices-card", hidden: !notices.length },
    h("h2", {}, t("notices")),
    h("ul", { class: "tables", id: "notices" }, notices.map((n) =>
      h("li", {}, n.table ? h("a", { href: `#/table/${n.table}` }, n.text) : n.text))),
    h("button", {
      class: "small secondary",
      onclick: async () => {
        await post("/api/notifications/read", {}).catch(() => {});
        renderLobby(root, true);
      },
    }, t("mark_read")));
  const form = root.querySelector("#new-table");
  if (listsOnly && form) {
    // a refresh: the lists change, the form being filled in stays as it is
    root.querySelector("#notices-card").replaceWith(noticeSection);
    root.querySelector("#my-games-card").replaceWith(mineSection);
    root.querySelector("#open-tables-card").replaceWith(openSection);
    return;
  }
  replace(root, h("div", { class: "lobby" }, noticeSection, mineSection, openSection, newTableForm(games)));
}
