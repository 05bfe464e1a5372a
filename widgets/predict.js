// A worksheet task: the question, a way to predict (choose, tick, or type), and only after the
// prediction is committed the engine's answer with its explanation. The answer is not in the page
// (nor in any trait) before: Python computes it when the prediction arrives.
import { h, keepKeysInside, mathNode, scopeElement } from "./shared/dom.js";
import { holdInView } from "./shared/hold.js";

// the traits whose change redraws the sheet
const TRAITS = ["task", "ui", "result", "error", "lang", "solutions"];
// Python answers every message (the trait replies counts them); none after this long: the kernel was restarted
// (the task stays on screen, its Python object is gone) or runs another cell, and the task says so
const NO_ANSWER_MS = 6000;

let uid = 0;

// a formula that scrolls (wider or taller than its box, by any amount) joins the tab order, so the
// keyboard reaches all of it (axe-core's scrollable-region-focusable); one that fits stays out of it
function reachWideFormulas(root) {
  for (const m of root.querySelectorAll(".cg-pr-math")) {
    if (m.scrollWidth > m.clientWidth || m.scrollHeight > m.clientHeight) m.tabIndex = 0;
    else m.removeAttribute("tabindex");
  }
}

function explanation(result, say) {
  const steps = (result.steps || []).map((s) => {
    const math = s.math && s.math.mathml ? mathNode(s.math.mathml) : null;
    // "text: formula" (a catalog text that ends a sentence keeps its full stop out of the way)
    const text = s.math && s.text ? `${s.text.replace(/[.:]\s*$/, "")}: ` : s.text;
    return h("li", {}, text, s.math ? (math ? h("span", { class: "cg-math cg-pr-math" }, math) : s.math.text) : null);
  });
  return h("div", { class: "cg-pr-answer" },
    h("p", { class: "cg-pr-engine" }, h("strong", {}, say("engine"), ": "), result.answer),
    result.title || steps.length ? h("p", { class: "cg-pr-why" }, h("strong", {}, say("why")), " ", result.title || "") : null,
    steps.length ? h("ul", { class: "cg-pr-steps" }, steps) : null);
}

function verdict(result, say) {
  if (result.teacher) return h("p", { class: "cg-pr-teacher" }, "\u270E ", say("teacher"));
  return h("div", { class: "cg-pr-verdict" },
    h("p", {}, say("committed", { prediction: result.prediction })),
    h("p", { class: result.correct ? "cg-pr-right" : "cg-pr-wrong" },
      result.correct ? "\u2714 " : "\u2718 ", say(result.correct ? "right" : "wrong")));
}

function inputs(task, id, say, locked) {
  if (task.kind === "choice" || task.kind === "multi") {
    const type = task.kind === "choice" ? "radio" : "checkbox";
    return h("fieldset", { class: "cg-pr-options" },
      h("legend", {}, say("your_prediction"), ": ", say(task.kind === "choice" ? "choose_one" : "choose_all")),
      task.options.map((o, i) => h("label", { class: "cg-pr-option" },
        h("input", { type, name: id, value: o.value, disabled: locked, "data-key": `opt:${i}` }), " ", o.label)));
  }
  const inputId = `${id}-in`;
  return h("div", { class: "cg-pr-typed" },
    h("label", { for: inputId }, say("your_prediction"), ": ", say(task.kind === "number" ? "type_number" : "type_text")), " ",
    h("input", { id: inputId, type: "text", inputmode: task.kind === "number" ? "decimal" : "text", autocomplete: "off",
      spellcheck: "false", disabled: locked, size: 14, "data-key": "typed" }),
    task.unit ? h("span", { class: "cg-pr-unit" }, " ", task.unit) : null);
}

