// A hand of cards: every card is a button (select / put back), with its state in words.
import { h } from "./dom.js";
import { cardFace, cardLabel } from "./card.js";

// cards: [{id, symbol, staged}], opts: {cards, t, lang, onCard(card) | null, stateOf(card), label, describe,
// copyLabel(i, n): how the i-th of n cards of one kind is named, so that no two buttons share a name}
export function renderHand(hand, opts) {
  const { t } = opts;
  const list = h("ul", { class: "cg-hand", "aria-label": opts.label });
  const copies = {};
  for (const c of hand) copies[c.symbol] = (copies[c.symbol] || 0) + 1;
  const seen = {};
  for (const c of hand) {
    seen[c.symbol] = (seen[c.symbol] || 0) + 1;
    const copy = opts.copyLabel && copies[c.symbol] > 1 ? `, ${opts.copyLabel(seen[c.symbol], copies[c.symbol])}` : "";
    const info = opts.cards[c.symbol];
    const state = opts.stateOf ? opts.stateOf(c) : null;  // "selected" | "staged" | null
    const face = cardFace(info, { t, lang: opts.lang, inHand: true });
    const badge = state ? h("span", { class: `cg-badge cg-badge-${state}` }, "\u2713 ", t(state)) : null;
    let item;
    if (opts.onCard) {
      item = h("button", {
        type: "button", class: `cg-card-btn${state ? " cg-" + state : ""}`,
        "aria-pressed": state ? "true" : "false", "aria-label": cardLabel(info, t) + copy + (state ? `, ${t(state)}` : ""),
        disabled: state === "staged", dataset: { key: `hand:${c.id}`, symbol: c.symbol, id: c.id },
        title: info ? info.text : "", onclick: () => opts.onCard(c),
        onfocus: () => opts.describe && opts.describe(info), onmouseenter: () => opts.describe && opts.describe(info),
      }, face, badge);
    } else {
      item = h("div", { class: "cg-card-static", title: info ? info.text : "", dataset: { symbol: c.symbol } }, face, badge);
    }
    list.append(h("li", {}, item));
  }
  return list;
}

// Cards shown small in a row (stage, table): [{id, symbol, turned}]
export function cardRow(cards, opts) {
  return h("ul", { class: "cg-row" }, cards.map((c) =>
    h("li", { title: opts.cards[c.symbol] ? cardLabel(opts.cards[c.symbol], opts.t) : c.symbol },
      cardFace(opts.cards[c.symbol], { t: opts.t, lang: opts.lang, compact: true, turned: c.turned }))));
}
