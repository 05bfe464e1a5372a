// The teacher's dashboard of a class's tables: each table's join code, large enough to read from the
// back of the room, its seats (joined, connected, empty, a bot: a word and a symbol each, never a
// colour alone), whose turn, the scores; "Watch" opens the table's projector view below (a game
// widget Python puts beside this one). Python polls the server; every trait is written by Python.
import { h, button, keepKeysInside, scopeElement, translator } from "./shared/dom.js";

const SEAT_MARK = { present: "\u25CF", joined: "\u25D0", empty: "\u25CB", bot: "\u2699" };

function seatState(seat) {
  if (seat.kind !== "human") return "bot";
  if (seat.present) return "present";
  return seat.joined ? "joined" : "empty";
}

// what the dashboard's words call a table: its number in the class ("Tisch 3"), as the teacher, the
// projector view and the class report say it; its code only for a table an older server gave no number
// numbers count per lesson (the day the tables were set up): a table of an earlier lesson than the
// list's latest says its day beside its number ("Tisch 1 (21.11.)"), apart from this lesson's "Tisch 1"
function earlier(tb, S) {
  return !!S.lesson && /^\d{4}-\d{2}-\d{2}$/.test(tb.lesson || "") && tb.lesson < S.lesson;
}

function tableName(tb, t, S) {
  if (!tb.number) return t("tbl.by_code", { code: tb.code });
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(tb.lesson || "");
  // last week's table a student came back to, filed in this lesson under a new number: its old one beside it
  if (!day || !earlier(tb, S)) return tb.was ? t("tbl.number_was", { n: tb.number, was: tb.was }) : t("tbl.number", { n: tb.number });
  const date = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return t("tbl.number_then", { n: tb.number, date: date.toLocaleDateString(S.lang, { day: "numeric", month: "numeric" }) });
}

// the free seats of the class a student could be moved to (a seat for people nobody has joined)
function freeSeats(tables, t, S) {
  const out = [];
  for (const tb of tables) {
    if (tb.set_aside) continue;
    for (const seat of tb.seats) {
      if (seat.kind === "human" && !seat.joined) out.push({ table: tb.id, seat: seat.seat, label: t("tbl.move_to", { table: tableName(tb, t, S), n: seat.seat + 1 }) });
    }
  }
  return out;
}

function seatControls(tb, seat, free, t, send, S) {
  if (seat.kind !== "human" || !seat.joined) return null;
  const where = `${tb.id}:${seat.seat}`;
  const choices = free.filter((f) => !(f.table === tb.id && f.seat === seat.seat));
  const move = h("select", { class: "cg-tb-move", "aria-label": `${t("tbl.move")} ${tableName(tb, t, S)}, ${seat.name || ""}`, dataset: { key: `move:${where}` } },
    h("option", { value: "" }, t("tbl.move")), choices.map((f) => h("option", { value: `${f.table}:${f.seat}` }, f.label)));
  move.addEventListener("change", () => {
    if (!move.value) return;
    const [table, to] = move.value.split(":");
    send({ type: "move", table: tb.id, seat: seat.seat, to_table: table, to_seat: Number(to), name: seat.name });
  });
  return h("span", { class: "cg-tb-controls" },
    button(t("tbl.release"), { class: "cg-btn cg-tb-release", dataset: { key: `release:${where}` },
      "aria-label": `${t("tbl.release")}: ${tableName(tb, t, S)}, ${t("player", { n: seat.seat + 1 })} ${seat.name || ""}` },
      () => send({ type: "release", table: tb.id, seat: seat.seat, name: seat.name })),  // who the teacher saw there
    choices.length ? move : null);
}

// A name too wide for its card is cut with "…"; its title shows it whole under a mouse, but a tablet
// shows no title: a tap (or Enter, Space) on the name shows it whole, wrapped inside the card, and
// another tap cuts it again. Which names are open is the page's own (S.shown), kept across redraws
// for as long as that student sits on that seat. <bdi>: a right-to-left name is laid out apart from
// the words and buttons beside it.
function nameButton(tb, seat, S) {
  const which = `${tb.id}:${seat.seat}:${seat.name}`;
  const open = S.shown.has(which);
  return h("button", { type: "button", class: "cg-tb-name", title: seat.name, "aria-expanded": String(open),
    dataset: { key: `name:${tb.id}:${seat.seat}` }, onclick: () => S.toggle(which) }, h("bdi", {}, seat.name));
}

