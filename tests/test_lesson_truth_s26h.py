"""What a teacher or student reads in the lessons (plans, worksheets) and the game notebooks is true
of the code and of chemistry today (session 26, s26h): no half-merged text, every button, label and
message quoted in a plan is one the widgets and engines show, and every fact a worksheet or plan
states is checked against a source independent of the engine."""
from __future__ import annotations

import functools
import json
import math
import re
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Callable

import pytest
import sympy

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^(?:<{7}|>{7})(?: |$)|^={7}$", re.M)


def tracked_texts() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "*.md", "*.ipynb", "*.py", "*.json", "*.js", "*.toml", "*.txt"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / p for p in out if (ROOT / p).is_file()]


def test_no_text_holds_an_unresolved_merge():
    """Five English lesson plans showed both sides of a merge (``<<<<<<< HEAD`` … ``>>>>>>> s23d``)
    to teachers since session 23."""
    files = tracked_texts()
    assert any(p.name == "README.en.md" for p in files)
    bad = [p.relative_to(ROOT).as_posix() for p in files if MARKER.search(p.read_text("utf-8", errors="replace"))]
    assert not bad, f"unresolved merge markers in {bad}"


def test_the_marker_check_can_fail():
    assert MARKER.search("text\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> s23d\n")
    assert not MARKER.search("| a | b |\n|===|===|\n======== heading\n")


# --- what the plans and notebooks quote of the screen --------------------------------------------

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
QUOTE = re.compile(r"„([^“”]{1,80})“|“([^”]{1,80})”")
# quotes that are no text of the screen: what students say or ask, a phrase of the lesson's own words, the
# printed rule sheets (German), a link's section name; a name of a button or message must not be here
NOT_SHOWN = {
    "Why NaCl, but H₂O?", "Warum NaCl, aber H₂O?", "really exists", "nach der Spielregel erlaubt",
    "one card with its own charge", "eine Karte mit eigener Ladung", "Sulfur has the charge +4",
    "Schwefel hat die Ladung +4", "The engine allowed it, so the substance exists",
    "Die Engine hat es erlaubt, also gibt es den Stoff", "The charges balance, and still refused.",
    "Die Ladungen gleichen sich aus, trotzdem abgelehnt.", "For teachers: what the class learned",
    "What does the small 2 in H₂O mean?", "Was bedeutet die kleine 2 in H₂O?", "CH₃COOH has only one C, surely?",
    "CH₃COOH hat doch nur einmal C?", "What do they share?", "Was haben die beiden gemeinsam?",
    "×2 fits on NaCl, there is a 1 in it too.", "×2 passt auf NaCl, da ist doch auch eine 1.",
    "The noble gas shares nothing, so it does not fit.", "Das Edelgas hat doch nichts gemeinsam, also passt es nicht.",
    "I lay a noble gas on ×2 and pick up nothing.", "Ich lege ein Edelgas auf ×2 und muss nichts aufnehmen.",
    "How many different tiles can there be with 5 colours?", "Wie viele verschiedene Steine kann es mit 5 Farben geben?",
    "Red-yellow-green and green-yellow-red are two tiles.", "Rot-Gelb-Grün und Grün-Gelb-Rot sind zwei Steine.",
    "Es gibt 7 Möglichkeiten, dieses Chromino abzulegen.", "Es gibt 7 Möglichkeiten, dieses Chromino abzulegen",
    "There are 7 ways to lay this Chromino.", "There are 7 ways", "Es gibt 7 Möglichkeiten",
    "Which metal is heaviest?", "Welches Metall ist am schwersten?", "We have the same points, who won?",
    "Wir haben gleich viele Punkte, wer hat gewonnen?", "The area is big enough!", "Die Fläche ist doch groß genug!",
    "Why may I not take this iron card?", "Warum darf ich diese Eisenkarte nicht nehmen?", "and so on", "und so weiter",
    "Do they have something in common?", "Haben sie etwas gemeinsam?", "simple, because", "double, because",
    "einfach, weil", "doppelt, weil", "The 2 is forbidden, so 8 and 12 no longer match.",
    "Die 2 ist verboten, also passen 8 und 12 nicht mehr.", "No pair is free any more, the game is over.",
    "Es liegt kein Paar mehr frei, das Spiel ist aus.", "Same colour and coprime – why do they match?",
    "Gleiche Farbe und teilerfremd – warum passt das?", "H + H + O", "Einsatz einer Edelgaskarte",
    "at least two identical colour sides … in contact",  # the German rule sheet in English
    "In a tie the most gold cards won (then silver cards and so on) decide.",
    "Die Edelgaskarten passen nie und dürfen daher auf jede Karte gelegt werden",
    "number of O in the formula: 4 in H₂SO₄, 1 in H₂O", "Anzahl O in der Formel: 4 in H₂SO₄, 1 in H₂O",
}


