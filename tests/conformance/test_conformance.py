"""Conformance suite: every registered game obeys the core protocol.

Run over every game found in the registry (plus the test-only toy game), for the default
options and for each option value in turn, as OpenSpiel's games_sim_test does for its games.
The skip list is empty and stays so.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from importlib.metadata import entry_points

import pytest

import savanna
from savanna.core import (
    BoolOption,
    ChoiceOption,
    Game,
    IntOption,
    NotationError,
    SavannaError,
    SeatError,
    State,
    canonical_json,
    load_game,
    random_playout,
    record_of,
    registered_games,
    replay,
    sample_action,
)
from savanna.core.registry import ENTRY_POINT_GROUP, broken_games


def _configs() -> list[tuple[str, int | None, dict[str, object]]]:
    configs: list[tuple[str, int | None, dict[str, object]]] = [("toy", None, {})]
    for name, cls in registered_games().items():
        spec = cls.spec
        configs.append((name, None, {}))
        configs.append((name, spec.min_players, {}))
        configs.append((name, spec.max_players, {}))
        for opt in spec.options:
            values: list[object] = []
            if isinstance(opt, ChoiceOption):
                values = [c for c in opt.choices if c != opt.default]
            elif isinstance(opt, IntOption):
                values = [v for v in (opt.low, opt.high) if v != opt.default]
            elif isinstance(opt, BoolOption):
                values = [not opt.default]
            configs.extend((name, None, {opt.name: v}) for v in values)
    return configs


CONFIGS = _configs()
IDS = [f"{n}-p{p}-" + ",".join(f"{k}={v}" for k, v in o.items()) for n, p, o in CONFIGS]


@pytest.fixture(params=CONFIGS, ids=IDS)
def game(request, toy_game_class) -> Game:
    name, players, options = request.param
    return load_game(name, players=players, options=options)


def test_every_game_entry_point_loads() -> None:
    assert broken_games() == {}
    assert {"banjooli", "hyena"} <= set(registered_games())


def _check_position(game: Game, state, rng: random.Random, deep: bool) -> None:
    legal = state.legal_actions()
    assert legal, "a position that is not over has legal actions"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum((p for _, p in outcomes), Fraction(0)) == 1
        assert all(0 <= a < game.max_chance_outcomes and p > 0 for a, p in outcomes)
        assert len({a for a, _ in outcomes}) == len(outcomes)
    else:
        assert all(0 <= a < game.num_distinct_actions for a in legal)
        assert len(set(legal)) == len(legal)
        mask = state.legal_actions_mask()
        assert sum(mask) == len(legal)
    if not deep:
        return
    # notation round-trips for every legal action
    for action in legal:
        assert state.parse_action(state.action_to_text(action)) == action
    # position notation round-trips, and repr evaluates back (as python-chess's Board('<FEN>'))
    text = state.to_text()
    again = game.parse_position(text)
    assert again.to_text() == text
    assert eval(repr(state), {"savanna": savanna}).to_text() == text
    assert again.current_player() == state.current_player()
    assert sorted(again.legal_actions()) == sorted(legal)
    # clones are independent
    clone = state.clone()
    assert clone.to_text() == text and clone.history == state.history
    clone.apply(legal[0])
    assert state.to_text() == text
    # observations: JSON-able, fixed tensor shape, consistent determinization
    size = math.prod(game.observation_tensor_shape)
    for seat in [None, *range(game.num_players)]:
        obs = state.observation(seat)
        json.dumps(obs.to_json())
        assert obs.seat == seat and obs.game == game.name
        assert len(game.observation_tensor(obs)) == size
        if seat is not None:
            sampled = game.sample_state(obs, rng)
            assert sampled.observation(seat).text == obs.text, "determinization must match the view"
            assert sampled.current_player() == state.current_player()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_obey_the_protocol(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        deep = steps & (steps - 1) == 0 or steps % 97 == 0
        _check_position(game, state, rng, deep)
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        steps += 1
        assert steps <= game.max_game_length
    assert state.legal_actions() == []
    low, high = game.score_bounds
    scores = state.scores()
    assert len(scores) == game.num_players and all(low <= s <= high for s in scores)
    ranking = state.ranking()
    assert len(ranking) == game.num_players and min(ranking) == 0
    assert state.winners()
    record = record_of(state, seed=seed)
    assert replay(record).to_text() == state.to_text()


def test_same_seed_gives_same_game(game: Game) -> None:
    from savanna.core import random_playout

    a = random_playout(game, random.Random(9))
    b = random_playout(game, random.Random(9))
    assert a.history == b.history


def test_garbage_input_gets_typed_errors(game: Game) -> None:
    state = game.new_initial_state()
    for text in ("", "???", "x" * 500, "\x00"):
        with pytest.raises(SavannaError):
            state.parse_action(text)
    for text in ("", "garbage", "{]"):
        with pytest.raises(NotationError):
            game.parse_position(text)


def test_other_seats_secrets_never_reach_an_observation(game: Game) -> None:
    """States that differ only in what a seat may not know look the same to that seat.

    ``sample_state`` redraws everything hidden from the seat; the seat's observation, its
    tensor and its drawings must not change, and for hidden-information games the redraws
    must really differ from the true state (so the check is not vacuous).
    """
    rng = random.Random(17)
    state = game.new_initial_state()
    for step in range(3000):
        # Play at least 60 actions, then on until some seat knows something the spectator
        # does not (a game whose secrets come and go, like a held sacrifice card).
        if state.is_terminal() or (step >= 60 and (game.spec.perfect_information or _has_secret(state))):
            break
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    differed = False
    for seat in range(game.num_players):
        view = state.observation(seat)
        for _ in range(8):
            other = game.sample_state(view, rng)
            differed |= other.to_text() != state.to_text()
            again = other.observation(seat)
            assert again.text == view.text
            assert game.observation_tensor(again) == game.observation_tensor(view)
            assert game.render_text(again) == game.render_text(view)
            assert game.render_svg(again) == game.render_svg(view)
    if not game.spec.perfect_information and not state.is_terminal():
        assert differed, "hidden information was never redrawn"


def _has_secret(state: State) -> bool:
    public = state.observation(None).text
    return any(state.observation(seat).text != public for seat in range(state.game.num_players))


# -- the one door: the core checks every seat --------------------------------------------
@pytest.mark.parametrize("bad", [-1, "num_players", True, False, "0", 1.0, [0]])
def test_observation_refuses_a_seat_not_at_the_table_by_core_rule_seat_unknown(game: Game, bad: object) -> None:
    """``observation(-1)`` once returned the last seat's secrets; every bad seat is refused."""
    seat = game.num_players if bad == "num_players" else bad
    state = game.new_initial_state()
    with pytest.raises(SeatError) as info:
        state.observation(seat)  # type: ignore[arg-type]
    assert info.value.rule.id == "seat.unknown" and info.value.rule.game == "core"
    assert "seat.unknown" in info.value.text("fr") and info.value.code == "seat/unknown"
    with pytest.raises(SeatError):
        game.check_seat(seat)