function tableCard(tb, S, t, send, free) {
  const watching = S.watching === tb.id;
  const cp = tb.current_player;
  const seats = h("ol", { class: "cg-tb-seats", "aria-label": t("tbl.seats") }, tb.seats.map((seat) => {
    const state = seatState(seat);
    const turn = !tb.is_over && cp === seat.seat;
    const won = tb.is_over && (tb.winners || []).includes(seat.seat);
    return h("li", { class: `cg-tb-seat cg-tb-${state}${turn ? " cg-current" : ""}`, dataset: { seat: seat.seat, state } },
      h("span", { class: "cg-tb-mark", "aria-hidden": "true" }, SEAT_MARK[state]), " ",
      h("strong", {}, t("player", { n: seat.seat + 1 })), " ",
      seat.name ? [nameButton(tb, seat, S), " \u00B7 "] : null,
      state === "bot" ? t(`bot_${seat.kind}`) : state === "empty" && seat.held
        // released a moment ago: the seat waits a minute for that student's name (server's SEAT_HOLD)
        ? [t("tbl.seat_held"), " ", h("bdi", {}, seat.held)] : t(`tbl.seat_${state}`),
      turn ? h("span", { class: "cg-turn-mark" }, " \u25B6 ", t("to_move")) : null,
      won ? h("span", { class: "cg-turn-mark" }, " \u2605 ", t("winner")) : null,
      h("span", { class: "cg-score" }, ` \u2013 ${t("points_long", { n: (tb.scores || [])[seat.seat] ?? 0 })}`),
      seatControls(tb, seat, free, t, send, S));
  }));
  // moves as a teacher counts them (turns completed), never the engine's count of every action
  const status = tb.is_over ? t("tbl.over") : tb.ended ? t("tbl.ended") : t("tbl.moves", { n: tb.turns || 0 });
  const title = (tb.title && (tb.title[S.lang] || tb.title.en)) || tb.game;
  // why, as the server said it in each language (from its catalogs)
  const why = tb.set_aside && (typeof tb.set_aside === "string" ? tb.set_aside : tb.set_aside[S.lang] || tb.set_aside.en);
  const aside = tb.set_aside ? h("p", { class: "cg-notice cg-tb-aside", role: "alert" }, "\u26A0 ", t("tbl.set_aside", { why })) : null;
  return h("section", { class: `cg-tb-card${watching ? " cg-tb-watching" : ""}${tb.set_aside ? " cg-tb-setaside" : ""}`,
    dataset: { table: tb.id, code: tb.code, number: tb.number ?? "" },
    "aria-label": tb.number ? t("tbl.table_label_n", { table: tableName(tb, t, S), code: tb.code, game: title }) : t("tbl.table_label", { code: tb.code, game: title }) },
    // the table's number in the class beside its code: the class report names the table by it ("Tisch 3")
    h("div", { class: "cg-tb-head" },
      tb.number ? h("span", { class: "cg-tb-number" }, tableName(tb, t, S)) : null,
      tb.number ? h("span", { class: "cg-tb-sep", "aria-hidden": "true" }, "\u00B7") : null,
      h("div", { class: "cg-tb-code", "data-fit": "board", "aria-label": t("tbl.code_label", { code: tb.code.split("").join(" ") }) }, tb.code)),
    h("p", { class: "cg-tb-game" }, `${title} \u00B7 ${status}`),
    tb.locked ? h("p", { class: "cg-tb-locked" }, "\u26B7 ", t("tbl.locked")) : null,
    aside,
    seats,
    h("div", { class: "cg-tb-actions" },
      tb.set_aside ? null : button(watching ? t("tbl.unwatch") : t("tbl.watch"), { class: `cg-btn${watching ? "" : " cg-primary"}`,
        "aria-pressed": String(watching), "aria-label": `${watching ? t("tbl.unwatch") : t("tbl.watch")}: ${tableName(tb, t, S)}`,
        dataset: { key: `watch:${tb.id}` } },
        () => send(watching ? { type: "unwatch" } : { type: "watch", table: tb.id })),
      // each button names its table: a screen reader tells the tables' buttons apart
      // a table whose stored record does not read has nothing to lock or to give a new code
      tb.damaged ? null : button(tb.locked ? t("tbl.unlock") : t("tbl.lock"), { class: "cg-btn", "aria-pressed": String(!!tb.locked),
        "aria-label": `${tb.locked ? t("tbl.unlock") : t("tbl.lock")}: ${tableName(tb, t, S)}`,
        dataset: { key: `lock:${tb.id}` } }, () => send({ type: "lock", table: tb.id, locked: !tb.locked })),
      tb.damaged ? null : button(t("tbl.new_code"), { class: "cg-btn", "aria-label": `${t("tbl.new_code")}: ${tableName(tb, t, S)}`, dataset: { key: `code:${tb.id}` } },
        () => send({ type: "code", table: tb.id })),
      // the end of the lesson: no more moves, the bots stop, the hands may be opened (a mis-click is undone)
      tb.is_over || tb.set_aside ? null : button(tb.ended ? t("tbl.resume") : t("tbl.end"), { class: "cg-btn", "aria-pressed": String(!!tb.ended),
        "aria-label": `${tb.ended ? t("tbl.resume") : t("tbl.end")}: ${tableName(tb, t, S)}`, dataset: { key: `end:${tb.id}` } },
        () => send({ type: "end", table: tb.id, ended: !tb.ended })),
      watching && (tb.is_over || tb.ended) ? button(t("tbl.open_hands"), { dataset: { key: `open:${tb.id}` } }, () => send({ type: "open_hands" })) : null));
}

