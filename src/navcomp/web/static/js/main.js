// Entry point: the header, the hash router (#/, #/table/ID, #/table/ID/replay,
// #/tutorial/NAME, #/bots), the language.
// Nothing here knows a game: tables and replays draw through their game's view.
import { get, post } from "./api.js";
import { renderBots } from "./bots.js";
import { h, replace } from "./dom.js";
import { LANGUAGES, getLang, setLang, t } from "./i18n.js";
import { renderLobby, renderSignIn } from "./lobby.js";
import { app } from "./state.js";
import { closeReplay, renderReplay } from "./replay.js";
import { renderTable } from "./table.js";
import { closeTable } from "./table_state.js";
import { renderTutorial } from "./tutorial.js";

const root = document.getElementById("app");
const who = document.getElementById("who");
const lang = document.getElementById("lang");
let lobbyTimer = null;

function drawHeader() {
  document.documentElement.lang = getLang();
  document.title = t("title");
  document.getElementById("brand").textContent = t("title");
  document.getElementById("lang-label").textContent = t("language");
  replace(document.getElementById("help")); // a table or a replay shows its game's help here
  replace(
    lang,
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === getLang() }, name)),
  );
  if (!app.me) {
    replace(who);
    return;
  }
  replace(
    who,
    h("span", { id: "me-name" }, app.me.guest ? t("guest_named", { name: app.me.name }) : app.me.name),
    " ",
    h(
      "button",
      {
        class: "small secondary",
        id: "log-out",
        onclick: async () => {
          await post("/api/accounts/logout").catch(() => {});
          app.me = null;
          route();
        },
      },
      t("log_out"),
    ),
  );
}

app.refreshMe = async () => {
  try {
    app.me = await get("/api/me");
  } catch {
    app.me = null;
  }
  route();
};

function route() {
  clearInterval(lobbyTimer);
  drawHeader();
  const replayOf = location.hash.match(/^#\/table\/(\d+)\/replay$/);
  if (replayOf) {
    closeTable();
    renderReplay(root, Number(replayOf[1]));
    return;
  }
  closeReplay();
  const tutorialOf = location.hash.match(/^#\/tutorial\/([a-z0-9-]+)$/);
  if (tutorialOf) {
    closeTable();
    renderTutorial(root, tutorialOf[1]);
    return;
  }
  if (location.hash === "#/bots") {
    closeTable();
    renderBots(root);
    return;
  }
  const match = location.hash.match(/^#\/table\/(\d+)/);
  if (match) {
    renderTable(root, Number(match[1]));
    return;
  }
  closeTable();
  if (!app.me) {
    renderSignIn(root);
    return;
  }
  renderLobby(root);
  lobbyTimer = setInterval(() => {
    if (!document.hidden) renderLobby(root, true);
  }, 5000);
}

app.rerender = route;
lang.addEventListener("change", () => {
  setLang(lang.value);
  route();
});
window.addEventListener("hashchange", route);
app.refreshMe();
