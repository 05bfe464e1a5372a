import json, os
from pathlib import Path
import pytest
from chemgames.cli import lab_language_args
from .lab import open_and_run, running_lab, settled

pytestmark = pytest.mark.browser
OUT = Path("/tmp/s22d/shots")
DB = os.environ.get("WALK_DB", "/tmp/s22d/walk/chemgames-record.db")

DUMP = """() => {
  const rp = document.querySelector('.cg-rp'); const R = rp.getBoundingClientRect();
  const bad = [];
  for (const e of rp.querySelectorAll('*')) {
    const q = e.getBoundingClientRect();
    if (q.width === 0) continue;
    if (q.right > R.right + 1) bad.push({tag: e.tagName, cls: e.className && e.className.baseVal === undefined ? e.className : '', text: (e.textContent || '').slice(0, 50), right: q.right, rp: R.right});
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'hidden') bad.push({clip: true, tag: e.tagName, text: (e.textContent || '').slice(0, 50)});
  }
  return {text: rp.innerText, bad: bad.slice(0, 30), vw: innerWidth, page: document.documentElement.scrollWidth};
}"""


@pytest.fixture(scope="module")
def german_lab(tmp_path_factory):
    args = lab_language_args(tmp_path_factory.mktemp("lab") / "settings", "de")
    with running_lab(tuple(args)) as lab:
        yield lab


def test_walk(browser, german_lab):
    name = german_lab.write_notebook("bericht.ipynb", [f"import chemgames\nchemgames.report(db={DB!r}, lang='de')"])
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{german_lab.url}/lab/tree/{name}?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        for attempt in range(8):
            page.wait_for_function("document.querySelector('#jp-main-statusbar')?.innerText.includes('Leerlauf')", timeout=120_000)
            dialog = page.locator(".jp-Dialog")
            if dialog.count():
                dialog.locator("button.jp-mod-accept").click()
            page.locator(".lm-MenuBar-itemLabel", has_text="Ausführen").first.click()
            page.get_by_role("menuitem", name="Alle Zellen ausführen", exact=True).click()
            try:
                page.wait_for_function("[...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')].some(p => /\\[[0-9*]+\\]/.test(p.textContent))", timeout=15_000)
                break
            except Exception:
                continue
        page.wait_for_selector(".cg-rp .cg-rp-next", timeout=120_000)
        page.evaluate("document.querySelector('.cg-rp-header').scrollIntoView({block: 'start'})")
        settled(page, ".cg-rp")
        page.screenshot(path=str(OUT / "1_top.png"))
        d = page.evaluate(DUMP)
        (OUT / "dump.json").write_text(json.dumps(d, ensure_ascii=False, indent=1))
        page.evaluate("document.querySelector('.cg-rp-two').scrollIntoView({block: 'start'})")
        settled(page, ".cg-rp")
        page.screenshot(path=str(OUT / "2_concepts.png"))
        page.evaluate("document.querySelector('.cg-rp-groups').scrollIntoView({block: 'start'})")
        settled(page, ".cg-rp")
        page.screenshot(path=str(OUT / "3_students.png"))
        btn = page.locator(".cg-rp-example").first
        if btn.count():
            btn.scroll_into_view_if_needed(); btn.click()
            page.wait_for_selector(".cg-rp-replay")
            page.evaluate("document.querySelector('.cg-rp-replay').scrollIntoView({block: 'start'})")
            settled(page, ".cg-rp")
            page.screenshot(path=str(OUT / "4_replay_projector.png"))
            (OUT / "replay_projector.txt").write_text(page.evaluate("document.querySelector('.cg-rp-replay').innerText"))
            page.locator(".cg-rp-names").click()
            page.wait_for_function("document.querySelector('.cg-rp').dataset.names === 'true'")
            page.locator(".cg-rp-example").first.click()
            page.wait_for_selector(".cg-rp-replay")
            page.evaluate("document.querySelector('.cg-rp-replay').scrollIntoView({block: 'start'})")
            settled(page, ".cg-rp")
            page.screenshot(path=str(OUT / "5_replay_names.png"))
            (OUT / "replay_names.txt").write_text(page.evaluate("document.querySelector('.cg-rp-replay').innerText"))
    finally:
        context.close()
