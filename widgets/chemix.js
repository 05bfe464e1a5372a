// ChemiX Classic in JupyterLab. Python (chemgames/widgets/chemix.py) syncs only what the viewer may
// see; this module draws the table and sends atomic moves, which Python checks and explains.
import { finalAccount, gameHeader, seatBar, statusLine } from "./shared/frame.js";
import { mountGame } from "./shared/mount.js";
import { h, button, translator, signed } from "./shared/dom.js";
import { renderExplanation } from "./shared/explanation.js";
import { dragSource, dropTarget, refusedDrag } from "./shared/drag.js";
import { renderPlayerBar, renderLog, renderHints, playerName } from "./shared/board.js";
import { chemixCardFace, chemixCardLabel, chemixLayoutText, chemixQuote, chemixSubscripts } from "./shared/chemix_card.js";

// Formulas in a sentence get their subscripts ("Fe2O3 wird gelegt" -> "Fe₂O₃ wird gelegt"): only a
// word made of element symbols and counts that holds a digit, so "Spieler 2" or "34.08" stay as they are.
export function cxText(text) {
  return String(text ?? "").replace(/\b(?:[A-Z][a-z]?\d*)+\b/g, (w) => (/\d/.test(w) ? chemixSubscripts(w) : w));
}

// an explanation (panel, notice) with subscripts in its headline and steps
function cxExpl(expl) {
  return expl && { ...expl, title: cxText(expl.title), steps: (expl.steps || []).map((s) => ({ ...s, text: cxText(s.text) })) };
}

// "(2 of 3)" after a card's name when the list holds that face more than once, so no two buttons share a name
function nthOf(ids, id, cards, t) {
  const face = (cards[id] || {}).face;
  const same = ids.filter((x) => (cards[x] || {}).face === face);
  return same.length > 1 ? ` ${t("cx_nth", { i: same.indexOf(id) + 1, n: same.length })}` : "";
}

// The step-by-step guide (build="steps"): which card of the prepared compound comes next and where
// it is now. Python's goal names the compounds and each card's source; the choice row lives here.
function nextStep(v, goal, row, cards, takes) {
  if (!goal) return null;
  if (!goal.formulas.length) return goal.noble ? { kind: "noble", gas: goal.noble } : { kind: "confirm" };
  const layout = goal.layout;
  const faces = row.map((id) => cards[id].face);
  if (!faces.every((f, i) => f === layout[i])) return { kind: "wrong" };
  if (faces.length === layout.length) return { kind: "form" };
  const k = faces.length;
  const face = layout[k];
  const step = goal.steps[k] || {};
  const free = v.free.find((id) => cards[id].face === face && !row.includes(id));
  if (free) return { kind: "free", id: free, face, k };
  if (step.source === "dissolve") return { kind: "dissolve", compound: step.compound, face, k };
  if (step.source === "stack" && takes[face]) return { kind: "stack", m: face, face, k };
  const hand = (v.hand || []).find((id) => cards[id].face === face);
  if (hand) return { kind: "hand", id: hand, face, k };
  if (takes[face]) return { kind: "stack", m: face, face, k };
  return { kind: "missing", face, k };
}

