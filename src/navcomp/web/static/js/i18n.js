// The page's languages and the lookup of its strings. The table's own strings (the page,
// accounts, the lobby, the table's frame) are in strings_<language>.js and its parts
// strings_<part>_<language>.js (errors: strings_errors_<language>.js; the help page:
// strings_help_<language>.js); a game's are beside its view (js/games/<game>/strings.js),
// looked up through `translator(strings)`.
// English, the fallback, comes with this module; another language's strings are fetched
// when it is in use (`loadLang`, which the page awaits before it draws in it), so a visit
// in English fetches no other language's.
// t(key, params, fallback): the current language, else English, else fallback.
import chatEn from "./strings_chat_en.js";
import en from "./strings_en.js";
import endingEn from "./strings_ending_en.js";
import errorsEn from "./strings_errors_en.js";
import helpEn from "./strings_help_en.js";
import profileEn from "./strings_profile_en.js";
import socialEn from "./strings_social_en.js";

export const LANGUAGES = { en: "English", de: "Deutsch", ja: "日本語" };

// The strings of each language loaded so far.
export const TABLES = {
  en: { ...en, ...errorsEn, ...helpEn, ...profileEn, ...chatEn, ...socialEn, ...endingEn },
};

// Each other language's parts, in the order of English's above.
const PARTS = {
  de: () => [
    import("./strings_de.js"),
    import("./strings_errors_de.js"),
    import("./strings_help_de.js"),
    import("./strings_profile_de.js"),
    import("./strings_chat_de.js"),
    import("./strings_social_de.js"),
    import("./strings_ending_de.js"),
  ],
  ja: () => [
    import("./strings_ja.js"),
    import("./strings_errors_ja.js"),
    import("./strings_help_ja.js"),
    import("./strings_profile_ja.js"),
    import("./strings_chat_ja.js"),
    import("./strings_social_ja.js"),
    import("./strings_ending_ja.js"),
  ],
};

const loading = {};

// The strings of language `code`, fetched once; until they are in, `t` says it in English.
// A failed fetch is tried again at the next call.
export function loadLang(code) {
  if (code in TABLES || !(code in PARTS)) return Promise.resolve();
  loading[code] ??= Promise.all(PARTS[code]())
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
