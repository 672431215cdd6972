// Entry point: the header, the hash router (#/, #/table/ID, #/table/ID/replay,
// #/tutorial/NAME, #/account, #/friends, #/ratings/GAME, #/player/NAME, #/help, #/bots, and the pages of
// mail links), the language.
// Nothing here knows a game: tables and replays draw through their game's view.
import { accountControls } from "./account.js";
import { renderAccount } from "./account_page.js";
import { get, onSessionLost } from "./api.js";
import { renderBots } from "./bots.js";
import { h, replace } from "./dom.js";
import { leaveLobbyChat } from "./chat.js";
import { renderHelp } from "./help.js";
import { LANGUAGES, getLang, loadLang, setLang, t } from "./i18n.js";
import { renderFriends } from "./friends.js";
import { renderFrontDoor } from "./front_door.js";
import { renderLobby } from "./lobby.js";
import { renderForgot, renderReset, renderUnsubscribe, renderVerify } from "./mail_links.js";
import { app, loadGames, newPage } from "./state.js";
import { closeReplay, renderReplay } from "./replay.js";
import { renderTable } from "./table.js";
import { closeTable } from "./table_state.js";
import { announceAgain } from "./page.js";
import { renderPlayer } from "./profile.js";
import { renderRatings } from "./ratings.js";
import { renderTutorial } from "./tutorial.js";
import { setTitle, watchTurns } from "./turns.js";

const root = document.getElementById("app");
const who = document.getElementById("who");
const lang = document.getElementById("lang");
let lobbyTimer = null;

function drawHeader() {
  document.documentElement.lang = getLang();
  setTitle(t("title"));
  document.getElementById("brand").textContent = t("title");
  document.getElementById("lang-label").textContent = t("language");
  replace(document.getElementById("help")); // a table or a replay shows its game's help here
  replace(
    lang,
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === getLang() }, name)),
  );
  replace(who, accountControls()); // sign in, or my name, keep my games (a guest), log out
}

// The strings of the language in use, fetched while the session is asked (English, the
// fallback, came with i18n.js; a language whose strings fail to come reads in English).
const ownStrings = loadLang(getLang()).catch(() => null);

// Who is signed in: GET /api/session answers nobody (null) without an error.
app.refreshMe = async () => {
  const games = loadGames().catch(() => null); // the front door draws them without a shift
  try {
    app.me = (await get("/api/session")).user;
    if (app.me) app.sessionEnded = false;
  } catch {
    app.me = null;
  }
  if (!app.me) await games;
  await ownStrings;
  route();
};

function route() {
  if (drawPage() !== "lobby") leaveLobbyChat();
}

// The page the hash names: "lobby" when it is the lobby.
function drawPage() {
  clearInterval(lobbyTimer);
  newPage();
  drawHeader();
  watchTurns();
  const replayOf = location.hash.match(/^#\/table\/(\d+)\/replay$/);
  if (replayOf) {
    closeTable();
    renderReplay(root, Number(replayOf[1]));
    return;
  }
  closeReplay();
  if (location.hash === "#/help") {
    closeTable();
    renderHelp(root);
    return;
  }
  const tutorialOf = location.hash.match(/^#\/tutorial\/([a-z0-9-]+)$/);
  if (tutorialOf) {
    closeTable();
    renderTutorial(root, tutorialOf[1]);
    return;
  }
  if (mailPage()) return;
  if (location.hash === "#/bots") {
    closeTable();
    renderBots(root);
    return;
  }
  const ratingsOf = location.hash.match(/^#\/ratings\/([a-z0-9-]+)$/);
  const playerOf = location.hash.match(/^#\/player\/([^/]+)$/);
  if (ratingsOf || playerOf) {
    closeTable();
    if (ratingsOf) renderRatings(root, ratingsOf[1]);
    else renderPlayer(root, decodeURIComponent(playerOf[1]));
    return;
  }
  const match = location.hash.match(/^#\/table\/(\d+)/);
  if (match) {
    renderTable(root, Number(match[1]));
    return;
  }
  closeTable();
  if (!app.me) {
    renderFrontDoor(root);
    return;
  }
  if (location.hash === "#/account") {
    renderAccount(root);
    return;
  }
  if (location.hash === "#/friends") {
    renderFriends(root);
    return;
  }
  renderLobby(root);
  lobbyTimer = setInterval(() => {
    if (!document.hidden) renderLobby(root, true);
  }, 5000);
  return "lobby";
}

// The pages that links in mail open, signed in or not: true when the hash is one.
function mailPage() {
  const link = location.hash.match(/^#\/(verify|reset|unsubscribe)\/([A-Za-z0-9_.-]+)$/);
  if (!link && location.hash !== "#/forgot") return false;
  closeTable();
  if (!link) renderForgot(root);
  else if (link[1] === "verify") renderVerify(root, link[2]);
  else if (link[1] === "reset") renderReset(root, link[2]);
  else renderUnsubscribe(root, link[2]);
  return true;
}

// A request refused as signed out while this page shows an account: the session ended
// elsewhere. The page is drawn anew signed out (a table as a visitor sees it, the front door
// for the lobby and the account's pages), and the header says why until the next sign-in.
onSessionLost(() => {
  if (!app.me) return;
  app.me = null;
  app.sessionEnded = true;
  closeTable();
  route();
});

app.rerender = route;
lang.addEventListener("change", async () => {
  const chosen = lang.value;
  await setLang(chosen).catch(() => null);
  if (getLang() !== chosen) return; // another choice came meanwhile: it draws the page
  announceAgain();
  route();
});
// Another address (a link, the browser's back): a dialog of the page left (the game's
// overview, the account's) closes with it.
window.addEventListener("hashchange", () => {
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  route();
});
app.refreshMe();
