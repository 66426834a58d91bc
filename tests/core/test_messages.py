"""Message catalogues: one TOML file per language, validated when loaded."""

from __future__ import annotations

import pytest

from savanna.core import (
    CORE_MESSAGES,
    CORE_RULES,
    DataError,
    MessageCatalogue,
    NotationError,
    OptionError,
    load_messages,
)
from savanna.core.messages import _flatten, plural_category, template_fields, typeset


def catalogue(en: dict[str, str], fr: dict[str, str]) -> MessageCatalogue:
    return MessageCatalogue("demo", {"en": en, "fr": fr})


def test_a_message_is_filled_in_and_an_unknown_language_falls_back_to_english() -> None:
    cat = catalogue({"hi": "Hello {name}"}, {"hi": "Bonjour {name}"})
    assert cat.text("hi", "fr", name="Awa") == "Bonjour Awa"
    assert cat.text("hi", "wo", name="Awa") == "Hello Awa"
    assert "hi" in cat and "bye" not in cat and list(cat) == ["hi"]
    with pytest.raises(KeyError, match="demo has no message 'bye'"):
        cat.text("bye")


@pytest.mark.parametrize(
    ("en", "fr", "fragment"),
    [
        ({"a": "x", "b": "y"}, {"a": "x"}, "keys missing \\['b'\\]"),
        ({"a": "x"}, {"a": "x", "c": "z"}, "keys not in English \\['c'\\]"),
        (
            {"a": "{n} ostriches"},
            {"a": "{m} autruches"},
            "uses fields \\['m'\\], English uses \\['n'\\]",
        ),
        ({"a": "  "}, {"a": "x"}, "non-empty text"),
        ({"a": "x"}, {"a": 3}, "non-empty text"),
    ],
)
def test_a_catalogue_that_does_not_validate_is_refused(en: dict, fr: dict, fragment: str) -> None:
    with pytest.raises(DataError, match=fragment):
        catalogue(en, fr)


def test_english_is_required() -> None:
    with pytest.raises(DataError, match="English"):
        MessageCatalogue("demo", {"fr": {"a": "x"}})


def test_toml_tables_become_dotted_keys() -> None:
    raw = {"rule": {"move.rock": "Rocks."}, "legend": {"rock": "a rock"}}
    assert dict(_flatten(raw)) == {"rule.move.rock": "Rocks.", "legend.rock": "a rock"}


def test_rule_refs_take_their_sentences_from_the_catalogue_per_language() -> None:
    cat = catalogue(
        {"rule.well.fee": "Pay {fee} tabas.", "gain": "one taba"},
        {"rule.well.fee": "Payez {fee} tabas.", "gain": "un taba"},
    )
    rule = cat.rule("demo", "well.fee", "seed, section", fields={"fee": 4})
    assert (rule.id, rule.en, rule.fr, rule.source) == (
        "well.fee",
        "Pay 4 tabas.",
        "Payez 4 tabas.",
        "seed, section",
    )
    worded = cat.rule(
        "demo",
        "well.gain",
        "design",
        key="rule.well.fee",
        fields=lambda lang: {"fee": cat.text("gain", lang)},
    )
    assert worded.fr == "Payez un taba tabas." and cat.rule_ids() == ["well.fee"]


def test_notation_errors_say_what_was_expected_in_both_languages() -> None:
    cat = catalogue({"expect": "a throw of 0w to {n}w"}, {"expect": "un jet de 0w à {n}w"})
    err = cat.notation_error("9w", "expect", {"n": 3})
    assert isinstance(err, NotationError)
    assert str(err) == "Cannot read '9w': expected a throw of 0w to 3w"
    assert err.text("fr") == "Impossible de lire '9w'\u00a0: attendu un jet de 0w à 3w"


def test_a_package_without_message_files_is_a_data_error() -> None:
    with pytest.raises(DataError, match=r"no message file messages\.en\.toml"):
        load_messages("savanna.tui")


def test_the_core_rules_come_from_the_core_catalogue() -> None:
    assert set(CORE_RULES) == set(CORE_MESSAGES.rule_ids())
    assert CORE_RULES["seat.unknown"].fr.startswith("Une place est un nombre entier")


def test_a_count_writes_its_noun_in_the_form_the_language_asks_for() -> None:
    cat = catalogue({"pay": "pays {n:@coin|coins} of gold"}, {"pay": "paie {n:@pièce|pièces} d'or"})
    assert [cat.text("pay", "en", n=n) for n in (0, 1, 2)] == [
        "pays 0 coins of gold",
        "pays 1 coin of gold",
        "pays 2 coins of gold",
    ]
    assert [cat.text("pay", "fr", n=n) for n in (0, 1, 2)] == [
        "paie 0 pièce d'or",
        "paie 1 pièce d'or",
        "paie 2 pièces d'or",
    ]
    # an unknown language takes English's rule
    assert cat.text("pay", "wo", n=1) == "pays 1 coin of gold"


def test_a_count_spec_without_two_forms_is_refused_when_the_catalogue_loads() -> None:
    with pytest.raises(DataError, match="count spec @coin needs two forms"):
        catalogue({"pay": "pays {n:@coin}"}, {"pay": "paie {n:@pièce|pièces}"})


