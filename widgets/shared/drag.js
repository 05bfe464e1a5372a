// A drag the rules refuse. A card or stack whose move is not allowed now cannot be picked up
// (draggable only for a legal move, so a drop never sends a move nobody may make), and so a drag of it
// did not even start: the student learned nothing, while a click on it shows the rule (s23d: ChemiX's
// closed "×3" stack). refusedDrag(el, attempt) calls attempt, the same function the click calls
// (which sends the move; Python answers with its refusal, computed from the move), once a drag is
// attempted on el:
// - a mouse (or pen): the button held on el and moved DRAG_PX;
// - a finger: held on el for HOLD_MS without moving away (a touch screen begins a drag so; a quick
//   swipe that starts on el still scrolls the page, and a tap is a click). While that finger is
//   still down, it no longer scrolls the page away from the answer.
// The click that may follow the same press (released over el, or over the element drawn in its place
// once Python answered) is swallowed: one move, one answer. It is told by its pointer (a click is a
// PointerEvent): a finger's release may come late (Chrome gave it just before the next tap once its
// element had been drawn anew), and the next tap, another finger, must not be taken for it.
// Returns the function that removes the listeners.
const DRAG_PX = 6;
const HOLD_MS = 450;
const CLICK_AFTER_MS = 350;  // after the release its click comes at once; a click later is the student's next one
const swallow = { id: null, until: 0 };  // shared: the view is drawn anew with Python's answer, el with it

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
    for (const target of [document, el]) {
      target.removeEventListener("pointermove", move, true);
      target.removeEventListener("pointerup", end, true);
      target.removeEventListener("pointercancel", end, true);
    }
    document.removeEventListener("pointerdown", end, true);
    if (press.fired) swallow.until = ev && ev.type === "pointerup" ? Date.now() + CLICK_AFTER_MS : 0;
    press = null;
  };
  const move = (ev) => {
    if (!press || ev.pointerId !== press.id || press.fired) return;
    const far = Math.hypot(ev.clientX - press.x, ev.clientY - press.y) >= DRAG_PX;
    if (!far) return;
    if (press.touch) end();  // moved before the hold: a swipe, the page scrolls
    else if (ev.buttons & 1) fire();
  };
  const down = (ev) => {
    end();
    if (ev.pointerType !== "touch" && ev.button !== 0) return;
    press = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, touch: ev.pointerType === "touch", fired: false, timer: 0 };
    if (press.touch) press.timer = setTimeout(fire, HOLD_MS);
    for (const target of [document, el]) {
      target.addEventListener("pointermove", move, true);
      target.addEventListener("pointerup", end, true);
      target.addEventListener("pointercancel", end, true);
    }
    setTimeout(() => { if (press) document.addEventListener("pointerdown", end, true); });  // after this press's own
  };
  const click = (ev) => {
    const same = ev.pointerId === undefined || ev.pointerId === swallow.id;  // a browser whose click has no pointer: by time
    if (same && Date.now() < swallow.until) { ev.preventDefault(); ev.stopImmediatePropagation(); swallow.until = 0; }
  };
  // a held finger: no context menu or callout, and, once the drag was attempted, no scrolling
  const menu = (ev) => { if (press && press.touch) ev.preventDefault(); };
  const hold = (ev) => { if (press && press.fired && ev.cancelable) ev.preventDefault(); };
  el.addEventListener("pointerdown", down);
  el.addEventListener("click", click, true);
  el.addEventListener("contextmenu", menu);
  el.addEventListener("touchmove", hold, { passive: false });
  return () => {
    end();
    el.removeEventListener("pointerdown", down);
    el.removeEventListener("click", click, true);
    el.removeEventListener("contextmenu", menu);
    el.removeEventListener("touchmove", hold);
  };
}
