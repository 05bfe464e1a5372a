"""Isomers the reference does not key: a composition's other molecule, built with a group its known substance lacks.

The reference keys one substance per composition (CHNO is isocyanic acid H-N=C=O). A build of the same atoms with a
group the known molecule does not hold (C + N + the OH- card: H-O-C#N) is then "not our reference's substance"; where a
source describes that isomer, this table names it and says how it is known (review s17f, Medium 3: cyanic acid was
called "so nicht bekannt" though it has been detected in space). Each row quotes two independent sources, read through
the search tool (2026-11-28).

>>> row = group_isomer({"C": 1, "H": 1, "N": 1, "O": 1}, "[OH]-")
>>> row.formula, row.name.en, row.name.de, row.label, row.seen_in_space
('HOCN', 'cyanic acid', 'Cyansäure', 'transient', True)
>>> group_isomer({"C": 1, "H": 1, "N": 1, "O": 1}, "[NO3]-") is None, group_isomer({"H": 2, "O": 1}, "[OH]-") is None
(True, True)

A second kind of row names an isomer whose group the known molecule holds too, told apart by the oxidation numbers of
the group's atoms (``numbers``): methyl hydroperoxide CH3-O-OH has an O-H group as methanediol CH2(OH)2 has, but its O
atoms are −1, the OH⁻ card's is −2; the cards C + 2 H + 2 OH⁻ are methanediol (review s23c, H2).

>>> diol = group_isomer({"C": 1, "H": 4, "O": 2}, "[OH]-")
>>> diol.formula, diol.label, dict(diol.numbers)
('CH2(OH)2', 'solution', {'C': 0, 'H': 1, 'O': -2})
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..core.explanation import Text


@dataclass(frozen=True)
class GroupIsomer:
    """One isomer: the composition's atoms (sorted element, count pairs), the card group it holds, its formula and
    names, "transient" (known only briefly), "solution" (known dissolved, and only briefly as a pure molecule) or
    "exists", whether a detection in space is published, and the sources. ``numbers``: the isomer's oxidation number of
    each element, given where the known molecule holds the card's group too; the cards build the isomer only where every
    atom of their groups has its number here. Empty for a row told apart by a group the known molecule lacks."""

    counts: tuple[tuple[str, int], ...]
    group: str
    formula: str
    name: Text
    label: str
    seen_in_space: bool
    source: str
    numbers: tuple[tuple[str, int], ...] = ()


ROWS: tuple[GroupIsomer, ...] = (
    # H-O-C#N, the cards C + N + [OH]-: 1.1 eV above isocyanic acid, observed by its rotational lines in space
    GroupIsomer((("C", 1), ("H", 1), ("N", 1), ("O", 1)), "[OH]-", "HOCN", Text(de="Cyansäure", en="cyanic acid"),
                "transient", True,
                "Brünken, Belloche, Martín, Verheyen, Menten, A&A 516 (2010) A109, 'Interstellar HOCN in the Galactic "
                "center region' ('Our aim is to confirm the interstellar detection of cyanic acid, HOCN ... the more stable "
                "(by 1.1 eV) isomer isocyanic acid, HNCO ... Four transitions of HOCN were detected'); Cernicharo, Agúndez, "
                "Cabezas, Tercero, Fuentetaja, Marcelino, de Vicente, A&A (2024), arXiv 2401.11785, 'Discovery of "
                "thiofulminic acid with the QUIJOTE line survey: A study of the isomers of HNCS and HNCO in TMC-1' (the "
                "abundance ratio HOCN/HSCN in TMC-1); astrochymist.org, 'Molecule of the month' May 2015: 'HOCN is less "
                "stable than isocyanic acid (HNCO)'"),
    # HO-CH2-OH, the cards C + 2 H + 2 [OH]-: formaldehyde's hydrate; the reference's CH4O2 is methyl hydroperoxide
    # CH3-O-OH (CRC), whose O-H group has O −1, the card's O −2
    GroupIsomer((("C", 1), ("H", 4), ("O", 2)), "[OH]-", "CH2(OH)2", Text(de="Methandiol", en="methanediol"),
                "solution", False,
                "PubChem record in chemicals (CAS 463-57-0, 'methanediol', SMILES C(O)O); J. F. Walker, Formaldehyde "
                "(ACS Monograph), ch. 5: 'formaldehyde is hydrated and partially polymerized in aqueous solutions, being "
                "present as an equilibrium mixture of the monohydrate, methylene glycol, and polymeric hydrates, "
                "polyoxymethylene glycols'; H. Hasse, G. Maurer, Ind. Eng. Chem. Res. 30 (1991) 2195: 'In aqueous "
                "solutions formaldehyde is mainly dissolved chemically'; C. Zhu, N. F. Kleimeier, A. M. Turner, S. K. "
                "Singh, R. C. Fortenberry, R. I. Kaiser, PNAS 119 (2022) e2111938119, 'Synthesis of methanediol "
                "[CH2(OH)2]: The simplest geminal diol' (made in ices, detected in the gas after sublimation)",
                (("C", 0), ("H", 1), ("O", -2))),
)


def group_isomer(counts: Mapping[str, int], group: str) -> GroupIsomer | None:
    """The isomer of the composition ``counts`` that holds the card group ``group`` (a combination's formula,
    "[OH]-"), where a source names one; ``None`` otherwise."""
    key = tuple(sorted((e, int(n)) for e, n in counts.items()))
    return next((row for row in ROWS if row.counts == key and row.group == group), None)


__all__ = ["GroupIsomer", "ROWS", "group_isomer"]
