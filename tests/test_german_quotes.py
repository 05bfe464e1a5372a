"""German texts quote with „…“, in every German catalog (s22e), and in the Markdown of the notebooks
and lessons (s23d) and of the documentation (``docs/``, s24f), where English quotes with “…”.

A 13-year-old read 'Eine "2" wird vom Stapel genommen' beside 'vom Stapel „2“'. German prose uses the
low-high pair „ … “ (Duden, "Anführungszeichen"), English the high pair “ … ”; straight quotes stay
only inside code a teacher types (``chemgames.report(db="…")``, ``mode='competitive'``, a list literal
``[q, r, "Fe"]``), where they are Python's own. Strings that build texts in the views
(``chemixLayoutText``) are checked in the browser-free node test of ``test_chemix_card_quotes`` below.

The notebooks and lesson plans mix the languages: a German notebook gives an English line in italics
beside the German one (``*Against the search bot …*``), an English note under a German cell. So the
Markdown is read in pieces (a line, and each italic span in it, without code), and each piece's
language is told by its common words (German "der, und, ist …", English "the, and, is …"), else it is
the file's (``worksheet.ipynb``, ``README.en.md`` and ``docs/`` English, the rest German). The docs
are English that quotes the German rule sheets ("the sheet's “nicht beides!”"): such a quotation
takes the marks of the English sentence it stands in; a line of German alone takes „…“.
``tools/quote_docs.py`` sets them so after docs were edited or merged.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted(p for p in (ROOT / "chemgames").rglob("catalog/**/*.json") if p.name == "de.json" or p.name.endswith(".de.json"))

# Python a reader types: a call "name(…)", a list literal "[…]", an argument "key='…'" / key="…"
# (a quotation in parentheses, ("table 3"), is prose: it was taken for code, and 53 stayed straight in docs/)
_CODE = re.compile(r"[\w.]+\([^()]*\)|\[[^\[\]]*\]|\b\w+=(?:'[^']*'|\"[^\"]*\")")
# a straight quote used as a quotation mark: around a word, a placeholder or a digit
_STRAIGHT = re.compile(r"(?<![\w])(['\"])[^'\"\s][^'\"]*?\1(?![\w])")


def _prose(text: str) -> str:
    return _CODE.sub(" ", text)


def _wrong_quotes(text: str, lang: str) -> list[str]:
    """What is wrong with the quotation marks of a prose ``text`` in ``lang`` (empty: nothing)."""
    prose = _prose(text)
    wrong = ["straight quotes"] if _STRAIGHT.search(prose) else []
    if re.search(r"»[^«»]*«|«[^«»]*»", prose):
        wrong.append("guillemets")
    opening, closing, foreign = ("„", "“", "\u201D") if lang == "de" else ("“", "\u201D", "„")
    if foreign in prose:
        wrong.append(f"{foreign} is not a {lang} quotation mark")
    rest = re.sub(f"{opening}[^{opening}{closing}]*{closing}", "", prose)
    if rest.count(opening) or rest.count(closing):
        wrong.append("unpaired")
    return wrong


ROOT_NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb")) + sorted((ROOT / "lessons").glob("*/*.ipynb"))
LESSON_PLANS = sorted((ROOT / "lessons").glob("*/README*.md"))
DOCS = sorted((ROOT / "docs").rglob("*.md"))
_WORDS = {"de": frozenset("der die das und ist nicht mit ein eine den dem des zu auf für sie es im du wird "
                          "werden sich auch oder wenn nach".split()),
          "en": frozenset("the and is of to a with for it on this that you are be or by as from".split())}
_ITALIC = re.compile(r"(?<![*\w])\*(?![*\s])([^*]+?)(?<![*\s])\*(?![*\w])")


def _file_lang(path: Path) -> str:
    return "en" if path.name in ("worksheet.ipynb", "README.en.md") or path in DOCS else "de"


def _markdown(path: Path) -> str:
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _pieces(markdown: str, default: str) -> list[tuple[str, str]]:
    """(language, text) of each piece of prose: a paragraph or a list item (its lines joined: a
    quotation may run over a line's end), without its italic spans, and each italic span; code
    (fenced or in backticks) is left out."""
    text = re.sub(r"```.*?```", "\n\n", markdown, flags=re.S)
    # a code span may run over a line's end; it stands as a word, so that an apostrophe after it stays
    # one ("`p`'s own and the others' moves" holds no quotation)
    text = re.sub(r"`[^`]*`", "code", text)
    items = re.split(r"\n\s*\n|\n(?=\s*(?:[*+-]|\d+\.|#+|\|)\s)", text)
    out: list[tuple[str, str]] = []
    for item in items:
        item = re.sub(r"^\s*(?:[*+-]|\d+\.|#+)\s+", "", item).replace("\n", " ")
        spans = [m.group(1) for m in _ITALIC.finditer(item)]
        for piece in [_ITALIC.sub(" ", item), *spans]:
            words = re.findall(r"[a-zäöüß]+", piece.lower())
            de, en = (sum(w in _WORDS[lang] for w in words) for lang in ("de", "en"))
            out.append(("en" if en > de else "de" if de > en else default, piece))
    return out


@pytest.mark.parametrize("path", ROOT_NOTEBOOKS + LESSON_PLANS + DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_and_lesson_markdown_quotes_as_its_language_does(path: Path) -> None:
    wrong = [f"{lang} {', '.join(w)}: {piece.strip()[:160]}"
             for lang, piece in _pieces(_markdown(path), _file_lang(path)) if (w := _wrong_quotes(piece, lang))]
    assert not wrong, "\n".join(wrong)


def test_the_markdown_reader_tells_the_pieces_apart() -> None:
    """A German line with its English translation in italics, and code left out."""
    line = ('Unter seinem Zug steht, warum er ihn gewählt hat; „Was würde der Bot tun?“ rät dir. '
            '*Against the search bot: it says why; “What would the bot do?” advises you.* `bots=["search"]`')
    pieces = _pieces(line, "de")
    assert [lang for lang, _ in pieces] == ["de", "en"] and not any(_wrong_quotes(t, lang) for lang, t in pieces)
    assert _wrong_quotes('names hidden; "Namen zeigen" shows them', "en") == ["straight quotes"]
    assert not any(_wrong_quotes(t, lang) for lang, t in _pieces("every move `p` saw: `p`'s own and the others' ones", "en"))
    assert _wrong_quotes("der Knopf “Was würde der Bot tun?”", "de")  # English marks in German
    assert _wrong_quotes("the button „Namen zeigen“", "en")  # German marks in English
    assert len(ROOT_NOTEBOOKS) >= 25 and len(LESSON_PLANS) == 12, (len(ROOT_NOTEBOOKS), len(LESSON_PLANS))
    assert {"record.md", "chemix.md", "chemuno.md"} <= {p.name for p in DOCS} and _file_lang(ROOT / "docs" / "record.md") == "en"


def test_the_checker_sees_what_it_should() -> None:
    """The two patterns, on texts written by hand (a checker that finds nothing passes every catalog)."""
    assert _STRAIGHT.search(_prose('Eine "2" wird vom Stapel genommen'))
    assert _STRAIGHT.search(_prose("Das Spiel '{game}' hat keine Option"))
    assert not _STRAIGHT.search(_prose("Eine „2“ wird vom Stapel genommen"))
    assert not _STRAIGHT.search(_prose('so: chemgames.report(db="…/chemgames-record.db").'))
    assert not _STRAIGHT.search(_prose("gehört zu mode='competitive'."))
    assert not _STRAIGHT.search(_prose('Einträgen [q, r, "Fe", ...], jeder'))
    assert not _STRAIGHT.search(_prose("Gib's her"))  # an apostrophe is no quotation mark
    assert _STRAIGHT.search(_prose('the report names the table by that number ("table 3")'))  # prose in parentheses
    # a lone » is an arrow ("» Fairen Start ausführen lassen"), not a quotation mark


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_chemix_card_quotes_follow_the_language() -> None:
    """The layout under a compound card ("H + „2“ + O") quotes a multiplier as its language does, with
    the widget catalogs' own "quoted" entry (German „…“, English “…”)."""
    script = (
        "import { readFileSync } from 'node:fs';\n"
        "import { chemixLayoutText } from './widgets/shared/chemix_card.js';\n"
        "const tOf = (lang) => { const ui = JSON.parse(readFileSync(`chemgames/widgets/catalog/${lang}.json`, 'utf8'));\n"
        "  return (k, p) => Object.entries(p || {}).reduce((s, [a, b]) => s.split(`{${a}}`).join(String(b)), ui[k] ?? k); };\n"
        "console.log(JSON.stringify([chemixLayoutText(['H', '2', 'O'], tOf('de')), chemixLayoutText(['H', '2', 'O'], tOf('en'))]));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert json.loads(out) == ["H + „2“ + O", "H + “2” + O"]


def test_chemix_engine_quotes_a_multiplier_as_its_language_does() -> None:
    """The engine's own texts name a layout card by card: "H + „2“ + O" in German (the lesson plan's
    "Na₂CO₃ = Na + „2“ + C + O + „3“"), "H + “2” + O" in English; the record keeps its plain text."""
    import chemgames
    from chemgames.core.action import Action
    from chemgames.record.events import facts_of

    g = chemgames.new_game("chemix", players=2, seed=0, lang="de", hands=[["H", "O", "C"], ["Na", "N", "S"]])
    for card in [c for c in g.view(0)["hand"] if c[0] in "HO"]:
        g.apply(Action("chemix", 0, "play", (("card", card),)))
    g.apply(Action("chemix", 0, "take", (("multiplier", "2"),)))
    wrong = g.check(Action("chemix", 0, "form", (("layout", ("O", "H", "2")),)))
    assert "H + „2“ + O" in str(wrong) and '"2"' not in str(wrong), str(wrong)
    assert "H + “2” + O" in str(wrong.in_lang("en")), str(wrong.in_lang("en"))
    assert facts_of(wrong, numbers=False)["params"]["cards"] == 'O + H + "2"'  # as records kept it
