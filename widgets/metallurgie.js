// Metallurgie in JupyterLab. The Python side (chemgames/widgets/metallurgie.py) syncs only what the
// viewer may see; this module draws the brick board with its layers and sends moves as messages.
import { finalAccount, gameHeader, seatBar, statusLine } from "./shared/frame.js";
import { mountGame } from "./shared/mount.js";
import { h, button, translator, formatNumber } from "./shared/dom.js";
import { renderExplanation } from "./shared/explanation.js";
import { renderPlayerBar, renderLog, renderHints, playerName } from "./shared/board.js";

const CELL_W = 78;   // px per card across
const CELL_H = 70;   // px per brick row
const SYMBOL_MARK = { Fe: "\u2261", Cu: "\u2022", Ag: "#", Au: "\u25C6" };  // echo of each pattern

const posKey = (p) => `${p[0]}:${p[1]}`;
// a place as the engine writes it (pos_text): "(0|\u22121)", the minus sign U+2212, not the hyphen
export const posText = (q, r) => `(${formatNumber(q)}|${formatNumber(r)})`;
const METALS = ["Fe", "Cu", "Ag", "Au"];
const nextMetal = (top) => METALS[Math.min(METALS.indexOf(top) + 1, METALS.length - 1)];  // what may lie on top

// A metal card face: pattern + colour + symbol, the area needed top left and the cards removed bottom right.
function metalFace(metal, info, extra) {
  return h("span", { class: `mt-face mt-${metal}`, dataset: { metal } },
    h("span", { class: "mt-need", title: info ? info.area : "" }, info ? String(info.area) : ""),
    h("span", { class: "mt-sym" }, `${SYMBOL_MARK[metal] || ""} ${metal}`),
    h("span", { class: "mt-rem" }, info ? `\u2212${info.removes}` : ""),
    extra || null);
}

// The counter under a board card ("8/9", "★ 9/9"): the visible area of its metal against the area needed
// to score, with a title that says so (s20f: the two numbers were not explained in the view).
export function areaCounter(area, metalName, t) {
  return { text: `${area.big ? "\u2605 " : ""}${area.size}/${area.needed}`,
    title: t(area.big ? "mt_area_count_big" : "mt_area_count", { metal: metalName, size: area.size, need: area.needed }) };
}

// Metal names as a sentence says them: what was laid joined with "und", what may come with "oder"
// (s21f: "nur noch Kupfer (Cu), Silber (Ag) legen" read as both), by the browser's own list rules.
export function listWords(names, lang, type) {
  return new Intl.ListFormat(lang === "de" ? "de" : "en", { style: "long", type }).format(names);
}

// The status once a card is laid this turn: what else may be laid ({rule}: the way the turn has left), or that
// nothing in the hand fits.
export function layPhaseText(laid, allowed, rule, t, lang) {
  return t(allowed.length ? "mt_phase_lay_more" : "mt_phase_lay_none",
    { laid: listWords(laid, lang, "conjunction"), allowed: listWords(allowed, lang, "disjunction"), rule });
}

// Why a hand card no longer fits this turn (its title and the end of its name for screen readers).
export function notNowText(metal, laid, rule, t, lang) {
  return t("mt_card_not_now", { metal, laid: listWords(laid, lang, "conjunction"), rule });
}

// The way a turn has left once a card is laid, with its metal and place (the sheet: one metal anywhere, or up one
// card, each card the next metal up; two cards laid settle which). s22g: after two irons a copper card said "nur
// dasselbe Metall oder das nächsthöhere auf dieselbe Karte" (copper is the next metal up), after copper and silver
// on one card a silver card "nur dasselbe Metall"; nothing goes on gold.
export function turnRule(v, t) {
  const laid = v.laid || [];
  if (!laid.length) return null;
  const names = Object.fromEntries((v.metals || []).map((m) => [m.symbol, `${m.name} (${m.symbol})`]));
  const last = laid[laid.length - 1];
  const pos = posText(last.pos[0], last.pos[1]);
  const next = METALS[METALS.indexOf(last.metal) + 1];  // the card laid last is the top of its stack
  const first = names[laid[0].metal];
  if (v.mode === "metal") return t("mt_rule_metal", { first });
  if (v.mode === "stack") return next ? t("mt_rule_stack", { next: names[next], pos }) : t("mt_rule_stack_top", { pos });
  return next ? t("mt_rule_open", { first, next: names[next], pos }) : t("mt_rule_open_top", { first });
}

