"""Hidden information over the wire: a seat never receives another seat's Prediction or peeks.

Every view each seat and a spectator are sent before the end is checked against what that
seat's own observation shows at that version (see ``leaks.py``): in this process on a game
chosen so that one person peeks at berries the other does not know (and the server's game
is checked to be exactly the simulated one), and over websockets with a real ``savanna
serve`` process, bots thinking in its process pool.
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request

import pytest
from sqlalchemy import create_engine, text

from savanna.core import Record, State, load_game, record_of
from savanna.core.rng import position_rng
from savanna.web.bots import decide
from tests.web.client import SeatPlayer
from tests.web.conftest import ServerProcess, bearer, make_table, view
from tests.web.leaks import check_frame, check_message, secrets_of

OPTIONS = {"berries": True, "special": "none"}


def post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def get(base: str, path: str) -> str:
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return answer.read().decode()


def simulated_game(seed: int) -> State:
    """The game the server plays at a 3-seat berries table with ``seed`` when both people
    always play their first listed move: chance from ``position_rng``, the bot's moves from
    the same decision function and generators as the server's pool."""
    game = load_game("banjooli", players=3, options=OPTIONS)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(position_rng(seed, len(state.history))))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if seat == 2:
            options = tuple(sorted(game.options.items()))
            obs = state.observation(seat)
            state.apply(decide("banjooli", 3, options, "heuristic", seat, obs, legal, seed, len(state.history)))
        else:
            state.apply(legal[0])
    return state


def test_no_seat_or_spectator_is_shown_another_seats_prediction_or_peeks(sqlite_client):
    # A seed whose game has one person peek at berries the other does not know (Jëmbat).
    for seed in range(1, 400):
        final = simulated_game(seed)
        secrets = secrets_of(record_of(final, seed=seed).to_json())
        if secrets.other_peeks:
            break
    else:
        raise AssertionError("no seed below 400 gives a peek by one person only")
    table = make_table(sqlite_client, seats=["open", "open", "bot:heuristic"], options=OPTIONS, start=False)
    hub = sqlite_client.app.state.hub
    hub.tables[table.id].seed = seed
    engine = create_engine(str(hub.store.url))
    with engine.begin() as conn:
        conn.execute(text("update tables set seed = :s where id = :t"), {"s": seed, "t": table.id})
    engine.dispose()
    sqlite_client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
    shown: list[tuple[int | None, str]] = []
    last = -1
    while True:
        public = view(sqlite_client, table, None)
        if public["version"] != last:
            last = public["version"]
            for seat in (None, 0, 1):
                shown.append((seat, json.dumps(view(sqlite_client, table, seat))))
        if public["status"] == "finished":
            break
        seat = public["to_act"]
        if seat in (0, 1):
            mine = view(sqlite_client, table, seat)
            if mine["legal"] and mine["version"] == public["version"]:
                sqlite_client.post(
                    f"/api/tables/{table.id}/act",
                    headers=bearer(table.tokens[seat]),
                    json={"action": mine["legal"][0]["id"], "version": mine["version"]},
                )
    record = sqlite_client.get(f"/api/tables/{table.id}/record").text
    assert Record.from_json(record).actions == record_of(final, seed=seed).actions  # the same game
    checked = 0
    for seat, frame in shown:
        for who in (seat,) if seat is not None else (0, 1, 2):
            problems = check_message(secrets, who, frame)
            if seat is None:
                problems = [p for p in problems if "another seat" in p]
            assert not problems, problems
            checked += 1
    assert checked > 100 and secrets.other_peeks


@pytest.mark.slow
def test_websocket_frames_of_two_seats_and_a_spectator_hold_no_other_seats_prediction(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'secrets.sqlite3'}", workers=1).start()
    try:
        table, players, watcher = asyncio.run(play_table(server.url, 7))
        secrets = secrets_of(get(server.url, f"/api/tables/{table}/record"))
        assert len(secrets.orders) == 3 and secrets.end > 10
        for seat, player in enumerate(players):
            assert player.moves > 0 and not player.refusals
            for frame in player.frames:
                assert not check_message(secrets, seat, frame), check_message(secrets, seat, frame)
        for frame in watcher.frames:
            for seat in range(3):
                assert not [p for p in check_message(secrets, seat, frame) if "another seat" in p]
            assert "your card" not in frame
        assert not server.errors(), server.errors()
    finally:
        server.stop()


async def play_table(base: str, seed: int) -> tuple[str, list[SeatPlayer], SeatPlayer]:
    made = post(base, "/api/tables", {
        "game": "banjooli", "players": 3, "options": OPTIONS,
        "seats": ["open", "open", "bot:heuristic"], "title": "secrets",
    })
    table = made["id"]
    players = []
    for seat, name in enumerate(["Awa", "Moussa"]):
        joined = post(base, f"/api/tables/{table}/join", {"seat": seat, "name": name})
        players.append(SeatPlayer(base, table, joined["token"], random.Random(seed * 10 + seat)))
    watcher = SeatPlayer(base, table, None)
    tasks = [asyncio.create_task(p.play(timeout=400)) for p in [*players, watcher]]
    await asyncio.sleep(0.2)
    post(base, f"/api/tables/{table}/start", {}, made["host_token"])
    await asyncio.gather(*tasks)
    return table, players, watcher


def test_the_leak_check_catches_a_prediction_and_a_peek_shown_to_the_wrong_seat(tmp_path):
    from savanna.core import load_game, make_rng, record_of

    game = load_game("banjooli", players=3, options={"berries": True})
    rng = make_rng(5, "leak-check")
    state = game.new_initial_state()
    while not state.is_terminal():
        from savanna.core import sample_action

        state.apply(sample_action(state, rng))
    secrets = secrets_of(record_of(state, seed=5).to_json())
    other_order = secrets.orders[1]
    assert check_frame(secrets, 0, 10, f'{{"private": ["your card: {other_order}"]}}')
    assert check_frame(secrets, 0, 10, f"log: {secrets.deals[1]}")
    assert not check_frame(secrets, 0, 10, f"your card: {secrets.orders[0]}")
    assert check_frame(secrets, 0, 10, "<pre>| [k] |</pre>") or "k" in "".join(secrets.known[0][10])
    assert not check_frame(secrets, 0, secrets.end, f"end: {other_order}")
