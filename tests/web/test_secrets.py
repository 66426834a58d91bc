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
import urllib.error
import urllib.request
from collections.abc import Callable

import pytest
import websockets

from savanna.core import Record, State, load_game, record_of
from savanna.core.rng import position_rng
from savanna.web.bots import decide
from tests.web.client import SeatPlayer, get, post
from tests.web.conftest import ServerProcess, bearer, make_table, view
from tests.web.leaks import check_frame, check_message, secrets_of

OPTIONS = {"berries": True, "special": "none"}


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
        else:  # the first move the browser lists (State.menu_order), as the people below play
            state.apply(state.menu_order(legal)[0])
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
    hub = sqlite_client.app.state.hub
    hub.new_seed = lambda: seed
    table = make_table(sqlite_client, seats=["open", "open", "bot:heuristic"], options=OPTIONS, start=False)
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


async def _session(base: str, table: str, token: str | None, frames: list[str], rng: random.Random,
                   until: Callable[[dict], bool], timeout: float = 300.0) -> dict:
    """One websocket connection: hello, record every frame, play random legal moves (paced
    like :class:`SeatPlayer`) until ``until(view)`` holds or the game ends; returns the last view."""
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
    deadline = asyncio.get_running_loop().time() + timeout
    last_send = 0.0
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        while True:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - asyncio.get_running_loop().time()))
            text = raw if isinstance(raw, str) else raw.decode()
            frames.append(text)
            message = json.loads(text)
            if message["type"] != "view":
                continue
            if message["status"] == "finished" or until(message):
                return message
            if message["legal"]:
                wait = last_send + 0.12 - asyncio.get_running_loop().time()
                if wait > 0:
                    await asyncio.sleep(wait)
                last_send = asyncio.get_running_loop().time()
                move = message["legal"][rng.randrange(len(message["legal"]))]
                await ws.send(json.dumps({"type": "act", "action": move["id"], "version": message["version"]}))


def _get_any(base: str, path: str, token: str | None = None) -> str:
    """A GET's body whatever its status (an error's body is shown to its asker too)."""
    headers = {"authorization": f"Bearer {token}"} if token else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers), timeout=10) as answer:
            return answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.read().decode()


async def _reconnects_takeover_and_spectating(base: str) -> dict:
    made = post(base, "/api/tables", {"game": "banjooli", "players": 3, "options": OPTIONS, "grace": 5,
                                      "seats": ["open", "open", "bot:heuristic"], "title": "takeover"})
    table = made["id"]
    gone = post(base, f"/api/tables/{table}/join", {"seat": 1, "name": "Gone"})["token"]
    post(base, f"/api/tables/{table}/leave", {}, gone)
    awa = post(base, f"/api/tables/{table}/join", {"seat": 0, "name": "Awa"})["token"]
    moussa = post(base, f"/api/tables/{table}/join", {"seat": 1, "name": "Moussa"})["token"]
    frames: dict[str, list[str]] = {"awa": [], "moussa": [], "watcher": [], "gone": []}
    rest: dict[str, list[tuple[str, str, bool]]] = {"awa": [], "moussa": [], "watcher": [], "gone": []}
    tokens = {"awa": awa, "moussa": moussa, "watcher": None, "gone": gone}
    events: dict[str, int] = {}
    rng = random.Random(31)
    post(base, f"/api/tables/{table}/start", {}, made["host_token"])

    def poll_rest(final: bool = False) -> None:
        for who, token in tokens.items():
            for path in ("view", "record", "replay"):
                rest[who].append((path, _get_any(base, f"/api/tables/{table}/{path}", token), final))

    async def awa_plays() -> None:
        await _session(base, table, awa, frames["awa"], rng, lambda v: False)

    async def moussa_plays() -> None:
        left = await _session(base, table, moussa, frames["moussa"], rng, lambda v: v["version"] >= 15)
        events["moussa_left"] = left["version"]
        # Awa hands the departed seat to a bot once the grace period is over.
        for _ in range(200):
            answer = urllib.request.Request(f"{base}/api/tables/{table}/replace", method="POST",
                                            data=json.dumps({"seat": 1}).encode(),
                                            headers={"content-type": "application/json",
                                                     "authorization": f"Bearer {awa}"})
            try:
                with urllib.request.urlopen(answer, timeout=10):
                    break
            except urllib.error.HTTPError:
                await asyncio.sleep(0.5)
        taken = json.loads(_get_any(base, f"/api/tables/{table}/view"))["version"]
        events["replaced_at"] = taken
        while json.loads(_get_any(base, f"/api/tables/{table}/view"))["version"] < taken + 10:
            await asyncio.sleep(0.2)
        poll_rest()  # while the bot plays Moussa's seat
        # Moussa comes back with his token: the seat is his again, with his card.
        await _session(base, table, moussa, frames["moussa"], rng, lambda v: False)

    async def watcher_watches() -> None:
        await _session(base, table, None, frames["watcher"], rng, lambda v: v["version"] >= 25)
        poll_rest()
        await _session(base, table, None, frames["watcher"], rng, lambda v: False)

    async def gone_tries() -> None:
        # The former occupant of seat 2 says hello with the old token: refused, public view only.
        await _session(base, table, gone, frames["gone"], rng, lambda v: v["version"] >= 30)

    await asyncio.gather(awa_plays(), moussa_plays(), watcher_watches(), gone_tries())
    poll_rest(final=True)
    record = get(base, f"/api/tables/{table}/record")
    return {"frames": frames, "rest": rest, "events": events, "record": record}


@pytest.mark.slow
def test_no_secret_reaches_the_wrong_seat_through_reconnects_a_takeover_spectating_or_early_replay(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'takeover.sqlite3'}", workers=1).start()
    try:
        out = asyncio.run(_reconnects_takeover_and_spectating(server.url))
        assert not server.errors(), server.errors()
    finally:
        server.stop()
    secrets = secrets_of(out["record"])
    record = Record.from_json(out["record"])
    assert out["events"]["replaced_at"] >= out["events"]["moussa_left"] >= 15
    assert secrets.end > out["events"]["replaced_at"] + 10
    kinds = {json.loads(f).get("type") for f in out["frames"]["gone"]}
    assert "refused" in kinds and all(json.loads(f).get("you") is None for f in out["frames"]["gone"]
                                      if json.loads(f).get("type") in ("welcome", "view"))
    seat_of = {"awa": 0, "moussa": 1}
    checked = 0
    for who, frames in out["frames"].items():
        # (after the end everything is public: the final record and replay are not checked)
        bodies = frames + [body for _, body, final in out["rest"][who] if not final]
        for body in bodies:
            if who in seat_of:
                problems = check_message(secrets, seat_of[who], body)
            else:  # a spectator or the dead token: no seat's Prediction, whoever's
                problems = [p for s in range(3) for p in check_message(secrets, s, body) if "another seat" in p]
            assert not problems, (who, problems)
            checked += 1
    # Early replay and record are refused to everyone before the end.
    early = [(path, json.loads(body)) for answers in out["rest"].values() for path, body, final in answers
             if not final and path != "view"]
    assert len(early) >= 8
    assert all(answer.get("error", {}).get("code") == "table/not_finished" for _, answer in early), early
    # Moussa's card came back to him after the takeover, and never to anyone else.
    assert any("your card" in f for f in out["frames"]["moussa"][-50:])
    assert checked > 200 and len(record.actions) == secrets.end
