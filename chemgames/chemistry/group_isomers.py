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

An element whose atoms have different numbers in the isomer is listed once per atom: methyl hydrogen carbonate
CH3-O-C(=O)-OH has a C −2 (methyl) and a C +4 (the card's hydrogencarbonate group), C + 3 H + HCO3⁻ (review s25d, H1).
Its label "cold": known only in the cold, as a solid at 210 K and as a molecule trapped in frozen noble gas.

>>> ester = group_isomer({"C": 2, "H": 4, "O": 3}, "[HCO3]-")
>>> ester.formula, ester.label, ester.states()
('CH3OCO2H', 'cold', {'C': (-2, 4), 'H': (1,), 'O': (-2,)})
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..core.explanation import Text


@dataclass(frozen=True)
class GroupIsomer:
    """One isomer: the composition's atoms (sorted element, count pairs), the card group it holds, its formula and
    names, "transient" (known only briefly), "solution" (known dissolved, and only briefly as a pure molecule), "cold"
    (known only in the cold) or "exists", whether a detection in space is published, and the sources. ``numbers``: the
    isomer's oxidation number of each element (an element whose atoms differ: one pair per atom), given where the cards'
    groups alone tell the isomer apart; the cards build the isomer only where every atom of their groups has one of its
    element's numbers here. Empty for a row told apart by a group the known molecule lacks and by all the cards'
    numbers (cyanic acid)."""

    counts: tuple[tuple[str, int], ...]
    group: str
    formula: str
    name: Text
    label: str
    seen_in_space: bool
    source: str
    numbers: tuple[tuple[str, int], ...] = ()

    def states(self) -> dict[str, tuple[int, ...]]:
        """Each element's numbers in the isomer, sorted: one for an element whose atoms are alike."""
        out: dict[str, list[int]] = {}
        for e, q in self.numbers:
            out.setdefault(e, []).append(q)
        return {e: tuple(sorted(qs)) for e, qs in out.items()}


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
    # CH3-O-C(=O)-OH, the cards C + 3 H + [HCO3]-: carbonic acid's monomethyl ester; the reference's C2H4O3 is glycolic
    # acid HO-CH2-COOH, whose C atoms are -1 and +3 (review s25d, H1: it read "so gibt es den Stoff nicht")
    GroupIsomer((("C", 2), ("H", 4), ("O", 3)), "[HCO3]-", "CH3OCO2H",
                Text(de="Methylhydrogencarbonat", en="methyl hydrogen carbonate"), "cold", False,
                "PubChem record in chemicals (CAS 7456-87-3, 'methyl hydrogen carbonate', SMILES COC(=O)O); H. P. "
                "Reisenauer, J. P. Wagner, P. R. Schreiner, 'Gas-Phase Preparation of Carbonic Acid and Its Monomethyl "
                "Ester', Angew. Chem. Int. Ed. 53 (2014) 11766 (abstract: 'a novel and general method for the "
                "preparation of H2CO3 and its monomethyl ester (CH3OCO2H) through the gas-phase pyrolysis of ... "
                "tert-butyl methyl carbonate ... trapped in noble-gas matrices at 8 K ... the vapor phase above "
                "alpha-H2CO3 corresponds to CH3OCO2H'); E.-M. Köck, J. Bernard, M. Podewitz, D. F. Dinu, R. G. Huber, "
                "K. R. Liedl, H. Grothe, E. Bertel, R. Schlögl, T. Loerting, 'Alpha-Carbonic Acid Revisited: Carbonic "
                "Acid Monomethyl Ester as a Solid and its Conformational Isomerism in the Gas Phase', Chem. Eur. J. 26 "
                "(2020) 285 (abstract: 'In methanolic solution, methylation of the salt is found, which upon "
                "acidification transforms to the monomethyl ester of carbonic acid (CAME, HO-CO-OCH3). Infrared "
                "spectroscopy data both of the solid at 210 K and of the evaporated molecules trapped and isolated in "
                "argon matrix at 10 K are presented'); J. Bernard et al., RSC Adv. 7 (2017) 22222 ('The monoesters of "
                "carbonic acid are deemed to be unstable and decompose to alcohol and carbon dioxide', the ethyl ester "
                "isolated as a solid)",
                (("C", -2), ("C", 4), ("H", 1), ("O", -2))),
)


def group_isomer(counts: Mapping[str, int], group: str) -> GroupIsomer | None:
    """The isomer of the composition ``counts`` that holds the card group ``group`` (a combination's formula,
    "[OH]-"), where a source names one; ``None`` otherwise."""
    key = tuple(sorted((e, int(n)) for e, n in counts.items()))
    return next((row for row in ROWS if row.counts == key and row.group == group), None)


__all__ = ["GroupIsomer", "ROWS", "group_isomer"]
