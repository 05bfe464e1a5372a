"""The search bot explains its choice, in the player's language, from the numbers it weighed.

:func:`explain_choice` turns a :class:`~chemgames.bots.search.Choice` (each candidate's mean lead
and number of sampled games) into an :class:`~chemgames.core.explanation.Explanation`: the chosen
move as the game names it (the hint's own formula and points, or the game's word for passing), its
mean lead with a sign, how many sampled games the mean is over (a CLDR plural), the runner-up and
its mean, and a step that says what the figure is. Nothing is canned: every number and name comes
from the ``Choice``.

>>> from chemgames.bots.search import Choice
>>> c = Choice(labels=["Fe2O3", "CuO", "skip"], means=[9.0, 4.25, -3.0], counts=[130, 140, 130], best=0)
>>> print(explain_choice(c).in_lang("de").title)
Meine Wahl: Fe₂O₃ – im Mittel +9,0 Punkte Vorsprung nach 400 Probespielen; die zweitbeste Wahl (CuO) hätte +4,3 Punkte gebracht.
>>> print(explain_choice(c, reveal=False).in_lang("en").title)
My choice: Fe₂O₃ – on average +9.0 points ahead after 400 sample games; the second-best choice (with cards that stay hidden) would have brought +4.3 points.
"""
from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, replace
from typing import Any, Sequence

from ..core.explanation import Explanation, Msg, Step, Text
from ..core.i18n import Num, format_number, keys, register_catalog, round_half_up

register_catalog(__package__)

#: the score a sample game that ends adds for a win (and takes for a loss), if the bot has none of its own
WIN_BONUS = 1000.0
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscripts(formula: str) -> str:
    """A formula as printed: the digits after an element or a bracket become subscripts, a
    leading count stays ("2 H2O" → "2 H₂O").

    >>> subscripts("Fe2O3 + 2 H2O"), subscripts("Ca(OH)2"), subscripts("Cu → (2|1)")
    ('Fe₂O₃ + 2 H₂O', 'Ca(OH)₂', 'Cu → (2|1)')
    """
    return re.sub(r"(?<=[A-Za-z)\]])\d+", lambda m: m.group(0).translate(_SUB), formula)


def signed(value: float, lang: str, digits: int = 1) -> str:
    """A lead with its sign, one decimal, formatted by the locale (+9,0 / −4,5 in German).

    >>> signed(9, "de"), signed(-4.25, "en"), signed(0.04, "de"), signed(0.456, "de", 2)
    ('+9,0', '−4.3', '±0,0', '+0,46')
    """
    text = format_number(value, lang, digits, plus=True)
    return text if text[0] in "+\u2212" else f"±{text}"  # shown as zero: "±0,0"


def _signed_text(value: float, digits: int = 1) -> Text:
    return Text(de=signed(value, "de", digits), en=signed(value, "en", digits))


def lead_msg(value: float) -> Msg:
    """A mean lead as a student reads it: "+9,0 Punkte" (the plural by the number shown)."""
    return Msg("bots.lead", lead=_signed_text(value), amount=Num(abs(value), 1))


def move_name(hint: Any, label: str = "", kind: str | None = None, game: str | None = None) -> Any:
    """The move as the game names it: the hint's own text (formula with subscripts, or the pair of
    cards), or for passing (``hint`` is ``None``) the game's word for its passing action ``kind``
    (``bots.pass.<game>.<kind>`` where a game has its own, as Chromino draws a tile).

    >>> move_name(None, kind="draw").render("de"), move_name(None, label="skip").render("en")
    ('eine Karte ziehen', 'skip a turn')
    >>> move_name(None, kind="draw", game="chromino").render("de")
    'einen Stein ziehen'
    """
    if hint is None:
        kind = kind or label
        if game and f"bots.pass.{game}.{kind}" in keys("en"):
            return Msg(f"bots.pass.{game}.{kind}")
        return Msg(f"bots.pass.{kind}") if kind in _PASS_WORDS else Msg("bots.pass.other", kind=kind)
    if getattr(hint, "unicode", None):
        actions = getattr(hint, "actions", None) or ()
        if actions and getattr(actions[0], "kind", None) == "attack":  # the target's formula: say it is attacked
            return Msg("bots.attack", formula=_Plain(str(hint.unicode)))
        return _Plain(str(hint.unicode))
    if getattr(hint, "codes", None):  # Räum-Ab!: the pair of cards
        return _Plain(" + ".join(map(str, hint.codes)))
    return _Plain(subscripts(str(getattr(hint, "formula", None) or label)))


