"""API fields of review 25f (issue 25): L1, a homoatomic polyatomic ion is polyatomic; L2, an ion is of kind "ion".

The tribromide ion Br₃⁻ is a polyhalide ion of three bonded atoms (Greenwood & Earnshaw, 2nd ed.,
ch. 17.2.6, polyhalide ions), so its bonding reason is ``polyatomic_ion``, as [ICl₂]⁻'s is; Cl⁻ and
Fe³⁺ are single atoms (``monoatomic_ion``).
"""
from __future__ import annotations

import pytest

from chemgames.chemistry import substance


@pytest.mark.parametrize("formula, charge, reason", [
    ("Br3", -1, "polyatomic_ion"),
    ("ICl2", -1, "polyatomic_ion"),
    ("Cl", -1, "monoatomic_ion"),
    ("Fe", 3, "monoatomic_ion"),
])
def test_an_ion_of_several_atoms_is_polyatomic(formula, charge, reason):
    s = substance(formula, charge)
    assert s.kind == "ion" and s.bonding == "ion"
    assert s.bonding_reason[0] == reason


def test_an_unrecorded_homoatomic_ion_is_polyatomic_too():
    s = substance("Cl5", -1)  # no record: the reason follows the atoms all the same
    assert s.bonding_reason[0] == "polyatomic_ion"


# L2: an ion that holds a metal is an ion ("kind … ion", the docstring of Substance): hexachloridostannate,
# tetrachloridonickelate and the hexaaqua ions are textbook complex ions (Holleman-Wiberg; Red Book IR-9)
@pytest.mark.parametrize("formula, charge", [
    ("SnCl6", -2), ("NiCl4", -2), ("TiF6", -2), ("InCl4", -1), ("Cu(H2O)6", 2), ("Fe(H2O)6", 3),
    ("Ni(NH3)6", 2), ("Cr(OH)4", -1), ("SbF6", -1), ("SO4", -2),
])
def test_an_ion_that_holds_a_metal_is_of_kind_ion(formula, charge):
    s = substance(formula, charge)
    assert (s.kind, s.bonding) == ("ion", "ion")
