"""The metal-like compounds named one by one (s17e): compositions the general rule of
:func:`chemgames.chemistry.substances.metal_like` (borides and silicides of the d/f metals, their metal-rich carbides,
nitrides and phosphides, the interstitial monocarbides and mononitrides ...) does not cover, each a row with the
sources read for it and the sentence it gets. ``metal_like`` reads this table; nothing here is decided by an ``if``
inside the rule.

A row's ``sentence`` is the suffix of its sentence keys (``chem.ox.metal_like<suffix>``, ``ck.bond.metal_like<suffix>``):
``""`` for a compound a source says conducts like a metal, ``"_film"`` for one whose conduction no source read states
(FeN: its sentence says how it is made and how it is bonded, not that it conducts), ``"_nonstoich"`` for one without a
fixed composition whose numbers, bonding and conduction no source read states (UN2: UNx, x 1.75-2.0). Two more tables
hold compounds of the general rule whose sentence must not say "conducts like a metal": ``CONDUCTION_DISPUTED``
(CrN, ``"_conduction_disputed"``: the sources dispute its conduction and its numbers) and ``CONDUCTION_UNSTATED``
(PuN, AmN, ``"_conduction_unstated"``: no source read states it).

>>> [row.formula for row in NAMED_METAL_LIKE]
['MgB2', 'AlB2', 'FeN', 'UN2']
>>> named_metal_like({"Mg": 2, "B": 4}).formula, named_metal_like({"Fe": 1, "N": 1}).sentence
('MgB2', '_film')
>>> named_metal_like({"Fe": 1, "N": 2}) is None, named_metal_like({"Al": 1, "B": 12}) is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import gcd
from typing import Mapping

from .formula import parse_formula

__all__ = ["CONDUCTION_DISPUTED", "CONDUCTION_UNSTATED", "NAMED_METAL_LIKE", "NamedMetalLike", "conduction_disputed",
           "conduction_unstated", "named_metal_like"]

_GE = "Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed. (1997)"
_HW = "Holleman-Wiberg, Lehrbuch der Anorganischen Chemie, 102nd ed. (2007)"
_UN2_SOURCES = ("en.wikipedia 'Uranium nitride' (UN2: fluorite type; UNx, x 1.75-2.0); de.wikipedia 'Urannitride' (N loss "
                "from about 675 °C to U2N3); Inorg. Chem. 48 (2009) 10635 (authors not shown on the pages read)")


@dataclass(frozen=True)
class NamedMetalLike:
    """One metal-like compound of the table: its formula unit (the smallest whole numbers), the suffix of its
    sentence keys and the sources read for it."""

    formula: str  # the formula unit, written metal first: MgB2, FeN
    sentence: str  # "" (conducts like a metal, by the sources), "_film" or "_nonstoich" (no source states its conduction)
    sources: str

    @property
    def counts(self) -> dict[str, int]:
        return dict(parse_formula(self.formula).counts)


NAMED_METAL_LIKE: tuple[NamedMetalLike, ...] = (
    # the parents of the AlB2 type that CrB2 and TiB2 share: graphite-like nets of B atoms between layers of metal
    # atoms, metallic conductors; the Zintl count Mg2+ (B-)2 is a formal electron count, the transfer incomplete and
    # the boron bands partly empty. CaB6 (a semiconductor of B6 octahedra), AlB12 and the Zintl silicides CaSi, CaSi2
    # keep their numbers.
    NamedMetalLike("MgB2", "", f"{_GE}, 6.3.1 (the MB2 borides of AlB2 type); {_HW}, 'Boride', Magnesiumdiborid; "
                   "Nagamatsu, Nakagawa, Muranaka, Zenitani, Akimitsu, Nature 410 (2001) 63 (superconducting below 39 K)"),
    NamedMetalLike("AlB2", "", f"{_GE}, 6.3.1 (AlB2, the type of the MB2 borides: hexagonal B nets between metal "
                   f"layers); {_HW}, 'Boride'"),
    # iron mononitride (s16c): thin films (zinc-blende γ''-FeN, rock-salt γ'''-FeN) and a NiAs-type phase at
    # 10-45 GPa; N in the holes of a close-packed Fe lattice, strong covalent Fe-N bonds "with some charge transfer
    # to N"; no source read gives it Fe +3 and N -3, none says how it conducts (s16j: structure and magnetism only).
    # Only FeN: MnN, CoN, NiN have no source read here.
    NamedMetalLike("FeN", "_film", "Wojciechowski & Lewandowski, Cryst. Growth Des. 22 (2022) 4618, doi "
                   "10.1021/acs.cgd.1c01528 (review: γ''-FeN zinc blende, γ'''-FeN rock salt); Clark, Steinberg, "
                   "Dronskowski et al., Angew. Chem. Int. Ed. 56 (2017) 7302 ('High-Pressure NiAs-Type Modification "
                   "of FeN', 10-45 GPa); Yamada, Usui, Kobayashi, Hyperfine Interact. (2013) (γ'''-FeN film, "
                   "antiferromagnetic below 220 K); Sifkovits et al., J. Magn. Magn. Mater. 204 (1999) 191 (covalent "
                   "Fe-N bonds, N in octahedral holes)"),
    # uranium dinitride (s17d): real but non-stoichiometric, UNx with x 1.75-2.0 in the fluorite type, losing N from
    # about 675 °C; no source read gives it oxidation numbers, says how it is bound or whether it conducts.
    # Only UN2: U2N3 and the other actinide dinitrides have no source read here.
    NamedMetalLike("UN2", "_nonstoich", _UN2_SOURCES),
)
"""The named metal-like compounds, each with its sources (see the module doc)."""


CONDUCTION_DISPUTED: tuple[NamedMetalLike, ...] = (
    # chromium mononitride (review s20c): metal-like by the general rule (the interstitial mononitrides of groups 4-6,
    # Greenwood & Earnshaw 11.3.3), but how it conducts is disputed: a gap at the Fermi level in the paramagnetic
    # rock-salt phase (room temperature), a metal only in the antiferromagnetic phase below about 280 K; thin films
    # measured semiconducting; "many discrepant studies". So its sentence does not say it conducts like a metal.
    # Its numbers are disputed too (s20j), so by the rule of DISPUTED_OX it carries none and the sentence says why:
    # de.wikipedia 'Chrom(III)-nitrid' ("Eine ionische Formulierung im Sinne von Cr3+ und N3- ist irreführend, während
    # eine Zuordnung entsprechender Oxidationszahlen korrekt ist", memim.com copy) against en.wikipedia 'Chromium
    # nitride' after Greenwood & Earnshaw p. 480 ("an interstitial compound ... not strictly a chromium(III) compound nor
    # does it contain nitride ions (N3-)"). The sentence names Cr +3 / N -3, the numbers pymatgen's guess gives too.
    NamedMetalLike("CrN", "_conduction_disputed", "Bhobe, Chainani et al., Phys. Rev. Lett. 104 (2010) 236404 ('Evidence "
                   "for a correlated insulator to antiferromagnetic metal transition in CrN', T_N about 286 K); review "
                   "'Synthesis and Study of Correlated Phase Transitions of CrN Nanoparticles', Inorganics 12 (2024) 247, "
                   "doi 10.3390/inorganics12090247 ('many discrepant studies on these transitions'); a study of "
                   "DC-sputtered CrN films ('semiconducting behaviour of electrical resistivity in the whole range')"),
)
"""Metal-like compounds of the general rule whose conduction the sources read dispute: the rule keeps them metal-like
(no oxidation numbers), only their sentence (the row's suffix) does not say they conduct like a metal."""

_PUN_SOURCES = ("AERE-R-5441 (Harwell), 'Research on plutonium nitride' (OSTI 4229398, abstract: 'crystallizes in the "
                "rock-salt system', preparation, oxidation); Lai, Hu & Qiu, RSC Adv. 10 (2020) 24877 (first-principles: "
                "NaCl-type PuN, stable only stoichiometric); en.wikipedia 'Plutonium nitride' (grey cubic crystals, Fm3m): "
                "none says how it conducts")
CONDUCTION_UNSTATED: tuple[NamedMetalLike, ...] = (
    # the actinide mononitrides PuN and AmN (s20j, review s20c's open point): metal-like by the general rule (the
    # actinide mononitrides, GE ch. 31), but the sources searched (structure, preparation, first-principles stability)
    # say nothing of how they conduct; UN stays "conducts like a metal" (its "pronounced bad-metallic transport": Kang,
    # Kim, Pederson et al., arXiv 2509.23033 (2025)). So their sentence says only that the N atoms sit in the metal's
    # lattice.
    NamedMetalLike("PuN", "_conduction_unstated", _PUN_SOURCES),
    NamedMetalLike("AmN", "_conduction_unstated", "en.wikipedia 'Americium nitride' (preparation from the metal and N2 "
                   "or NH3 at 750-800 °C; Itoh, Akabori, Takano et al., J. Nucl. Sci. Technol. 39 (2002) 737, "
                   "carbothermic fabrication); no source on its conduction found in the pages corpus (searched "
                   "2026-11-28: 'americium nitride AmN electrical conductivity')"),
    # ThC (s23b): metal-like by the general rule and of the rock-salt type like UC, but no source read calls it an
    # interstitial compound (the Einlagerungsverbindung of TiC) or says how it conducts; its sentence says what they say
    NamedMetalLike("ThC", "_rocksalt_unstated", "fr.wikipedia 'Carbure de thorium(IV)' (grey-black solid of metallic "
                   "lustre, cubic, halite type, Fm3m, a = 532.5 pm; Springer Handbook of Condensed Matter and Materials "
                   "Data 2005, p. 462); a study of non-stoichiometric thorium monocarbide by solid electrochemical cells "
                   "(abstract, discovery.researcher.life: 'stable from a composition of ThC0.66 to ThC0.96', 'thorium and "
                   "carbon form covalent bonds'); no source on its conduction found in the pages corpus (searched "
                   "2026-11-29: 'thorium carbide ThC metallic electrical conductivity')"),
)
"""Metal-like compounds of the general rule whose conduction no source read states (s20j): they stay metal-like (no
oxidation numbers), and their sentence (the row's suffix) does not say they conduct like a metal."""


def _unit(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """The formula unit of a composition as a sorted tuple: Mg2B4 → (('B', 2), ('Mg', 1))."""
    g = 0
    for n in counts.values():
        g = gcd(g, n)
    return tuple(sorted((e, n // g) for e, n in counts.items())) if g else ()


@lru_cache(maxsize=None)
def _by_unit(table: tuple[NamedMetalLike, ...]) -> dict[tuple[tuple[str, int], ...], NamedMetalLike]:
    """The rows of ``table`` by their formula unit (made once a table)."""
    return {_unit(row.counts): row for row in table}


def _row_of(table: tuple[NamedMetalLike, ...], counts: Mapping[str, int]) -> NamedMetalLike | None:
    """The row of ``table`` whose formula unit is that of ``counts``, else None."""
    return _by_unit(table).get(_unit(counts))


def named_metal_like(counts: Mapping[str, int]) -> NamedMetalLike | None:
    """The table's row of this composition (any multiple of the formula unit: Mg2B4 is MgB2), else None."""
    return _row_of(NAMED_METAL_LIKE, counts)


def conduction_disputed(counts: Mapping[str, int]) -> NamedMetalLike | None:
    """The row of :data:`CONDUCTION_DISPUTED` of this composition (any multiple of the formula unit), else None.

    >>> conduction_disputed({"Cr": 1, "N": 1}).sentence, conduction_disputed({"Ti": 1, "N": 1}) is None
    ('_conduction_disputed', True)
    """
    return _row_of(CONDUCTION_DISPUTED, counts)


def conduction_unstated(counts: Mapping[str, int]) -> NamedMetalLike | None:
    """The row of :data:`CONDUCTION_UNSTATED` of this composition (any multiple of the formula unit), else None.

    >>> conduction_unstated({"Pu": 2, "N": 2}).sentence, conduction_unstated({"U": 1, "N": 1}) is None
    ('_conduction_unstated', True)
    """
    return _row_of(CONDUCTION_UNSTATED, counts)