function render({ model, el }) {
  scopeElement(model, el);  // the worksheet's styles apply inside el only
  // keys typed here belong to the task (JupyterLab's command mode must not see "1" or arrows); Ctrl+S saves
  keepKeysInside(el);
  const id = `cg-pr-${++uid}`;
  const live = h("div", { class: "cg-sr-only cg-announce", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  let root = null;
  let drawn = 0; // data-version, as on the game views: tests wait for a newer one after a message
  let waiting = null;
  const silent = () => {
    waiting = null;
    const ui = model.get("ui") || {};
    const note = h("p", { class: "cg-pr-error cg-no-answer", role: "alert" }, "\u26A0 ", ui.no_answer || "no_answer");
    const form = root && root.querySelector("form");
    if (form) form.after(note); else if (root) root.append(note);
  };
  const draw = () => {
    clearTimeout(waiting); // answered (the notice goes with the old view)
    waiting = null;
    const task = model.get("task") || {};
    const ui = model.get("ui") || {};
    const result = model.get("result") || {};
    const error = model.get("error") || "";
    const say = (key, params) => {
      let text = ui[key] !== undefined ? ui[key] : key;
      for (const [k, v] of Object.entries(params || {})) text = text.split(`{${k}}`).join(String(v));
      return text;
    };
    const answered = Object.keys(result).length > 0;
    const active = el.getRootNode().activeElement || document.activeElement;
    const hadFocus = root && root.contains(active) ? (active.dataset && active.dataset.key) || "commit" : null;
    const form = h("form", { class: "cg-pr-form", novalidate: true },
      inputs(task, id, say, answered),
      answered ? null : h("button", { type: "submit", class: "cg-btn cg-primary", "data-key": "commit" }, say("commit")));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      let value;
      if (task.kind === "multi") value = [...form.querySelectorAll("input:checked")].map((x) => x.value);
      else if (task.kind === "choice") value = (form.querySelector("input:checked") || {}).value || "";
      else value = form.querySelector("input").value;
      if (waiting === null) waiting = setTimeout(silent, NO_ANSWER_MS);
      try {
        model.send({ type: "predict", value });
      } catch (err) { // a closed comm may throw: say it now
        clearTimeout(waiting);
        silent();
      }
    });
    const next = h("section", { class: "cg-root cg-predict", "aria-labelledby": `${id}-q`, lang: model.get("lang"),
      "data-version": ++drawn, "data-answered": answered ? "true" : "false" },
      h("p", { id: `${id}-q`, class: "cg-pr-question" },
        task.number ? h("strong", {}, `${say("task")} ${task.number}: `) : null, task.question),
      form,
      error ? h("p", { class: "cg-pr-error", role: "alert" }, "\u26A0 ", error) : null,
      answered ? [verdict(result, say), explanation(result, say)] : h("p", { class: "cg-muted cg-pr-hidden" }, say("hidden")));
    if (answered && result.prediction !== null && result.prediction !== undefined) {
      // the committed choice stays visible (and locked) beside the answer
      const shown = String(result.prediction);
      const chosen = result.chosen || [];
      for (const inp of next.querySelectorAll("input")) {
        if (inp.type === "text") inp.value = shown.replace(task.unit ? ` ${task.unit}` : "", "");
        else inp.checked = chosen.includes(inp.value);
      }
    }
    if (root) root.replaceWith(next); else el.append(next, live);
    root = next;
    // a formula wider than its line scrolls: then the keyboard must reach it (axe-core)
    requestAnimationFrame(() => reachWideFormulas(next));
    live.textContent = answered && !result.teacher
      ? `${say(result.correct ? "right" : "wrong")} ${say("engine")}: ${result.answer}` : error;
    if (hadFocus) {
      const target = root.querySelector(`[data-key="${hadFocus}"]:not([disabled])`) || root.querySelector(".cg-pr-answer, .cg-pr-error");
      if (target) { if (!target.matches("input,button")) target.tabIndex = -1; target.focus({ preventScroll: true }); }
    }
  };
  for (const name of TRAITS) model.on(`change:${name}`, draw);
  // a reply that changes nothing else (the same refusal again) is not drawn: what is typed stays
  const replied = () => { clearTimeout(waiting); waiting = null; for (const n of el.querySelectorAll(".cg-no-answer")) n.remove(); };
  model.on("change:replies", replied);
  draw();
  // "Run All" scrolls the notebook to its last cell: the sheet's first task, shown while the cells
  // run, brings itself back into view, so students start at task 1 (issue 26); on a slow laptop
  // JupyterLab's scroll comes after it, so task 1 holds its place until the student scrolls or types
  const unhold = (model.get("task") || {}).first ? holdInView(el) : () => {};
  return () => {
    unhold();
    clearTimeout(waiting);
    for (const name of TRAITS) model.off(`change:${name}`, draw);
    model.off("change:replies", replied);
  };
}

export default { render };