def test_observation_accepts_every_seat_and_the_spectator(game: Game) -> None:
    state = game.new_initial_state()
    assert [state.observation(seat).seat for seat in [None, *range(game.num_players)]] == [
        None,
        *range(game.num_players),
    ]


def test_no_game_overrides_the_checked_observation_door(game: Game) -> None:
    state = game.new_initial_state()
    assert type(state).observation is State.observation


# -- what interfaces show people, declared by each game --------------------------------------
MAX_ALTERNATIVES = 64
"""Positions with more legal actions (the layout draw) are not compared action by action."""


def _reachable(game: Game, seed: int, steps: int) -> list[State]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(sample_action(state, rng))
        states.append(state.clone())
    return states


def _view(state: State, viewer: int | None) -> str:
    obs = state.observation(viewer)
    return obs.text + canonical_json(dict(obs.data))


def test_action_audiences_are_exactly_who_can_tell_the_action_apart(game: Game) -> None:
    """In a game with secrets, the viewers declared to read an action are those whose
    observation tells it apart from the other legal actions: every viewer who can tell is
    declared (a public move is never shown as hidden), and a declared viewer learns nothing
    its observation does not show (a secret never leaks through a log) — two actions that
    lead to the very same position (three ways across the line) tell nothing hidden. The
    acting seat always reads its own action."""
    viewers: list[int | None] = [None, *range(game.num_players)]
    checked = 0
    for state in _reachable(game, 5, 400):
        legal = state.legal_actions()
        actor = state.current_player()
        for action in legal:
            audience = state.action_viewers(action)
            if actor >= 0:
                assert audience.includes(actor), "a seat reads its own action"
        if game.spec.perfect_information or not 1 < len(legal) <= MAX_ALTERNATIVES:
            continue
        after: dict[int, tuple[str, dict[int | None, str]]] = {}
        for action in legal:
            child = state.clone()
            child.apply(action)
            after[action] = (child.to_text(), {v: _view(child, v) for v in viewers})
        for action in legal:
            audience = state.action_viewers(action)
            full, seen = after[action]
            others = [after[other] for other in legal if other != action]
            for v in viewers:
                tells = all(view[v] != seen[v] for _, view in others)
                harmless = all(view[v] != seen[v] or text == full for text, view in others)
                what = (state.action_to_text(action), v)
                if tells:
                    assert audience.includes(v), f"{what}: a viewer who can tell is not told"
                if audience.includes(v) and v != actor:
                    assert harmless, f"{what}: the log would tell more than the observation"
            checked += 1
    if not game.spec.perfect_information:
        assert checked > 0


def test_every_action_is_described_in_words_in_english_and_french(game: Game) -> None:
    for state in _reachable(game, 8, 300)[::7]:
        for action in state.legal_actions()[:80]:
            en, fr = state.describe_action(action, "en"), state.describe_action(action, "fr")
            assert en.strip() and fr.strip() and "{" not in en + fr


