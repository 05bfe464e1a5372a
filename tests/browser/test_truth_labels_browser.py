"""What a student reads about the chemistry of Das Chemie-Kartenspiel at the projector's 1280×720
(issue 25): the tip list ("Tipps") and the explanation of a prepared compound for each of the three
labels (a substance that exists, a species known only briefly, a build allowed by the game's rule
only), and the label beside each compound on the table.

Every text is compared with the words of the catalog (``catalog/de.json``, read here, not copied)
filled with the game's formula and name, and a real substance's German name with the independent
truth set (``tests/truth/rows.txt``); every element is measured: it has a box, lies across inside
the window and inside every clipping ancestor, and its text is not cut off (no hidden overflow).
Screenshots go to ``test-artifacts/truth-*.png``.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from .lab import REPO, bring_into_view, click_and_wait, open_and_run, settled, settled_box
from .test_chemiekarten_browser import hand_card, setup_cells
from .visible import cut_sideways, visible_boxes

pytestmark = pytest.mark.browser

HAND = ["Fe", "O", "S", "Bi", "Au", "C", "Cl"]
# the other player's table: one compound of each label (FeO exists, SO short-lived, PtBrN game-only)
TABLE = [[["Fe", "O"], 1], [["S", "O"], 1], [["Pt", "Br", "N"], 1]]
CATALOG = json.loads((REPO / "chemgames/games/chemiekarten/catalog/de.json").read_text(encoding="utf-8"))
WIDGET = json.loads((REPO / "chemgames/widgets/catalog/de.json").read_text(encoding="utf-8"))
WIDGET.update(json.loads((REPO / "chemgames/widgets/catalog/chemiekarten.de.json").read_text(encoding="utf-8")))
MARK = {"known": "\u2714 ", "transient": "\u25F7 ", "game_only": "\u25C7 "}  # the symbol beside the words
ART = REPO / "test-artifacts"

# An element whose text is wider than its box (cut off by overflow: hidden / an ellipsis), listed.
CLIPPED_JS = """els => els.filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1
  && getComputedStyle(e).overflowX !== 'visible').map(e => e.textContent.trim().slice(0, 60))"""


def truth_names_de() -> dict[str, list[str]]:
    """The truth set's German names by textbook formula (written by hand, not from chemgames)."""
    sys.path.insert(0, str(REPO / "tests" / "truth"))
    import truthlib

    return {f: r.names_de for r in truthlib.read_rows() for f in r.formulas}


def pattern(key: str, **known: str) -> re.Pattern[str]:
    """The catalog's German text ``key`` as a pattern: the placeholders given are filled in, every
    other one (a name) is a group."""
    text = CATALOG[key]
    out, pos = "", 0
    for m in re.finditer(r"\{(\w+)\}", text):
        out += re.escape(text[pos:m.start()])
        out += re.escape(known[m[1]]) if m[1] in known else f"(?P<{m[1]}>.+?)"
        pos = m.end()
    return re.compile("^" + out + re.escape(text[pos:]) + "$")


def label_text(kind: str, text: str) -> str | None:
    """The name inside a table or tip label of ``kind`` if it reads as the catalog writes it
    (for a known substance the label is its name), else None."""
    keys = {"known": ["ck.label_element", None], "transient": ["ck.label_transient", "ck.label_transient_unnamed"],
            "game_only": ["ck.label_game_only", "ck.label_other"]}[kind]
    for key in keys:
        if key is None:
            return text  # a known compound: its name
        m = pattern(key).match(text)
        if m:
            return m.groupdict().get("name", "")
    return None


def assert_readable(page, selector: str, what: str) -> list[dict]:
    """Each element ``selector`` has a box, lies fully across inside the window and its clipping
    ancestors, and shows its whole text; the boxes."""
    boxes = visible_boxes(page, ".cg-root", selector)
    assert boxes, f"{what}: nothing rendered for {selector}"
    assert all(b["width"] > 0 and b["height"] > 0 for b in boxes), (what, boxes)
    assert not cut_sideways(boxes), (what, cut_sideways(boxes))
    assert all(b["right"] <= 1280 + 0.5 for b in boxes), (what, [b for b in boxes if b["right"] > 1280.5])
    clipped = page.locator(f".cg-root {selector}").evaluate_all(CLIPPED_JS)
    assert not clipped, (what, clipped)
    return boxes


