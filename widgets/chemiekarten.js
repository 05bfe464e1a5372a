// Das Chemie-Kartenspiel in JupyterLab. The Python side (chemgames/widgets/chemiekarten.py) syncs
// only what the viewer may see; this module draws it and sends moves as messages, which Python checks.
import { finalAccount, gameHeader, seatBar, statusLine } from "./shared/frame.js";
import { mountGame } from "./shared/mount.js";
import { h, button, translator, signed, focusWideFormulas } from "./shared/dom.js";
import { renderHand, cardRow } from "./shared/hand.js";
import { formatFacts } from "./shared/card.js";
import { renderExplanation } from "./shared/explanation.js";
import { renderPlayerBar, renderPiles, renderLog, renderHints, renderTable, playerName } from "./shared/board.js";

// what a compound is in chemistry, as a symbol beside its words (colour never carries it alone):
// a substance that exists, one known only briefly, or allowed by the game's rule only
const LABEL_MARK = { known: "\u2714 ", transient: "\u25F7 ", game_only: "\u25C7 " };

function build(S, send) {
  const t = translator(S.ui, S.lang);
  const v = S.view || {};
  if (!v.game) return h("div", { class: "cg-root" }, "\u2026");
  const opts = { t, lang: S.lang, cards: S.cards || {}, seats: S.seats || [], viewer: v.viewer,
    copyLabel: (i, n) => t("ck_copy", { i, n }) };
  const uni = {};  // combination formula -> its printed form (SO4 -> SO₄)
  for (const info of Object.values(opts.cards)) for (const k of info.combinations || []) uni[k.formula] = k.unicode;
  const legal = S.legal || [];
  const legalOf = (kind) => legal.filter((a) => a.kind === kind);
  const canAct = legal.length > 0;
  const act = (kind, params) => send({ type: "act", action: { game: v.game, player: v.viewer, kind, params: params || {} } });
  const cp = v.current_player;
  const botTurn = cp !== null && cp !== undefined && S.seats[cp] !== "human";
  const hotSeat = !S.open_hands && S.seats.filter((k) => k === "human").length > 1;
  const stage = v.stage || null;

  // our variant "Nur echte Stoffe" (issue 25), beside the game's other choices: a new deal with it on or off
  const variant = h("label", { class: "cg-variant", dataset: { key: "real_only" }, title: t("ck_real_only_title") },
    h("input", { type: "checkbox", checked: !!v.real_only,
      onchange: (ev) => send({ type: "real_only", on: ev.currentTarget.checked }) }), ` ${t("ck_real_only")}`);
  const header = gameHeader(S, v, t, send, variant);
  const statusEl = statusLine(S, v, t, {
    mover: v.phase === "attack" && !(hotSeat && S.seat === null) ? t("attack_phase", { n: v.attacks_left }) : null });
  const seats = seatBar(S, v, t, send);

  // ---- detail box: the full text of the card under the pointer or the keyboard focus
  const detail = h("div", { class: "cg-detail", "aria-live": "polite" }, h("span", { class: "cg-muted" }, t("detail_hint")));
  const describe = (info) => {
    if (!info) return;
    detail.replaceChildren(h("strong", {}, `${info.symbol} \u2013 ${info.name}`), " ", info.text || "",
      info.facts ? h("div", { class: "cg-facts" }, formatFacts(info.facts, S.lang, t)) : null);
  };

  // ---- hands
  const handsSection = h("div", { class: "cg-hands", dataset: { fit: "hand" } });
  const freeIds = new Set(stage ? stage.free.map((c) => c.id) : []);
  const payIds = new Set(stage ? stage.payment.map((c) => c.id) : []);
  const stateOf = (c) => (freeIds.has(c.id) ? "selected" : payIds.has(c.id) ? "paying" : c.staged ? "staged" : null);
  // open hands (the teacher's demonstration): the viewer's hand first and the move's buttons right
  // under it; the other hands follow the prepared move, so on a projector the cards being chosen and
  // "Verbindung auslegen" share the window (another open hand between them pushed the buttons out)
  const otherHands = h("div", { class: "cg-hands cg-other-hands" });
  if (S.open_hands) {
    const seated = (S.hands || []).some((_, p) => p === v.viewer);  // no viewer (bots only): all hands in order
    (S.hands || []).forEach((hand, p) => {
      const mine = p === v.viewer && canAct;
      (p === v.viewer || !seated ? handsSection : otherHands).append(h("section", { class: "cg-handbox", dataset: { hand: p } },
        h("h3", {}, t("hand_of", { name: playerName(p, S.seats, v.viewer, t) })),
        renderHand(hand, { ...opts, label: t("hand_of", { name: playerName(p, S.seats, v.viewer, t) }),
          onCard: mine ? (c) => onCard(c) : null, stateOf: mine ? stateOf : null, describe })));
    });
  } else if (v.hand) {
    handsSection.append(h("section", { class: "cg-handbox", dataset: { hand: v.viewer } },
      h("h3", {}, t("hand")),
      renderHand(v.hand, { ...opts, label: t("hand"), onCard: canAct ? (c) => onCard(c) : null, stateOf, describe })));
  } else {
    handsSection.append(h("p", { class: "cg-muted cg-hidden-hand" }, "\u25A4 ", t("hand_hidden")));
  }
  // select, deselect and unpay name the very card (id): the card ticked is the card the player chose
  function onCard(c) {
    if (freeIds.has(c.id)) act("deselect", { card: c.symbol, id: c.id });
    else if (payIds.has(c.id)) act("unpay", { card: c.symbol, id: c.id });
    else act("select", { card: c.symbol, id: c.id });
  }

  // ---- controls for the move being prepared
  // the main buttons come first, right under the hand, and are the region that must fit a
  // projector (data-fit); charge and combination choices follow (a hand may offer many)
  const controls = h("div", { class: "cg-controls" });
  if (canAct && v.phase !== "attack") {
    const groups = [];
    const symbols = stage ? [...new Set(stage.free.map((c) => c.symbol))] : [];
    // one source of truth: the charge each element counts with now (stage.charges_in_use, the
    // player's or the engine's) is the pressed button, the verdict's and the panel's equation
    const inUse = (stage && stage.charges_in_use) || {};
    for (const s of symbols) {
      const info = opts.cards[s];
      if (!info || info.charges.length < 2) continue;
      const use = inUse[s] || {};
      const who = use.by === "player" ? t("ck_charge_by_player") : t("ck_charge_by_engine");
      groups.push(h("div", { class: "cg-group", role: "group", "aria-label": t("charge_of", { symbol: s }), dataset: { charge: s, by: use.by || "" } },
        h("span", { class: "cg-group-label" }, t("charge_of", { symbol: s })),
        info.charges.map((q) => {
          const chosen = use.charge === q;
          const fixed = chosen && use.by === "player";
          return button(`${chosen ? "\u25C9 " : "\u25CB "}${signed(q)}`, {
            "aria-pressed": String(chosen), dataset: { key: `charge:${s}:${q}` },
            "aria-label": `${t("charge_of", { symbol: s })}: ${signed(q)}${chosen ? ` (${who})` : ""}`,
          }, () => !fixed && act("charge", { element: s, charge: q }));
        }),
        use.by ? h("span", { class: "cg-muted cg-charge-by" }, who) : null));
    }
    const combos = legalOf("combine").map((a) => ({ ...a, params: { ...a.params }, label: uni[a.params.formula] || a.params.formula }));
    if (combos.length) {
      groups.push(h("div", { class: "cg-group", role: "group", "aria-label": t("combos") },
        h("span", { class: "cg-group-label" }, t("combos")),
        combos.map((a) => button(a.params.proto ? t("combine_proto", { formula: a.label, n: a.params.proto })
          : t("combine", { formula: a.label }), { dataset: { key: `combine:${a.params.formula}:${a.params.proto}` } },
        () => act("combine", a.params)))));
    }
    const extra = [];
    for (const a of legalOf("release")) extra.push(button(t("release", { formula: uni[a.params.formula] || a.params.formula }), { dataset: { key: `release:${a.params.formula}` } }, () => act("release", a.params)));
    for (const a of legalOf("protect")) extra.push(button(`\u2739 ${t("protect")}`, { dataset: { key: "protect" } }, () => act("protect")));
    for (const a of legalOf("unprotect")) extra.push(button(t("unprotect"), { dataset: { key: "unprotect" } }, () => act("unprotect")));
    if (extra.length) groups.push(h("div", { class: "cg-group" }, extra));
    if (stage && stage.price_open > 0 || legalOf("pay").length) {
      groups.push(h("div", { class: "cg-group", role: "group", "aria-label": t("pay_title", { n: stage ? stage.price_open : 0 }) },
        h("span", { class: "cg-group-label" }, `\u2699 ${t("pay_title", { n: stage ? stage.price_open : 0 })}`),
        legalOf("pay").map((a) => button(t("pay", { symbol: a.params.card, n: (opts.cards[a.params.card] || {}).points }),
          { dataset: { key: `pay:${a.params.card}` } }, () => act("pay", a.params)))));
    }
    const stageEmpty = !stage || (!stage.free.length && !stage.combinations.length && !stage.payment.length && !stage.protect);
    const main = h("div", { class: "cg-group cg-main-actions", dataset: { fit: "actions" } },
      button(`\u2714 ${t("confirm")}`, { class: "cg-btn cg-primary", disabled: stageEmpty, dataset: { key: "confirm" } }, () => act("confirm")),
      button(t("clear"), { disabled: !legalOf("clear").length, dataset: { key: "clear" } }, () => act("clear")),
      button(`\u21B6 ${t("undo")}`, { disabled: !v.can_undo, dataset: { key: "undo" } }, () => send({ type: "undo" })),
      button(`? ${t("hint")}`, { dataset: { key: "hint" } }, () => send({ type: "hint" })),
      button(t("skip"), { dataset: { key: "skip" } }, () => act("skip")));
    controls.append(main, ...groups);
  } else if (canAct && v.phase === "attack") {
    controls.append(h("div", { class: "cg-group cg-main-actions", dataset: { fit: "actions" } },
      h("span", { class: "cg-group-label" }, `\u2622 ${t("attack_phase", { n: v.attacks_left })}`),
      button(t("stop"), { dataset: { key: "stop" } }, () => act("stop")),
      button(`? ${t("hint")}`, { dataset: { key: "hint" } }, () => send({ type: "hint" }))));
  }

  // ---- the stage: the compound being prepared
  let stageEl = null;
  if (stage) {
    const parts = [];
    if (stage.free.length) parts.push(cardRow(stage.free, opts));
    for (const k of stage.combinations) {
      parts.push(h("div", { class: "cg-stage-combo" }, h("span", { class: "cg-formula" }, uni[k.formula] || k.formula), cardRow(k.cards.concat(k.proto), opts)));
    }
    if (stage.protect) parts.push(h("div", {}, `\u2739 ${t("protect")}`));
    if (stage.payment.length) parts.push(h("div", {}, `\u2699 ${t("payment")}: `, cardRow(stage.payment, opts)));
    stageEl = h("section", { class: "cg-stage", "aria-label": t("stage") }, h("h3", {}, t("stage")),
      parts.length ? parts : h("p", { class: "cg-muted" }, t("stage_empty")));
  }

  // ---- table of compounds
  const attackable = (cid) => {
    const a = legalOf("attack").find((x) => x.params.target === cid);
    return a ? () => act("attack", a.params) : null;
  };
  // what each compound is in chemistry, in words with a symbol (colour never carries it alone):
  // a known substance (its name) or allowed by the game's rule only
  const plainBadge = (c) => (c.label ? h("span", { class: `cg-substance cg-substance-${c.label.kind}`, dataset: { label: c.label.kind } },
    LABEL_MARK[c.label.kind] || "\u25C7 ", c.label.text) : null);
  // what the others did to the player's compounds since the last turn (Python: changes_for):
  // a sentence under the status line, destroyed compounds as crossed-out entries, hit ones marked
  const changes = v.changes || null;
  const hitBy = {};
  for (const e of changes ? changes.events : []) if (e.result !== "destroyed") hitBy[e.target] = e;
  const changesEl = changes ? h("p", { class: "cg-changes", role: "status", dataset: { key: "ck-changes", lost: changes.lost } },
    h("span", { "aria-hidden": "true" }, "\u26A0 "), changes.text) : null;
  const lostList = changes && changes.events.some((e) => e.result === "destroyed")
    ? h("ul", { class: "cg-compounds cg-lost-list", "aria-label": t("ck_lost_title") },
      changes.events.filter((e) => e.result === "destroyed").map((e) => h("li", { class: "cg-compound cg-lost", dataset: { lost: e.target } },
        h("span", { "aria-hidden": "true" }, "\u2718 "), h("s", { class: "cg-formula" }, e.formula), " ",
        t("ck_lost_entry", { name: playerName(e.by, S.seats, v.viewer, t), n: e.points }))))
    : null;
  const badge = (c) => {
    const hit = hitBy[c.id];
    return [plainBadge(c), hit ? h("span", { class: "cg-hit-note", dataset: { hit: hit.result } }, "\u26A0 ",
      t("ck_hit_entry", { name: playerName(hit.by, S.seats, v.viewer, t) })) : null];
  };
  const table = h("section", { class: "cg-tablebox", "aria-label": t("table") }, h("h3", {}, t("table")),
    lostList ? h("div", { class: "cg-lost-box" }, h("h4", {}, t("ck_lost_title")), lostList) : null,
    renderTable(v.table || [], { ...opts, attackable, badge,
      attackLabel: (c) => t("ck_attack_on", { formula: c.unicode || c.formula, name: playerName(c.owner, S.seats, v.viewer, t) }) }));

  // ---- explanation panel
  const panel = S.panel || {};
  const aside = h("section", { class: "cg-aside", "aria-label": t("explanation") },
    h("div", { role: "alert", class: "cg-notice" }, panel.notice ? renderExplanation(panel.notice, { t, heading: t(panel.notice.kind === "info" ? "info" : "notice") }) : null),
    stage && stage.verdict ? renderExplanation(stage.verdict, { t, heading: t("prepared") }) : null,
    panel.last ? renderExplanation(panel.last, { t, heading: panel.last_player !== null && panel.last_player !== undefined
      ? t("last_by", { n: panel.last_player + 1 }) : t("last") }) : null,
    renderHints(S.hints, { t, onPlay: (i) => send({ type: "hint_play", index: i }),
      title: t(v.phase === "attack" ? "ck_hints_attack" : "ck_hints_build"),
      describe: (x) => (x.owner !== undefined && x.owner !== null
        ? t("ck_attack_on", { formula: x.formula, name: playerName(x.owner, S.seats, v.viewer, t) }) : x.formula),
      note: (x) => (x.owner === undefined || x.owner === null) && x.label
        ? `${LABEL_MARK[x.label.kind] || ""}${x.label.text}` : null }),
    h("section", { class: "cg-logbox" }, h("h3", {}, t("log")), renderLog(v.log, opts)));

  const board = h("div", { class: "cg-board", tabindex: "-1", dataset: { key: "board" } },
    statusEl, changesEl, finalAccount(S, v, t), seats, handsSection, controls, stageEl,
    otherHands.childElementCount ? otherHands : null, detail, table);
  return h("div", { class: "cg-root", lang: S.lang, dataset: { version: S.version, phase: v.phase, viewer: v.viewer ?? "" } },
    header, renderPlayerBar(v, opts), renderPiles(v, opts), h("div", { class: "cg-layout" }, board, aside));
}

