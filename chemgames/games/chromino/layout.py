"""The lay-out: an open square grid that grows, its open frontier, and which placements fit.

A placement is ``(tile, x, y, rot)``: the tile's first square lies on the cell ``(x, y)`` (x to the
right, y downwards); ``rot`` 0 runs to the right, 1 downwards, 2 and 3 the same with the tile
turned end over end (its colours read backwards). A placement is legal when its three cells are
free, at least two of its **sides** (edges) touch the lay-out, and every touching side matches in
colour (the sheet: "mindestens an zwei identischen Farbseiten ... Kontakt"). One square in a
corner of the lay-out touches with two of its sides and counts twice.

The search for legal placements never scans the grid: the lay-out keeps its *frontier* (the free
cells beside a laid square). A legal placement covers at least one frontier cell, so every
candidate "slot" (three free cells in a row) is found from the frontier; each slot's neighbours
give a colour pattern, and the tiles that fit a pattern are looked up in a cached table.

>>> from chemgames.games.chromino.tiles import by_colours
>>> lay = Layout.opening(by_colours((0, 1, 2)).id)
>>> sorted(lay.frontier)[:3]
[(-2, 0), (-1, -1), (-1, 1)]
>>> tile = by_colours((0, 0, 1)).id           # red red yellow
>>> lay.judge(tile, -1, 1, 0).ok               # below: red under red, red under yellow: a clash
False
>>> lay.placements([tile])                     # red-red-yellow under or over red-yellow
[(1, -2, -1, 0), (1, -2, 1, 0)]
>>> lay.put(by_colours((1, 2, 2)).id, 0, -1, 0, 0)   # yellow-green-green above yellow-green
>>> corner = lay.judge(by_colours((2, 3, 4)).id, 2, 0, 0)   # green-blue-purple right of the green
>>> corner.ok, corner.sides, corner.touching     # its green square touches left and above
(True, 2, 1)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from .tiles import TILES

Cell = tuple[int, int]
Pattern = tuple[int | None, int | None, int | None]
STEPS: tuple[Cell, Cell] = ((1, 0), (0, 1))            # along the axis: horizontal, vertical
SIDES: tuple[tuple[str, int, int], ...] = (("left", -1, 0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1))
LIMIT = 500                                              # no lay-out of 75 tiles reaches this far


def cells_of(x: int, y: int, rot: int) -> tuple[Cell, Cell, Cell]:
    """The three cells of a placement, in the order of the colours as laid.

    >>> cells_of(0, 0, 1)
    ((0, 0), (0, 1), (0, 2))
    """
    dx, dy = STEPS[rot % 2]
    return ((x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy))


def colours_of(tile: int, rot: int) -> tuple[int, int, int]:
    """The colours of ``tile`` in the order of its cells (reversed for ``rot`` 2 and 3)."""
    c = TILES[tile].colours
    return (c[2], c[1], c[0]) if rot >= 2 else c


@dataclass(frozen=True)
class Contact:
    """One side where a square of the new tile touches a laid square."""

    square: int          # 0, 1, 2 along the new tile
    side: str            # left, right, up, down (seen from the new square)
    own: int             # colour of the new square
    other: int           # colour of the laid square
    other_tile: int      # the laid tile
    short_short: bool    # the short side of the new tile against the short side of the laid one

    @property
    def matches(self) -> bool:
        return self.own == self.other


@dataclass(frozen=True)
class Judgement:
    """What the lay-out says about one placement: overlap, contacts (one per touching side), clashes."""

    tile: int
    x: int
    y: int
    rot: int
    cells: tuple[Cell, Cell, Cell]
    colours: tuple[int, int, int]
    overlap: tuple[Cell, ...]
    contacts: tuple[Contact, ...]

    @property
    def clashes(self) -> tuple[Contact, ...]:
        return tuple(c for c in self.contacts if not c.matches)

    @property
    def sides(self) -> int:
        """How many sides of the new tile touch the lay-out (the rule counts these)."""
        return len(self.contacts)

    @property
    def touching(self) -> int:
        """How many squares of the new tile touch the lay-out (a square in a corner touches with two sides)."""
        return len({c.square for c in self.contacts})

    @property
    def ok(self) -> bool:
        return not self.overlap and not self.clashes and self.sides >= 2

    @property
    def reason(self) -> str:
        """``ok``, ``overlap``, ``clash``, ``no_contact`` or ``one_contact`` (one side only), checked in that order."""
        if self.overlap:
            return "overlap"
        if self.clashes:
            return "clash"
        if self.sides == 0:
            return "no_contact"
        if self.sides == 1:
            return "one_contact"
        return "ok"


@dataclass(frozen=True)
class Laid:
    """A tile on the lay-out (``player`` is ``None`` for the opening tile)."""

    tile: int
    x: int
    y: int
    rot: int
    player: int | None


CLASH = -1  # a free cell between two colours: no square can lie there


@dataclass
class Layout:
    """The tiles laid so far: cell -> (colour, tile, axis); the frontier, each free cell beside the
    lay-out with the colour a square there must have (``CLASH`` if no colour can); the laid tiles."""

    cells: dict[Cell, tuple[int, int, int]] = field(default_factory=dict)
    need: dict[Cell, int] = field(default_factory=dict)
    laid: list[Laid] = field(default_factory=list)
    # the slots, kept up to date by put() near the new tile; rebuilt from the frontier when missing
    _slots: dict[tuple[int, int, int], Pattern] | None = field(default=None, repr=False, compare=False)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["_slots"] = None  # snapshots stay small; the slots are rebuilt when next needed
        return state

    @classmethod
    def opening(cls, tile: int) -> "Layout":
        """A lay-out that holds only ``tile``, lying across the middle (its centre on ``(0, 0)``)."""
        lay = cls()
        lay.put(tile, -1, 0, 0, None)
        return lay

    @property
    def frontier(self) -> set[Cell]:
        """The free cells beside a laid square."""
        return set(self.need)

    def put(self, tile: int, x: int, y: int, rot: int, player: int | None) -> None:
        """Lay a tile without checking (the engine checks with :meth:`judge` first)."""
        axis = rot % 2
        cells = cells_of(x, y, rot)
        laid, need = self.cells, self.need
        for cell, colour in zip(cells, colours_of(tile, rot)):
            laid[cell] = (colour, tile, axis)
            need.pop(cell, None)
        around = set()
        for cx, cy in cells:
            for n in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
                if n not in laid:
                    need[n] = self._need_at(n)
                    around.add(n)
        self.laid.append(Laid(tile, x, y, rot, player))
        slots = self._slots
        if slots is None:
            return
        # the search lays tens of thousands of tiles a decision, so this is written for speed (session 15):
        # a row through a cell just covered holds no tile any more (``_pattern`` would say ``None``); the
        # rows through the free cells around it are looked at again (their colours, their corners)
        covered: set[tuple[int, int, int]] = set()
        for fx, fy in cells:
            covered.update(_slots_through((fx, fy)))
        for key in covered:
            slots.pop(key, None)
        again: set[tuple[int, int, int]] = set()
        for fx, fy in around:
            again.update(_slots_through((fx, fy)))
        pattern_of = self._pattern
        for key in again - covered:
            pattern = pattern_of(*key)
            if pattern is None:
                slots.pop(key, None)
            else:
                slots[key] = pattern

    def with_tile(self, tile: int, x: int, y: int, rot: int, player: int | None = None) -> "Layout":
        """A copy with one more tile laid (unchecked, as :meth:`put`); this lay-out stays as it is.
        For looking ahead (the bot's ``strategy.outlook``) without copying the whole game.

        >>> from chemgames.games.chromino.tiles import by_colours
        >>> lay = Layout.opening(by_colours((0, 1, 2)).id)
        >>> more = lay.with_tile(by_colours((1, 2, 2)).id, 0, -1, 0)
        >>> len(lay.laid), len(more.laid), (0, -1) in lay.cells, (0, -1) in more.cells
        (1, 2, False, True)
        """
        new = Layout(dict(self.cells), dict(self.need), list(self.laid),
                     None if self._slots is None else dict(self._slots))
        new.put(tile, x, y, rot, player)
        return new

    def keep_slots(self, twin: "Layout") -> None:
        """Take the rows of free cells :meth:`slots` found in ``twin``, a lay-out with the same tiles
        (a copy made by pickling drops them, and finding them again is most of a first :meth:`placements`).

        >>> import pickle
        >>> from chemgames.games.chromino.tiles import by_colours
        >>> lay = Layout.opening(by_colours((0, 1, 2)).id)
        >>> copy = pickle.loads(pickle.dumps(lay)); copy.keep_slots(lay); copy._slots == lay._slots
        True
        """
        assert twin.laid == self.laid, "the rows of another lay-out"
        self._slots = dict(twin._slots) if twin._slots is not None else None

    def _need_at(self, cell: Cell) -> int:
        want = CLASH
        for _, dx, dy in SIDES:
            hit = self.cells.get((cell[0] + dx, cell[1] + dy))
            if hit is not None:
                if want == CLASH:
                    want = hit[0]
                elif want != hit[0]:
                    return CLASH
        return want

    def judge(self, tile: int, x: int, y: int, rot: int) -> Judgement:
        """Every fact about laying ``tile`` at ``(x, y)`` with ``rot``; changes nothing."""
        cells = cells_of(x, y, rot)
        colours = colours_of(tile, rot)
        axis = rot % 2
        own = set(cells)
        overlap = tuple(c for c in cells if c in self.cells)
        contacts = []
        for i, ((cx, cy), colour) in enumerate(zip(cells, colours)):
            for side, dx, dy in SIDES:
                n = (cx + dx, cy + dy)
                if n in own or n not in self.cells or (cx, cy) in self.cells:
                    continue
                other, other_tile, other_axis = self.cells[n]
                along = (dx != 0) == (axis == 0)   # the side lies across the tile's axis: a short side
                short_short = along and other_axis == axis
                contacts.append(Contact(i, side, colour, other, other_tile, short_short))
        return Judgement(tile, x, y, rot, cells, colours, overlap, tuple(contacts))

    def slots(self) -> list[tuple[int, int, int, Pattern]]:
        """Every row of three free cells with at least two sides against the lay-out and no square
        between two colours, with the colour each square must have (``None``: free choice).
        Only rows through the frontier are looked at, never the whole grid; after the first call
        :meth:`put` updates just the rows near the new tile."""
        if self._slots is None:
            self._slots = {}
            for cell in self.need:
                for key in _slots_through(cell):
                    if key not in self._slots:
                        pattern = self._pattern(*key)
                        if pattern is not None:
                            self._slots[key] = pattern
        return [(x, y, axis, pattern) for (x, y, axis), pattern in self._slots.items()]

    def _pattern(self, x: int, y: int, axis: int) -> Pattern | None:
        """The colours a slot's squares must have, or ``None`` if no tile can lie there."""
        cells, need = self.cells, self.need
        c0 = (x, y)
        c1, c2 = ((x, y + 1), (x, y + 2)) if axis else ((x + 1, y), (x + 2, y))
        if c0 in cells or c1 in cells or c2 in cells:
            return None
        p0, p1, p2 = need.get(c0), need.get(c1), need.get(c2)
        if p0 == CLASH or p1 == CLASH or p2 == CLASH:
            return None
        free = (p0 is None) + (p1 is None) + (p2 is None)
        if free == 3:
            return None
        if free == 2:  # one square touches: it needs two sides against the lay-out (a corner)
            cx, cy = c0 if p0 is not None else c1 if p1 is not None else c2
            if ((cx - 1, cy) in cells) + ((cx + 1, cy) in cells) + ((cx, cy - 1) in cells) + ((cx, cy + 1) in cells) < 2:
                return None
        return (p0, p1, p2)

    def placements(self, tiles: Iterable[int], slots: list[tuple[int, int, int, Pattern]] | None = None
                   ) -> list[tuple[int, int, int, int]]:
        """Every legal ``(tile, x, y, rot)`` for the given tiles, sorted (``rot`` 2 and 3 only for
        tiles that read differently from both ends)."""
        wanted = set(tiles)
        out = []
        for x, y, axis, pattern in slots if slots is not None else self.slots():
            for tile, turned in _fitting(pattern):
                if tile in wanted:
                    out.append((tile, x, y, axis + 2 * turned))
        out.sort()
        return out

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min x, min y, max x, max y)`` of the laid squares."""
        xs = [c[0] for c in self.cells]
        ys = [c[1] for c in self.cells]
        return (min(xs), min(ys), max(xs), max(ys))


def _slots_through(cell: Cell) -> list[tuple[int, int, int]]:
    """The six rows of three cells (across and upright) that contain ``cell``."""
    fx, fy = cell
    return [(fx, fy, 0), (fx - 1, fy, 0), (fx - 2, fy, 0), (fx, fy, 1), (fx, fy - 1, 1), (fx, fy - 2, 1)]


@lru_cache(maxsize=None)
def _fitting(pattern: Pattern) -> tuple[tuple[int, int], ...]:
    """``(tile, turned)`` for every tile that matches ``pattern`` read forwards or backwards."""
    out = []
    for t in TILES:
        readings = ((0, t.colours),) if t.palindrome else ((0, t.colours), (1, t.colours[::-1]))
        for turned, seq in readings:
            if all(p is None or p == s for p, s in zip(pattern, seq)):
                out.append((t.id, turned))
    return tuple(out)


__all__ = ["CLASH", "Contact", "Judgement", "Laid", "Layout", "LIMIT", "SIDES", "cells_of", "colours_of"]
