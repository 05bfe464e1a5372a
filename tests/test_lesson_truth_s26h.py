"""What a teacher or student reads in the lessons (plans, worksheets) and the game notebooks is true
of the code and of chemistry today (session 26, s26h): no half-merged text, every button, label and
message quoted in a plan is one the widgets and engines show, and every fact a worksheet or plan
states is checked against a source independent of the engine."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

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


def screen_texts() -> tuple[list[tuple[str, list[str]]], str]:
    """Every catalog text (templates with ``{placeholders}``, split at them) and, in one string, those texts, the
    front end's and engines' literal strings, the rules as implemented (``docs/rules``, which quote the printed rule
    sheets) and the headings of the notebooks and plans; lower case."""
    templates = [_flat(s).lower() for p in sorted((ROOT / "chemgames").rglob("catalog/**/*.json")) for s in
                 _strings(json.loads(p.read_text("utf-8")))]
    code = [p.read_text("utf-8") for p in [*(ROOT / "widgets").rglob("*.js"), *(ROOT / "chemgames").rglob("*.py"),
                                           *(ROOT / "docs" / "rules").glob("*.md")]]
    code = [re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), c) for c in code]
    headings = [m for p in [*(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "lessons").rglob("*.md")]
                for m in re.findall(r"#+ ([^\n\\\"]+)", p.read_text("utf-8"))]
    split = [(t, PLACEHOLDER.split(t)) for t in dict.fromkeys(templates) if "{" in t]
    return split, _flat("\n".join([*templates, *code, *headings])).lower()


FILL = r"\S{1,20}"  # a placeholder holds a number, a formula, a name: one word


_SEEN: dict[str, bool] = {}


def _piece_shown(core: str, templates: list[tuple[str, list[str]]], literal: str) -> bool:
    if core not in _SEEN:
        _SEEN[core] = _find(core, templates, literal)
    return _SEEN[core]


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
    return [a or b for t in texts for a, b in QUOTE.findall(t)]


QUOTING = sorted(p for folder in ("lessons", "notebooks") for p in (ROOT / folder).rglob("*")
                 if p.suffix in (".md", ".ipynb") and ".ipynb_checkpoints" not in p.parts)


@pytest.fixture(scope="module")
def screen():
    return screen_texts()


@pytest.mark.parametrize("path", QUOTING, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_quoted_button_label_and_message_is_on_the_screen(path, screen):
    templates, literal = screen
    wrong = [q for q in quoted(path) if _flat(q).strip(" …") not in NOT_SHOWN and not shown(q, templates, literal)]
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
