// The render loop every game view shares: read the synced traits, rebuild the view on each new
// version while keeping the keyboard focus, and ask Python for a bot's move after a pause that the
// players can see (Python checks the version, so a stale request does nothing).
import { focusedKey, focusWideFormulas, h, handInFile, keepKeysInside, restoreFocus, scopeElement, translator, wordsBesideView } from "./dom.js";
import { fitHeader, largeMode, offerBox, oneRow, sinceBox } from "./frame.js";
import { botBox } from "./bot.js";

const NO_ANSWER_MS = 6000; // far above a move's answer even on a loaded laptop (well under 1 s)

export const TRAITS = ["view", "cards", "hands", "legal", "hints", "panel", "ui", "lang", "seats", "seat",
  "open_hands", "bot_delay", "version", "game_no", "saving"];

export function readTraits(model) {
  return Object.fromEntries(TRAITS.map((n) => [n, model.get(n)]));
}

// build(S, send, draw) -> the view's root node; opts.onVersion() runs before a new version is drawn.
// Returns {draw, send, stop}; stop() is what anywidget's render() returns.
export function mountGame(model, el, build, opts) {
  scopeElement(model, el);  // the widget's styles apply inside el only
  // the cell's second output, the game in words (GameWidget.words), is for a notebook opened again (dom.js)
  wordsBesideView(el, "cg-game-view", "cg-game-words");
  // the game's keys stay in the game, JupyterLab's save (Ctrl/Cmd+S) still works (dom.js)
  const freeKeys = keepKeysInside(el);
  let botTimer = null;
  let botFor = -1;
  let drawn = -1; // the version of the view on screen: every message names it, and Python ignores
  // a message made on an older view (a double click cannot act twice)
  // Python answers every message with a newer view. None after NO_ANSWER_MS: the kernel was restarted
  // (the view stays on screen, its Python object is gone) or is busy with another cell. The view says
  // so beside its status line; a click that silently did nothing was a first lesson's puzzle.
  // At a class table Python says at once that it has the message ("table_wait", widgets/table.py)
  // and passes it on to the table server, which may answer later under a school's load: the notice
  // then says that, as a status, and not that Python is gone (a student who ran the cells again lost
  // the seat's view while the move was on its way).
  let waiting = null;
  let onTable = false;
  const silent = () => {
    waiting = null;
    const t = translator(model.get("ui"), model.get("lang"));
    const note = onTable ? h("p", { class: "cg-no-answer cg-table-slow", role: "status" }, t("table_slow"))
      : h("p", { class: "cg-no-answer", role: "alert" }, `\u26A0 ${t("no_answer")}`);
    const status = el.querySelector(".cg-status");
    if (status) status.after(note); else el.prepend(note);
  };
  // the learning record's hand-in ("Abgeben"): downloaded at once, and linked beside the button in the view that
  // answers it (a browser that held the download back); the file lives in this page's memory only (a blob: URL,
  // never a trait: a saved notebook carries no copy) and is dropped with the next view, so no old file is offered
  let handedIn = null;
  const heard = (msg) => {
    if (msg && msg.type === "table_wait" && waiting !== null) onTable = true;
    if (msg && msg.type === "hand_in_file") {
      if (handedIn) URL.revokeObjectURL(handedIn.url);
      handedIn = handInFile(el, msg.name, msg.data);
    }
  };
  model.on("msg:custom", heard);
  let asked = false; // this view sent a message: a notice in the next view answers the player
  let askedBy = null; // the data-key of the control that sent it (focused by the click or tap), if any
  const send = (msg) => {
    if (!asked) askedBy = focusedKey(el);
    asked = true;
    if (waiting === null) { onTable = false; waiting = setTimeout(silent, NO_ANSWER_MS); }
    try {
      model.send({ ...msg, version: drawn });
    } catch (err) { // a closed comm may throw: say it now
      clearTimeout(waiting);
      silent();
    }
  };
  // one live region for the whole life of the view (a region rebuilt on every draw is not read
  // out reliably): it announces each new move and each refusal once, politely
  const live = h("div", { class: "cg-sr-only cg-announce", role: "log", "aria-live": "polite", "aria-atomic": "true" });
  let said = null;
  let largeOverride = null; // set by the "Beamer" button when the browser cannot store the choice
  // Beamer mode's zoom: LARGE, or less where what the player must reach would leave the window (fitLarge); within one
  // width of the widget it only ever shrinks, so the game does not jump in size from one turn to the next
  let zoom = LARGE;
  let tight = false;  // the tight layout (fitLarge), likewise kept within one width and mode once taken
  const fitView = (root) => {
    const large = el.classList.contains("cg-large");
    const fit = fitLarge(root, large ? zoom : null, tight);
    let z = fit.zoom;
    tight = fit.tight;
    fitHeader(root);
    // a header still on two rows with its symbols alone (a 1024 px projector): smaller, down to 100 %
    const header = root.querySelector(".cg-header");
    const before = z;
    while (large && header && z > 1 && !oneRow(header)) {
      z = Math.max(1, Math.floor(z * 92) / 100);
      root.style.zoom = String(z);
      fitHeader(root);
    }
    if (large && z !== before) fillRoom(root, z);
    if (large) zoom = z;
  };
  const onLarge = (ev) => { largeOverride = ev.detail; zoom = LARGE; tight = false; draw(); };
  el.addEventListener("cg-large", onLarge);
  // "Abgeben" without a typed name: a field for it under the header, kept across redraws until sent
  let askName = false;
  let nameTyped = "";  // what is in the field, kept when a bot's move redraws the view
  const onAsk = () => { askName = true; draw(); const field = el.querySelector(".cg-hand-in-name input"); if (field) field.focus(); };
  el.addEventListener("cg-hand-in-ask", onAsk);
  const draw = () => {
    const S = readTraits(model);
    drawn = S.version;
    clearTimeout(waiting); // answered (the notice goes with the old view)
    waiting = null;
    const key = focusedKey(el);
    const news = announcement(S);
    if (news !== null && news !== said) live.textContent = news;
    said = news;
    el.classList.toggle("cg-large", largeOverride === null ? largeMode() : largeOverride);
    const root = build(S, send, draw);
    const bots = botBox(S, send); // the bots' seats, "What would the bot do?" and its advice
    if (bots) (root.querySelector(".cg-aside") || root).prepend(bots);
    // the shared "since your last move" box, unless the game says it in its own words ([data-own-since])
    const since = root.querySelector("[data-own-since]") ? null : sinceBox(S);
    if (since) (root.querySelector(".cg-aside") || root).prepend(since);
    // the offer to continue a saved game: first in the column beside the board (without one, under the header)
    const offer = offerBox(S, send);
    const aside = root.querySelector(".cg-aside");
    if (offer && aside) aside.prepend(offer);
    else if (offer) (root.querySelector(".cg-header") || root.firstChild).after(offer);
    if (handedIn && handedIn.shown !== null && handedIn.shown !== S.version) {
      URL.revokeObjectURL(handedIn.url);  // a newer view: the record has moved on
      handedIn = null;
    }
    const saving = S.saving || {};
    if (askName && saving.hand_in && !saving.hand_in.name) {
      const t = translator(S.ui, S.lang);
      const field = h("input", { type: "text", maxlength: 40, autocomplete: "off", name: "cg-hand-in-name",
        placeholder: t("hand_in_name_hint"), dataset: { key: "hand_in_name" }, oninput: (ev) => { nameTyped = ev.target.value; } });
      field.value = nameTyped;
      const form = h("form", { class: "cg-hand-in-name", onsubmit: (ev) => {
        ev.preventDefault();
        const typed = field.value.trim();
        if (!typed) { field.focus(); return; }
        askName = false;
        send({ type: "hand_in", name: typed });
      } }, h("label", {}, `${t("hand_in_name")}: `, field), " ",
      h("button", { type: "submit", class: "cg-btn cg-primary", dataset: { key: "hand_in_send" } }, t("hand_in_send")));
      const header = root.querySelector(".cg-header");
      if (header) header.after(form); else root.prepend(form);
    } else if (saving.hand_in && saving.hand_in.name) askName = false;
    // in the notice that says it was handed in (the header stays as wide as before: a tablet's row is full)
    const where = root.querySelector(".cg-notice .cg-expl") || root.querySelector('[data-key="hand_in"]');
    if (handedIn && where) {
      handedIn.shown = S.version;
      const t = translator(S.ui, S.lang);
      const link = h("a", { class: "cg-btn cg-hand-in-file", href: handedIn.url, download: handedIn.name,
        dataset: { key: "hand_in_file" }, title: t("hand_in_again_label", { file: handedIn.name }),
        "aria-label": t("hand_in_again_label", { file: handedIn.name }) }, t("hand_in_again"));
      if (where.matches("button")) where.after(link); else where.append(h("p", {}, link));
    }
    el.replaceChildren(root, live);
    fitView(root);
    if (asked) noticeInSight(root, translator(S.ui, S.lang), askedBy);
    asked = false;
    askedBy = null;
    focusWideFormulas(el);
    restoreFocus(el, key);
    const v = S.view || {};
    const cp = v.current_player;
    // The bot's pause: one timer for the version that asked for it. A newer view in which no bot is
    // to move (another view's timer played the bot, "Neues Spiel" in the pause) cancels it, and the
    // request names the version it was armed on, never a newer one drawn meanwhile: sent with the
    // newest version it asked for a bot's move in a human's turn (issue 26, "Kein Bot ist am Zug").
    const botDue = !v.is_over && cp !== null && cp !== undefined && (S.seats || [])[cp] !== "human";
    if (!botDue) {
      clearTimeout(botTimer);
      botFor = -1;
    } else if (botFor !== S.version) {
      clearTimeout(botTimer);
      const armed = S.version;
      botFor = armed;
      botTimer = setTimeout(() => model.send({ type: "bot", version: armed }), S.bot_delay);
    }
  };
  const onVersion = () => { if (opts && opts.onVersion) opts.onVersion(); draw(); };
  model.on("change:version", onVersion);
  draw();
  // a narrower window makes more formulas scroll (and a wider one fewer), may take the header's words, and gives
  // Beamer mode another zoom (measured afresh from LARGE)
  let width = el.clientWidth;
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    focusWideFormulas(el);
    if (el.clientWidth === width) return;  // a change of height alone (the zoom's own) changes nothing here
    width = el.clientWidth;
    zoom = LARGE;
    tight = false;
    const root = el.querySelector(":scope > .cg-root");
    if (root) fitView(root);
  });
  if (resized) resized.observe(el);
  return { draw, send, stop: () => {
    model.off("change:version", onVersion); model.off("msg:custom", heard); freeKeys(); clearTimeout(botTimer); clearTimeout(waiting);
    if (handedIn) URL.revokeObjectURL(handedIn.url);
    el.removeEventListener("cg-large", onLarge); el.removeEventListener("cg-hand-in-ask", onAsk);
    if (resized) resized.disconnect();
  } };
}

