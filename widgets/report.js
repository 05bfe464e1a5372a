// The class report: what to practise next, the three most common misconceptions with the students
// who showed them and a real example each (a click replays that moment), per concept the attempts and why they were refused,
// the worksheet tasks' prediction accuracy, and per student a row of small bars (inline SVG: no
// plotting library, so it works offline and in the JupyterLite site). Every text comes from Python.
import { h } from "./shared/dom.js";
import { renderExplanation } from "./shared/explanation.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

// one cell of a student's row: a bar of the student's attempts at the concept, its refused or
// wrongly predicted share hatched orange, the numbers beside it (so colour is never alone)
function cellBar(cell) {
  const w = 32; // narrow enough that eight concepts, the name and the hints fit a projected notebook (1280×720)
  const bad_n = cell.refused + cell.wrong;
  const bad = cell.attempts ? Math.max(bad_n ? 2 : 0, Math.round(w * Math.min(1, bad_n / cell.attempts))) : 0;
  const pic = svg("svg", { width: w, height: 12, viewBox: `0 0 ${w} 12`, "aria-hidden": "true", class: "cg-rp-bar" },
    svg("rect", { x: 0, y: 2, width: w, height: 8, fill: cell.attempts ? "#2b6cb0" : "#eef0f3" }));
  if (bad) pic.append(svg("rect", { x: w - bad, y: 2, width: bad, height: 8, fill: "url(#cg-rp-hatch)" }));
  return h("td", { class: "cg-rp-cell", title: cell.label },
    h("span", { class: "cg-rp-sr" }, cell.label), pic,
    h("span", { class: "cg-rp-num", "aria-hidden": "true" }, cell.text));
}

function hatchDefs() {
  return svg("svg", { width: 0, height: 0, class: "cg-rp-defs", "aria-hidden": "true" },
    svg("defs", {}, svg("pattern", { id: "cg-rp-hatch", width: 4, height: 4, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
      svg("rect", { width: 4, height: 4, fill: "#e07b00" }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 4, stroke: "#7a3d00", "stroke-width": 1.5 }))));
}

function misconceptions(R, ui, send) {
  if (!R.misconceptions.length) return h("p", { class: "cg-muted" }, ui.no_misconceptions);
  return h("ol", { class: "cg-rp-mis" }, R.misconceptions.map((m, i) => h("li", { class: "cg-rp-mis-item" },
    h("p", { class: "cg-rp-mis-head" }, h("span", { class: "cg-rp-rank", "aria-hidden": "true" }, `${i + 1}`),
      h("strong", {}, `${m.spread}: ${m.text}`), h("span", { class: "cg-muted" }, ` (${m.times}; ${m.concept})`)),
    m.who_text ? h("p", { class: "cg-rp-who" }, m.who_text) : null,
    h("ul", { class: "cg-rp-examples" }, m.examples.slice(0, 2).map((x) => h("li", {},
      h("button", { class: "cg-btn cg-rp-example", dataset: { event: x.event }, title: ui.replay,
        onclick: () => send({ type: "replay", event: x.event }) }, "\u25B6 ", x.text || ui.replay, h("span", { class: "cg-muted" }, ` \u2013 ${x.by}`))))))));
}

