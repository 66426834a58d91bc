"""Play over days in Chromium (issue 28): for each game, a turn-based table of two people in
two browser contexts, each closing its page after its move and coming back only through the
link of the notice it gets (a webhook for one, an e-mail for the other, both asked for in the
page's "notify me elsewhere" form); and a server killed while a turn-based deadline passes,
whose deadline acts once after the restart, as the reopened page shows."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from savanna.core import CHANCE, load_game
from savanna.core.rng import position_rng
from tests.web.chromium import launched_chromium
from tests.web.conftest import ServerProcess, wait_for
from tests.web.mailbox import Mailbox, text_of
from tests.web.receiver import Receiver
from tests.web.test_time_control_processes import SHORT, timeouts

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.slow

ADDRESS = "moussa@example.org"
DAY = {"pace": "turn", "per_move": 86400, "on_time": "bot_move"}
# How each seat picks its moves among the page's buttons (the lowest action id, or the
# highest), the options and the server's --table-seeds, so that the game ends soon: the
# Hyena's lowest moves bank forever (past 1,800 actions), its highest race home, on the
# shortest spiral with the traditional rules' bigger throws. With the seed, the moves and
# the dice are known: the game's turns are counted beforehand (`turns`), and the notices
# must be as many.
PICK = {"banjooli": "first", "hyena": "last", "river-race": "last"}
SEEDS = {"banjooli": 293, "hyena": 73, "river-race": 47}
OPTIONS: dict[str, dict[str, Any]] = {"banjooli": {}, "hyena": {"length": 30, "rules": "traditional"},
                                      "river-race": {}}

SETTLED = """() => { const S = window.savannaTable;
  if (!S || !S.view || !S.connected) return null;
  const v = S.view;
  if (v.status === "finished") return "finished";
  if (v.legal.length && document.body.dataset.auto !== "1" && !S.sent) return "mine";
  if (!v.legal.length && v.to_act !== v.you && v.to_act >= 0) return "other";
  return null; }"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def mailbox() -> Iterator[Mailbox]:
    with Mailbox() as box:
        yield box


@pytest.fixture(scope="module")
def hooks() -> Iterator[Receiver]:
    with Receiver() as receiver:
        yield receiver


def turns(game: str, pick: str, table_seeds: int) -> int:
    """How many turns the first table of a server started with ``--table-seeds table_seeds``
    has, both seats playing by ``pick`` (a turn: the game comes to a seat from another)."""
    seed = random.Random(table_seeds).getrandbits(63)  # the server's first table seed
    state = load_game(game, players=2, options=OPTIONS[game]).new_initial_state()
    index, last, count = 0, None, 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(position_rng(seed, index))
        else:
            legal = state.legal_actions()
            count += player != last
            last = player
            action = min(legal) if pick == "first" else max(legal)
        state.apply(action)
        index += 1
    return count


def days_server(tmp_path: Any, mailbox: Mailbox, table_seeds: int) -> ServerProcess:
    flags = (*SHORT, "--webhook-host", "127.0.0.1", "--smtp-host", "127.0.0.1", "--smtp-port", str(mailbox.port),
             "--smtp-security", "none", "--smtp-from", "savanna@example.org", "--table-seeds", str(table_seeds))
    return ServerProcess(f"sqlite:///{tmp_path / 'days.sqlite3'}", workers=0, flags=flags).start()


def post(client: httpx.Client, url: str, body: dict[str, Any], token: str | None = None) -> Any:
    answer = client.post(url, json=body, headers={"authorization": f"Bearer {token}"} if token else {})
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


def context_with_seat(browser: Any, server: ServerProcess, table: str, token: str) -> Any:
    """A browser context holding ``token`` for ``table`` (as the page keeps it after joining)."""
    context = browser.new_context(locale="en-GB", reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/static/style.css")
    page.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [table, token])
    page.close()
    return context


def ask_for_notices(context: Any, server: ServerProcess, table: str, channel: str, target: str,
                    errors: list[str]) -> Any:
    """Open the table, give ``target`` in the "notify me elsewhere" form; the page."""
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_selector("#notify-more summary")
    assert page.locator("#notify-more summary").inner_text() == "Notify me elsewhere (webhook, e-mail)"
    page.click("#notify-more summary")
    assert page.locator("label[for='notify-webhook']").inner_text() == "Webhook URL (a chat tool's incoming webhook)"
    assert page.locator("label[for='notify-email']").inner_text() == "E-mail address"
    field = f"#notify-{channel}"
    if channel == "email":
        # A bad address is refused in the catalogue's words, and nothing is saved.
        page.fill(field, "moussa at example")
        page.click("#notify-save")
        page.wait_for_function("document.getElementById('notify-status').textContent !== ''")
        assert page.locator("#notify-status").inner_text() == (
            "An e-mail address looks like name@example.org (at most 254 characters, nothing else).")
    page.fill(field, target)
    page.click("#notify-save")
    page.wait_for_function("document.getElementById('notify-status').textContent.startsWith('Saved')")
    return page


