"""Identity, labels and the bonding class a caller reads agree with each other (issue 25, session 11).

Expected values come from the school rule (metal + non-metal: a salt; mendeleev's series decide what a
metal is) and the handbooks (Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed. 1997; Holleman-Wiberg,
102nd ed. 2007), never from the engine's own output.
"""
from __future__ import annotations

from functools import lru_cache

import pytest
from mendeleev_table import elements

from chemgames.chemistry import substance

_METAL_SERIES = {"Alkali metals", "Alkaline earth metals", "Transition metals", "Poor metals", "Lanthanides", "Actinides"}


@lru_cache(maxsize=None)
def _is_metal(symbol: str) -> bool:
    """A metal by mendeleev's series (polonium too: a metal in Greenwood & Earnshaw ch. 16)."""
    return symbol == "Po" or elements()[symbol].series in _METAL_SERIES


# compositions the reference does not know that recheck25c found with kind "molecule" though they are salts by
# the school rule (a metal and non-metals): cryolite types, ferrates, hexahalogenido salts, lithium cobaltite ...
UNKNOWN_SALTS = ["K3AlF6", "Li3AlF6", "K2PdCl6", "K2PdCl4", "K2SnCl6", "K2IrCl6", "K3FeF6", "Na2FeO4", "BaFeO4",
                 "LiCoO2", "LiNbO3", "ZnAl2O4", "CoFe2O4", "Na3N", "CoS2", "CeC2"]


@pytest.mark.parametrize("formula", UNKNOWN_SALTS)
def test_an_unknown_metal_salt_is_a_salt_not_a_molecule(formula):
    pytest.importorskip("mendeleev")
    s = substance(formula)
    assert any(_is_metal(e) for e in s.counts) and not all(_is_metal(e) for e in s.counts)
    assert (s.kind, s.bonding) == ("salt", "ionic"), (formula, s.kind, s.bonding)


# the monophosphides and monoarsenides of groups 4-10 (MnP and NiAs types) and the interstitial hydrides conduct
# like metals (GE 12.3.3 phosphides, 3.6.2 metallic hydrides; HW 'metallartige Phosphide', 'Einlagerungsverbindungen')
@pytest.mark.parametrize("formula", ["FeP", "CrP", "FeAs", "MnP", "CoP", "MnAs", "ScH2", "CrB2"])
def test_a_metal_like_compound_is_metallic_not_a_molecule(formula):
    s = substance(formula)
    assert (s.kind, s.bonding, s.bonding_reason[0]) == ("metallic", "network", "metal_like"), (formula, s.kind)
    assert s.oxidation_states is None and s.ions is None


@pytest.mark.parametrize("formula, kind", [("SiO2", "network"), ("BN", "network"), ("SiC", "network"),
                                           ("HgCl2", "molecule"), ("NaCl", "salt"), ("H2SO4", "acid"),
                                           ("CH4", "organic"), ("CO2", "molecule")])
def test_kind_of_textbook_substances(formula, kind):
    assert substance(formula).kind == kind


@pytest.mark.parametrize("formula, other", [("CaB6", "Ca"), ("SiB6", "Si")])
def test_the_boron_atoms_of_a_boride_cluster_are_alike(formula, other):
    """CaB6 holds B6 2- octahedra whose six B atoms are equivalent (GE 6.3.2), SiB6 a network of B12 icosahedra:
    each B carries the same share, the other element's main oxidation state (mendeleev) over the six B atoms,
    never one drawing's split such as (-1, -1, 0, 0, 0, 0) (review25, recheck25c #30)."""
    from fractions import Fraction

    pytest.importorskip("mendeleev")
    main = max(elements()[other].oxistates)
    s = substance(formula)
    assert s.oxidation_states == {other: main, "B": Fraction(-main, 6)}
    assert "B" not in (s.average or {})
