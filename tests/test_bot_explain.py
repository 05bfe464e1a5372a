"""The search bot explains its choice (issue 16): the sentence is made from the bot's own numbers
(``SearchBot.last``, a ``Choice``), in German and English, and says what the figure is."""
from __future__ import annotations

import pytest

import chemgames
from chemgames.bots.explain import explain_choice, ranked, signed
from chemgames.bots.search import Choice, SearchBot
from chemgames.core.i18n import format_number


def _weighed(game_id: str, seed: int) -> tuple[object, Choice]:
    g = chemgames.new_game(game_id, players=2, seed=seed, lang="de")
    bot = SearchBot(seed=1, budget=30.0, iterations=8)
    bot.decide(g)
    return g, bot.last


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_sentence_carries_the_choice_numbers(lang):
    _, c = _weighed("chemuno", 3)
    order = ranked(c)
    assert len(order) >= 2, c
    best, second = c.best, order[1] if order[0] == c.best else order[0]
    e = explain_choice(c).in_lang(lang)
    # the mean lead of the choice and of the runner-up, with sign and the locale's decimal mark
    for i in (best, second):
        lead = signed(c.means[i], lang)
        assert lead == ("+" if c.means[i] > 0.05 else "−" if c.means[i] < -0.05 else "±") + \
            format_number(abs(c.means[i]), lang, 1)
        assert lead in e.title
    assert format_number(c.samples, lang) in e.title  # the number of sampled games
    assert c.labels[best] in e.title and c.labels[second] in e.title
    assert e.title.index(c.labels[best]) < e.title.index(c.labels[second])
    word = {"de": "Probespielen", "en": "sample games"}[lang]
    assert word in e.title
    # what the figure is: over how many games, with the hidden cards dealt anew
    assert any(format_number(c.samples, lang) in line and ("zufällig" in line or "at random" in line) for line in e.lines)
    if lang == "de":
        assert "," in signed(c.means[best] + 0.25, lang)


def test_numbers_plural_and_decimal_comma():
    c = Choice(labels=["CuO"], means=[0.0], counts=[0], best=0)
    assert explain_choice(c).in_lang("de").title == "Meine Wahl: CuO – es gab nichts anderes abzuwägen."
    c = Choice(labels=["CuO", "draw"], means=[1.0, -12.5], counts=[1, 1], best=0)
    de = explain_choice(c).in_lang("de").title
    assert "+1,0 Punkte Vorsprung nach 2 Probespielen" in de and "die zweitbeste Wahl (eine Karte ziehen) hätte −12,5 Punkte" in de
    en = explain_choice(c).in_lang("en").title
    assert "+1.0 points ahead after 2 sample games" in en and "the second-best choice (draw a card) would have brought −12.5 points" in en
    one = Choice(labels=["CuO", "draw", "FeO"], means=[3.0, float("-inf"), float("-inf")], counts=[1, 0, 0], best=0)
    assert explain_choice(one).in_lang("de").title == ("Meine Wahl: CuO – im Mittel +3,0 Punkte Vorsprung nach 1 "
                                                        "Probespiel; für die anderen 2 Möglichkeiten reichte die Bedenkzeit nicht.")


def test_the_others_do_not_read_the_bots_other_cards():
    c = Choice(labels=["Fe2O3", "CuO", "skip"], means=[9.0, 4.0, -3.0], counts=[10, 10, 10], best=0)
    hidden = explain_choice(c, reveal=False).in_lang("de")
    assert "Fe₂O₃" in hidden.title and "CuO" not in hidden.title + " ".join(hidden.lines)
    assert "+4,0" in hidden.title  # the runner-up's figure stays, its cards do not
    c = Choice(labels=["Fe2O3", "skip", "CuO"], means=[9.0, 4.0, -3.0], counts=[10, 10, 10], best=0)
    assert "aussetzen" in explain_choice(c, reveal=False).in_lang("de").title  # passing names no card


def test_the_hint_names_the_move_and_its_points():
    g = chemgames.new_game("chromino", players=2, seed=8, lang="de")
    hints = g.hints(3)
    if len(hints) < 2:
        pytest.skip("no two placements")
    c = Choice(labels=[h.formula for h in hints[:2]], means=[2.0, 1.0], counts=[3, 3], best=1)
    c.hints = hints[:2]  # what the search branch adds; the sentence uses the hint's own text and points
    title = explain_choice(c, game="chromino").in_lang("de").title
    assert hints[1].formula in title
    if hints[1].points:
        assert f"({hints[1].points} Punkt" in title


