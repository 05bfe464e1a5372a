"""German menus in the JupyterLite site (issue 26): the notebooks say "Ausführen → Alle Zellen
ausführen", so the site's JupyterLab speaks German by default.

``jupyter lite build`` writes ``api/translations/`` from every JupyterLab language pack installed in
the build environment (``jupyterlab_server`` finds them): ``all.json`` lists the languages the
"Einstellungen → Sprache" menu offers, ``<locale>.json`` holds a pack's strings for every extension
the pack knows (Git, LSP, Dask, ...). The site keeps German and English only, and of German only
the domains of what it carries (JupyterLab itself and the widgets manager): a build machine with
more packs installed ships no more. The setting below makes German the default; a student can
still switch to English in the menu (the choice is kept in the browser).

The German pack lags JupyterLab: pack 4.5 lacks the labels JupyterLab 4.6 renamed or added (the Run
menu's "Run Selected Cell", "… and Insert Below", "… and Do not Advance", the Edit menu's cell
entries, the status bar's "Cell 1/2"), which stayed English. ``jupyterlab_de.json`` holds them, and
the build adds each one the pack does not translate itself. (``chemgames lab`` cannot do the same: JupyterLab's server reads the
installed pack only, and its one hook for extra strings, a ``jupyterlab.locale`` entry point, merges
them only when the pack names a version, which the German pack does not: its version is
"jupyterlab", which fails to parse.)

The pack also gives two entries of one menu the same German label ("Nächsten Tab aktivieren" for
"Activate Next Tab" and "Activate Next Tab Bar", "Zuletzt benutzten Tab aktivieren" for "Activate
Previous Tab" and "Activate Previously Used Tab" in the Tabs menu, "JupyterLab Referenz" for "Jupyter
Reference" and "JupyterLab Reference" in the Help menu): a student sees the same words twice and cannot
tell which does what. ``jupyterlab_de.json``'s "corrections" replace those strings of the pack, and
``alike`` finds labels that read the same (the tests run it over every menu of JupyterLab).
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

#: the language pack the site is built with (``jupyterlab-language-pack-de-DE`` in the [lite] extra)
LOCALE = "de_DE"
#: JupyterLab's setting that picks the interface language (merged into the site's overrides)
LOCALE_SETTINGS = {"@jupyterlab/translation-extension:plugin": {"locale": LOCALE}}
#: gettext domains of the site's front end (its three extensions bring no strings of their own
#: beyond the widgets manager's); other domains of the pack belong to extensions the site lacks
DOMAINS = ("jupyterlab", "jupyterlab_widgets")
TRANSLATIONS = "api/translations"
#: German strings of JupyterLab's menus that the pack lacks (see above)
SUPPLEMENT = Path(__file__).with_name("jupyterlab_de.json")


def _sections(locale: str) -> dict:
    return json.loads(SUPPLEMENT.read_text("utf-8")) if locale == "de_DE" else {}


def supplement(locale: str = LOCALE) -> dict[str, dict[str, list[str]]]:
    """The strings ``jupyterlab_de.json`` adds to the ``locale`` pack, by domain (none for another
    locale).

    >>> supplement()["jupyterlab"]["Run Selected Cell"]
    ['Ausgewählte Zelle ausführen', 'Ausgewählte Zellen ausführen']
    >>> supplement("fr_FR")
    {}
    """
    return {domain: strings for domain, strings in _sections(locale).items() if domain not in ("about", "corrections")}


def corrections(locale: str = LOCALE) -> dict[str, dict[str, list[str]]]:
    """The strings of the ``locale`` pack that ``jupyterlab_de.json`` replaces, by domain: where the
    pack gives two entries of one menu the same words.

    >>> corrections()["jupyterlab"]["Activate Next Tab Bar"]
    ['Nächste Tab-Leiste aktivieren']
    >>> corrections("fr_FR")
    {}
    """
    return _sections(locale).get("corrections", {})


def german(strings: Mapping[str, object], msgid: str) -> str:
    """The label a pack's ``strings`` (one domain) show for ``msgid``: its first (singular) text, or
    the English ``msgid`` itself where the pack has none (as JupyterLab shows it).

    >>> german({"Close Tab": ["Tab schließen"], "": {"domain": "jupyterlab"}}, "Close Tab"), german({}, "Close Tab")
    ('Tab schließen', 'Close Tab')
    """
    texts = strings.get(msgid)
    return texts[0] if isinstance(texts, list) and texts and texts[0] else msgid


def alike(strings: Mapping[str, object], msgids: Iterable[str]) -> dict[str, list[str]]:
    """Of ``msgids`` (the English labels of one menu), those that ``strings`` (a pack's domain) show
    with the same words: each shared label with the English ones behind it. Empty when every entry
    reads differently.

    >>> pack = {"Activate Next Tab": ["Nächsten Tab aktivieren"], "Activate Next Tab Bar": ["Nächsten Tab aktivieren"],
    ...         "Close Tab": ["Tab schließen"]}
    >>> alike(pack, ["Activate Next Tab", "Activate Next Tab Bar", "Close Tab", "Close Tab"])
    {'Nächsten Tab aktivieren': ['Activate Next Tab', 'Activate Next Tab Bar']}
    """
    by_label: dict[str, set[str]] = {}
    for msgid in msgids:
        by_label.setdefault(german(strings, msgid), set()).add(msgid)
    return {label: sorted(ids) for label, ids in by_label.items() if len(ids) > 1}


def keep_language(out: Path, locale: str = LOCALE, domains: tuple[str, ...] = DOMAINS) -> dict[str, int]:
    """Trim a built site's ``api/translations`` to English and ``locale`` (with ``domains`` only);
    return the bytes of the translation files before and after. A site built without the pack
    would show English menus under a German setting: that is refused.

    >>> import tempfile; site = Path(tempfile.mkdtemp()); api = site / TRANSLATIONS; api.mkdir(parents=True)
    >>> _ = (api / "all.json").write_text(json.dumps({"data": {"en": {}, "de_DE": {}, "fr_FR": {}}, "message": ""}))
    >>> _ = (api / "fr_FR.json").write_text(json.dumps({"data": {"jupyterlab": {"File": ["Fichier"] * 500}}}))
    >>> _ = (api / "en.json").write_text('{"data": {}, "message": ""}')
    >>> _ = (api / "de_DE.json").write_text(json.dumps({"data": {"jupyterlab": {"": {}, "File": ["Datei"],
    ...     "Activate Next Tab Bar": ["Nächsten Tab aktivieren"]}, "jupyterlab_git": {"Push": ["Push"]}}, "message": ""}))
    >>> sizes = keep_language(site); sorted(p.name for p in api.iterdir())
    ['all.json', 'de_DE.json', 'en.json']
    >>> shipped = json.loads((api / "de_DE.json").read_text())["data"]
    >>> sorted(shipped), shipped["jupyterlab"]["File"], sorted(json.loads((api / "all.json").read_text())["data"])
    (['jupyterlab'], ['Datei'], ['de_DE', 'en'])
    >>> shipped["jupyterlab"]["Run Selected Cell"]  # JupyterLab 4.6's label, which the pack lacks
    ['Ausgewählte Zelle ausführen', 'Ausgewählte Zellen ausführen']
    >>> shipped["jupyterlab"]["Activate Next Tab Bar"]  # the pack's, corrected (it read like "Activate Next Tab")
    ['Nächste Tab-Leiste aktivieren']
    >>> sizes["after"] < sizes["before"]
    True
    >>> (api / "de_DE.json").unlink(); keep_language(site)
    Traceback (most recent call last):
    ...
    RuntimeError: the site has no de_DE language pack (its menus would be English): pip install 'chemgames[lite]' (jupyterlab-language-pack-de-DE, jupyterlab_server)
    """
    api = out / TRANSLATIONS
    pack = api / f"{locale}.json"
    if not pack.is_file():
        raise RuntimeError(f"the site has no {locale} language pack (its menus would be English): pip install "
                           "'chemgames[lite]' (jupyterlab-language-pack-de-DE, jupyterlab_server)")
    keep = {"en", locale}
    before = sum(p.stat().st_size for p in api.glob("*.json"))
    for other in api.glob("*.json"):
        if other.stem not in keep | {"all"}:
            other.unlink()
    listing = json.loads((api / "all.json").read_text("utf-8"))
    listing["data"] = {k: v for k, v in listing["data"].items() if k in keep}
    (api / "all.json").write_text(json.dumps(listing, indent=2, sort_keys=True), "utf-8")
    data = json.loads(pack.read_text("utf-8"))
    data["data"] = {k: v for k, v in data["data"].items() if k in domains}
    for domain, strings in supplement(locale).items():
        if domain in data["data"]:  # the pack's own string wins where it has one
            data["data"][domain] = {**strings, **data["data"][domain]}
    for domain, strings in corrections(locale).items():
        if domain in data["data"]:  # except where two entries of one menu read alike
            data["data"][domain] = {**data["data"][domain], **strings}
    # compact: the file is fetched on every cold start
    pack.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True), "utf-8")
    return {"before": before, "after": sum(p.stat().st_size for p in api.glob("*.json"))}


__all__ = ["DOMAINS", "LOCALE", "LOCALE_SETTINGS", "SUPPLEMENT", "alike", "corrections", "german", "keep_language",
           "supplement"]
