"""What a player really sees of an element: its box cut by the window and by every ancestor that
clips or scrolls (overflow other than ``visible``), measured in the browser, one box per element.

A container inside the window says nothing about its children: a sideways scroller of eleven cards
lies inside the window while seven of its cards are cut off. So the tests measure each card and
each button on its own.
"""
from __future__ import annotations

from typing import Any

# One entry per element matched by ``sel`` inside ``root``: its box, the part of it that is visible
# (cut by the window and by every clipping ancestor, up to the document), and which ancestor cut it.
VISIBLE_BOXES = """([root, sel]) => {
  const rootEl = typeof root === 'string' ? document.querySelector(root) : root;
  const W = window.innerWidth, H = window.innerHeight;
  const clips = (e) => { const s = getComputedStyle(e); return s.overflowX !== 'visible' || s.overflowY !== 'visible'; };
  const name = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
    ? '.' + e.className.trim().split(/\\s+/).slice(0, 2).join('.') : '');
  return [...rootEl.querySelectorAll(sel)].filter((e) => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null)
    .map((e) => {
      const r = e.getBoundingClientRect();
      let v = { left: Math.max(r.left, 0), top: Math.max(r.top, 0), right: Math.min(r.right, W), bottom: Math.min(r.bottom, H) };
      let cutBy = (r.left < 0 || r.right > W) ? 'window' : null;
      for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        if (!clips(a)) continue;
        const c = a.getBoundingClientRect();
        if ((r.left < c.left - 0.5 || r.right > c.right + 0.5) && !cutBy) cutBy = name(a);
        v = { left: Math.max(v.left, c.left), top: Math.max(v.top, c.top), right: Math.min(v.right, c.right),
              bottom: Math.min(v.bottom, c.bottom) };
      }
      return { key: e.dataset.key || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30),
               left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height,
               visibleWidth: Math.max(0, v.right - v.left), cutBy };
    });
}"""


def visible_boxes(page: Any, root: Any, selector: str) -> list[dict[str, Any]]:
    """Each element ``selector`` inside ``root`` (a CSS selector or an element handle) that is
    rendered, with its box and the width of it that is visible (window and clipping ancestors)."""
    return page.evaluate(VISIBLE_BOXES, [root, selector])


def cut_sideways(boxes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The boxes not fully visible across: a part of them lies beyond the window's or a scroller's
    left or right edge (a reader would have to scroll sideways to see them)."""
    return [b for b in boxes if b["width"] > 0 and b["visibleWidth"] < b["width"] - 1]
