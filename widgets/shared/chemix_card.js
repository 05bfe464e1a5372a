// ChemiX card faces (shared by ChemiX Classic and Chemuno): element, noble gas, multiplier, compound.
// info: an entry of the game's card dictionary {kind, face, number?, layout?, points?, name?, about?}.
// Each kind has its own border pattern and a symbol in words, so colour never carries meaning alone.
import { h } from "./dom.js";

const KIND_MARK = { element: "\u25CF", noble: "\u2726", multiplier: "\u00D7", compound: "\u25A6" };
const SUB = "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089";

// "H2SO4" -> "H₂SO₄"
export function chemixSubscripts(formula) {
  return String(formula).replace(/\d/g, (d) => SUB[Number(d)]);
}

// A multiplier's digit in the language's quotation marks (the catalogs' "quoted": „2“, “2”); any
// other face as it is
export function chemixQuote(face, t) {
  return /^\d$/.test(face) ? t("quoted", { x: face }) : face;
}

// The layout as cards, multipliers in quotes: H + „2“ + O
export function chemixLayoutText(layout, t) {
  return (layout || []).map((x) => chemixQuote(x, t)).join(" + ");
}

export function chemixCardLabel(info, t) {
  if (!info) return "?";
  if (info.kind === "compound") return `${info.face} ${info.name}, ${chemixLayoutText(info.layout, t)}, ${t("points", { n: info.points })}`;
  if (info.kind === "multiplier") return t("cx_multiplier_card", { n: info.face });
  return `${info.face} (${t(info.kind === "noble" ? "cx_noble" : "cx_element")}, Z = ${info.number})`;
}

// opts: {t, compact, state: "dead" | "laid" | "selected" | null, facing: "up" | "down" | null}
export function chemixCardFace(info, opts) {
  const { t } = opts;
  if (!info) return h("div", { class: "cx-card cx-unknown" }, "?");
  const classes = ["cx-card", `cx-${info.kind}`];
  if (opts.compact) classes.push("cx-compact");
  if (opts.state) classes.push(`cx-state-${opts.state}`);
  if (opts.facing) classes.push(`cx-facing-${opts.facing}`);
  const mark = h("span", { class: "cx-kind", "aria-hidden": "true" }, KIND_MARK[info.kind] || "");
  let body;
  if (info.kind === "compound") {
    body = [h("span", { class: "cx-formula" }, chemixSubscripts(info.face)),
      h("span", { class: "cx-pts" }, t("points", { n: info.points })),
      opts.compact ? null : h("span", { class: "cx-name" }, info.name),
      opts.compact ? null : h("span", { class: "cx-layout" }, chemixLayoutText(info.layout, t))];
  } else if (info.kind === "multiplier") {
    body = [h("span", { class: "cx-sym" }, `\u00D7${info.face}`)];
  } else {
    body = [h("span", { class: "cx-number" }, String(info.number)), h("span", { class: "cx-sym" }, info.face)];
  }
  const badge = opts.state === "dead" ? h("span", { class: "cx-badge" }, "\u2620 ", t("cx_dead"))
    : opts.state === "laid" ? h("span", { class: "cx-badge" }, "\u2714 ", t("cx_laid"))
      : opts.state === "selected" ? h("span", { class: "cx-badge" }, "\u2713 ", t("cx_selected"))
        : opts.state === "possible" ? h("span", { class: "cx-badge" }, "\u25C6 ", t("cx_possible")) : null;
  return h("div", { class: classes.join(" ") }, mark, body, badge);
}