def links(table: str, hooks: Receiver, mailbox: Mailbox) -> dict[int, list[str]]:
    """The table links each seat was sent: seat 0 by webhook, seat 1 by e-mail."""
    by_hook = [b["link"] for b in hooks.received() if b["link"].endswith(f"/t/{table}")]
    by_mail = []
    for mail in mailbox.received(ADDRESS):
        found = re.search(r"(http://\S+/t/[\w-]+)", text_of(mail))
        assert found is not None, text_of(mail)
        if found.group(1).endswith(f"/t/{table}"):
            by_mail.append(found.group(1))
    return {0: by_hook, 1: by_mail}


def open_link(context: Any, link: str, errors: list[str]) -> Any:
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(link, wait_until="commit")  # then SETTLED waits for the table's view
    return page


def play_my_turn(page: Any, pick: str) -> str:
    """Play the moves of this turn with the page's buttons (none when it is not this seat's
    turn), then close the page; how the game stands then (``other`` or ``finished``)."""
    settled = page.wait_for_function(SETTLED, timeout=20000).json_value()
    while settled == "mine":
        ids = [int(i) for i in page.locator("#moves-box:not(.hidden) #moves button").evaluate_all(
            "buttons => buttons.map((b) => b.dataset.id)")]
        before = int(page.evaluate("document.body.dataset.version"))
        chosen = min(ids) if pick == "first" else max(ids)
        page.click(f"#moves button[data-id='{chosen}']")
        page.wait_for_function("v => Number(document.body.dataset.version) !== v", arg=before, timeout=15000)
        settled = page.wait_for_function(SETTLED, timeout=20000).json_value()
    page.close()
    return str(settled)


@pytest.mark.parametrize("game", sorted(PICK))
def test_a_turn_based_game_played_over_notices_by_two_browsers_that_close_between_turns(
    browser: Any, tmp_path: Any, mailbox: Mailbox, hooks: Receiver, game: str
) -> None:
    errors: list[str] = []
    expected = turns(game, PICK[game], SEEDS[game])
    server = days_server(tmp_path, mailbox, SEEDS[game])
    contexts: list[Any] = []
    try:
        with httpx.Client(timeout=10) as client:
            made = post(client, f"{server.url}/api/tables", {"game": game, "players": 2, "options": OPTIONS[game],
                                                            "seats": ["open", "open"], "title": f"{game} over days",
                                                            "time_control": DAY})
            table = made["id"]
            tokens = [post(client, f"{server.url}/api/tables/{table}/join", {"seat": s, "name": n})["token"]
                      for s, n in ((0, "Awa"), (1, "Moussa"))]
            contexts = [context_with_seat(browser, server, table, token) for token in tokens]
            post(client, f"{server.url}/api/tables/{table}/start", {}, made["host_token"])
            # Both sit down and ask for notices (the form is in the game's panel); the one
            # whose turn it is plays it there; then both leave.
            pages = [ask_for_notices(contexts[0], server, table, "webhook", hooks.url, errors),
                     ask_for_notices(contexts[1], server, table, "email", ADDRESS, errors)]
            states = [page.wait_for_function(SETTLED, timeout=20000).json_value() for page in pages]
            assert sorted(states) == ["mine", "other"], states
            pages[1 - states.index("mine")].close()
            assert play_my_turn(pages[states.index("mine")], PICK[game]) == "other"
            opened = {0: 0, 1: 0}
            deadline = time.monotonic() + 150
            state = "other"
            while state != "finished":
                assert time.monotonic() < deadline, f"the {game} game did not end ({opened} turns)"
                told = wait_for(lambda: (got := links(table, hooks, mailbox))
                                and any(len(got[s]) > opened[s] for s in (0, 1)) and got, 20, "a notice")
                fresh = [s for s in (0, 1) if len(told[s]) > opened[s]]
                assert len(fresh) == 1, (told, opened)  # one turn at a time: one seat told
                seat = fresh[0]
                link = told[seat][opened[seat]]
                assert link == f"{server.url}/t/{table}"
                opened[seat] += 1
                page = open_link(contexts[seat], link, errors)
                assert page.wait_for_function(SETTLED, timeout=20000).json_value() == "mine", (
                    "the notice came, but it was not this seat's turn")
                state = play_my_turn(page, PICK[game])
            time.sleep(0.5)
            # Every notice was one turn of its seat: none left unopened, none twice; and every
            # turn but the first (played where the seat asked for notices) was told.
            assert {s: len(v) for s, v in links(table, hooks, mailbox).items()} == opened
            assert sum(opened.values()) == expected - 1 and min(opened.values()) >= 2, (opened, expected)
            results = []
            for context in contexts:
                page = context.new_page()
                page.goto(f"{server.url}/t/{table}")
                page.wait_for_selector("#end:not(.hidden)")
                results.append(page.locator("#end table").first.inner_text())
                page.close()
            assert results[0] == results[1]
            assert client.get(f"{server.url}/api/tables/{table}").json()["status"] == "finished"
    finally:
        for context in contexts:
            context.close()
        server.stop()
    assert not errors, errors
    assert not server.errors()


