"""The core's typed errors and option parsing."""

from __future__ import annotations

import pickle

import pytest

from savanna.core import (
    AmbiguousActionError,
    BoolOption,
    ChoiceOption,
    IllegalActionError,
    IntOption,
    NotationError,
    OptionError,
    RecordError,
    RuleRef,
    SavannaError,
    SeatError,
    State,
    load_game,
    parse_assignment,
)
from savanna.core.options import resolve_options

RULE = RuleRef("demo", "jump.adjacent", en="Never jump two adjacent ostriches.", fr="Jamais deux autruches adjacentes.")


def test_illegal_action_error_names_rule_in_english_and_french() -> None:
    err = IllegalActionError("Y3", RULE, {"en": "blocked", "fr": "bloquée"})
    assert err.rule.key == "demo/jump.adjacent"
    assert "demo/jump.adjacent" in str(err) and "Never jump" in str(err) and "blocked" in str(err)
    assert "Jamais deux" in err.text("fr") and "bloquée" in err.text("fr")
    assert err.text("xx") == str(err)
    assert isinstance(err, ValueError) and isinstance(err, SavannaError)
    assert err.code == "action/illegal"


def test_notation_error_quotes_the_input() -> None:
    err = NotationError("zz9", "a move like Y3")
    assert "'zz9'" in str(err) and "'zz9'" in err.text("fr")


def test_the_core_refusals_read_in_both_languages_from_the_catalogue() -> None:
    """What a player reads of the four refusals every game raises, word for word (French
    typography included: a no-break space before the colon)."""
    illegal = IllegalActionError("Y3", RULE, {"en": "blocked", "fr": "pas ici : bloquée"})
    assert str(illegal) == "Action 'Y3' refused — rule demo/jump.adjacent: Never jump two adjacent ostriches. (blocked)"
    assert illegal.text("fr") == (
        "Action 'Y3' refusée — règle demo/jump.adjacent\u00a0: Jamais deux autruches adjacentes. (pas ici\u00a0: bloquée)"
    )
    assert IllegalActionError(3, RULE).text("fr") == "Action 3 refusée — règle demo/jump.adjacent\u00a0: Jamais deux autruches adjacentes."
    notation = NotationError("zz9", {"en": "a move like Y3", "fr": "un coup comme Y3"})
    assert (str(notation), notation.text("fr")) == (
        "Cannot read 'zz9': expected a move like Y3",
        "Impossible de lire 'zz9'\u00a0: attendu un coup comme Y3",
    )
    assert NotationError("zz9").text("fr") == "Impossible de lire 'zz9'"
    ambiguous = AmbiguousActionError("m", ["move a", "move b"])
    assert (str(ambiguous), ambiguous.text("fr")) == (
        "'m' is ambiguous: it may mean move a, move b",
        "'m' est ambigu\u00a0: cela peut vouloir dire move a, move b",
    )
    seat = SeatError(7, RULE, 3)
    assert str(seat) == "No seat 7 at a 3-player table — rule demo/jump.adjacent: Never jump two adjacent ostriches."
    assert seat.text("fr").startswith("Pas de place 7 à une table de 3 joueurs — règle demo/jump.adjacent\u00a0: Jamais")
    assert seat.messages == {"en": str(seat), "fr": seat.text("fr")}


def test_an_unknown_action_text_lists_the_legal_ones_in_the_readers_language() -> None:
    state = load_game("hyena").new_initial_state()
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])
    with pytest.raises(NotationError) as caught:
        State.parse_action(state, "nonsense")  # the core's reading, which every game may fall back on
    assert "expected one of: " in str(caught.value)
    assert "attendu l'une de\u00a0: " in caught.value.text("fr")


def test_an_error_that_was_never_read_says_its_words_when_first_read() -> None:
    err = IllegalActionError("Y3", RULE)
    assert err._messages is None  # nothing formatted while it was only raised and caught
    assert "Never jump" in str(err) and err._messages is not None
    again = pickle.loads(pickle.dumps(err.messages))
    assert again == err.messages


def test_int_option_accepts_range_and_refuses_outside() -> None:
    opt = IntOption("tiles", 4, low=4, high=6)
    assert opt.coerce("6") == 6
    assert opt.coerce(5) == 5
    for bad in ("7", "x", True, "3"):
        with pytest.raises(OptionError):
            opt.coerce(bad)


def test_choice_and_bool_options() -> None:
    special = ChoiceOption("special", "none", choices=("none", "vortex"))
    assert special.coerce("Vortex") == "vortex"
    with pytest.raises(OptionError, match="none\\|vortex"):
        special.coerce("volcano")
    berries = BoolOption("berries", False)
    assert berries.coerce("on") is True and berries.coerce("off") is False
    with pytest.raises(OptionError):
        berries.coerce("maybe")


def test_resolve_options_fills_defaults_and_refuses_unknown_keys() -> None:
    declared = (IntOption("tiles", 4, low=4, high=6), BoolOption("berries", False))
    assert resolve_options("g", declared, {"tiles": "5"}) == {"tiles": 5, "berries": False}
    with pytest.raises(OptionError, match="no option 'colour'"):
        resolve_options("g", declared, {"colour": "red"})


def test_parse_assignment_requires_key_and_equals() -> None:
    assert parse_assignment(" special = vortex ") == ("special", "vortex")
    for bad in ("special", "=vortex", ""):
        with pytest.raises(OptionError):
            parse_assignment(bad)


def test_record_error_carries_index() -> None:
    err = RecordError("bad", "mauvais", index=3, action="Y3")
    assert err.index == 3 and err.action == "Y3" and err.text("fr") == "mauvais"
