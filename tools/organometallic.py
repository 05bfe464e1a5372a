"""Organometallic compounds by their structure (review25f F3): an organic group bound to a metal.

PubChem draws Grignard reagents and metal alkyls as ions ([CH3-].[Mg+2].[Cl-] for CH3MgCl, CID 12670),
so the school rule "metal + non-metal: a salt of ions" would call them salts. They are not: the metal-carbon
bond is polar covalent; Zn(CH3)2, Al2(CH3)6, Pb(CH3)4 are molecules, and a Grignard reagent RMgX is made
and kept only as a solution in ether or THF (Schlenk equilibrium; Greenwood & Earnshaw, 2nd ed. 1997,
ch. 5.3.6 'organometallic compounds' of Mg; Holleman-Wiberg, Grignard-Verbindungen).

The rule reads the record's structure with RDKit: a carbon atom that carries hydrogen (an organic group,
not the C of CO, CN- or a carbide) and is bonded to a metal atom, or drawn as a carbanion beside a metal.

>>> organometallic("[CH3-].[Mg+2].[Cl-]"), organometallic("C[Zn]C"), organometallic("CC(=O)[O-].[Na+]")
('grignard', 'metal_carbon', None)
>>> organometallic("[C-]#[O+].[C-]#[O+].[C-]#[O+].[C-]#[O+].[Ni]"), organometallic("[K+].[C-]#N")
(None, None)

Grignard reagents RMgX exist as solvated molecules RMgX(OEt2)2 in ether, MgMe2 as chains of Mg bridged by
CH3 groups like BeMe2 (Greenwood & Earnshaw 5.4; Holleman-Wiberg 'Organomagnesiumverbindungen'): no salt
of CH3- ions. An acetylide (CaC2: C2 2- carries no H and no single C-C bond) and an alkoxide (the C of
ethoxide bears no charge and no bond to the metal) are salts:

>>> organometallic("[CH3-].[Mg+2].[Br-]"), organometallic("[CH3-].[CH3-].[Mg+2]")
('grignard', 'metal_carbon')
>>> organometallic("[C-]#[C-].[Ca+2]"), organometallic("CC[O-].[Na+]")
(None, None)
"""
from __future__ import annotations

NONMETALS = frozenset({"H", "He", "B", "C", "N", "O", "F", "Ne", "Si", "P", "S", "Cl", "Ar", "As", "Se", "Br", "Kr",
                       "Te", "I", "Xe", "At", "Rn"})
HALOGENS = frozenset({"F", "Cl", "Br", "I"})


def organometallic(smiles: str) -> str | None:
    """``"grignard"`` (an organomagnesium halide RMgX), ``"metal_carbon"`` (another organic group bound
    to a metal) or None, from the structure ``smiles``."""
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")
    mol = Chem.MolFromSmiles(smiles) if smiles else None
    if mol is None:
        return None
    metals = [a for a in mol.GetAtoms() if a.GetSymbol() not in NONMETALS]
    if not metals:
        return None
    bound = False
    for a in mol.GetAtoms():
        # an organic group's carbon: it carries H or is bonded to another C (phenyl, tert-butyl); not the
        # C of CO, CN- or a carbide C2 2- (no H, no C-C single or aromatic bond)
        if a.GetSymbol() != "C" or not (a.GetTotalNumHs() or any(
                n.GetSymbol() == "C" and b.GetBondType() in (Chem.BondType.SINGLE, Chem.BondType.AROMATIC)
                for b in a.GetBonds() for n in (b.GetOtherAtom(a),))):
            continue
        to_metal = any(n.GetSymbol() not in NONMETALS for n in a.GetNeighbors())
        carbanion = a.GetFormalCharge() < 0 and not to_metal
        if to_metal or carbanion:
            bound = True
    if not bound:
        return None
    symbols = {a.GetSymbol() for a in mol.GetAtoms()}
    if {a.GetSymbol() for a in metals} == {"Mg"} and symbols & HALOGENS:
        return "grignard"
    return "metal_carbon"
