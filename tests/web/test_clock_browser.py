"""A real-time game in Chromium whose clock runs out (issue 28): the host chooses the pace in
the lobby's form, the table page counts the clock down, and everyone reads the loss by time."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.chromium import launched_chromium
from tests.web.conftest import ServerProcess

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.slow

SHORT = ("--shortest-clock", "1", "--per-client-tables", "1000", "--per-client-rate", "1000",
         "--per-client-playing", "1000", "--per-client-connections", "1000")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium() as launched:
        yield launched


def test_a_real_time_clock_runs_out_in_the_browser_and_the_seat_loses_by_time(browser, tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'clock.sqlite3'}", workers=0, flags=SHORT).start()
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server.url + "/")
        page.fill("#name", "Awa")
        page.select_option("#game", "hyena")
        page.wait_for_selector("#seat-1")
        page.select_option("#seat-1", "bot:heuristic")
        page.select_option("#pace", "realtime")
        assert page.is_visible("#pace-base") and not page.is_visible("#pace-hours")
        page.fill("#pace-base", "0.1")  # six seconds for the whole game
        page.fill("#pace-increment", "0")
        page.select_option("#pace-on", "lose")
        page.click("#create-submit")
        page.wait_for_url("**/t/*")
        table = page.url.rsplit("/", 1)[1]
        with httpx.Client(timeout=10) as client:
            stored = client.get(f"{server.url}/api/tables/{table}").json()["clock"]
        assert stored["pace"] == "realtime" and stored["base"] == 6 and stored["on_time"] == "lose"
        page.wait_for_selector("#start:not([disabled])")
        page.click("#start")
        page.wait_for_selector("#clocks:not(.hidden) li.running")
        shown = page.locator("#clocks").inner_text()
        assert "Real-time: 0:06 per player" in shown and "loses by time" in shown and "Awa: 0:0" in shown, shown
        assert "must play by" in shown
        page.wait_for_function("document.getElementById('clocks').textContent.includes('lost by time')", timeout=15000)
        shown = page.locator("#clocks").inner_text()
        assert "Seat 1 lost by time at action" in shown and "ranked last" in shown, shown
        # A bot plays the seat to the end: the result ranks Awa last.
        page.wait_for_selector("#end:not(.hidden)", timeout=60000)
        places = page.locator("#end > #end-body > table tbody tr")
        assert "Awa" in places.nth(places.count() - 1).inner_text(), page.locator("#end").inner_text()
        assert "Awa" not in page.locator("#end p strong").first.inner_text()
        with httpx.Client(timeout=10) as client:
            view = client.get(f"{server.url}/api/tables/{table}/view").json()
        ranking = view["result"]["ranking"]
        assert ranking[0] == len(ranking) - 1 and ranking.count(ranking[0]) == 1 and view["result"]["lost_time"] == [0]
        assert not errors, errors
    finally:
        context.close()
        server.stop()


def test_my_tables_lists_the_seats_this_browser_holds_waiting_for_me_first(browser, tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'mine.sqlite3'}", workers=0, flags=SHORT).start()
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        held: dict[str, str] = {}
        with httpx.Client(timeout=10) as client:
            def table(title: str, control: dict[str, Any] | None) -> tuple[str, dict[int, str], int]:
                made = client.post(f"{server.url}/api/tables", json={
                    "game": "hyena", "players": 2, "seats": ["open", "open"], "title": title, "time_control": control}).json()
                tokens = {s: client.post(f"{server.url}/api/tables/{made['id']}/join",
                                         json={"seat": s, "name": n}).json()["token"] for s, n in ((0, "Awa"), (1, "Moussa"))}
                client.post(f"{server.url}/api/tables/{made['id']}/start",
                            headers={"authorization": f"Bearer {made['host_token']}"}).raise_for_status()
                end = time.monotonic() + 10
                while (acting := client.get(f"{server.url}/api/tables/{made['id']}").json()["clock"] or {}).get("acting") is None:
                    assert time.monotonic() < end
                    time.sleep(0.05)
                return made["id"], tokens, int(acting["acting"])

            day = {"pace": "turn", "per_move": 86400, "on_time": "bot_move"}
            waiting_id, waiting_tokens, waiting_seat = table("Waiting for me", day)
            other_id, other_tokens, other_seat = table("Their turn", day)
            held[waiting_id] = waiting_tokens[waiting_seat]
            held[other_id] = other_tokens[1 - other_seat]
            foreign, _, _ = table("Not mine", day)
            held[foreign] = "f" * 43  # a token that proves nothing: never listed
        page.goto(server.url + "/")
        page.evaluate("held => { for (const [id, token] of Object.entries(held)) localStorage.setItem(`savanna.seat.${id}`, token); }", held)
        page.click("#mine-link")
        page.wait_for_url("**/me")
        page.wait_for_selector("#mine tr[data-table]")
        rows = page.locator("#mine tr[data-table]")
        assert rows.count() == 2
        first, second = rows.nth(0).inner_text(), rows.nth(1).inner_text()
        assert "Waiting for me" in first and "Your turn 23 h 59 left" in first and "last: chance — " in first, first
        assert "Their turn" in second and "to play" in second, second
        assert "Not mine" not in page.locator("#mine").inner_text()
        assert page.title() == "(1) My tables — Savanna"
        icon = page.evaluate("[document.querySelector(\"link[rel='icon']\").href, document.querySelector(\"link[rel='icon']\").dataset.count]")
        assert icon[0].startswith("data:image/png") and icon[1] == "1", icon[1]
        assert not errors, errors
    finally:
        context.close()
        server.stop()


NOTES = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, options) { super(title, options); window.__notes.push([title, (options || {}).body]); }
};
"""