// What the status and each held-back hand card say while laying: the status with the turn's rule, and for each hand
// metal that does not fit its reason (its own from the engine when it has no place, else the turn's rule).
export function layTexts(v, layable, t, lang) {
  const name = (m) => ((v.metals || []).find((x) => x.symbol === m) ? `${v.metals.find((x) => x.symbol === m).name} (${m})` : m);
  const laid = v.phase === "lay" && (v.laid || []).length ? v.laid.map((c) => name(c.metal)) : null;
  if (!laid) return { status: null, held: {} };
  const blocked = v.hand_blocked || {};
  const rule = turnRule(v, t);
  const note = !layable.length ? [...new Set(Object.values(blocked))].join(" ") : "";
  const held = {};
  for (const c of v.hand || []) if (!layable.includes(c.metal)) held[c.metal] = blocked[c.metal] || notNowText(name(c.metal), laid, rule, t, lang);
  return { status: `${layPhaseText(laid, layable.map(name), rule, t, lang)}${note ? ` ${note}` : ""}`, held };
}

// The pile and the bonus metal as the piles' line says them: the stop card lies in the pile only while the
// game runs ("Sobald ein Spieler die Stoppkarte zieht … sofort beendet"), and the bonus cards are open at the end.
export function pileText(n, over, t) {
  return t(over ? "mt_pile_over" : "mt_pile", { n });
}

export function bonusText(metal, over, t) {
  return t(over ? "mt_bonus_over" : "mt_bonus", { metal });
}

// The legend's line for those counters, with the largest area on the board as its example (none: no line).
export function areaLegend(areas, t) {
  const a = (areas || []).reduce((best, x) => (!best || x.size > best.size ? x : best), null);
  return a ? t("mt_legend_area", { size: a.size, need: a.needed }) : null;
}

