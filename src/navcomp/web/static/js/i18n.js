// The page's languages and the lookup of its strings. The table's own strings are split by
// the module (or small group of modules) that uses them, their owner: one file per owner and
// language, strings/<language>/<owner>.js (strings/en/table.js, strings/de/table.js, …);
// words that several owners use are the page's (strings/<language>/page.js). A game's strings
// are beside its view (js/games/<game>/strings.js), looked up through `translator(strings)`.
// English, the fallback, comes with this module; another language's strings are fetched
// when it is in use (`loadLang`, which the page awaits before it draws in it), so a visit
// in English fetches no other language's.
// t(key, params, fallback): the current language, else English, else fallback.
import account from "./strings/en/account.js";
import chat from "./strings/en/chat.js";
import ending from "./strings/en/ending.js";
import errors from "./strings/en/errors.js";
import help from "./strings/en/help.js";
import lobby from "./strings/en/lobby.js";
import page from "./strings/en/page.js";
import profile from "./strings/en/profile.js";
import ratings from "./strings/en/ratings.js";
import social from "./strings/en/social.js";
import table from "./strings/en/table.js";
import tutorial from "./strings/en/tutorial.js";

export const LANGUAGES = { en: "English", de: "Deutsch", ja: "日本語" };

// The owners of the strings, English's imported above: every language has the same files.
const OWNERS = {
  account, chat, ending, errors, help, lobby, page, profile, ratings, social, table, tutorial,
};

// The strings of each language loaded so far.
export const TABLES = { en: Object.assign({}, ...Object.values(OWNERS)) };

const loading = {};

// The strings of language `code`, fetched once; until they are in, `t` says it in English.
// A failed fetch is tried again at the next call.
export function loadLang(code) {
  if (code in TABLES || !(code in LANGUAGES)) return Promise.resolve();
  loading[code] ??= Promise.all(Object.keys(OWNERS).map((owner) => import(`./strings/${code}/${owner}.js`)))
    .then((parts) => {
      TABLES[code] = Object.assign({}, ...parts.map((part) => part.default));
    })
    .finally(() => delete loading[code]);
  return loading[code];
}

function initial() {
  const saved = localStorage.getItem("navcomp_lang");
  if (saved && saved in LANGUAGES) return saved;
  const wanted = (navigator.language || "en").slice(0, 2);
  return wanted in LANGUAGES ? wanted : "en";
}

let lang = initial();

export function getLang() {
  return lang;
}

// Chooses language `code` and fetches its strings: draw anew once the promise is settled.
export function setLang(code) {
  if (!(code in LANGUAGES)) return Promise.resolve();
  lang = code;
  localStorage.setItem("navcomp_lang", code);
  return loadLang(code);
}

// The text of `key` in `code` from the first of `layers` (strings by language) that has it.
function find(layers, code, key) {
  for (const layer of layers) {
    const text = layer[code]?.[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

function lookup(layers, key, params = {}, fallback) {
  // the singular, where it differs
  if (params.n === 1 && layers.some((layer) => `${key}_one` in (layer.en || {}))) key = `${key}_one`;
  let text = find(layers, lang, key) ?? find(layers, "en", key) ?? fallback ?? key;
  for (const [name, value] of Object.entries(params)) {
    text = text.replaceAll(`{${name}}`, String(value));
  }
  return text;
}

const OWN = [TABLES];

export function t(key, params = {}, fallback) {
  return lookup(OWN, key, params, fallback);
}

// The `t` of a game's modules: its own strings (`{en, de, ja}`), then the table's.
export function translator(strings) {
  const layers = [strings, TABLES];
  return (key, params = {}, fallback) => lookup(layers, key, params, fallback);
}