def _strings(obj: object) -> list[str]:
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return [obj] if isinstance(obj, str) else []


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def screen_texts(langs: tuple[str, ...] = ("de", "en")) -> tuple[list[tuple[str, list[str]]], str]:
    """Every catalog text of ``langs`` (templates with ``{placeholders}``, split at them) and, in one string,
    those texts, the front end's and the engines' literal strings, the rules as implemented (``docs/rules``, which
    quote the printed rule sheets) and the headings of the notebooks and plans; lower case."""
    templates = [_flat(s).lower() for p in sorted((ROOT / "chemgames").rglob("catalog/**/*.json"))
                 if p.name.split(".")[-2] in langs for s in _strings(json.loads(p.read_text("utf-8")))]
    # the engines' own notation ("W ↔ G27 → R9 + G27"), not chemgames/widgets/*.py, whose docstrings quote German labels
    code = [p.read_text("utf-8") for p in [*(ROOT / "widgets").rglob("*.js"), *(ROOT / "docs" / "rules").glob("*.md"),
                                           *(ROOT / "chemgames" / "games").rglob("*.py")]]
    code = [re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), c) for c in code]
    headings = [m for p in [*(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "lessons").rglob("*.md")]
                for m in re.findall(r"#+ ([^\n\\\"]+)", p.read_text("utf-8"))]
    split = [(t, PLACEHOLDER.split(t)) for t in dict.fromkeys(templates) if "{" in t]
    return split, _flat("\n".join([*templates, *code, *headings])).lower()


def langs_of(path: Path) -> tuple[str, ...]:
    """A German plan or sheet quotes the German screen, an English one the English; notebooks use both."""
    if path.name in ("README.md", "arbeitsblatt.ipynb"):
        return ("de",)
    if path.name in ("README.en.md", "worksheet.ipynb"):
        return ("en",)
    return ("de", "en")


FILL = r"\S{1,20}"  # a placeholder holds a number, a formula, a name: one word


_SEEN: dict[str, bool] = {}


def _piece_shown(core: str, templates: list[tuple[str, list[str]]], literal: str) -> bool:
    key = f"{len(templates)}:{len(literal)}:{core}"  # one cache for each language's screen
    if key not in _SEEN:
        _SEEN[key] = _find(core, templates, literal)
    return _SEEN[key]


def _find(core: str, templates: list[tuple[str, list[str]]], literal: str) -> bool:
    if core in literal:
        return True
    words = re.findall(r"\w+", core) or [core]
    for t, parts in templates:
        if 2 * sum(len(w) for w in words if w in t) < sum(len(w) for w in words):  # most of it must be the template's
            continue
        last = len(parts) - 1
        for i in range(len(parts)):
            for j in range(i + 1, len(parts)):
                # the quote may begin inside the text before a placeholder and end inside the text after one;
                # at the template's very start or end the placeholder itself may begin or end it
                heads = [re.escape(parts[i][k:]) for k in range(len(parts[i])) if parts[i][k:].strip()]
                tails = [re.escape(parts[j][:k]) for k in range(1, len(parts[j]) + 1) if parts[j][:k].strip()]
                if not heads and not (i == 0 and parts[0] == ""):
                    continue
                if not tails and not (j == last and parts[last] == ""):
                    continue
                head = f"(?:{'|'.join(heads)})" if heads else ""
                tail = f"(?:{'|'.join(tails)})" if tails else ""
                inner = FILL.join(["", *(re.escape(p) for p in parts[i + 1:j]), ""])
                if re.fullmatch(f"{head}{inner}{tail}", core):
                    return True
    return False


def shown(quote: str, templates: list[tuple[str, list[str]]], literal: str) -> bool:
    """Is every piece of ``quote`` (split at "…", its marks ◇ ☢ ⬇ ★ stripped) a piece of a text the screen shows,
    placeholders filled, or of the rules as implemented?"""
    pieces = [_flat(p).strip(" .:!◇☢⬇▼✓✗★✔↺").lower() for p in quote.split("…")]
    return all(_piece_shown(p, templates, literal) for p in pieces if p)