@pytest.mark.parametrize(
    ("spec", "complaint"),
    [("one=coin|lots=coins", "'lots=coins' is not category=form"), ("one=coin|few=coins", "has no 'other' form")],
)
def test_a_named_count_spec_must_use_cldr_categories_and_give_other(spec: str, complaint: str) -> None:
    with pytest.raises(DataError, match=complaint):
        catalogue({"pay": "pays {n:@" + spec + "}"}, {"pay": "paie {n:@pièce|pièces}"})


def test_the_plural_rule_is_cldrs_from_babel() -> None:
    """French puts 0 and 1.5 in the singular (CLDR ``one``: the integer part is 0 or 1) and a
    million in ``many``, which falls back to the ``other`` form; Polish has ``few`` and
    ``many``, named in its template."""
    cat = MessageCatalogue(
        "demo",
        {
            "en": {"pay": "pays {n:@coin|coins}"},
            "fr": {"pay": "paie {n:@pièce|pièces}"},
            "pl": {"pay": "płaci {n:@one=moneta|few=monety|many=monet|other=monety}"},
        },
    )
    assert cat.text("pay", "fr", n=1.5) == "paie 1.5 pièce"
    assert cat.text("pay", "fr", n=1_000_000) == "paie 1000000 pièces"
    assert [cat.text("pay", "pl", n=n) for n in (1, 3, 5, 22, 25)] == [
        "płaci 1 moneta",
        "płaci 3 monety",
        "płaci 5 monet",
        "płaci 22 monety",
        "płaci 25 monet",
    ]
    assert plural_category(-1, "en") == "one"
    assert plural_category("two", "fr") == "other"


def test_french_typography_is_applied_to_every_message_once_filled_in() -> None:
    cat = catalogue({"ask": "{who}: ready? «{word}»"}, {"ask": "{who} : prêt ? « {word} »"})
    nbsp = "\u00a0"
    assert cat.text("ask", "fr", who="Awa", word="bot:x ; y") == (
        f"Awa{nbsp}: prêt{nbsp}? «{nbsp}bot:x{nbsp}; y{nbsp}»"
    )
    assert cat.text("ask", "en", who="Awa", word="go ;") == "Awa: ready? «go ;»"
    # the raw template is kept as written
    assert cat.template("ask", "fr") == "{who} : prêt ? « {word} »"
    assert typeset(typeset("prêt ?", "fr"), "fr") == typeset("prêt ?", "fr") == f"prêt{nbsp}?"


def test_no_french_message_of_a_game_writes_one_coin_as_plural() -> None:
    """Every count of coins in the river race's French words agrees with its number."""
    from savanna.games.river_race.rules import MESSAGES

    for key in MESSAGES:
        for n in (0, 1):
            template = MESSAGES.template(key, "fr")
            if "{price" not in template and "{coins" not in template:
                continue
            text = MESSAGES.text(key, "fr", **dict.fromkeys(template_fields(template), n))
            assert f"{n} pièces" not in text, (key, text)



def test_an_error_worded_by_a_catalogue_speaks_each_of_its_languages() -> None:
    cat = MessageCatalogue(
        "demo",
        {"en": {"bad": "no option {name}"}, "fr": {"bad": "pas d'option {name}"}, "qps": {"bad": "⟦ñö öptïöñ {name}⟧"}},
    )
    err = OptionError(cat.words("bad", name="'x'"))
    assert str(err) == "no option 'x'" == err.text("en") == err.text("wo")
    assert err.text("fr") == "pas d'option 'x'"
    assert err.text("qps") == "⟦ñö öptïöñ 'x'⟧"


def test_the_cores_refusals_come_from_its_catalogue() -> None:
    from savanna.core import load_game

    with pytest.raises(OptionError) as refused:
        load_game("hyena", players=9)
    assert refused.value.messages == CORE_MESSAGES.words(
        "error.option.players", game="hyena", low=2, high=6, players="9"
    )
    assert refused.value.text("fr").startswith("hyena se joue de 2 à 6 joueurs")


def test_a_records_refusals_come_from_the_core_catalogue_with_the_inner_reason_in_each_language() -> None:
    import json

    from savanna.core import Record, RecordError, SavannaError, load_game, record_of, replay

    with pytest.raises(RecordError) as refused:
        Record.from_json(json.dumps({"format": "chess"}))
    assert refused.value.messages == CORE_MESSAGES.words("error.record.format", format="'savanna-record'")
    game = load_game("hyena")
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history) < 3:
        state.apply(state.legal_actions()[0])
    raw = json.loads(record_of(state).to_json())
    raw["actions"][1] = "zz9"
    with pytest.raises(RecordError) as bad:
        replay(Record.from_json(json.dumps(raw)))
    assert bad.value.index == 1
    inner = bad.value.cause
    assert isinstance(inner, SavannaError)
    for lang in ("en", "fr"):
        assert bad.value.text(lang) == CORE_MESSAGES.text(
            "error.record.refused", lang, number=2, text="'zz9'", why=inner.text(lang)
        )
    assert bad.value.text("fr").startswith("l'action 2 ('zz9') est refusée\u00a0: ")


def test_a_template_field_cannot_be_called_lang() -> None:
    with pytest.raises(DataError, match="field name 'lang'"):
        catalogue({"x": "--lang is {lang}"}, {"x": "--lang vaut {lang}"})
