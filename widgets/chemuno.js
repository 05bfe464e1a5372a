// Chemuno in JupyterLab. The Python side (chemgames/widgets/chemuno.py) syncs only what the viewer
// may see; this module draws the pile, the hand and the controls, and sends moves, which Python checks.
import { finalAccount, gameHeader, seatBar, statusLine } from "./shared/frame.js";
import { mountGame } from "./shared/mount.js";
import { h, button, translator } from "./shared/dom.js";
import { renderExplanation } from "./shared/explanation.js";
import { renderLog, renderHints, playerName } from "./shared/board.js";
import { chemixCardFace, chemixCardLabel, chemixSubscripts } from "./shared/chemix_card.js";

// A card as text: H₂O, ×2, Ne
function shown(info) {
  if (!info) return "?";
  return info.kind === "multiplier" ? `\u00D7${info.face}` : chemixSubscripts(info.face);
}

function build(S, send, local, redraw) {
  const t = translator(S.ui, S.lang);
  const v = S.view || {};
  if (!v.game) return h("div", { class: "cg-root" }, "\u2026");
  const cards = S.cards || {};
  const legal = S.legal || [];
  const legalOf = (kind) => legal.filter((a) => a.kind === kind);
  const act = (kind, params) => send({ type: "act", action: { game: v.game, player: v.viewer, kind, params: params || {} } });
  const cp = v.current_player;
  const botTurn = cp !== null && cp !== undefined && S.seats[cp] !== "human";
  const hotSeat = !S.open_hands && S.seats.filter((k) => k === "human").length > 1;
  const playable = new Set(legalOf("play").map((a) => a.params.card));
  if (local.noble && !playable.has(local.noble)) local.noble = null;

  const header = gameHeader(S, v, t, send);
  const statusEl = statusLine(S, v, t, { mover: v.pending ? t("cu_status_pending", { n: v.pending })
    : v.drawn ? t((v.playable || []).includes(v.drawn) ? "cu_status_drawn" : "cu_status_drawn_nofit", { card: shown(cards[v.drawn]) }) : null });

  const players = h("ol", { class: "cg-players", "aria-label": t("cu_players") }, v.hand_sizes.map((n, p) => {
    const current = p === cp;
    const winner = (v.winners || []).includes(p);
    return h("li", { class: `cg-player${current ? " cg-current" : ""}${winner ? " cg-winner" : ""}`, dataset: { player: p } },
      current ? h("span", { class: "cg-turn-mark" }, "\u25B6 ", t("to_move")) : null,
      winner ? h("span", { class: "cg-turn-mark" }, "\u2605 ", t("winner")) : null,
      h("span", { class: "cg-player-name" }, playerName(p, S.seats, v.viewer, t)),
      h("span", { class: "cg-handsize" }, t("hand_size", { n })),
      n === 1 && !v.is_over ? h("span", { class: "cu-last" }, "\u203C ", t("cu_one_left")) : null);
  }));

  const seats = seatBar(S, v, t, send);

  // ---- the pile: the top card, the wish, the pending draw; the draw pile
  const top = v.top ? cards[v.top] : null;
  const pileEl = h("section", { class: "cu-table", "aria-label": t("cu_pile") },
    h("div", { class: "cu-drawpile", dataset: { fitRow: "first" } }, h("div", { class: "cx-card cu-back", "aria-hidden": "true" }, "\u25A4"),
      h("span", {}, t("cu_draw_size", { n: v.draw_size }))),
    h("div", { class: `cu-top${v.top_new ? " cu-new" : ""}`, dataset: { top: v.top || "", fitRow: "first" } },
      h("h3", {}, t("cu_top"), v.top_new ? h("span", { class: "cu-new-mark" }, ` \u2605 ${t("cu_new")}`) : null),
      top ? chemixCardFace(top, { t }) : h("p", { class: "cg-muted" }, t("cu_no_top")),
      v.wish ? h("p", { class: "cu-wish", dataset: { wish: v.wish } }, "\u2605 ", t("cu_wish", { element: v.wish })) : null,
      v.pending ? h("p", { class: "cu-pending", dataset: { pending: v.pending } }, "\u21E9 ", t("cu_pending", { n: v.pending })) : null),
    // what the others' moves since the viewer's last move mean for the viewer (computed in Python)
    (v.news || []).length ? h("section", { class: "cu-news", "aria-label": t("cu_news") },
      h("h3", {}, "\u2605 ", t("cu_news")), h("ul", {}, v.news.map((line) => h("li", {}, line)))) : null);

  // ---- the hand: every card a button; cards that fit are marked with a tick and the word
  const handBox = h("section", { class: "cg-handbox", dataset: { fit: "hand" } });
  const mine = legal.length > 0;
  const onCard = (id) => {
    const info = cards[id];
    if (info && info.kind === "noble") { local.noble = local.noble === id ? null : id; redraw(); return; }
    act("play", { card: id });
  };
  // Two cards that look the same (H and H) get "1. Karte", "2. Karte" in their names, so every button's name differs.
  const copyOf = (hand) => { const seen = {}; const total = {};
    hand.forEach((id) => { const k = chemixCardLabel(cards[id], t); total[k] = (total[k] || 0) + 1; });
    return (id) => { const k = chemixCardLabel(cards[id], t); seen[k] = (seen[k] || 0) + 1;
      return total[k] > 1 ? `, ${t("cu_copy", { n: seen[k] })}` : ""; }; };
  const handList = (hand, canClick) => { const copy = copyOf(hand); return h("ul", { class: "cg-hand cu-hand", "aria-label": t("hand") }, hand.map((id) => {
    const info = cards[id];
    const fits = canClick && playable.has(id);
    const nth = copy(id);
    const face = chemixCardFace(info, { t, state: local.noble === id ? "selected" : null });
    const badge = fits ? h("span", { class: "cg-badge cu-badge-fits" }, "\u2713 ", t("cu_fits"))
      : h("span", { class: "cg-badge cu-badge-nofit" }, "\u2717 ", t("cu_nofit"));
    if (!canClick) return h("li", {}, h("div", { class: "cg-card-static", dataset: { id } }, face));
    return h("li", {}, h("button", {
      type: "button", class: `cg-card-btn ${fits ? "cu-fits" : "cu-nofit"}`,
      "aria-label": chemixCardLabel(info, t) + nth + (fits ? `, ${t("cu_fits")}` : `, ${t("cu_nofit")}`),
      "aria-pressed": local.noble === id ? "true" : "false",
      dataset: { key: `hand:${id}`, id }, title: info && info.about ? `${info.name}: ${info.about}` : "", onclick: () => onCard(id),
    }, face, badge));
  })); };
  if (S.open_hands) {
    (S.hands || []).forEach((hand, p) => handBox.append(h("section", { dataset: { hand: p } },
      h("h3", {}, t("hand_of", { name: playerName(p, S.seats, v.viewer, t) })), handList(hand, p === v.viewer && mine))));
  } else if (v.hand) {
    handBox.append(h("h3", {}, t("hand")), handList(v.hand, mine));
  } else {
    handBox.append(h("p", { class: "cg-muted cg-hidden-hand" }, "\u25A4 ", t("hand_hidden")));
  }

  // ---- the wish of a noble gas: one button an element
  let wishBox = null;
  if (local.noble) {
    const wishes = legalOf("play").filter((a) => a.params.card === local.noble).map((a) => a.params.wish);
    wishBox = h("div", { class: "cg-group cu-wishes", role: "group", "aria-label": t("cu_choose_wish") },
      h("span", { class: "cg-group-label" }, `\u2605 ${t("cu_choose_wish")}`),
      wishes.map((w) => button(w, { dataset: { key: `wish:${w}` }, "aria-label": t("cu_wish_for", { element: w }) },
        () => { const card = local.noble; local.noble = null; act("play", { card, wish: w }); })));
  }

  // ---- controls
  const controls = h("div", { class: "cg-controls", dataset: { fit: "actions" } });
  if (mine) {
    const call = legalOf("call").length > 0;
    controls.append(h("div", { class: "cg-group cg-main-actions" },
      // in the player's turn a move the rules do not allow now stays tappable (aria-disabled): the
      // tap brings the rule ("aufnehmen muss nur, wer nichts Passendes hat"), not a dead button
      button(`\u203C ${t("cu_call")}`, { class: `cg-btn${call ? " cg-primary" : ""}`, "aria-disabled": call ? null : "true",
        "aria-pressed": String(!!v.called), dataset: { key: "call" } }, () => act("call")),
      button(`\u21E9 ${v.pending ? t("cu_take", { n: v.pending }) : t("cu_draw")}`, { "aria-disabled": legalOf("draw").length ? null : "true",
        dataset: { key: "draw" } }, () => act("draw")),
      legalOf("keep").length ? button(t("cu_keep"), { dataset: { key: "keep" } }, () => act("keep")) : null,
      legalOf("pass").length ? button(t("cu_pass"), { dataset: { key: "pass" } }, () => act("pass")) : null,
      button(`\u21B6 ${t("undo")}`, { disabled: !v.can_undo, dataset: { key: "undo" } }, () => send({ type: "undo" })),
      button(`? ${t("hint")}`, { dataset: { key: "hint" } }, () => send({ type: "hint" }))));
  }

  const panel = S.panel || {};
  const aside = h("section", { class: "cg-aside", "aria-label": t("explanation") },
    h("div", { role: "alert", class: "cg-notice" }, panel.notice ? renderExplanation(panel.notice, { t, heading: t(panel.notice.kind === "info" ? "info" : "notice") }) : null),
    panel.last ? renderExplanation(panel.last, { t, heading: panel.last_player !== null && panel.last_player !== undefined
      ? t("last_by", { n: panel.last_player + 1 }) : t("last") }) : null,
    renderHints((S.hints || []).map((x) => ({ ...x, points: 0 })), { t, title: t("cu_hints_title"),
      describe: (x) => (x.why ? `${x.formula}: ${x.why}` : x.formula), onPlay: (i) => send({ type: "hint_play", index: i }) }),
    h("section", { class: "cg-logbox" }, h("h3", {}, t("log")), renderLog(v.log, { t })));

  const board = h("div", { class: "cg-board", tabindex: "-1", dataset: { key: "board" } },
    statusEl, finalAccount(S, v, t), seats, pileEl, handBox, wishBox, controls);
  const root = h("div", { class: "cg-root cu-root", lang: S.lang, dataset: { version: S.version, viewer: v.viewer ?? "" } },
    header, players, h("div", { class: "cg-layout" }, board, aside));
  return root;
}

function render({ model, el }) {
  const local = { noble: null };  // a noble gas clicked, waiting for its wish (never sent half-made)
  return mountGame(model, el, (S, send, draw) => build(S, send, local, draw)).stop;
}

export default { render };