function cxBuild(S, send, local, redraw) {
  const t = translator(S.ui, S.lang);
  const v = S.view || {};
  if (!v.game) return h("div", { class: "cg-root" }, "\u2026");
  const cards = S.cards || {};
  const legal = S.legal || [];
  const legalOf = (kind) => legal.filter((a) => a.kind === kind);
  const canAct = legal.length > 0;
  const act = (kind, params) => send({ type: "act", action: { game: v.game, player: v.viewer, kind, params: params || {} } });
  const cp = v.current_player;
  const botTurn = cp !== null && cp !== undefined && S.seats[cp] !== "human";
  const hotSeat = !S.open_hands && S.seats.filter((k) => k === "human").length > 1;
  const opts = { t, lang: S.lang, cards, seats: S.seats || [], viewer: v.viewer };
  const detail = h("div", { class: "cg-detail", "aria-live": "polite" }, h("span", { class: "cg-muted" }, t("detail_hint")));
  const describe = (id) => {
    const info = cards[id];
    if (!info) return;
    detail.replaceChildren(h("strong", {}, cxText(chemixCardLabel(info, t))), info.about ? ` \u2013 ${info.about}` : "");
  };
  // a card as a button (or a static face when it cannot be clicked)
  const cardBtn = (id, key, onclick, state, extra) => {
    const info = cards[id];
    const face = chemixCardFace(info, { t, compact: true, state, facing: extra && extra.facing });
    const label = chemixCardLabel(info, t) + (state ? `, ${{ dead: t("cx_dead"), laid: t("cx_laid"), selected: t("cx_selected"), possible: t("cx_possible") }[state]}` : "");
    if (!onclick) return h("div", { class: "cx-static", title: label, dataset: { id } }, face);
    const drag = extra && extra.drag;
    // the button's name says what a click does ("H aus der Hand legen (2. von 2)"), then what the card is
    const name = extra && extra.name ? `${extra.name} \u2013 ${label}` : label;
    const btn = h("button", { type: "button", class: "cx-card-btn", "aria-label": name, title: label,
      dataset: { key, id }, onclick, onfocus: () => describe(id), onmouseenter: () => describe(id) }, face);
    if (drag) dragSource(btn, drag);
    return btn;
  };
  // drag and drop (a mouse's or a finger's, shared/drag.js): the same moves as the clicks ("hand:ID" /
  // "table:FORMULA" / "stack:M" / "free:ID"); accepts(kind, value) says which cards a place takes (outlined
  // while one is dragged), act(kind, value) sends the move, and Python makes it or says why not
  const dropZone = (el, accepts, act) => {
    const split = (data) => String(data || "").split(/:(.*)/s);
    dropTarget(el, { accepts: (data) => accepts(...split(data)), drop: (data) => act(...split(data)) });
    return el;
  };

  // ---- header, status, seats
  const header = gameHeader(S, v, t, send);
  const statusEl = statusLine(S, v, t);
  const seats = seatBar(S, v, t, send);

  // ---- per player: noble gases, compound cards taken back, dead cards
  const gotGas = p => v.since && p === v.viewer && v.since.nobles.length;
  const gotCard = p => v.since && p === v.viewer && v.since.taken.length;
  const owned = h("ul", { class: "cx-owned" }, v.scores.map((_, p) => h("li", { dataset: { player: p } },
    h("strong", {}, t("player", { n: p + 1 })), ": ",
    h("span", { class: `cx-nobles${gotGas(p) ? " cx-changed" : ""}` }, "\u2726 ", t("cx_nobles"), " ", v.nobles[p].join(", ") || "\u2013"), " \u00B7 ",
    h("span", { class: gotCard(p) ? "cx-changed" : null }, "\u25A6 ", t("cx_won", { n: v.won[p].length }),
      gotCard(p) ? ` (${v.won[p].map(chemixSubscripts).join(", ")})` : ""), " \u00B7 ",
    h("span", { class: "cx-dead-count" }, "\u2620 ", t("cx_dead_cards", { n: v.dead[p].length })))));

  // ---- piles and the three multiplier stacks (click a stack to take its top card)
  const takes = Object.fromEntries(legalOf("take").map((a) => [a.params.multiplier, a]));
  const putBacks = new Set(legalOf("put_back").map((a) => a.params.multiplier));
  const stacks = h("div", { class: "cx-stacks", role: "group", "aria-label": t("cx_stacks") },
    h("span", { class: "cg-group-label" }, t("cx_stacks")),
    // a stack the rules close this turn (one multiplier move a turn) stays tappable and marked
    // aria-disabled: the tap brings the rule's refusal, not a dead button that says nothing; so does
    // an attempt to drag it (it cannot be picked up: shared/drag.js)
    Object.entries(v.stacks).map(([m, n]) => {
      const take = () => { if (local.nextStack === m) local.pending = m; act("take", { multiplier: m }); };
      const el = button(`\u00D7${m}: ${n}`, {
        class: "cg-btn cx-stack", disabled: !canAct || !n, "aria-disabled": takes[m] ? null : "true",
        "aria-label": t("cx_take", { m, n }), dataset: { key: `take:${m}`, fitRow: "first" },
      }, take);
      if (takes[m]) dragSource(el, `stack:${m}`);
      else if (canAct && n) refusedDrag(el, take);
      return el;
    }));
  // a multiplier of the free area dropped on the stacks is put back; where the rules refuse that
  // (one multiplier move a turn), the move is sent all the same and the refusal says why
  if (canAct) dropZone(stacks, (kind, id) => kind === "free" && !!cards[id] && cards[id].kind === "multiplier",
    (kind, id) => act("put_back", { multiplier: cards[id].face }));
  const piles = h("div", { class: "cg-piles" }, h("span", { class: "cg-pile" }, "\u25A4 ", t("pile", { n: v.draw })),
    h("span", { class: "cx-discard" }, t("cx_discard", { n: v.discard.length }), " ",
      v.discard.map((id) => cards[id] ? cards[id].face : id).join(" ")), stacks);

  // ---- the prepared compound (build="steps"): a card the player laid for it joins the choice row
  const goal = canAct ? v.goal : null;
  local.row = local.row.filter((id) => v.free.includes(id));
  if (goal && goal.formulas.length && local.pending) {
    const face = goal.layout[local.row.length];
    const got = v.free.filter((id) => cards[id].face === face && !local.row.includes(id) && !local.seenFree.includes(id));
    if (face === local.pending && got.length) local.row = [...local.row, got[got.length - 1]];
  }
  local.pending = null;
  local.seenFree = [...v.free];
  const next = nextStep(v, goal, local.row, cards, takes);
  const isNext = (kind, key) => next && next.kind === kind && key;
  const nextBadge = () => h("span", { class: "cx-next-mark" }, "\u25B6 ", t("cx_next_mark"));
  const markStack = (el, m) => { if (next && next.kind === "stack" && next.m === m) { el.classList.add("cx-next"); el.setAttribute("aria-label", `${el.getAttribute("aria-label")}, ${t("cx_next_mark")}`); } };
  for (const el of stacks.querySelectorAll(".cx-stack")) markStack(el, el.dataset.key.slice(5));

  // ---- the table: compounds grouped by owner, drawn readable, the owner named
  const dissolvable = new Set(legalOf("dissolve").map((a) => a.params.compound));
  const owners = [...new Set(v.table.map((c) => c.owner))].sort();
  const since = v.since;
  const changed = new Set(since ? since.laid.map((c) => c.formula) : []);
  const sinceMark = () => h("span", { class: "cx-since-mark" }, "\u2192 ", t("cx_since_mark"));
  const tableEl = h("section", { class: "cx-table", "aria-label": t("table") }, h("h3", {}, t("table")),
    since ? renderSince(since, cards, (p) => playerName(p, S.seats, v.viewer, t), t) : null,
    v.table.length ? owners.map((o) => h("section", { class: "cx-owner", dataset: { owner: o } },
      h("h4", {}, o === v.viewer ? "\u25BC " : "\u25B2 ", t("cx_laid_by", { name: playerName(o, S.seats, v.viewer, t) })),
      h("ul", { class: "cx-compounds" }, v.table.filter((c) => c.owner === o).map((c) => h("li", {
        class: `cx-on-table${c.new ? " cx-new" : ""}${changed.has(c.formula) ? " cx-changed" : ""}${isNext("dissolve", c.formula === (next || {}).compound) ? " cx-next" : ""}`, dataset: { formula: c.formula } },
        h("div", { class: "cx-row" }, c.cards.map((id) => chemixCardFace(cards[id], { t, compact: true }))),
        h("div", { class: "cx-compound-card" }, chemixCardFace(cards[c.formula], { t, compact: true }),
          h("span", { class: "cx-table-name" }, (cards[c.formula] || {}).name || ""),  // the name from the substance reference
          c.new ? h("span", { class: "cx-badge" }, "\u2605 ", t("cx_new")) : null,
          changed.has(c.formula) ? sinceMark() : null,
          isNext("dissolve", c.formula === (next || {}).compound) ? nextBadge() : null,
          dissolvable.has(c.formula) ? button(`\u2702 ${t("cx_dissolve")}`, { dataset: { key: `dissolve:${c.formula}` },
            "aria-label": t("cx_dissolve_named", { formula: chemixSubscripts(c.formula), name: playerName(o, S.seats, v.viewer, t) }) },
          () => { if (isNext("dissolve", c.formula === (next || {}).compound)) local.pending = next.face; act("dissolve", { compound: c.formula }); }) : null)))))) : h("p", { class: "cg-muted" }, t("table_empty")));
  // a compound the rules keep on the table now (laid in this turn) has no button and cannot be picked
  // up: an attempt to drag it sends its dissolve, and the refusal says why it stays (shared/drag.js)
  if (canAct) {
    for (const li of tableEl.querySelectorAll(".cx-on-table")) {
      if (dissolvable.has(li.dataset.formula)) dragSource(li, `table:${li.dataset.formula}`);
      else refusedDrag(li, () => act("dissolve", { compound: li.dataset.formula }));
    }
  }

  // ---- the free area: click cards in the order of the formula, then "form"
  const freeDead = new Set(v.free_dead || []);
  const freeEl = h("section", { class: "cx-free", "aria-label": t("cx_free") }, h("h3", {}, t("cx_free")),
    goal ? renderGuide(goal, next, local, cards, t, () => send({ type: "prepare", formula: null })) : null,
    v.free.length ? h("ul", { class: "cx-row" }, v.free.map((id) => {
      const inRow = local.row.includes(id);
      const state = freeDead.has(id) ? "dead" : inRow ? "selected" : null;
      const toggle = canAct ? () => { local.row = inRow ? local.row.filter((x) => x !== id) : [...local.row, id]; redraw(); } : null;
      const face = cards[id] ? cards[id].face : "";
      const card = chemixQuote(face, t);
      const name = t(inRow ? "cx_unchoose_free" : "cx_choose_free", { card }) + nthOf(v.free, id, cards, t);
      const nextHere = isNext("free", next && next.id === id);
      return h("li", { class: nextHere ? "cx-next" : null }, cardBtn(id, `free:${id}`, toggle, state, { drag: `free:${id}`, name: nextHere ? `${name}, ${t("cx_next_mark")}` : name }),
        nextHere ? nextBadge() : null,
        canAct && putBacks.has(face) && cards[id].kind === "multiplier"
          ? button(t("cx_put_back"), { dataset: { key: `put_back:${id}` }, "aria-label": t("cx_put_back_named", { m: face }) + nthOf(v.free, id, cards, t) },
            () => act("put_back", { multiplier: face })) : null);
    })) : h("p", { class: "cg-muted" }, t("cx_free_empty")));
  if (canAct) {
    dropZone(freeEl, (kind, value) => kind === "hand" || (kind === "table" && dissolvable.has(value)) || (kind === "stack" && !!takes[value]),
      (kind, value) => act({ hand: "play", table: "dissolve", stack: "take" }[kind],
        kind === "hand" ? { card: value } : kind === "table" ? { compound: value } : { multiplier: value }));
    const faces = local.row.map((id) => cards[id].face);
    freeEl.append(h("div", { class: "cg-group" },
      h("span", { class: "cx-building", "aria-live": "polite" }, t("cx_row", { cards: faces.join(" + ") || "\u2013" })),
      button(`\u2697 ${t("cx_form")}`, { class: `cg-btn cg-primary${isNext("form", true) ? " cx-next" : ""}`, disabled: !faces.length, dataset: { key: "form" } },
        () => { local.row = []; act("form", { layout: faces }); }),
      button(t("cx_clear_row"), { disabled: !faces.length, dataset: { key: "clear_row" } }, () => { local.row = []; redraw(); })));
  }

  // ---- the hand: click a card to play it into the free area; dead cards may be dropped
  const drops = new Set(legalOf("drop").map((a) => a.params.card));
  let handEl;
  const handOf = (hand, mine) => h("ul", { class: "cx-row cx-hand" }, hand.map((id) => {
    const face = cards[id] ? cards[id].face : "";
    const nth = nthOf(hand, id, cards, t);
    const nextHere = mine && isNext("hand", next && next.id === id);
    const name = t("cx_lay_from_hand", { card: face }) + nth + (nextHere ? `, ${t("cx_next_mark")}` : "");
    return h("li", { class: nextHere ? "cx-next" : null },
      cardBtn(id, `hand:${id}`, mine ? () => { if (next && next.face === face) local.pending = face; act("play", { card: id }); } : null,
        (v.dead_faces || []).includes(face) ? "dead" : null, { drag: mine ? `hand:${id}` : null, name }),
      nextHere ? nextBadge() : null,
      mine && drops.has(id) ? button(`\u2620 ${t("cx_drop")}`, { dataset: { key: `drop:${id}` }, "aria-label": t("cx_drop_named", { card: face }) + nth },
        () => act("drop", { card: id })) : null);
  }));
  if (S.open_hands) {
    handEl = h("div", { class: "cg-hands" }, (S.hands || []).map((hand, p) => h("section", { class: "cg-handbox", dataset: { hand: p } },
      h("h3", {}, t("hand_of", { name: playerName(p, S.seats, v.viewer, t) })), handOf(hand, p === v.viewer && canAct))));
  } else if (v.hand) {
    handEl = h("section", { class: "cg-handbox", dataset: { hand: v.viewer } }, h("h3", {}, t("hand")), handOf(v.hand, canAct));
  } else {
    handEl = h("p", { class: "cg-muted cg-hidden-hand" }, "\u25A4 ", t("hand_hidden"));
  }

  // ---- turn controls
  handEl.dataset.fit = "hand";
  const controls = h("div", { class: "cg-controls", dataset: { fit: "actions" } });
  if (canAct) {
    const confirms = legalOf("confirm");
    const refillable = confirms.some((a) => a.params.refill);
    // a noble gas may be used at step 4; its buttons show once the turn has free cards (or must use one)
    const nobles = v.overflow || (v.free || []).length || (v.dissolved || []).length ? legalOf("noble") : [];
    if (v.overflow) controls.append(h("p", { class: "cx-overflow", role: "alert" }, "\u26A0 ", t("cx_overflow", { n: v.overflow }),
      drops.size ? ` ${t("cx_overflow_drop")}` : ""));
    if (nobles.length) controls.append(h("div", { class: "cg-group", role: "group", "aria-label": t("cx_use_noble") },
      h("span", { class: "cg-group-label" }, `\u2726 ${t("cx_use_noble")}`),
      nobles.map((a) => button(t("cx_noble_to", { gas: a.params.gas, n: a.params.to + 1 }), { dataset: { key: `noble:${a.params.gas}:${a.params.to}` } },
        () => act("noble", a.params)))));
    controls.append(h("div", { class: "cg-group cg-main-actions" },
      h("label", { class: "cx-refill" }, h("input", { type: "checkbox", checked: local.refill && refillable ? true : null, disabled: !refillable,
        dataset: { key: "refill" }, onchange: (e) => { local.refill = e.target.checked; } }), " ", t("cx_refill")),
      button(`\u2714 ${t("cx_confirm")}`, { class: `cg-btn cg-primary${isNext("confirm", true) ? " cx-next" : ""}`, disabled: !confirms.length, dataset: { key: "confirm" } },
        () => act("confirm", { refill: refillable && local.refill })),
      button(`\u21B6 ${t("undo")}`, { disabled: !v.can_undo, dataset: { key: "undo" } }, () => send({ type: "undo" })),
      button(`\u21B6\u21B6 ${t("cx_undo_turn")}`, { disabled: !v.can_undo, dataset: { key: "undo_turn" } }, () => send({ type: "undo_turn" })),
      button(`? ${t("hint")}`, { dataset: { key: "hint" } }, () => send({ type: "hint" })),
      button(t("cx_pass"), { dataset: { key: "pass" } }, () => act("pass"))));
  }

  // ---- the display: each compound card once, grouped by points, filtered by the elements chosen
  const open = new Set(v.display);
  const possible = new Set(v.formable || []);
  const all = Object.entries(cards).filter(([, c]) => c.kind === "compound")
    .sort(([a, x], [b, y]) => x.points - y.points || a.localeCompare(b));
  const elements = [...new Set(all.flatMap(([, c]) => c.elements))].sort();
  local.only = local.only.filter((e) => elements.includes(e));
  const shown = all.filter(([, c]) => local.only.every((e) => c.elements.includes(e)));
  const byPoints = new Map();
  for (const [id, c] of shown) { if (!byPoints.has(c.points)) byPoints.set(c.points, []); byPoints.get(c.points).push(id); }
  const whole = v.build === "whole";
  const displayEl = h("section", { class: "cx-display", "aria-label": t("cx_display") },
    h("h3", {}, t("cx_display"), " ", h("span", { class: "cg-muted cx-shown" }, t("cx_shown", { n: shown.length, total: all.length }))),
    h("p", { class: "cg-muted cx-build-mode" }, t(whole ? "cx_build_whole" : "cx_build_steps")),
    h("div", { class: "cx-filter", role: "group", "aria-label": t("cx_filter") }, h("span", { class: "cg-group-label" }, t("cx_filter")),
      button(t("cx_filter_all"), { "aria-pressed": String(!local.only.length), "aria-label": t("cx_filter_all_name"), dataset: { key: "only:" } },
        () => { local.only = []; redraw(); }),
      elements.map((e) => button(e, { "aria-pressed": String(local.only.includes(e)), "aria-label": t("cx_filter_el", { el: e }), dataset: { key: `only:${e}` } },
        () => { local.only = local.only.includes(e) ? local.only.filter((x) => x !== e) : [...local.only, e]; redraw(); }))),
    [...byPoints.entries()].map(([pts, ids]) => h("div", { class: "cx-display-group", dataset: { group: pts } },
      h("span", { class: "cg-group-label" }, t("points_long", { n: pts })),
      h("ul", { class: "cx-row" }, ids.map((id) => {
        const f = chemixSubscripts(id);
        const chosen = goal && goal.formulas[0] === id;
        return h("li", { class: chosen ? "cx-goal-card" : changed.has(id) ? "cx-changed" : null }, cardBtn(id, `display:${id}`,
          canAct && open.has(id) ? () => send({ type: "prepare", formula: id }) : null,
          open.has(id) ? (chosen ? "selected" : possible.has(id) ? "possible" : null) : "laid",
          { name: t(whole ? "cx_build_named" : "cx_prepare_named", { formula: f }) }));
      })))));

  // ---- explanation panel
  const panel = S.panel || {};
  const aside = h("section", { class: "cg-aside", "aria-label": t("explanation") },
    h("div", { role: "alert", class: "cg-notice" }, panel.notice ? renderExplanation(cxExpl(panel.notice), { t, heading: t(panel.notice.kind === "info" ? "info" : "notice") }) : null),
    panel.last ? renderExplanation(cxExpl(panel.last), { t, heading: panel.last_player !== null && panel.last_player !== undefined
      ? t("last_by", { n: panel.last_player + 1 }) : t("last") }) : null,
    // the points are in the words (the compounds' points, then the change of the score): none after them
    renderHints((S.hints || []).map((x) => ({ ...x, points: null, compounds: x.points })), { t, title: t("cx_hints_title"), describe: (x) => describeHint({ ...x, points: x.compounds }, t),
      onPlay: (i) => send({ type: "hint_play", index: i }) }),
    h("section", { class: "cg-logbox" }, h("h3", {}, t("log")), renderLog((v.log || []).map((e) => ({ ...e, title: cxText(e.title) })), opts)));
  const board = h("div", { class: "cg-board", tabindex: "-1", dataset: { key: "board" } },
    statusEl, finalAccount(S, v, t), seats, handEl, freeEl, controls, piles, tableEl, owned, detail, displayEl);
  return h("div", { class: "cg-root cx-root", lang: S.lang, dataset: { version: S.version, viewer: v.viewer ?? "" } },
    header, playerBar(v, opts, t), h("div", { class: "cg-layout" }, board, aside));
}

