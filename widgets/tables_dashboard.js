// The teacher's dashboard of a class's tables: each table's join code, large enough to read from the
// back of the room, its seats (joined, connected, empty, a bot: a word and a symbol each, never a
// colour alone), whose turn, the scores; "Watch" opens the table's projector view below (a game
// widget Python puts beside this one). Python polls the server; every trait is written by Python.
import { h, button, translator } from "./shared/dom.js";

const SEAT_MARK = { present: "\u25CF", joined: "\u25D0", empty: "\u25CB", bot: "\u2699" };

function seatState(seat) {
  if (seat.kind !== "human") return "bot";
  if (seat.present) return "present";
  return seat.joined ? "joined" : "empty";
}

function tableCard(tb, S, t, send) {
  const watching = S.watching === tb.id;
  const cp = tb.current_player;
  const seats = h("ol", { class: "cg-tb-seats", "aria-label": t("tbl.seats") }, tb.seats.map((seat) => {
    const state = seatState(seat);
    const turn = !tb.is_over && cp === seat.seat;
    const won = tb.is_over && (tb.winners || []).includes(seat.seat);
    return h("li", { class: `cg-tb-seat cg-tb-${state}${turn ? " cg-current" : ""}`, dataset: { seat: seat.seat, state } },
      h("span", { class: "cg-tb-mark", "aria-hidden": "true" }, SEAT_MARK[state]), " ",
      h("strong", {}, t("player", { n: seat.seat + 1 })), " ",
      state === "bot" ? t(`bot_${seat.kind}`) : t(`tbl.seat_${state}`),
      turn ? h("span", { class: "cg-turn-mark" }, " \u25B6 ", t("to_move")) : null,
      won ? h("span", { class: "cg-turn-mark" }, " \u2605 ", t("winner")) : null,
      h("span", { class: "cg-score" }, ` \u2013 ${t("points_long", { n: (tb.scores || [])[seat.seat] ?? 0 })}`));
  }));
  const status = tb.is_over ? t("tbl.over") : t("tbl.moves", { n: tb.version || 0 });
  return h("section", { class: `cg-tb-card${watching ? " cg-tb-watching" : ""}`, dataset: { table: tb.id, code: tb.code },
    "aria-label": t("tbl.table_label", { code: tb.code, game: tb.game }) },
    h("div", { class: "cg-tb-code", "data-fit": "board", "aria-label": t("tbl.code_label", { code: tb.code.split("").join(" ") }) }, tb.code),
    h("p", { class: "cg-tb-game" }, `${tb.game} \u00B7 ${status}`),
    seats,
    button(watching ? t("tbl.unwatch") : t("tbl.watch"), { class: `cg-btn${watching ? "" : " cg-primary"}`,
      "aria-pressed": String(watching), dataset: { key: `watch:${tb.id}` } },
      () => send(watching ? { type: "unwatch" } : { type: "watch", table: tb.id })),
    watching && tb.is_over ? button(t("tbl.open_hands"), { dataset: { key: `open:${tb.id}` } }, () => send({ type: "open_hands" })) : null);
}

function build(S, t, send) {
  const langs = h("div", { class: "cg-lang", role: "group", "aria-label": t("lang_label") },
    ["de", "en"].map((l) => button(l.toUpperCase(), { "aria-pressed": String(S.lang === l), "aria-label": t(`lang_${l}`),
      dataset: { key: `lang:${l}` } }, () => S.lang !== l && send({ type: "lang", lang: l }))));
  const notice = S.notice && S.notice.title ? h("p", { class: "cg-notice", role: "alert" }, S.notice.title) : null;
  const legend = h("p", { class: "cg-tb-legend cg-muted" }, ["present", "joined", "empty", "bot"].map((s) =>
    h("span", {}, `${SEAT_MARK[s]} ${s === "bot" ? t("tbl.seat_bot") : t(`tbl.seat_${s}`)}  `)));
  return h("div", { class: "cg-root cg-tb", lang: S.lang, dataset: { version: S.version } },
    h("div", { class: "cg-header" }, h("h3", {}, t("tbl.title", { n: S.tables.length })),
      h("span", { class: "cg-muted", role: "status" }, S.updated ? t("tbl.updated", { time: S.updated }) : ""),
      button(t("tbl.refresh"), { dataset: { key: "refresh" } }, () => send({ type: "refresh" })), langs),
    notice,
    h("p", { class: "cg-tb-how" }, t("tbl.how", { server: S.server })),
    h("div", { class: "cg-tb-grid", "data-fit": "hand" }, S.tables.map((tb) => tableCard(tb, S, t, send))),
    legend);
}

function render({ model, el }) {
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const keep = (ev) => { if (!(ev.ctrlKey || ev.metaKey || ev.altKey || ev.key === "Escape" || (ev.key === "Enter" && ev.shiftKey))) ev.stopPropagation(); };
  el.addEventListener("keydown", keep);
  const send = (msg) => model.send({ ...msg, version: model.get("version") });
  const draw = () => {
    const S = { tables: model.get("tables") || [], ui: model.get("ui"), lang: model.get("lang"), watching: model.get("watching"),
      notice: model.get("notice"), version: model.get("version"), updated: model.get("updated"), server: model.get("server") };
    const key = document.activeElement && el.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    el.replaceChildren(build(S, translator(S.ui, S.lang), send));
    if (key) { const again = el.querySelector(`[data-key="${key}"]`); if (again) again.focus(); }
  };
  model.on("change:version", draw);
  draw();
  return () => { model.off("change:version", draw); el.removeEventListener("keydown", keep); };
}

export default { render };
