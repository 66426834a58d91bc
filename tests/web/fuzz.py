"""Hostile messages for the server: malformed, truncated, oversized, mistyped and mutated
ones, and valid ones with wrong tokens, stale versions or another seat's action.

Every generator is a pure function of a :class:`random.Random`, so a failing message is
found again from the seed.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from typing import Any

WRONG_VALUES: list[Any] = [
    None, True, False, 0, -1, 1.5, 2**70, -(2**63), float("inf"), "", "x" * 300, "\u0000", "😀", "<script>alert(1)</script>",
    [], [1, 2], {}, {"a": 1}, "NaN", "0", " 1 ", "\ud800", "a\udfffb", "bell\x07", "\x1b[2J", [[[[[[[[[[1]]]]]]]]]],
]
"""Values of the wrong type or range for any field."""


def malformed(rng: random.Random) -> str | bytes:
    """Something that is not a JSON object (text or a binary frame)."""
    kind = rng.randrange(9)
    if kind == 0:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 200)))
    if kind == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == 2:
        return rng.choice(['{"type":', '{"type": "act",', "{", "}", '{"a" 1}', "{'type': 'ping'}", '{"type": "ping"}}',
                           '{"type": "ping",}', "nul", "tru", '{"type": "\\ud800"}'])
    if kind == 3:
        return json.dumps(rng.choice([1, -5, 3.14, "ping", None, True, [], [{"type": "ping"}], ["act", 0]]))
    if kind == 4:
        depth = rng.choice([9, 50, 500, 1000, 1000, 2000, 5000, 50000])
        return "[" * depth + "]" * depth
    if kind == 5:
        depth = rng.choice([100, 2000, 20000])
        return '{"type": "act", "action": ' + '{"a": ' * depth + "1" + "}" * depth + "}"
    if kind == 6:
        return rng.choice(['{"type": "act", "action": 0, "version": NaN}', '{"version": Infinity, "type": "act"}',
                           '{"type": "act", "version": 1e999, "action": -1e999}', '{"type": "\\u0000"}'])
    if kind == 7:
        return "\ufeff" + json.dumps({"type": "ping"})[: rng.randrange(1, 15)]
    return json.dumps({"type": "ping"}).encode("utf-16")


def truncated(message: dict[str, Any], rng: random.Random) -> str:
    """A valid message cut short (at least one character missing)."""
    text = json.dumps(message)
    return text[: rng.randrange(0, len(text))]


def oversized(rng: random.Random, limit: int) -> str:
    """A message longer than ``limit`` bytes, up to 16 times (often valid JSON)."""
    size = rng.randrange(limit + 1, 16 * limit)
    padding = "x" * size
    return rng.choice([
        json.dumps({"type": "ping", "pad": padding}),
        json.dumps({"type": "act", "action": padding, "version": 0}),
        json.dumps({"type": "hello", "token": padding}),
        padding,
    ])


def mistyped(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``message`` with one field (``type`` included) given a wrong value."""
    out = dict(message)
    key = rng.choice(list(out))
    out[key] = rng.choice(WRONG_VALUES)
    return out


def mutated(message: dict[str, Any], rng: random.Random) -> str:
    """``message`` changed at random: characters flipped, inserted or deleted, keys dropped,
    renamed, added or duplicated."""
    kind = rng.randrange(6)
    if kind < 3:
        text = list(json.dumps(message))
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(text))
            if kind == 0:
                text[i] = rng.choice(string.printable)
            elif kind == 1:
                text.insert(i, rng.choice(string.printable))
            elif len(text) > 1:
                del text[i]
        return "".join(text)
    out = dict(message)
    if kind == 3 and len(out) > 1:
        del out[rng.choice([k for k in out if k != "type"] or ["type"])]
    elif kind == 4:
        key = rng.choice(list(out))
        out[key + rng.choice(["_", "s", "X", " "])] = out.pop(key)
    else:
        out[rng.choice(["extra", "seat", "token", "__proto__", "constructor", "type2"])] = rng.choice(WRONG_VALUES)
    return json.dumps(out)


Template = Callable[[], dict[str, Any]]


HOSTILE_TEXT = ["\ud800", "a\udc00", "x\u0000y", "\u0000", "bell\u0007", "\u001b[31mred", "csi\u009b", "  ", "",
                "x" * 33, "x" * 61, "\ufeff", "<img src=x onerror=alert(1)>", "😀" * 20, "Cafe\u0301"]
"""Names and titles: what no database stores (lone surrogates, NUL), control characters,
empty, too long, markup."""


def hostile_name(rng: random.Random) -> str:
    """A JSON body's text holding a hostile name or title (escaped, so any byte survives)."""
    return json.dumps(rng.choice(HOSTILE_TEXT) + rng.choice(["", "Awa", " "]))
