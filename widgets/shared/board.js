// Shared board parts: player bar with scores, piles, die, move log, hint list, table of played sets.
import { h, button } from "./dom.js";
import { cardRow } from "./hand.js";

const DIE_FACES = ["\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

export function playerName(p, seats, viewer, t) {
  const kind = seats[p];
  const who = kind === "human" ? (p === viewer ? t("you") : t("human")) : t(`bot_${kind}`);
  return `${t("player", { n: p + 1 })} (${who})`;
}

export function renderPlayerBar(view, opts) {
  const { t, seats } = opts;
  return h("ol", { class: "cg-players", "aria-label": t("scores") }, view.scores.map((s, p) => {
    const current = p === view.current_player;
    const winner = (view.winners || []).includes(p);
    return h("li", { class: `cg-player${current ? " cg-current" : ""}${winner ? " cg-winner" : ""}`, dataset: { player: p } },
      current ? h("span", { class: "cg-turn-mark" }, "\u25B6 ", t("to_move")) : null,
      winner ? h("span", { class: "cg-turn-mark" }, "\u2605 ", t("winner")) : null,
      h("span", { class: "cg-player-name" }, playerName(p, seats, view.viewer, t)),
      h("span", { class: "cg-score" }, t("points_long", { n: s })),
      view.hand_sizes ? h("span", { class: "cg-handsize" }, t("hand_size", { n: view.hand_sizes[p] })) : null);
  }));
}

export function renderPiles(view, opts) {
  const { t } = opts;
  const roll = view.last_roll;
  return h("div", { class: "cg-piles" },
    (view.pile || []).map((n, i) => h("span", { class: "cg-pile", dataset: { pile: i } },
      "\u25A4 ", view.pile.length > 1 ? t("pile_of", { n, p: i + 1 }) : t("pile", { n }))),
    h("span", { class: "cg-die", "aria-label": roll ? t("die", { n: roll }) : t("die_none") },
      h("span", { class: "cg-die-face", "aria-hidden": "true" }, roll ? DIE_FACES[roll - 1] : "\u25A2"),
      " ", roll ? t("die", { n: roll }) : t("die_none")));
}

export function renderLog(log, opts) {
  const { t } = opts;
  if (!log || !log.length) return h("p", { class: "cg-muted" }, t("log_empty"));
  return h("ol", { class: "cg-log", reversed: true, tabindex: "0", "aria-label": t("log") }, log.slice().reverse().map((e) =>
    h("li", {}, h("strong", {}, t("player", { n: e.player + 1 }) + ": "), e.title,
      e.ok && e.points ? ` (${t("points", { n: e.points })})` : "")));
}

// hints: [{formula, points, cards}]
// opts: {t, onPlay(i), title: the game's heading, describe(x): what the move does (default: its
// formula)}. A hint that Python plays whole (x.plays) is named "Spielen"; one that only prepares
// (the player confirms) "Vorbereiten"; each button names its move, so no two share a name.
export function renderHints(hints, opts) {
  const { t } = opts;
  if (!hints || !hints.length) return null;
  const title = opts.title || t("hints_title");
  return h("section", { class: "cg-hints", "aria-label": title },
    h("h3", {}, title),
    h("ol", {}, hints.map((x, i) => {
      const what = opts.describe ? opts.describe(x) : x.formula;
      // opts.note(x), if given: words after the formula in the text's own weight (a bold label
      // of 60 letters took a third line in a 300 px column)
      const note = opts.note ? opts.note(x) : null;
      const points = x.points ? ` ${t("points", { n: x.points })}` : "";
      const label = t(x.plays ? "hint_play_now" : "hint_build");
      const said = note ? `${what} \u2013 ${note}` : what;
      return h("li", {}, h("span", { class: "cg-formula" }, what, note ? h("span", { class: "cg-hint-note" }, ` \u2013 ${note}`) : null),
        points ? " " : "", points ? h("span", { class: "cg-hint-points" }, points.trim()) : "", " ", button(label, { dataset: { key: `hint:${i}` }, "aria-label": `${label}: ${said}${points}` }, () => opts.onPlay(i)));
    })));
}

// table: [{id, owner, formula, unicode?, points, cards, combinations, protect, shields_left, radioactive}];
// opts.badge(c), if given, adds a node after the points (e.g. what the compound is in chemistry);
// opts.attackLabel(c), if given, names its attack button (no two buttons share a name)
export function renderTable(table, opts) {
  const { t, seats, viewer } = opts;
  if (!table.length) return h("p", { class: "cg-muted" }, t("table_empty"));
  const owners = [...new Set(table.map((c) => c.owner))].sort();
  return h("div", { class: "cg-table" }, owners.map((o) => h("section", { class: "cg-owner", dataset: { owner: o } },
    h("h4", {}, playerName(o, seats, viewer, t)),  // under the table's own h3
    h("ul", { class: "cg-compounds" }, table.filter((c) => c.owner === o).map((c) => {
      const cards = [...c.cards];
      for (const k of c.combinations || []) cards.push(...k.cards, ...k.proto);
      const protection = [];
      if (c.protect) protection.push(t("protected_proto"));
      if (c.shields_left) protection.push(t("shields", { n: c.shields_left }));
      const attack = opts.attackable(c.id);
      return h("li", { class: "cg-compound", dataset: { cid: c.id } },
        h("div", { class: "cg-compound-head" },
          h("span", { class: "cg-formula" }, c.unicode || c.formula), " ", h("span", {}, t("points", { n: c.points })),
          opts.badge ? opts.badge(c) : null,
          protection.length ? h("span", { class: "cg-protection" }, " \u25A3 ", protection.join(", ")) : null,
          attack ? button(`\u2622 ${t("attack")}`, { class: "cg-btn cg-danger", dataset: { key: `attack:${c.id}` },
            ...(opts.attackLabel ? { "aria-label": opts.attackLabel(c) } : {}) }, attack) : null),
        cardRow(cards.concat(c.protect ? [c.protect] : []), opts));
    })))));
}
