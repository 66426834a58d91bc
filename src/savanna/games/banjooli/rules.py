"""The rule catalogue of Banjooli Xeet: each clause id with its source.

Clause ids are the ones used in ``docs/rules/banjooli.md`` and in the test names. The
sentences (English and French) come from the message catalogue, ``data/messages.<lang>.toml``
(key ``rule.<clause id>``); a clause without a sentence there fails at import.

Example:
    >>> RULES["move.rock"].text("fr")
    'Les cases rocher sont infranchissables.'
"""

from __future__ import annotations

from typing import Final

from savanna.core.errors import RuleRef
from savanna.core.messages import MessageCatalogue, load_messages

__all__ = ["GAME", "MESSAGES", "RULES", "SOURCES"]

GAME: Final = "banjooli"
"""The registry name of the game, the owner of its rule clauses."""
MESSAGES: Final[MessageCatalogue] = load_messages("savanna.games.banjooli")
"""Every text Banjooli shows people, in English and French."""

_EN = "banjooli-xeet-rules-en.txt"
_FR = "banjooli-xeet-rules-fr.txt"

SOURCES: Final[tuple[tuple[str, str], ...]] = (
    ("setup.layout", f"{_EN}, Components (Important) and Initial Setup 2"),
    ("setup.deal", f"{_EN}, Initial Setup 4"),
    ("berry.placement", f"{_EN}, Initial Setup (Optional Setup)"),
    ("reroll.once", f"{_FR}, DÉROULEMENT DE LA PARTIE"),
    ("reroll.spear", f"{_EN}, Berries (Naangateku)"),
    ("move.colour_count", f"{_EN}, A. Moving an Ostrich"),
    ("move.joker_alone", f"{_EN}, A. Moving an Ostrich (white jokers)"),
    ("move.joker_all", f"{_EN}, A. Moving an Ostrich (several jokers)"),
    (
        "move.joker_one_kind",
        f"{_EN}, A. Moving an Ostrich (finished ostriches' colours); {_FR}, A DÉPLACER UNE AUTRUCHE",
    ),
    ("move.five_magic", f"{_EN}, A. Moving an Ostrich (magic power)"),
    ("move.scared", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("move.arrived", f"{_EN}, End of the Game and Score"),
    ("move.full_movement", f"{_FR}, A DÉPLACER UNE AUTRUCHE 1; {_EN}, A. Moving an Ostrich 1"),
    ("move.forward", f"{_EN}, A. Moving an Ostrich 1"),
    ("move.fence", f"{_EN}, A. Moving an Ostrich 4"),
    ("move.rock", f"{_EN}, A. Moving an Ostrich 2"),
    ("move.occupied_end", f"{_EN}, A. Moving an Ostrich 2"),
    ("jump.one_point", f"{_EN}, A. Moving an Ostrich 3"),
    ("jump.two_adjacent", f"{_EN}, A. Moving an Ostrich 3"),
    ("jump.landing", "design (rules-questions Banjooli 7)"),
    ("quicksand.scare", f"{_EN}, A. Moving an Ostrich 4"),
    ("spell.colour", f"{_EN}, B. Spelling and Unspelling"),
    ("spell.at_exit", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("spell.arrived", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("spell.already_scared", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("unspell.running", f"{_EN}, B. Spelling and Unspelling (Unspell)"),
    ("turn.pass", "design (rules-questions Banjooli 3)"),
    ("end.third_arrival", f"{_EN}, End of the Game and Score"),
    ("end.turn_cap", "design"),
    ("croc.water", f"{_EN}, Special Tiles (The Crocodiles)"),
    (
        "croc.bite",
        f"{_EN}, Special Tiles (The Crocodiles); {_FR}, TUILES SPÉCIALES (Les Crocodiles)",
    ),
    ("ravine.bridge", f"{_EN}, Special Tiles (The Ravine)"),
    ("lava.back", f"{_EN}, Special Tiles (The Lava River)"),
    ("vortex.swap", f"{_EN}, Special Tiles (The Vortex)"),
    ("berry.give", f"{_EN}, Berries (Naangateku)"),
    ("joka.back", f"{_EN}, Berries (Joka)"),
    ("frenzy.all_dice", f"{_EN}, Berries (Dof Nooxoor)"),
    ("lion.run", f"design (rules-questions Banjooli 15; {_EN}, Components: 1 Lion token)"),
    ("score.prediction", f"{_EN}, End of the Game and Score; {_FR}, FIN DE PARTIE ET SCORE"),
)
"""Clause id → where it comes from (seed file and section, or ``design``), in document order."""

RULES: Final[dict[str, RuleRef]] = {
    cid: MESSAGES.rule(GAME, cid, source) for cid, source in SOURCES
}