// the weakest concept of each game first (the most students who missed it, then the share: as "what
// next" ranks); why it was refused under its name (a column of its own made the table too wide to sit
// beside the worksheet tasks), and right under the name how many students missed it, the count the order
// rests on (a column of its own ran out of sight beside the tasks at 1280×720); above it how often the concept
// was applied in an accepted move and how often refused ("12-mal richtig angewandt, 3-mal abgelehnt"), below
// it how many of those who missed it got it right after their last miss ("danach richtig: 2 von 3 Schüler·innen")
function conceptTable(R, ui) {
  return h("table", { class: "cg-rp-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ui.concept), h("th", { scope: "col" }, ui.attempts),
      h("th", { scope: "col" }, ui.refused), h("th", { scope: "col", title: ui.wrong_title }, ui.wrong),
      h("th", { scope: "col", title: ui.share_title }, ui.share))),
    h("tbody", {}, R.concepts.map((c) => h("tr", {},
      h("th", { scope: "row" }, c.name, h("span", { class: "cg-muted cg-rp-game" }, ` \u00B7 ${c.game_title}`),
        c.applied_line ? h("span", { class: "cg-rp-applied" }, c.applied_line) : null,
        c.struggled_line ? h("span", { class: "cg-rp-struggled" }, c.struggled_line) : null,
        c.recovered_line ? h("span", { class: "cg-rp-recovered" }, c.recovered_line) : null,
        c.reasons.length ? h("span", { class: "cg-rp-why" }, `${ui.why}: ${c.reasons.map((r) => `${r.text} (${r.n})`).join("; ")}`) : null),
      h("td", { class: "cg-rp-n" }, c.attempts_text),
      h("td", { class: "cg-rp-n" }, c.refused ? c.refused_text : "\u2013"),
      h("td", { class: "cg-rp-n" }, c.wrong_text),
      h("td", { class: "cg-rp-n cg-rp-share" }, c.refused + c.wrong ? c.share : "\u2013")))));
}

function tasks(R, ui) {
  return h("ul", { class: "cg-rp-tasks" }, R.tasks.map((t) => h("li", {},
    svg("svg", { width: 60, height: 10, viewBox: "0 0 60 10", "aria-hidden": "true" },
      svg("rect", { x: 0, y: 1, width: 60, height: 8, fill: "url(#cg-rp-hatch)" }),
      svg("rect", { x: 0, y: 1, width: Math.round(60 * t.share_value), height: 8, fill: "#2b6cb0" })),
    h("span", {}, ` ${t.text}: ${t.right}`), h("span", { class: "cg-muted" }, ` \u00B7 ${t.concept}${t.time ? ` \u00B7 ${t.time}` : ""}`),
    t.wrong_text ? h("span", { class: "cg-rp-wrong" }, ` \u00B7 ${t.wrong_text}`) : null)));
}

function students(R, ui) {
  return (R.groups || []).map((g) => h("div", { class: "cg-rp-scroll", tabindex: "0", role: "region", "aria-label": `${ui.students}: ${g.title}` },
    h("table", { class: "cg-rp-students" },
      h("caption", {}, g.title),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ui.student),
        g.columns.map((c) => h("th", { scope: "col", class: "cg-rp-col", title: c.name }, h("span", {}, c.name))),
        h("th", { scope: "col", class: "cg-rp-hintcol" }, ui.hints))),
      h("tbody", {}, g.students.map((s) => h("tr", {}, h("th", { scope: "row" }, s.name), s.cells.map(cellBar),
        h("td", { class: "cg-rp-n" }, s.asked_text)))))));
}

function replayPanel(M, ui, send) {
  const box = h("section", { class: "cg-rp-replay", role: "dialog", "aria-label": M.title },
    h("div", { class: "cg-rp-replay-head" }, h("h4", {}, M.title),
      h("button", { class: "cg-btn", onclick: () => send({ type: "close" }) }, "\u2715 ", ui.replay_close)),
    renderExplanation(M.explanation, { t: (k) => ({ refused: ui.refused, ok: ui.allowed }[k] || k), heading: M.heading }));
  if (M.state.length || M.hidden) box.append(h("h4", {}, ui.replay_hand));
  if (M.state.length) box.append(h("ul", { class: "cg-rp-state" }, M.state.map((l) => h("li", {}, l))));
  // on the projector the hand of a game still in play stays hidden: said, so the teacher knows why
  if (M.hidden) box.append(h("p", { class: "cg-muted cg-rp-hand-hidden" }, M.hidden));
  if (M.log.length) box.append(h("h4", {}, ui.replay_log), h("ol", { class: "cg-rp-log" }, M.log.map((e) =>
    h("li", {}, `${e.ok ? "\u2714" : "\u2718"} ${e.title}`))));
  return box;
}

