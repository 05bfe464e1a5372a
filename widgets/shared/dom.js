// Small DOM helpers shared by every game view. No dependencies, no network.

export const MATHML_NS = "http://www.w3.org/1998/Math/MathML";

// The widget's stylesheet applies only inside an element of this class (chemgames/widgets/frontend.py
// scopes every rule to it: anywidget puts a class's CSS into the page's <head>, where it would reach
// every other widget on the JupyterLab page). The class is named after the synced _anywidget_id
// ("module.Class"), so the table widget's rules never reach the local game of the same kind.
export function scopeClass(model) {
  return "cg-w-" + String(model.get("_anywidget_id") || "").replace(/[^A-Za-z0-9_-]/g, "-");
}

export function scopeElement(model, el) {
  el.classList.add(scopeClass(model));
}

// A cell that shows a view also keeps, as a second output, what it shows in words (Python's display: the hand-in
// note, chemgames/widgets/handin.py; a game's name, turn and points, GameWidget.words): a notebook opened again has
// lost the view with the Python that drew it, not the words. Beside a live view the words are hidden: el is marked
// with viewClass and a rule on the page, put there once, hides the output area's wordsClass (the widget's own styles
// reach only inside its element).
export function wordsBesideView(el, viewClass, wordsClass) {
  el.classList.add(viewClass);
  const id = `${wordsClass}-rule`;
  if (document.getElementById(id)) return;
  document.head.append(h("style", { id }, `.jp-OutputArea:has(.${viewClass}) .${wordsClass} { display: none; }`));
}

// Keys pressed inside a view (arrows, Enter, Space, the letters and digits the games bind) belong to
// the view, not to JupyterLab's command mode ("b" adds a cell, "1" makes a heading, arrows move the
// cell selection). Two locks: Lumino's matcher stops at an element with data-lm-suppress-shortcuts,
// and a plain key stops at el after the view's own handlers (on the elements inside) have seen it,
// because command-mode bindings match the focused button itself (":focus") before the attribute is
// reached; JupyterLab 4 listens on the document in the bubbling phase.
// The notebook's own keys must still work from inside a game, as from any other output: the
// attribute stops EVERY binding that sits outside el, so a host key (hostKey: Shift+Enter runs the
// cell and moves on, Ctrl/Cmd+S saves, Ctrl+Shift+C opens the command palette ...) is sent again
// from el's parent, outside the lock, and JupyterLab runs its binding there; only when that copy
// was handled is the original cancelled (else the host, say VS Code, keeps it, and JupyterLab's
// bindings that match the focused element itself, Ctrl+Enter and Alt+Enter, still see it).
// Cancelling matters: Shift+Enter on a card button would also click the card. In a text field
// only the keys that leave or run (Shift/Ctrl/Alt+Enter, Ctrl+S) go out: its Ctrl+Z, Ctrl+A, AltGr
// letters are the field's. Escape is the game's first (Räum-Ab! drops the chosen card), so it is
// decided after the view's handlers: not taken there, it goes to JupyterLab (closes the search bar)
// and, if nothing took it there either, hands the focus to the nearest focusable element around
// the view, in JupyterLab the cell in command mode, as Escape leaves a cell's editor.
// Returns the function that removes the listener.
export function keepKeysInside(el) {
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const keep = (ev) => {
    if (ev.key === "Escape" && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      setTimeout(() => { if (!ev.defaultPrevented && !sendOut(el, ev)) leaveView(el); });
      return;
    }
    if (!hostKey(ev)) { ev.stopPropagation(); return; }
    if (editable(ev.target) && !runOrSaveKey(ev)) return;
    if (sendOut(el, ev)) { ev.preventDefault(); ev.stopPropagation(); }
  };
  el.addEventListener("keydown", keep);
  return () => el.removeEventListener("keydown", keep);
}

// A key that belongs to the notebook or the browser, never to a game: anything held with Ctrl, Alt
// or Cmd, and Shift+Enter (run the cell and move on). Escape is the game's first (keepKeysInside).
// hostKey({key: "Enter", shiftKey: true}) === true; hostKey({key: "Enter"}) === false
export function hostKey(ev) {
  return Boolean(ev.ctrlKey || ev.altKey || ev.metaKey || (ev.key === "Enter" && ev.shiftKey));
}

