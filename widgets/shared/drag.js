// Drag and drop in every game that drags (ChemiX Classic, Chromino), for the mouse and for a finger.
//
// dragSource(el, data, onStart): a card (a stack, a tile) that may be picked up; data names it
// ("hand:H.1", "stack:2", a tile's id). dropTarget(el, {accepts, drop, over, leave}): where it may be
// put down; accepts(data) is the view's check (the same for both ways), drop(data, point) sends the move
// the click would send, and Python answers with the move made or with its refusal, computed from the move.
// - a mouse (or pen): the browser's own drag (draggable, dataTransfer "text/plain" = data);
// - a finger: Chromium starts no HTML drag from touch, so the drag is made of pointer events: held on el
//   for HOLD_MS without moving away (a touch screen begins a drag so; a quick swipe that starts on el still
//   scrolls the page: el's touch-action is "manipulation", and a tap is a click), then a ghost (a copy of
//   el) follows the finger, every target that accepts the card is outlined (dashed) and the one under the
//   finger framed (solid), the page scrolls at the window's edge, and the finger lifted over a target
//   drops it there. A target that draws the card itself (Chromino's grid: the tile where it would lie)
//   says so from over(data, point), and the ghost steps aside there. A finger held and lifted without
//   moving is a tap (el's click). Once the drag is on the page does not scroll under the finger.
// The keyboard is not touched: every move stays a button. Both return the function that removes the listeners.
//
// refusedDrag(el, attempt): a card or stack whose move is not allowed now cannot be picked up (no
// dragSource, so a drop never sends a move nobody may make), and so a drag of it did not even start: the
// student learned nothing, while a click on it shows the rule (s23d: ChemiX's closed "×3" stack).
// refusedDrag calls attempt, the same function the click calls (which sends the move; Python answers
// with its refusal), once a drag is attempted on el:
// - a mouse (or pen): the button held on el and moved DRAG_PX;
// - a finger: held on el for HOLD_MS without moving away, as above. While that finger is still down, it
//   no longer scrolls the page away from the answer.
// The click that may follow the same press (released over el, or over the element drawn in its place
// once Python answered) is swallowed: one move, one answer. It is told by its pointer (a click is a
// PointerEvent): a finger's release may come late (Chrome gave it just before the next tap once its
// element had been drawn anew), and the next tap, another finger, must not be taken for it.
import { h } from "./dom.js";

const DRAG_PX = 6;
const SLOP_PX = 10;  // a finger held still wanders a little; farther before the hold is a swipe
const HOLD_MS = 450;
const CLICK_AFTER_MS = 350;  // after the release its click comes at once; a click later is the student's next one
const EDGE_PX = 48;  // a finger this near the scrolled area's top or foot scrolls it
const swallow = { id: null, until: 0 };  // shared: the view is drawn anew with Python's answer, el with it
const targets = new WeakMap();  // a drop target's element -> its {accepts, drop, over, leave}
let dragging = null;  // the data of the mouse's drag under way (dragover cannot read dataTransfer)

// el's listeners [type, handler, options]; returns the function that removes them
function listen(el, pairs) {
  for (const [type, f, o] of pairs) el.addEventListener(type, f, o);
  return () => { for (const [type, f, o] of pairs) el.removeEventListener(type, f, o); };
}

// a press's pointer followed on the document and on el itself: a finger's events keep going to the element
// it touched, which is no longer in the document once the view was drawn anew; returns the function that stops
function track(el, move, end) {
  const off = [document, el].map((target) => listen(target, [["pointermove", move, true], ["pointerup", end, true], ["pointercancel", end, true]]));
  return () => off.forEach((f) => f());
}

// a finger held on el: no context menu or callout (while held(): a press is on), and no scrolling once
// stops() (the card lifted, the drag attempted); with the click swallowed and the press begun on down
function fingerOn(el, down, held, stops) {
  return listen(el, [["pointerdown", down], ["click", swallowClick, true],
    ["contextmenu", (ev) => { if (held()) ev.preventDefault(); }],
    ["touchmove", (ev) => { if (stops() && ev.cancelable) ev.preventDefault(); }, { passive: false }]]);
}