def quoted(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        texts = ["".join(c["source"]) for c in json.loads(path.read_text("utf-8"))["cells"] if c["cell_type"] == "markdown"]
    else:
        texts = [path.read_text("utf-8")]
    return [m.group(1) or m.group(2) for t in texts for m in QUOTE.finditer(t)]


def german_named(path: Path) -> set[str]:
    """Quotes an English text gives as the German screen's, '(German: “Namen zeigen”)'."""
    return {m for t in [path.read_text("utf-8")] for m in re.findall(r"German: “([^”]+)”", t)}


QUOTING = sorted(p for folder in ("lessons", "notebooks") for p in (ROOT / folder).rglob("*")
                 if p.suffix in (".md", ".ipynb") and ".ipynb_checkpoints" not in p.parts)


@pytest.fixture(scope="module")
def screens():
    return {langs: screen_texts(langs) for langs in (("de",), ("en",), ("de", "en"))}


@pytest.fixture(scope="module")
def screen(screens):
    return screens[("de", "en")]


@pytest.mark.parametrize("path", QUOTING, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_quoted_button_label_and_message_is_on_the_screen(path, screens):
    german = german_named(path)
    wrong = [q for q in quoted(path) if _flat(q).strip(" …") not in NOT_SHOWN
             and not shown(q, *screens[("de",) if q in german else langs_of(path)])]
    assert not wrong, f"{path.relative_to(ROOT)} quotes what no widget or engine shows: {wrong}"


def test_the_quote_check_finds_a_wrong_name(screen):
    templates, literal = screen
    assert shown("Erlaubte Plätze zeigen", templates, literal)
    assert shown("würde die Auslage in 2 Teile zerreißen", templates, literal)
    assert shown("◇ nicht in unserem Nachschlagewerk, nur nach Spielregel", templates, literal)
    assert shown("⬇ … herunterladen", templates, literal) and shown("Spieler 2: gespielt von", templates, literal)
    assert not shown("Show allowed places", templates, literal)
    assert not shown("would tear the lay-out into 2 pieces", templates, literal)
    assert not shown("◇ no known substance, allowed by the rule only", templates, literal)


def test_an_english_plan_quotes_the_english_screen(screens):
    assert shown("Namen zeigen", *screens[("de",)]) and not shown("Namen zeigen", *screens[("en",)])
    assert shown("Show names", *screens[("en",)])


# --- the facts the plans and worksheets state, against sources independent of the engine ------------
# tests/truth/truth_set.json: hand-written rows, each value backed by CRC, PubChem with RDKit's oxidation
# numbers, pymatgen, Holleman-Wiberg (never derived from chemgames' data); RDKit on the row's structure;
# mendeleev for atomic weights and densities; arithmetic for numbers. Each claim is read from the text, so a
# changed number, formula or name in a plan or worksheet is checked, not a copy of it kept here.

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
SUP = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
LESSON_TEXTS = sorted([*(ROOT / "lessons").glob("*/README*.md"), *(ROOT / "lessons").glob("*/*.ipynb"),
                       *(ROOT / "notebooks").rglob("*.ipynb")])


def lesson_text(path: Path) -> str:
    """What a reader sees of ``path``: a plan's text, a notebook's markdown and code, with the worksheet
    questions (the catalog) for a worksheet."""
    if path.suffix != ".ipynb":
        return path.read_text("utf-8")
    cells = json.loads(path.read_text("utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells)


def catalog_text(lang: str) -> str:
    return "\n".join(_strings(json.loads((ROOT / "chemgames" / "worksheets" / "catalog" / f"{lang}.json").read_text("utf-8"))))


def all_texts() -> dict[str, str]:
    """Every text, its line breaks and indents one space (a claim may wrap)."""
    texts = {p.relative_to(ROOT).as_posix(): lesson_text(p) for p in LESSON_TEXTS}
    texts.update({f"worksheets catalog {lang}": catalog_text(lang) for lang in ("de", "en")})
    return {k: _flat(v) for k, v in texts.items()}


@pytest.fixture(scope="module")
def truth():
    rows = json.loads((ROOT / "tests" / "truth" / "truth_set.json").read_text("utf-8"))["rows"]
    return {(f, r["charge"]): r for r in rows for f in r["formulas"]}


def ascii_formula(text: str) -> tuple[str, int]:
    """'[SO₄]²⁻' -> ('[SO4]2-', -2); 'Fe₂O₃' -> ('Fe2O3', 0)."""
    m = re.fullmatch(r"(.*?)([⁰¹²³⁴⁵⁶⁷⁸⁹]*)([⁺⁻]?)", text)
    assert m
    body, size, sign = m.group(1).translate(SUB), m.group(2).translate(SUP), m.group(3).translate(SUP)
    charge = (int(size or 1) * (1 if sign == "+" else -1)) if sign else 0
    return body + (f"{size}{sign}" if sign else ""), charge


def oxidation(row: dict, element: str) -> set[int]:
    """Every number the truth row allows for ``element`` (alternatives ' | ', several atoms 'C:-3,3')."""
    found: set[int] = set()
    for alternative in row["ox"].split(" | "):
        for part in alternative.replace("~", "").split():
            symbol, _, values = part.partition(":")
            if symbol == element:
                found.update(int(v) for v in values.split(","))
    return found


def row_of(truth: dict, formula: str) -> dict:
    name, charge = ascii_formula(formula)
    assert (name, charge) in truth, f"{formula} is not in the independent truth set"
    return truth[(name, charge)]


SIGNED = r"([+−-]\d)"
F = r"((?:\[[A-Za-z₀-₉]+\][⁰¹²³⁴⁵⁶⁷⁸⁹]*[⁺⁻])|(?:[A-Z][a-z]?[₀-₉]*)+)"  # a formula as the texts write it


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


def ion_claims(text: str) -> list[tuple[str, int, str]]:
    """'Fe²⁺ in FeO', 'Fe³⁺ in Fe₂O₃': (element, charge, compound)."""
    out = []
    for el, size, sign, compound in re.findall(rf"\b([A-Z][a-z]?)([¹²³⁴⁵⁶⁷]?)([⁺⁻]) (?:in|im) {F}", text):
        out.append((el, int(size.translate(SUP) or 1) * (1 if sign == "⁺" else -1), compound))
    return out


def false_ions(truth: dict, texts: dict[str, str]) -> tuple[int, list[str]]:
    seen, wrong = 0, []
    for where, text in texts.items():
        for el, charge, compound in ion_claims(text):
            row = row_of(truth, compound)
            if oxidation(row, el) != {charge} or "ionic" not in row["bonding"]:
                wrong.append(f"{where}: {el} in {compound} is {oxidation(row, el)} ({row['bonding']}), not the ion charge {charge}")
            seen += 1
    return seen, wrong


def test_every_ion_a_text_places_in_a_compound_has_that_charge_there(truth):
    seen, wrong = false_ions(truth, all_texts())
    assert seen >= 4 and not wrong, wrong  # Fe²⁺ in FeO and Fe³⁺ in Fe₂O₃, German and English


# (where, pattern with the claim's groups, the check): each pattern must be found in its texts
def _ox_in(element: str) -> Callable[..., None]:
    def check(truth: dict, number: str, *formulas: str) -> None:
        for f in formulas:
            assert oxidation(row_of(truth, f), element) == {_int(number)}, f"{element} in {f}: {oxidation(row_of(truth, f), element)}"
    return check


def _bonding(kind: str) -> Callable[..., None]:
    def check(truth: dict, *formulas: str) -> None:
        for f in re.split(r",\s*", ",".join(formulas)):
            assert kind in row_of(truth, f)["bonding"], f"{f} is {row_of(truth, f)['bonding']}, not {kind}"
    return check


def _exists(truth: dict, formula: str) -> None:
    assert "exists" in row_of(truth, formula)["labels"], formula


def _water(truth: dict, h: str, o: str) -> None:
    row = row_of(truth, "H₂O")
    assert oxidation(row, "H") == {_int(h)} and oxidation(row, "O") == {_int(o)} and "molecular" in row["bonding"]


def _named(lang: str) -> Callable[..., None]:
    def check(truth: dict, formula: str, name: str) -> None:
        names = [n.lower() for n in row_of(truth, formula)[f"names_{lang}"]]
        assert name.lower() in names, f"{formula} is {names}, not {name}"
    return check


def _salt_names(truth: dict, name: str, trivial: str) -> None:
    """The plan says what the explanation shows, '(name, also: trivial name)': the name is the truth set's, the
    trivial name the one the explanation prints (German: also the truth set's)."""
    from chemgames.chemistry import substance

    lang = "de" if name == "Natriumchlorid" else "en"
    _named(lang)(truth, "NaCl", name)
    assert substance("ClNa").trivial_name_in(lang) == trivial, substance("ClNa").trivial_name_in(lang)
    if lang == "de":
        _named(lang)(truth, "NaCl", trivial)


def _sulfur_six(truth: dict, listed: str) -> None:
    """The combinations of the cards with sulfur at +6 are exactly the ones the text lists."""
    cards = json.loads((ROOT / "chemgames" / "games" / "chemiekarten" / "data" / "cards.json").read_text("utf-8"))["cards"]
    combos = {c["formula"] for card in cards for c in card["combinations"] if re.search(r"S(?![a-z])", c["formula"])}
    six = {f for f in combos if 6 in oxidation(_row_ascii(truth, f), "S")}
    named = {ascii_formula(f)[0] for f in re.findall(F, listed)}
    assert named == six, f"the combinations with S +6 are {sorted(six)}, the text names {sorted(named)}"


def _row_ascii(truth: dict, formula: str) -> dict:
    m = re.fullmatch(r"(.*?)(?:(\d*)([+-]))?", formula)
    assert m
    charge = (int(m.group(2) or 1) * (1 if m.group(3) == "+" else -1)) if m.group(3) else 0
    return truth[(formula, charge)]


def _sulfur_card(truth: dict, a: str, b: str) -> None:
    cards = json.loads((ROOT / "chemgames" / "games" / "chemiekarten" / "data" / "cards.json").read_text("utf-8"))["cards"]
    (s,) = [c for c in cards if c["symbol"] == "S"]
    assert sorted(s["charges"]) == sorted([_int(a), _int(b)])
    printed = (ROOT / "docs" / "rules" / "chemiekarten-cards.md").read_text("utf-8")  # the printed rule sheet's card
    assert f"| S | Schwefel / Sulfur | {a.replace('−', '-')}, {b.replace('−', '-')} |".replace("-", "−") in printed.replace("-", "−")


def _ion_balance(truth: dict, formula: str, n1: str, q1: str, n2: str, q2: str) -> None:
    """'Na₂SO₄: 2·(+1) + 1·(−2) = 0': two Na⁺ and one [SO₄]²⁻ by the formula and the truth set."""
    assert _int(n1) * _int(q1) + _int(n2) * _int(q2) == 0
    row = row_of(truth, formula)
    if formula == "Na₂SO₄":
        assert row["counts"]["Na"] == _int(n1) and oxidation(row, "Na") == {_int(q1)}
        assert row["counts"]["S"] == _int(n2) and truth[("[SO4]2-", -2)]["charge"] == _int(q2) and "ionic" in row["bonding"]
    else:  # H₂O as a molecule: the oxidation numbers
        assert row["counts"]["H"] == _int(n1) and oxidation(row, "H") == {_int(q1)}
        assert row["counts"]["O"] == _int(n2) and oxidation(row, "O") == {_int(q2)}


def _atoms(truth: dict, formula: str, c: str, h: str, o: str, total: str) -> None:
    from rdkit import Chem

    mol = Chem.AddHs(Chem.MolFromSmiles(row_of(truth, formula)["smiles"]))
    counts = {s: sum(1 for a in mol.GetAtoms() if a.GetSymbol() == s) for s in "CHO"}
    assert counts == {"C": int(c), "H": int(h), "O": int(o)} and mol.GetNumAtoms() == int(total), counts


def _acetic(truth: dict, methyl: str, carboxyl: str) -> None:
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(row_of(truth, "CH₃COOH")["smiles"])  # CC(=O)O: atom 0 the methyl C, atom 1 the carboxyl C
    rdMolDescriptors.CalcOxidationNumbers(mol)
    ox = [a.GetIntProp("OxidationNumber") for a in mol.GetAtoms()]
    assert (ox[0], ox[1]) == (_int(methyl), _int(carboxyl)), ox


def _peroxide(truth: dict, *xs: str | None) -> None:
    (x,) = [x for x in xs if x]
    assert 2 * 1 + 2 * _int(x) == 0 and oxidation(row_of(truth, "H₂O₂"), "O") == {_int(x)}


@functools.cache
def _mendeleev(symbol: str, what: str) -> float:
    from mendeleev import element

    return float(getattr(element(symbol), what))


def _water_mass(truth: dict, h: str, o: str, total: str) -> None:
    weights = {s: _mendeleev(s, "atomic_weight") for s in ("H", "O")}
    assert float(h.replace(",", ".")) == round(weights["H"], 2) and float(o.replace(",", ".")) == round(weights["O"], 2)
    assert abs(2 * weights["H"] + weights["O"] - float(total.replace(",", "."))) < 0.005 + 1e-9


def _denser(truth: dict, factor: str) -> None:
    ratio = _mendeleev("Au", "density") / _mendeleev("Fe", "density")
    assert 0.9 * float(factor.replace(",", ".")) <= ratio < float(factor.replace(",", ".")), ratio


def _metal_cards(truth: dict, gold: str, iron: str) -> None:
    printed = (ROOT / "docs" / "rules" / "metallurgie.md").read_text("utf-8")
    assert f"{iron} iron" in printed and f"{gold} gold" in printed


def _formula_set(truth: dict, formula: str, members: str) -> None:
    """'H₂SO₄ = {H, O, S, ×2, ×4}': its elements and the indices written in it."""
    name = formula.translate(SUB)
    elements = set(re.findall(r"[A-Z][a-z]?", name))
    indices = {f"×{n}" for n in re.findall(r"[A-Za-z\]](\d+)", name)}
    assert set(re.split(r",\s*", members)) == elements | indices, (formula, members)


CLAIMS = [
    ("chemiekarten/README.md", rf"{SIGNED} im Molekül SO₂ \(und im Sulfit-Ion\)", lambda t, q: _ox_in("S")(t, q, "SO₂", "[SO₃]²⁻")),
    ("chemiekarten/README.en.md", rf"{SIGNED} in the molecule SO₂ \(and in the sulfite ion\)", lambda t, q: _ox_in("S")(t, q, "SO₂", "[SO₃]²⁻")),
    ("chemiekarten/README*.md", rf"{SIGNED} in SCl₂", lambda t, q: _ox_in("S")(t, q, "SCl₂")),
    ("chemiekarten/README.md", rf"{SIGNED} \(Sulfide wie FeS, H₂S\)", lambda t, q: _ox_in("S")(t, q, "FeS", "H₂S")),
    ("chemiekarten/README.en.md", rf"{SIGNED} \(sulfides such as FeS, H₂S\)", lambda t, q: _ox_in("S")(t, q, "FeS", "H₂S")),
    ("chemiekarten/README.md", rf"{SIGNED} \(SO₃, Sulfat\)", lambda t, q: _ox_in("S")(t, q, "SO₃", "[SO₄]²⁻")),
    ("chemiekarten/README.en.md", rf"{SIGNED} \(SO₃, sulfate\)", lambda t, q: _ox_in("S")(t, q, "SO₃", "[SO₄]²⁻")),
    ("chemiekarten/README.md", r"\+6 erreicht man im Spiel nur über die Kombinationen ([^.(]+)", _sulfur_six),
    ("chemiekarten/README.en.md", r"\+6 is reached only\s+through the combinations ([^.(]+)", _sulfur_six),
    ("chemiekarten/README*.md", r"card (?:shows|trägt) ([+−]\d) (?:and|und) ([+−]\d)", _sulfur_card),
    ("chemiekarten/README.md", r"Die Karte trägt ([+−]\d) und ([+−]\d)", _sulfur_card),
    ("chemiekarten/*", r"(?:Schwefelkarte trägt|sulfur card shows) ([+−]\d) (?:und|and) ([+−]\d)", _sulfur_card),
    ("chemiekarten/README.md", r"Ionenverbindung \(([^:]+): Metall und Nichtmetall", _bonding("ionic")),
    ("chemiekarten/README.en.md", r"ionic compound \(([^:]+): a large difference", _bonding("ionic")),
    ("chemiekarten/README*.md", r"(?:Molekülverbindung|molecular compound) \(([^:]+): ", _bonding("molecular")),
    ("chemiekarten/*", rf"(Na₂SO₄):\s+(\d)·\(([+−]\d)\) \+ (\d)·\(([+−]\d)\) = 0", _ion_balance),
    ("chemiekarten/*", rf"(H₂O): (\d)·\(([+−]\d)\) \+ (\d)·\(([+−]\d)\) = 0", _ion_balance),
    ("chemiekarten/*", r"Na₂SO₄ (?:ist eine Ionenverbindung|is an ionic compound)", lambda t: _bonding("ionic")(t, "Na₂SO₄")),
    ("chemiekarten/*", rf"(?:Wasserstoff hat darin die Oxidationszahl|in it hydrogen has the oxidation number) {SIGNED}, "
                       rf"(?:Sauerstoff|oxygen) {SIGNED}", _water),
    ("chemiekarten/*", r"(?:Eisensulfid|Iron\s+sulfide) (FeS) (?:gibt es wirklich|really exists)", _exists),
    ("chemix/README*.md", r"(CH₃COOH): (\d) C, (\d) H, (\d) O = (\d+) (?:Atome|atoms)", _atoms),
    ("chemix/README*.md", r"(?:Das C der CH₃-Gruppe hat|the C of the CH₃ group has) ([+−]\d), (?:das C der COOH-Gruppe|the C of the COOH group) ([+−]\d)", _acetic),
    ("chemix/README*.md", r"2·\(\+1\) \+ 2·x = 0 (?:für H₂O₂ x = ([+−]\d)|gives x = ([+−]\d) for H₂O₂)", _peroxide),
    ("chemix/README*.md", r"H₂O: 2 · (1[,.]\d\d) \+ (16[,.]\d\d) = (18[,.]\d\d) g/mol", _water_mass),
    ("chemix/README*.md", r"\((Natriumchlorid|sodium chloride), (?:auch|also): (\w+(?: \w+)?)\)", _salt_names),
    ("chemix/*.ipynb", r"(?:Sauerstoff|Oxygen) (O₂)", lambda t, f: _named("en")(t, f, "oxygen")),
    ("worksheets catalog de", r"die Verbindungskarte (O₂) \((Sauerstoff)\)", _named("de")),
    ("worksheets catalog de", r"(Na₂CO₃) \((Soda)\)", _named("de")),
    ("chemix/*.ipynb", r"(?:Soda) (Na₂CO₃)", lambda t, f: _named("de")(t, f, "Soda")),
    ("chemuno/README*.md", r"(H₂SO₄) = \{([^}]+)\}", _formula_set),
    ("chemuno/*", r"(H₂O) = \{([^}]+)\}", _formula_set),
    ("metallurgie/README*.md", r"(?:fast|almost|nearly) (\d[,.]\d)(?:-mal so dicht wie Eisen| times as dense as iron)", _denser),
    ("metallurgie/README.md", r"(\d+) Gold gegen (\d+) Eisen", _metal_cards),
    ("metallurgie/README.en.md", r"(\d+) gold against (\d+) iron", _metal_cards),
]


def _peroxydisulfate(truth: dict, name: str, s: str, o: str) -> None:
    row = row_of(truth, "[S₂O₈]²⁻")
    assert oxidation(row, "S") == {_int(s)} and row["ox"].split("O:")[1].split(",").count(o.replace("−", "-")) == 2, row["ox"]
    assert any(name.lower() in n.lower() for n in row["names_de"] + row["names_en"]), name


CLAIMS.append(("chemiekarten/README*.md", r"\[S₂O₈\]²⁻ \((Peroxodisulfat|peroxydisulfate): (?:Schwefel|sulfur) ([+−]\d), "
               r"(?:zwei der acht|two of the eight) O ([+−]\d)\)", _peroxydisulfate))


def _claim_texts(pattern: str, texts: dict[str, str]) -> dict[str, str]:
    if pattern.startswith("worksheets catalog"):
        return {pattern: texts[pattern]}
    return {k: v for k, v in texts.items() if Path(k).match(f"lessons/{pattern}")}


def false_claims(where: str, pattern: str, check, truth: dict, texts: dict[str, str]) -> list[str]:
    """What of ``where``'s texts, read by ``pattern``, ``check`` finds false (or that nothing states it)."""
    found = [(k, m) for k, t in _claim_texts(where, texts).items() for m in re.finditer(pattern, t)]
    if not found:
        return [f"no text of {where} states {pattern!r}: the claim moved or changed; read it and update this table"]
    wrong = []
    for k, m in found:
        try:
            check(truth, *m.groups())
        except AssertionError as e:
            wrong.append(f"{k}: “{m.group(0)}” is not true: {e}")
    return wrong


@pytest.fixture(scope="module")
def texts():
    return all_texts()


@pytest.mark.parametrize("where,pattern,check", CLAIMS, ids=[f"{w}:{p[:30]}" for w, p, _ in CLAIMS])
def test_a_stated_fact_is_true(where, pattern, check, truth, texts):
    assert not false_claims(where, pattern, check, truth, texts)


PLANTED = [  # (file, true text, a wrong one a careless edit might leave)
    ("lessons/chemiekarten/README.md", "+2 in SCl₂", "+1 in SCl₂"),
    ("lessons/chemiekarten/README.en.md", "Fe³⁺ in Fe₂O₃", "Fe²⁺ in Fe₂O₃"),
    ("lessons/chemiekarten/README.md", "SO₃, [SO₄]²⁻ und [S₂O₈]²⁻ (Peroxodisulfat", "SO₃ und [SO₄]²⁻ (Peroxodisulfat"),
    ("lessons/chemix/README.md", "2 C, 4 H, 2 O = 8 Atome", "2 C, 4 H, 2 O = 7 Atome"),
    ("lessons/chemix/README.en.md", "x = −1", "x = −2"),
    ("lessons/chemix/README.md", "16,00 = 18,02", "16,00 = 18,20"),
    ("lessons/chemuno/README.md", "{H, O, S, ×2, ×4}", "{H, O, S, ×2}"),
    ("lessons/metallurgie/README.md", "fast 2,5-mal", "fast 3,5-mal"),
    ("lessons/metallurgie/README.en.md", "11 gold against 44 iron", "11 gold against 40 iron"),
    ("lessons/chemiekarten/worksheet.ipynb", "oxygen −2", "oxygen −1"),
    ("worksheets catalog de", "(Soda)", "(Pottasche)"),
    ("lessons/chemix/README.en.md", "also: common salt", "also: table salt"),
]


@pytest.mark.parametrize("path,right,wrong", PLANTED, ids=[f"{p}:{w}" for p, _, w in PLANTED])
def test_a_planted_wrong_fact_is_found(path, right, wrong, truth, texts):
    assert right in texts[path]
    planted = {**texts, path: texts[path].replace(right, wrong)}
    assert not [c for c in CLAIMS if false_claims(*c, truth, texts)] and not false_ions(truth, texts)[1]
    found = [c for c in CLAIMS if false_claims(*c, truth, planted)] + false_ions(truth, planted)[1]
    assert found, f"{wrong!r} in {path} passed"


# --- numbers: every sum, gcd, divisor list and prime factorisation a text writes out ----------------

EQUATION = re.compile(r"(?<![\w.,²³⁴⁵⁶⁷⁸⁹₀-₉\]])([+−-]?\(?\d[\d,.\s+−\-·×*/()]*?)\s=\s([−-]?\d+(?:[,.]\d+)?)(?![\d\w²³])")
GCD = re.compile(r"(?:ggT|gcd)\((\d+), (\d+)\) = (\d+)")
DIVISORS = re.compile(r"(\d+): (1(?:, \d+)+)")
FACTORS = re.compile(r"(?<![\d,.])(\d+) = (\d+[²³⁴⁵⁶]?(?:\s?·\s?\d+[²³⁴⁵⁶]?)+)(?![\d])")


def _value(expression: str) -> Fraction:
    python = re.sub(r"(?<=\d),(?=\d)", ".", expression).replace("−", "-").replace("·", "*").replace("×", "*")
    python = re.sub(r"\d+(?:\.\d+)?", lambda m: f"Fraction('{m.group(0)}')", python)
    value = eval(python, {"__builtins__": {}, "Fraction": Fraction})  # the characters are the pattern's: digits, + - * / ( ) .
    assert isinstance(value, Fraction)
    return value


def wrong_numbers(texts: dict[str, str]) -> tuple[int, list[str]]:
    seen, wrong = 0, []
    for where, text in texts.items():
        for m in EQUATION.finditer(text):
            left, right = m.group(1).strip(), m.group(2)
            if ", " in left or left.count("(") != left.count(")"):
                continue  # a list ("12, 18") or a bracket opened before the sum: not an equation
            stated = _value(right)
            places = len(right.partition(",")[2] or right.partition(".")[2])
            seen += 1
            if abs(_value(left) - stated) > Fraction(1, 2 * 10 ** places):
                wrong.append(f"{where}: {left} = {right}, but it is {float(_value(left)):g}")
        for a, b, g in GCD.findall(text):
            seen += 1
            if math.gcd(int(a), int(b)) != int(g):
                wrong.append(f"{where}: gcd({a}, {b}) = {g}, but it is {math.gcd(int(a), int(b))}")
        for n, listed in DIVISORS.findall(text):
            if not listed.endswith(f", {n}"):
                continue
            seen += 1
            if [int(d) for d in listed.split(", ")] != [d for d in range(1, int(n) + 1) if int(n) % d == 0]:
                wrong.append(f"{where}: the divisors of {n} are not {listed}")
        for n, product in FACTORS.findall(text):
            seen += 1
            factors = [(int(f.rstrip("²³⁴⁵⁶")), int(f[-1].translate(SUP)) if f[-1] in "²³⁴⁵⁶" else 1)
                       for f in re.split(r"\s?·\s?", product)]
            if math.prod(p ** e for p, e in factors) != int(n) or not all(sympy.isprime(p) for p, _ in factors):
                wrong.append(f"{where}: {n} = {product} is not its prime factorisation")
    return seen, wrong


def test_every_sum_gcd_divisor_list_and_factorisation_is_right():
    seen, wrong = wrong_numbers(all_texts())
    assert seen >= 20 and not wrong, wrong


@pytest.mark.parametrize("path,right,wrong", [
    ("lessons/chromino/README.md", "(125 − 25)/2 + 25 = 75", "(125 − 25)/2 + 25 = 85"),
    ("lessons/chemix/README.en.md", "2 · 1.01 + 16.00 = 18.02", "2 · 1.01 + 16.00 = 18.12"),
    ("lessons/raeumab/README.md", "ggT(12, 18) = 6", "ggT(12, 18) = 3"),
    ("lessons/raeumab/README.en.md", "36: 1, 2, 3, 4, 6, 9, 12, 18, 36", "36: 1, 2, 3, 4, 6, 12, 18, 36"),
    ("notebooks/lehrkraefte/raeumab.ipynb", "18 = 2·3²", "18 = 2²·3"),
    ("lessons/chemiekarten/README.md", "+1 − 2 = −1", "+1 − 2 = −3"),
])
def test_a_planted_wrong_number_is_found(path, right, wrong):
    texts = all_texts()
    assert right in texts[path] and not wrong_numbers(texts)[1]
    assert wrong_numbers({**texts, path: texts[path].replace(right, wrong)})[1]


# --- the element data a worksheet prints, against mendeleev (the engine takes them from periodictable) ---

def _num(text: str) -> float:
    return float(text.replace(",", "."))


def printed_element_data(lang: str) -> list[tuple[str, str, str]]:
    """(symbol, quantity, printed value) of ChemiX task 5's mass table and Metallurgie's tasks 1a and 1b."""
    from chemgames.worksheets import worksheet

    out = [(s, "atomic_weight", v) for s, v in
           re.findall(r"\b([A-Z][a-z]?) (\d+[,.]\d+)", worksheet("chemix", lang).task("5").task["question"])]
    for number, quantities in (("1a", {"ρ": "density"}), ("1b", {"Z": "atomic_number", "M": "atomic_weight"})):
        for step in worksheet("metallurgie", lang, solutions=True).task(number).result["steps"]:
            symbol = re.search(r"\((\w+)\)", step["text"])
            assert symbol, step["text"]
            for mark, quantity in quantities.items():
                value = re.search(rf"{mark} = (\d+(?:[,.]\d+)?)", step["text"])
                assert value, step["text"]
                out.append((symbol.group(1), quantity, value.group(1)))
    return out


def wrong_element_data(data: list[tuple[str, str, str]]) -> list[str]:
    wrong = []
    for symbol, quantity, printed in data:
        value = _mendeleev(symbol, quantity)
        places = len(re.split(r"[,.]", printed)[1]) if re.search(r"[,.]", printed) else 0
        # the printed value rounds mendeleev's, or (densities) agrees with it to 0.1 %
        if abs(_num(printed) - value) > 0.5 * 10 ** -places + 1e-9 and abs(_num(printed) / value - 1) > 0.001:
            wrong.append(f"{symbol} {quantity}: printed {printed}, mendeleev {value}")
    return wrong


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_element_data_a_worksheet_prints_agree_with_mendeleev(lang):
    data = printed_element_data(lang)
    assert len(data) >= 10 + 4 * 3 and not wrong_element_data(data)
    assert wrong_element_data([("Fe", "atomic_weight", "55,58")]) and wrong_element_data([("Au", "density", "19.8")])


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_chromino_formulas_print_the_minus_sign(lang):
    """'n·(n − 1) = 20' as the sheet's other sums ('(125 − 25) / 2'), not SymPy's hyphen 'n·(n - 1)'."""
    from chemgames.worksheets import worksheet

    sheet = worksheet("chromino", lang, solutions=True)
    maths = [s["math"]["text"] for n in sheet.numbers for s in sheet.task(n).result["steps"] if s["math"]]
    assert any("n·(n − 1)" in m for m in maths)
    assert not [m for m in maths if re.search(r"\s-\s|-(?=\d)", m)]
