// A game's rules page (js/games/<game>/rules.html, written by scripts/rules_page.py): the
// long text is English; the headings and the page's own words follow the language chosen at
// the table. The headings' strings are the game's, in strings.js beside its rules page.
import { h, replace } from "./dom.js";
import { LANGUAGES, getLang, setLang, translator } from "./i18n.js";

const { strings } = await import(new URL("strings.js", location.href).pathname);
const t = translator(strings);

const lang = document.getElementById("lang");
const title = document.querySelector("h1[data-i18n]");

function translate() {
  document.documentElement.lang = getLang();
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.title = title.textContent + " · NavComp";
  document.getElementById("brand").textContent = t("title");
  document.getElementById("lang-label").textContent = t("language");
  replace(lang, Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === getLang() }, name)));
}

lang.addEventListener("change", () => {
  setLang(lang.value);
  translate();
});
translate();