function build(S, send, ui) {
  const t = translator(S.ui, S.lang);
  const v = S.view || {};
  if (!v.game) return h("div", { class: "cg-root" }, "\u2026");
  const opts = { t, lang: S.lang, seats: S.seats || [], viewer: v.viewer };
  const info = Object.fromEntries((v.metals || []).map((m) => [m.symbol, m]));
  const legal = S.legal || [];
  const canAct = legal.length > 0;
  const act = (kind, params) => send({ type: "act", action: { game: v.game, player: v.viewer, kind, params: params || {} } });
  const cp = v.current_player;
  const botTurn = cp !== null && cp !== undefined && S.seats[cp] !== "human";
  const hotSeat = !S.open_hands && S.seats.filter((k) => k === "human").length > 1;
  const name = (m) => (info[m] ? `${info[m].name} (${m})` : m);

  // which metal the player is about to lay: the drawn card, or the hand card chosen last
  const layable = new Set(legal.filter((a) => a.kind === "lay").map((a) => a.params.metal));
  if (v.phase === "drawn" && v.drawn) ui.selected = v.drawn.metal;
  if (!layable.has(ui.selected)) ui.selected = layable.size === 1 ? [...layable][0] : null;
  const layTargets = new Map(legal.filter((a) => a.kind === "lay" && a.params.metal === ui.selected)
    .map((a) => [posKey(a.params.pos), a]));
  const takeTargets = new Map(legal.filter((a) => a.kind === "take").map((a) => [posKey(a.params.pos), a]));

  const header = gameHeader(S, v, t, send);
  // once the game is over, the tie-break (when two or more had the best score) says who it favoured and why
  // the status follows the phase: once nothing is left to take, scoring asks to end the turn
  const phaseKey = v.phase === "score" && !takeTargets.size ? "mt_phase_score_none" : `mt_phase_${v.phase}`;
  // once a card is laid, the turn allows only the same metal or the next one up on that card: the
  // status says so, and every hand card that no longer fits says why (issue 26: Ag greyed out after Au
  // while the status still asked to choose a hand card)
  // a hand card the turn's rule would allow but that has no place says its own reason, from the engine (s21f: "nach
  // Gold nur dasselbe Metall" under a second gold); one the rule holds back, the way the turn has left (s22g)
  const laidNow = v.phase === "lay" && (v.laid || []).length;
  const lay = layTexts(v, [...layable], t, S.lang);
  const phaseText = lay.status || t(phaseKey);
  const notNow = (metal) => lay.held[metal] || null;
  // a tie-break that a metal decided comes as a list under the status, one line a metal from gold down
  // (in the status line it ran to six bold lines when iron decided); level in every metal: one sentence
  const steps = v.is_over ? v.tiebreak_steps : null;
  const statusEl = statusLine(S, v, t, { mover: `${t("current", { name: playerName(cp, S.seats, v.viewer, t) })} ${phaseText}`,
    suffix: v.is_over && v.tiebreak && !steps ? `\u2014 ${v.tiebreak}` : "" });
  const tieList = steps ? h("div", { class: "mt-tiebreak", dataset: { key: "tiebreak" } }, h("p", {}, steps.intro),
    h("ul", {}, steps.stages.map((line) => h("li", {}, line))), h("p", { class: "mt-tie-result" }, steps.result)) : null;
  const seats = seatBar(S, v, t, send);

  // ---- won cards and piles
  const won = h("ul", { class: "mt-won", "aria-label": t("mt_won") }, (v.won || []).map((w, p) => h("li", { dataset: { player: p } },
    h("strong", {}, `${t("player", { n: p + 1 })}: `),
    Object.entries(w).map(([m, n]) => h("span", { class: "mt-chip" }, metalFace(m, null), ` \u00D7${n} `)))));
  const piles = h("div", { class: "cg-piles" },
    h("span", { class: "cg-pile", dataset: { pile: 0 } }, "\u25A4 ", pileText(v.pile, v.is_over, t)),
    h("span", { class: "cg-pile", dataset: { pile: "discard" } }, "\u2716 ", t("mt_discard", { n: v.discard })),
    v.bonus ? h("span", { class: "mt-bonus" }, bonusText(name(v.bonus), v.is_over, t)) : null,
    v.drawn ? h("span", { class: "mt-drawn" }, t("mt_drawn"), " ", metalFace(v.drawn.metal, info[v.drawn.metal])) : null);

  // ---- legend: pattern, colour, symbol, area needed, cards removed
  const legend = h("ul", { class: "mt-legend", "aria-label": t("mt_legend") }, (v.metals || []).map((m) =>
    h("li", {}, metalFace(m.symbol, m), " ", t("mt_legend_row", { name: m.name, area: m.area, removes: m.removes }))));
  const counterNote = areaLegend(v.areas, t);
  const counters = counterNote ? h("p", { class: "mt-legend-area" }, counterNote) : null;

  // ---- the brick board
  const stacks = v.stacks || [];
  const cells = new Map(stacks.map((s) => [posKey(s.pos), s]));
  const areaOf = new Map();
  for (const a of v.areas || []) for (const c of a.cells) areaOf.set(posKey(c), a);
  const ghosts = [...layTargets.keys()].filter((k) => !cells.has(k)).map((k) => k.split(":").map(Number));
  const all = stacks.map((s) => ({ x: s.x, y: s.y })).concat(ghosts.map(([q, r]) => ({ x: q + r / 2, y: r })));
  const minX = Math.min(...all.map((p) => p.x)), maxX = Math.max(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y)), maxY = Math.max(...all.map((p) => p.y));
  const taking = v.taking;
  const board = h("div", { class: "mt-board",
    style: `width:${(maxX - minX + 1) * CELL_W + 8}px;height:${(maxY - minY + 1) * CELL_H + 8}px` });
  const place = (x, y) => `left:${(x - minX) * CELL_W + 4}px;top:${(y - minY) * CELL_H + 4}px`;
  for (const s of stacks) {
    const k = posKey(s.pos);
    const top = s.cards[s.cards.length - 1].metal;
    const area = areaOf.get(k);
    const layers = h("span", { class: "mt-layers", "aria-hidden": "true" },
      s.cards.slice(0, -1).map((c) => h("span", { class: `mt-layer mt-${c.metal}` }, c.metal)));
    const counter = area ? areaCounter(area, name(area.metal), t) : null;
    const size = counter ? h("span", { class: `mt-area${area.big ? " mt-big" : ""}`, title: counter.title }, counter.text) : null;
    const lay = layTargets.get(k);
    const take = takeTargets.get(k);
    const label = t("mt_cell", { pos: posText(s.pos[0], s.pos[1]), stack: s.cards.map((c) => c.metal).join(" \u2192 "),
      size: area ? area.size : 0, need: info[top].area });
    const cls = `mt-cell${area && area.scorable ? " mt-scorable" : ""}${lay ? " mt-target" : ""}${take ? " mt-takeable" : ""}`;
    // a position that cannot be taken now still answers a click (or Enter): the move it stands for
    // (take it; or lay the chosen card, else the next metal up, on it) goes to the engine, whose
    // refusal says why, and nothing changes
    const why = !lay && !take && canAct ? () => act(v.phase === "score" ? "take" : "lay",
      v.phase === "score" ? { pos: s.pos } : { metal: ui.selected || nextMetal(top), pos: s.pos }) : null;
    const onclick = lay ? () => act("lay", lay.params) : take ? () => act("take", take.params) : why;
    const text = why ? `${label}. ${t("mt_cell_why")}` : label;
    board.append(h("button", { type: "button", class: cls, style: place(s.x, s.y), "aria-label": text,
      title: text, disabled: !onclick, "aria-disabled": why ? "true" : null,
      dataset: { key: `pos:${k}`, pos: k, top, height: s.cards.length, ...(s.y === minY ? { fitRow: "first" } : {}) }, onclick },
    metalFace(top, info[top], size), layers));
  }
  for (const [q, r] of ghosts) {
    const k = `${q}:${r}`;
    const a = layTargets.get(k);
    board.append(h("button", { type: "button", class: "mt-cell mt-ghost mt-target", style: place(q + r / 2, r),
      "aria-label": t("mt_ghost", { pos: posText(q, r), metal: name(ui.selected) }),
      dataset: { key: `pos:${k}`, pos: k, ...(r === minY ? { fitRow: "first" } : {}) }, onclick: () => act("lay", a.params) }, `+ ${ui.selected}`));
  }
  if (taking) {
    board.append(h("p", { class: "mt-taking" }, t("mt_taking", { metal: name(taking.metal), k: taking.taken.length, need: taking.need })));
  }

  // ---- hand
  const handBox = h("section", { class: "cg-handbox", dataset: { hand: v.viewer ?? "", fit: "hand" } });
  // equal cards get "(1. von 2)" and an open hand its owner, so no two buttons share a name
  const handCards = (hand, mine, owner) => h("ul", { class: "mt-hand", "aria-label": owner || t("hand") }, hand.map((c) => {
    const ok = mine && layable.has(c.metal) && v.phase !== "drawn";
    const same = hand.filter((x) => x.metal === c.metal);
    const nth = same.length > 1 ? ` ${t("nth_of", { i: same.indexOf(c) + 1, n: same.length })}` : "";
    const why = mine && !ok && v.phase === "lay" ? notNow(c.metal) : null;
    return h("li", {}, h("button", { type: "button", class: `mt-card${ui.selected === c.metal && ok ? " mt-selected" : ""}`,
      "aria-pressed": String(ui.selected === c.metal && ok), disabled: !ok, title: why,
      "aria-label": `${t("mt_hand_card", { metal: name(c.metal), area: info[c.metal].area, removes: info[c.metal].removes })}${nth}${owner ? `, ${owner}` : ""}${why ? `. ${why}` : ""}`,
      dataset: { key: `hand:${c.id}`, metal: c.metal },
      onclick: () => { ui.selected = c.metal; ui.redraw(); } }, metalFace(c.metal, info[c.metal])));
  }));
  if (S.open_hands) {
    (S.hands || []).forEach((hand, p) => handBox.append(h("h3", {}, t("hand_of", { name: playerName(p, S.seats, v.viewer, t) })),
      handCards(hand, p === v.viewer && canAct, t("hand_of", { name: playerName(p, S.seats, v.viewer, t) }))));
  } else if (v.hand) {
    handBox.append(h("h3", {}, t("hand")), handCards(v.hand, canAct));
  } else {
    handBox.append(h("p", { class: "cg-muted cg-hidden-hand" }, "\u25A4 ", t("hand_hidden")));
  }

  // ---- controls
  const has = (kind) => legal.some((a) => a.kind === kind);
  const controls = h("div", { class: "cg-controls", dataset: { fit: "actions" } });
  if (canAct) {
    controls.append(h("div", { class: "cg-group cg-main-actions" },
      has("draw") ? button(`\u25A4 ${t("mt_draw")}`, { dataset: { key: "draw" } }, () => act("draw")) : null,
      has("done") ? button(`\u2714 ${t("mt_done")}`, { class: "cg-btn cg-primary", dataset: { key: "done" } }, () => act("done")) : null,
      has("finish") ? button(`\u2714 ${t("mt_finish")}`, { class: "cg-btn cg-primary", dataset: { key: "finish" } }, () => act("finish")) : null,
      button(`\u21B6 ${t("undo")}`, { disabled: !v.can_undo, dataset: { key: "undo" } }, () => send({ type: "undo" })),
      button(`? ${t("hint")}`, { dataset: { key: "hint" } }, () => send({ type: "hint" }))));
    const tip = v.phase === "score" ? t(takeTargets.size ? "mt_tip_take" : "mt_tip_finish") : ui.selected ? t("mt_tip_place", { metal: name(ui.selected) })
      : laidNow && !layable.size ? null : t("mt_tip_choose");  // nothing left to choose: the status says to end laying
    if (tip) controls.append(h("p", { class: "cg-muted mt-tip" }, tip));
  }

  // ---- explanation panel
  const panel = S.panel || {};
  // a hint in words: "Eisen auf (1|2) legen", "Zugstapel versuchen" (its button; the engine's formula is for code)
  const metalName = (sym) => ((v.metals || []).find((m) => m.symbol === sym) || {}).name || sym;
  const describeHint = (x) => (x.steps || []).map((s) => s.kind === "draw" ? t("mt_hint_draw")
    : s.kind === "lay" ? t("mt_hint_lay", { metal: metalName(s.metal), pos: (s.pos || []).join("|") })
      : s.kind === "take" ? t("mt_hint_take", { pos: (s.pos || []).join("|") })
        : t(`mt_hint_${s.kind}`)).join(", ") || x.formula;

  const aside = h("section", { class: "cg-aside", "aria-label": t("explanation") },
    h("div", { role: "alert", class: "cg-notice" }, panel.notice ? renderExplanation(panel.notice, { t, heading: t(panel.notice.kind === "info" ? "info" : "notice") }) : null),
    panel.last ? renderExplanation(panel.last, { t, heading: panel.last_player !== null && panel.last_player !== undefined
      ? t("last_by", { n: panel.last_player + 1 }) : t("last") }) : null,
    renderHints(S.hints, { t, title: t("mt_hints_title"), describe: describeHint, onPlay: (i) => send({ type: "hint_play", index: i }) }),
    h("section", { class: "cg-logbox" }, h("h3", {}, t("log")), renderLog(v.log, opts)));

  const main = h("div", { class: "cg-board", tabindex: "-1", dataset: { key: "board" } },
    statusEl, tieList, finalAccount(S, v, t), seats, handBox, controls, scrollBox(board, ui, t), legend, counters);
  return h("div", { class: "cg-root mt-root", lang: S.lang, dataset: { version: S.version, phase: v.phase, viewer: v.viewer ?? "" } },
    header, renderPlayerBar(v, opts), won, piles, h("div", { class: "cg-layout" }, main, aside));
}