VISIBLE_PART_JS = """(e, block) => {
  e.scrollIntoView({block});
  const r = e.getBoundingClientRect();
  let v = {left: Math.max(r.left, 0), top: Math.max(r.top, 0), right: Math.min(r.right, innerWidth), bottom: Math.min(r.bottom, innerHeight)};
  for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
    const c = a.getBoundingClientRect();
    if (c.height === 0 || c.width === 0) continue;  // a zero-size wrapper (contents: overflow shown)
    v = {left: Math.max(v.left, c.left), top: Math.max(v.top, c.top), right: Math.min(v.right, c.right), bottom: Math.min(v.bottom, c.bottom)};
  }
  return {x: v.left, y: v.top, width: v.right - v.left, height: v.bottom - v.top,
          whole: v.top <= r.top + 0.5 && v.bottom >= r.bottom - 0.5};
}"""


ANCESTORS_JS = """e => { const out = []; for (let a = e.parentElement; a; a = a.parentElement) { const s = getComputedStyle(a);
  if (s.overflowY !== 'visible' || s.overflowX !== 'visible') { const c = a.getBoundingClientRect();
  out.push([a.className.toString().slice(0, 40), s.overflowX, s.overflowY, Math.round(c.top), Math.round(c.bottom)]); } } return out; }"""


def shoot(page, locator, path: Path) -> list[Path]:
    """Screenshots of ``locator`` as the window shows it at 1280×720: its top part, and when it is
    taller than the window, its bottom part too (``-end``), each cut to the window."""
    out = []
    for block, suffix in (("start", ""), ("end", "-end")):
        # the part of the element inside its scroller (JupyterLab's notebook panel, under its toolbar)
        box = locator.evaluate(VISIBLE_PART_JS, block)
        assert box and box["height"] > 0 and box["width"] > 0, (path, box, locator.evaluate(ANCESTORS_JS))
        target = path.with_name(path.stem + suffix + path.suffix)
        page.screenshot(path=str(target), clip=box)
        out.append(target)
        if box["whole"]:  # the whole element was in view
            break
    return out


def without_minerals(name: str) -> str:
    """A headline's name without the IMA minerals beside it (s16e: "Eisen(II)-disulfid (als Mineral: Pyrit,
    Markasit)"): the systematic name, checked against the truth set; each mineral shown is an IMA mineral of the
    shipped extract (its IMA name, or the German name a source gives it: tools/mineral_names.py)."""
    for key in ("ck.name_with_trivial_minerals", "ck.name_with_minerals"):
        m = pattern(key).match(name)
        if m:
            sys.path.insert(0, str(REPO))
            from tools.composable_real import IMA_GERMAN
            from tools.mineral_names import GERMAN

            tsv = REPO / "tools" / "ima_minerals.tsv"
            listed = {line.split("\t")[0] for line in tsv.read_text(encoding="utf-8").splitlines() if "\t" in line}
            listed |= {g for g, _where in {**GERMAN, **IMA_GERMAN}.values()}
            shown = re.sub(re.escape(CATALOG["ck.minerals_more"].replace("{names}", "")) + "$", "", m["minerals"])
            # s19e: an IMA name no German source translates is shown as "IMA-Name <name>" (chem.mineral_ima_name)
            tag = json.loads((REPO / "chemgames" / "catalog" / "de.json").read_text(encoding="utf-8"))["chem.mineral_ima_name"]
            prefix = tag.replace("{name}", "")
            assert all(x.removeprefix(prefix) in listed for x in shown.split(", ")), (name, shown)
            return m["name"]
    return name