_PASS_WORDS = ("skip", "stop", "finish", "done", "keep", "draw", "pass", "confirm")


def _Plain(text: str) -> Text:
    """A text that reads the same in every language (a formula)."""
    return Text(de=text, en=text)


def _points(hint: Any) -> Any:
    """" (15 Punkte)" when the hint's points are the game's points (Chemuno's are a bot's score)."""
    points = getattr(hint, "points", None)
    if hint is None or hasattr(hint, "score") or not isinstance(points, int) or isinstance(points, bool) or not points:
        return ""
    return Msg("bots.hint_points", points=points)


def _candidate(choice: Any, i: int, game: str | None = None) -> tuple[Any, Any]:
    """(name, points) of candidate ``i``, from ``Choice.hints``/``moves`` when the bot gives them."""
    hints = getattr(choice, "hints", None) or []
    hint = hints[i] if i < len(hints) else _NO_HINT
    label = choice.labels[i] if i < len(choice.labels) else ""
    moves = getattr(choice, "moves", None) or []
    kind = moves[i][0].kind if i < len(moves) and moves[i] else None
    if hint is _NO_HINT:  # an older Choice: the label is the formula, or the passing action's kind
        if label in _PASS_WORDS:
            return move_name(None, label, game=game), ""
        if re.search(r" \([a-z]+\)$", label):  # Räum-Ab!'s "B20 + B52 (double)": cards, no formula
            return _Plain(label.rsplit(" (", 1)[0]), ""
        return _Plain(subscripts(label)), ""
    return move_name(hint, label, kind, game), _points(hint)


_NO_HINT = object()


def ranked(choice: Any) -> list[int]:
    """The candidates that were sampled, best first as the bot ranks them: by mean (ties: the
    earlier candidate), or, for a tree search that gives ``values``, by how often it tried each.

    >>> from chemgames.bots.search import Choice
    >>> ranked(Choice(["a", "b", "c"], [1.0, 3.0, float("-inf")], [5, 5, 0], 1))
    [1, 0]
    """
    live = [i for i, (m, n) in enumerate(zip(choice.means, choice.counts)) if n > 0 and math.isfinite(m)]
    values = getattr(choice, "values", None)
    if values:  # a tree search ranks by how often it tried a move, then by its value (the move made is the first)
        return sorted(live, key=lambda i: (-choice.counts[i], -values[i], i))
    return sorted(live, key=lambda i: (-choice.means[i], i))


@dataclass(frozen=True)
class Waited:
    """How long the people at a screen waited for a bot's move, in seconds of the clock on the wall:
    the widget's ``pause`` (so the last move can be read), then the ``work`` from the bot's start to
    its move being shown, of which ``search`` is the bot's own thinking (processor time)."""

    pause: float
    work: float
    search: float

    def step(self) -> Step:
        """The sentence under the bot's move.

        >>> Waited(0.7, 1.42, 0.88).step().text("de")
        'Wartezeit bis zum Zug: 2,1 s (0,7 s Pause zum Mitlesen, 1,4 s Rechnen, davon 0,9 s Suche)'
        """
        return Step(Msg("bots.waited", total=Num(self.pause + self.work, 1), pause=Num(self.pause, 1),
                        work=Num(self.work, 1), search=Num(self.search, 1)))


def explain_choice(choice: Any, reveal: bool = True, advice: bool = False,
                   public: Sequence[int] = (), game: str | None = None, waited: Waited | None = None) -> Explanation:
    """Why the bot chose ``choice.best``: its mean lead over the sampled games and the runner-up's.

    ``reveal=False`` is the form for the other players: a runner-up that would name the bot's own
    hidden cards is not named (passing, and candidates listed in ``public``, still are), and the
    list of every candidate is left out. ``advice=True`` says it as advice to the player whose turn
    it is ("In your place the search bot would choose ..."). ``game``: the game's id, for its own
    words for passing. ``waited``: how long the screen waited for the move, said instead of the
    bot's processor time when given (a widget knows it; the bot alone does not).
    """
    made = _explain_choice(choice, reveal, advice, public, game, waited is None)
    if waited is None:
        return made
    return replace(made, steps=made.steps + (waited.step(),))