def test_a_turn_notice_in_the_page_and_a_notification_only_after_opting_in_and_in_the_background(browser, tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'notice.sqlite3'}", workers=0, flags=SHORT).start()
    context = browser.new_context(locale="en-GB")
    context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(NOTES)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        with httpx.Client(timeout=10) as client:
            api = f"{server.url}/api/tables"
            made = client.post(api, json={"game": "hyena", "players": 2, "seats": ["open", "open"], "title": "Evening game"}).json()
            tokens = {s: client.post(f"{api}/{made['id']}/join", json={"seat": s, "name": n}).json()["token"]
                      for s, n in ((0, "Awa"), (1, "Moussa"))}
            client.post(f"{api}/{made['id']}/start", headers={"authorization": f"Bearer {made['host_token']}"}).raise_for_status()
            page.goto(server.url + "/")
            page.evaluate("([id, token]) => localStorage.setItem(`savanna.seat.${id}`, token)", [made["id"], tokens[0]])
            page.goto(f"{server.url}/t/{made['id']}")
            page.wait_for_selector("#notify-toggle")

            def turns_to_awa(count: int) -> None:
                """Play via the API (both seats) until it became Awa's turn ``count`` times."""
                became, was = 0, True
                end = time.monotonic() + 30
                while became < count:
                    assert time.monotonic() < end, "the game did not move on"
                    public = client.get(f"{api}/{made['id']}/view").json()
                    assert public["status"] == "playing"
                    seat = public["to_act"]
                    if seat not in (0, 1):
                        time.sleep(0.05)
                        continue
                    if seat == 0 and not was:
                        became += 1
                        page.wait_for_selector("#turn-notice:not(.hidden)")
                        if became == count:
                            return
                    was = seat == 0
                    mine = client.get(f"{api}/{made['id']}/view", headers={"authorization": f"Bearer {tokens[seat]}"}).json()
                    client.post(f"{api}/{made['id']}/act", headers={"authorization": f"Bearer {tokens[seat]}"},
                                json={"action": mine["legal"][0]["id"], "version": mine["version"]})
                    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=mine["version"] + 1)

            page.evaluate("window.__hidden = true")
            turns_to_awa(1)
            assert "Your turn at Evening game" in page.locator("#turn-notice").inner_text()
            assert page.evaluate("window.__notes") == []  # not opted in: no notification
            page.click("#notify-toggle")
            page.wait_for_selector("text=Stop the notices")
            turns_to_awa(1)
            notes = page.evaluate("window.__notes")
            assert notes == [["Your turn at Evening game", "Savanna: the table is waiting for you."]], notes
            page.evaluate("window.__hidden = false")  # a visible tab: the page's line only
            turns_to_awa(1)
            assert len(page.evaluate("window.__notes")) == 1
        assert not errors, errors
    finally:
        context.close()
        server.stop()