def test_tips_explanations_and_table_labels_read_whole_at_1280(page, lab):
    import chemgames

    page.set_viewport_size({"width": 1280, "height": 720})
    ART.mkdir(exist_ok=True)
    names = truth_names_de()
    lab.write_notebook("truth-labels.ipynb", setup_cells(hands=(HAND,), table=TABLE))
    open_and_run(page, lab, "truth-labels.ipynb")
    root = page.locator(".cg-root")
    # the same deal in this process: what the tip list must show, in order
    game = chemgames.new_game("chemiekarten", players=2, seed=3, lang="de", dealer=1, hands=[HAND], table=TABLE)
    expected = [(h.unicode, h.points, game.hint_label(h)) for h in game.hints(8)]
    assert {lab_["kind"] for _, _, lab_ in expected} >= {"known", "game_only"}

    # ---- the table: one compound of each label, its words beside it
    badges = root.locator(".cg-owner[data-owner='1'] .cg-substance")
    assert badges.count() == 3
    seen = {}
    for i in range(3):
        b = badges.nth(i)
        kind, text = b.get_attribute("data-label"), b.inner_text()
        assert text.startswith(MARK[kind].strip()), (kind, text)
        seen[kind] = label_text(kind, text[len(MARK[kind]):].strip())
        assert seen[kind] is not None, (kind, text)
    assert set(seen) == {"known", "transient", "game_only"}
    assert seen["known"] in names["FeO"] and seen["transient"] in names["SO"]
    bring_into_view(badges.first)
    settled(page)  # JupyterLab's windowed notebook moves cells for a while after a scroll
    assert_readable(page, ".cg-owner[data-owner='1'] .cg-compound", "table")
    assert_readable(page, ".cg-owner[data-owner='1'] .cg-substance", "table labels")
    root.locator(".cg-owner[data-owner='1']").screenshot(path=str(ART / "truth-table-labels-1280.png"))

    # ---- the tip list: best real substance first, each tip with its label in the catalog's words
    click_and_wait(page, root, root.locator("[data-key='hint']"))
    tips = root.locator(".cg-hints")
    tips.wait_for()
    assert tips.locator("h3").inner_text() == WIDGET["ck_hints_build"]
    items = tips.locator("li")
    assert items.count() == len(expected)
    for i, (formula, points, label) in enumerate(expected):
        shown = items.nth(i).locator(".cg-formula").inner_text()
        assert shown == f"{formula} \u2013 {MARK[label['kind']]}{label['text']}", (i, shown)
        assert label_text(label["kind"], label["text"]) is not None, label
        assert WIDGET["points"].format(n=points) in items.nth(i).inner_text()
        if label["kind"] == "known" and formula in names:
            assert label["text"] in names[formula], (formula, label["text"], names[formula])
    assert expected[0][2]["kind"] == "known"  # the best real substance heads the list
    bring_into_view(tips)
    settled(page)
    assert_readable(page, ".cg-hints li", "tips")
    assert_readable(page, ".cg-hints .cg-formula", "tip texts")
    assert_readable(page, ".cg-hints button", "tip buttons")
    shoot(page, tips, ART / "truth-tips-1280.png")
    page.screenshot(path=str(ART / "truth-tips-1280-window.png"))  # the whole window: board and tips

    # ---- one prepared compound of each label: its headline in the catalog's words
    first_game_only = next(i for i, (_, _, lab_) in enumerate(expected) if lab_["kind"] == "game_only")
    cases = [("exists", ("hint", 0), "ck.ok_known", expected[0][0]),
             ("transient", ("cards", ("S", "O")), "ck.ok_transient_space", "SO"),
             ("game-only", ("hint", first_game_only), "ck.ok_game_only", expected[first_game_only][0])]
    for name, (how, what), key, formula in cases:
        if how == "hint":
            if not root.locator(".cg-hints").count():
                click_and_wait(page, root, root.locator("[data-key='hint']"))
            click_and_wait(page, root, root.locator(f"[data-key='hint:{what}']"))
        else:
            for symbol in what:
                click_and_wait(page, root, hand_card(root, symbol))
        prepared = root.locator(".cg-expl", has_text=WIDGET["prepared"])
        prepared.wait_for()
        title = prepared.locator(".cg-expl-title").inner_text()
        headline = re.sub(r"^\S+\s+[^:]+:\s+", "", title)  # after the mark and "Möglich:"
        m = pattern(key, formula=formula).match(headline)
        assert m, (name, key, headline)
        if name in ("exists", "transient") and formula in names:
            assert without_minerals(m["name"]) in names[formula], (formula, m["name"], names[formula])
        prepared.evaluate("e => e.scrollIntoView({block: 'start'})")
        settled(page)
        assert_readable(page, ".cg-aside .cg-expl:has(> h3) .cg-expl-title", f"{name} headline")
        assert_readable(page, ".cg-aside .cg-expl .cg-steps > li", f"{name} steps")
        box = settled_box(prepared)
        assert box["width"] > 200 and box["x"] >= 0 and box["x"] + box["width"] <= 1280
        shoot(page, prepared, ART / f"truth-label-{name}-1280.png")
        click_and_wait(page, root, root.locator("[data-key='clear']"))
