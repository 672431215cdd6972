// Space Pioneers' strings in English, German and Japanese (strings_<language>.js). The view exports
// them (`strings`), so that they come with the game's registration in ../index.js; this
// folder's modules look them up with `t`, which falls back on the table's own strings.
import { translator } from "../../i18n.js";
import de from "./strings_de.js";
import en from "./strings_en.js";
import ja from "./strings_ja.js";

export const strings = { en, de, ja };

export const t = translator(strings);
