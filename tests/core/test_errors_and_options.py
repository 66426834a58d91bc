"""The core's typed errors and option parsing."""

from __future__ import annotations

import pytest

from savanna.core import (
    BoolOption,
    ChoiceOption,
    IllegalActionError,
    IntOption,
    NotationError,
    OptionError,
    RecordError,
    RuleRef,
    SavannaError,
    parse_assignment,
)
from savanna.core.options import resolve_options

RULE = RuleRef("demo", "jump.adjacent", en="Never jump two adjacent ostriches.", fr="Jamais deux autruches adjacentes.")


def test_illegal_action_error_names_rule_in_english_and_french() -> None:
    err = IllegalActionError("Y3", RULE, detail="blocked", detail_fr="bloquée")
    assert err.rule.key == "demo/jump.adjacent"
    assert "demo/jump.adjacent" in str(err) and "Never jump" in str(err) and "blocked" in str(err)
    assert "Jamais deux" in err.text("fr") and "bloquée" in err.text("fr")
    assert err.text("xx") == str(err)
    assert isinstance(err, ValueError) and isinstance(err, SavannaError)
    assert err.code == "action/illegal"


def test_notation_error_quotes_the_input() -> None:
    err = NotationError("zz9", "a move like Y3")
    assert "'zz9'" in str(err) and "'zz9'" in err.text("fr")


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
