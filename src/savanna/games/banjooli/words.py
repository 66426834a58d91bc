"""The words people type for Banjooli's notation: colour and direction names, French verbs,
and each action as a French reader types it (:func:`local_text`, the menus' texts).

The notation's parser (:mod:`savanna.games.banjooli.notation`) reads every one of them back.
"""

from __future__ import annotations

from typing import Final

__all__ = ["FRENCH_STEP_LETTERS", "WORDS", "local_text"]

WORDS: Final = {
    # colours, in English and French, as people say them (the notation uses letters)
    **dict.fromkeys(("blue", "bleu", "bleue"), "b"),
    **dict.fromkeys(("yellow", "jaune", "j"), "y"),
    **dict.fromkeys(("red", "rouge"), "r"),
    **dict.fromkeys(("green", "vert", "verte", "v"), "g"),
    **dict.fromkeys(("purple", "pourpre", "violet", "violette", "mauve"), "p"),
    **dict.fromkeys(("white", "blanc", "blanche", "joker"), "w"),
    # directions
    **dict.fromkeys(("left", "gauche"), "l"),
    **dict.fromkeys(("forward", "straight", "devant", "avant"), "f"),
    **dict.fromkeys(("right", "droite"), "r"),
    # French verbs
    "garder": "keep",
    "relancer": "reroll",
    **dict.fromkeys(("déplacer", "deplacer", "bouger"), "move"),
    **dict.fromkeys(("avancer", "pas"), "step"),
    "sauter": "jump",
    "ensorceler": "spell",
    **dict.fromkeys(("désensorceler", "desensorceler"), "unspell"),
    "passer": "pass",
    "donner": "give",
    **dict.fromkeys(("échanger", "echanger"), "swap"),
    **dict.fromkeys(("baie", "berry-on"), "berry"),
    "vers": "to",
}
"""Words people type that the notation writes otherwise (``move blue`` = ``move B``)."""


_FRENCH_VERBS: Final = {
    "keep": "garder",
    "reroll": "relancer",
    "move": "déplacer",
    "step": "avancer",
    "jump": "sauter",
    "spell": "ensorceler",
    "unspell": "désensorceler",
    "pass": "passer",
    "give": "donner",
    "swap": "échanger",
    "berry": "baie",
    "to": "vers",
}
_FRENCH_DIRECTIONS: Final = {"L": "G", "F": "T", "R": "D"}  # gauche, tout droit, droite
FRENCH_STEP_LETTERS: Final = {"g": "l", "t": "f", "d": "r"}
_FRENCH_COLOURS: Final = str.maketrans({"Y": "J", "G": "V"})  # jaune, verte


def local_text(text: str, lang: str) -> str:
    """The notation ``text`` as a French reader types it (``relancer 136``, ``déplacer J+W``,
    ``avancer G``): verbs in French, the colours' French letters, directions G/T/D."""
    if lang != "fr":
        return text
    verb, _, argument = text.partition(" ")
    if verb in ("step", "jump"):
        argument = _FRENCH_DIRECTIONS.get(argument, argument)
    elif verb in ("move", "spell", "unspell", "swap"):
        argument = argument.translate(_FRENCH_COLOURS)
    return f"{_FRENCH_VERBS.get(verb, verb)} {argument}".strip()