// What a player must reach in the first screen, once the widget's top is at the top of the notebook's part of the
// window (or the page's): the board's first row ([data-fit-row], marked by each game whose board belongs in the first
// screen), the cards of the player's hand and the move's main buttons (the hand and the buttons stand above or below
// the board), and what a game marks besides ([data-fit-reach]: Räum-Ab!'s free cards at the columns' feet). A box
// marked [data-fit-fill="min"] (Chromino's grid, panned inside) takes the room left under its top, min px at the least.
export const REACH = "[data-fit-row], [data-fit='hand'] button, .cg-main-actions button, [data-fit-reach]";

// Beamer mode: the widget LARGE times larger for the back of the room, but never so large that what the player must
// reach (REACH) leaves the window. On a projector's 1280 × 720 the zoom of 1.4 cut Metallurgie's first row of bricks
// at the window's foot (session 25), and Das Chemie-Kartenspiel's move buttons, Chemuno's hand and Räum-Ab!'s free
// cards (session 26); there the zoom is made smaller, in steps of 0.05, down to 100 % at the least (a smaller zoom is
// not always lower: at 780 px the explanation column moves beside the board and the hand takes more rows). At each
// zoom the game's own layout is tried first, then its tight one (class cg-fit-tight, which a game may define: Räum-Ab!
// packs its covered cards closer); the tight one also serves at 100 % (a 1024 × 768 tablet). ``from``: the zoom to
// start at (null: Beamer mode is off, 100 %), ``tight``: whether the tight layout was taken at that zoom before.
// Returns {zoom: the zoom set (null at 100 % without Beamer mode), tight: whether the tight layout is taken}.
export const LARGE = 1.4;