// The board scrolls in its own box when it is wider than the game's column (a late game at 1024×768). The
// lead's look at s21f's screenshot: the box cut its last card at the right edge with nothing to say it scrolls
// (a touch screen and Playwright draw no scroll bar). Now, while it is wider, a side with more cards fades out
// and a row under the box says so, with ◀ and ▶ buttons a finger wide that move the board by a screenful
// (under the box, never over a card); the box itself takes the focus (arrow keys scroll it) and says how it
// moves; and the place the student scrolled to stays when the next view is drawn (every move draws the view
// anew, and the box began again at its left end).
export function scrollEdges(left, width, room) {
  const more = width - room;
  return { wide: more > 1, left: left > 1, right: left < more - 1 };
}

function scrollBox(board, ui, t) {
  const box = h("div", { class: "mt-scroll", role: "group", "aria-label": t("mt_board"), tabindex: "0",
    dataset: { key: "scroll", fit: "board" } }, board);
  const fade = (side) => h("span", { class: `mt-fade mt-fade-${side}`, "aria-hidden": "true", hidden: true });
  const move = (side) => button(side === "left" ? "\u25C0" : "\u25B6", { class: `cg-btn mt-move mt-move-${side}`,
    "aria-label": t(`mt_scroll_${side}`), title: t(`mt_scroll_${side}`), dataset: { key: `scroll:${side}` } },
  () => box.scrollBy({ left: (side === "left" ? -1 : 1) * Math.max(70, box.clientWidth - 90), behavior: "smooth" }));
  const fades = { left: fade("left"), right: fade("right") };
  const moves = { left: move("left"), right: move("right") };
  const nav = h("div", { class: "mt-scrollnav", hidden: true }, moves.left, h("span", { class: "mt-scrollnote" }, t("mt_board_wide")), moves.right);
  const wrap = h("div", { class: "mt-scrollwrap" }, h("div", { class: "mt-scrollframe" }, box, fades.left, fades.right), nav);
  const show = () => {
    const e = scrollEdges(box.scrollLeft, box.scrollWidth, box.clientWidth);
    for (const side of ["left", "right"]) {
      fades[side].hidden = !e[side];
      moves[side].disabled = !e[side];
    }
    nav.hidden = !e.wide;
    const label = e.wide ? `${t("mt_board")}. ${t("mt_board_wide")}` : t("mt_board");
    if (box.getAttribute("aria-label") !== label) box.setAttribute("aria-label", label);
  };
  box.addEventListener("scroll", () => { ui.scroll = box.scrollLeft; show(); }, { passive: true });
  // once the box is laid out (and whenever its size changes): back to where the student had scrolled, then the edges
  if (ui.sized) ui.sized.disconnect();
  let first = true;
  ui.sized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    if (first && ui.scroll) box.scrollLeft = ui.scroll;
    first = false;
    show();
  });
  if (ui.sized) ui.sized.observe(box);
  return wrap;
}

function render({ model, el }) {
  const ui = { selected: null, redraw: null, scroll: 0, sized: null };
  const game = mountGame(model, el, (S, send, draw) => { ui.redraw = draw; return build(S, send, ui); });
  return () => { if (ui.sized) ui.sized.disconnect(); game.stop(); };
}

export default { render };
