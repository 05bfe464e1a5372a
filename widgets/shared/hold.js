// Keeps an element in view against the notebook's own scrolling until the student takes over.
//
// "Run All" in JupyterLab 4 ends with NotebookActions.handleRunState -> WindowedList.scrollToItem
// (the last cell). In the default windowing mode ("contentVisibility") scrollToItem first waits for
// the cell's node to be attached (_waitForItem: a MutationObserver, up to 10 s) and only then calls
// outer.scrollTo({top}). On a slow laptop that scroll comes seconds after the worksheet's first task
// has scrolled itself into view (measured at a 6x slower page: task 1 at 33.8 s, JupyterLab's scroll
// at 37.9 s), so a single scrollIntoView loses. A script's scroll fires a scroll event and no input
// event; a student's scroll comes with one (wheel, touch, a key, a pointer on the scroll bar).

// input that means the student is steering the page: from then on nothing scrolls for them
const STUDENT_INPUT = ["wheel", "touchstart", "pointerdown", "mousedown", "keydown"];

// true when the top of ``el`` is in the window of ``scroller`` (an element, or null for the page),
// with ``margin`` px to spare at the bottom
function inView(el, scroller, margin) {
  const r = el.getBoundingClientRect();
  const top = scroller ? scroller.getBoundingClientRect().top : 0;
  const bottom = scroller ? scroller.getBoundingClientRect().bottom : window.innerHeight;
  return r.top >= top - 2 && r.top < bottom - margin;
}

/**
 * Scroll ``el`` to the top of its scroller on the next frame, and scroll it back whenever a script
 * (not the student) scrolls it out of view, until the student's first input, ``holdMs`` or the
 * returned function is called. Returns that function (it removes every listener).
 */
export function holdInView(el, holdMs = 120_000) {
  let frame = 0;
  let timer = 0;
  const bring = () => {
    frame = 0;
    if (el.isConnected && el.getClientRects().length) el.scrollIntoView({ block: "start" });
  };
  const onScroll = (ev) => {
    const target = ev.target === document ? null : ev.target;
    if (target && !target.contains(el)) return; // another scroller (a formula, the sidebar)
    if (!frame && el.isConnected && !inView(el, target, 60)) frame = requestAnimationFrame(bring);
  };
  const release = (ev) => {
    if (ev && !ev.isTrusted) return; // a script's synthetic event is not the student
    clearTimeout(timer);
    if (frame) cancelAnimationFrame(frame);
    document.removeEventListener("scroll", onScroll, true);
    for (const type of STUDENT_INPUT) document.removeEventListener(type, release, true);
  };
  // capture: scroll events do not bubble, and the scroller is not known before el is attached
  document.addEventListener("scroll", onScroll, { capture: true, passive: true });
  for (const type of STUDENT_INPUT) document.addEventListener(type, release, { capture: true, passive: true });
  timer = setTimeout(release, holdMs);
  frame = requestAnimationFrame(bring);
  return () => release();
}
