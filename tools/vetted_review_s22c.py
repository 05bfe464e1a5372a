"""s22c: a real substance the eighth review of Das Chemie-Kartenspiel (150 games, seeds 99000-99149) found called
game-only: sulfuric acid monohydrate, which is oxonium hydrogen sulfate [H3O]+[HSO4]- as nitric acid monohydrate is
oxonium nitrate and perchloric acid monohydrate oxonium perchlorate (the ``HANDBOOK`` rows of
``tools/composable_real.py``). The cards H + [H3O]+ + [SO4]2- build it (the free H card +1 on the sulfate, as in
NaHSO4 and NH4HSO4); the game called it "nicht in unserem Nachschlagewerk".

``OXONIUM_HYDROGENSULFATE`` has the format of a ``HANDBOOK`` row (formula, (SMILES, source, solution only)); the two
sources are crystal-structure papers with their authors (the truth row of ``tests/truth/rows.txt`` quotes them).

>>> OXONIUM_HYDROGENSULFATE[0]
'[H3O]HSO4'
>>> OXONIUM_HYDROGENSULFATE[1][2]
False
"""
from __future__ import annotations

OXONIUM_HYDROGENSULFATE = ("[H3O]HSO4", (
    "[OH3+].OS(=O)(=O)[O-]",
    "Kemnitz, Werner, Trojanov, Acta Cryst. C52 (1996) 2665 ('The crystal structures of H2SO4 and (H3O)(HSO4) have "
    "been refined ... In oxonium hydrogen sulfate the HSO4- tetrahedra form infinite hydrogen-bonded chains which are "
    "linked by H3O+ ions forming double layers'; COD 2005681: 'sulfuric acid monohydrate', mp 8.5 °C); Francis, "
    "Marshall, Pulham, Allan, Dawson, Fabbiani, Inorg. Chim. Acta 361 (2008) 487 ('sulfuric acid monohydrate (oxonium "
    "hydrogensulfate) ... chains of hydrogensulfate ions linked by oxonium ions'); as [H3O]NO3 and [H3O]ClO4: oxonium "
    "salts of the strong acids", False))
