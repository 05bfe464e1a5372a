"""What a first lesson reads while scoring a Metallurgie area (s20f, played in a German JupyterLab):
after the first card was taken, every further take said "Die sichtbare Fläche Eisen (Fe) hat 9
Karten" while the row showed 8, 7, 6, 5. The sizes here are counted independently of the engine:
a breadth-first walk over the visible tops with the sheet's brick neighbours (a card on (q|r) is
drawn at x = q + r/2, so it touches (q±1|r), (q|r−1), (q+1|r−1), (q−1|r+1) and (q|r+1))."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import chemgames
from chemgames import Action

ROOT = Path(__file__).resolve().parents[1]
ROW = [[q, 0, "Fe"] for q in range(8)] + [[-1, 0, "Fe", "Cu"]]  # the ninth iron makes an area of 9


def visible_area(tops: dict[tuple[int, int], str], start: tuple[int, int]) -> int:
    """The size of the connected area of ``tops[start]``'s metal around ``start``."""
    seen, todo = {start}, [start]
    while todo:
        q, r = todo.pop()
        for d in ((1, 0), (-1, 0), (0, -1), (1, -1), (-1, 1), (0, 1)):
            n = (q + d[0], r + d[1])
            if n not in seen and tops.get(n) == tops[start]:
                seen.add(n)
                todo.append(n)
    return len(seen)


def tops_of(g) -> dict[tuple[int, int], str]:
    return {tuple(s["pos"]): s["cards"][-1]["metal"] for s in g.view()["stacks"]}


def do(g, kind, **params):
    return g.apply(Action(g.id, g.current_player, kind, tuple((k, tuple(v) if isinstance(v, list) else v)
                                                             for k, v in params.items())))


