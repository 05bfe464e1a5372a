"""German menus in the JupyterLite site (issue 26): the notebooks say "Ausführen → Alle Zellen
ausführen", so the site's JupyterLab shows German menus by default; "Einstellungen → Sprache →
English" still switches to English (kept in the browser). The site carries German and English only,
and of the German pack only the strings of what it carries (issue 28 counts every byte of a cold
start). The pack (4.5) lacks the labels JupyterLab 4.6 renamed or added (the Run menu's "Run Selected
Cell" and its kin): the build adds them from ``chemgames/lite/jupyterlab_de.json``; and it gives two
pairs of the Tabs menu's entries the same words, which the file's "corrections" replace: no two entries
of one menu read alike (every menu of JupyterLab read from its code, and every menu as the browser
shows it). Screenshots ``lite_menu_de_1280x720.png``, ``lite_menu_de_<menu>_1280x720.png``,
``lite_menu_en_1280x720.png``."""
from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from chemgames.lite.language import DOMAINS, LOCALE, TRANSLATIONS, alike, corrections, keep_language, supplement

from .conftest import ARTIFACTS
from .visit import GAME, IDLE, RUN_ALL, RUN_MENU

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]

#: English words and names the German pack uses as German (the View menu's "Sitzungen und Tabs",
#: "Debugger-Bereich"; the Help menu's "JupyterLab Referenz")
LOANWORDS = {"Notebook", "Tab", "Tabs", "Debugger", "Editor", "Widget", "Jupyter"}
#: JupyterLab's menu bar with the German pack, and without it (the labels a student must not see)
GERMAN = ["Datei", "Bearbeiten", "Anzeigen", "Ausführen", "Kernel", "Tabs", "Einstellungen", "Hilfe"]
ENGLISH = ["File", "Edit", "View", "Run", "Kernel", "Tabs", "Settings", "Help"]
VISIBLE_LABELS = """() => [...document.querySelectorAll('.lm-MenuBar-itemLabel')].map(e => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return {text: e.innerText.trim(), shown: r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
          && r.right <= innerWidth && r.bottom <= innerHeight && s.visibility !== 'hidden' && s.display !== 'none'
          && Number(s.opacity) > 0};
})"""
MENU_ITEM_SHOWN = """name => { const e = [...document.querySelectorAll('.lm-Menu .lm-Menu-itemLabel')]
  .find(x => x.innerText.trim() === name); if (!e) return false; const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; }"""


def test_the_site_carries_german_and_english_only(site):
    api = site / TRANSLATIONS
    assert sorted(p.name for p in api.glob("*.json")) == ["all.json", f"{LOCALE}.json", "en.json"]
    assert sorted(json.loads((api / "all.json").read_text())["data"]) == [LOCALE, "en"]
    pack = json.loads((api / f"{LOCALE}.json").read_text())["data"]
    assert sorted(pack) == sorted(DOMAINS)
    # the words of the notebooks' instruction are in the pack the site ships (not only in our tests)
    assert pack["jupyterlab"]["Run All Cells"] == [RUN_ALL] and pack["jupyterlab"]["Run"] == [RUN_MENU]
    # and the labels JupyterLab 4.6 added, which the pack lacks (chemgames/lite/jupyterlab_de.json)
    assert pack["jupyterlab"]["Run Selected Cell"] == ["Ausgewählte Zelle ausführen", "Ausgewählte Zellen ausführen"]
    assert all(strings.items() <= pack[domain].items() for domain, strings in supplement().items())
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["settingsOverrides"]["@jupyterlab/translation-extension:plugin"] == {"locale": LOCALE}
    # the site lock lists the pack like every other file
    files = json.loads((site / "chemgames-lite.lock.json").read_text())["files"]
    assert f"{TRANSLATIONS}/{LOCALE}.json" in files