def _explain_choice(choice: Any, reveal: bool, advice: bool, public: Sequence[int], game: str | None,
                    with_budget: bool) -> Explanation:
    best = choice.best
    name, points = _candidate(choice, best, game) if choice.labels else (_Plain("?"), "")
    order = [i for i in ranked(choice) if i != best]
    n = int(sum(choice.counts))
    steps: list[Step] = _game_only(choice, best, name, reveal, public, game, advice)
    if n > 0 and not order and len(choice.labels) > 1:  # the clock ran out before the others were tried
        headline = Msg("bots.would_unweighed" if advice else "bots.chose_unweighed", move=name, points=points,
                       lead=lead_msg(choice.means[best]), n=n,
                       unreached=Msg("bots.unreached", others=Num(len(choice.labels) - 1)))
        return Explanation(True, headline, (*steps, Step(Msg("bots.what_advice" if advice else "bots.what", n=n))), rule="bots.search",
                           data={"samples": n})
    solved = getattr(choice, "exact", None)
    if solved is not None:  # the game's end worked out exactly (Chromino once the bag is empty): no sample games
        key = f"bots.{'would' if advice else 'chose'}_exact_{'won' if solved > 0 else 'shared'}"
        return Explanation(True, Msg(key, move=name, points=points), tuple(steps), rule="bots.search",
                           data={"samples": 0, "exact": solved})
    if n == 0 or not order:
        headline = Msg("bots.would_only" if advice else "bots.chose_only", move=name, points=points)
        return Explanation(True, headline, tuple(steps), rule="bots.search", data={"samples": n})
    chose = Msg("bots.would" if advice else "bots.chose", move=name, points=points,
                lead=lead_msg(choice.means[best]), n=n)
    second = order[0]
    second_name, _ = _candidate(choice, second, game)
    shown = reveal or second in public or _is_passing(choice, second)
    runner_key = "bots.runner" if shown else "bots.runner_hidden"
    if getattr(choice, "passed_over", None) == second and choice.means[second] >= max(choice.means[i] for i in order):
        # a real substance made instead of the invention with the larger lead: that one is no "second-best"
        runner_key = "bots.runner_passed" if shown else "bots.runner_passed_hidden"
    runner = Msg(runner_key, move=second_name, lead=lead_msg(choice.means[second]))
    steps.append(Step(Msg("bots.what_advice" if advice else "bots.what", n=n)))
    if choice.means[second] > choice.means[best] and getattr(choice, "passed_over", None) is None:
        # the move with the smaller mean lead was chosen: say what decided, from the numbers (review25g G7)
        why = _why_not(choice, best, second, second_name if shown else Msg("bots.hidden_move"), advice)
        if why is not None:
            steps.append(Step(why))
    if reveal:
        for i in ranked(choice):
            hints = getattr(choice, "hints", None) or []
            game_only = i < len(hints) and getattr(hints[i], "game_only", False) is True  # labelled as in the tips
            key = "bots.candidate_game_only" if game_only else "bots.candidate"
            steps.append(Step(Msg(key, move=_candidate(choice, i, game)[0], lead=lead_msg(choice.means[i]),
                                  n=int(choice.counts[i]))))
    if any(abs(choice.means[i]) >= WIN_BONUS / 2 for i in ranked(choice)):
        steps.append(Step(Msg("bots.win_bonus", bonus=int(WIN_BONUS))))
    budget = getattr(choice, "budget_s", None)
    if with_budget and isinstance(budget, (int, float)) and budget > 0:
        steps.append(Step(Msg("bots.budget", seconds=Num(budget, 2 if budget < 0.1 else 1))))
    return Explanation(True, Msg("bots.says", chose=chose, runner=runner), tuple(steps), rule="bots.search",
                       data={"samples": n, "best": best, "second": second})