// a click of the pointer whose press made a drag: swallowed (one move, one answer)
function swallowClick(ev) {
  const same = ev.pointerId === undefined || ev.pointerId === swallow.id;  // a browser whose click has no pointer: by time
  if (same && Date.now() < swallow.until) { ev.preventDefault(); ev.stopImmediatePropagation(); swallow.until = 0; }
}

// The game's element that holds every target a card of el may go to: the widget's own (it stays while
// the view inside is drawn anew)
function scopeOf(el) {
  const root = el.closest(".cg-root");
  return (root && root.parentElement) || document.body;
}

// the targets in scope that accept data, outlined; the others not
function outline(scope, data) {
  const found = [...scope.querySelectorAll(".cg-drop-zone")].filter((e) => targets.has(e) && targets.get(e).accepts(data));
  for (const e of scope.querySelectorAll(".cg-drop-target")) if (!found.includes(e)) e.classList.remove("cg-drop-target");
  for (const e of found) e.classList.add("cg-drop-target");
  return found;
}

function unoutline(scope) {
  for (const e of scope.querySelectorAll(".cg-drop-target, .cg-drop-over")) e.classList.remove("cg-drop-target", "cg-drop-over");
}

export function dropTarget(el, target) {
  const t = { accepts: target.accepts || (() => true), drop: target.drop, over: target.over || (() => false), leave: target.leave || (() => {}) };
  targets.set(el, t);
  el.classList.add("cg-drop-zone");
  // the mouse's drag: the browser's events
  const over = (ev) => {
    if (dragging === null || !t.accepts(dragging)) return;  // not a card of this game, or not for here: no drop
    ev.preventDefault();
    el.classList.add("cg-drop-over");
    t.over(dragging, ev);
  };
  const leave = (ev) => {
    if (ev.relatedTarget && el.contains(ev.relatedTarget)) return;
    el.classList.remove("cg-drop-over");
    t.leave();
  };
  const drop = (ev) => {
    ev.preventDefault();
    el.classList.remove("cg-drop-over");
    const data = (ev.dataTransfer && ev.dataTransfer.getData("text/plain")) || dragging;
    if (data && t.accepts(data)) t.drop(data, ev);
  };
  el.addEventListener("dragover", over);
  el.addEventListener("dragleave", leave);
  el.addEventListener("drop", drop);
  return () => {
    targets.delete(el);
    el.classList.remove("cg-drop-zone");
    el.removeEventListener("dragover", over);
    el.removeEventListener("dragleave", leave);
    el.removeEventListener("drop", drop);
  };
}

// The ghost: a copy of el, as large as el is drawn (Beamer mode's zoom too), outside the game (the view
// may be drawn anew under the finger), in the widget's style scope; it never takes a pointer.
function ghostOf(el, scope) {
  const r = el.getBoundingClientRect();
  const zoom = el.offsetWidth ? r.width / el.offsetWidth : 1;
  const copy = el.cloneNode(true);
  for (const e of [copy, ...copy.querySelectorAll("[data-key], [id], [aria-label], [tabindex]")]) {
    for (const a of ["data-key", "id", "aria-label", "tabindex"]) e.removeAttribute(a);
  }
  copy.classList.remove("cg-drop-zone", "cg-drop-target", "cg-drop-over", "cg-dragging");
  Object.assign(copy.style, { width: `${el.offsetWidth}px`, height: `${el.offsetHeight}px`, margin: "0" });
  const scopes = [...scope.classList].filter((c) => c.startsWith("cg-w-")).join(" ");
  const ghost = h("div", { class: `${scopes} cg-drag-layer`, "aria-hidden": "true" },
    h("div", { class: "cg-drag-ghost", lang: (el.closest("[lang]") || document.documentElement).lang || null }, copy));
  Object.assign(ghost.style, { position: "fixed", left: "0", top: "0", zIndex: "2147483000", pointerEvents: "none", margin: "0" });
  ghost.firstChild.style.zoom = String(zoom);
  return { node: ghost, dx: r.left, dy: r.top };
}