export function fitLarge(root, from, tight = false) {
  root.style.zoom = "";
  const large = from !== null && from !== undefined;
  const room = roomFor(root);
  let z = large ? from : 1;
  let t = !!tight;  // the tight layout taken before at this zoom and width: kept, so the view does not flip from turn to turn
  const header = root.querySelector(".cg-header");
  // what the player must reach in the room, and in Beamer mode above 100 % the header on one row (a zoom lowered for the
  // header after this fit moved the explanation column beside the board again: the move's buttons below the foot)
  const fits = () => reach(root, z) <= room && (!large || z <= 1 || !header || oneRow(header));
  for (;;) {
    if (large) root.style.zoom = String(z);
    root.classList.toggle("cg-fit-tight", t);
    fitHeader(root);  // the header on one row (with its symbols alone where its words would take two) before measuring
    if (fits()) break;
    if (!t) { t = true; continue; }
    if (z <= 1) break;  // at 100 % the tight layout stays, whatever is still below the foot
    t = false;
    z = Math.max(1, Math.round((z - 0.05) * 100) / 100);
  }
  if (large && z === LARGE) root.style.zoom = "";  // the stylesheet's own
  fillRoom(root, z);
  return { zoom: large ? z : null, tight: t };
}

// The height from the widget's top to the lowest bottom of what the player must reach (the window's pixels), a box
// that fills the room counted with its least height.
function reach(root, z) {
  const top = root.getBoundingClientRect().top;
  const bottoms = [...root.querySelectorAll(REACH)].map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0).map((r) => r.bottom);
  for (const e of root.querySelectorAll("[data-fit-fill]")) {
    const r = e.getBoundingClientRect();
    if (r.height > 0) bottoms.push(r.top + Number(e.dataset.fitFill) * z);
  }
  return bottoms.length ? Math.max(...bottoms) - top + 8 : 0;
}

