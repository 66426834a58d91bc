"""Lines a person types per Banjooli turn in the terminal, over whole scripted games.

Seat 1 is a scripted typist at an 80x24 :class:`~savanna.tui.session.PlaySession`; the
other seats are heuristic bots. At each prompt the typist takes the heuristic's choice
and types it the short way the terminal allows: the move, then the steps that follow it
as letters on the same line (``move Y ffl``); steps with a single choice are played by the
terminal itself. The same games are counted the old way too, one line per action of the
seat (what the terminal asked before: every step its own prompt), in the same run.

    python benchmarks/typing_banjooli.py --games 20 --players 4
    python benchmarks/typing_banjooli.py --games 20 --players 4 --keys

With ``--keys`` the typist types the key a choice is listed with (``1``, or ``1 ffl``) when
the menu shows one for its move: the likeliest choices come first (the game's
``menu_order``), so the heuristic's move is usually ``1``.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
from pathlib import Path
from tempfile import TemporaryDirectory

from rich.console import Console

from savanna.core import load_game
from savanna.tui.seat import parse_seats
from savanna.tui.session import PlaySession


def plan(state, seat: int, rng: random.Random) -> str:  # type: ignore[no-untyped-def]
    """What the typist types now: the heuristic's action, then the steps it will take
    right after it (same seat, no chance between) as letters."""
    game = state.game
    s = state.clone()
    texts: list[str] = []
    while not s.is_terminal() and not s.is_chance_node() and s.current_player() == seat:
        legal = s.legal_actions()
        action = game.heuristic_action_in_state(s, legal, rng)
        texts.append(s.action_to_text(action))
        s.apply(action)
    first, rest = texts[0], texts[1:]
    letters = ""
    for text in rest:
        verb, _, arg = text.partition(" ")
        if verb not in ("step", "jump", "cross") or len(arg) != 1:
            break
        letters += arg.lower()
    return f"{first} {letters}" if letters and first.startswith("move") else first


def by_key(line: str, menu) -> str:  # type: ignore[no-untyped-def]
    """``line`` with its first move replaced by the key the menu shows for it (``1 ffl``)."""
    words = line.split()
    for k in (2, 1):  # ``move Y`` is two words, ``keep`` one
        head = " ".join(words[:k])
        code = next((c.code for c in menu.choices if not c.is_family and c.text == head), None)
        if code is not None:
            return " ".join([code, *words[k:]])
    return line


def one_game(
    players: int, seed: int, options: dict[str, object], keys: bool = False
) -> tuple[list[int], list[int], list[int]]:
    """Per turn of seat 1: lines typed the short way, characters typed (Enter included),
    and lines one per action (before). With ``keys`` the typist types a choice's key when
    the menu shows one for its move."""
    game = load_game("banjooli", players=players, options=options)
    rng = random.Random(seed)
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    typed: list[tuple[int, str]] = []

    def read(prompt: str) -> str:
        if "your move" not in prompt:
            return ""
        line = plan(play.state, 0, rng)
        if keys:
            line = by_key(line, play._menu())
        typed.append((len(play.table.log), line))
        return line

    with TemporaryDirectory() as folder:
        seats = parse_seats(",".join(["human"] + ["bot:heuristic"] * (players - 1)))
        play = PlaySession(
            game, seats, seed=seed, console=console, read=read, out=Path(folder) / "g.json", flush=lambda: None
        )
        outcome = play.run()
    if not outcome.finished:
        raise SystemExit(f"game {seed} did not finish: {console.file.getvalue()[-2000:]}")  # type: ignore[attr-defined]
    # Turns of seat 1: runs of its actions between other seats' actions (chance aside).
    turns: list[tuple[int, int]] = []  # (first log index, actions)
    previous = None
    for index, entry in enumerate(play.table.log):
        if entry.is_chance:
            continue
        if entry.actor == 0:
            if previous != 0:
                turns.append((index, 0))
            turns[-1] = (turns[-1][0], turns[-1][1] + 1)
        previous = entry.actor
    short, chars, old = [], [], []
    starts = [start for start, _ in turns] + [len(play.table.log) + 1]
    for (start, actions), end in zip(turns, starts[1:], strict=True):
        short.append(sum(1 for at, _ in typed if start <= at < end))
        chars.append(sum(len(line) + 1 for at, line in typed if start <= at < end))
        old.append(actions)
    return short, chars, old


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--berries", action="store_true")
    parser.add_argument("--keys", action="store_true", help="type the key a choice is shown with")
    args = parser.parse_args(argv)
    options: dict[str, object] = {"berries": True} if args.berries else {}
    short: list[int] = []
    chars: list[int] = []
    old: list[int] = []
    for g in range(args.games):
        s, c, o = one_game(args.players, args.seed + g, options, args.keys)
        short += s
        chars += c
        old += o
    def line(name: str, xs: list[int]) -> str:
        return (f"{name}: median {statistics.median(xs):g}, mean {statistics.mean(xs):.2f}, "
                f"90th percentile {sorted(xs)[int(0.9 * (len(xs) - 1))]}, most {max(xs)}")
    print(f"{args.games} games, {args.players} players, options {options or 'default'}, {len(short)} turns of seat 1")
    print(line("lines typed per turn (short way)", short))
    print(line("keys typed per turn, Enter included" + (" (choice keys)" if args.keys else ""), chars))
    print(line("lines per turn, one per action (before)", old))
    print(f"ratio short/before (means): {statistics.mean(short) / statistics.mean(old):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