// Shift/Ctrl/Alt+Enter (run the cell) and Ctrl/Cmd+S with or without Shift (save, save as): these go
// to the notebook even from a text field
function runOrSaveKey(ev) {
  if (ev.key === "Enter") return true;
  return (ev.ctrlKey || ev.metaKey) && !ev.altKey && (ev.key === "s" || ev.key === "S" || ev.keyCode === 83);
}

function editable(node) {
  return Boolean(node && (["INPUT", "TEXTAREA", "SELECT"].includes(node.tagName) || node.isContentEditable));
}

// Sends a copy of the keydown ev from el's parent (outside data-lm-suppress-shortcuts); true when a
// listener there took it (JupyterLab ran a command).
function sendOut(el, ev) {
  const out = el.parentElement;
  if (!out) return false;
  const keyCode = ev.keyCode || (ev.key === "s" || ev.key === "S" ? 83 : 0);
  const again = new KeyboardEvent("keydown", { key: ev.key, code: ev.code, keyCode, which: keyCode, location: ev.location,
    ctrlKey: ev.ctrlKey, metaKey: ev.metaKey, shiftKey: ev.shiftKey, altKey: ev.altKey,
    bubbles: true, cancelable: true, composed: true });
  // Lumino reads keyCode alone; a browser without it in KeyboardEventInit gets it as a property
  if (again.keyCode !== keyCode) Object.defineProperty(again, "keyCode", { get: () => keyCode });
  return !out.dispatchEvent(again);
}

// The focus leaves the view for the nearest focusable element around it (JupyterLab: the cell, in
// command mode), or is simply given up where there is none.
function leaveView(el) {
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node.tabIndex >= 0 && node !== document.body) { node.focus({ preventScroll: true }); return; }
  }
  const active = el.getRootNode().activeElement || document.activeElement;
  if (active && el.contains(active)) active.blur();
}

// A game's shortcut is the key alone: with Ctrl, Alt or Cmd held it belongs to the browser, the
// system or JupyterLab (Ctrl+H history, Ctrl+U page source, Ctrl+plus zoom, Ctrl+S save), and
// Shift+Enter runs the cell (see keepKeysInside), never the game's. Shift may be part of a game key.
// isPlainKey({key: "h"}) === true; isPlainKey({key: "h", ctrlKey: true}) === false
export function isPlainKey(ev) {
  return !hostKey(ev);
}

// Wraps a view's keydown handler so it sees only plain keys: el.addEventListener("keydown", gameKey(f))
export function gameKey(handler) {
  return (ev) => { if (isPlainKey(ev)) return handler(ev); };
}

// h("button", {class: "x", onclick: f, "aria-pressed": "true"}, "text", child, ...)
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  appendAll(el, children);
  return el;
}

