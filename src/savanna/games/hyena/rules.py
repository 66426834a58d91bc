"""The rule catalogue of the Hyena game: each clause id with its source, per ruleset, and
which clause refuses an action.

Clause ids are the ones used in ``docs/rules/hyena.md`` and in the names of the tests. The
sentences (English and French) come from the message catalogue, ``data/messages.<lang>.toml``
(key ``rule.<clause id>``); their figures (fees, speed, the throw table) are the ruleset's,
so the catalogue is built per ruleset from ``data/rulesets.toml``.

Example:
    >>> from savanna.games.hyena.ruleset import load_ruleset
    >>> rules = rule_catalogue(load_ruleset("traditional"))
    >>> rules["well.fee"].en
    'A mother at the well needs 5 tabas before she can set off home.'
    >>> rules["throw.table"].fr  # typeset: no-break spaces before ; and :
    'On lance 3 bâtonnets\xa0; 0 blanc\xa0: 6, 1 blanc\xa0: un taba, 2 blancs\xa0: 2, 3 blancs\xa0: 4.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from savanna.core.display import Label
from savanna.core.errors import RuleRef
from savanna.core.messages import FieldSource, MessageCatalogue, load_messages
from savanna.games.hyena.actions import MOVE, PAY, THROW
from savanna.games.hyena.phase import Place, Stage
from savanna.games.hyena.ruleset import Ruleset

if TYPE_CHECKING:
    from savanna.games.hyena.state import HyenaState

__all__ = ["GAME", "MESSAGES", "refusal", "rule_catalogue", "throw_table"]

GAME: Final = "hyena"
"""The registry name of the game, the owner of its rule clauses."""
MESSAGES: Final[MessageCatalogue] = load_messages("savanna.games.hyena")
"""Every text the Hyena game shows people, in English and French."""

SEED = "jeu-de-l-hyene-rules-fr.txt"
TRAD = "hyena-traditional-rules.md"
DOC = "docs/rules/hyena.md"


def _section(rs: Ruleset, v1: str, v2: str, trad: str) -> str:
    return {
        "four-sticks": f"{SEED}, {v1}",
        "three-sticks": f"{SEED}, {v2}",
        "traditional": f"{TRAD}, {trad}",
    }[rs.name]


def throw_table(rs: Ruleset, lang: str) -> str:
    """What each throw of ``rs`` is worth, in ``lang`` (``0 white: nothing, 1 white: a taba, ...``)."""
    entries = []
    for t in rs.throws:
        what = (
            MESSAGES.text(f"wording.table.{t.kind}", lang)
            if t.kind in ("null", "taba")
            else str(t.value)
        )
        entries.append(MESSAGES.text("wording.table.entry", lang, white=t.white, what=what))
    return ", ".join(entries)


def rule_catalogue(rs: Ruleset) -> dict[str, RuleRef]:
    """Every clause of ruleset ``rs``: clause id → :class:`RuleRef`."""
    clauses: list[tuple[str, str, FieldSource | None, str | None]] = [
        # (clause id, source, template fields, message key when not rule.<id>)
        (
            "throw.table",
            _section(rs, "PREMIERE VARIANTE", "DEUXIEME VARIANTE", "Dice"),
            lambda lang: {"sticks": rs.sticks, "table": throw_table(rs, lang)},
            None,
        ),
        ("turn.skip", f"design ({DOC}, Turns)", None, None),
        ("setup.first", f"design ({DOC}, Who plays first: the sources do not say)", None, None),
        (
            "setup.catchup",
            f"design, option catchup ({DOC}, Who plays first: the first player's edge)",
            None,
            None,
        ),
        (
            "end.game",
            _section(rs, "FIN DU JEU", "FIN DU JEU", "The game ends when every mother ..."),
            None,
            None,
        ),
        (
            "end.ranking",
            _section(rs, "FIN DU JEU", "FIN DU JEU", "The hyena's player wins ..."),
            None,
            None,
        ),
        ("end.cap", f"design ({DOC}, Ending)", None, None),
        (
            "home.first",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU",
                "RETOUR DE LA PORTEUSE D'EAU",
                "She then travels back",
            ),
            None,
            None,
        ),
        (
            "home.reach",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU (no exact count asked)",
                "RETOUR DE LA PORTEUSE D'EAU: pas forcement par un compte exact",
                "She then travels back to the village",
            ),
            None,
            None,
        ),
        (
            "well.fee",
            _section(rs, "ARRIVE AU PUITS", "ARRIVE AU PUITS", "At the well she needs five tabas"),
            {"fee": rs.well_fee},
            None,
        ),
        (
            "hyena.fee",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU",
                "RETOUR DE LA PORTEUSE D'EAU",
                "The hyena needs two tabas",
            ),
            {"fee": rs.hyena_fee},
            None,
        ),
        (
            "hyena.speed",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU",
                "RETOUR DE LA PORTEUSE D'EAU: à l'aller et au retour",
                "moves twice the value of each throw",
            ),
            {"speed": rs.hyena_speed},
            None,
        ),
        (
            "hyena.well",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU: ne pouvant manger avant d'avoir bu",
                "RETOUR DE LA PORTEUSE D'EAU: Arrivée au Puit",
                "at the well needs ten tabas",
            ),
            None,
            None,
        ),
        (
            "hyena.well_fee",
            _section(
                rs, "RETOUR DE LA PORTEUSE D'EAU", "RETOUR DE LA PORTEUSE D'EAU", "needs ten tabas"
            ),
            {"fee": rs.hyena_well_fee},
            None,
        ),
        (
            "hyena.devours",
            _section(
                rs,
                "RETOUR DE LA PORTEUSE D'EAU: elle les rattrape et les dévore",
                "RETOUR DE LA PORTEUSE D'EAU: elle dévore toutes les Mères qu'elle dépasse",
                "On its way back the hyena eats every mother it overtakes",
            ),
            None,
            None,
        ),
    ]
    if rs.has_choice:
        clauses += [
            ("turn.bank_or_move", f"{SEED}, DEUXIEME VARIANTE", None, None),
            ("depart.fee", f"{SEED}, DEUXIEME VARIANTE, DEPART DU VILLAGE", None, None),
            ("well.exact", f"{SEED}, DEUXIEME VARIANTE, ARRIVE AU PUITS", None, None),
            ("well.pay_missing", f"{SEED}, DEUXIEME VARIANTE, ARRIVE AU PUITS", None, None),
            ("well.bounce", f"{SEED}, DEUXIEME VARIANTE, ARRIVE AU PUITS", None, None),
        ]
    else:
        ender = next(t for t in rs.throws if t.ends_turn)  # the data validator guarantees one
        clauses += [
            (
                "turn.until_two",
                _section(
                    rs,
                    "PREMIERE VARIANTE: tant qu'il n'a pas obtenu un 2",
                    "",
                    "keeps throwing until they throw a 2",
                ),
                {"white": ender.white},
                None,
            ),
            ("turn.throw_only", f"design ({DOC}, Decisions)", None, None),
            (
                "depart.taba",
                _section(
                    rs,
                    "DEPART DU VILLAGE",
                    "",
                    "A mother leaves the village only after her son throws a taba",
                ),
                None,
                None,
            ),
            (
                "move.taba",
                _section(rs, "DEPART DU VILLAGE: Par la suite", "", "A taba does not move her"),
                None,
                None,
            ),
            (
                "well.wait",
                _section(
                    rs,
                    "ARRIVE AU PUITS: tout les résultat ... donne droit à des tabas",
                    "",
                    "At the well ...",
                ),
                lambda lang: {"gain": MESSAGES.text(f"wording.gain.{rs.wait_gain}", lang)},
                None,
            ),
        ]
        if rs.well_arrival == "stop":
            clauses.append(
                ("well.stop", f"design ({DOC}, The well; {SEED}, PREMIERE VARIANTE)", None, None)
            )
        else:
            clauses += [
                (
                    "well.exact",
                    f"{TRAD}, She must reach the well by an exact throw",
                    None,
                    "wording.well.exact_throw",
                ),
                (
                    "well.step_in",
                    f"{TRAD}, one short of it ... she may spend a banked taba",
                    None,
                    None,
                ),
            ]
    return {
        cid: MESSAGES.rule(GAME, cid, source, key=key, fields=fields)
        for cid, source, fields, key in clauses
    }


def refusal(state: HyenaState, action: int) -> tuple[str, Label | None]:
    """The clause that refuses seat action ``action`` in ``state``, and what in the position
    makes it refuse (``None`` when the clause says it all)."""
    if state.stage == Stage.OVER:
        return "game.over", None
    if not state.game.ruleset.has_choice:
        if action == THROW:
            return "turn.until_two", Label("detail.thrown")
        return "turn.throw_only", None
    if action == THROW:
        return "turn.bank_or_move", Label("detail.throw_made")
    seat = state.seat
    if action == MOVE:
        return state.move_refusal(seat), None
    if action == PAY:
        return "well.pay_missing", _pay_refusal_detail(state, seat)
    return "action.not_legal", None


def _pay_refusal_detail(state: HyenaState, seat: int) -> Label:
    """Why ``pay`` is refused to ``seat`` now (rule ``well.pay_missing``)."""
    if seat == state.hyena_owner or state.phase[seat] != Place.OUT:
        return Label("detail.pay_not_out")
    missing = state.missing(seat)
    if missing <= 0:
        return Label("detail.pay_not_short")
    return Label("detail.pay_missing", {"missing": missing, "banked": state.bank[seat]})
