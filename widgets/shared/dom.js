// Small DOM helpers shared by every game view. No dependencies, no network.

export const MATHML_NS = "http://www.w3.org/1998/Math/MathML";

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

// The UI catalog comes from Python (chemgames/widgets/catalog/<lang>.json).
// A key with "_one" beside it (hand_size_one) is used when params.n is 1: "1 card", "2 cards".
export function translator(ui) {
  return (key, params) => {
    const one = params && params.n === 1 && ui && ui[`${key}_one`] !== undefined ? `${key}_one` : key;
    let text = ui && ui[one] !== undefined ? ui[one] : key;
    for (const [k, v] of Object.entries(params || {})) text = text.split(`{${k}}`).join(String(v));
    return text;
  };
}

export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
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
