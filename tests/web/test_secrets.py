"""Hidden information over the wire: a seat never receives another seat's Prediction or peeks.

Real ``savanna serve`` processes (bots thinking in the process pool) and websocket clients
that play as browsers do. Every message each seat receives before the end is checked
against what that seat's own observation shows at that version (see ``leaks.py``). Games are
played until another seat's peek at a berry has happened, so the peek check is exercised.
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request

import pytest

from tests.web.client import SeatPlayer
from tests.web.conftest import ServerProcess
from tests.web.leaks import check_frame, secrets_of


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


async def play_table(base: str, seed: int) -> tuple[str, list[SeatPlayer], SeatPlayer]:
    made = post(base, "/api/tables", {
        "game": "banjooli", "players": 3, "options": {"berries": True, "special": "none"},
        "seats": ["open", "open", "bot:heuristic"], "title": "secrets",
    })
    table = made["id"]
    players = []
    for seat, name in enumerate(["Awa", "Moussa"]):
        joined = post(base, f"/api/tables/{table}/join", {"seat": seat, "name": name})
        players.append(SeatPlayer(base, table, joined["token"], random.Random(seed * 10 + seat)))
    watcher = SeatPlayer(base, table, None)
    tasks = [asyncio.create_task(p.play()) for p in [*players, watcher]]
    await asyncio.sleep(0.2)
    post(base, f"/api/tables/{table}/start", {}, made["host_token"])
    await asyncio.gather(*tasks)
    return table, players, watcher


@pytest.mark.slow
def test_no_seat_or_spectator_receives_another_seats_prediction_or_peeks(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'secrets.sqlite3'}", workers=1).start()
    try:
        peeks_checked = 0
        for game in range(12):
            table, players, watcher = asyncio.run(play_table(server.url, game))
            secrets = secrets_of(get(server.url, f"/api/tables/{table}/record"))
            assert len(secrets.orders) == 3 and secrets.end > 10
            for seat, player in enumerate(players):
                assert player.moves > 0 and not player.refusals
                for frame in player.frames:
                    version = json.loads(frame).get("version", 0)
                    assert not check_frame(secrets, seat, version, frame), check_frame(secrets, seat, version, frame)
            for frame in watcher.frames:
                version = json.loads(frame).get("version", 0)
                for seat in range(3):
                    # A spectator knows less than any seat: nothing private to any of them.
                    assert not [p for p in check_frame(secrets, seat, version, frame) if "another seat" in p]
                assert "your card" not in frame
            peeks_checked += secrets.other_peeks
            print(f"game {game}: {secrets.end} actions, {secrets.other_peeks} versions with a peek not shared")
            if peeks_checked:
                break
        assert peeks_checked, "no game had a peek by one seat that another did not share"
    finally:
        server.stop()


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