// The explanation column never clips a formula: a wide equation is set smaller until it fits (down
// to MIN_MATH of its own size); one still too wide is shown as its text, which wraps, in the size of
// the steps' text. (The factor was once set in em of the step, not of the formula's own 1.1 em, and
// down to 0.7: SO's molar mass, set down, read 9.8 px beside BiOCl's 15.4 px text.)
const MIN_MATH = 0.9;
export function fitFormulas(root) {
  for (const m of root.querySelectorAll(".cg-aside .cg-math")) {
    m.style.fontSize = "";
    m.classList.remove("cg-math-text");
    if (m.scrollWidth <= m.clientWidth + 1) continue;
    const k = Math.max(MIN_MATH, (m.clientWidth - 2) / m.scrollWidth);
    m.style.fontSize = `${(k * parseFloat(getComputedStyle(m).fontSize)).toFixed(2)}px`;
    if (m.scrollWidth > m.clientWidth + 1) {
      m.style.fontSize = "";
      m.classList.add("cg-math-text");
      m.replaceChildren(m.getAttribute("aria-label") || "");
    }
  }
  focusWideFormulas(root);
  // an explanation taller than its box (max-height in chemiekarten.css) scrolls inside it: then
  // the keyboard must reach it (axe-core's scrollable-region-focusable)
  for (const e of root.querySelectorAll(".cg-aside .cg-expl")) {
    if (e.scrollHeight > e.clientHeight + 1) e.tabIndex = 0;
    else e.removeAttribute("tabindex");
  }
}

function render({ model, el }) {
  const game = mountGame(model, el, (S, send) => {
    const node = build(S, send);
    requestAnimationFrame(() => fitFormulas(el));  // once the view is laid out
    return node;
  });
  let width = -1;  // refit when the width changes (a change of height alone, e.g. by the fit, does not)
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    if (el.clientWidth !== width) { width = el.clientWidth; requestAnimationFrame(() => fitFormulas(el)); }
  });
  if (resized) resized.observe(el);
  return () => { if (resized) resized.disconnect(); game.stop(); };
}

export default { render };
