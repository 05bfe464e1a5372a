// The explanation panel: for the action being prepared and the last action, the rule's verdict,
// its steps and the balance equation as MathML (rendered natively by the browser).
import { h, mathNode } from "./dom.js";
import { botNote } from "./bot.js";

// expl: {ok, title, steps: [{text, math}], points, kind?}
export function renderExplanation(expl, opts) {
  const { t } = opts;
  if (!expl) return null;
  const kind = expl.kind || (expl.ok ? "ok" : "refused");
  const mark = kind === "error" ? "\u26A0" : kind === "info" ? "\u2139" : expl.ok ? "\u2714" : "\u2718";
  const word = t(kind === "refused" || (!expl.ok && kind === "ok") ? "refused" : kind);
  const box = h("section", { class: `cg-expl cg-expl-${kind}`, "aria-label": opts.heading, dataset: { kind } },
    h("h3", {}, opts.heading),
    h("p", { class: "cg-expl-title" }, h("span", { class: "cg-mark", "aria-hidden": "true" }, mark), " ",
      h("strong", {}, `${word}: `), expl.title));
  if ((expl.steps || []).length) {
    box.append(h("ul", { class: "cg-steps" }, expl.steps.map((s) => {
      const li = h("li", {}, s.text);
      if (s.math) {
        const m = s.math.mathml ? mathNode(s.math.mathml) : null;
        li.append(h("div", { class: "cg-math", role: "math", "aria-label": s.math.text }, m || s.math.text));
      }
      return li;
    })));
  }
  if (expl.ok && expl.points !== null && expl.points !== undefined) {
    box.append(h("p", { class: "cg-expl-points" }, t("points_long", { n: expl.points })));
  }
  if (expl.bot) box.append(botNote(expl.bot, t)); // a search bot's move: why it chose it
  return box;
}
