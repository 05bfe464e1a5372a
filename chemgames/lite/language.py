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
"""
from __future__ import annotations

import json
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


def supplement(locale: str = LOCALE) -> dict[str, dict[str, list[str]]]:
    """The strings ``jupyterlab_de.json`` adds to the ``locale`` pack, by domain (none for another
    locale).

    >>> supplement()["jupyterlab"]["Run Selected Cell"]
    ['Ausgewählte Zelle ausführen', 'Ausgewählte Zellen ausführen']
    >>> supplement("fr_FR")
    {}
    """
    if locale != "de_DE":
        return {}
    data = json.loads(SUPPLEMENT.read_text("utf-8"))
    return {domain: strings for domain, strings in data.items() if domain != "about"}


def keep_language(out: Path, locale: str = LOCALE, domains: tuple[str, ...] = DOMAINS) -> dict[str, int]:
    """Trim a built site's ``api/translations`` to English and ``locale`` (with ``domains`` only);
    return the bytes of the translation files before and after. A site built without the pack
    would show English menus under a German setting: that is refused.

    >>> import tempfile; site = Path(tempfile.mkdtemp()); api = site / TRANSLATIONS; api.mkdir(parents=True)
    >>> _ = (api / "all.json").write_text(json.dumps({"data": {"en": {}, "de_DE": {}, "fr_FR": {}}, "message": ""}))
    >>> _ = (api / "fr_FR.json").write_text(json.dumps({"data": {"jupyterlab": {"File": ["Fichier"] * 500}}}))
    >>> _ = (api / "en.json").write_text('{"data": {}, "message": ""}')
    >>> _ = (api / "de_DE.json").write_text(json.dumps({"data": {"jupyterlab": {"": {}, "File": ["Datei"]},
    ...     "jupyterlab_git": {"Push": ["Push"]}}, "message": ""}))
    >>> sizes = keep_language(site); sorted(p.name for p in api.iterdir())
    ['all.json', 'de_DE.json', 'en.json']
    >>> german = json.loads((api / "de_DE.json").read_text())["data"]
    >>> sorted(german), german["jupyterlab"]["File"], sorted(json.loads((api / "all.json").read_text())["data"])
    (['jupyterlab'], ['Datei'], ['de_DE', 'en'])
    >>> german["jupyterlab"]["Run Selected Cell"]  # JupyterLab 4.6's label, which the pack lacks
    ['Ausgewählte Zelle ausführen', 'Ausgewählte Zellen ausführen']
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
    # compact: the file is fetched on every cold start
    pack.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True), "utf-8")
    return {"before": before, "after": sum(p.stat().st_size for p in api.glob("*.json"))}


__all__ = ["DOMAINS", "LOCALE", "LOCALE_SETTINGS", "SUPPLEMENT", "keep_language", "supplement"]
