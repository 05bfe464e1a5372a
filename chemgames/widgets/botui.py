"""What the widgets do with the search bot: its level in the seat choice, its explanation under its
move, and "What would the bot do?" for a person's turn.

A seat is ``"human"``, ``"random"``, ``"greedy"``, ``"search"`` or a search bot with a level,
``"search:easy"``, ``"search:medium"``, ``"search:hard"``:

>>> seat_ok("search:hard"), seat_ok("search:wild"), seat_ok("greedy"), BOT_KINDS[-1]
(True, False, True, 'search:hard')
>>> type(seat_bot("search:easy", 1)).__name__
'SearchBot'

The explanation is made only when a view is built, from the ``Choice`` the bot left (its own view's
numbers); another player reads it without the runner-up's cards, which stay in the bot's hand.
"""
from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from chemgames.bots import is_bot_kind, make_bot
from chemgames.bots.explain import Waited, explain_choice, ranked, search_bot
from chemgames.bots.search import LEVELS

from ..core.contracts import PlayableGame
from ..core.game import Game
from .uitext import Refused, ui_catalog

#: the choices a bot seat offers in the widget (a person's seat stays a person's)
BOT_KINDS = ("random", "greedy", *(f"search:{lv}" for lv in LEVELS))
ADVICE_LEVEL = "medium"


def seat_ok(kind: Any) -> bool:
    """Whether ``kind`` names a seat: a person, a bot, or the search bot at a level."""
    return kind == "human" or is_bot_kind(kind)


def seat_bot(kind: str, seed: int | None) -> Any:
    """The bot for a seat of this ``kind`` (``"search:hard"``: the search bot at that level)."""
    return make_bot(kind, seed)


def local_game(game: PlayableGame, refusal: str = "err.table_game") -> Game:
    """``game`` as the engine's own ``Game``, for what only a game played here has: its bots, copies,
    worlds dealt anew and saves. A class table's game (``widgets/table.py``) has none of them: the
    message is refused with ``refusal`` (the table refuses those messages before they come here)."""
    if not isinstance(game, Game):
        raise Refused(refusal)
    return game


