"""What one seat must never be shown before the end of a Banjooli game, and the check.

The truth comes from the finished game's record, replayed through the rules: for every
version of the game, what each seat's own observation shows (its Prediction, the berries it
peeked at). A message or page shown to seat ``s`` at version ``v`` leaks when it holds
another seat's Prediction (its deal or its order of ostriches) or the identity of a berry
that ``s``'s own observation at ``v`` does not show.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from savanna.core import Record, replay_states

LETTERS = re.compile(r"\[([a-k])\]")
TITLES = re.compile(r"<title>([^<]+)</title>")
SVGS = re.compile(r"<svg[\s\S]*?</svg>")
HELP = re.compile(r'<dialog id="help"[\s\S]*?</dialog>')


def svg_titles(text: str) -> set[str]:
    """The ``<title>`` texts inside the SVG drawings of ``text`` (berry names, the game's title)."""
    return {title for svg in SVGS.findall(text.replace('\\"', '"')) for title in TITLES.findall(svg)}


@dataclass
class Secrets:
    """Per seat: its Prediction (deal text, ostrich order) and, per version, the berries it knows."""

    deals: dict[int, str] = field(default_factory=dict)
    orders: dict[int, str] = field(default_factory=dict)
    sentences: dict[int, str] = field(default_factory=dict)
    known: dict[int, list[set[str]]] = field(default_factory=dict)
    end: int = 0
    other_peeks: int = 0

    def forbidden_words(self, seat: int) -> list[re.Pattern[str]]:
        """Patterns of the other seats' Predictions."""
        out = []
        for other, deal in self.deals.items():
            if other != seat:
                out.append(re.compile(re.escape(deal) + r"\b"))
                out.append(re.compile(re.escape(self.orders[other])))
                out.append(re.compile(re.escape(self.sentences[other])))
        return out


def secrets_of(record_json: str) -> Secrets:
    """Everything each seat knew at each version of the recorded game."""
    record = Record.from_json(record_json)
    found = Secrets()
    deals = [a for a in record.actions if a.startswith("deal ")]
    found.deals = dict(enumerate(deals))
    seats = range(record.players)
    found.known = {s: [] for s in seats}
    for _, _, state in replay_states(record):
        game = state.game
        public = state.observation(None)
        for s in seats:
            obs = state.observation(s)
            text, svg = game.render_text(obs, "en"), game.render_svg(obs)
            found.known[s].append(set(LETTERS.findall(text)) | svg_titles(svg))
            if s not in found.orders and not state.is_terminal():
                # The seat's card as its drawing writes it ("your card: R G P Y") and as its
                # private panel words it ("Your Prediction (card 3): 1st red, ...").
                shared = set(game.render_text(public, "en").splitlines())
                for line in text.splitlines():
                    if line not in shared and "card" in line and ":" in line:
                        found.orders[s] = line.rsplit(":", 1)[1].strip()
                for line in game.private_summary(obs, "en"):
                    if "card" in line:
                        found.sentences[s] = line.rsplit(": ", 1)[1]
        if not state.is_terminal():
            found.end = len(state.history) + 1
    for s in seats:
        for v, mine in enumerate(found.known[s]):
            if any(mine - found.known[o][v] for o in seats if o != s):
                found.other_peeks += 1
    return found


def check_message(secrets: Secrets, seat: int, raw: str) -> list[str]:
    """Leaks in one websocket message (or REST answer) sent to ``seat``; empty when none.

    Views are checked whole at their version. Other messages (the welcome, with the rules
    and the legend, whose symbols include ``[a]``; seats; refusals) carry no game state:
    they may hold no Prediction of another seat either.
    """
    message = json.loads(raw)
    if message.get("type", "view") == "view":
        return check_frame(secrets, seat, int(message.get("version", 0)), raw)
    return check_frame(secrets, seat, 0, raw, berries=False)


def check_page(secrets: Secrets, seat: int, version: int, html: str) -> list[str]:
    """Leaks in a page shown to ``seat`` at ``version`` (the help dialog's legend aside)."""
    return check_frame(secrets, seat, version, HELP.sub("", html))


def check_frame(secrets: Secrets, seat: int, version: int, text: str, berries: bool = True) -> list[str]:
    """Leaks in ``text`` shown to ``seat`` at ``version``; empty when none."""
    if version >= secrets.end:
        return []
    problems = [f"{p.pattern!r} of another seat" for p in secrets.forbidden_words(seat) if p.search(text)]
    if not berries:
        return problems
    mine = secrets.known[seat][min(version, len(secrets.known[seat]) - 1)]
    shown = set(LETTERS.findall(text)) | svg_titles(text)
    shown.discard("Banjooli Xeet")
    problems += [f"berry {x!r} unknown to seat {seat} at version {version}" for x in sorted(shown - mine)]
    return problems