// the nearest scrolled area around el (JupyterLab's notebook), else the page
function scrollerOf(el) {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const y = getComputedStyle(e).overflowY;
    if ((y === "auto" || y === "scroll") && e.scrollHeight > e.clientHeight) return e;
  }
  return document.scrollingElement || document.documentElement;
}

export function dragSource(el, data, onStart) {
  el.setAttribute("draggable", "true");
  el.classList.add("cg-drag-source");
  let press = null;
  // the mouse: the browser's drag; a finger's press under way: not the browser's (Android's and
  // Windows' Chrome start one from a held finger), the pointer events' below
  const start = (ev) => {
    if (press) { ev.preventDefault(); return; }
    ev.dataTransfer.setData("text/plain", data);
    ev.dataTransfer.effectAllowed = "move";
    dragging = data;
    if (onStart) onStart();
    const scope = scopeOf(el);
    setTimeout(() => { if (dragging === data) outline(scope, data); });  // not in dragstart itself: Chrome may end a drag whose page changes then
  };
  const stop = () => { dragging = null; unoutline(scopeOf(el)); };
  // a finger
  const end = (ev) => {
    if (!press || (ev && ev.pointerId !== press.id)) return;
    const p = press;
    press = null;
    clearTimeout(p.timer);
    cancelAnimationFrame(p.frame);
    p.untrack();
    if (!p.lifted) return;
    p.ghost.node.remove();
    el.classList.remove("cg-dragging");
    if (p.over) { p.over.classList.remove("cg-drop-over"); targets.get(p.over).leave(); }
    unoutline(p.scope);
    swallow.until = ev && ev.type === "pointerup" ? Date.now() + CLICK_AFTER_MS : 0;
    if (!ev || ev.type !== "pointerup") return;
    if (!p.moved) {  // held and lifted where it was: a tap (its own click, then the browser's, if any, swallowed)
      swallow.until = 0;
      if (el.isConnected) el.click();
      swallow.until = Date.now() + CLICK_AFTER_MS;
      return;
    }
    const at = targetAt(p, ev.clientX, ev.clientY);
    if (at && targets.get(at).accepts(data)) targets.get(at).drop(data, { clientX: ev.clientX, clientY: ev.clientY });
  };
  const targetAt = (p, x, y) => {
    const hit = document.elementFromPoint(x, y);
    const zone = hit && hit.closest(".cg-drop-zone");
    return zone && targets.has(zone) && p.scope.contains(zone) ? zone : null;
  };
  // the finger at (x, y): the ghost there, the target under it framed and told
  const follow = (p, x, y) => {
    p.x = x; p.y = y;
    if (p.found.some((e) => !e.isConnected)) p.found = outline(p.scope, data);  // the view was drawn anew
    const at = targetAt(p, x, y);
    if (at !== p.over) {
      if (p.over) { p.over.classList.remove("cg-drop-over"); targets.get(p.over).leave(); }
      p.over = at && targets.get(at).accepts(data) ? at : null;
      if (p.over) p.over.classList.add("cg-drop-over");
    }
    const own = p.over ? targets.get(p.over).over(data, { clientX: x, clientY: y }) : false;
    p.ghost.node.style.visibility = own ? "hidden" : "visible";
    p.ghost.node.style.transform = `translate(${x - p.grab.x}px, ${y - p.grab.y}px)`;
  };
  // near the scrolled area's top or foot the page scrolls, a frame at a time, while the finger stays there
  const scroll = () => {
    const p = press;
    if (!p || !p.lifted) return;
    const box = p.scroller === document.scrollingElement ? { top: 0, bottom: innerHeight } : p.scroller.getBoundingClientRect();
    const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
    const depth = p.y < top + EDGE_PX ? p.y - top - EDGE_PX : p.y > bottom - EDGE_PX ? p.y - bottom + EDGE_PX : 0;
    const step = Math.sign(depth) * Math.min(12, Math.ceil(Math.abs(depth) / 4));  // up to 12 px a frame
    if (step) {
      const was = p.scroller.scrollTop;
      p.scroller.scrollTop += step;
      if (p.scroller.scrollTop !== was) follow(p, p.x, p.y);
    }
    p.frame = requestAnimationFrame(scroll);
  };
  const lift = () => {
    const p = press;
    if (!p || p.lifted || !el.isConnected) return;
    p.lifted = true;
    swallow.id = p.id;
    swallow.until = Infinity;  // until the release
    p.scope = scopeOf(el);
    p.ghost = ghostOf(el, p.scope);
    p.grab = { x: p.x0 - p.ghost.dx, y: p.y0 - p.ghost.dy };  // where the finger holds the card
    document.body.append(p.ghost.node);
    el.classList.add("cg-dragging");
    if (onStart) onStart();
    p.found = outline(p.scope, data);
    p.scroller = scrollerOf(el);
    follow(p, p.x, p.y);
    p.frame = requestAnimationFrame(scroll);
  };
  const move = (ev) => {
    const p = press;
    if (!p || ev.pointerId !== p.id) return;
    if (!p.lifted) {
      if (Math.hypot(ev.clientX - p.x0, ev.clientY - p.y0) >= SLOP_PX) end();  // a swipe: the page scrolls
      else { p.x = ev.clientX; p.y = ev.clientY; }
      return;
    }
    if (Math.hypot(ev.clientX - p.x0, ev.clientY - p.y0) >= DRAG_PX) p.moved = true;
    follow(p, ev.clientX, ev.clientY);
  };
  const down = (ev) => {
    end();
    if (ev.pointerType !== "touch" || !ev.isPrimary) return;
    press = { id: ev.pointerId, x0: ev.clientX, y0: ev.clientY, x: ev.clientX, y: ev.clientY, lifted: false, moved: false,
      over: null, found: [], timer: setTimeout(lift, HOLD_MS), frame: 0, untrack: track(el, move, end) };
  };
  const off = [listen(el, [["dragstart", start], ["dragend", stop]]), fingerOn(el, down, () => !!press, () => !!press && press.lifted)];
  return () => {
    end();
    el.removeAttribute("draggable");
    el.classList.remove("cg-drag-source");
    off.forEach((f) => f());
  };
}