def test_the_added_german_strings_are_labels_jupyterlab_shows_in_their_form():
    """Each string ``jupyterlab_de.json`` adds is a label of the installed JupyterLab, in the form
    JupyterLab asks for it: a counted label (``_n("Run Selected Cell", "Run Selected Cells", n)``) has
    a singular and a plural, a plain one (``__("Clear Cell Output")``, ``__("Cell %1/%2", i, n)``) one text, and one with the
    context "menu" is a menu's label in JupyterLab's settings schemas. The German pack, read from its
    own package, has none of them (else the build keeps the pack's)."""
    lab = Path(sys.prefix) / "share" / "jupyter" / "lab"
    if not (lab / "static").is_dir():
        pytest.skip("JupyterLab is not installed here")
    code = "".join(p.read_text("utf-8") for p in (lab / "static").glob("*.js"))
    schemas = "".join(p.read_text("utf-8") for p in (lab / "schemas").rglob("*.json"))
    added = supplement()["jupyterlab"]
    assert "Run Selected Cell" in added and len(added) >= 10
    for key, texts in added.items():
        context, _, msgid = key.rpartition("\x04")
        quoted = json.dumps(msgid, ensure_ascii=False)
        if context:
            assert context == "menu" and f'"label": {quoted}' in schemas, key
            assert len(texts) == 1, key
        elif re.search(r"_n\(" + re.escape(quoted) + r",\s*\"", code):
            assert len(texts) == 2 and texts[0] != texts[1], key
        else:
            assert re.search(r"__\(" + re.escape(quoted) + r"[,)]", code) and len(texts) == 1, key
        # German words: none of the label's English words is left but the pack's own loanwords
        english = set(re.findall(r"[A-Za-z]+", msgid)) - LOANWORDS
        assert all(t and not english & set(re.findall(r"\w+", t)) for t in texts), (key, texts)
    pack = pytest.importorskip("jupyterlab_language_pack_de_DE")
    own = json.loads((Path(pack.__file__).parent / "locale" / LOCALE / "LC_MESSAGES" / "jupyterlab.json")
                     .read_text("utf-8"))
    assert not set(added) & set(own)
    # the widgets manager's Settings entry ("Save Widget State Automatically"), in its own domain
    manager = lab.parent / "labextensions" / "@jupyter-widgets" / "jupyterlab-manager" / "static"
    widgets_code = "".join(p.read_text("utf-8") for p in manager.glob("*.js"))
    own_widgets = json.loads((Path(pack.__file__).parent / "locale" / LOCALE / "LC_MESSAGES" / "jupyterlab_widgets.json")
                             .read_text("utf-8"))
    for key, texts in supplement()["jupyterlab_widgets"].items():
        assert re.search(r"__\(" + re.escape(json.dumps(key)) + r"[,)]", widgets_code) and len(texts) == 1, key
        english = set(re.findall(r"[A-Za-z]+", key)) - LOANWORDS
        assert texts[0] and not english & set(re.findall(r"\w+", texts[0])) and key not in own_widgets, (key, texts)
    # a loanword is one the pack's German uses itself ("Nächsten Tab aktivieren", "Debugger einschalten")
    german = {w for v in own.values() if isinstance(v, list) for t in v for w in re.findall(r"\w+", t)}
    assert LOANWORDS <= german, LOANWORDS - german


def installed_lab() -> Path:
    lab = Path(sys.prefix) / "share" / "jupyter" / "lab"
    if not (lab / "static").is_dir():
        pytest.skip("JupyterLab is not installed here")
    return lab


def installed_pack(domain: str = "jupyterlab") -> dict:
    pack = pytest.importorskip("jupyterlab_language_pack_de_DE")
    return json.loads((Path(pack.__file__).parent / "locale" / LOCALE / "LC_MESSAGES" / f"{domain}.json").read_text("utf-8"))


