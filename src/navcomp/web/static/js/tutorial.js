// The way into a tutorial, #/tutorial/NAME (the front door links here): signs a visitor in
// as a guest, then opens their table of the tutorial: a new one, or the one they left,
// offering to go on at the step they were at or to start over. The table itself is
// #/table/ID, where tutorial_runner.js guides it.
import { get, post } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./pieces.js";
import { app, gameTitle, loadGames, onThisPage } from "./state.js";
import { loadScript, progress, resumeStep } from "./tutorial_steps.js";

export async function renderTutorial(root, name) {
  const still = onThisPage();
  const show = (...content) => still() && replace(root, h("section", { class: "card tutorial-entry", id: "tutorial-entry" }, content));
  show(h("p", { class: "muted" }, t("tutorial_making")));
  try {
    if (!app.me) {
      await post("/api/accounts/guest"); // the same way in as "Play as a guest"
      await app.refreshMe(); // draws the header, then comes back here signed in
      return;
    }
    const [info] = await Promise.all([get(`/api/tutorials/${encodeURIComponent(name)}`), loadGames()]);
    if (!still()) return;
    if (!info.table) {
      await start(name, still);
      return;
    }
    const script = await loadScript(info.game);
    const log = (await get(`/api/tables/${info.table.id}/log`)).entries;
    if (still()) offer(show, name, info, script, log);
  } catch (error) {
    show(h("p", { class: "error", role: "alert" }, errorText(error)), h("a", { href: "#/" }, t("back_to_lobby")));
  }
}

async function start(name, still) {
  const made = await post(`/api/tutorials/${encodeURIComponent(name)}/tables`);
  if (still()) location.replace(`#/table/${made.id}`);
}

// My table of the tutorial: go on with it, or start over.
function offer(show, name, info, script, log) {
  const table = info.table;
  const over = table.status === "over";
  const step = resumeStep(script, progress(script, log, script.seat)) + 1;
  const open = () => location.replace(`#/table/${table.id}`);
  const again = async (event) => {
    event.target.disabled = true;
    try {
      await start(name, () => true);
    } catch (error) {
      show(h("p", { class: "error", role: "alert" }, errorText(error)));
    }
  };
  show(
    h("h2", {}, t("tutorial_title", { game: gameTitle(info.game) })),
    h("p", { id: "tutorial-left" }, over ? t("tutorial_finished") : t("tutorial_resume", { n: step, of: script.steps.length })),
    h("div", { class: "row" },
      h("button", { id: "tutorial-continue", onclick: open }, over ? t("tutorial_see_end") : t("tutorial_continue", { n: step })),
      h("button", { class: "secondary", id: "tutorial-start-over", onclick: again }, over ? t("tutorial_play_again") : t("tutorial_start_over"))),
    h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))),
  );
}