function build(S, t, send) {
  const free = freeSeats(S.tables, t, S);
  const langs = h("div", { class: "cg-lang", role: "group", "aria-label": t("lang_label") },
    ["de", "en"].map((l) => button(l.toUpperCase(), { "aria-pressed": String(S.lang === l), "aria-label": t(`lang_${l}`),
      dataset: { key: `lang:${l}` } }, () => S.lang !== l && send({ type: "lang", lang: l }))));
  const notice = S.notice && S.notice.title ? h("p", { class: "cg-notice", role: "alert" }, S.notice.title) : null;
  const legend = h("p", { class: "cg-tb-legend cg-muted" }, ["present", "joined", "empty", "bot"].map((s) =>
    h("span", {}, `${SEAT_MARK[s]} ${s === "bot" ? t("tbl.seat_bot") : t(`tbl.seat_${s}`)}  `)));
  return h("div", { class: "cg-root cg-tb", lang: S.lang, dataset: { version: S.version } },
    h("div", { class: "cg-header" }, h("h2", {}, t("tbl.title", { n: S.tables.length })),
      h("span", { class: "cg-muted cg-tb-stamp", role: "status" }, S.updated ? t("tbl.updated", { time: S.updated }) : ""),
      button(t("tbl.refresh"), { dataset: { key: "refresh" } }, () => send({ type: "refresh" })), langs),
    notice,
    h("p", { class: "cg-tb-how" }, t("tbl.how", { server: S.server })),
    // this lesson's tables first (on the projector without scrolling past last week's), then the
    // earlier lessons' (each with its day), each group in the order the tables were set up
    h("div", { class: "cg-tb-grid", "data-fit": "hand" }, [...S.tables.filter((tb) => !earlier(tb, S)),
      ...S.tables.filter((tb) => earlier(tb, S))].map((tb) => tableCard(tb, S, t, send, free))),
    legend);
}

// Draw the new list over the old one, keeping every part that did not change: a card whose table
// did not change stays the same element, so a select the teacher has open stays open, the focus and
// a screen reader's place stay where they are, and nothing the teacher is reading is swapped under
// them. Only elements equal to their new drawing are kept (isEqualNode: tag, attributes, text), so
// their click handlers act on the same table, seat and name the new drawing would.
function patch(old, fresh) {
  if (!old || old.tagName !== fresh.tagName || old.childNodes.length !== fresh.childNodes.length) {
    if (old) old.replaceWith(fresh);
    return fresh;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of [...fresh.attributes]) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  const pairs = [...fresh.childNodes].map((node, i) => [old.childNodes[i], node]);
  for (const [was, now] of pairs) {
    if (was.isEqualNode(now)) continue;
    // the list and the root hold no handlers of their own: their children are compared one by one
    if (now.nodeType === 1 && now.classList.contains("cg-tb-grid")) patch(was, now);
    else was.replaceWith(now);
  }
  return old;
}

function render({ model, el }) {
  scopeElement(model, el);  // the dashboard's styles apply inside el only
  const freeKeys = keepKeysInside(el);  // the dashboard's keys stay here, Ctrl+S still saves
  const send = (msg) => model.send({ ...msg, version: model.get("version") });
  const shown = new Set();  // the names shown whole (nameButton): the page's own, never sent to Python
  const toggle = (which) => { if (!shown.delete(which)) shown.add(which); draw(); };
  const draw = () => {
    const S = { tables: model.get("tables") || [], ui: model.get("ui"), lang: model.get("lang"), watching: model.get("watching"),
      notice: model.get("notice"), version: model.get("version"), updated: model.get("updated"), server: model.get("server"),
      shown, toggle };
    S.lesson = S.tables.reduce((latest, tb) => (tb.lesson && tb.lesson > latest ? tb.lesson : latest), "");
    const key = document.activeElement && el.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const fresh = build(S, translator(S.ui, S.lang), send);
    if (el.firstElementChild && el.childNodes.length === 1) patch(el.firstElementChild, fresh);
    else el.replaceChildren(fresh);
    if (key && !el.contains(document.activeElement)) {  // its element was drawn anew: the same control takes the focus
      const again = el.querySelector(`[data-key="${key}"]`); if (again) again.focus({ preventScroll: true });
    }
  };
  // the projector view opens above the list (Python puts it there): bring it into sight
  const watched = () => { if (model.get("watching")) requestAnimationFrame(() => { const box = el.closest(".cg-tb-dashboard") || el.parentElement; if (box && box.scrollIntoView) box.scrollIntoView({ block: "start" }); }); };
  // the time of the last answer changes alone (the list is drawn again only when it changed)
  const stamp = () => { const s = el.querySelector(".cg-tb-stamp"); const when = model.get("updated");
    if (s) s.textContent = when ? translator(model.get("ui"), model.get("lang"))("tbl.updated", { time: when }) : ""; };
  model.on("change:version", draw);
  model.on("change:updated", stamp);
  model.on("change:watching", watched);
  draw();
  return () => { model.off("change:version", draw); model.off("change:updated", stamp); model.off("change:watching", watched); freeKeys(); };
}

export default { render };