class _Watch:
    """Plays for a bot and keeps every ``Choice`` it weighs during one turn."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name = bot, getattr(bot, "name", "bot")
        self.choices: list[Any] = []

    def choose(self, game: Any) -> Any:
        before = getattr(self.bot, "last", None)
        action = self.bot.choose(game)
        after = getattr(self.bot, "last", None)
        if after is not None and after is not before:
            self.choices.append(after)
        return action


def _weightiest(choices: list[Any]) -> Any:
    """The decision of a turn worth telling: the one weighed over most sample games (the first on a tie)."""
    return max(choices, key=lambda c: (len(c.labels) > 1, c.samples), default=None)


class BotTalk:
    """The search bot's part of a game widget (mixed into ``GameWidget``)."""

    game: PlayableGame
    seats: list[str]
    open_hands: bool
    _bots: dict[int, Any]
    _hints: list[Any]
    _notice: Any  # what the panel says next: a refusal or (catalog key, parameters)
    _bot_seed: int | None  # the bots' seed the widget was given (None: the game's)

    if TYPE_CHECKING:  # the game widget's own (``GameWidget``), which this part of it calls
        def refresh(self) -> None: ...

        def _actor(self) -> int: ...

    def _reset_bot_talk(self) -> None:
        self._said: tuple[int, int, Any] | None = None     # (bot's seat, log length after its turn, Choice)
        self._advice: tuple[int, int, Any] | None = None   # (asker, log length when asked, Choice)
        self._said_time: list[Any] | None = None  # [started, pause, search s, work s] of the bot's last turn
        # every bot seat's last reason (log length after its turn, Choice): in a game of three the
        # next player's move replaced the one box, so each bot's reason stays beside its seat (issue 26)
        self._said_by: dict[int, tuple[int, Any]] = {}

    def _watch(self, player: int) -> _Watch:
        return _Watch(self._bots[player])

    def _heard(self, player: int, watch: _Watch, started: float | None = None, pause: float = 0.0) -> None:
        """After a bot's turn: keep its weightiest Choice (the text is made when a view is built) and
        what the time waited for it is made of: the browser's ``pause`` before the turn, the clock
        from ``started`` (``time.perf_counter``) to the first view showing the move, and the
        processor time of every decision the bot made in the turn."""
        choice = _weightiest(watch.choices)
        self._said = (player, len(self.game.log), choice) if choice is not None else None
        if choice is not None:
            self._said_by[player] = (len(self.game.log), choice)
        else:
            self._said_by.pop(player, None)
        search = sum(getattr(c, "budget_s", 0.0) or 0.0 for c in watch.choices)
        self._said_time = [started, pause, search, None] if started is not None else None
        self._advice = None

    def _waited(self) -> Waited | None:
        """How long the screen waited for the bot's last move, frozen when first shown."""
        kept = getattr(self, "_said_time", None)
        if kept is None:
            return None
        started, pause, search, work = kept
        if work is None:
            work = kept[3] = time.perf_counter() - started
        return Waited(pause, work, search)

    def _bot_panel(self, panel: dict[str, Any], viewer: int | None, lang: str) -> dict[str, Any]:
        """``panel`` with the bot's explanation under its move (``last.bot``) and the advice asked for."""
        g = self.game
        said = self._said
        last = panel.get("last")
        if said is not None and last is not None and panel.get("last_player") == said[0] and len(g.log) == said[1]:
            # everyone at this screen is another player than the bot: its other cards stay hidden,
            # unless this screen sees them anyway (every hand shown, or a game without hidden cards)
            reveal = bool(self.open_hands) or self._sees_bot_hand(said[0], viewer)
            note = explain_choice(said[2], reveal=reveal, game=g.id, waited=self._waited()).in_lang(lang)
            panel = {**panel, "last": {**last, "bot": note.to_dict()}}
        notes = []
        for seat, (at, choice) in sorted(getattr(self, "_said_by", {}).items()):
            if at > len(g.log) or self.seats[seat] == "human" or "bot" in (panel.get("last") or {}) and said is not None and seat == said[0]:
                continue  # undone, a person's seat now, or shown under the last move already
            reveal = bool(self.open_hands) or self._sees_bot_hand(seat, viewer)
            notes.append({"seat": seat, "note": explain_choice(choice, reveal=reveal, game=g.id).in_lang(lang).to_dict()})
        if notes:
            panel = {**panel, "bot_notes": notes}
        advice = self._advice
        if advice is not None and advice[0] == viewer == g.current_player and advice[1] == len(g.log):
            note = explain_choice(advice[2], advice=True, game=g.id).in_lang(lang)
            panel = {**panel, "advice": note.to_dict()}
        return panel

    def _sees_bot_hand(self, bot: int, viewer: int | None) -> bool:
        """Whether ``viewer`` (``None``: any person at this screen) sees all that ``bot`` sees: dealing
        anew what the viewer cannot see leaves the bot's view unchanged (Räum-Ab!'s open cards)."""
        g = self.game
        who = viewer if viewer is not None else next(iter(p for p, k in enumerate(self.seats) if k == "human"), None)
        if who is None or not isinstance(g, Game):  # a table's game: no world to deal anew, no bot seated here
            return False
        key = (len(g.log), bot, who)
        if getattr(self, "_sees_cache", (None,))[0] != key:
            mine = g.view(bot)
            same = all(g.redeal_hidden(who, random.Random(k)).view(bot) == mine for k in (1, 2))
            self._sees_cache = (key, same)
        return self._sees_cache[1]

    def advise(self, seed: int | None = None, bot: Any = None) -> Any:
        """"What would the bot do?" from Python: see :meth:`_advise`; the view shows the advice."""
        choice = self._advise(seed, bot)
        self.refresh()
        return choice

    def set_seat_kind(self, seat: int, kind: str) -> None:
        """Another bot (or level) for a bot's seat, from Python: see :meth:`_set_seat_kind`."""
        self._set_seat_kind(seat, kind)
        self.refresh()

    def _advise(self, seed: int | None = None, bot: Any = None) -> Any:
        """"What would the bot do?": the search bot (medium) weighs the turn of the person to move
        from that person's view only (a world in which everything she cannot see is dealt anew),
        and its move is offered like a hint. Returns the ``Choice``. ``bot``: another search bot
        (tests give one that counts samples instead of watching the clock)."""
        g = self.game
        p = g.current_player
        if p is not None and self.seats[p] != "human":
            raise Refused("err.advice_bot", player=p + 1)
        me = self._actor()
        rng = random.Random(g.seed * 7919 + len(g.log) if seed is None else seed)
        world = local_game(g, "err.table_bot").redeal_hidden(me, rng)
        bot = bot if bot is not None else search_bot(rng.randrange(1 << 30), ADVICE_LEVEL)
        decide = getattr(bot, "decide", None)
        move = list(decide(world)) if decide is not None else [bot.choose(world)]
        choice = getattr(bot, "last", None)
        if decide is not None and choice is not None and len(ranked(choice)) < 2 <= len(choice.labels):
            move = list(decide(world))  # the first call paid for warming up: weigh once more, warm
            choice = bot.last
        if choice is None or not move:
            raise Refused("ui.no_hints")
        wanted = [a.to_json() for a in move]
        found = [h for h in g.hints(25) if [a.to_json() for a in h.actions] == wanted]
        self._hints = found[:1]
        self._advice = (me, len(g.log), choice)
        self._notice = None
        return choice

    def _set_seat_kind(self, seat: Any, kind: Any) -> None:
        """Another bot (or level) for a bot's seat: ``"random"``, ``"greedy"``, ``"search:easy"`` ..."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats) \
                or self.seats[seat] == "human":
            raise Refused("err.not_bot_seat", n=seat + 1 if isinstance(seat, int) else seat)
        if kind not in BOT_KINDS:
            raise Refused("err.malformed", detail="seat kind")
        g = self.game
        seed = (g.seed if self._bot_seed is None else self._bot_seed) + seat
        self._bots[seat] = seat_bot(kind, seed)
        self.seats = [kind if p == seat else k for p, k in enumerate(self.seats)]
        self._notice = ("ui.seat_kind", {"n": seat + 1, "name": ui_catalog(g.lang).get(f"bot_{kind}", kind)})


__all__ = ["ADVICE_LEVEL", "BOT_KINDS", "BotTalk", "LEVELS", "seat_bot", "seat_ok"]