export function refusedDrag(el, attempt) {
  let press = null;
  const fire = () => {
    if (!press || press.fired) return;
    press.fired = true;
    clearTimeout(press.timer);
    swallow.id = press.id;
    swallow.until = Infinity;  // until the release
    attempt();
  };
  // the press ends with its pointer's release, seen on the document, or on el itself: a finger's
  // events keep going to the element it touched, which is no longer in the document once Python's
  // answer was drawn; another press anywhere ends it too (without swallowing that one's click)
  const end = (ev) => {
    if (!press || (ev && ev.pointerId !== press.id && ev.type !== "pointerdown")) return;
    clearTimeout(press.timer);
    press.untrack();
    document.removeEventListener("pointerdown", end, true);
    if (press.fired) swallow.until = ev && ev.type === "pointerup" ? Date.now() + CLICK_AFTER_MS : 0;
    press = null;
  };
  const move = (ev) => {
    if (!press || ev.pointerId !== press.id || press.fired) return;
    const far = Math.hypot(ev.clientX - press.x, ev.clientY - press.y) >= (press.touch ? SLOP_PX : DRAG_PX);
    if (!far) return;
    if (press.touch) end();  // moved before the hold: a swipe, the page scrolls
    else if (ev.buttons & 1) fire();
  };
  const down = (ev) => {
    end();
    if (ev.pointerType !== "touch" && ev.button !== 0) return;
    press = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, touch: ev.pointerType === "touch", fired: false, timer: 0,
      untrack: track(el, move, end) };
    if (press.touch) press.timer = setTimeout(fire, HOLD_MS);
    setTimeout(() => { if (press) document.addEventListener("pointerdown", end, true); });  // after this press's own
  };
  // a held finger: no context menu or callout, and, once the drag was attempted, no scrolling
  const off = fingerOn(el, down, () => !!press && press.touch, () => !!press && press.fired);
  return () => { end(); off(); };
}
