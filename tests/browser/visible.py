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
      let cutDownBy = (r.top < 0 || r.bottom > H) ? 'window' : null;
      // body's overflow is the window's (it passes to the viewport): its own box, 0 px high in JupyterLab, cuts nothing
      for (let a = e.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        if (!clips(a)) continue;
        const c = a.getBoundingClientRect();
        if ((r.left < c.left - 0.5 || r.right > c.right + 0.5) && !cutBy) cutBy = name(a);
        if ((r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) && !cutDownBy) cutDownBy = name(a);
        v = { left: Math.max(v.left, c.left), top: Math.max(v.top, c.top), right: Math.min(v.right, c.right),
              bottom: Math.min(v.bottom, c.bottom) };
      }
      return { key: e.dataset.key || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30),
               left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height,
               visibleWidth: Math.max(0, v.right - v.left), visibleHeight: Math.max(0, v.bottom - v.top), cutBy, cutDownBy };
    });
}"""


def visible_boxes(page: Any, root: Any, selector: str) -> list[dict[str, Any]]:
    """Each element ``selector`` inside ``root`` (a CSS selector or an element handle) that is
    rendered, with its box and the width of it that is visible (window and clipping ancestors)."""
    return page.evaluate(VISIBLE_BOXES, [root, selector])


def not_whole(boxes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The boxes not fully visible, across or down: a part of them lies beyond the window or a clipping
    ancestor (JupyterLab's notebook area ends above its status bar: its scroller cuts there)."""
    return [b for b in boxes if b["width"] > 0 and (b["visibleWidth"] < b["width"] - 1 or b["visibleHeight"] < b["height"] - 1)]


def cut_sideways(boxes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The boxes not fully visible across: a part of them lies beyond the window's or a scroller's
    left or right edge (a reader would have to scroll sideways to see them)."""
    return [b for b in boxes if b["width"] > 0 and b["visibleWidth"] < b["width"] - 1]


# ---- text contrast on the real background --------------------------------------------------------
# axe-core skips text over a background image or a hatch ("incomplete"). So: read the text's colour,
# make the text transparent, photograph the element's content box and take the pixel behind it
# that gives the lowest contrast (WCAG 2 relative luminance).
MARKS = (".cg-badge, .cx-badge, .cu-badge-fits, .cu-badge-nofit, .mt-need, .mt-rem, .mt-area, .ra-free-mark,"
         " .cx-next-mark, .cu-new-mark, .cg-substance, .cg-hit-note")


def _lum(rgb: tuple[float, float, float]) -> float:
    def ch(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (ch(x) for x in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (0-255).

    >>> round(contrast((0, 0, 0), (255, 255, 255)), 1), round(contrast((10, 107, 45), (255, 255, 255)), 2)
    (21.0, 6.66)
    """
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def worst_contrasts(page, root: str = ".cg-root", selector: str = MARKS, limit: int = 16) -> list[dict]:
    """Each visible mark/badge in ``root`` with its text colour and the lowest contrast of that
    colour against any pixel of its content box (inside border and padding) with the text made transparent."""
    import io

    from PIL import Image

    found = page.evaluate("""([root, sel, limit]) => {
      const W = window.innerWidth, H = window.innerHeight;
      return [...document.querySelector(root).querySelectorAll(sel)].map((e, i) => {
        const s = getComputedStyle(e), r = e.getBoundingClientRect();
        const px = (v) => parseFloat(v) || 0;
        // the content box (inside border and padding): where the text lies, not the rounded corners
        const l = px(s.borderLeftWidth) + px(s.paddingLeft), t = px(s.borderTopWidth) + px(s.paddingTop);
        let box = { x: r.left + l, y: r.top + t, w: r.width - l - px(s.borderRightWidth) - px(s.paddingRight),
          h: r.height - t - px(s.borderBottomWidth) - px(s.paddingBottom) };
        // only the part its scrolling ancestors show (inside their borders and scrollbars): a mark
        // half scrolled out of the notebook's area lies over the frame around it, not on its background
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {  // body's overflow is the window's
          const o = getComputedStyle(a);
          if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
          const q = a.getBoundingClientRect();
          const cl = q.left + a.clientLeft, ct = q.top + a.clientTop;
          const x0 = Math.max(box.x, cl), y0 = Math.max(box.y, ct);
          const x1 = Math.min(box.x + box.w, cl + a.clientWidth), y1 = Math.min(box.y + box.h, ct + a.clientHeight);
          box = { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
        }
        e.dataset.cgMark = String(i);
        return { i, text: e.textContent.trim().slice(0, 40), color: s.color, box,
                 // in the window, and not under something else (JupyterLab's status bar, a menu)
                 shown: r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= H && r.left >= 0 && r.right <= W
                   && (e.checkVisibility ? e.checkVisibility() : true)
                   && [[0.2, 0.5], [0.8, 0.5], [0.5, 0.1], [0.5, 0.9]].every(([fx, fy]) => {
                     const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
                     return hit && (hit === e || e.contains(hit) || hit.contains(e)); }) };
      }).filter((m) => m.shown && m.text).slice(0, limit);
    }""", [root, selector, limit])
    if not found:
        return []
    page.add_style_tag(content="[data-cg-mark], [data-cg-mark] * { color: transparent !important; text-shadow: none !important; }"
                               " [data-cg-mark]::before, [data-cg-mark]::after { color: transparent !important; }")
    # the transparent text is drawn before the first screenshot (two frames, however slow the machine)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    out = []
    for m in found:
        b = m["box"]
        if b["w"] < 2 or b["h"] < 2:
            continue
        shot = page.screenshot(clip={"x": b["x"], "y": b["y"], "width": b["w"], "height": b["h"]}, animations="disabled")
        img = Image.open(io.BytesIO(shot)).convert("RGB")
        r, g, bl = (float(x) for x in m["color"][m["color"].index("(") + 1:m["color"].index(")")].split(",")[:3])
        rgb = (r, g, bl)
        # an RGB image's colours are (r, g, b) tuples, all of them counted (maxcolors: every pixel)
        colours = {(float(c[0]), float(c[1]), float(c[2])) for _, c in img.getcolors(maxcolors=img.width * img.height) or []
                   if isinstance(c, tuple)}
        worst = min(colours, key=lambda c: contrast(rgb, c))
        out.append({**m, "worst_bg": worst, "contrast": round(contrast(rgb, worst), 2)})
    page.evaluate("""() => { document.querySelectorAll('[data-cg-mark]').forEach((e) => delete e.dataset.cgMark);
      const tags = [...document.querySelectorAll('style')].filter((s) => s.textContent.includes('[data-cg-mark]'));
      tags.forEach((s) => s.remove()); }""")
    return out