// The seat bar with the mover's score as the sheet counts it now (Python's score_now): a card on the
// free area costs −1 as it will on the hand or as a dead card when the turn ends, so laying cards out
// of the hand no longer raises the score; a sentence under the bar names the cards it counts
function playerBar(v, opts, t) {
  const bar = renderPlayerBar(v, opts);
  const now = v.score_now;
  if (!now) return bar;
  const score = bar.querySelector(`.cg-player[data-player="${now.player}"] .cg-score`);
  if (score) score.textContent = t("points_long", { n: now.points });
  const cards = now.cards.map((f) => chemixQuote(f, t)).join(", ");
  return h("div", { class: "cx-players" }, bar, h("p", { class: "cx-score-now cg-muted", dataset: { key: "score_now" } },
    t("cx_score_now", { n: now.cards.length, cards, player: now.player + 1 })));
}

// After the others' turn: one sentence naming what they did to the table and to the player.
function renderSince(since, cards, name, t) {
  const parts = [];
  for (const c of since.taken) {
    const info = cards[c.formula] || {};
    parts.push(t("cx_since_taken", { name: c.by === null || c.by === undefined ? t("cx_someone") : name(c.by),
      formula: chemixSubscripts(c.formula), points: t("points", { n: info.points || 0 }) }));
  }
  for (const c of since.laid) parts.push(t("cx_since_laid", { name: name(c.owner), formula: chemixSubscripts(c.formula) }));
  for (const gas of since.nobles) parts.push(t("cx_since_noble", { gas }));
  return h("p", { class: "cx-since", dataset: { ownSince: "1" } }, h("span", { class: "cx-since-mark" }, "\u2192 "),
    parts.length ? [h("strong", {}, t("cx_since")), " ", parts.join("; "), "."] : t("cx_since_none"));
}

