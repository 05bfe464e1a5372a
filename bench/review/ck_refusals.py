"""The refusals of Das Chemie-Kartenspiel, harvested and checked (review s22c).

No bot confirms a build the rules refuse, so the play harvests (``ck_harvest.py``) hold no refusal, yet a class reads
many: a student lays Na + N, Fe + 2 Cl with Fe fixed at +3, Cu + [CO3]2- in "Nur echte Stoffe". This tool judges every
pair of element cards (1-3 of each, counts without a common factor) and every element card (1-3) beside one combination
card, each with no charge fixed and with each single charge fixed by the player, through the engine's own ``judge``
(the normal rules and the variant "real only"), and keeps each distinct refused text (de + en).

It then checks what the texts state against an own reading of the cards' printed charges (``card_set``), molmass
compositions and pymatgen's ``oxi_state_guesses``:

* "X (name) is a real substance; but ... cannot be built ...": X has the cards' composition (or a whole multiple);
* "In X, E has the oxidation number q; the card E carries only a, b": the card's printed charges, q not among them;
  each such number of a real substance against pymatgen (printed, not failed: pymatgen guesses);
* "With the charge(s) q for E ... it works" and the game-charge advice: those charges balance the cards;
* "Together the cards are the ion X": X has the cards' atoms and a charge the cards can reach;
* "With these charges the cards add up to the charge q": a charge the cards can reach;
* "Laid as the combination X it works": X's atoms are among the cards';
* "Mercury(I) ... one formula unit X holds twice the atoms of these cards": X is twice the cards.

Usage: ``PYTHONPATH=$PWD python bench/review/ck_refusals.py OUT.json`` (about a minute; prints the counts and every
statement that fails a check).

>>> composition("[CO₃]²⁻"), charge_of("[CO₃]²⁻"), charge_of("NO₂⁺"), composition("Hg₂(NO₃)₂")
({'C': 1, 'O': 3}, -2, 1, {'Hg': 2, 'N': 2, 'O': 6})
>>> cards_of("Cards: 2× Cu (Copper) + combination [CO₃]²⁻")
([('Cu', 2)], ['[CO₃]²⁻'])
"""
from __future__ import annotations

import collections
import itertools
import json
import math
import re
import sys
import warnings
from fractions import Fraction
from typing import Any

from molmass import Formula

from chemgames.games.chemiekarten import compound as C
from chemgames.games.chemiekarten.cards import card_set, combinations

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹−", "01234567890123456789-")
SUP_CHARGE = re.compile(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]*)([⁺⁻])$")


def composition(formula: str) -> dict[str, int]:
    """The atoms of a shown formula (Unicode, a charge in superscript ignored), read by molmass."""
    bare = SUP_CHARGE.sub("", formula).translate(SUB).replace("[", "(").replace("]", ")")
    return {e: c.count for e, c in Formula(bare).composition().items() if e != "e-"}


def charge_of(formula: str) -> int:
    """The charge a shown formula carries in superscript (0 for none)."""
    m = SUP_CHARGE.search(formula)
    if not m:
        return 0
    return int(m.group(1).translate(SUB) or 1) * (1 if m.group(2) == "⁺" else -1)


def cards_of(line: str) -> tuple[list[tuple[str, int]], list[str]]:
    """Free cards (symbol, count) and combination formulas of a "Cards: ..." line."""
    free: list[tuple[str, int]] = []
    combos: list[str] = []
    for part in line.split(": ", 1)[1].split(" + "):
        m = re.match(r"(\d+)× (\w+) ", part)
        if m:
            free.append((m.group(2), int(m.group(1))))
        else:
            combos.append(re.match(r"combination (\S+)", part).group(1))  # type: ignore[union-attr]
    return free, combos


def harvest() -> list[dict[str, Any]]:
    """Every distinct refused text (de, en) of the builds described in the module's doc, with its build."""
    cards, combos = card_set(), combinations()
    order = {s: i for i, s in enumerate(cards)}
    symbols = [s for s in cards if cards[s].charges]  # Protomaterie is no element card
    out: dict[str, list[Any]] = {}

    def key_of(free: tuple[tuple[str, int], ...], fixed: tuple[tuple[str, int], ...], combo: str = "") -> Any:
        staged: tuple[Any, ...] = ()
        if combo:
            syms = tuple(sorted(e for e, n in combos[combo].parsed.counts.items() for _ in range(n)))
            staged = ((combo, C._parts(syms), 0),)
        return (tuple(sorted(free, key=lambda x: order[x[0]])), tuple(sorted(fixed)), staged, False, ())

    def record(key: Any, tag: str) -> None:
        for real_only in (False, True):
            v = C._judge(key)
            if real_only:
                if not (v.ok and v.label != "known"):
                    continue
                v = C._real_only_refusal(key)
            if v.ok:
                continue
            text = {lang: [v.headline.render(lang), [s.msg.render(lang) for s in v.steps]] for lang in ("de", "en")}
            out.setdefault(json.dumps(text, ensure_ascii=False), [tag, repr(key), v.rule, real_only])

    def fixings(free: tuple[tuple[str, int], ...]) -> list[tuple[tuple[str, int], ...]]:
        return [()] + [((s, q),) for s, _ in free if len(cards[s].charges) > 1 for q in cards[s].charges]

    for a, b in itertools.combinations(symbols, 2):
        for na, nb in itertools.product((1, 2, 3), repeat=2):
            if math.gcd(na, nb) == 1:
                pair = ((a, na), (b, nb))
                for fixed in fixings(pair):
                    record(key_of(pair, fixed), "pair")
    for a in symbols:
        for f in combos:
            for na in (1, 2, 3):
                for fixed in fixings(((a, na),)):
                    record(key_of(((a, na),), fixed, f), "element + combination")
    return [dict(json.loads(k), build=v) for k, v in out.items()]