def _why_not(choice: Any, best: int, second: int, move: Any, advice: bool = False) -> Msg | None:
    """Why ``best`` was made rather than ``second``, whose mean lead is larger, told by what really decided
    as the search ranks (:func:`ranked`: how often it tried a move, then its rating, then the order it
    weighed them in): the rating, printed to as many decimals (2 to 4) as show the two apart; the order,
    when the two ratings are equal; how often each was tried, for a tree search. ``None`` when the
    choice has no rating (nothing to say that would be true).

    >>> from chemgames.bots.search import Choice
    >>> c = Choice(["CuO", "FeO"], [2.0, 3.5], [10, 10], 0, values=[0.41, 0.125])
    >>> _why_not(c, 0, 1, Text(de="FeO", en="FeO")).render("de").endswith("meine Wahl +0,41, FeO +0,13.")
    True
    >>> c.values = [0.9612, 0.9608]
    >>> _why_not(c, 0, 1, Text(de="FeO", en="FeO")).render("en").endswith("my choice +0.9612, FeO +0.9608.")
    True
    >>> c.values = [1.0, 1.0]
    >>> print(_why_not(c, 0, 1, Text(de="FeO", en="FeO")).render("de"))
    Warum nicht FeO, mit dem größeren mittleren Vorsprung? Beide sind gleich bewertet (+1,00 auf der Skala von −1, verloren, bis +1, gewonnen); bei Gleichstand nehme ich die Wahl, die ich zuerst erwogen habe (die Tipps des Spiels in ihrer Reihenfolge, Passen zuletzt).
    """
    values = getattr(choice, "values", None)
    if not values:
        return None

    def key(base: str) -> str:
        return f"{base}_advice" if advice else base

    if choice.counts[best] != choice.counts[second]:  # a tree search makes the move it tried most often
        return Msg(key("bots.by_visits"), move=move, mine=Num(choice.counts[best]), theirs=Num(choice.counts[second]))
    for digits in (2, 3, 4):
        if signed(values[best], "en", digits) != signed(values[second], "en", digits):
            return Msg(key("bots.by_value"), move=move, mine=_signed_text(values[best], digits),
                       theirs=_signed_text(values[second], digits))
    if best < second:  # equal ratings: the first weighed is kept (``max`` over the candidates in order)
        return Msg(key("bots.by_tie"), move=move, value=_signed_text(values[best], 2))
    return None


def _game_only(choice: Any, i: int, name: Any, reveal: bool = True, public: Sequence[int] = (),
               game: str | None = None, advice: bool = False) -> list[Step]:
    """Steps on what the chosen compound is: a compound allowed only by the game's rule (a hint
    whose ``game_only`` is true, as Das Chemie-Kartenspiel's hints say) is called so, so no student
    takes the bot's choice for a real substance; with the preference for real substances
    (``Choice.real_margin``, :mod:`chemgames.bots.prefer`) it says why it still chose it, or that it
    made a real substance instead of the invention ranked first.

    >>> from types import SimpleNamespace as H
    >>> from chemgames.bots.search import Choice
    >>> c = Choice(["BiAuCO", "skip"], [3.0, 0.0], [5, 5], 0)
    >>> c.hints = [H(formula="BiAuCO", unicode="BiAuCO", points=11, game_only=True), None]
    >>> print(explain_choice(c).in_lang("de").lines[0])
    BiAuCO steht nicht in unserem Nachschlagewerk, nur nach Spielregel erlaubt; ich habe diese Verbindung wegen der Punkte gewählt.
    >>> c = Choice(["BiAuCO", "CO2", "skip"], [9.0, 4.0, 0.0], [5, 5, 5], 0, real_margin=3.0)
    >>> c.hints = [H(formula="BiAuCO", unicode="BiAuCO", points=11, game_only=True, label="game_only"),
    ...            H(formula="CO2", unicode="CO₂", points=15, game_only=False, label="known"), None]
    >>> print(explain_choice(c).in_lang("de").lines[1])
    Der beste echte Stoff unter meinen Kandidaten, CO₂, hätte im Mittel +4,0 Punkte gebracht, 5,0 Punkte weniger; einen echten Stoff wähle ich, wenn er höchstens 3,0 Punkte weniger bringt.
    >>> c.best, c.passed_over = 1, 0
    >>> c.means[1] = 7.5
    >>> print(explain_choice(c).in_lang("en").title)
    My choice: CO₂ (15 points) – on average +7.5 points ahead after 15 sample games; the choice with the largest lead (BiAuCO) would have brought +9.0 points.
    >>> print(explain_choice(c).in_lang("en").lines[0])
    CO₂ is a real substance. BiAuCO, a compound allowed by the game's rule only, would have brought +9.0 points on average, 1.5 points more; I choose a real substance when it brings at most 3.0 points less.
    """
    from .prefer import best_real, is_invention

    def key(base: str) -> str:  # advice to the student speaks of the search bot, not as "I"
        return f"{base}_advice" if advice else base

    hints = getattr(choice, "hints", None) or []
    hint = hints[i] if i < len(hints) else None
    margin = float(getattr(choice, "real_margin", 0.0) or 0.0)
    out: list[Step] = []
    if getattr(hint, "game_only", False) is True:
        # a build of another substance's composition is in the reference, as that substance (review25e L17)
        out.append(Step(Msg(key("bots.other_build" if getattr(hint, "label", "") == "other" else "bots.game_only"), move=name)))
        if margin > 0:
            real = best_real(hints, choice.means)
            if real is None:
                out.append(Step(Msg(key("bots.no_real"), margin=Num(margin, 1))))
            else:
                out.append(Step(Msg(key("bots.real_too_dear"), move=_candidate(choice, real, game)[0],
                                    lead=lead_msg(choice.means[real]), amount=_difference(choice.means[i], choice.means[real]),
                                    margin=Num(margin, 1))))
    other = getattr(choice, "passed_over", None)
    if other is not None and other < len(hints) and is_invention(hints[other]):
        shown = reveal or other in public
        out.append(Step(Msg(key("bots.real_preferred"), move=name,
                            other=_candidate(choice, other, game)[0] if shown else Msg("bots.hidden_invention"),
                            lead=lead_msg(choice.means[other]), amount=_difference(choice.means[other], choice.means[i]),
                            margin=Num(margin, 1))))
    return out


