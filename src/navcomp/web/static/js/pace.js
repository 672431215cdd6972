// A table's pace (docs/server.md, "Pace and clocks"): the choice at table creation, and the
// pace in words for the lobby and the table. The server checks every option's range.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const CHOICES = {
  live: { minutes: [1, 5, 10, 20], increment: [0, 5, 10, 30] },
  turn: { hours: [12, 24, 48, 72, 168], bank_days: [0, 1, 3, 7] },
  none: { stall_days: [7, 14, 21, 30] },
};
const DEFAULTS = { minutes: 10, increment: 5, hours: 24, bank_days: 3, stall_days: 21 };

function optionLabel(name, value) {
  if (name === "minutes") return t("minutes_n", { n: value });
  if (name === "increment") return t("seconds_n", { n: value });
  if (name === "hours") return value % 24 === 0 ? t("days_n", { n: value / 24 }) : t("hours_n", { n: value });
  return t("days_n", { n: value });
}

// The pace fields of the new-table form; `paceOf(form)` reads them.
export function paceControl() {
  const kind = h("select", { id: "pace-kind", "aria-label": t("pace") },
    ["none", "live", "turn"].map((k) => h("option", { value: k }, t("pace_" + k))));
  const options = h("div", { class: "row", id: "pace-options" });
  const draw = () => {
    options.replaceChildren(...Object.entries(CHOICES[kind.value]).map(([name, values]) =>
      h("label", { class: "field" }, h("span", {}, t("pace_" + name)),
        h("select", { id: "pace-" + name.replaceAll("_", "-"), dataset: { pace: name } },
          values.map((v) => h("option", { value: v, selected: v === DEFAULTS[name] }, optionLabel(name, v)))))));
  };
  kind.addEventListener("change", draw);
  draw();
  return h("fieldset", { class: "pace", id: "pace" },
    h("legend", {}, t("pace"), " ", h("a", { href: "#/help", class: "muted" }, t("help"))),
    kind, options);
}

export function paceOf(form) {
  const pace = { kind: form.querySelector("#pace-kind").value };
  for (const input of form.querySelectorAll("[data-pace]")) pace[input.dataset.pace] = Number(input.value);
  return pace;
}

// The pace in words ("Live · 10 min + 5 s"); none for a solo table.
export function paceText(pace) {
  if (!pace) return "";
  if (pace.kind === "live") return t("pace_text_live", { minutes: pace.minutes, increment: pace.increment });
  if (pace.kind === "turn") return t("pace_text_turn", { turn: optionLabel("hours", pace.hours), days: pace.bank_days });
  return t("pace_text_none", { days: pace.stall_days });
}
