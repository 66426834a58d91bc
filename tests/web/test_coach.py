"""The coach at a web table: on only when the host says so, for players only, from their seat.

The answer is computed in the bot pool from the game's actions; only the asking seat's
observations reach the analysis, so two games that differ only in another seat's card get
the same answer, word for word.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import savanna.web.coach as web_coach
from savanna.core import load_game
from savanna.web.coach import coach_answer
from tests.web.conftest import make_table

SECONDS = re.compile(r"\d+\.\d s$", re.MULTILINE)  # the time taken, the only part that may differ


@pytest.fixture(autouse=True)
def _few_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A number of rounds, not a time budget: the same answer on every machine, quickly."""
    monkeypatch.setattr(web_coach, "COACH_SAMPLES", 6)


def hello(ws, token=None, lang="en"):
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    return ws.receive_json()


def receive_until(ws, kind, limit=60, **fields):
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
            return message
    raise AssertionError(f"no {kind} message with {fields}")


def test_the_coach_is_off_unless_the_host_turns_it_on_at_creation(sqlite_client):
    plain = make_table(sqlite_client, game="hyena", seats=["open", "bot:heuristic"])
    coached = make_table(sqlite_client, game="hyena", seats=["open", "bot:heuristic"], coach=True)
    listed = {t["id"]: t for t in sqlite_client.get("/api/tables").json()["tables"]}
    assert listed[plain.id]["coach"] is False and listed[coached.id]["coach"] is True
    assert sqlite_client.get(f"/api/tables/{coached.id}").json()["coach"] is True
    with sqlite_client.websocket_connect(f"/ws/tables/{plain.id}") as ws:
        assert hello(ws, plain.tokens[0])["table"]["coach"] is False
        ws.send_text(json.dumps({"type": "coach", "what": "odds"}))
        refused = receive_until(ws, "refused")
        assert refused["code"] == "coach/off" and "did not turn it on" in refused["message"]
    bad = sqlite_client.post("/api/tables", json={"game": "hyena", "players": 2, "options": {},
                                                  "seats": ["open", "open"], "coach": "yes"})
    assert bad.status_code == 400 and "'coach' is true or false" in bad.text


def test_a_player_asks_for_the_odds_and_a_hint_and_is_told_the_coach_is_thinking(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "bot:heuristic"], coach=True)
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        welcome = hello(ws, table.tokens[0])
        assert welcome["table"]["coach"] is True and welcome["you"] == 0
        ws.send_text(json.dumps({"type": "coach", "what": "odds"}))
        thinking = receive_until(ws, "coach", state="thinking")
        assert thinking["what"] == "odds" and 0 < thinking["seconds"] <= 1.0
        done = receive_until(ws, "coach", state="done")
        text = "\n".join(done["lines"])
        assert "Coach for" in text and "chance to win" in text and "How the game may end" in text
        assert all(len(line) <= web_coach.WIDTH for line in done["lines"])
        ws.send_text(json.dumps({"type": "coach", "what": "hint"}))
        hint = receive_until(ws, "coach", state="done")
        assert hint["what"] == "hint" and ("Your moves" in "\n".join(hint["lines"]) or "is not to play" in "\n".join(hint["lines"]))


def test_the_coach_answers_in_the_players_language(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "bot:heuristic"], coach=True)
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, table.tokens[0], lang="fr")
        ws.send_text(json.dumps({"type": "coach", "what": "odds"}))
        done = receive_until(ws, "coach", state="done")
        assert "chance de gagner" in "\n".join(done["lines"])