def jupyterlab_menus(lab: Path) -> dict[str, list[str]]:
    """Each main menu of the installed JupyterLab (``jupyter.lab.menus`` of its settings schemas, its
    submenus' entries included) with the English labels of its commands, read from JupyterLab's code:
    ``addCommand(ids.name, {label: trans.__("…")})`` with ``name="namespace:command"``. A command whose
    label is computed, or whose name leads to two labels, is left out (a label is never guessed)."""
    code = "".join(p.read_text("utf-8") for p in (lab / "static").glob("*.js"))
    ids: dict[str, set[str]] = defaultdict(set)
    for name, command in re.findall(r'\b(\w+)="([\w-]+:[\w-]+)"', code):
        ids[name].add(command)
    labels: dict[str, set[str]] = defaultdict(set)
    for name, label in re.findall(r'addCommand\(\w+\.(\w+),\{label:\w+\.__\("((?:[^"\\]|\\.)*)"\)', code):
        for command in ids.get(name, ()):
            labels[command].add(json.loads(f'"{label}"'))
    menus: dict[str, list[str]] = {}

    def entries(items: list[dict], into: list[str]) -> None:
        for item in items or []:
            if len(labels.get(item.get("command", ""), ())) == 1:
                into.append(next(iter(labels[item["command"]])))
            entries((item.get("submenu") or {}).get("items"), into)

    for schema in sorted((lab / "schemas").rglob("*.json")):
        for menu in json.loads(schema.read_text("utf-8")).get("jupyter.lab.menus", {}).get("main", []):
            entries(menu.get("items"), menus.setdefault(menu["id"], []))
    # the Help menu's links are resources, not commands: {text: trans.__("Jupyter Reference"), url: "…"}
    links = re.findall(r'\{text:\w+\.__\("((?:[^"\\]|\\.)*)"\),url:"', code)
    menus.setdefault("jp-mainmenu-help", []).extend(json.loads(f'"{text}"') for text in links)
    return menus


def test_no_two_entries_of_a_menu_read_alike_in_german(tmp_path):
    """The site's German pack (the installed pack trimmed and supplemented by the build's own
    ``keep_language``) gives every entry of each of JupyterLab's menus words of its own. The pack alone
    does not: its Tabs menu reads "Nächsten Tab aktivieren" twice and "Zuletzt benutzten Tab
    aktivieren" twice, its Help menu "JupyterLab Referenz" twice (the corrections' reason, checked here
    so that a pack that mends it shows)."""
    menus = jupyterlab_menus(installed_lab())
    tabs = menus["jp-mainmenu-tabs"]
    assert sorted(tabs) == ["Activate Next Tab", "Activate Next Tab Bar", "Activate Previous Tab",
                            "Activate Previous Tab Bar", "Activate Previously Used Tab"]
    assert sum(len(labels) for labels in menus.values()) >= 60  # most menus' entries are read, not a few
    assert {"Jupyter Reference", "JupyterLab Reference"} <= set(menus["jp-mainmenu-help"])
    own = installed_pack()
    assert alike(own, menus["jp-mainmenu-help"]) == {"JupyterLab Referenz": ["Jupyter Reference", "JupyterLab Reference"]}
    assert alike(own, tabs) == {"Nächsten Tab aktivieren": ["Activate Next Tab", "Activate Next Tab Bar"],
                                "Zuletzt benutzten Tab aktivieren": ["Activate Previous Tab", "Activate Previously Used Tab"]}
    api = tmp_path / TRANSLATIONS
    api.mkdir(parents=True)
    (api / "all.json").write_text(json.dumps({"data": {"en": {}, LOCALE: {}}, "message": ""}))
    (api / "en.json").write_text(json.dumps({"data": {}, "message": ""}))
    (api / f"{LOCALE}.json").write_text(json.dumps({"data": {"jupyterlab": own, "jupyterlab_widgets": installed_pack("jupyterlab_widgets")},
                                                    "message": ""}), "utf-8")
    keep_language(tmp_path)
    shipped = json.loads((api / f"{LOCALE}.json").read_text("utf-8"))["data"]["jupyterlab"]
    assert {menu: alike(shipped, labels) for menu, labels in menus.items() if alike(shipped, labels)} == {}
    # each correction replaces a string the pack has with other, German words
    fixed = corrections()["jupyterlab"]
    assert fixed and all(own.get(key) and own[key] != texts and shipped[key] == texts for key, texts in fixed.items())
    for key, texts in fixed.items():
        english = set(re.findall(r"[A-Za-z]+", key)) - LOANWORDS
        assert len(texts) == 1 and not english & set(re.findall(r"\w+", texts[0])), (key, texts)


def menu_labels(page) -> list[str]:
    """The menu bar's labels a student sees: each inside the window, with a box, not hidden."""
    labels = page.evaluate(VISIBLE_LABELS)
    assert all(x["shown"] for x in labels), labels
    return [x["text"] for x in labels]


