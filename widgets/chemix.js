// ChemiX Classic in JupyterLab. Python (chemgames/widgets/chemix.py) syncs only what the viewer may
// see; this module draws the table and sends atomic moves, which Python checks and explains.
import { finalAccount, gameHeader, seatBar, statusLine } from "./shared/frame.js";
import { mountGame } from "./shared/mount.js";
import { h, button, translator } from "./shared/dom.js";
import { renderExplanation } from "./shared/explanation.js";
import { renderPlayerBar, renderLog, renderHints, playerName } from "./shared/board.js";
import { chemixCardFace, chemixCardLabel, chemixSubscripts } from "./shared/chemix_card.js";

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
    detail.replaceChildren(h("strong", {}, chemixCardLabel(info, t)), info.about ? ` \u2013 ${info.about}` : "");
  };
  // a card as a button (or a static face when it cannot be clicked)
  const cardBtn = (id, key, onclick, state, extra) => {
    const info = cards[id];
    const face = chemixCardFace(info, { t, compact: true, state, facing: extra && extra.facing });
    const label = chemixCardLabel(info, t) + (state ? `, ${{ dead: t("cx_dead"), laid: t("cx_laid"), selected: t("cx_selected"), possible: t("cx_possible") }[state]}` : "");
    if (!onclick) return h("div", { class: "cx-static", title: label, dataset: { id } }, face);
    const drag = extra && extra.drag;
    return h("button", { type: "button", class: "cx-card-btn", "aria-label": label, title: label, draggable: drag ? "true" : null,
      ondragstart: drag ? (e) => e.dataTransfer.setData("text/plain", drag) : null,
      dataset: { key, id }, onclick, onfocus: () => describe(id), onmouseenter: () => describe(id) }, face);
  };
  // drag and drop: the same moves as the clicks ("hand:ID" / "table:FORMULA" / "stack:M" / "free:ID")
  const dropZone = (el, accept) => {
    el.addEventListener("dragover", (e) => { e.preventDefault(); el.classList.add("cx-drop-over"); });
    el.addEventListener("dragleave", () => el.classList.remove("cx-drop-over"));
    el.addEventListener("drop", (e) => {
      e.preventDefault();
      el.classList.remove("cx-drop-over");
      const [kind, value] = (e.dataTransfer.getData("text/plain") || "").split(/:(.*)/s);
      accept(kind, value);
    });
    return el;
  };

  // ---- header, status, seats
  const header = gameHeader(S, v, t, send);
  const statusEl = statusLine(S, v, t);
  const seats = seatBar(S, v, t, send);

  // ---- per player: noble gases, compound cards taken back, dead cards
  const owned = h("ul", { class: "cx-owned" }, v.scores.map((_, p) => h("li", { dataset: { player: p } },
    h("strong", {}, t("player", { n: p + 1 })), ": ",
    h("span", { class: "cx-nobles" }, "\u2726 ", t("cx_nobles"), " ", v.nobles[p].join(", ") || "\u2013"), " \u00B7 ",
    h("span", {}, "\u25A6 ", t("cx_won", { n: v.won[p].length })), " \u00B7 ",
    h("span", { class: "cx-dead-count" }, "\u2620 ", t("cx_dead_cards", { n: v.dead[p].length })))));

  // ---- piles and the three multiplier stacks (click a stack to take its top card)
  const takes = Object.fromEntries(legalOf("take").map((a) => [a.params.multiplier, a]));
  const putBacks = new Set(legalOf("put_back").map((a) => a.params.multiplier));
  const stacks = h("div", { class: "cx-stacks", role: "group", "aria-label": t("cx_stacks") },
    h("span", { class: "cg-group-label" }, t("cx_stacks")),
    Object.entries(v.stacks).map(([m, n]) => button(`\u00D7${m}: ${n}`, {
      class: "cg-btn cx-stack", disabled: !takes[m], "aria-label": t("cx_take", { m, n }), dataset: { key: `take:${m}` },
      draggable: takes[m] ? "true" : null, ondragstart: (e) => e.dataTransfer.setData("text/plain", `stack:${m}`),
    }, () => act("take", { multiplier: m }))));
  if (canAct) dropZone(stacks, (kind, id) => kind === "free" && cards[id] && putBacks.has(cards[id].face) && act("put_back", { multiplier: cards[id].face }));
  const piles = h("div", { class: "cg-piles" }, h("span", { class: "cg-pile" }, "\u25A4 ", t("pile", { n: v.draw })),
    h("span", { class: "cx-discard" }, t("cx_discard", { n: v.discard.length }), " ",
      v.discard.map((id) => cards[id] ? cards[id].face : id).join(" ")), stacks);

  // ---- the table: compounds grouped by owner, their cards turned towards the owner
  const dissolvable = new Set(legalOf("dissolve").map((a) => a.params.compound));
  const owners = [...new Set(v.table.map((c) => c.owner))].sort();
  const tableEl = h("section", { class: "cx-table", "aria-label": t("table") }, h("h4", {}, t("table")),
    v.table.length ? owners.map((o) => h("section", { class: "cx-owner", dataset: { owner: o } },
      h("h5", {}, o === v.viewer ? "\u25BC " : "\u25B2 ", t("cx_facing", { name: playerName(o, S.seats, v.viewer, t) })),
      h("ul", { class: "cx-compounds" }, v.table.filter((c) => c.owner === o).map((c) => h("li", {
        class: `cx-on-table${c.new ? " cx-new" : ""}`, dataset: { formula: c.formula },
        draggable: dissolvable.has(c.formula) ? "true" : null,
        ondragstart: (e) => e.dataTransfer.setData("text/plain", `table:${c.formula}`) },
        h("div", { class: "cx-row" }, c.cards.map((id) => chemixCardFace(cards[id], { t, compact: true }))),
        h("div", { class: "cx-compound-card" }, chemixCardFace(cards[c.formula], { t, compact: true, facing: o === v.viewer || v.viewer === null ? null : "down" }),
          h("span", { class: "cx-table-name" }, (cards[c.formula] || {}).name || ""),  // the name from the substance reference
          c.new ? h("span", { class: "cx-badge" }, "\u2605 ", t("cx_new")) : null,
          dissolvable.has(c.formula) ? button(`\u2702 ${t("cx_dissolve")}`, { dataset: { key: `dissolve:${c.formula}` } },
            () => act("dissolve", { compound: c.formula })) : null)))))) : h("p", { class: "cg-muted" }, t("table_empty")));

  // ---- the free area: click cards in the order of the formula, then "form"
  const freeDead = new Set(v.free_dead || []);
  local.row = local.row.filter((id) => v.free.includes(id));
  const freeEl = h("section", { class: "cx-free", "aria-label": t("cx_free") }, h("h4", {}, t("cx_free")),
    v.free.length ? h("ul", { class: "cx-row" }, v.free.map((id) => {
      const inRow = local.row.includes(id);
      const state = freeDead.has(id) ? "dead" : inRow ? "selected" : null;
      const toggle = canAct ? () => { local.row = inRow ? local.row.filter((x) => x !== id) : [...local.row, id]; redraw(); } : null;
      const face = cards[id] ? cards[id].face : "";
      return h("li", {}, cardBtn(id, `free:${id}`, toggle, state, { drag: `free:${id}` }),
        canAct && putBacks.has(face) && cards[id].kind === "multiplier"
          ? button(t("cx_put_back"), { dataset: { key: `put_back:${id}` } }, () => act("put_back", { multiplier: face })) : null);
    })) : h("p", { class: "cg-muted" }, t("cx_free_empty")));
  if (canAct) {
    dropZone(freeEl, (kind, value) => {
      if (kind === "hand") act("play", { card: value });
      else if (kind === "table" && dissolvable.has(value)) act("dissolve", { compound: value });
      else if (kind === "stack" && takes[value]) act("take", { multiplier: value });
    });
    const faces = local.row.map((id) => cards[id].face);
    freeEl.append(h("div", { class: "cg-group" },
      h("span", { class: "cx-building", "aria-live": "polite" }, t("cx_row", { cards: faces.join(" + ") || "\u2013" })),
      button(`\u2697 ${t("cx_form")}`, { class: "cg-btn cg-primary", disabled: !faces.length, dataset: { key: "form" } },
        () => { local.row = []; act("form", { layout: faces }); }),
      button(t("cx_clear_row"), { disabled: !faces.length, dataset: { key: "clear_row" } }, () => { local.row = []; redraw(); })));
  }

  // ---- the hand: click a card to play it into the free area; dead cards may be dropped
  const drops = new Set(legalOf("drop").map((a) => a.params.card));
  let handEl;
  const handOf = (hand, mine) => h("ul", { class: "cx-row cx-hand" }, hand.map((id) => h("li", {},
    cardBtn(id, `hand:${id}`, mine ? () => act("play", { card: id }) : null, (v.dead_faces || []).includes(cards[id] && cards[id].face) ? "dead" : null,
      { drag: mine ? `hand:${id}` : null }),
    mine && drops.has(id) ? button(`\u2620 ${t("cx_drop")}`, { dataset: { key: `drop:${id}` } }, () => act("drop", { card: id })) : null)));
  if (S.open_hands) {
    handEl = h("div", { class: "cg-hands" }, (S.hands || []).map((hand, p) => h("section", { class: "cg-handbox", dataset: { hand: p } },
      h("h4", {}, t("hand_of", { name: playerName(p, S.seats, v.viewer, t) })), handOf(hand, p === v.viewer && canAct))));
  } else if (v.hand) {
    handEl = h("section", { class: "cg-handbox", dataset: { hand: v.viewer } }, h("h4", {}, t("hand")), handOf(v.hand, canAct));
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
      button(`\u2714 ${t("cx_confirm")}`, { class: "cg-btn cg-primary", disabled: !confirms.length, dataset: { key: "confirm" } },
        () => act("confirm", { refill: refillable && local.refill })),
      button(`\u21B6 ${t("undo")}`, { disabled: !v.can_undo, dataset: { key: "undo" } }, () => send({ type: "undo" })),
      button(`\u21B6\u21B6 ${t("cx_undo_turn")}`, { disabled: !v.can_undo, dataset: { key: "undo_turn" } }, () => send({ type: "undo_turn" })),
      button(`? ${t("hint")}`, { dataset: { key: "hint" } }, () => send({ type: "hint" })),
      button(t("cx_pass"), { dataset: { key: "pass" } }, () => act("pass"))));
  }

  // ---- the display of compound cards: grouped by element or by points, greyed when laid
  const open = new Set(v.display);
  const possible = new Set(v.formable || []);
  const all = Object.entries(cards).filter(([, c]) => c.kind === "compound");
  const groups = new Map();
  for (const [id, c] of all) {
    const keys = local.group === "points" ? [t("points_long", { n: c.points })] : c.elements;
    for (const k of keys) { if (!groups.has(k)) groups.set(k, []); groups.get(k).push(id); }
  }
  const sortedKeys = [...groups.keys()].sort((a, b) => (local.group === "points" ? parseInt(a) - parseInt(b) : a.localeCompare(b)));
  const displayEl = h("section", { class: "cx-display", "aria-label": t("cx_display") },
    h("h4", {}, t("cx_display"), " ",
      h("span", { role: "group", "aria-label": t("cx_group_by") }, t("cx_group_by"), " ",
        ["element", "points"].map((g) => button(t(`cx_by_${g}`), { "aria-pressed": String(local.group === g), dataset: { key: `group:${g}` } },
          () => { local.group = g; redraw(); })))),
    sortedKeys.map((k) => h("div", { class: "cx-display-group", dataset: { group: k } }, h("span", { class: "cg-group-label" }, k),
      h("ul", { class: "cx-row" }, groups.get(k).map((id) => h("li", {}, cardBtn(id, `display:${k}:${id}`,
        canAct && open.has(id) ? () => send({ type: "prepare", formula: id }) : null,
        open.has(id) ? (possible.has(id) ? "possible" : null) : "laid")))))));

  // ---- explanation panel
  const panel = S.panel || {};
  const aside = h("section", { class: "cg-aside", "aria-label": t("explanation") },
    h("div", { role: "alert", class: "cg-notice" }, panel.notice ? renderExplanation(panel.notice, { t, heading: t(panel.notice.kind === "info" ? "info" : "notice") }) : null),
    panel.last ? renderExplanation(panel.last, { t, heading: panel.last_player !== null && panel.last_player !== undefined
      ? t("last_by", { n: panel.last_player + 1 }) : t("last") }) : null,
    renderHints((S.hints || []).map((x) => ({ ...x, formula: chemixSubscripts(x.formula) })), { t, onPlay: (i) => send({ type: "hint_play", index: i }) }),
    h("section", { class: "cg-logbox" }, h("h4", {}, t("log")), renderLog(v.log, opts)));
  const board = h("div", { class: "cg-board", tabindex: "-1", dataset: { key: "board" } },
    statusEl, finalAccount(S, v, t), seats, handEl, freeEl, controls, piles, tableEl, owned, detail, displayEl);
  return h("div", { class: "cg-root cx-root", lang: S.lang, dataset: { version: S.version, viewer: v.viewer ?? "" } },
    header, renderPlayerBar(v, opts), h("div", { class: "cg-layout" }, board, aside));
}

function render({ model, el }) {
  const local = { row: [], group: "element", refill: true };  // choices that live only in this view
  return mountGame(model, el, (S, send, draw) => cxBuild(S, send, local, draw)).stop;
}

export default { render };
