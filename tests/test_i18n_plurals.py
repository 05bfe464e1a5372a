"""Plurals by CLDR rules and numbers by locale, in every catalog (engine and widgets).

Independent source for the plural rules: the CLDR data as the browser has it (Node's
``Intl.PluralRules``), compared with Babel's; the catalogs are rendered with 0, 1 and 2 for every
count and read for the defects a review found ("1 Karten", "Karte(n)", "There are 1 ways")."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import pytest

import chemgames
from chemgames.core.i18n import LANGS, Num, choose, entry, format_number, keys, placeholders, plural_category, tr
from chemgames.widgets import ui_catalog
from chemgames.widgets.frontend import frontend_dir

REPO = Path(__file__).resolve().parents[1]

# plural nouns that must never follow the count 1, singular ones that must never follow 0 or 2
PLURAL_NOUNS = {
    "de": "Karten Punkte Atome Möglichkeiten Schritte Steine Steinen Züge Felder Seiten Positionen Strafkarten "
          "Verbindungskarten Eisenkarten Listen Teile Arten Verbindungen Steinnummern Karten-IDs Versuche Zügen "
          "Vorhersagen Aktionen Tische Tischen".split(),
    "en": "cards points atoms ways steps tiles turns squares sides positions pieces lists compounds ids numbers "
          "pts attempts moves predictions actions tables".split(),
}
SINGULAR_NOUNS = {
    "de": "Karte Punkt Atom Möglichkeit Schritt Stein Zug Feld Seite Position Strafkarte Verbindungskarte "
          "Liste Teil Art Verbindung Versuch Vorhersage Aktion Tisch".split(),
    "en": "card point atom way step tile turn square side position piece list id attempt move prediction action "
          "table".split(),
}
HAND_MADE = re.compile(r"\((?:n|e|s|en|es)\)|\w/\w+(?:en|n)\b|Zug/Züge|hat/haben|gewinnt/gewinnen")


# texts, not counts: a number never stands there
NOT_COUNTS = set("card cards tile formula formulas symbol element name names gas wish top action detail value game this "
                 "rule x y col player p id pos dir cells compounds charge charges how part stars defining a b sa sb "
                 "colour divisors removed left_divisors free joker other da db owner where to metal stack below "
                 "multiplier face m problems known choices langs field number current seat actor lead share sizes".split())
# numbers always shown with one decimal (a Num of digits 1): "1,0 Punkte" is right, an integer 1 never stands there
ONE_DECIMAL = {"margin", "amount"}
# a worksheet's fact about its fixed position, more than 1 by construction (the hand grew; the tiles
# of the set; every way to lay a tile there)
FIXED = {("ws.chemuno.hand_grew", "after"), ("ws.chromino.corner_ways", "total"), ("ws.chromino.down_ways", "total"),
         ("ws.chromino.none_fit", "total")}


def setup_module() -> None:
    for info in chemgames.games():  # every game registers its catalog when its module is imported
        chemgames.new_game(info.id, players=2, seed=1)


def catalog_files() -> list[tuple[str, Path, Path]]:
    """(name, de, en) for the shared catalog, every game's and every widget catalog."""
    root = Path(str(resources.files("chemgames")))
    out = []
    # every catalog of the package: the engine's, each game's, the server's, the widgets', the
    # record's (the teacher's report), the bots', the worksheets'
    for de in sorted(root.rglob("catalog/**/*de.json")):
        name = str(de.parent.relative_to(root)).replace("/catalog", "").replace("catalog", "chemgames") or "chemgames"
        out.append((f"{name}/{de.name}", de, de.with_name(de.name.replace("de.json", "en.json"))))
    return out


def all_entries() -> list[tuple[str, str, dict]]:
    """(file, key, {lang: entry}) for every key of every catalog."""
    out = []
    for name, de_path, en_path in catalog_files():
        de, en = (json.loads(p.read_text("utf-8")) for p in (de_path, en_path))
        for key in de:
            out.append((name, key, {"de": de[key], "en": en.get(key)}))
    return out


def render(value, lang: str, params: dict) -> str:
    """An entry as the engine (``tr``) and the front end (``translator``) render it."""
    text = choose(value, lang, params)
    return re.sub(r"{(\w+)(?:[:!][^}]*)?}", lambda m: str(params.get(m.group(1), m.group(0))), text)


@pytest.mark.parametrize("name,de_path,en_path", catalog_files(), ids=lambda x: str(x)[-40:])
def test_every_key_is_in_both_languages_with_the_same_parameters(name, de_path, en_path):
    de, en = (json.loads(p.read_text("utf-8")) for p in (de_path, en_path))
    assert set(de) == set(en), name
    for key in de:
        assert placeholders(de[key]) == placeholders(en[key]), (name, key)


def test_the_lite_start_page_words_are_in_both_languages():
    """The JupyterLite site's start and play pages take their words from ``lite/page.json`` (German
    and English side by side, not a ``catalog/`` folder, so the test above does not see it)."""
    words = json.loads((Path(str(resources.files("chemgames"))) / "lite" / "page.json").read_text("utf-8"))
    assert set(words) == set(LANGS)
    de, en = words["de"], words["en"]
    assert len(de) > 15 and set(de) == set(en)
    for key in de:
        assert placeholders(de[key]) == placeholders(en[key]), key