def test_a_rating_above_the_lead_is_explained():
    # a search that ranks by its rating (wins above points) may choose the smaller mean lead: it says why
    c = Choice(labels=["CuO", "FeO"], means=[2.0, 3.5], counts=[10, 10], best=0, values=[0.41, 0.125])
    lines = explain_choice(c).in_lang("de").lines
    assert any("Warum nicht FeO" in line and "+0,41" in line and "+0,13" in line for line in lines)
    hidden = explain_choice(c, reveal=False).in_lang("en").lines
    assert any("Why not the second-best choice" in line for line in hidden) and "FeO" not in " ".join(hidden)


@pytest.mark.parametrize("game_id", ["chemiekarten", "chemuno", "chromino"])
def test_ask_plays_the_sample_games_asked_for(game_id):
    """ask(samples=40) plays 40 sample games, not 40 scaled by the game's effort (Das
    Chemie-Kartenspiel answered "nach 18 Probespielen"); where every candidate is played in each
    sampled world, the last world that would not fit whole is left out, so fewer than one world's
    candidates short of 40 at most."""
    from chemgames.bots.explain import ask

    g = chemgames.new_game(game_id, players=2, seed=5, lang="de")
    e = ask(g, samples=40)
    played = e.data["samples"]
    assert f"nach {played} Probespielen" in e.title
    assert 40 - 6 < played <= 40, played  # at most 6 candidates a world (the games' tuning)


def _why_line(c: Choice, lang: str, **kw) -> str:
    lines = [line for line in explain_choice(c, **kw).in_lang(lang).lines if line.startswith(("Warum nicht", "Why not"))]
    assert len(lines) <= 1, lines
    return lines[0] if lines else ""


def test_equal_ratings_say_the_tie_decided(monkeypatch):
    """review25g G7: a real paired search whose sampled lines all rate the same (+1, as games won in
    every world) but whose later candidates lead by more: the bot keeps the first candidate, and the
    note says the two were rated the same and the order decided, not "my choice +1,00, … +1,00"."""
    calls = iter(range(10**6))

    def evaluate(world, tune):  # every line won; the lead grows with each line played, so later candidates lead more
        n = len(world.scores())
        lead = float(next(calls))
        return [1.0] * n, [lead] * n

    monkeypatch.setattr(SearchBot, "_evaluate", staticmethod(evaluate))
    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="de")
    bot = SearchBot(seed=1, budget=30.0, iterations=40)
    bot.decide(g)
    c = bot.last
    assert len(c.labels) >= 2 and c.passed_over is None, c
    second = [i for i in ranked(c) if i != c.best][0]
    assert c.best == 0 and c.values[c.best] == c.values[second] == 1.0  # the tie, kept by the first weighed
    assert c.means[second] > c.means[c.best]
    de, en = _why_line(c, "de"), _why_line(c, "en")
    assert "Beide sind gleich bewertet (+1,00" in de and "zuerst erwogen" in de, de
    assert "Both are rated the same (+1.00" in en and "weighed first" in en, en
    for line in (de, en):  # the old note compared two equal figures as if they decided
        assert "meine Wahl +1,00" not in line and "my choice +1.00" not in line and "vergleicht" not in line
    hidden = _why_line(c, "en", reveal=False)
    assert hidden.startswith("Why not the second-best choice") and "rated the same" in hidden


@pytest.mark.parametrize(("values", "de", "en"), [
    ([0.41, 0.125], "meine Wahl +0,41, FeO +0,13.", "my choice +0.41, FeO +0.13."),
    ([-0.98, -0.9849], "meine Wahl −0,980, FeO −0,985.", "my choice −0.980, FeO −0.985."),
])
def test_different_ratings_are_printed_apart(values, de, en):
    """The rating decided: the note prints both, to as many decimals as show them apart (the second
    case reads "−0,98 / −0,98" at two)."""
    c = Choice(labels=["CuO", "FeO"], means=[2.0, 3.5], counts=[10, 10], best=0, values=values)
    assert _why_line(c, "de").endswith(de) and "Bewertung von −1 (verloren) bis +1" in _why_line(c, "de")
    assert _why_line(c, "en").endswith(en)
    advice = _why_line(c, "de", advice=True)
    assert "seine Wahl" in advice and "gleich bewertet" not in advice


def test_a_tree_search_says_it_tried_its_choice_more_often():
    """ISMCTS makes the move tried most often (``SearchBot._pick``): that is what the note says, with
    the counts, not a rating comparison the tree did not decide by."""
    c = Choice(labels=["CuO", "FeO"], means=[2.0, 3.5], counts=[30, 12], best=0, values=[0.2, 0.6])
    assert _why_line(c, "de").endswith("am häufigsten ausprobiert habe: meine Wahl 30-mal, FeO 12-mal.")
    assert _why_line(c, "en").endswith("tried most often in the sample games: my choice 30 times, FeO 12 times.")
    # equal ratings but the later candidate made (no search does this): no reason the numbers bear out, no line
    assert _why_line(Choice(labels=["a", "b"], means=[2.0, 1.0], counts=[5, 5], best=1, values=[0.5, 0.5]), "de") == ""
