"""A seat's "your turn" webhook (issue 28): once per turn, retried with back-off, turned off
from the notice itself, to validated URLs only, and telling nothing the seat may not know."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from savanna.core import CHANCE, Record, replay_states
from savanna.web import Settings, create_app
from savanna.web.db import database_url
from savanna.web.messages import MESSAGES
from savanna.web.notices import Notices, NoticeSettings
from savanna.web.store import Store
from tests.web.conftest import TEST_LIMITS, Table, bearer, make_table, view, wait_for
from tests.web.receiver import Receiver

# The receivers listen on 127.0.0.1, which a server only posts to when its owner names it.
FAST = NoticeSettings(webhook_hosts=("127.0.0.1",), tries=3, first_delay=0.02, timeout=2.0)
KEYS = {"text", "content", "game", "table", "link", "unsubscribe"}
GAME = "The Hyena game (Li'b el-Merafib)"


def app_client(tmp_path: Path, notices: NoticeSettings = FAST, database: str | None = None) -> TestClient:
    url = database or f"sqlite:///{tmp_path / 'server.sqlite3'}"
    return TestClient(create_app(Settings(database=url, limits=TEST_LIMITS, notices=notices)))


@pytest.fixture
def client(database: str, tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path, database=database) as test_client:
        yield test_client


def subscribe(client: TestClient, table: Table, seat: int, url: str | None) -> Any:
    return client.post(f"/api/tables/{table.id}/notices", headers=bearer(table.tokens[seat]), json={"webhook": url})


def play_moves(client: TestClient, table: Table, moves: int) -> list[int]:
    """Play ``moves`` person's moves (the first legal one); the seats to act, in order, up to
    the one due after the last move."""
    acted: list[int] = []
    while True:
        public = wait_for(lambda: (v := view(client, table, None))["to_act"] in table.tokens and v, what="a turn")
        seat = public["to_act"]
        acted.append(seat)
        if len(acted) > moves:
            return acted
        mine = view(client, table, seat)
        done = client.post(f"/api/tables/{table.id}/act", headers=bearer(table.tokens[seat]),
                           json={"action": mine["legal"][0]["id"], "version": mine["version"]})
        assert done.status_code == 200, done.text


def play_turns(client: TestClient, table: Table, turns: int) -> list[int]:
    """Play until each of seats 0 and 1 has had ``turns`` turns of its own (a Banjooli turn may
    be many moves: a fixed number of moves is not enough); the seats to act, as ``play_moves``."""
    acted = play_moves(client, table, 12)
    while min(starts(acted, 0), starts(acted, 1)) < turns and len(acted) < 240:
        acted = acted[:-1] + play_moves(client, table, 12)
    return acted


def starts(acted: list[int], seat: int) -> int:
    return sum(1 for i, s in enumerate(acted) if s == seat and (i == 0 or acted[i - 1] != seat))


def turn_starts(record_json: str, seat: int) -> int:
    """How many times the game came to ``seat`` from someone else (a turn of its own)."""
    starts, last = 0, None
    for _, _, state in replay_states(Record.from_json(record_json)):
        if state.is_terminal():
            break
        player = state.current_player()
        if player == seat and last != seat:
            starts += 1
        if player != CHANCE:
            last = player
    return starts


TITLES = {"hyena": GAME, "banjooli": "Banjooli Xeet", "river-race": "The River Race"}


@pytest.mark.parametrize("game", sorted(TITLES))
def test_each_seat_is_told_once_per_turn_and_only_what_it_may_know(client: TestClient, game: str) -> None:
    title = TITLES[game]
    with Receiver() as first, Receiver() as second:
        table = make_table(client, game=game, seats=["open", "open"], start=False)
        for seat, receiver in ((0, first), (1, second)):
            got = subscribe(client, table, seat, receiver.url)
            assert got.status_code == 200, got.text
            assert got.json()["unsubscribe"].startswith("http://testserver/notices/off?token=")
        assert client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host)).status_code == 200
        acted = play_turns(client, table, 2)
        expected = {0: starts(acted, 0), 1: starts(acted, 1)}
        assert expected[0] >= 2 and expected[1] >= 2
        wait_for(lambda: len(first.received()) >= expected[0] and len(second.received()) >= expected[1],
                 timeout=10, what="the notices")
        for seat, receiver in ((0, first), (1, second)):
            bodies = receiver.received()
            assert len(bodies) == expected[seat]
            off = bodies[0]["unsubscribe"]
            link = f"http://testserver/t/{table.id}"
            words = MESSAGES("push.turn", "en", game=title, table="t", link=link) + "\n" + MESSAGES(
                "push.off", "en", link=off)
            for body in bodies:
                # Exactly the public facts: nothing of the seed, the tokens or the position (no
                # seat's cards, prediction or price: the same words whatever the game's secrets).
                assert set(body) == KEYS
                assert body == {"text": words, "content": words, "game": title, "table": "t", "link": link,
                                "unsubscribe": off}
                assert table.host not in str(body) and all(t not in str(body) for t in table.tokens.values())


def test_a_failing_receiver_is_retried_with_a_bound(tmp_path: Path) -> None:
    with app_client(tmp_path) as client, Receiver(fail=2) as late, Receiver(fail=1000) as dead:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        subscribe(client, table, 0, late.url)
        subscribe(client, table, 1, dead.url)
        client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
        acted = play_moves(client, table, 6)
        wait_for(lambda: late.received() and dead.tries >= FAST.tries, timeout=10, what="the tries")
        assert late.tries >= 3 and late.received()[0]["link"].endswith(table.id)
        # Every turn of the dead receiver's seat was tried FAST.tries times, no more.
        wait_for(lambda: dead.tries >= FAST.tries * starts(acted, 1), timeout=10, what="every try")
        time.sleep(0.3)
        assert dead.tries == FAST.tries * starts(acted, 1)


def test_the_notice_turns_itself_off(tmp_path: Path) -> None:
    with app_client(tmp_path) as client, Receiver() as hook:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        off = subscribe(client, table, 0, hook.url).json()["unsubscribe"]
        subscribe(client, table, 1, hook.url)
        client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
        told = wait_for(lambda: hook.received(), timeout=10, what="a first notice")
        seat0 = [b for b in told if b["unsubscribe"] == off]
        gone = client.get(off.replace("http://testserver", ""))
        assert gone.status_code == 200 and gone.text == MESSAGES("push.turned_off", "en")
        again = client.get(off.replace("http://testserver", "") + "&lang=fr")
        assert again.status_code == 404 and "coupe rien" in again.text
        before = len([b for b in hook.received() if b["unsubscribe"] == off])
        play_moves(client, table, 6)
        wait_for(lambda: len(hook.received()) > len(told), timeout=10, what="seat 1's notices")
        assert len([b for b in hook.received() if b["unsubscribe"] == off]) == before
        assert len(seat0) <= 1


@pytest.mark.parametrize("url", ["ftp://127.0.0.1/x", "javascript:alert(1)", "http://", "127.0.0.1:80/x",
                                 "http://127.0.0.1/" + "x" * 500, "http://127.0.0.1:99999/x", "http://a b/"])
def test_bad_webhook_urls_are_refused(sqlite_client: TestClient, url: str) -> None:
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"], start=False)
    got = subscribe(sqlite_client, table, 0, url)
    assert got.status_code in (400, 422), got.text
    assert got.json()["error"]["code"] in ("notice/url", "message/malformed", "message/invalid"), got.text


def test_the_owner_restricts_destinations_and_only_a_seat_subscribes(tmp_path: Path) -> None:
    only = NoticeSettings(webhook_hosts=("hooks.example.org",), tries=1)
    with app_client(tmp_path, only) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        got = subscribe(client, table, 0, "http://127.0.0.1:9/hook")
        assert got.status_code == 400 and got.json()["error"]["code"] == "notice/host"
        fr = client.post(f"/api/tables/{table.id}/notices?lang=fr", headers=bearer(table.tokens[0]),
                         json={"webhook": "http://127.0.0.1:9/hook"})
        assert "n'envoie pas d'avis à 127.0.0.1" in fr.json()["error"]["message"]
        assert subscribe(client, table, 0, "https://hooks.example.org/x").status_code == 200
        assert subscribe(client, table, 0, None).json() == {"webhook": None, "unsubscribe": None}
        host = client.post(f"/api/tables/{table.id}/notices", headers=bearer(table.host), json={"webhook": None})
        assert host.status_code == 403 and host.json()["error"]["code"] == "notice/not_seated"
        nobody = client.post(f"/api/tables/{table.id}/notices", json={"webhook": None})
        assert nobody.status_code == 401 or nobody.json()["error"]["code"] == "token/missing"


def test_two_processes_tell_one_turn_once(tmp_path: Path) -> None:
    """The claim on ``told_version`` is in the database: a second process (or the same after
    a restart) that sees the same turn does not tell it again."""
    with app_client(tmp_path) as client, Receiver() as hook:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        subscribe(client, table, 0, hook.url)
        subscribe(client, table, 1, hook.url)
        client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
        wait_for(lambda: hook.received(), timeout=10, what="the first notice")
        seat = wait_for(lambda: (v := client.get(f"/api/tables/{table.id}/view").json())["to_act"] in (0, 1) and v,
                        what="a turn")
        version, to_act = seat["version"], seat["to_act"]

    async def again() -> None:
        store = Store(database_url(f"sqlite:///{tmp_path / 'server.sqlite3'}"))
        other = Notices(store, FAST)
        game = __import__("savanna.core", fromlist=["load_game"]).load_game("hyena", players=2)
        await asyncio.gather(*(other._tell(table.id, to_act, version, game, "t") for _ in range(3)))
        await store.close()

    with Receiver() as _:
        count = len(hook.received())
        asyncio.run(again())
        assert len(hook.received()) == count


def test_two_turns_of_one_seat_are_both_told_when_the_first_claim_is_slower(tmp_path: Path) -> None:
    """A seat's turns are claimed in the order they came: when the first turn's claim is slow
    to reach the database, the next turn's waits for it (run first, it would mark the seat told
    past the first turn, and that turn's notice would be dropped)."""

    async def two_turns(table: Table) -> Notices:
        store = Store(database_url(f"sqlite:///{tmp_path / 'server.sqlite3'}"))
        real, calls = store._run, [0]

        async def first_is_slow(work: Any, write: bool = False, snapshot: bool = False) -> Any:
            calls[0] += 1
            if calls[0] == 1:
                await asyncio.sleep(0.3)
            return await real(work, write=write, snapshot=snapshot)

        store._run = first_is_slow  # type: ignore[method-assign]
        notices = Notices(store, FAST)
        game = __import__("savanna.core", fromlist=["load_game"]).load_game("hyena", players=2)
        await asyncio.gather(notices._tell(table.id, 0, 5, game, "t"), notices._tell(table.id, 0, 9, game, "t"))
        await store.close()
        return notices

    with Receiver() as hook:
        with app_client(tmp_path) as client:
            table = make_table(client, game="hyena", seats=["open", "open"], start=False)
            subscribe(client, table, 0, hook.url)
        notices = asyncio.run(two_turns(table))
        assert notices.sent == 2
        assert len(hook.received()) == 2
        assert not notices._claims  # a seat's lock goes when its last notice is claimed


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/hook", "http://localhost/hook", "http://app.localhost/x",
                                 "http://10.0.0.7/hook", "http://192.168.1.1/hook", "http://169.254.169.254/latest",
                                 "http://[::1]/hook", "http://0.0.0.0/hook"])
