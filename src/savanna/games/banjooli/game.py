"""The configured Banjooli Xeet game: spec, options, layouts, notation and observations."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

from savanna.core.display import ScoreSheet
from savanna.core.errors import NotationError, RuleRef
from savanna.core.game import CHANCE, TERMINAL, Game, GameSpec, Observation, State
from savanna.core.options import BoolOption, ChoiceOption, IntOption
from savanna.games.banjooli.board import Board
from savanna.games.banjooli.data import COLOURS, load_data
from savanna.games.banjooli.rules import MESSAGES, RULES
from savanna.games.banjooli.scoring import CARDS, OOR, score_card, score_sheets
from savanna.games.banjooli.state import (
    ARRIVED,
    FACES,
    NUM_ACTIONS,
    OVER,
    PHASES,
    BanjooliState,
)

__all__ = ["MAX_TURNS", "SCARED_PENALTY", "BanjooliGame"]

MAX_TURNS = 400
"""Turn limit (rule ``end.turn_cap``): a game still running after 400 turns ends there."""
SCARED_PENALTY = 4
"""Steps a scared ostrich counts extra in :meth:`BanjooliGame.evaluate` (an unspell first)."""
EVAL_SAMPLES = 16
"""Perturbed race ends averaged by :meth:`BanjooliGame.evaluate`."""
EVAL_NOISE = 1.0
"""Spread of a running ostrich's projected need in :meth:`BanjooliGame.evaluate`, per
square root of its steps to the line."""
_NOISE = tuple(
    tuple(rng.gauss(0.0, 1.0) for _ in range(5)) for rng in [random.Random(2013)] for _ in range(EVAL_SAMPLES)
)
"""The fixed standard normal perturbations of the five ostriches, one row per sample."""
_SCORE_CACHE: dict[tuple[int, tuple[int, ...], int], float] = {}
"""Points of (card, top three, last) already computed by :meth:`BanjooliGame.evaluate`."""
ACTIONS_PER_TURN = 100
"""A bound on the actions of one turn (six dice, a reroll of six, a decision, the steps, a
frenzy of five dice and five moves); berry chances add at most 60 per game."""

_STRAIGHTS = ("plain", "quicksand", "rocks", "dry_river")
_CURVES = ("bend_left", "bend_right")
_BERRY_LETTERS = "abcdefghijk"
_FRONTS = {t.back: t.id for t in load_data().tiles if t.id in _STRAIGHTS + _CURVES}
"""Back face id → the front face id naming the physical common tile."""

SPEC = GameSpec(
    name="banjooli",
    title="Banjooli Xeet",
    title_fr="Banjooli Xeet",
    min_players=2,
    max_players=5,
    default_players=4,
    options=(
        IntOption("tiles", 4, low=4, high=6, help="common tiles between Exit and Finish",
                  help_fr="tuiles communes entre Départ et Arrivée"),
        ChoiceOption("special", "none", choices=("none", "crocodiles", "ravine", "lava", "vortex"),
                     help="special tile replacing a straight common tile",
                     help_fr="tuile spéciale remplaçant une tuile droite commune"),
        BoolOption("berries", False, help="the Berries variant", help_fr="la variante Baies"),
        BoolOption("lion", False, help="the lion fan variant (design)", help_fr="la variante du lion (création)"),
    ),
    perfect_information=False,
    version=2,
    rules_document="docs/rules/banjooli.md",
    summary="Ostrich race with secret predictions, sorcery, special tiles and berries (Diego Ibáñez, 2013).",
    aliases=("banjooli-xeet",),
)

TENSOR_SIZE = 25 + 42 + 20 + 6 + len(PHASES) + 4 + 12 + 1 + 1


def _layouts(tiles: int, special: str) -> tuple[tuple[str, ...], ...]:
    """Every legal sequence of physical tiles (named by their front faces): no two curves
    adjacent; the special tile replaces a straight. Which side each common tile shows is a
    second chance node (``sides``)."""
    pool = _STRAIGHTS + _CURVES + ((special,) if special != "none" else ())
    out = []
    for seq in itertools.permutations(pool, tiles):
        if special != "none" and special not in seq:
            continue
        if any(a in _CURVES and b in _CURVES for a, b in itertools.pairwise(seq)):
            continue
        out.append(seq)
    return tuple(out)


class BanjooliGame(Game):
    """Banjooli Xeet for 2 to 5 players (options ``tiles``, ``special``, ``berries``)."""

    spec: ClassVar[GameSpec] = SPEC
    catalogue = MESSAGES

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.layouts = _layouts(int(self.options["tiles"]), str(self.options["special"]))
        self._layout_set = frozenset(self.layouts)
        self.max_turns = MAX_TURNS

    def new_initial_state(self) -> BanjooliState:
        return BanjooliState(self)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @cached_property
    def max_chance_outcomes(self) -> int:
        return max(len(self.layouts), 1 << int(self.options["tiles"]), 11)

    @property
    def max_game_length(self) -> int:
        return 2 + 2 * self.num_players + self.max_turns * ACTIONS_PER_TURN + 60

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (0.0, 26.0)

    def rules(self) -> Mapping[str, RuleRef]:
        return RULES

    def evaluate(self, state: State) -> list[float]:
        """Each seat's expected score over likely ends of the race (fast, for search).

        The ostriches already arrived keep their order. Each running ostrich needs its
        steps to the line on the empty board, a scared one :data:`SCARED_PENALTY` steps more
        (it needs an unspell first); the race is uncertain, so the evaluation averages the
        real scoring over :data:`EVAL_SAMPLES` fixed perturbations of those needs (each need
        ``d`` becomes ``d + EVAL_NOISE * sqrt(d) * z`` for a fixed standard normal ``z``;
        ties keep the ostrich number order). In each, the running ostriches finish by
        perturbed need and the last is the one furthest behind. Each card is scored with
        the real scoring function, plus the Oor berries already picked. At a terminal state
        this is the real score. The perturbations are a fixed table, so the evaluation is
        deterministic.
        """
        assert isinstance(state, BanjooliState)
        if state.is_terminal():
            return state.scores()
        board = state.board
        if board is None:
            return [0.0] * state.n
        dist = board.dist
        pos = state.pos
        scared = state.scared
        arrived = state.arrived
        running = [
            (o, dist[p] + (SCARED_PENALTY if scared[o] else 0)) for o, p in enumerate(pos) if p != ARRIVED
        ]
        cards = [(seat, card) for seat, card in enumerate(state.cards) if card >= 0]
        out = [0.0] * state.n
        if cards:
            spread = [(o, need, EVAL_NOISE * math.sqrt(need)) for o, need in running]
            wanted = 3 - len(arrived)
            ends: dict[tuple[tuple[int, ...], int], int] = {}
            for noise in _NOISE:
                projected = sorted([(need + s * noise[o], o) for o, need, s in spread])
                end = (tuple([o for _, o in projected[:wanted]]), projected[-1][1])
                ends[end] = ends.get(end, 0) + 1
            cache = _SCORE_CACHE
            head = tuple(arrived)
            for (ahead, last), count in ends.items():
                top = head + ahead
                for seat, card in cards:
                    key = (card, top, last)
                    points = cache.get(key)
                    if points is None:
                        points = cache[key] = float(score_card(CARDS[card], list(top), last)[0])
                    out[seat] += points * count
            for seat, _ in cards:
                out[seat] /= EVAL_SAMPLES
        for token, seat in state.picked:
            if token == OOR:
                out[seat] += 2.0
        return out

    def game_statistics(self, state: State) -> dict[str, Any]:
        """Balance facts of a finished game for the simulation lab.

        ``game``: tiles, special tile, the tiles in order, the colours that finished 1st to
        3rd, the last ostrich (``tie`` when tied), the number of turns and how it ended.
        ``seats``: the Prediction card (``P1``-``P10``) and the Oor berries of each seat.
        """
        assert isinstance(state, BanjooliState)
        names = ("blue", "yellow", "red", "green", "purple")
        stats: dict[str, Any] = {
            "tiles": int(self.options["tiles"]),
            "special": str(self.options["special"]),
            "layout": list(state.board.tiles) if state.board is not None else [],
            "turns": state.turn,
            "ended_by": "arrival" if len(state.arrived) == 3 else "turn_cap",
        }
        for place, o in enumerate(state.arrived[:3]):
            stats[f"finish_{place + 1}"] = names[o]
        last = state.last_ostrich()
        stats["last"] = names[last] if last is not None else "tie"
        oor = load_data().berry_index("oor")
        return {
            "game": stats,
            "seats": {
                "prediction": [f"P{c + 1}" if c >= 0 else "none" for c in state.cards],
                "oor": [sum(1 for t, s in state.picked if t == oor and s == seat) for seat in range(state.n)],
            },
        }

    # -- notation ---------------------------------------------------------------------
    def parse_position(self, text: str) -> BanjooliState:
        """Rebuild a state from :meth:`BanjooliState.to_text` (``?`` secrets are left unknown).

        Raises:
            NotationError: when the text is not a Banjooli position of this configuration.
        """
        try:
            state = self._decode(text)
        except NotationError:
            raise
        except (ValueError, KeyError, IndexError) as exc:
            raise MESSAGES.notation_error(text, "notation.position", {"why": str(exc)}) from None
        return state

    def _decode(self, text: str) -> BanjooliState:
        parts = text.split()
        if not parts or parts[0] != "banjooli":
            raise ValueError("it must start with 'banjooli'")
        kv = dict(p.split("=", 1) for p in parts[1:])
        n = self.num_players
        st = BanjooliState(self)
        if kv["L"] != "-":
            tiles = tuple(kv["L"].split(","))
            physical = tuple(_FRONTS.get(t, t) for t in tiles)
            if physical not in self._layout_set:
                raise ValueError(f"layout {kv['L']} is not a layout of this configuration")
            if kv["P"] == "sides":
                if physical != tiles:
                    raise ValueError("before the sides are drawn the layout names the tiles' front faces")
                st.order = tiles
            else:
                st.order = physical
                st.board = Board.build(tiles)
        board = st.board
        st.phase = PHASES.index(kv["P"])
        st.seat = int(kv["S"])
        st.direction = 1 if kv["D"] == "+" else -1 if kv["D"] == "-" else int("x")
        st.turn = int(kv["T"])
        entries = kv["O"].split(",")
        if len(entries) != 5:
            raise ValueError("five ostriches")
        size = board.size if board is not None else 5
        for o, entry in enumerate(entries):
            st.scared[o] = entry.endswith("s")
            where = entry.rstrip("s")
            st.pos[o] = ARRIVED if where == "F" else int(where)
            if st.pos[o] != ARRIVED and not 0 <= st.pos[o] < size:
                raise ValueError(f"ostrich {o} is off the board")
        st.arrived = [] if kv["A"] == "-" else [COLOURS.index(c) for c in kv["A"]]
        if sorted(st.arrived) != sorted(o for o in range(5) if st.pos[o] == ARRIVED):
            raise ValueError("arrival order and arrived ostriches differ")
        cards = kv["C"].split(",")
        if len(cards) != n:
            raise ValueError(f"{n} cards")
        st.cards = [-1 if c == "-" else -3 if c == "?" else int(c) for c in cards]
        known = [c for c in st.cards if c >= 0]
        if len(set(known)) != len(known) or any(c > 9 for c in known):
            raise ValueError("cards are distinct numbers 0-9")
        if len(kv["X"]) != 6:
            raise ValueError("six dice")
        st.dice = [-1 if ch == "." else FACES.index(ch) for ch in kv["X"]]
        st.to_roll = [] if kv["Q"] == "-" else [int(ch) for ch in kv["Q"]]
        st.after_roll = PHASES.index(kv["N"])
        st.rerolled = kv["R"] == "1"
        if kv["M"] != "-":
            m, p = kv["M"].split(":")
            st.mover, st.points = int(m), int(p)
        flags = kv["F"]
        st.turn_over, st.frenzy_pending, st.in_frenzy = "t" in flags, "z" in flags, "f" in flags
        st.frenzy = [int(ch) for ch in kv["Z"]]
        if len(st.frenzy) != 6:
            raise ValueError("six frenzy counts")
        if kv["B"] != "-":
            for item in kv["B"].split(","):
                s, t = item.split(":")
                st.berries[int(s)] = -1 if t == "?" else _BERRY_LETTERS.index(t)
        if kv["K"] != "-":
            st.picked = [(_BERRY_LETTERS.index(item[0]), int(item[1:])) for item in kv["K"].split(",")]
        peeks = kv["J"].split("/")
        if len(peeks) != n:
            raise ValueError(f"{n} peek lists")
        st.peeks = [set() if p == "-" else {int(s) for s in p.split(".")} for p in peeks]
        st.spear = [str(s) in kv["G"] for s in range(n)]
        reason, choices = kv["V"].split(":")
        st.reason = reason
        st.choices = [] if choices == "-" else [int(s) for s in choices.split(".")]
        st.fix_queue = [] if kv["Y"] == "-" else [int(s) for s in kv["Y"].split(".")]
        st.lion = int(kv["H"])
        if st.lion < 0 or (st.lion and not self.options["lion"]):
            raise ValueError("the lion runs only in the lion variant")
        if board is not None:
            st.occ = [-1] * board.size
            for o, space in enumerate(st.pos):
                if space != ARRIVED:
                    if st.occ[space] >= 0:
                        raise ValueError("two ostriches share a space")
                    if not board.passable[space]:
                        raise ValueError(f"ostrich {COLOURS[o]} stands on an impassable space")
                    st.occ[space] = o
        self._check_consistent(st)
        return st

    def _check_consistent(self, st: BanjooliState) -> None:
        """Refuse positions whose parts contradict each other (so no later call can crash)."""
        phase = PHASES[st.phase]
        if not 0 <= st.seat < self.num_players:
            raise ValueError(f"seat {st.seat} is not at this table")
        if (st.board is None) != (phase in ("layout", "sides")):
            raise ValueError("only the layout and sides phases have no board")
        if (phase == "layout") != (not st.order):
            raise ValueError("the layout is drawn in the layout phase only")
        if phase in ("step", "space", "swap", "vortex", "give", "berry", "fix") and not (
            0 <= st.mover < 5 and st.pos[st.mover] != ARRIVED
        ):
            raise ValueError(f"phase {phase} needs an ostrich on the move")
        if phase == "roll" and not st.to_roll:
            raise ValueError("phase roll needs dice to roll")
        if any(not 0 <= i < 6 for i in st.to_roll) or len(set(st.to_roll)) != len(st.to_roll):
            raise ValueError("dice to roll are distinct positions 0-5")
        if phase in ("reroll", "decide") and -1 in st.dice:
            raise ValueError(f"phase {phase} needs six rolled dice")
        if phase == "space" and not st.choices:
            raise ValueError("phase space needs spaces to choose")
        if phase == "fix" and not st.fix_queue:
            raise ValueError("phase fix needs berries to identify")
        if phase == "place" and not self.options["berries"]:
            raise ValueError("berries are placed only with the berries option")
        if st.after_roll not in (PHASES.index("reroll"), PHASES.index("decide"), PHASES.index("frenzy")):
            raise ValueError("after a roll comes reroll, decide or frenzy")
        if len(st.arrived) > 3 or any(st.scared[o] for o in st.arrived):
            raise ValueError("at most three ostriches arrive, and an arrived ostrich is running")
        if (phase == "over") != (len(st.arrived) == 3 or st.turn >= self.max_turns):
            raise ValueError("the game is over exactly when the third ostrich arrives or the turn limit is reached")
        dealt = [c for c in st.cards if c != -1]
        if phase not in ("layout", "sides", "deal") and len(dealt) != self.num_players:
            raise ValueError("every seat holds a Prediction once the deal is over")
        if st.cards[: len(dealt)] != dealt:
            raise ValueError("Predictions are dealt from seat 0 on")
        if (st.berries or st.picked) and not self.options["berries"]:
            raise ValueError("berries exist only with the berries option")
        if phase == "step" and st.points < 1:
            raise ValueError("phase step needs movement points")
        if phase == "over" or st.board is None:
            return
        board = st.board
        for space in st.berries:
            if not 0 <= space < board.size or board.kind[space] != "." or board.from_exit[space] < 3:
                raise ValueError(f"no berry can lie on space {space} (berry.placement)")
        if any(not p <= st.berries.keys() for p in st.peeks):
            raise ValueError("a seat has peeked only at berries still on the board")
        tokens = [t for t, _ in st.picked] + [t for t in st.berries.values() if t >= 0]
        if len(set(tokens)) != len(tokens):
            raise ValueError("each berry token is on the board or picked, once")
        if phase in ("step", "frenzy") and not st.legal_actions():
            raise ValueError(f"phase {phase} with nothing to play is never reached")
        size = st.board.size
        spaces = [*st.berries, *st.choices, *st.fix_queue, *(x for p in st.peeks for x in p)]
        if any(not 0 <= x < size for x in spaces):
            raise ValueError("a space is off the board")
        if any(t > 10 for t in st.berries.values()) or any(not 0 <= s < self.num_players for _, s in st.picked):
            raise ValueError("berries are tokens a-k picked by seats at this table")

    # -- observations -----------------------------------------------------------------
    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        return (TENSOR_SIZE,)

    def observation_tensor(self, observation: Observation) -> list[float]:
        d = observation.data
        out: list[float] = []
        for o in range(5):
            p = d["pos"][o]
            arrived = p == ARRIVED
            place = d["arrived"].index(o) + 1 if arrived else 0
            out += [d["dist"][o] / 40.0, float(0 <= p < 5), float(arrived), place / 3.0, float(d["scared"][o])]
        for f in d["dice"]:
            out += [1.0 if f == i else 0.0 for i in range(-1, 6)]
        card = d["card"]
        order = load_data().cards[card].ostriches if card >= 0 else None
        for slot in range(4):
            out += [1.0 if order is not None and order[slot] == o else 0.0 for o in range(5)]
        to_act = d["to_act"]
        out += [1.0 if to_act == s else 0.0 for s in range(5)] + [1.0 if to_act in (CHANCE, TERMINAL) else 0.0]
        out += [1.0 if d["phase"] == name else 0.0 for name in PHASES]
        out += [d["points"] / 10.0, float(d["direction"]), d["turn"] / MAX_TURNS, float(d["rerolled"])]
        berries = d["berries"]
        out.append(len(berries) / 11.0)
        out += [float(sum(1 for _, t in berries if t == i)) for i in range(11)]
        oor = load_data().berry_index("oor")
        out.append(float(sum(1 for t, s in d["picked"] if t == oor and s == observation.seat)))
        out.append(d["lion"] / 40.0)
        return out

    def sample_state(self, observation: Observation, rng: random.Random) -> BanjooliState:
        """A full state consistent with ``observation``: unseen cards drawn from the rest.

        Face-down berries the observer has not seen stay unknown: their identity is drawn by
        chance when they are picked (or peeked), from the tokens still unseen.
        """
        state = self._decode(str(observation.data["position"]))
        hidden = [s for s, c in enumerate(state.cards) if c == -3]
        free = [c for c in range(10) if c not in state.cards]
        for seat, card in zip(hidden, rng.sample(free, len(hidden)), strict=True):
            state.cards[seat] = card
        return state

    def heuristic_action(self, observation: Observation, legal_actions: Sequence[int], rng: random.Random) -> int:
        from savanna.games.banjooli.heuristic import choose

        return choose(self, observation, legal_actions, rng)

    def render_text(self, observation: Observation, lang: str = "en") -> str:
        from savanna.games.banjooli.render import board_text

        return board_text(observation, lang, self.score_sheets(observation))

    def render_svg(self, observation: Observation) -> str:
        from savanna.games.banjooli.render import board_svg

        return board_svg(observation)

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]]:
        from savanna.games.banjooli.render import TEXT_STYLES

        return list(TEXT_STYLES)

    def legend(self, lang: str = "en") -> list[tuple[str, str]]:
        from savanna.games.banjooli.render import legend

        return legend(lang)

    def rules_summary(self, lang: str = "en") -> str:
        return self.message("help.rules", lang).strip()

    def score_sheets(self, observation: Observation) -> list[ScoreSheet] | None:
        """The score sheets once the race is over (every Prediction is then revealed)."""
        if observation.data["phase"] != PHASES[OVER]:
            return None
        return score_sheets(self._decode(str(observation.data["position"])))