export function appendAll(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

// The UI catalog comes from Python (chemgames/widgets/catalog/<lang>.json). An entry is a text or,
// where a count decides the wording, an object of CLDR plural categories chosen by the browser's
// Intl.PluralRules: {"count": "n", "one": "{n} Karte", "other": "{n} Karten"} ("count" names the
// parameter; without it the only numeric parameter counts). Same shape as the Python catalogs.
export function pluralText(entry, lang, params) {
  if (typeof entry !== "object" || entry === null) return entry;
  const nums = Object.values(params || {}).filter((v) => typeof v === "number");
  const n = entry.count !== undefined ? (params || {})[entry.count] : nums.length === 1 ? nums[0] : undefined;
  const category = typeof n === "number" ? new Intl.PluralRules(lang).select(Math.abs(n)) : "other";
  return entry[category] !== undefined ? entry[category] : entry.other;
}

// Every number a student reads goes through here, as every one Python writes goes through
// chemgames.core.i18n: the locale's notation (decimal comma in German), a negative number with the
// minus sign U+2212 (CLDR, and so Intl, gives German and English the keyboard's hyphen: the seat bar
// said "-3 Punkte"), plus: "+" before a positive one (a charge, a change); none where it reads zero.
// digits: fixed decimals; without them a whole number is written as it is, ungrouped (a game's
// number, which a student types back), a fraction as the locale writes it.
// formatNumber(-3, "de") === "\u22123"; formatNumber(2.5, "de", 1, true) === "+2,5"
export function formatNumber(x, lang, digits, plus) {
  if (typeof x !== "number" || !Number.isFinite(x)) return "\u2013";
  const fixed = typeof digits === "number";
  const body = !fixed && Number.isInteger(x) ? String(Math.abs(x))
    : Math.abs(x).toLocaleString(lang || "en", fixed ? { minimumFractionDigits: digits, maximumFractionDigits: digits } : {});
  if (!/[1-9]/.test(body)) return body;
  return (x < 0 ? "\u2212" : plus && x > 0 ? "+" : "") + body;
}

// A touch screen (a tablet: the primary pointer is a finger) reads instructions for fingers: a
// catalog entry "key@touch" replaces "key" there ("Tippe eine Karte an" instead of "Zeige auf eine
// Karte (oder … Tabulatortaste)"). A laptop with a touch screen keeps its mouse texts.
export function touchScreen() {
  try { return window.matchMedia("(pointer: coarse)").matches; } catch (e) { return false; }
}

export function translator(ui, lang) {
  const touch = touchScreen();
  return (key, params) => {
    const own = touch && ui && ui[`${key}@touch`] !== undefined ? `${key}@touch` : key;
    const entry = ui && ui[own] !== undefined ? ui[own] : key;
    let text = pluralText(entry, lang || "en", params);
    for (const [k, v] of Object.entries(params || {})) {
      text = text.split(`{${k}}`).join(typeof v === "number" ? formatNumber(v, lang || "en") : String(v));
    }
    return text;
  };
}

// A charge or a change with its sign: "+2", "\u22121", "0"
export function signed(n, lang) {
  return formatNumber(n, lang, undefined, true);
}

export function button(label, attrs, onclick) {
  return h("button", { type: "button", class: "cg-btn", ...attrs, onclick }, label);
}

// MathML from the engine is rebuilt element by element from a whitelist, so no markup other than
// presentation MathML (and no attribute but a few harmless ones) can reach the page.
const MATH_TAGS = new Set(["math", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msub", "msup",
  "msubsup", "mfrac", "msqrt", "mroot", "munder", "mover", "munderover", "mstyle", "mpadded", "mphantom",
  "mtable", "mtr", "mtd", "mfenced", "semantics", "annotation"]);
const MATH_ATTRS = new Set(["display", "mathvariant", "stretchy", "fence", "separator", "lspace", "rspace",
  "accent", "accentunder", "columnalign", "open", "close", "separators", "linethickness", "form"]);

export function mathNode(markup) {
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><body>${markup}</body>`, "text/html");
  const copy = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent);
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const tag = node.localName;
    if (!MATH_TAGS.has(tag)) return null;
    const out = document.createElementNS(MATHML_NS, tag);
    for (const a of node.attributes) if (MATH_ATTRS.has(a.name)) out.setAttribute(a.name, a.value);
    for (const c of node.childNodes) { const k = copy(c); if (k) out.append(k); }
    return out;
  };
  const root = doc.body.firstElementChild;
  return root && root.localName === "math" ? copy(root) : null;
}

// A formula wider than its column scrolls sideways: then the keyboard must reach it (axe-core's
// scrollable-region-focusable), so it joins the tab order; one that fits stays out of it.
export function focusWideFormulas(el) {
  for (const m of el.querySelectorAll(".cg-math")) {
    if (m.scrollWidth > m.clientWidth + 1) m.tabIndex = 0;
    else m.removeAttribute("tabindex");
  }
}

// Re-rendering replaces the DOM; keep the keyboard focus on the control with the same data-key
// (or, if it is gone, on the first control of the same group) so keyboard play is not disrupted.
export function focusedKey(el) {
  const active = el.getRootNode().activeElement || document.activeElement;
  return active && el.contains(active) && active.dataset ? active.dataset.key || null : null;
}

export function restoreFocus(el, key) {
  if (!key) return;
  const all = [...el.querySelectorAll("[data-key]")];
  const same = all.find((x) => x.dataset.key === key && !x.disabled);
  const group = key.split(":")[0];
  const target = same || all.find((x) => x.dataset.key.split(":")[0] === group && !x.disabled)
    || el.querySelector("[data-key='board']");
  if (target) target.focus({ preventScroll: true });
}

// A hand-in of the learning record sent by Python (base64) as a download (mount.js, handin.js): a blob: URL of
// this page, clicked at once (the click on the button a moment ago lets the browser download it); {name, url,
// shown: the view's version that links it}.
export function handInFile(el, name, data) {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  const a = h("a", { href: url, download: name, hidden: true });
  el.append(a);
  a.click();
  a.remove();
  return { name, url, shown: null };
}