def test_score_sheets_appear_at_the_end_and_add_up_to_the_scores(game: Game) -> None:
    state = game.new_initial_state()
    assert game.score_sheets(state.observation(None)) is None
    final = random_playout(game, random.Random(3))
    if game.name not in ENTRY_POINT_GAMES:
        return  # the test-only toy declares no sheet
    for viewer in (None, 0):
        sheets = game.score_sheets(final.observation(viewer))
        assert sheets is not None and [s.seat for s in sheets] == list(range(game.num_players))
        assert [s.total for s in sheets] == final.scores()
        assert [s.place for s in sheets] == final.ranking()
        for sheet in sheets:
            assert sum(line.points or 0 for line in sheet.lines) == sheet.total
            for label in [line.label for line in sheet.lines] + [sheet.tiebreak] * (sheet.tiebreak is not None):
                assert label is not None
                assert game.label_text(label, "en") and game.label_text(label, "fr")
            tied = [s for s in sheets if s.total == sheet.total and s.seat != sheet.seat]
            assert (sheet.tiebreak is not None) == bool(tied)
        json.dumps([s.to_json() for s in sheets])


ENTRY_POINT_GAMES = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}


@pytest.mark.parametrize("name", sorted(ENTRY_POINT_GAMES))
def test_every_game_declares_legend_rules_summary_and_styles_in_both_languages(name: str) -> None:
    game = load_game(name)
    for lang in ("en", "fr"):
        legend = game.legend(lang)
        assert legend and all(symbol.strip() and meaning.strip() for symbol, meaning in legend)
        summary = game.rules_summary(lang)
        assert len(summary) >= 300 and "{" not in summary, "a few lines of rules"
        styles = game.text_styles(lang)
        assert styles is None or all(isinstance(p, str) and isinstance(s, str) for p, s in styles)
    assert game.legend("en") != game.legend("fr") and game.rules_summary("en") != game.rules_summary("fr")


@pytest.mark.parametrize("name", sorted(ENTRY_POINT_GAMES))
def test_every_game_explains_its_drawing_with_swatches_in_both_languages(name: str) -> None:
    """``drawing_legend(lang)``: small standalone SVG drawings, each with a sentence in the
    reader's language (the pages show them beside the board)."""
    import xml.etree.ElementTree as ET

    game = load_game(name)
    english, french = game.drawing_legend("en"), game.drawing_legend("fr")
    assert english and len(english) == len(french)
    for swatch, meaning in english + french:
        root = ET.fromstring(swatch)
        assert root.tag.endswith("svg") and root.get("viewBox"), swatch
        assert meaning.strip() and "{" not in meaning
    assert [m for _, m in english] != [m for _, m in french]


@pytest.mark.parametrize("name", sorted(ENTRY_POINT_GAMES))
def test_every_game_draws_its_svg_in_the_readers_language(name: str) -> None:
    """``render_svg(observation, lang)``: the same drawing (the same clickable keys) with its
    words in English or French; the French words differ from the English ones somewhere."""
    import xml.etree.ElementTree as ET

    def words(svg: str) -> list[str]:
        return [text for node in ET.fromstring(svg).iter() if (text := (node.text or "").strip())]

    game = load_game(name)
    rng = random.Random(3)
    state = game.new_initial_state()
    differ = 0
    for _ in range(40):
        for seat in (None, *range(game.num_players)):
            view = state.observation(seat)
            english, french = game.render_svg(view, "en"), game.render_svg(view, lang="fr")
            assert game.render_svg(view) == english
            keys = [n.get("data-target") for n in ET.fromstring(english).iter() if n.get("data-target")]
            assert keys == [n.get("data-target") for n in ET.fromstring(french).iter() if n.get("data-target")]
            differ += words(english) != words(french)
        if state.is_terminal():
            break
        state.apply(sample_action(state, rng))
    assert differ, "the French drawing shows the English words"


@pytest.mark.parametrize("name", sorted(ENTRY_POINT_GAMES))
def test_every_game_has_a_message_catalogue_whose_rule_sentences_are_its_clauses(name: str) -> None:
    cls = registered_games()[name]
    assert len(cls.catalogue) > 0 and set(cls.catalogue.languages) == {"en", "fr"}
    clauses: set[str] = set()
    for options in _option_variants(cls):
        game = load_game(name, options=options)
        clauses |= set(game.rules())
        for rule in game.rules().values():
            assert rule.game == name and rule.en and rule.fr and rule.en != rule.fr
    assert set(cls.catalogue.rule_ids()) <= clauses, "a rule sentence without a clause"


def _option_variants(cls: type[Game]) -> list[dict[str, object]]:
    variants: list[dict[str, object]] = [{}]
    for opt in cls.spec.options:
        if isinstance(opt, ChoiceOption):
            variants += [{opt.name: c} for c in opt.choices]
    return variants