def test_a_spectator_has_no_coach_and_a_bad_question_is_refused(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "bot:heuristic"], coach=True)
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        assert hello(ws)["you"] is None
        ws.send_text(json.dumps({"type": "coach", "what": "odds"}))
        assert receive_until(ws, "refused")["code"] == "coach/spectator"
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, table.tokens[0])
        for what in ("cards", None, 3, ["odds"]):
            ws.send_text(json.dumps({"type": "coach", "what": what}))
            refused = receive_until(ws, "refused")
            # a question of the wrong type or none is refused at the door (savanna.web.wire)
            assert refused["code"] == "message/malformed" and "'what' is 'odds' or 'hint'" in refused["message"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive_until(ws, "pong")  # the connection goes on


def test_a_player_asks_one_question_at_a_time(sqlite_client, monkeypatch: pytest.MonkeyPatch):
    import threading

    release = threading.Event()
    real = web_coach.coach_answer

    def slow(*args):
        release.wait(10)
        return real(*args)

    monkeypatch.setattr(web_coach, "coach_answer", slow)
    table = make_table(sqlite_client, game="hyena", seats=["open", "bot:heuristic"], coach=True)
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, table.tokens[0])
        ws.send_text(json.dumps({"type": "coach", "what": "odds"}))
        receive_until(ws, "coach", state="thinking")
        ws.send_text(json.dumps({"type": "coach", "what": "hint"}))
        busy = receive_until(ws, "refused")
        assert busy["code"] == "coach/busy"
        release.set()
        assert receive_until(ws, "coach", state="done")["what"] == "odds"


def _banjooli_histories(seed: int) -> tuple[list[int], list[int], int]:
    """Two Banjooli histories that differ only in seat 1's secret card (seat 0 to play)."""
    game = load_game("banjooli", players=3)
    rng = random.Random(seed)
    state = game.new_initial_state()
    history: list[int] = []
    deals: list[tuple[int, int]] = []  # (index in history, card) of the secret draws
    while True:
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            action = rng.choice(outcomes)
            viewers = state.action_viewers(action)
            if not viewers.everyone and viewers.seats == frozenset({1}):
                deals.append((len(history), action))
                spare = [a for a in outcomes if a != action]
        else:
            if state.current_player() == 0 and len(history) > 40 and len(state.legal_actions()) > 1:
                break
            action = game.heuristic_action(state.observation(state.current_player()), state.legal_actions(), rng)
        history.append(action)
        state.apply(action)
    assert len(deals) == 1, deals
    index, _ = deals[0]
    other = list(history)
    other[index] = spare[0]
    check = game.new_initial_state()
    for action in other:
        check.apply(action)  # the same moves are legal: a card changes nothing public
    assert check.observation(0) == state.observation(0)
    assert check.observation(1) != state.observation(1)
    return history, other, len(history)


@pytest.mark.parametrize("what", ["odds", "hint"])
def test_the_coach_of_a_seat_never_reads_another_seats_card(what: str) -> None:
    mine, theirs, _ = _banjooli_histories(seed=11)
    game = load_game("banjooli", players=3)
    options = tuple(sorted(game.options.items()))
    answers = [
        [SECONDS.sub("", line) for line in coach_answer("banjooli", 3, options, history, 0, what, 5, "en", None, 6)]
        for history in (mine, theirs)
    ]
    assert answers[0] == answers[1]
    assert any("What the others probably hold" in line for line in answers[0]) or what == "hint"


@pytest.mark.parametrize("name", ["banjooli", "hyena", "river-race"])
def test_the_coach_of_a_web_table_answers_in_every_game_with_decisions(name: str) -> None:
    """The pool's answer for each game; in the river race, at the first offer of a seeded
    game, the hint values accepting, refusing and countering it."""
    from savanna.bots import make_bots, parse_bot_spec, play_game

    game = load_game(name, players=3)
    final = play_game(game, make_bots(game, [parse_bot_spec("heuristic")] * 3, 4), seed=4)
    state, history = game.new_initial_state(), []
    for action in final.history:  # to the first offer (the river race), else to move 30
        history.append(action)
        text = state.action_to_text(action)
        state.apply(action)
        if (name == "river-race" and text.startswith("offer")) or (name != "river-race" and len(history) >= 30):
            break
    while state.current_player() < 0:  # a chance draw next: the decision after it
        history.append(final.history[len(history)])
        state.apply(history[-1])
    seat = state.current_player()
    options = tuple(sorted(game.options.items()))
    odds = coach_answer(name, 3, options, history, seat, "odds", 5, "en", None, 6)
    assert any("chance to win" in line for line in odds) and any("How the game may end" in line for line in odds)
    hint = "\n".join(coach_answer(name, 3, options, history, seat, "hint", 5, "en", None, 6))
    assert "Your moves" in hint
    if name == "river-race":
        for answer in ("accept", "refuse", "counter 0"):
            assert re.search(rf"^[*\- ] +\d+\.\d .* {answer} \(", hint, re.MULTILINE), hint