def reachable(free: list[tuple[str, int]], combos: list[str], fixed: dict[str, int]) -> set[int]:
    """Every total charge the cards can have with their printed charges (``fixed`` ones as given)."""
    cards = card_set()
    options = [[q * n for q in ((fixed[s],) if s in fixed else cards[s].charges)] for s, n in free]
    base = sum(charge_of(f) for f in combos)
    return {base + sum(t) for t in itertools.product(*options)}


def check(refusals: list[dict[str, Any]]) -> tuple[collections.Counter, dict[str, list[Any]], dict[Any, str]]:
    """Counts of each kind of statement, the statements that fail a check, and the oxidation numbers of real
    substances the refusals give (for the pymatgen comparison). A wrong statement is caught:

    >>> wrong = {"en": ["", ["Cards: 1× Li (Lithium) + 1× H (Hydrogen)", "With the charge +1 for H (Hydrogen) it works",
    ...                      "LiH₂ (lithium hydride) is a real substance; but under the game's rules it cannot be built"]]}
    >>> sorted(check([wrong])[1])
    ['charge advice that does not balance', 'real substance of other atoms']
    """
    cards = card_set()
    n: collections.Counter = collections.Counter()
    bad: dict[str, list[Any]] = collections.defaultdict(list)
    numbers: dict[Any, str] = {}
    for r in refusals:
        lines = r["en"][1]
        head = next((line for line in lines if line.startswith("Cards: ")), None)
        if not head:
            continue
        free, combos = cards_of(head)
        atoms: collections.Counter = collections.Counter(dict(free))
        for f in combos:
            atoms.update(composition(f))
        here = dict(atoms)
        for line in lines:
            n["lines"] += 1
            if m := re.match(r"(\S+) \((.*)\) is a real substance; but under the game's rules it cannot be built", line):
                n["real substance named"] += 1
                c = composition(m.group(1))
                ratio = {e: Fraction(c[e], here[e]) for e in c if e in here}
                if set(c) != set(here) or len(set(ratio.values())) != 1:
                    bad["real substance of other atoms"].append((head, line))
            if m := re.match(r"In (\S+), (\w+) has the oxidation number ([+−-]?[\d/]+)( on average \(([^)]*)\))?; "
                             r"(?:the card \w+ \(\w+\) carries only (.+)|in a compound every card)", line):
                n["oxidation number of a real substance"] += 1
                if m.group(6):
                    carried = sorted(int(x.replace("−", "-")) for x in m.group(6).split(", "))
                    q = Fraction(m.group(3).replace("−", "-"))
                    if carried != sorted(cards[m.group(2)].charges) or (q in carried and not m.group(4)):
                        bad["card charges misquoted"].append(line)
                numbers[(m.group(1), m.group(2), Fraction(m.group(3).replace("−", "-")))] = line
            if m := re.match(r"(?:With the charges? (.+) it works$|By the game's rule alone the charges? (.+?) works?:)",
                             line):
                n["charge advice"] += 1
                fixed = {e: int(q.replace("−", "-")) for q, e in re.findall(r"([+−]\d+) for (\w+) \(",
                                                                              m.group(1) or m.group(2))}
                if 0 not in reachable(free, combos, fixed):
                    bad["charge advice that does not balance"].append((head, line))
            if m := re.match(r"Together the cards are the ion (\S+) \(", line):
                n["ion named"] += 1
                if composition(m.group(1)) != here or charge_of(m.group(1)) not in reachable(free, combos, {}):
                    bad["ion of other atoms or charge"].append((head, line))
            if m := re.match(r"With these charges the cards add up to the charge ([+−]\d+)", line):
                n["net charge"] += 1
                if int(m.group(1).replace("−", "-")) not in reachable(free, combos, {}):
                    bad["net charge the cards cannot have"].append((head, line))
            if m := re.match(r"Laid as the combinations? (.+?) it works", line):
                n["combination advice"] += 1
                for f in re.split(r", | and ", m.group(1)):
                    if any(here.get(e, 0) < k for e, k in composition(f).items()):
                        bad["combination of atoms the cards lack"].append((head, line))
            if m := re.match(r"Mercury\(I\) exists only as a pair .*: one formula unit (\S+) holds twice", line):
                n["mercury(I) pair"] += 1
                if composition(m.group(1)) != {e: 2 * k for e, k in here.items()}:
                    bad["mercury(I) unit not twice the cards"].append((head, line))
    return n, bad, numbers


def main(path: str) -> None:
    from pymatgen.core import Composition

    refusals = harvest()
    json.dump(refusals, open(path, "w"), ensure_ascii=False)
    print(len(refusals), "distinct refused texts;", dict(collections.Counter(r["build"][2] for r in refusals)))
    n, bad, numbers = check(refusals)
    print(dict(n))
    print(sum(len(v) for v in bad.values()), "statements fail a check")
    for kind, items in bad.items():
        print("##", kind, len(items))
        for item in items[:10]:
            print("   ", item)
    differ = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for (formula, element, q), line in numbers.items():
            try:
                bare = SUP_CHARGE.sub("", formula).translate(SUB).replace("[", "(").replace("]", ")")
                guesses = Composition(bare).oxi_state_guesses(all_oxi_states=True)
            except Exception:  # a formula pymatgen cannot read is listed with the differing ones
                guesses = []
            if not any(abs(g.get(element, 99) - float(q)) < 0.01 for g in guesses):
                differ.append(line)
    print(f"{len(numbers)} distinct oxidation numbers of real substances; pymatgen has {len(numbers) - len(differ)} "
          "among its guesses; the others (read them):")
    for line in differ:
        print("   ", line)


if __name__ == "__main__":
    main(sys.argv[1])
