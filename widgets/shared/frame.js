// What sits above every game board: the title with the turn and the language switch, the status
// line that screen readers read out, and the hot-seat bar ("I am player N" / "Hide my hand").
import { h, button, translator, formatNumber } from "./dom.js";
import { playerName } from "./board.js";

// Who is to move, whether a bot is, whether several humans share the screen with hidden hands.
export function turnInfo(S, v) {
  const cp = v.current_player;
  const seats = S.seats || [];
  return { cp, botTurn: cp !== null && cp !== undefined && seats[cp] !== "human",
    hotSeat: !S.open_hands && seats.filter((k) => k === "human").length > 1 };
}

// The header is one row (fitHeader); the offer to continue a saved game is not part of it (offerBox).
export function gameHeader(S, v, t, send, ...extra) {
  const langs = h("div", { class: "cg-lang", role: "group", "aria-label": t("lang_label") },
    ["de", "en"].map((l) => button(l.toUpperCase(), {
      "aria-pressed": String(S.lang === l), "aria-label": t(`lang_${l}`), dataset: { key: `lang:${l}` },
    }, () => S.lang !== l && send({ type: "lang", lang: l }))));
  const header = h("div", { class: "cg-header" }, h("h2", {}, v.title),
    h("span", { class: "cg-turn" }, t("turn", { n: v.turn })), ...extra, gameBar(S, t, send), largeToggle(t), langs);
  return header;
}

// The offer to continue an unfinished saved game of the same kind (a lesson often ends mid-game), a question of a
// sentence, or null. mount.js puts it at the top of the column beside the board, as the "since your last move" box:
// a row of its own above the board pushed the board's last row below a projector's foot (1280 × 720).
export function offerBox(S, send) {
  const offer = (S.saving || {}).offer;
  if (!offer) return null;
  const t = translator(S.ui, S.lang);
  return h("p", { class: "cg-offer", dataset: { key: "offer" } }, `${t("resume_offer", offer)} `,
    button(t("resume"), { class: "cg-btn cg-primary", dataset: { key: "resume" } }, () => send({ type: "resume" })));
}

// opts: {mover: the text while a human is to move, over: the text before the winners,
//        noWinner: when nobody won, suffix: appended, viewer: whose "you" the names use}
export function statusLine(S, v, t, opts) {
  const o = opts || {};
  const { cp, botTurn, hotSeat } = turnInfo(S, v);
  const viewer = "viewer" in o ? o.viewer : v.viewer;
  const name = (p) => playerName(p, S.seats || [], viewer, t);
  let text;
  if (v.is_over) {
    const names = (v.winners || []).map(name).join(", ");
    text = `${o.over || t("over")} ${names ? t("winners", { names }) : o.noWinner || ""}`.trim();
  } else if (botTurn) text = t("bot_thinking", { name: name(cp) });
  else if (hotSeat && S.seat === null) text = t("pass_to", { n: cp + 1 });
  else text = o.mover || t("current", { name: name(cp) });
  if (o.suffix) text += ` ${o.suffix}`;
  return h("p", { class: `cg-status${botTurn ? " cg-thinking" : ""}`, role: "status", "aria-live": "polite" },
    botTurn ? h("span", { class: "cg-spinner", "aria-hidden": "true" }) : null, text);
}

// "Since your last move": what the others did (as this player may read it) and every score that
// changed, highlighted when the player lost points, so a bot's attack is not only a log line. Where
// the sheet knows no points (Chemuno: since.counts "cards"), the cards in each hand, as the seat bar
// counts them: there more is worse.
// mount.js puts it at the top of the explanation column (beside the board, never pushing the hand
// below the window).
export function sinceBox(S) {
  const since = (S.panel || {}).since;
  if (!since || !(since.moves || []).length) return null;
  const t = translator(S.ui, S.lang);
  const name = (p) => playerName(p, S.seats || [], (S.view || {}).viewer, t);
  const num = (x, plus) => formatNumber(x, S.lang, undefined, plus);
  const viewer = (S.view || {}).viewer;
  const cards = since.counts === "cards";
  const worse = (c) => (cards ? c.after > c.before : c.after < c.before);
  const lost = (since.scores || []).some((c) => c.player === viewer && worse(c));
  return h("section", { class: `cg-since${lost ? " cg-since-loss" : ""}`, "aria-label": t("since_title"), dataset: { key: "since" } },
    h("h3", {}, `\u21BA ${t("since_title")}`),
    h("ul", {}, since.moves.map((m) => h("li", { dataset: { player: m.player, kind: m.kind } },
      h("strong", {}, `${name(m.player)}: `), m.title)),
      since.more ? h("li", { class: "cg-muted" }, t("since_more", { n: since.more })) : null),
    (since.scores || []).length ? h("p", { class: "cg-since-scores" }, (since.scores || []).map((c) => {
      const d = c.after - c.before;
      const how = cards ? (worse(c) ? " cg-worse" : " cg-better") : "";
      return h("span", { class: `cg-since-score${d < 0 ? " cg-down" : " cg-up"}${how}`, dataset: { player: c.player } },
        t(cards ? "since_cards" : "since_score", { name: name(c.player), before: num(c.before), after: num(c.after),
          delta: num(d, true) }));
    })) : null);
}

