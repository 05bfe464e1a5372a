// The search bot at the table: its explanation under its move, "What would the bot do?"
// on a person's turn, and which bot (and level) plays each bot seat. Texts come from Python.
import { h, button, translator } from "./dom.js";

// bot: {title, steps: [{text}]}, the bot's reason as Python made it from its own numbers
export function botNote(bot, t, heading) {
  const steps = (bot.steps || []).map((s) => h("li", {}, s.text));
  return h("div", { class: "cg-bot-note", dataset: { key: "bot-note" } },
    h("p", {}, h("span", { class: "cg-mark", "aria-hidden": "true" }, "\u2699 "), h("strong", {}, `${heading || t("bot_why")}: `), bot.title),
    steps.length ? h("details", {}, h("summary", {}, t("bot_how")), h("ul", { class: "cg-steps" }, steps)) : null);
}

// The box at the top of the explanation column (mount.js puts it there for every game).
export function botBox(S, send) {
  const t = translator(S.ui, S.lang);
  const v = S.view || {};
  const seats = S.seats || [];
  const panel = S.panel || {};
  const kinds = ["random", "greedy", "search:easy", "search:medium", "search:hard"];
  const mayAsk = !v.is_over && (S.legal || []).length > 0;
  const botSeats = seats.map((k, p) => [k, p]).filter(([k]) => k !== "human");
  if (!mayAsk && !botSeats.length && !panel.advice) return null;
  const choose = botSeats.map(([k, p]) => {
    const id = `cg-seat-kind-${p}`;
    const select = h("select", { id, class: "cg-seat-kind", dataset: { key: `seat_kind:${p}` },
      onchange: (ev) => send({ type: "seat_kind", seat: p, kind: ev.currentTarget.value }) },
      kinds.map((kind) => h("option", { value: kind, selected: kind === k }, t(`bot_${kind}`))));
    const said = (panel.bot_notes || []).find((n) => n.seat === p);
    return h("div", { class: "cg-seat-row", dataset: { seat: p } },
      h("label", { class: "cg-seat-choice", for: id }, `${t("seat_kind_label", { n: p + 1 })} `, select),
      said ? botNote(said.note, t, t("bot_why_seat", { n: p + 1 })) : null);
  });
  return h("section", { class: "cg-bots", "aria-label": t("bots_title"), dataset: { key: "bots" } },
    choose.length ? h("div", { class: "cg-seat-choices" }, choose) : null,
    mayAsk ? button(`\u2699 ${t("advice_button")}`, { class: "cg-btn cg-advice", dataset: { key: "advice" },
      title: t("advice_button_label") }, () => send({ type: "advice" })) : null,
    panel.advice ? h("div", { class: "cg-advice-box", role: "status" },
      botNote(panel.advice, t, t("advice_title")),
      (S.hints || []).length ? h("p", { class: "cg-muted" }, t("advice_play")) : null) : null);
}
