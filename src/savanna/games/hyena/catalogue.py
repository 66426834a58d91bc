"""The rule clauses of the Hyena game, in English and French, with their sources.

Clause ids are the ones used in ``docs/rules/hyena.md`` and in the names of the tests.
The wording depends on the ruleset (its fees and throws), so the catalogue is built per
ruleset from the data in ``data/rulesets.toml``.

Example:
    >>> from savanna.games.hyena.ruleset import load_ruleset
    >>> rules = rule_catalogue(load_ruleset("traditional"))
    >>> rules["well.fee"].en
    'A mother at the well needs 5 tabas before she can set off home.'
"""

from __future__ import annotations

from savanna.core.errors import RuleRef
from savanna.games.hyena.ruleset import Ruleset

__all__ = ["GAME", "rule_catalogue"]

GAME = "hyena"

SEED = "jeu-de-l-hyene-rules-fr.txt"
TRAD = "hyena-traditional-rules.md"
DOC = "docs/rules/hyena.md"


def _section(rs: Ruleset, v1: str, v2: str, trad: str) -> str:
    return {
        "four-sticks": f"{SEED}, {v1}",
        "three-sticks": f"{SEED}, {v2}",
        "traditional": f"{TRAD}, {trad}",
    }[rs.name]


def rule_catalogue(rs: Ruleset) -> dict[str, RuleRef]:
    """Every clause of ruleset ``rs``: clause id → :class:`RuleRef`."""
    table = ", ".join(
        f"{t.white} white: " + ({"null": "nothing", "taba": "a taba"}.get(t.kind) or f"{t.value}")
        for t in rs.throws
    )
    table_fr = ", ".join(
        f"{t.white} blanc(s) : " + ({"null": "rien", "taba": "un taba"}.get(t.kind) or f"{t.value}")
        for t in rs.throws
    )
    ender = next((t for t in rs.throws if t.ends_turn), None)
    clauses: list[tuple[str, str, str, str]] = [
        (
            "throw.table",
            f"{rs.sticks} sticks are thrown; {table}.",
            f"On lance {rs.sticks} bâtonnets ; {table_fr}.",
            _section(rs, "PREMIERE VARIANTE", "DEUXIEME VARIANTE", "Dice"),
        ),
        (
            "turn.skip",
            "A seat whose mother is home or devoured, and who does not own the hyena, no longer plays.",
            "Une place dont la mère est rentrée ou dévorée, et qui n'a pas l'hyène, ne joue plus.",
            f"design ({DOC}, Turns)",
        ),
        (
            "end.game",
            "Once the hyena is loose, the game ends when no mother is left in the village or on the "
            "track, or when the hyena is back in the village.",
            "Une fois l'hyène lâchée, la partie finit quand aucune mère ne reste au village ni sur le "
            "parcours, ou quand l'hyène est revenue au village.",
            _section(rs, "FIN DU JEU", "FIN DU JEU", "The game ends when every mother ..."),
        ),
        (
            "end.ranking",
            "The hyena's owner wins; the mothers who came home follow in their order of arrival; the "
            "others share the last place.",
            "Le propriétaire de l'hyène gagne ; les mères rentrées suivent dans leur ordre d'arrivée ; "
            "les autres partagent la dernière place.",
            _section(rs, "FIN DU JEU", "FIN DU JEU", "The hyena's player wins ..."),
        ),
        (
            "end.cap",
            "A game that reaches the maximum number of actions ends there and is ranked as it stands.",
            "Une partie qui atteint le nombre maximal d'actions s'arrête et est classée en l'état.",
            f"design ({DOC}, Ending)",
        ),
        (
            "home.first",
            "The first mother back in the village releases the hyena; her player now plays the hyena.",
            "La première mère revenue au village lâche l'hyène ; son joueur joue désormais l'hyène.",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU",
                "RETOUR DE LA PORTEUSE D'EAU",
                "She then travels back",
            ),
        ),
        (
            "home.reach",
            "A mother on her way back is home when her move reaches or passes the village.",
            "Une mère sur le retour est rentrée quand son déplacement atteint ou dépasse le village.",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU (no exact count asked)",
                "RETOUR DE LA PORTEUSE D'EAU: pas forcement par un compte exact",
                "She then travels back to the village",
            ),
        ),
        (
            "well.fee",
            f"A mother at the well needs {rs.well_fee} tabas before she can set off home.",
            f"Une mère au puits a besoin de {rs.well_fee} tabas avant de pouvoir rentrer.",
            _section(rs, "ARRIVE AU PUITS", "ARRIVE AU PUITS", "At the well she needs five tabas"),
        ),
        (
            "hyena.fee",
            f"The hyena leaves the village for {rs.hyena_fee} tabas.",
            f"L'hyène quitte le village moyennant {rs.hyena_fee} tabas.",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU",
                "RETOUR DE LA PORTEUSE D'EAU",
                "The hyena needs two tabas",
            ),
        ),
        (
            "hyena.speed",
            f"The hyena moves {rs.hyena_speed} times the value of each throw, out and back.",
            f"L'hyène avance de {rs.hyena_speed} fois la valeur de chaque jet, à l'aller et au retour.",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU",
                "RETOUR DE LA PORTEUSE D'EAU: à l'aller et au retour",
                "moves twice the value of each throw",
            ),
        ),
        (
            "hyena.well",
            "The hyena stops at the well when its move reaches or passes it, and eats no one on the way there.",
            "L'hyène s'arrête au puits quand son déplacement l'atteint ou le dépasse, et ne mange personne à l'aller.",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU: ne pouvant manger avant d'avoir bu",
                "RETOUR DE LA PORTEUSE D'EAU: Arrivée au Puit",
                "at the well needs ten tabas",
            ),
        ),
        (
            "hyena.well_fee",
            f"The hyena leaves the well only after its owner pays {rs.hyena_well_fee} tabas.",
            f"L'hyène ne quitte le puits qu'après que son propriétaire a payé {rs.hyena_well_fee} tabas.",
            _section(
                rs, "RETOUR DE LA PORTEUSE D'EAU", "RETOUR DE LA PORTEUSE D'EAU", "needs ten tabas"
            ),
        ),
        (
            "hyena.devours",
            "On its way back the hyena devours every mother on the track it reaches or passes, and any "
            "mother who walks into it.",
            "Au retour, l'hyène dévore toute mère du parcours qu'elle atteint ou dépasse, et toute mère "
            "qui vient à elle.",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU: elle les rattrape et les dévore",
                "RETOUR DE LA PORTEUSE D'EAU: elle dévore toutes les Mères qu'elle dépasse",
                "On its way back the hyena eats every mother it overtakes",
            ),
        ),
    ]
    if rs.has_choice:
        clauses += [
            (
                "turn.bank_or_move",
                "Each turn the player throws once, then either banks the throw's tabas or moves that many holes.",
                "À son tour le joueur lance une fois, puis soit met les tabas du jet en réserve, soit avance "
                "d'autant de trous.",
                f"{SEED}, DEUXIEME VARIANTE",
            ),
            (
                "depart.fee",
                "A mother leaves the village only by paying 1 banked taba.",
                "Une mère ne quitte le village qu'en payant 1 taba de la réserve.",
                f"{SEED}, DEUXIEME VARIANTE, DEPART DU VILLAGE",
            ),
            (
                "well.exact",
                "A mother reaches the well only by an exact count.",
                "Une mère n'arrive au puits que par un compte exact.",
                f"{SEED}, DEUXIEME VARIANTE, ARRIVE AU PUITS",
            ),
            (
                "well.pay_missing",
                "A mother whose move falls short of the well may pay one banked taba per missing hole to reach it.",
                "Une mère dont le déplacement n'atteint pas le puits peut payer un taba par trou manquant pour y arriver.",
                f"{SEED}, DEUXIEME VARIANTE, ARRIVE AU PUITS",
            ),
            (
                "well.bounce",
                "A mother whose move passes the well moves back by the holes in excess.",
                "Une mère dont le déplacement dépasse le puits recule du nombre de points en trop.",
                f"{SEED}, DEUXIEME VARIANTE, ARRIVE AU PUITS",
            ),
        ]
    else:
        assert ender is not None  # the data validator guarantees a turn-ending throw
        clauses += [
            (
                "turn.until_two",
                f"A player keeps throwing until a throw of {ender.white} white sides, which ends the turn.",
                f"Un joueur lance tant qu'il n'a pas obtenu {ender.white} côtés blancs, jet qui finit son tour.",
                _section(
                    rs,
                    "PREMIERE VARIANTE: tant qu'il n'a pas obtenu un 2",
                    "",
                    "keeps throwing until they throw a 2",
                ),
            ),
            (
                "turn.throw_only",
                "The throws decide every move: the player's only action is to throw.",
                "Les jets décident de tout : la seule action du joueur est de lancer.",
                f"design ({DOC}, Decisions)",
            ),
            (
                "depart.taba",
                "A mother leaves the village when her son throws a taba; other throws before that are void.",
                "Une mère quitte le village quand son fils obtient un taba ; les autres jets d'ici là sont nuls.",
                _section(
                    rs,
                    "DEPART DU VILLAGE",
                    "",
                    "A mother leaves the village only after her son throws a taba",
                ),
            ),
            (
                "move.taba",
                "Once she is on her way, a taba is banked and does not move her.",
                "Une fois en route, un taba est mis de côté et ne la fait pas avancer.",
                _section(rs, "DEPART DU VILLAGE: Par la suite", "", "A taba does not move her"),
            ),
            (
                "well.wait",
                "While a piece waits for a fee, "
                + (
                    "every throw but a null one brings one taba."
                    if rs.wait_gain == "any-scoring-throw"
                    else "only a thrown taba counts; other throws are lost."
                ),
                "Tant qu'une pièce attend de payer, "
                + (
                    "chaque jet non nul rapporte un taba."
                    if rs.wait_gain == "any-scoring-throw"
                    else "seul un taba lancé compte ; les autres jets sont perdus."
                ),
                _section(
                    rs,
                    "ARRIVE AU PUITS: tout les résultat ... donne droit à des tabas",
                    "",
                    "At the well ...",
                ),
            ),
        ]
        if rs.well_arrival == "stop":
            clauses.append(
                (
                    "well.stop",
                    "A mother whose move reaches or passes the well stops there.",
                    "Une mère dont le déplacement atteint ou dépasse le puits s'y arrête.",
                    f"design ({DOC}, The well; {SEED}, PREMIERE VARIANTE)",
                )
            )
        else:
            clauses += [
                (
                    "well.exact",
                    "A mother reaches the well only by an exact throw; a longer throw does not move her.",
                    "Une mère n'arrive au puits que par un jet exact ; un jet trop long ne la fait pas avancer.",
                    f"{TRAD}, She must reach the well by an exact throw",
                ),
                (
                    "well.step_in",
                    "A mother one hole short of the well spends a banked taba to step in.",
                    "Une mère à un trou du puits dépense un taba mis de côté pour y entrer.",
                    f"{TRAD}, one short of it ... she may spend a banked taba",
                ),
            ]
    return {cid: RuleRef(GAME, cid, en=en, fr=fr, source=src) for cid, en, fr, src in clauses}