// Each [data-fit-fill] box as high as the room left under its top (the widget's top at the top of the room), never
// higher than its stylesheet makes it nor lower than its least height (in its own, zoomed, pixels).
export function fillRoom(root, z) {
  const room = roomFor(root);
  const top = root.getBoundingClientRect().top;
  for (const e of root.querySelectorAll("[data-fit-fill]")) {
    e.style.height = "";
    e.style.minHeight = "";
    const r = e.getBoundingClientRect();
    if (!r.height) continue;
    const least = Number(e.dataset.fitFill);
    const px = Math.max(least, Math.min(r.height / z, (room - (r.top - top) - 8) / z));
    e.style.minHeight = `${least}px`;
    e.style.height = `${Math.floor(px)}px`;
  }
}

// The height the widget may take on screen: the window's, or less where a scrolling box around it (JupyterLab's
// notebook, under its tabs and toolbar and above its status bar) is lower.
function roomFor(root) {
  let room = window.innerHeight;
  for (let a = root.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    if ((s.overflowY === "auto" || s.overflowY === "scroll") && a.clientHeight > 0) room = Math.min(room, a.clientHeight);
  }
  return room;
}

// The answer to the player's own move in sight: the notice (a refusal, "Abgelehnt: …") stands at the
// top of the explanation column, which a game narrower than 780 px (a tablet with the file browser
// open) draws under the whole board, 300-1,300 px below the button just tapped; on a projector the
// column's top may have scrolled away. Then its headline is also shown, with a button to the whole
// explanation: in the board's flow under the part of the board the player just used (``askedBy``, the
// sending control's data-key) when it is in sight there, else at the foot of the window (position:
// fixed, held in the notebook's area by JupyterLab's containment). Screen readers have heard it from
// the live region already (aria-hidden).
export function noticeInSight(root, t, askedBy = null) {
  const notice = root.querySelector(".cg-notice .cg-expl");
  const title = notice && notice.querySelector(".cg-expl-title");
  if (!title || onTop(title)) return null;  // drawn, in the window, on top
  const board = root.querySelector(".cg-board") || root;
  const copy = title.cloneNode(true);
  copy.removeAttribute("class");
  // a tap on the headline puts it away; the next view drops it anyway
  const toast = h("div", { class: `cg-notice-toast cg-notice-toast-${notice.dataset.kind || "refused"}`, "aria-hidden": "true",
    onclick: (ev) => { if (ev.target === toast || copy.contains(ev.target)) toast.remove(); } }, copy,
    h("button", { type: "button", class: "cg-btn", tabindex: "-1", dataset: { key: "notice_show" },
      onclick: () => { toast.remove(); notice.scrollIntoView({ block: "nearest" }); } }, `\u2193 ${t("notice_show")}`));
  // First in the board's flow, right under the part of the board the player just used (the row of the
  // control that sent the move): there it covers nothing, where a headline at the window's foot hid
  // the last row under it (s22e measured ChemiX's element filter and Chemuno's seat choice under it)
  const used = askedBy ? [...board.querySelectorAll("[data-key]")].find((e) => e.dataset.key === askedBy) : null;
  let part = used;
  while (part && part.parentElement !== board) part = part.parentElement;
  if (part) {
    toast.classList.add("cg-notice-inline");
    part.after(toast);
    if (onTop(copy)) return toast;
    toast.remove();
    toast.classList.remove("cg-notice-inline");
  }
  // else at the foot of the notebook's area (position: fixed, held there by JupyterLab's containment)
  board.append(toast);
  toast.style.width = `${board.offsetWidth}px`;  // in the board's own (zoomed in Beamer mode) pixels
  return toast;
}

// Whether ``e`` is drawn in the window and on top at its first line's start (not clipped, not covered).
function onTop(e) {
  const r = e.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight) return false;
  const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + Math.min(r.height / 2, 10));
  return !!hit && (e.contains(hit) || hit.contains(e));
}

// What a screen reader should hear after a redraw: the refusal or notice, else the last move
// (who and what), computed from the panel Python sent; null when there is nothing.
export function announcement(S) {
  const panel = S.panel || {};
  const t = translator(S.ui, S.lang);
  if (panel.notice && panel.notice.title) return panel.notice.title;
  const last = panel.last;
  if (!last || !last.title) return null;
  const who = panel.last_player !== null && panel.last_player !== undefined ? t("last_by", { n: panel.last_player + 1 }) : t("last");
  return `${who}: ${last.title}${last.points ? ` (${last.points})` : ""}`;
}

