// A playing card as printed: symbol, name, charges, points, tier, special symbols, combinations, facts.
import { h, signed, formatNumber } from "./dom.js";

const TIER_MARK = { 1: "\u2605", 2: "\u2605\u2605", 3: "\u2605\u2605\u2605" };
export const FLAG_MARK = { stable: "\u25C9", radioactive: "\u2622", artificial: "\u2699", black_border: "\u25A3" };

export function tierText(info, t) {
  if (info.tier === "proto" || info.symbol === "Proto" || !(info.tier in TIER_MARK)) {
    return ["\u2739", t("tier_proto")];
  }
  return [TIER_MARK[info.tier], t("tier", { n: info.tier })];
}

export function flagList(info, t) {
  return Object.keys(FLAG_MARK).filter((f) => info[f])
    .map((f) => h("li", { class: `cg-flag cg-flag-${f}` }, h("span", { "aria-hidden": "true" }, FLAG_MARK[f]), " ", t(f)));
}

// Element facts with the number formats of the locale: the one printed atomic mass, and the density
// with what it refers to (gas at 0 °C and 1013 hPa in g/L, solid or liquid in g/cm³, or unknown).
export function formatFacts(facts, lang, t) {
  if (!facts) return null;
  const density = facts.density === null || facts.density === undefined ? t("density_unknown")
    : t(`density_${facts.state}`, { of: facts.density_of, value: formatNumber(facts.density, lang, facts.density_digits) });
  return t("facts", { number: facts.number, mass: formatNumber(facts.molar_mass, lang, facts.mass_digits), density });
}

// info: the card dictionary entry; opts: {compact, turned, inHand, lang, t}. A card in the hand leaves
// out the element facts (number, molar mass, density): the detail box below the hand shows them for
// the card pointed at, tapped or focused, so a hand of eleven cards fits the width (issue 26)
export function cardFace(info, opts) {
  const { t, lang } = opts;
  if (!info) return h("div", { class: "cg-card cg-card-unknown" }, "?");
  const [mark, tierLabel] = tierText(info, t);
  const classes = ["cg-card", `cg-tier-${info.tier}`];
  if (info.black_border) classes.push("cg-black-border");
  if (opts.turned) classes.push("cg-turned");
  if (opts.compact) classes.push("cg-compact");
  if (opts.inHand) classes.push("cg-in-hand");
  const charges = (info.charges || []).map((q) => signed(q)).join(" / ") || "\u2013";
  const face = h("div", { class: classes.join(" ") },
    h("div", { class: "cg-card-top" },
      h("span", { class: "cg-sym" }, info.symbol === "Proto" ? "\u2739" : info.symbol),
      h("span", { class: "cg-pts" }, t("points", { n: info.points }))),
    info.symbol === "Proto" ? null : h("div", { class: "cg-name" }, info.name),
    h("div", { class: "cg-charges", title: t("charges") }, charges),
    h("div", { class: "cg-tier" }, h("span", { "aria-hidden": "true" }, mark), " ", tierLabel),
    h("ul", { class: "cg-flags" }, flagList(info, t),
      opts.turned ? h("li", { class: "cg-flag" }, "\u21BB ", t("turned")) : null),
  );
  if (!opts.compact) {
    if ((info.combinations || []).length) {
      face.append(h("ul", { class: "cg-combos", "aria-label": t("combos") },
        info.combinations.map((c) => h("li", {}, h("span", { class: "cg-formula" }, c.unicode), " ", t("points", { n: c.points })))));
    }
    const facts = opts.inHand ? null : formatFacts(info.facts, lang, t);
    if (facts) face.append(h("div", { class: "cg-facts" }, facts));
  }
  return face;
}

// A card's accessible name: symbol, name, charges, points, tier and flags in words.
export function cardLabel(info, t) {
  if (!info) return "?";
  const flags = Object.keys(FLAG_MARK).filter((f) => info[f]).map((f) => t(f));
  return [`${info.symbol} ${info.name}`, (info.charges || []).map((q) => signed(q)).join(" / "),
    t("points", { n: info.points }), tierText(info, t)[1], ...flags].filter(Boolean).join(", ");
}