@pytest.mark.parametrize(("on_time", "kind", "line"), [
    ("bot_move", "bot_time", "Seat 1 ran out of time at action {at}; bot heuristic played that move."),
    ("lose", "lost_time", "Seat 1 lost by time at action {at}; bot heuristic plays it to the end, ranked last."),
])
def test_a_deadline_passing_while_the_server_is_dead_shows_once_in_the_reopened_page(
    browser: Any, tmp_path: Any, on_time: str, kind: str, line: str
) -> None:
    database = f"sqlite:///{tmp_path / 'dead.sqlite3'}"
    server = ServerProcess(database, workers=0, flags=SHORT).start()
    context = browser.new_context(locale="en-GB", reduced_motion="reduce")
    errors: list[str] = []
    try:
        with httpx.Client(timeout=10) as client:
            made = post(client, f"{server.url}/api/tables", {
                "game": "hyena", "players": 2, "seats": ["open", "bot:heuristic"], "options": {"first": "seat1"},
                "time_control": {"pace": "turn", "per_move": 3, "on_time": on_time}})
            table = made["id"]
            token = post(client, f"{server.url}/api/tables/{table}/join", {"seat": 0, "name": "Awa"})["token"]
            post(client, f"{server.url}/api/tables/{table}/start", {}, made["host_token"])
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(server.url + "/static/style.css")
            page.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [table, token])
            page.goto(f"{server.url}/t/{table}")
            assert page.wait_for_function(SETTLED, timeout=20000).json_value() == "mine"
            page.wait_for_selector("#clocks li.running")
            info = client.get(f"{server.url}/api/tables/{table}").json()
            assert info["clock"]["acting"] == 0
            page.close()
            server.kill()  # before the deadline: nobody is left to see it pass
            assert time.time() < info["clock"]["deadline"]
            time.sleep(max(0.0, info["clock"]["deadline"] - time.time()) + 0.5)
            assert timeouts(database, table) == []
            server.start()
            wait_for(lambda: timeouts(database, table), 10, "the deadline's action after the restart")
            server.kill()  # right after it acted: the next start must not act again
            server.start()
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{server.url}/t/{table}")
            page.wait_for_function("document.querySelectorAll('#clocks li').length > 0 && window.savannaTable.view")
            at = timeouts(database, table)[0][0]
            expected = line.format(at=at)
            page.wait_for_function("t => document.getElementById('clocks').textContent.includes(t)", arg=expected,
                                   timeout=10000)
            shown = page.locator("#clocks li").all_inner_texts()
            # Shown once (a later deadline of the person, passing while the test waited, is another line).
            assert shown.count(expected) == 1, shown
            log = page.evaluate("window.savannaTable.log")
            indexes = [entry["i"] for entry in log]
            assert len(indexes) == len(set(indexes))  # no action shown twice
            acted = [entry for entry in log if entry["i"] == at]
            assert len(acted) == 1 and acted[0]["actor"] == 0, acted  # the deadline's move, once, for seat 1
            page.close()
        stored = timeouts(database, table)
        assert stored[0] == (at, kind) and len({v for v, _ in stored}) == len(stored), stored
        assert not errors, errors
        assert "Traceback" not in server.log_path.read_text(errors="replace")
    finally:
        context.close()
        server.stop()
