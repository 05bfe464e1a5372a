"""Write every lesson's worksheet notebook in German (``arbeitsblatt.ipynb``) and English
(``worksheet.ipynb``) from the texts below: each task is a prediction widget
(``chemgames.worksheets``), so "Run All" shows the tasks and no answer. Run from the repository:
``python tools/make_worksheets.py``; the notebooks are saved without outputs.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FILES = {"de": "arbeitsblatt.ipynb", "en": "worksheet.ipynb"}
OTHER = {"de": ("English version", "worksheet.ipynb"), "en": ("Deutsche Fassung", "arbeitsblatt.ipynb")}
PLAN = {"de": ("Stundenentwurf", "README.md"), "en": ("Lesson plan", "README.en.md")}
NAME = {"de": "blatt", "en": "sheet"}
CALL = {"de": "aufgabe", "en": "task"}

# The student's sheet says how to work, never how to reveal every solution (issue 26): the switch
# for teachers (solutions=True, CHEMGAMES_SOLUTIONS=1) is in each lesson's README.
HOWTO = {
    "de": ("**So geht es:** *Ausführen → Alle Zellen ausführen* (*Run → Run All Cells*). Jede Aufgabe erscheint mit "
           "ihrer Frage, aber ohne Antwort. Überlege zuerst, wähle oder tippe deine **Vorhersage** und drücke "
           "„Vorhersage abgeben“: Erst dann rechnet die Spiel-Engine, zeigt ihre Antwort, erklärt sie und sagt, ob "
           "deine Vorhersage stimmt. Eine abgegebene Vorhersage bleibt stehen."),
    "en": ("**How it works:** *Run → Run All Cells*. Each task appears with its question and no answer. Think first, "
           "choose or type your **prediction** and press “Commit my prediction”: only then does the game engine work "
           "it out, show its answer, explain it and say whether your prediction was right. A committed prediction "
           "stays."),
}
NAMEDATE = {"de": "**Name:** ______________________  **Datum:** __________",
            "en": "**Name:** ______________________  **Date:** __________"}

# each sheet: title and introduction per language, then its parts: ("md", {lang: text}), ("task", number),
# ("code", {lang: source}) for a cell that computes nothing a task asks (a game to play, a playground)
SHEETS: dict[str, dict] = {}

SHEETS["chromino"] = {
    "title": {"de": "Arbeitsblatt: Warum gibt es genau 75 Chromino-Steine?",
              "en": "Worksheet: why are there exactly 75 Chromino tiles?"},
    "intro": {"de": "Ein Chromino-Stein besteht aus drei Feldern in einer Reihe; jedes Feld hat eine von 5 Farben "
                    "(● Rot, ▲ Gelb, ■ Grün, ◆ Blau, ★ Violett).",
              "en": "A Chromino tile is three squares in a row; each square has one of 5 colours "
                    "(● red, ▲ yellow, ■ green, ◆ blue, ★ purple)."},
    "parts": [
        ("md", {"de": "## Teil A: Abzählen\n\n**Aufgabe 1:** Zähle die Farbfolgen: erstes, zweites, drittes Feld.",
                "en": "## Part A: counting\n\n**Task 1:** Count the colour sequences: first, second, third square."}),
        ("task", "1"),
        ("md", {"de": "**Aufgabe 2:** Dreht man einen Stein um, liest man seine Farben rückwärts: Rot-Gelb-Grün ist "
                      "derselbe Stein wie Grün-Gelb-Rot. Eine Folge, die sich von beiden Enden gleich liest, ist ein "
                      "*Palindrom* (Rot-Gelb-Rot).",
                "en": "**Task 2:** Turn a tile round and you read its colours backwards: red-yellow-green is the same "
                      "tile as green-yellow-red. A sequence that reads the same from both ends is a *palindrome* "
                      "(red-yellow-red)."}),
        ("task", "2a"), ("task", "2b"),
        ("md", {"de": "**Aufgabe 3:** Die Formel für *n* Farben: n³ Folgen, n² Palindrome, der Rest paarweise. "
                      "Sag die Formel voraus; danach kannst du sie unten mit SymPy selbst umformen.",
                "en": "**Task 3:** The formula for *n* colours: n³ sequences, n² palindromes, the rest in pairs. "
                      "Predict the formula; afterwards you can rearrange it yourself with SymPy below."}),
        ("task", "3"),
        ("code", {"de": "import sympy as sp\n\nn = sp.symbols(\"n\", positive=True, integer=True)\n"
                        "meine_formel = None   # trage deine Formel ein, z. B. (n**3 - n**2) / 2 + n**2\n"
                        "if meine_formel is not None:\n"
                        "    print(\"vereinfacht:\", sp.factor(sp.simplify(meine_formel)))\n"
                        "    print(\"für n = 1 … 7:\", [meine_formel.subs(n, k) for k in range(1, 8)])",
                  "en": "import sympy as sp\n\nn = sp.symbols(\"n\", positive=True, integer=True)\n"
                        "my_formula = None   # type your formula, e.g. (n**3 - n**2) / 2 + n**2\n"
                        "if my_formula is not None:\n"
                        "    print(\"simplified:\", sp.factor(sp.simplify(my_formula)))\n"
                        "    print(\"for n = 1 … 7:\", [my_formula.subs(n, k) for k in range(1, 8)])"}),
        ("md", {"de": "**Aufgabe 5:** Die vier Sorten des Regelblatts: einfarbig (A-A-A), einseitig zweifarbig (A-A-B), "
                      "symmetrisch zweifarbig (A-B-A), dreifarbig (A-B-C, umgedreht C-B-A).",
                "en": "**Task 5:** The rule sheet's four kinds: one colour (A-A-A), two colours one-sided (A-A-B), "
                      "two colours symmetric (A-B-A), three colours (A-B-C, turned round C-B-A)."}),
        ("task", "5"),
        ("md", {"de": "**Aufgabe 6:** Das Regelblatt sagt: Jede Farbe erscheint auf gleich vielen Steinen. Tipp: Zähle "
                      "die Steine *ohne* Rot (sie haben nur 4 Farben) und ziehe sie ab.",
                "en": "**Task 6:** The rule sheet says every colour appears on equally many tiles. Hint: count the "
                      "tiles *without* red (they have only 4 colours) and subtract them."}),
        ("task", "6"),
        ("md", {"de": "## Teil B: Räumliches Denken\n\nEin Stein darf liegen, wenn er **mit mindestens zwei Seiten** an "
                      "der Auslage anliegt (Regelblatt: „mindestens an zwei identischen Farbseiten … Kontakt“), **jede "
                      "berührende Seite farblich passt** und nichts überlappt. Ein Feld in einer **Ecke** der Auslage "
                      "berührt mit zwei Seiten: Das sind schon zwei Verbindungen.\n\n"
                      "**Aufgabe 7:** Zeichne auf Karopapier: Startstein Rot-Gelb-Grün auf (−1, 0), (0, 0), (1, 0); "
                      "darüber Gelb-Grün-Grün auf (0, −1), (1, −1), (2, −1) (y wächst nach unten).",
                "en": "## Part B: thinking in space\n\nA tile may be laid when it touches the lay-out **with at least "
                      "two sides**, **every touching side matches in colour** and nothing overlaps. A square in a "
                      "**corner** of the lay-out touches with two sides: that is already two connections.\n\n"
                      "**Task 7:** Draw on squared paper: the start tile red-yellow-green on (−1, 0), (0, 0), (1, 0); "
                      "above it yellow-green-green on (0, −1), (1, −1), (2, −1) (y grows downwards)."}),
        ("task", "7"),
        ("md", {"de": "**Aufgabe 8:** Grün-Blau-Violett soll an diese Auslage. Zähle für jede Lage die berührenden "
                      "Seiten und prüfe die Farben, bevor du ankreuzt.",
                "en": "**Task 8:** Green-blue-purple is to join this lay-out. For each placement count the touching "
                      "sides and check the colours before you tick."}),
        ("task", "8"),
        ("md", {"de": "**Aufgabe 9:** Die Denkaufgabe des Regelblatts: „Es gibt 7 Möglichkeiten, dieses Chromino "
                      "abzulegen.“ Die Auslage: Rot-Gelb-Grün auf (−1, 0) bis (1, 0), Rot-Rot-Gelb waagrecht ab "
                      "(−2, −1), Rot-Grün-Gelb ab (0, 1) und Rot-Rot-Rot waagrecht ab (−3, −2), alle mit erlaubten "
                      "Zügen gelegt. Finde die Möglichkeiten für Rot-Rot-Grün auf Karopapier (waagrecht oder "
                      "senkrecht, auch umgedreht).",
                "en": "**Task 9:** The rule sheet's puzzle: “There are 7 ways to lay this Chromino.” The lay-out: "
                      "red-yellow-green on (−1, 0) to (1, 0), red-red-yellow across from (−2, −1), red-green-yellow "
                      "from (0, 1) and red-red-red across from (−3, −2), all laid with legal moves. Find the ways for "
                      "red-red-green on squared paper (across or down, also turned round)."}),
        ("task", "9a"), ("task", "9b"),
        ("md", {"de": "**Aufgabe 10 (Zusatz):** Dieselbe Auslage, alle 75 Steine.",
                "en": "**Task 10 (extra):** The same lay-out, all 75 tiles."}),
        ("task", "10"),
    ],
}

_PAIR_HELP = {
    "de": "Merke: *einfach passend* = dieselbe Farbe **oder** ein gemeinsamer Teiler größer als 1; *doppelt passend* = "
          "beides. Farben: ● rot, ■ blau, ▲ grün, ◆ gelb. Eine freie ⊘2-Verbotskarte sperrt **nur die 2 selbst** als "
          "gemeinsamen Teiler; 4, 6, 10 … zählen weiter (ebenso sperrt ⊘5 nur die 5).",
    "en": "Remember: a *simple match* is the same colour **or** a common divisor greater than 1; a *double match* is "
          "both. Colours: ● red, ■ blue, ▲ green, ◆ yellow. A free ⊘2 ban card forbids **only the 2 itself** as a "
          "common divisor; 4, 6, 10 … still count (⊘5 likewise forbids only the 5).",
}
SHEETS["raeumab"] = {
    "title": {"de": "Arbeitsblatt: Teiler, ggT und Primfaktoren mit Räum-Ab!",
              "en": "Worksheet: divisors, gcd and prime factors with Räum-Ab!"},
    "intro": _PAIR_HELP,
    "parts": [
        ("md", {"de": "## Aufgabe 1: Teiler\nSchreibe alle Teiler von 36 auf Papier.",
                "en": "## Task 1: divisors\nWrite down all the divisors of 36 on paper."}),
        ("task", "1"),
        ("md", {"de": "## Aufgabe 2: gemeinsame Teiler\nSchreibe die gemeinsamen Teiler von 12 und 18 auf Papier. Sag "
                      "dann voraus, ob die Karten rot ● 12 und blau ■ 18 einfach, doppelt oder gar nicht passen.",
                "en": "## Task 2: common divisors\nWrite down the common divisors of 12 and 18 on paper. Then predict "
                      "whether the cards red ● 12 and blue ■ 18 are a simple match, a double match or no match."}),
        ("task", "2"),
        ("md", {"de": "## Aufgabe 3: Primfaktorzerlegung\nZerlege 72 und 48 auf Papier in Primfaktoren. Bestimme daraus "
                      "den ggT.",
                "en": "## Task 3: prime factors\nWrite 72 and 48 as products of primes on paper. Work out the gcd "
                      "from them."}),
        ("task", "3a"), ("task", "3b"),
        ("md", {"de": "## Aufgabe 4: dieselbe Farbe", "en": "## Task 4: the same colour"}),
        ("task", "4a"), ("task", "4b"),
        ("md", {"de": "## Aufgabe 5: das Einmaleins\nWarum haben manche Zahlen nur wenige Partner? (Tipp: Zerlege sie auf Papier.)",
                "en": "## Task 5: the times tables\nWhy do some numbers have few partners? (Hint: factorise them on paper.)"}),
        ("task", "5"),
        ("md", {"de": "## Aufgabe 6: die Verbotskarte\nSchreibe zu jedem Paar die gemeinsamen Teiler auf Papier und "
                      "streiche die verbotenen Zahlen: Was bleibt übrig?",
                "en": "## Task 6: the ban card\nFor each pair write down the common divisors on paper and strike "
                      "out the forbidden numbers: what is left?"}),
        ("task", "6a"), ("task", "6b"), ("task", "6c"), ("task", "6d"),
        ("md", {"de": "## Aufgabe 7: der Joker\nDer Joker ist die 1.", "en": "## Task 7: the joker\nThe joker is the 1."}),
        ("task", "7a"), ("task", "7b"),
        ("md", {"de": "## Aufgabe 8: alle Paare finden\nDie untersten Karten sind: rot ● 12, blau ■ 18, gelb ◆ 7, grün "
                      "▲ 12, grün ▲ 36, blau ■ 45 und gelb ◆ 15. Schreibe **alle** Paare, die man nehmen kann, auf Papier "
                      "und markiere die doppelt passenden.",
                "en": "## Task 8: find every pair\nThe bottom cards are: red ● 12, blue ■ 18, yellow ◆ 7, green ▲ 12, "
                      "green ▲ 36, blue ■ 45 and yellow ◆ 15. On paper, write down **every** pair that can be taken and "
                      "mark the double matches."}),
        ("task", "8"),
        ("md", {"de": "## Aufgabe 9: die Wunschkarte\n„Bevor er ein Kartenpaar nimmt, darf der Spieler eine Wunschkarte "
                      "mit einer der letzten sieben Karten seines Ablagestapels tauschen.“ Frei liegen: Wunschkarte ✦, "
                      "rot ● 9, blau ■ 25 und gelb ◆ 7. Auf deinem Stapel liegen grün ▲ 64 und grün ▲ 27. Prüfe zuerst "
                      "auf Papier, ob ohne Tausch ein Paar frei liegt. Sag dann voraus: Welche Karte deines Stapels "
                      "holst du mit der Wunschkarte zurück?",
                "en": "## Task 9: the wish card\n“Before taking a pair, a player may swap a wish card for one of the "
                      "last seven cards of their pile.” Free: wish card ✦, red ● 9, blue ■ 25 and yellow ◆ 7. Your "
                      "pile holds green ▲ 64 and green ▲ 27. First check on paper whether a pair is free without a swap. "
                      "Then predict: Which card of your pile do you bring back with the wish card?"}),
        ("task", "9"),
        ("md", {"de": "## Zum Schluss\nSpiele im Übungsmodus allein und sage vor jedem Paar laut: *„einfach, weil …“* "
                      "oder *„doppelt, weil …“*.",
                "en": "## To finish\nPlay alone in practice mode and say before each pair: *“simple, because …”* or "
                      "*“double, because …”*."}),
        ("code", {"de": "from chemgames.widgets import play_raeumab\n\nplay_raeumab(players=1, lang=\"de\")",
                  "en": "from chemgames.widgets import play_raeumab\n\nplay_raeumab(players=1, lang=\"en\")"}),
    ],
}

SHEETS["chemiekarten"] = {
    "title": {"de": "Arbeitsblatt: Gleichen sich die Ladungen aus?", "en": "Worksheet: do the charges balance?"},
    "intro": {"de": "In jeder Aufgabe liegen Karten auf dem Tisch. Sag voraus, ob die Summe der Kartenladungen null "
                    "ergibt (und welche Ladung du bei Elementen mit mehreren Ladungen wählst). Die Engine zeigt danach "
                    "die Summe: bei einer Ionenverbindung als **Ladungsbilanz der Ionen**, bei einem Molekül als "
                    "**Summe der Oxidationszahlen**, und ob es den Stoff wirklich gibt oder nur die Spielregel ihn "
                    "erlaubt. Erkläre danach in einem Satz, warum.",
              "en": "In each task cards lie on the table. Predict whether the card charges add up to zero (and which "
                    "charge you choose for elements with several). The engine then shows the sum: for an ionic "
                    "compound as the **balance of the ion charges**, for a molecule as the **sum of the oxidation "
                    "numbers**, and whether the substance really exists or only the game's rule allows it. Then "
                    "explain why in one sentence."},
    "parts": [
        ("md", {"de": "**Aufgabe 1:** Wasser ist ein Molekül: Wasserstoff hat darin die Oxidationszahl +1, Sauerstoff −2.",
                "en": "**Task 1:** Water is a molecule: in it hydrogen has the oxidation number +1, oxygen −2."}),
        ("task", "1"),
        ("md", {"de": "**Aufgabe 2:** je eine Karte H und O.", "en": "**Task 2:** one H card and one O card."}),
        ("task", "2"),
        ("md", {"de": "**Aufgabe 3:** Eisen bildet zwei Ionen, Fe²⁺ und Fe³⁺.",
                "en": "**Task 3:** Iron forms two ions, Fe²⁺ and Fe³⁺."}),
        ("task", "3"), ("task", "4"),
        ("md", {"de": "**Aufgabe 5 (Teilbarkeit):** Die Ladungen gleichen sich aus, aber ist das *eine* Verbindung?",
                "en": "**Task 5 (divisibility):** the charges balance, but is it *one* compound?"}),
        ("task", "5"),
        ("md", {"de": "**Aufgabe 6 (die Schwefelkarte):** Die Schwefelkarte trägt +4 und +2. Das sind Oxidationszahlen "
                      "des Schwefels, keine Ionenladungen: SO₂ ist ein Molekül.",
                "en": "**Task 6 (the sulfur card):** the sulfur card shows +4 and +2. These are oxidation numbers of "
                      "sulfur, not ion charges: SO₂ is a molecule."}),
        ("task", "6"),
        ("md", {"de": "**Aufgabe 7 (Spielregel und Wirklichkeit):** Die Spielregel prüft nur, ob die Summe null ist. "
                      "(a) Eisensulfid FeS gibt es wirklich. (b) Bei Au, Bi, C, O geht die Summe auf. Gibt es den "
                      "Stoff? Lies in der Erklärung nach.",
                "en": "**Task 7 (the rule and reality):** the rule only checks that the sum is zero. (a) Iron "
                      "sulfide FeS really exists. (b) For Au, Bi, C, O the sum works out. Does the substance exist? "
                      "Read the explanation."}),
        ("task", "7a"), ("task", "7b"),
        ("md", {"de": "**Zum Weiterdenken (mehratomige Ionen):** Auf den Karten stehen Kombinationen wie [SO₄]²⁻. "
                      "Na₂SO₄ ist eine Ionenverbindung aus zwei Na⁺ und einem [SO₄]²⁻. Schreibe die Ladungsbilanz der "
                      "Ionen auf:\n\n2 · (+1) + 1 · (−2) = ____",
                "en": "**Think further (polyatomic ions):** the cards show combinations such as [SO₄]²⁻. Na₂SO₄ is an "
                      "ionic compound of two Na⁺ and one [SO₄]²⁻. Write down the balance of the ion charges:\n\n"
                      "2 · (+1) + 1 · (−2) = ____"}),
    ],
}

SHEETS["chemix"] = {
    "title": {"de": "Arbeitsblatt: Formeln, Indizes und molare Masse (ChemiX)",
              "en": "Worksheet: formulas, indices and molar mass (ChemiX)"},
    "intro": {"de": "In ChemiX legt man eine Verbindungskarte mit Element- und Zahlenkarten genau so, wie die Formel "
                    "geschrieben ist.",
              "en": "In ChemiX a compound card is laid with element and number cards exactly as the formula is "
                    "written."},
    "parts": [
        ("md", {"de": "## Teil A: Formeln und Indizes\n\n**Aufgabe 1:** Sauerstoff O₂. Viele legen zuerst zwei O-Karten.",
                "en": "## Part A: formulas and indices\n\n**Task 1:** Oxygen O₂. Many first lay two O cards."}),
        ("task", "1"),
        ("md", {"de": "**Aufgabe 2:** Soda Na₂CO₃. Zu welchem Symbol gehört die 2, zu welchem die 3?",
                "en": "**Task 2:** Soda Na₂CO₃. Which symbol does the 2 belong to, which the 3?"}),
        ("task", "2"),
        ("md", {"de": "## Teil B: Atome zählen", "en": "## Part B: counting atoms"}),
        ("task", "3"), ("task", "4"),
        ("md", {"de": "## Teil C: Die molare Masse der Verbindung, die gerade gelegt wurde\n\n**Aufgabe 5:** Zwei "
                      "Bots spielen, bis einer eine Verbindung aus mindestens fünf Atomen legt. Rechne ihre molare "
                      "Masse mit den Werten aus der Frage aus (auf zwei Nachkommastellen).",
                "en": "## Part C: the molar mass of the compound just laid\n\n**Task 5:** Two bots play until one "
                      "lays a compound of at least five atoms. Work out its molar mass with the values in the "
                      "question (to two decimal places)."}),
        ("task", "5"),
        ("md", {"de": "**Aufgabe 6 (Zusatz):** Ist der Stoff aus Ionen oder aus Molekülen aufgebaut? Welche "
                      "Oxidationszahlen haben die Elemente? Die Erklärung der Engine zeigt die Probe: x ist die "
                      "unbekannte Oxidationszahl.",
                "en": "**Task 6 (extra):** is the substance made of ions or of molecules? What are the elements' "
                      "oxidation numbers? The engine's explanation shows the check: x is the unknown oxidation "
                      "number."}),
        ("task", "6"),
    ],
}

SHEETS["metallurgie"] = {
    "title": {"de": "Arbeitsblatt: Metalle und zusammenhängende Flächen",
              "en": "Worksheet: metals and connected areas"},
    "intro": {"de": "Die Daten der Metalle kommen aus der Programmbibliothek `periodictable`, die Flächen rechnet die "
                    "Spiel-Engine aus.",
              "en": "The metals' data come from the library `periodictable`; the game engine works out the areas."},
    "parts": [
        ("md", {"de": "## Aufgabe 1: Die vier Metalle\nEisen, Kupfer, Silber und Gold.",
                "en": "## Task 1: the four metals\nIron, copper, silver and gold."}),
        ("task", "1a"), ("task", "1b"),
        ("md", {"de": "## Aufgabe 2: Wie viele Atome sind in einem Kubikzentimeter?\nAus Dichte ρ und molarer Masse M "
                      "folgt die Stoffmenge je cm³: n = ρ / M. Mal Avogadro-Konstante N_A ergibt die Atome.",
                "en": "## Task 2: how many atoms are in a cubic centimetre?\nDensity ρ and molar mass M give the "
                      "amount of substance per cm³: n = ρ / M. Times the Avogadro constant N_A gives the atoms."}),
        ("task", "2"),
        ("md", {"de": "## Aufgabe 3: Nachbarn im Ziegelmuster\nDie Karte auf Position (q|r) wird bei x = q + r/2 "
                      "gezeichnet: Jede Reihe ist um eine halbe Karte versetzt.",
                "en": "## Task 3: neighbours in the brick pattern\nThe card at position (q|r) is drawn at x = q + r/2: "
                      "each row is offset by half a card."}),
        ("task", "3"),
        ("md", {"de": "## Aufgabe 4: Flächen zählen (Zusammenhangskomponenten)\nEine Fläche sind gleiche Metalle, "
                      "die sich berühren. Schau dir die Startauslage im Spiel an (`seed=1`).",
                "en": "## Task 4: counting areas (connected components)\nAn area is cards of one metal that touch. "
                      "Look at the starting lay-out in the game (`seed=1`)."}),
        ("task", "4"),
        ("md", {"de": "## Aufgabe 5: Schnittknoten\nEine Reihe aus neun Eisenkarten (0|0) bis (8|0) mit einem "
                      "Kupferstapel links auf (−1|0). Nimmt man eine Karte weg, darf die Auslage nicht zerfallen.",
                "en": "## Task 5: cut cards\nA row of nine iron cards (0|0) to (8|0) with a copper stack on the left "
                      "at (−1|0). Taking a card must not split the lay-out."}),
        ("task", "5"),
        ("md", {"de": "## Aufgabe 6: Gleichstand mit Bonuskarten\nDie Regel: „Bei einem Unentschieden entscheiden die "
                      "meisten errungenen Goldkarten (dann Silberkarten und so weiter) über den Sieg.“ Drei "
                      "Spielende haben je 4 Punkte:\n\n* Spieler 1: 1 Gold, 2 Eisen, Bonuskarte Gold\n"
                      "* Spieler 2: 1 Gold, 1 Kupfer, 1 Eisen, Bonuskarte Eisen\n* Spieler 3: 4 Eisen, Bonuskarte "
                      "Kupfer\n\nRechne die Punkte nach: Wer scheidet beim Gold aus, bei welchem Metall fällt die "
                      "Entscheidung?",
                "en": "## Task 6: a tie with bonus cards\nThe rule: “In a tie the most gold cards won (then silver "
                      "cards and so on) decide.” Three players have 4 points each:\n\n* Player 1: 1 gold, 2 iron, "
                      "bonus card gold\n* Player 2: 1 gold, 1 copper, 1 iron, bonus card iron\n* Player 3: 4 iron, "
                      "bonus card copper\n\nCheck the points: who drops out at gold, at which metal is it decided?"}),
        ("task", "6"),
    ],
}

SHEETS["chemuno"] = {
    "title": {"de": "Arbeitsblatt: Was haben zwei Formeln gemeinsam? (Chemuno)",
              "en": "Worksheet: what do two formulas share? (Chemuno)"},
    "intro": {"de": "In Chemuno passt eine Karte, wenn sie ein Element oder einen Multiplikator (×2, ×3, ×4) mit der "
                    "Karte darunter gemeinsam hat. Eine Formel zeigt ihre Elemente und die Indizes, die in ihr stehen: "
                    "CO₂ zeigt C, O und ×2.",
              "en": "In Chemuno a card fits if it shares an element or a multiplier (×2, ×3, ×4) with the card below. "
                    "A formula shows its elements and the indices written in it: CO₂ shows C, O and ×2."},
    "parts": [
        ("md", {"de": "## Teil A: Gemeinsame Elemente\n\nSchreibe jede Formel als Menge: H₂O = {H, O, ×2}.",
                "en": "## Part A: shared elements\n\nWrite each formula as a set: H₂O = {H, O, ×2}."}),
        ("task", "1"), ("task", "2"), ("task", "3"),
        ("md", {"de": "## Teil B: Multiplikatoren und Edelgase\n\nEine Multiplikatorkarte zeigt nur ihre Zahl. Das "
                      "Regelblatt: „Die Edelgaskarten passen nie und dürfen daher auf jede Karte gelegt werden. Wer "
                      "eine Edelgaskarte legt, darf sich ein Element wünschen, das auf der nächsten Karte vorkommen "
                      "muss.“",
                "en": "## Part B: multipliers and noble gases\n\nA multiplier card shows only its number. A noble gas "
                      "fits on any card (it shares nothing with any card, so the rule lets it go anywhere), and whoever "
                      "lays it wishes for an element."}),
        ("task", "4"), ("task", "5"),
        ("md", {"de": "**Aufgabe 6:** Das Regelblatt: „Legt jemand eine MultiplikatorKarte, muss die nächste Person die "
                      "entsprechende Anzahl Karten (2, 3 oder 4) aufnehmen, es sei denn, sie legt eine gleiche "
                      "MultiplikatorKarte. In diesem Fall muss der / die Nächste die doppelte Anzahl Karten aufnehmen "
                      "– und so weiter.“",
                "en": "**Task 6:** The rule sheet says (in our words): whoever lays a multiplier card makes the next "
                      "player pick up that many cards (2, 3 or 4), unless they lay the same multiplier card; then the "
                      "next player picks up twice as many – and so on."}),
        ("task", "6"),
        ("md", {"de": "## Zum Schluss\nSpiele eine Runde gegen zwei Bots und sage vor jedem Zug laut, *welches* Element "
                      "deine Karte mit der obersten verbindet.",
                "en": "## To finish\nPlay a round against two bots and say aloud before each move *which* element "
                      "links your card with the top one."}),
        ("code", {"de": "from chemgames.widgets import play_chemuno\n\nplay_chemuno(players=3, bots=[\"greedy\", \"random\"], lang=\"de\")",
                  "en": "from chemgames.widgets import play_chemuno\n\nplay_chemuno(players=3, bots=[\"greedy\", \"random\"], lang=\"en\")"}),
    ],
}


# the last task of every sheet: ask the search bot (issue 16); counted sample worlds, so the answer
# is the same every run and nbval stays fast
ASK_BOT = {
    "de": ("## Frag den Such-Bot\n\nDer Such-Bot spielt jeden möglichen Zug in vielen **Probespielen** durch. Weil er "
           "die Karten der anderen nicht sehen darf, verteilt er sie in jedem Probespiel zufällig neu und bildet dann den "
           "**Mittelwert** seines Vorsprungs. Führe die Zelle aus und lies seine Begründung.\n\n"
           "**Aufgabe:** Welchen Zug würde er wählen? Um wie viele Punkte ist er im Mittel besser als die zweitbeste Wahl? "
           "Warum ändert sich die Zahl, wenn du `samples=` vergrößerst? Im Spiel zeigt der Knopf „Was würde der Bot tun?“ "
           "dasselbe für deinen Zug; gegen den Such-Bot spielst du mit `bots=[\"search:easy\"]` (oder `search:medium`, "
           "`search:hard`).",
           "import chemgames\nfrom chemgames.bots.explain import ask\n\n"
           "spiel = chemgames.new_game(\"{game}\", players=2, seed=5, lang=\"de\")\n"
           "print(ask(spiel, samples=40))  # samples: so viele Probespiele insgesamt"),
    "en": ("## Ask the search bot\n\nThe search bot plays every possible move through in many **sample games**. As it "
           "may not see the others' cards, it deals them anew at random in each sample game and then takes the **mean** of "
           "its lead. Run the cell and read its reason.\n\n"
           "**Task:** which move would it choose? By how many points is it better on average than the second-best choice? "
           "Why does the figure change when you make `samples=` larger? In the game the button “What would the bot do?” "
           "shows the same for your move; you play against the search bot with `bots=[\"search:easy\"]` (or "
           "`search:medium`, `search:hard`).",
           "import chemgames\nfrom chemgames.bots.explain import ask\n\n"
           "game = chemgames.new_game(\"{game}\", players=2, seed=5, lang=\"en\")\n"
           "print(ask(game, samples=40))  # samples: this many sample games in all"),
}


def _cell(kind: str, source: str, cid: str) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "id": cid, "metadata": {}, "source": source.splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def notebook(game: str, lang: str) -> dict:
    sheet = SHEETS[game]
    other, plan = OTHER[lang], PLAN[lang]
    head = (f"# {sheet['title'][lang]}\n\n{NAMEDATE[lang]}\n\n{sheet['intro'][lang]}\n\n"
            f"{HOWTO[lang].format(game=game)}\n\n[{other[0]}]({other[1]}) · [{plan[0]}]({plan[1]})")
    cells = [_cell("markdown", head, f"{game}-{lang}-intro"),
             _cell("code", f"from chemgames.worksheets import worksheet\n\n{NAME[lang]} = worksheet(\"{game}\", lang=\"{lang}\")",
                   f"{game}-{lang}-setup")]
    for i, (kind, body) in enumerate(sheet["parts"]):
        if kind == "task":
            cells.append(_cell("code", f"{NAME[lang]}.{CALL[lang]}(\"{body}\")", f"{game}-{lang}-task-{body}"))
        else:
            cells.append(_cell("markdown" if kind == "md" else "code", body[lang], f"{game}-{lang}-{i}"))
    md, code = ASK_BOT[lang]
    cells += [_cell("markdown", md, f"{game}-{lang}-bot"), _cell("code", code.format(game=game), f"{game}-{lang}-bot-ask")]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                         "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def main() -> None:
    for game in SHEETS:
        for lang, name in FILES.items():
            path = ROOT / "lessons" / game / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(notebook(game, lang), ensure_ascii=False, indent=1) + "\n", "utf-8")
            print("wrote", path.relative_to(ROOT))


if __name__ == "__main__":
    main()
