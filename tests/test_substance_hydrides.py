"""review25g G4: the binary hydrides of the metals whose hydride is no salt of H⁻ ions are classed as
network solids like alane, not "Ein Salz … Ionen"; the saline hydrides stay salts. The classes are
typed from the textbooks, not read from the data: Greenwood & Earnshaw, Chemistry of the Elements,
2nd ed. (1997) — 5.3.2 (BeH₂ a polymer of BeH₄ tetrahedra with Be–H–Be three-centre bridges; MgH₂
the rutile-type ionic hydride; CaH₂, LiH saline), 'Aluminium …' (alane, AlH₆ octahedra with Al–H–Al
bridges), 'Zinc, Cadmium and Mercury' (ZnH₂ covalent, polymeric), 'Copper, Silver and Gold' (CuH,
wurtzite-type covalent solid); Holleman & Wiberg, 102nd ed. (2007), the same hydrides."""
from __future__ import annotations

import pytest

from chemgames.chemistry import substance

TEXTBOOK = [  # formula, bonding class, the metal named in the reason
    ("BeH2", "network", "Be"),
    ("AlH3", "network", "Al"),
    ("ZnH2", "network", "Zn"),
    ("CuH", "network", "Cu"),
    ("MgH2", "ionic", "Mg"),
    ("CaH2", "ionic", "Ca"),
    ("LiH", "ionic", "Li"),
]


@pytest.mark.parametrize(("formula", "bonding", "metal"), TEXTBOOK, ids=[r[0] for r in TEXTBOOK])
def test_hydride_bonding_class(formula, bonding, metal):
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert s.known, s
        assert s.bonding == bonding, (formula, s.bonding, s.bonding_reason)
        reason, data = s.bonding_reason
        assert reason == ("network" if bonding == "network" else "metal_nonmetal"), s.bonding_reason
        assert data["metals"] == (metal,)
        assert s.oxidation_states is not None and s.oxidation_states["H"] == -1  # hydride H in either class
