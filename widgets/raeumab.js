// Räum-Ab! in JupyterLab. The Python side (chemgames/widgets/raeumab.py) syncs the view; this module
// draws the seven columns, piles and bans, and sends pairs and wish swaps as messages that Python checks.
// Keyboard: Tab reaches every free card (Enter/Space chooses it); keys 1-7 choose the free card of
// that column, H asks for hints, U undoes, Esc clears the choice.
import { finalAccount, gameHeader, seatBar, statusLine } from "./shared/frame.js";
import { mountGame } from "./shared/mount.js";
import { h, button, gameKey, translator } from "./shared/dom.js";
import { renderExplanation } from "./shared/explanation.js";
import { renderLog, playerName } from "./shared/board.js";

// The printed face of a card: number and suit symbol (colour is never the only sign).
function raFace(card, suits, t) {
  if (!card) return { mark: "?", text: "?", label: "?", cls: "" };
  if (card.kind === "wish") return { mark: "\u2726", text: t("ra_wish_short"), label: t("ra_wish"), cls: "ra-wish", word: true };
  if (card.kind === "forbidden") {
    return { mark: `\u2298${card.value}`, text: t("ra_forbidden_short"),
      label: t("ra_forbidden", { n: card.value }), cls: "ra-forbidden", word: true };
  }
  const suit = suits[card.suit] || {};
  const colour = t(`ra_colour_${card.suit}`);
  const joker = card.kind === "joker" ? ` (${t("ra_joker")})` : "";
  return { mark: suit.symbol || "", text: String(card.value), colour: suit.colour,
    label: `${colour} ${suit.symbol || ""} ${card.value}${joker}`, cls: `ra-suit-${card.suit}${card.kind === "joker" ? " ra-joker" : ""}` };
}

function raCardBody(face, t, extra) {
  return [h("span", { class: "ra-mark", "aria-hidden": "true" }, face.mark), " ",
    h("span", { class: face.word ? "ra-num ra-word" : "ra-num" }, face.text), extra || null];
}