def test_a_player_cannot_point_the_server_into_its_own_network(sqlite_client: TestClient, url: str) -> None:
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"], start=False)
    got = subscribe(sqlite_client, table, 0, url)
    assert got.status_code == 400 and got.json()["error"]["code"] == "notice/host", got.text


@pytest.mark.parametrize(("allowed", "told"), [((), False), (("hooks.example.org",), True)])
def test_a_public_name_that_resolves_inside_is_not_posted_to_unless_the_owner_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, allowed: tuple[str, ...], told: bool
) -> None:
    real = socket.getaddrinfo

    def resolve(host: Any, *args: Any, **kwargs: Any) -> Any:
        return real("127.0.0.1" if host == "hooks.example.org" else host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    settings = NoticeSettings(webhook_hosts=allowed, tries=1, timeout=2.0)
    with Receiver() as hook, app_client(tmp_path, settings) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        assert subscribe(client, table, 0, hook.url.replace("127.0.0.1", "hooks.example.org")).status_code == 200
        assert client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host)).status_code == 200
        turns = starts(play_moves(client, table, 4), 0)
        notices = client.app.state.hub.notices  # type: ignore[attr-defined]
        wait_for(lambda: not notices._tasks and (not told or hook.tries >= turns), timeout=10,
                 what="every notice tried")
        assert hook.tries == (turns if told else 0), (allowed, hook.tries)