export function seatBar(S, v, t, send) {
  const { cp, botTurn, hotSeat } = turnInfo(S, v);
  const bar = h("div", { class: "cg-seatbar" });
  if (hotSeat && !v.is_over && !botTurn) {
    if (S.seat === null) bar.append(button(t("claim", { n: cp + 1 }), { class: "cg-btn cg-primary", dataset: { key: "claim" } },
      () => send({ type: "claim", seat: cp })));
    else bar.append(button(t("hide"), { dataset: { key: "hide" } }, () => send({ type: "claim", seat: null })));
  }
  return bar;
}

// A button of the header: its symbol (hidden from screen readers) and its word. Where the header's items would
// take a second row (a tablet, Beamer mode on a projector's 1280×720: session 25), fitHeader shows the symbols
// alone; the button keeps its name from the catalog in aria-label (read out, and containing the word) and in
// title (the tooltip under the pointer), and stays a button in the Tab order.
export function headerButton(icon, word, name, attrs, onclick) {
  return button([h("span", { class: "cg-icon", "aria-hidden": "true" }, icon), h("span", { class: "cg-btn-word" }, word)],
    { "aria-label": name, title: name, ...attrs }, onclick);
}

// One row for the header: with every word it fits, else its buttons show their symbols only (class
// cg-header-compact). Measured on the header as drawn (the words of each language, the game's own title and
// extras, the widget's width and zoom), again after each draw and whenever the widget's width changes.
export function fitHeader(root) {
  const header = root && root.querySelector(".cg-header");
  if (!header || !header.isConnected) return false;
  header.classList.remove("cg-header-compact");
  if (oneRow(header)) return false;
  header.classList.add("cg-header-compact");
  return true;
}

// Whether a line across the header meets every item of it (the title, the turn, a game's extra, each
// part of the game bar, the Beamer switch, the language group): the lowest top lies above the highest bottom.
export function oneRow(header) {
  const items = [...header.children].flatMap((e) => (e.classList.contains("cg-gamebar") ? [...e.children] : [e]))
    .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  if (!items.length) return true;
  return Math.max(...items.map((r) => r.top)) < Math.min(...items.map((r) => r.bottom)) - 1;
}

// The game's number (its seed, to deal it again), "save", "new game" and "hand in" (the offer to continue an
// unfinished saved game of the same kind stands beside the board: offerBox).
function gameBar(S, t, send) {
  const saving = S.saving || {};
  // the number with its words, or (the header's symbols alone) "Nr. …": the words in the group's name and the title
  return h("div", { class: "cg-gamebar", role: "group", "aria-label": t("game_no", { n: S.game_no }) },
    h("span", { class: "cg-game-no", title: t("game_no_label", { n: S.game_no }) },
      h("span", { class: "cg-btn-word" }, t("game_no", { n: S.game_no })),
      h("span", { class: "cg-icon" }, t("game_no_short", { n: S.game_no }))),
    saving.file ? headerButton("\u21E9", t("save_game"), t("save_game_label", { file: saving.file }), { dataset: { key: "save" } },
      () => send({ type: "save" })) : null,
    headerButton("\u21BB", t("new_game"), t("new_game_label"), { dataset: { key: "new_game" } }, () => send({ type: "new_game" })),
    // the learning record handed in without typing code (the JupyterLite play page has no cell): Python writes
    // the file and sends it in a message of its own, which mount.js downloads (handInFile)
    // without a typed name (the play page has no cell for chemgames.record.name) mount.js asks for one first
    saving.hand_in ? headerButton("\u2709", t("hand_in"), t("hand_in_label"), { dataset: { key: "hand_in" } },
      (ev) => (saving.hand_in.name ? send({ type: "hand_in" })
        : ev.currentTarget.dispatchEvent(new CustomEvent("cg-hand-in-ask", { bubbles: true })))) : null);
}

// The final account when the game is over: one row a player, each line of points with its
// label (computed by the engine, already in the player's language) and the sum as written.
export function finalAccount(S, v, t) {
  const rows = v.is_over ? v.breakdown || [] : [];
  if (!rows.length) return null;
  const name = (p) => playerName(p, S.seats || [], v.viewer, t);
  const item = (line) => h("li", {}, `${line.label}: `, h("strong", {}, formatNumber(line.points, S.lang)),
    line.detail ? h("span", { class: "cg-muted" }, ` (${line.detail})`) : null);
  return h("table", { class: "cg-account" },
    h("caption", {}, t("breakdown_title")),
    h("tbody", {}, rows.map((a) => h("tr", { dataset: { player: a.player } },
      h("th", { scope: "row" }, name(a.player)),
      h("td", {}, h("ul", { class: "cg-account-lines" }, a.lines.map(item))),
      h("td", { class: "cg-account-sum", "aria-label": `${t("breakdown_total")}: ${a.total}` }, a.sum)))));
}

// "Beamer": the whole widget larger for a projector at the back of a room, remembered by this
// browser (localStorage) for every game; mountGame applies it (class cg-large) and redraws.
export function largeMode() {
  try { return window.localStorage.getItem("chemgames.large") === "1"; } catch (e) { return false; }
}

function largeToggle(t) {
  const on = largeMode();
  return headerButton("\u2295", t("large_mode"), t("large_mode_label"), { class: "cg-btn cg-large-toggle", "aria-pressed": String(on),
    dataset: { key: "large" } }, (ev) => {
    try { window.localStorage.setItem("chemgames.large", on ? "0" : "1"); } catch (e) { /* private mode: this view only */ }
    ev.currentTarget.dispatchEvent(new CustomEvent("cg-large", { bubbles: true, detail: !on }));
  });
}