def widget_js(tmp_path: Path, name: str, data: dict, expr: str) -> Any:
    """``expr`` (JavaScript over ``m``, the module ``widgets/metallurgie.js``, ``t``, its translator for
    ``data["lang"]`` with ``data["ui"]``, and ``i``, the data) evaluated by node, as JSON. The data go by
    file, so a failure stays readable."""
    import json
    import subprocess

    module = (ROOT / "widgets" / "metallurgie.js").as_uri()
    dom = (ROOT / "widgets" / "shared" / "dom.js").as_uri()
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    script = (f"const i = JSON.parse(require('fs').readFileSync({json.dumps(str(path))}, 'utf8'));"
              f"Promise.all([import({json.dumps(module)}), import({json.dumps(dom)})]).then(([m, d]) => {{"
              f"const t = d.translator(i.ui, i.lang); console.log(JSON.stringify({expr})); }})")
    run = subprocess.run(["node", "-e", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-600:]
    return json.loads(run.stdout)


def test_each_take_says_the_area_it_scores_truly():
    for lang in ("de", "en"):
        g = chemgames.new_game("metallurgie", players=2, seed=3, lang=lang, layout=ROW, hands=[["Fe", "Fe", "Cu"]])
        do(g, "lay", metal="Fe", pos=(8, 0))
        do(g, "done")
        at_start = visible_area(tops_of(g), (0, 0))
        assert at_start == 9
        for q in (8, 7, 6, 5, 4):
            now = visible_area(tops_of(g), (0, 0))  # before this card is taken
            text = str(do(g, "take", pos=(q, 0)))
            # a present-tense size must be the one the row shows; the size the scoring began with is said as such
            present = re.findall(r"(?:Fläche Eisen \(Fe\) hat|Iron \(Fe\) area has) (\d+)", text)
            assert all(int(n) == now for n in present), (lang, q, now, text)
            began = re.findall(r"(?:beim Punkten|when scoring began)[^0-9]*(\d+)", text, re.I)
            if q != 8:  # the first take reads the area as it is; the later ones, as it was
                assert began == [str(at_start)], (lang, q, text)


def test_the_first_take_does_not_say_a_size_the_row_no_longer_shows():
    """s21f, a whole game against the bot: after the first card of a gold area of 3 was taken, the panel said
    "Die sichtbare Fläche Gold (Au) hat 3 Karten" beside counters that showed 2/3 (the student reads the text
    after the take). A present-tense size in any take's text must be what the row shows once the card is gone;
    the first take too says the size scoring began with as such."""
    for lang in ("de", "en"):
        g = chemgames.new_game("metallurgie", players=2, seed=3, lang=lang, layout=ROW, hands=[["Fe", "Fe", "Cu"]])
        do(g, "lay", metal="Fe", pos=(8, 0))
        do(g, "done")
        at_start = visible_area(tops_of(g), (0, 0))
        for q in (8, 7, 6, 5, 4):
            text = str(do(g, "take", pos=(q, 0)))
            shown = visible_area(tops_of(g), (0, 0))  # what the row shows as the text is read
            present = re.findall(r"(?:Fläche Eisen \(Fe\) hat|Iron \(Fe\) area has) (\d+)", text)
            assert all(int(n) == shown for n in present), (lang, q, shown, text)
            began = re.findall(r"(?:beim Punkten|when scoring began)[^0-9]*(\d+)", text, re.I)
            assert began == [str(at_start)], (lang, q, text)


# ---------------------------------------------------------------- the tie-break names every metal it compared
SHEET_TIE = ("Bei einem Unentschieden entscheiden die meisten errungenen Goldkarten (dann Silberkarten und so "
             "weiter) über den Sieg.")  # seed 002, "Das Ende und der Gewinner"
RULE_TIE = ("among the players with the best score, the most gold cards won decide, then silver, then copper, "
            "then **iron**")
# the sheet's metals from gold down, with their symbols (the sheet's own names, not the engine's catalog)
DOWN = [("Au", "Gold (Au)"), ("Ag", "Silber (Ag)"), ("Cu", "Kupfer (Cu)"), ("Fe", "Eisen (Fe)")]


def tie_walk(won: list[list[str]], bonus: list[str]) -> tuple[int, list[str], list[int]]:
    """The sheet's tie-break worked out from the cards won alone: the best score, one line for each
    metal compared (from gold down, while two or more players are still level; ", gleich" marks a
    metal that separated nobody) and the winners."""
    scores = [len(cards) + cards.count(b) for cards, b in zip(won, bonus)]  # the variant: the bonus metal twice
    best = max(scores)
    field = [p for p, s in enumerate(scores) if s == best]
    lines = []
    for symbol, name in DOWN:
        if len(field) < 2:
            break
        counts = {p: won[p].count(symbol) for p in field}
        still = [p for p in field if counts[p] == max(counts.values())]
        line = f"{name}: " + ", ".join(f"{n} bei Spieler {p + 1}" for p, n in counts.items())
        lines.append(line + (" (gleich)" if still == field else ""))
        field = still
    return best, lines, [p + 1 for p in field]


def test_the_tie_break_names_each_metal_compared_from_gold_down_tied_ones_too():
    """s20f: with gold equal and copper deciding, the text said "Gold …; Kupfer …" and skipped the tie in
    silver, although the sheet goes from gold down (docs/rules/metallurgie.md, "The end and the winner")."""
    assert "entscheiden die meisten errungenen Goldkarten (dann Silberkarten und so weiter)" in SHEET_TIE
    assert RULE_TIE in (ROOT / "docs" / "rules" / "metallurgie.md").read_text("utf-8")
    cases = [  # (won, bonus): gold 1 : 1 : 0, silver 0 : 0 (tied), copper 0 : 1 decides
        ([["Au", "Fe", "Fe"], ["Au", "Cu", "Fe"], ["Fe"] * 4], ["Au", "Fe", "Cu"]),
        ([["Fe", "Fe"], ["Fe"] * 4], ["Fe", "Au"]),  # gold, silver, copper 0 : 0, iron 2 : 4 decides
        ([["Au", "Ag", "Fe"], ["Au", "Cu", "Cu"]], ["Cu", "Ag"]),  # gold tied, silver 1 : 0 decides
    ]
    for won, bonus in cases:
        g = chemgames.new_game("metallurgie", players=len(won), seed=1, lang="de", won=won, bonus=bonus,
                               pile=["stop"])
        do(g, "draw")
        assert g.is_over
        best, lines, winners = tie_walk(won, bonus)
        assert g.scores().count(best) >= 2  # a tie in points, worked out here independently
        stages = "; ".join(lines)
        assert len(lines) >= 2 and any(line.endswith("(gleich)") for line in lines)
        players = ", ".join(map(str, winners))
        assert g.view()["tiebreak"] == (f"Gleichstand bei Punktzahl {best}; es entscheiden die meisten gewonnenen "
                                        f"Karten, von Gold abwärts: {stages}. Sieg: Spieler {players}.")
        # each tied row says only its own count (test_each_tied_row_says_its_own_count_and_the_walk_stands_once)
        rows = tie_rows(won, bonus)
        assert {a.player: a.lines[-1].detail.render("de") for a in g.score_breakdown() if a.total == best} == rows


def test_the_tie_break_comes_as_a_list_that_says_what_the_sentence_says():
    """s21f: when iron decides, the status line ran to six bold lines at 1280×720 ("Gold (Au): 0 bei
    Spieler 1, 0 bei Spieler 2 (gleich); Silber …"). The view also gives it in steps (an opening, one
    line a metal compared from gold down, the result) for the widget's list; the steps are the sheet's
    walk worked out here from the cards won, and together they say word for word what the sentence says."""
    cases = [([["Fe", "Fe"], ["Fe"] * 4], ["Fe", "Au"]),  # gold, silver, copper 0 : 0, iron 2 : 4 decides
             ([["Au", "Fe", "Fe"], ["Au", "Cu", "Fe"], ["Fe"] * 4], ["Au", "Fe", "Cu"])]  # 3 players, copper
    for won, bonus in cases:
        g = chemgames.new_game("metallurgie", players=len(won), seed=1, lang="de", won=won, bonus=bonus,
                               pile=["stop"])
        do(g, "draw")
        best, lines, winners = tie_walk(won, bonus)
        players = ", ".join(map(str, winners))
        steps = g.view()["tiebreak_steps"]
        assert steps == {"intro": f"Gleichstand bei Punktzahl {best}; es entscheiden die meisten gewonnenen Karten, "
                                  "von Gold abwärts:", "stages": lines, "result": f"Sieg: Spieler {players}."}
        assert f"{steps['intro']} {'; '.join(steps['stages'])}. {steps['result']}" == g.view()["tiebreak"]
        assert g.view(0)["tiebreak_steps"]["stages"] == lines  # every seat reads the same
    # level in every metal: one short sentence, no steps
    g = chemgames.new_game("metallurgie", players=2, seed=1, lang="de", won=[["Fe"], ["Fe"]], pile=["stop"])
    do(g, "draw")
    assert "in jedem Metall" in g.view()["tiebreak"] and "tiebreak_steps" not in g.view()
    # no tie: neither
    g = chemgames.new_game("metallurgie", players=2, seed=1, lang="de", won=[["Fe"], []], pile=["stop"])
    do(g, "draw")
    assert "tiebreak" not in g.view() and "tiebreak_steps" not in g.view()


# ---------------------------------------------------------------- the counters under the board cards
def test_the_area_counters_under_the_board_cards_are_explained(tmp_path):
    """s20f: the counters under the board cards ("1/9", "3/7") were not explained in the view. Each
    counter carries a title (what the two numbers are) and the legend says it once, with an example
    from the board; the sizes are checked against this file's own walk over the brick neighbours."""
    import shutil

    import pytest

    from chemgames.widgets.uitext import ui_catalog

    if not shutil.which("node"):
        pytest.skip("node is not installed")
    words = {"de": ("Sichtbare Fläche", "Karten", "liegen zusammen", "zum Punkten", "nötig"),
             "en": ("Visible area", "cards", "lie together", "to score", "needed")}
    for lang in ("de", "en"):
        g = chemgames.new_game("metallurgie", players=2, seed=3, lang=lang, layout=ROW,
                               hands=[["Fe", "Fe", "Cu"]])
        v = g.view()
        tops = tops_of(g)
        names = {m["symbol"]: f"{m['name']} ({m['symbol']})" for m in v["metals"]}
        out = widget_js(tmp_path, f"in_{lang}", {"ui": ui_catalog(lang), "lang": lang, "names": names, "areas": v["areas"]},
                        "{counters: i.areas.map((a) => m.areaCounter(a, i.names[a.metal], t)), legend: m.areaLegend(i.areas, t)}")
        assert len(out["counters"]) == len(v["areas"]) == 2  # eight iron in a row, one copper
        for area, counter in zip(v["areas"], out["counters"]):
            size = visible_area(tops, tuple(area["cells"][0]))
            assert counter["text"] == f"{size}/{area['needed']}"
            title = counter["title"]
            assert names[area["metal"]] in title and str(size) in title and str(area["needed"]) in title, title
            assert all(w in title or (size == 1 and w in ("Karten", "cards", "liegen zusammen", "lie together"))
                       for w in words[lang]), title
        # the legend's example is an area on the board
        legend = out["legend"]
        assert any(f"{a['size']}/{a['needed']}" in legend for a in v["areas"]) and "★" in legend, legend


# ---------------------------------------------------------------- s21f: a whole game against the bot, read
def test_the_lay_status_says_und_and_oder_and_the_tips_name_the_buttons(tmp_path):
    """s21f played a whole game against the bot in German and read every text. After a card was laid the
    status said "nur noch Kupfer (Cu), Silber (Ag) legen" (either metal, not both) and "Nach Eisen (Fe),
    Kupfer (Cu), Silber (Ag) passt keine …"; the tips said "Legen beenden" and "Eine Karte ziehen" for the
    buttons "Anlegen beenden" and "Zugstapel versuchen". The status now joins what was laid with "und" and
    what is allowed with "oder" (the expected sentences are put together here by hand from the catalog's
    templates), and each tip names its button."""
    import shutil

    import pytest

    from chemgames.widgets.uitext import ui_catalog

    for lang in ("de", "en"):
        ui = ui_catalog(lang)
        assert ui["mt_hint_done"] == ui["mt_done"] and ui["mt_hint_draw"] == ui["mt_draw"], lang
    if not shutil.which("node"):
        pytest.skip("node is not installed")
    cu, ag, fe = "Kupfer (Cu)", "Silber (Ag)", "Eisen (Fe)"
    cases = [  # (laid, allowed, what was laid in words, what is allowed in words)
        ([cu], [cu, ag], cu, f"{cu} oder {ag}"),
        ([fe, cu], [ag], f"{fe} und {cu}", ag),
        ([fe, cu, ag], [], f"{fe}, {cu} und {ag}", None),
        ([cu, cu], [], f"{cu} und {cu}", None),
    ]
    outs = widget_js(tmp_path, "lay", {"ui": ui_catalog("de"), "lang": "de", "cases": [[laid, allowed] for laid, allowed, _, _ in cases]},
                     "i.cases.map(([laid, allowed]) => ({ status: m.layPhaseText(laid, allowed, 'RULE', t, 'de'),"
                     " card: m.notNowText('Gold (Au)', laid, 'RULE', t, 'de') }))")
    for (laid, allowed, laid_words, allowed_words), out in zip(cases, outs):
        template = ui_catalog("de")["mt_phase_lay_more" if allowed else "mt_phase_lay_none"]
        assert out["status"] == template.format(laid=laid_words, allowed=allowed_words, rule="RULE"), out["status"]
        assert out["card"] == ui_catalog("de")["mt_card_not_now"].format(metal="Gold (Au)", laid=laid_words, rule="RULE"), \
            out["card"]


def test_a_hand_card_without_a_place_says_so_not_the_turn_rule():
    """s21f, a whole game against the bot (1024×768, touch): after gold was laid, the second gold card was
    greyed out with the title "Gold (Au) passt nicht mehr in diesen Zug: nach Gold (Au) nur dasselbe Metall
    oder das nächsthöhere auf dieselbe Karte": gold is the same metal, so the reason contradicted itself; the
    real one was that no silver lay on top anywhere. The view now names such a card's own reason (no place,
    or the most cards a turn), worked out here from the stacks' tops alone."""
    layout = [[0, 0, "Fe", "Cu", "Ag"], [1, 0, "Fe"], [2, 0, "Fe", "Cu"]]  # one silver on top, nowhere else
    for lang, text in (("de", "Gold (Au) hat gerade keinen Platz: Nirgends liegt Silber (Ag) frei oben."),
                       ("en", "Gold (Au) has no place now: no Silver (Ag) lies free on top anywhere.")):
        g = chemgames.new_game("metallurgie", players=2, seed=1, lang=lang, layout=layout, hands=[["Au", "Au", "Fe"]])
        assert "hand_blocked" not in g.view(0) or not g.view(0)["hand_blocked"]  # nothing laid yet
        do(g, "lay", metal="Au", pos=(0, 0))
        tops = tops_of(g)
        assert "Ag" not in tops.values()  # the gold just laid covered the only free silver
        assert g.view(0)["hand_blocked"] == {"Au": text}  # iron is held back by the turn rule, not by a place
        assert "hand_blocked" not in g.view(1) and "hand_blocked" not in g.view()  # only the mover's own hand


def test_once_the_stop_card_is_drawn_the_pile_no_longer_says_it_lies_in_it(tmp_path):
    """s21f, a whole game against the bot: the final screen said "Zugstapel: 0 Karten (die Stoppkarte liegt
    verdeckt unter den unteren fünf)" and "Dein geheimes Bonusmetall: Kupfer (Cu)" beside the final account that
    shows every bonus card. The sheet (seed 002): "Sobald ein Spieler die Stoppkarte zieht … ist das Spiel
    sofort beendet", so once the game is over the stop card is out of the pile, and the bonus cards are open."""
    import shutil

    import pytest

    from chemgames.widgets.uitext import ui_catalog

    sheet = next((ROOT.parent.parent / "shared" / "seeds").glob("002_*.txt"), None) if (ROOT.parent.parent / "shared").exists() else None
    if sheet is not None:  # the sheet is beside the repository on the team's machine, not in CI
        assert "Sobald ein Spieler die Stoppkarte zieht" in sheet.read_text("utf-8")
    if not shutil.which("node"):
        pytest.skip("node is not installed")
    running, over = widget_js(tmp_path, "pile", {"ui": ui_catalog("de"), "lang": "de"},
                              "[false, true].map((over) => ({ pile: m.pileText(12, over, t), bonus: m.bonusText('Kupfer (Cu)', over, t) }))")
    assert running == {"pile": "Zugstapel: 12 Karten (die Stoppkarte liegt verdeckt unter den unteren fünf)",
                       "bonus": "Dein geheimes Bonusmetall: Kupfer (Cu) (zählt doppelt)"}
    assert over["pile"] == "Zugstapel: 12 Karten" and "Stoppkarte" not in over["pile"], over
    assert "geheim" not in over["bonus"] and "Kupfer (Cu)" in over["bonus"], over


def tie_rows(won: list[list[str]], bonus: list[str]) -> dict[int, str]:
    """What each tied player's row of the final account says, worked out from the cards won alone: the metal
    at which the walk from gold down left that player behind ("entschieden bei Gold (Au): 0 Karten, weniger als
    1"), for the one winner the metal that decided ("…, die meisten: Sieg"), and for players level to the end
    the shared win."""
    scores = [len(cards) + cards.count(b) for cards, b in zip(won, bonus)]
    field = [p for p, s in enumerate(scores) if s == max(scores)]
    cards = lambda n: f"{n} Karte" if n == 1 else f"{n} Karten"  # noqa: E731
    rows, last = {}, None
    for symbol, name in DOWN:
        if len(field) < 2:
            break
        counts = {p: won[p].count(symbol) for p in field}
        most = max(counts.values())
        for p, n in counts.items():
            if n < most:
                rows[p] = f"entschieden bei {name}: {cards(n)}, weniger als {most}"
        field, last = [p for p in field if counts[p] == most], (name, most)
    if len(field) == 1:
        rows[field[0]] = f"entschieden bei {last[0]}: {cards(last[1])}, die meisten: Sieg"
    else:
        rows.update({p: f"gleich in jedem Metall: Spieler {', '.join(str(q + 1) for q in field)} teilen sich den Sieg"
                     for p in field})
    return rows


def test_each_tied_row_says_its_own_count_and_the_walk_stands_once():
    """The lead's look at s21f's screenshot (1280×720): the tie-break stood four times on one screen, the list
    under the status, then again in each tied player's row ("von Gold abwärts: Gold (Au): je 0; Silber …; Sieg:
    Spieler 2", five grey lines a row) and in the move panel. The list under the status says the walk once; each
    row says only what is true of that player, the metal that decided for them and their count against the most
    ("entschieden bei Eisen (Fe): 2 Karten, weniger als 4"); the panel names the deciding metal and the winner in
    one line. Worked out here from the cards won (tie_rows), three ways: iron decides, copper decides among three
    after gold left one behind, and gold leaves one behind while two stay level to the end."""
    cases = [([["Fe", "Fe"], ["Fe"] * 4], ["Fe", "Au"], "Eisen (Fe)"),
             ([["Au", "Fe", "Fe"], ["Au", "Cu", "Fe"], ["Fe"] * 4], ["Au", "Fe", "Cu"], "Kupfer (Cu)"),
             ([["Au", "Fe"], ["Au", "Fe"], ["Fe", "Fe"]], ["Ag", "Cu", "Au"], "Gold (Au)")]
    for won, bonus, deciding in cases:
        g = chemgames.new_game("metallurgie", players=len(won), seed=1, lang="de", won=won, bonus=bonus,
                               pile=["stop"])
        do(g, "draw")
        best, lines, winners = tie_walk(won, bonus)
        rows = tie_rows(won, bonus)
        assert sorted(rows) == [p for p, s in enumerate(g.scores()) if s == best], (rows, g.scores())
        for account in g.score_breakdown():
            tie = [line for line in account.lines if line.label.render("de") == "Gleichstand"]
            if account.player not in rows:
                assert not tie
                continue
            assert len(tie) == 1 and tie[0].points == 0 and tie[0].detail.render("de") == rows[account.player]
            assert "von Gold abwärts" not in tie[0].detail.render("de")
        # the move that ended the game says the tie-break in one line: the metal that decided and the winners
        panel = [step.msg.render("de") for step in g.log[-1].explanation.steps]
        said = [s for s in panel if "Gleichstand" in s]
        assert said == [f"Gleichstand bei Punktzahl {best}: {deciding} entscheidet (die meisten gewonnenen Karten, "
                        f"von Gold abwärts). Sieg: Spieler {', '.join(map(str, winners))}."], panel
        # the list under the status keeps the whole walk, once
        assert g.view()["tiebreak_steps"]["stages"] == lines
    assert tie_rows(*cases[0][:2]) == {0: "entschieden bei Eisen (Fe): 2 Karten, weniger als 4",
                                       1: "entschieden bei Eisen (Fe): 4 Karten, die meisten: Sieg"}
    assert tie_rows(*cases[1][:2]) == {2: "entschieden bei Gold (Au): 0 Karten, weniger als 1",
                                       0: "entschieden bei Kupfer (Cu): 0 Karten, weniger als 1",
                                       1: "entschieden bei Kupfer (Cu): 1 Karte, die meisten: Sieg"}
    assert tie_rows(*cases[2][:2]) == {2: "entschieden bei Gold (Au): 0 Karten, weniger als 1",
                                       0: "gleich in jedem Metall: Spieler 1, 2 teilen sich den Sieg",
                                       1: "gleich in jedem Metall: Spieler 1, 2 teilen sich den Sieg"}


def test_a_hand_card_held_back_by_the_turn_says_the_rule_that_holds_now(tmp_path):
    """s22g played a whole game against the bot (German, 1024×768 touch). After two irons a copper card was greyed
    out with "Kupfer (Cu) passt nicht mehr in diesen Zug: nach Eisen (Fe) und Eisen (Fe) nur dasselbe Metall oder das
    nächsthöhere auf dieselbe Karte" (copper is the next metal up on iron), and after copper and silver on one card a
    silver card with "… nur dasselbe Metall …" (silver is the metal just laid). The sheet's turn lays one metal
    anywhere or climbs one card; once two cards are laid only one of the two ways is left, and on gold nothing goes.
    The reason now names the way that is left, with its metal and place, worked out here by hand from the cards
    laid (the status says the same rule in its parenthesis)."""
    import shutil

    import pytest

    from chemgames.widgets.uitext import ui_catalog

    if not shutil.which("node"):
        pytest.skip("node is not installed")
    row = [[0, 0, "Fe"], [1, 0, "Fe"], [2, 0, "Fe", "Cu"], [3, 0, "Fe", "Cu", "Ag"]]
    fe, cu, ag, au = "Eisen (Fe)", "Kupfer (Cu)", "Silber (Ag)", "Gold (Au)"
    cases = [  # (hand, lays, the card held back, its reason, the status)
        (["Fe", "Fe", "Ag"], [("Fe", (4, 0))], "Ag",
         f"{ag} passt nicht mehr in diesen Zug: Nach {fe} gilt: erlaubt sind {fe} an einer anderen Stelle oder {cu} auf "
         "dieselbe Karte (4|0).",
         f"Nach {fe} darfst du in diesem Zug nur noch {fe} legen (erlaubt sind {fe} an einer anderen Stelle oder {cu} auf "
         "dieselbe Karte (4|0)), oder beende das Anlegen."),
        (["Fe", "Fe", "Cu"], [("Fe", (4, 0)), ("Fe", (5, 0))], "Cu",
         f"{cu} passt nicht mehr in diesen Zug: Nach {fe} und {fe} gilt: Dieser Zug legt eine Metallsorte, also nur {fe} "
         "an anderen Stellen.",
         f"Nach {fe} und {fe} passt keine deiner Handkarten mehr in diesen Zug (Dieser Zug legt eine Metallsorte, also "
         f"nur {fe} an anderen Stellen): Beende das Anlegen."),
        (["Cu", "Ag", "Ag"], [("Cu", (0, 0)), ("Ag", (0, 0))], "Ag",
         f"{ag} passt nicht mehr in diesen Zug: Nach {cu} und {ag} gilt: Dieser Zug legt aufsteigend auf (0|0), also nur "
         f"{au} dorthin.",
         f"Nach {cu} und {ag} passt keine deiner Handkarten mehr in diesen Zug (Dieser Zug legt aufsteigend auf (0|0), "
         f"also nur {au} dorthin): Beende das Anlegen."),
        (["Au", "Fe", "Cu"], [("Au", (3, 0))], "Fe",
         f"{fe} passt nicht mehr in diesen Zug: Nach {au} gilt: erlaubt ist {au} an einer anderen Stelle; auf Gold kommt "
         "kein Metall.",
         None),
    ]
    views = []
    for hand, lays, _, _, _ in cases:
        g = chemgames.new_game("metallurgie", players=2, seed=1, lang="de", layout=row, hands=[hand])
        for metal, pos in lays:
            do(g, "lay", metal=metal, pos=pos)
        view = g.view(0)
        layable = sorted({a.get("metal") for a in g.legal_actions() if a.kind == "lay"})
        views.append({"view": view, "layable": layable})
    outs = widget_js(tmp_path, "held", {"ui": ui_catalog("de"), "lang": "de", "views": views},
                     "i.views.map((x) => m.layTexts(x.view, x.layable, t, 'de'))")
    for (hand, lays, held, reason, status), out in zip(cases, outs):
        assert out["held"][held] == reason, (lays, out)
        if status:
            assert out["status"] == status, (lays, out)