def test_no_hand_made_singular_entries_remain():
    from chemgames.core import i18n

    # a key and "<key>_one" side by side are two messages now (ra.gcd and ra.gcd_one: the gcd is 1)
    assert tr("de", "ra.gcd", a=7, b=9, g=1, divisors="–") != tr("de", "ra.gcd_one", a=7, b=9)
    assert "_one" not in Path(i18n.__file__).read_text("utf-8")
    assert "_one" not in (frontend_dir() / "shared" / "dom.js").read_text("utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_plural_objects_have_the_categories_of_the_language(lang):
    from babel import Locale

    needed = set(Locale(lang).plural_form.tags) | {"other"}
    found = 0
    for name, key, values in all_entries():
        value = values[lang]
        if isinstance(value, dict):
            found += 1
            forms = set(value) - {"count"}
            assert forms == needed, (name, key, forms)
            names = placeholders(value)
            count = value.get("count")
            assert count is None and len(names) <= 1 or isinstance(count, str), (name, key, "name the count")
    assert found > 60


def test_every_count_renders_without_plural_defects():
    checked = 0
    for name, key, values in all_entries():
        for lang in LANGS:
            value = values[lang]
            assert not HAND_MADE.search(json.dumps(value, ensure_ascii=False)), (name, key, lang)
            names = placeholders(value)
            count = value.get("count") if isinstance(value, dict) else None
            for target in (names - NOT_COUNTS - ONE_DECIMAL) | ({count} if count else set()):
                if (key, target) in FIXED:
                    continue
                for n in (0, 1, 2):
                    params = {p: "X" for p in names} | {target: n}
                    text = render(value, lang, params)
                    checked += 1
                    where = (name, key, lang, target, n, text)
                    assert not HAND_MADE.search(text), where
                    if n == 1:
                        assert not re.search(rf"\b1 (?:\w+ )?(?:{'|'.join(PLURAL_NOUNS[lang])})(?![\w-])", text), where
                    else:
                        assert not re.search(rf"\b{n} (?:{'|'.join(SINGULAR_NOUNS[lang])})(?![\w-])(?! \w+s\b)", text), where
    assert checked > 1000


def test_review_defects_are_gone():
    from chemgames.core.explanation import Msg

    assert tr("de", "cx.atom_count", n=1) == "1 Atom"
    assert tr("de", "ch.puzzle", n=1, tile="RGB") == "Es gibt 1 Möglichkeit, den Stein RGB abzulegen."
    assert tr("en", "ch.puzzle", n=1, tile="RGB") == "There is 1 way to lay the tile RGB."
    assert tr("de", "cx.pass_takes_back", n=1) == "Der Schritt dieses Zuges wird zuerst zurückgenommen"
    assert "liegt noch 1 Karte darunter" in tr("de", "ra.not_free", card="R4", col=2, n=1, free="Y8")
    assert Msg("cu.wish_met", wish="O", card="H2O", n=1).render("de").endswith("(1 in der Formel).")
    assert "nötig: 7" not in tr("de", "mt.area_size", card="Kupfer", n=7, need=7)


@pytest.mark.parametrize("lang", LANGS)
def test_babel_agrees_with_the_browsers_cldr_rules(lang):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    numbers = [0, 1, 2, 3, 5, 11, 21, 100, 1.5, 0.5]
    script = f"console.log(JSON.stringify({json.dumps(numbers)}.map((n) => new Intl.PluralRules({lang!r}).select(n))))"
    browser = json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True, check=True).stdout)
    assert [plural_category(lang, n) for n in numbers] == browser


def test_the_front_end_chooses_plural_forms_like_the_engine(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    dom = (frontend_dir() / "shared" / "dom.js").read_text("utf-8")
    cases = [(lang, key, n) for lang in LANGS for key in ("hand_size", "pile_of", "points_long", "chr.ways")
             for n in (0, 1, 2)]
    script = tmp_path / "t.mjs"
    script.write_text(dom + "\nconst cat = " + json.dumps({lang: ui_catalog(lang) for lang in LANGS}) + ";\n"
                      + "const cases = " + json.dumps(cases) + ";\n"
                      + "console.log(JSON.stringify(cases.map(([lang, key, n]) => translator(cat[lang], lang)"
                      + "(key, key === 'hand_size' || key === 'points_long' ? {n} : {n, p: 2, now: 1}))));\n"
                      + "console.log(JSON.stringify([formatNumber(32.06, 'de', 2), formatNumber(1234.5, 'en', 1)]));\n")
    out = subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout.splitlines()
    front = json.loads(out[0])
    engine = [render(ui_catalog(lang)[key], lang, {"n": n} if key in ("hand_size", "points_long") else {"n": n, "p": 2, "now": 1})
              for lang, key, n in cases]
    assert front == engine
    assert front[1] == "1 Karte auf der Hand" and front[13] == "1 card in hand"
    assert json.loads(out[1]) == ["32,06", "1,234.5"]


def test_numbers_are_formatted_by_the_locale():
    assert format_number(32.06, "de", 2) == "32,06" and format_number(32.06, "en", 2) == "32.06"
    assert format_number(55.845, "de", 2) == "55,85"  # half up, as printed on paper
    assert tr("de", "core.points", points=Num(1.25, 2)) == "1,25 Punkte"
    assert entry("de", "core.points") == {"count": "points", "one": "{points} Punkt", "other": "{points} Punkte"}
    assert keys("de") == keys("en")


def test_a_gcd_of_1_is_not_shown_as_a_product_of_shared_prime_factors():
    from chemgames.games.raeumab.pairs import _divisor_steps

    lines = [s.text("de") for s in _divisor_steps(7, 9, frozenset())]
    assert any("ggT(7, 9) = 1: 7 und 9 haben keinen gemeinsamen Primfaktor" in line for line in lines)
    assert not any("Primfaktoren: 1" in line for line in lines)
    assert any(line.endswith("als Produkt der gemeinsamen Primfaktoren: 2·3 = 6") for line in
               (s.text("de") for s in _divisor_steps(12, 18, frozenset())))
