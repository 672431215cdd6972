// The page's languages and the lookup of its strings. The table's own strings (the page,
// accounts, the lobby, the table's frame) are in strings_<language>.js and its parts
// strings_<part>_<language>.js (errors: strings_errors_<language>.js; the help page:
// strings_help_<language>.js); a game's are beside its view (js/games/<game>/strings.js),
// looked up through `translator(strings)`.
// t(key, params, fallback): the current language, else English, else fallback.
import chatDe from "./strings_chat_de.js";
import chatEn from "./strings_chat_en.js";
import chatJa from "./strings_chat_ja.js";
import de from "./strings_de.js";
import en from "./strings_en.js";
import endingDe from "./strings_ending_de.js";
import endingEn from "./strings_ending_en.js";
import endingJa from "./strings_ending_ja.js";
import errorsDe from "./strings_errors_de.js";
import errorsEn from "./strings_errors_en.js";
import errorsJa from "./strings_errors_ja.js";
import helpDe from "./strings_help_de.js";
import helpEn from "./strings_help_en.js";
import helpJa from "./strings_help_ja.js";
import ja from "./strings_ja.js";
import profileDe from "./strings_profile_de.js";
import profileEn from "./strings_profile_en.js";
import profileJa from "./strings_profile_ja.js";
import socialDe from "./strings_social_de.js";
import socialEn from "./strings_social_en.js";
import socialJa from "./strings_social_ja.js";

export const LANGUAGES = { en: "English", de: "Deutsch", ja: "日本語" };

export const TABLES = {
  en: { ...en, ...errorsEn, ...helpEn, ...profileEn, ...chatEn, ...socialEn, ...endingEn },
  de: { ...de, ...errorsDe, ...helpDe, ...profileDe, ...chatDe, ...socialDe, ...endingDe },
  ja: { ...ja, ...errorsJa, ...helpJa, ...profileJa, ...chatJa, ...socialJa, ...endingJa },
};

function initial() {
  const saved = localStorage.getItem("navcomp_lang");
  if (saved && saved in TABLES) return saved;
  const wanted = (navigator.language || "en").slice(0, 2);
  return wanted in TABLES ? wanted : "en";
}

let lang = initial();

export function getLang() {
  return lang;
}

export function setLang(code) {
  if (!(code in TABLES)) return;
  lang = code;
  localStorage.setItem("navcomp_lang", code);
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
