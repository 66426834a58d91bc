"""The adapters' refusals are worded by their catalogue (``savanna/interop/data``), in each
of its languages, French typography included."""

from __future__ import annotations

import pytest

from savanna.core import OptionError
from savanna.interop.common import MESSAGES, seat_of_agent


def test_an_adapters_refusal_is_the_catalogues_in_every_language() -> None:
    with pytest.raises(OptionError) as refused:
        seat_of_agent("nobody")
    assert refused.value.messages == MESSAGES.words("error.common.unknown_agent", agent="'nobody'")
    assert str(refused.value) == "unknown agent 'nobody'"
    assert refused.value.text("fr") == "agent inconnu 'nobody'"
    assert set(refused.value.messages) == set(MESSAGES.languages)