// a hint in words: "H₂O + CO₂ · erst NaCl auflösen · „2“ vom Stapel · dein Punktestand +4"
function describeHint(x, t) {
  const laid = (x.formulas || []).map(chemixSubscripts).join(" + ");
  const parts = [laid ? `${laid} (${t("points", { n: x.points })})` : t("cx_hint_finish")];
  const gone = (x.dissolve || []).map(chemixSubscripts);
  if (gone.length) parts.push(t("cx_hint_dissolve", { formula: gone.length > 1 ? `${gone.slice(0, -1).join(", ")} ${t("cx_and")} ${gone[gone.length - 1]}` : gone[0] }));
  if (x.take) parts.push(t("cx_hint_take", { m: x.take }));
  if (x.noble) parts.push(t("cx_hint_noble", { gas: x.noble }));
  parts.push(t("cx_hint_value", { v: signed(x.value) }));
  return parts.join(" \u00B7 ");
}

// The prepared compound, card by card: done, next (with where it is), the rest.
function renderGuide(goal, next, local, cards, t, cancel) {
  const where = (s) => t(`cx_from_${s.source}`, { m: s.face, formula: chemixSubscripts(s.compound || "") });
  const quote = (f) => chemixQuote(f, t);
  const out = h("div", { class: "cx-guide", "aria-live": "polite" });
  if (goal.formulas.length) {
    const f = goal.formulas[0];
    out.append(h("p", {}, h("strong", {}, t("cx_goal", { formula: chemixSubscripts(f), cards: chemixLayoutText(goal.layout, t) }))),
      h("ol", { class: "cx-guide-steps" }, goal.layout.map((face, i) => {
        const done = i < local.row.length && next.kind !== "wrong";
        const here = next.k === i;
        return h("li", { class: done ? "cx-done" : here ? "cx-next" : null, dataset: { step: i } },
          done ? "\u2713 " : here ? "\u25B6 " : "", h("strong", {}, quote(face)), " \u2013 ",
          done ? t("cx_step_chosen") : here ? nextWhere(next, t) : where(goal.steps[i] || { source: "missing" }));
      })));
  }
  const say = { form: () => t("cx_next_form"), confirm: () => t("cx_next_confirm"), noble: () => t("cx_next_noble", { gas: next.gas }),
    wrong: () => t("cx_next_wrong", { formula: chemixSubscripts(goal.formulas[0]), cards: chemixLayoutText(goal.layout, t), first: quote(goal.layout[0]) }),
    missing: () => t("cx_next_missing", { formula: chemixSubscripts(goal.formulas[0]), card: quote(next.face) }) }[next.kind];
  out.append(h("p", { class: "cx-next-text" }, "\u25B6 ", say ? say() : t("cx_next", { card: quote(next.face), where: nextWhere(next, t) })));
  if (goal.formulas.length > 1) out.append(h("p", {}, t("cx_goal_then", { formulas: goal.formulas.slice(1).map(chemixSubscripts).join(" + ") })));
  local.nextStack = next.kind === "stack" ? next.m : null;
  out.append(button(t("cx_goal_cancel"), { dataset: { key: "goal_cancel" } }, cancel));
  return out;
}

function nextWhere(next, t) {
  return t(`cx_from_${next.kind}`, { m: next.m || next.face, formula: chemixSubscripts(next.compound || "") });
}

function render({ model, el }) {
  const local = { row: [], only: [], refill: true, pending: null, seenFree: [], nextStack: null };  // choices that live only in this view
  return mountGame(model, el, (S, send, draw) => cxBuild(S, send, local, draw)).stop;
}

export default { render };