// the teacher shows the students' names on purpose: hidden, Python sends placeholders in their
// place (the names are then nowhere in this page or the saved notebook); a click asks for them
function namesSwitch(shown, ui, send) {
  return h("button", { class: "cg-btn cg-rp-names", "aria-pressed": shown ? "true" : "false",
    onclick: () => send({ type: "names", show: !shown }) }, shown ? ui.names_hide : ui.names_show);
}

export default {
  render({ model, el }) {
    const send = (msg) => model.send(msg);
    function draw() {
      const R = model.get("report"), ui = model.get("ui"), M = model.get("replay"), shown = model.get("names");
      // a keyboard user who pressed the switch keeps the focus on it when the report is drawn anew
      const refocus = el.contains(document.activeElement) && document.activeElement.classList.contains("cg-rp-names");
      const root = h("div", { class: "cg-root cg-rp", lang: model.get("lang"), dataset: { version: String(R.events || 0), names: String(shown) } }, hatchDefs(),
        h("header", { class: "cg-rp-header" }, h("h3", {}, R.title),
          R.lesson ? h("strong", { class: "cg-rp-lesson" }, R.lesson) : null, h("span", { class: "cg-muted" }, R.summary),
          R.source ? h("span", { class: "cg-muted cg-rp-source" }, R.source) : null,
          R.students && R.students.length ? h("span", { class: "cg-rp-privacy" },
            shown ? null : h("span", { class: "cg-muted cg-rp-hidden" }, ui.names_hidden), namesSwitch(shown, ui, send)) : null),
        R.other_lessons ? h("p", { class: "cg-muted cg-rp-others" }, R.other_lessons) : null,
        R.unread ? h("p", { class: "cg-rp-unread", role: "status" }, R.unread) : null,
        R.old_record ? h("p", { class: "cg-rp-unread cg-rp-old", role: "status" }, R.old_record) : null,
        R.namesakes ? h("p", { class: "cg-rp-unread cg-rp-who-is", role: "status" }, R.namesakes) : null,
        R.by_name ? h("p", { class: "cg-rp-unread cg-rp-who-is", role: "status" }, R.by_name) : null);
      if (R.missing) {
        // no record yet (the teacher notebook run before a class): one note, where it looked and how one comes
      } else if (!R.students || !R.students.length) {
        root.append(h("p", {}, ui.empty));
      } else {
        root.append(
          h("p", { class: "cg-rp-next" }, h("strong", {}, ui.next, " "), R.next.text,
            R.next.why ? h("span", { class: "cg-muted cg-rp-next-why" }, ` \u00B7 ${R.next.why}`) : null),
          h("section", { class: "cg-rp-sec" }, h("h4", {}, ui.misconceptions), misconceptions(R, ui, send)));
        if (M && M.title) root.append(replayPanel(M, ui, send));
        root.append(
          h("div", { class: "cg-rp-two" },
            h("section", { class: "cg-rp-sec" }, h("h4", {}, ui.concepts), conceptTable(R, ui)),
            R.tasks.length ? h("section", { class: "cg-rp-sec" }, h("h4", {}, ui.tasks), tasks(R, ui)) : null),
          h("section", { class: "cg-rp-sec" }, h("h4", {}, ui.students), h("p", { class: "cg-muted cg-rp-legend" }, ui.legend),
            h("div", { class: "cg-rp-groups" }, students(R, ui))));
      }
      if (model.get("error")) root.append(R.missing ? h("p", { class: "cg-rp-missing", role: "status" }, model.get("error"))
        : h("p", { class: "cg-rp-error", role: "alert" }, model.get("error")));
      el.replaceChildren(root);
      if (refocus) root.querySelector(".cg-rp-names")?.focus();
    }
    draw();
    for (const name of ["report", "replay", "error", "ui", "names"]) model.on(`change:${name}`, draw);
  },
};
