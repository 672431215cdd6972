// A game's rules page (js/games/<game>/rules.html, written by scripts/rules_page.py): one
// article per language, the one of the language chosen at the table shown (English where a
// game has no translation); a link to a section (#components) finds it in that language
// (#de-components). The page's title comes from the game's strings, beside its rules page.
import { h, replace } from "./dom.js";
import { LANGUAGES, getLang, loadLang, setLang, translator } from "./i18n.js";

const { strings } = await import(new URL("strings.js", location.href).pathname);
const t = translator(strings);
await loadLang(getLang()).catch(() => null); // English where they fail to come

const lang = document.getElementById("lang");
const title = document.querySelector("h1[data-i18n]");

// The article in the language chosen, or the English one.
function showArticle() {
  const chosen = document.querySelector(`article[data-lang="${getLang()}"]`) ? getLang() : "en";
  for (const article of document.querySelectorAll("article[data-lang]")) article.hidden = article.dataset.lang !== chosen;
  const section = location.hash.slice(1);
  const target = section && (document.getElementById(`${chosen}-${section}`) || document.getElementById(section));
  if (target && !target.hidden) target.scrollIntoView();
}

function translate() {
  document.documentElement.lang = getLang();
  showArticle();
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.title = title.textContent + " · NavComp";
  document.getElementById("brand").textContent = t("title");
  document.getElementById("lang-label").textContent = t("language");
  replace(lang, Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === getLang() }, name)));
}

lang.addEventListener("change", async () => {
  const chosen = lang.value;
  await setLang(chosen).catch(() => null);
  if (getLang() === chosen) translate();
});
translate();