def _difference(a: float, b: float) -> Num:
    """``a − b`` of two means as they are printed (one decimal each), so the difference read agrees with
    the two numbers shown: −3,9 − (−5,8) is 1,9, though the unrounded means may differ by 1,84.

    >>> _difference(-3.86, -5.84).render("de"), _difference(9.0, 4.25).render("en")
    ('1,9', '4.7')
    """
    return Num(round_half_up(a, 1) - round_half_up(b, 1), 1)


def search_bot(seed: int | None, level: str = "medium", samples: int | None = None) -> Any:
    """The search bot at ``level`` (``"easy"``, ``"medium"``, ``"hard"``); with ``samples`` it plays
    that many sample games instead of watching the clock (the same answer every run): at most that
    many, in whole sampled worlds where every candidate is played in each world (the answer says
    how many it played)."""
    from .search import SearchBot

    if samples is not None:  # exactly that many: the game's effort (which scales a level's cap) left out
        return SearchBot(seed, level=level, budget=60.0, iterations=samples, tuning={"effort": 1.0})
    return SearchBot(seed, level=level)


def ask(game: Any, level: str = "medium", seed: int = 0, samples: int | None = None) -> Explanation:
    """What the search bot would do in the place of the player to move, with its reason: it weighs
    a copy of the game in which everything that player cannot see is dealt anew (her view only).

    >>> import chemgames
    >>> g = chemgames.new_game("chemuno", players=2, seed=5, lang="en", starter=0)
    >>> e = ask(g, samples=3)
    >>> e.title.startswith("In your place the search bot would choose: "), f"after {e.data['samples']} sample games" in e.title
    (True, True)
    """
    me = game.current_player
    if me is None:
        raise ValueError("the game is over")
    rng = random.Random(seed)
    world = game.redeal_hidden(me, rng)
    bot = search_bot(rng.randrange(1 << 30), level, samples)
    decide = getattr(bot, "decide", None)
    decide(world) if decide is not None else bot.choose(world)
    return explain_choice(bot.last, advice=True, game=game.id).in_lang(game.lang)


def _is_passing(choice: Any, i: int) -> bool:
    hints = getattr(choice, "hints", None)
    if hints:
        return i < len(hints) and hints[i] is None
    return i < len(choice.labels) and choice.labels[i] in _PASS_WORDS


__all__ = ["WIN_BONUS", "ask", "explain_choice", "lead_msg", "move_name", "ranked", "search_bot", "signed", "subscripts"]
