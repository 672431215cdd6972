// The front door (#/ signed out): what NavComp is, its games (a picture of each table, the
// players, the length, a guided first game without an account), then signing in,
// registering or playing as a guest. A game's part comes from its view's `frontDoor()`
// and its strings `front_blurb` and `front_length`.
import { post } from "./api.js";
import { h, replace } from "./dom.js";
import { viewFor } from "./games/index.js";
import { t } from "./i18n.js";
import { errorText } from "./pieces.js";
import { app, loadGames, takeReturn } from "./state.js";

// The rule of account names, as the server checks it (server/names.py): letters of any
// script, digits, "_" and "-", 3 to 24 of them.
export const NAME_PATTERN = "[\\p{L}\\p{M}\\p{Nd}_\\-]{3,24}";

function field(label, input, hint) {
  return h("label", { class: "field" }, h("span", {}, label), input, hint || null);
}

export function renderFrontDoor(root) {
  // Drawn at once when the games are loaded (app.refreshMe loads them with the session), so
  // that nothing below shifts under a pointer on its way to "Play as a guest".
  const games = h("div", { class: "front-games", id: "front-games" },
    app.games ? app.games.map(gameCard) : null);
  replace(root, h("div", { class: "front" },
    h("section", { class: "front-intro", id: "front-intro" },
      h("h1", {}, t("front_title")),
      h("p", { class: "front-lead" }, t("front_lead")),
      h("ul", { class: "front-points" },
        h("li", {}, t("front_point_people")),
        h("li", {}, t("front_point_pace")),
        h("li", {}, t("front_point_learn")))),
    games,
    h("div", { class: "lobby" }, signInForm(), guestCard())));
  if (!app.games) loadGames().then((list) => replace(games, list.map(gameCard))).catch(() => {});
}

// One game: its table's picture, players, length, a line about it, the guided first game.
function gameCard(game) {
  const view = viewFor(game.name);
  const door = view.frontDoor();
  const players = game.min_players === game.max_players
    ? t("front_players_n", { n: game.min_players })
    : t("front_players", { min: game.min_players, max: game.max_players });
  return h("section", { class: "card front-game", dataset: { game: game.name } },
    // its size given, the picture's box is kept for it before it arrives: nothing below moves
    door.picture ? h("img", { ...door.picture, alt: t("front_picture", { game: game.title }), loading: "lazy" }) : null,
    h("h2", {}, game.title),
    h("p", { class: "front-facts" }, players, " · ", view.t("front_length", {}, "")),
    h("p", {}, view.t("front_blurb", {}, "")),
    h("div", { class: "row" },
      door.tutorial
        ? h("a", { class: "button", href: `#/tutorial/${door.tutorial}`, id: `learn-${game.name}` }, t("front_learn"))
        : null,
      door.rules ? h("a", { href: door.rules, target: "_blank", rel: "noopener" }, t("front_rules")) : null),
    door.tutorial ? h("p", { class: "muted small" }, t("front_no_account")) : null);
}

function signInForm() {
  const rule = h("small", { class: "muted", id: "name-rule" }, t("name_rule"));
  const name = h("input", {
    name: "name", autocomplete: "username", required: true, maxlength: 24, pattern: NAME_PATTERN,
    title: t("name_rule"), "aria-describedby": "name-rule",
  });
  const password = h("input", {
    name: "password", type: "password", autocomplete: "current-password", required: true,
  });
  const message = h("p", { class: "error", role: "alert", id: "sign-in-error" });
  const submit = async (path) => {
    message.textContent = "";
    try {
      await post(path, { name: name.value, password: password.value });
      const back = takeReturn(); // a table's link brought them here: back to it
      if (back) history.replaceState(null, "", back);
      await app.refreshMe();
    } catch (error) {
      message.textContent = errorText(error);
    }
  };
  const form = h("form", {
    class: "card signin",
    onsubmit: (event) => {
      event.preventDefault();
      submit("/api/accounts/login");
    },
  },
  h("h2", {}, t("sign_in_title")),
  field(t("name"), name, rule),
  field(t("password"), password),
  h("div", { class: "row" },
    h("button", { type: "submit", id: "sign-in", dataset: { key: "sign-in" } }, t("sign_in")),
    h("button", {
      type: "button", id: "register", class: "secondary",
      onclick: () => form.reportValidity() && submit("/api/accounts/register"),
    }, t("register"))),
  message,
  h("p", {}, h("a", { href: "#/forgot", id: "forgot-link" }, t("forgot_link"))));
  return form;
}

// Play at once as a guest.
function guestCard() {
  const message = h("p", { class: "error", role: "alert" });
  return h("section", { class: "card" },
    h("h2", {}, t("guest_title")),
    h("p", {}, t("guest_text")),
    h("button", {
      id: "guest", dataset: { key: "guest" },
      onclick: async () => {
        try {
          await post("/api/accounts/guest");
          await app.refreshMe();
        } catch (error) {
          message.textContent = errorText(error);
        }
      },
    }, t("play_as_guest")),
    message);
}

// The lobby's way to the guided first games (signed in).
export function learnCard(games) {
  const links = games
    .map((game) => [game, viewFor(game.name).frontDoor()])
    .filter(([, door]) => door.tutorial)
    .map(([game, door]) => h("li", {}, h("a", { href: `#/tutorial/${door.tutorial}`, dataset: { key: `learn-${game.name}` } },
      t("learn_game", { game: game.title }))));
  return h("section", { class: "card", id: "learn-card", hidden: !links.length },
    h("h2", {}, t("learn_title")), h("ul", { class: "tables" }, links));
}