def open_notebook(page, url: str) -> None:
    page.goto(f"{url}/lab/index.html?path={GAME}")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function("document.querySelectorAll('.lm-MenuBar-itemLabel').length >= 8")


def test_the_menus_are_german_and_english_is_one_switch_away(lite_browser, served):
    context = lite_browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(60_000)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        open_notebook(page, served)
        # the status bar speaks German too once the kernel is up ("Python (Pyodide) | Leerlauf")
        page.wait_for_function(f"document.querySelector('#jp-main-statusbar')?.innerText.includes('{IDLE}')",
                               timeout=120_000)
        assert menu_labels(page) == GERMAN
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{RUN_MENU}$")).click()
        page.wait_for_function(MENU_ITEM_SHOWN, arg=RUN_ALL)
        shown = page.locator(".lm-Menu .lm-Menu-itemLabel").all_inner_texts()
        assert "Run All Cells" not in shown and "Alle Zellen ausführen" in shown, shown
        # no entry of the Run menu is left in English (JupyterLab 4.6's "Run Selected Cell" was)
        assert "Ausgewählte Zelle ausführen" in shown and not [x for x in shown if re.match(r"Run\b", x)], shown
        page.screenshot(path=str(ARTIFACTS / "lite_menu_de_1280x720.png"))
        page.keyboard.press("Escape")
        # nor is any label the site adds left in English in any menu (JupyterLab 4.6's "Show Minimap",
        # "Activate Previous Tab Bar", "Settings Editor", ...), and no menu shows one label twice (the
        # pack's Tabs menu did: "Nächsten Tab aktivieren" for the next tab and the next tab bar)
        added = {key.rpartition("\x04")[2] for strings in supplement().values() for key in strings}
        for menu in GERMAN:
            page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
            # (a menu may begin with an entry of no label, e.g. the Kernel menu's)
            page.locator(".lm-Menu .lm-Menu-itemLabel", has_text=re.compile(r"\S")).first.wait_for()
            shown = [x.strip() for x in page.locator(".lm-Menu .lm-Menu-itemLabel").all_inner_texts()]
            assert len(shown) >= 3 and not added & set(shown), (menu, sorted(added & set(shown)))
            twice = sorted({x for x in shown if x and shown.count(x) > 1})
            assert twice == [], (menu, twice)
            if menu in ("Anzeigen", "Tabs", "Einstellungen"):
                page.screenshot(path=str(ARTIFACTS / f"lite_menu_de_{menu}_1280x720.png"))
            page.keyboard.press("Escape")
        # English, for a class that works in English: Einstellungen → Sprache → English, confirmed
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Einstellungen$")).click()
        page.locator(".lm-Menu .lm-Menu-itemLabel", has_text=re.compile("^Sprache$")).click()
        page.locator(".lm-Menu .lm-Menu-itemLabel", has_text=re.compile("^English")).click()
        dialog = page.locator(".jp-Dialog")
        dialog.wait_for()
        with page.expect_navigation(timeout=60_000):
            dialog.locator(".jp-mod-accept").click()  # "Ändern und neu laden"
        page.wait_for_selector(".jp-Notebook .jp-Cell")
        page.wait_for_function("document.querySelector('.lm-MenuBar-itemLabel')?.innerText.trim() === 'File'")
        assert menu_labels(page) == ENGLISH
        # the choice is kept in this browser: a later visit opens in English
        open_notebook(page, served)
        page.wait_for_function("document.querySelector('.lm-MenuBar-itemLabel')?.innerText.trim() === 'File'")
        assert menu_labels(page) == ENGLISH
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
        page.wait_for_function(MENU_ITEM_SHOWN, arg="Run All Cells")
        page.screenshot(path=str(ARTIFACTS / "lite_menu_en_1280x720.png"))
    finally:
        context.close()
    # a fresh browser (another student) starts German again
    context = lite_browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_notebook(page, served)
        page.wait_for_function("document.querySelector('.lm-MenuBar-itemLabel')?.innerText.trim() === 'Datei'")
        assert menu_labels(page) == GERMAN
    finally:
        context.close()