function build(S, send, ui) {
  const t = translator(S.ui, S.lang);
  const v = S.view || {};
  if (!v.game) return h("div", { class: "cg-root" }, "\u2026");
  const cards = S.cards || {};
  const suits = v.suits || {};
  const face = (id) => raFace(cards[String(id)], suits, t);
  const legal = S.legal || [];
  const canAct = legal.length > 0;
  const cp = v.current_player;
  const seats = S.seats || [];
  const botTurn = cp !== null && cp !== undefined && seats[cp] !== "human";
  // whose "du" the names use: the one human against bots stays "du" on the bots' turns and at the end
  // (s21f: the bar said "Spieler 1 (Mensch)" as soon as the turn passed); several humans: who is to move
  const humans = seats.flatMap((k, i) => (k === "human" ? [i] : []));
  const me = humans.length === 1 ? humans[0] : cp;
  const free = new Set(v.free || []);
  if (ui.selected !== null && !free.has(ui.selected)) ui.selected = null;
  const act = (kind, params) => send({ type: "act", action: { game: v.game, player: cp, kind, params } });
  const choose = (id) => {
    if (!canAct) return;
    if (ui.selected === null) { ui.selected = id; ui.redraw(); return; }
    if (ui.selected === id) { ui.selected = null; ui.redraw(); return; }
    const pair = [ui.selected, id].sort((a, b) => a - b);
    ui.selected = null;
    act("pair", { cards: pair });
  };
  ui.choose = choose;
  ui.columns = (v.columns || []).map((c) => (c.length ? c[c.length - 1] : null));
  ui.canAct = canAct;

  // ---- header
  const header = gameHeader(S, v, t, send);

  // ---- players and piles
  const players = h("ol", { class: "cg-players", "aria-label": t("ra_piles") }, (v.piles || []).map((pile, p) => {
    const current = p === cp;
    const winner = (v.winners || []).includes(p);
    return h("li", { class: `cg-player${current ? " cg-current" : ""}${winner ? " cg-winner" : ""}`, dataset: { player: p } },
      current ? h("span", { class: "cg-turn-mark" }, "\u25B6 ", t("to_move")) : null,
      winner ? h("span", { class: "cg-turn-mark" }, "\u2605 ", t("winner")) : null,
      h("span", { class: "cg-player-name" }, playerName(p, seats, me, t)),
      h("span", { class: "cg-score" }, t("ra_pile_cards", { n: pile.length })),
      h("span", { class: "ra-pile-top", role: "group", "aria-label": t("ra_pile_top") },
        pile.slice(-7).map((id) => h("span", { class: `ra-mini ${face(id).cls}` }, raCardBody(face(id), t)))));
  }));

  // ---- status, phase and bans
  const statusEl = statusLine(S, v, t, { over: t("ra_over"), viewer: me });
  const phase = h("p", { class: "ra-phase", dataset: { phase: v.phase } },
    v.phase === "start" ? `\u2696 ${t("ra_phase_start")}` : t("ra_phase_play"));
  const bans = h("p", { class: "ra-bans", "aria-label": t("ra_bans") },
    (v.bans || []).length
      ? [h("strong", {}, `${t("ra_bans")}: `), v.bans.map((n) => h("span", { class: "ra-ban", dataset: { ban: n } },
        `\u2298${n}: `, t("ra_ban_text", { n })))]
      : h("span", { class: "cg-muted" }, t("ra_no_bans")));

  // ---- the seven columns
  const cols = h("div", { class: "ra-columns", role: "group", "aria-label": t("ra_layout") }, (v.columns || []).map((col, j) =>
    h("ol", { class: "ra-column", "aria-label": t("ra_column", { n: j + 1, k: col.length }), dataset: { col: j + 1 } },
      h("li", { class: "ra-col-head", "aria-hidden": "true" }, `${j + 1}`),
      col.map((id, k) => {
        const f = face(id);
        const isFree = k === col.length - 1;
        const chosen = ui.selected === id;
        const style = f.colour ? `--ra-suit:${f.colour}` : null;
        if (isFree) {
          return h("li", {}, h("button", {
            type: "button", class: `ra-card ra-free ${f.cls}${chosen ? " ra-chosen" : ""}`, style,
            "aria-pressed": String(chosen), disabled: !canAct,
            "aria-label": `${f.label}, ${t("ra_free")}, ${t("ra_col_short", { n: j + 1 })}${chosen ? `, ${t("ra_chosen")}` : ""}`,
            dataset: { key: `card:${id}`, id, code: (cards[String(id)] || {}).code, col: j + 1, fit: "board", fitReach: "free",
              ...(k === 0 ? { fitRow: "first" } : {}) },
            onclick: () => choose(id),
          }, raCardBody(f, t, h("span", { class: "ra-free-mark" }, chosen ? `\u2714 ${t("ra_chosen")}` : `\u25BC ${t("ra_free")}`))));
        }
        // A covered card: the mouse may still pick it as the second card; the engine then says why not.
        return h("li", {}, h("div", {
          class: `ra-card ra-covered ${f.cls}`, style, title: f.label, "aria-label": f.label,
          dataset: { id, code: (cards[String(id)] || {}).code, ...(k === 0 ? { fitRow: "first" } : {}) },
          onclick: () => ui.selected !== null && canAct && act("pair", { cards: [ui.selected, id].sort((a, b) => a - b) }),
        }, raCardBody(f, t)));
      }))));

  // ---- controls and wish swaps
  const wishes = legal.filter((a) => a.kind === "wish");
  // the swaps of the chosen wish card only (one button per card of the pile it may fetch); while
  // no wish card is chosen, one line says how to swap (18 buttons pushed the columns off-screen)
  const swaps = wishes.filter((a) => a.params.wish === ui.selected);
  const wishCol = swaps.length ? ui.columns.indexOf(swaps[0].params.wish) + 1 : 0;
  const wishGroup = swaps.length ? h("div", { class: "cg-group ra-wishes", role: "group", "aria-label": t("ra_wish_title") },
    h("span", { class: "cg-group-label" }, `\u2726 ${t("ra_wish_title")}`),
    swaps.map((a) => button(face(a.params.card).label,
      { dataset: { key: `wish:${a.params.wish}:${a.params.card}` }, "aria-label": t("ra_wish_swap", { card: face(a.params.card).label, col: wishCol }) },
      () => act("wish", a.params))))
    : wishes.length ? h("p", { class: "cg-muted ra-wish-tip" }, `\u2726 ${t("ra_wish_tip")}`) : null;
  const controls = canAct ? h("div", { class: "cg-group cg-main-actions", dataset: { fit: "actions" } },
    button(t("ra_clear_choice"), { disabled: ui.selected === null, dataset: { key: "clear" } }, () => { ui.selected = null; ui.redraw(); }),
    button(`\u21B6 ${t("undo")}`, { disabled: !v.can_undo, dataset: { key: "undo" } }, () => send({ type: "undo" })),
    button(`? ${t("ra_hint")}`, { dataset: { key: "hint" } }, () => send({ type: "hint" })),
    // the fair start played by the machine (one person at the screen): about 16 turns nobody scores in
    v.phase === "start" && (S.seats || []).filter((k) => k === "human").length === 1
      ? button(t("ra_fair_auto"), { dataset: { key: "fair_start" }, "aria-label": t("ra_fair_auto_label") }, () => send({ type: "fair_start" }))
      : null) : null;
  const choice = ui.selected !== null
    ? h("p", { class: "ra-choice", "aria-live": "polite" }, t("ra_choice", { card: face(ui.selected).label }))
    : canAct ? h("p", { class: "cg-muted ra-choice" }, t("ra_choose_first")) : null;

  // ---- explanation panel and hints
  const panel = S.panel || {};
  const hints = (S.hints || []).length ? h("section", { class: "cg-hints ra-hints", "aria-label": t("ra_hints_title") },
    h("h3", {}, t("ra_hints_title")),
    h("ol", {}, S.hints.map((x, i) => h("li", { dataset: { kind: x.kind } },
      h("span", { class: "ra-hint-kind" }, `${t(x.kind === "double" ? "ra_double" : "ra_simple")}:`), " ",
      x.swap ? h("span", { class: "ra-hint-swap" }, t("ra_hint_swap", { card: face(x.swap[1]).label }), " ") : null,
      x.cards.map((id) => face(id).label).join(" + "), " ",
      button(t("ra_take"), { dataset: { key: `hint:${i}` }, "aria-label": t("ra_take_label", {
        cards: `${x.swap ? `${t("ra_hint_swap", { card: face(x.swap[1]).label })} ` : ""}${x.cards.map((id) => face(id).label).join(" + ")}` }) },
      () => send({ type: "hint_play", index: i })))))) : null;
  const aside = h("section", { class: "cg-aside", "aria-label": t("explanation") },
    h("div", { role: "alert", class: "cg-notice" }, panel.notice ? renderExplanation(panel.notice, { t, heading: t(panel.notice.kind === "info" ? "info" : "notice") }) : null),
    panel.last ? renderExplanation(panel.last, { t, heading: panel.last_player !== null && panel.last_player !== undefined
      ? t("last_by", { n: panel.last_player + 1 }) : t("last") }) : null,
    hints,
    h("section", { class: "cg-logbox" }, h("h3", {}, t("log")), renderLog(v.log, { t })));

  const setAside = h("p", { class: "cg-muted ra-aside" }, t("ra_aside", { n: (v.aside || []).length }));
  const board = h("div", { class: "cg-board", tabindex: "-1", dataset: { key: "board" } },
    statusEl, finalAccount(S, { ...v, viewer: me }, t), phase, bans, choice, controls, wishGroup, cols, setAside);
  return h("div", { class: "cg-root ra-root", lang: S.lang, dataset: { version: S.version, phase: v.phase } },
    header, players, h("div", { class: "cg-layout" }, board, aside));
}

function render({ model, el }) {
  const ui = { selected: null, redraw: null, choose: null, columns: [], canAct: false };
  const game = mountGame(model, el, (S, send, draw) => { ui.redraw = draw; return build(S, send, ui); });
  const onKey = gameKey((ev) => {
    if (ev.target && ["INPUT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (/^[1-7]$/.test(ev.key) && ui.canAct) {
      const id = ui.columns[Number(ev.key) - 1];
      if (id !== null && id !== undefined) { ev.preventDefault(); ev.stopPropagation(); ui.choose(id); }
    } else if (ev.key === "Escape" && ui.selected !== null) {
      ev.preventDefault(); ev.stopPropagation(); ui.selected = null; game.draw();
    } else if ((ev.key === "h" || ev.key === "H") && ui.canAct) {
      ev.preventDefault(); ev.stopPropagation(); game.send({ type: "hint" });
    } else if ((ev.key === "u" || ev.key === "U") && ui.canAct) {
      ev.preventDefault(); ev.stopPropagation(); game.send({ type: "undo" });
    }
  });
  el.addEventListener("keydown", onKey);
  return () => { el.removeEventListener("keydown", onKey); game.stop(); };
}

export default { render };
