"""The coach panel in Debian's Chromium: a player asks, sees that the coach is thinking, then
reads the answer; a spectator of the same table is told the coach is on but has no button."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.web.chromium import ARGS, CHROMIUM, SHOTS, require_chromium
from tests.web.client import post
from tests.web.conftest import ServerProcess

playwright_api = pytest.importorskip("playwright.sync_api")


pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('coach') / 'server.sqlite3'}"
    running = ServerProcess(database, bot_pace=0.0, workers=1).start()
    try:
        yield running
    finally:
        running.stop()
    assert not running.errors(), running.errors()


def test_a_player_asks_the_coach_in_the_browser_and_a_spectator_cannot(server: ServerProcess) -> None:
    require_chromium()
    base = server.url
    made = post(base, "/api/tables", {"game": "banjooli", "players": 3, "options": {}, "title": "Coached",
                                      "seats": ["open", "bot:heuristic", "bot:heuristic"], "coach": True})
    table, host = made["id"], made["host_token"]
    seat = post(base, f"/api/tables/{table}/join", {"seat": 0, "name": "Awa"})
    post(base, f"/api/tables/{table}/start", {}, host)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            player = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
            player.add_init_script(
                f"localStorage.setItem('savanna.seat.{table}', {json.dumps(seat['token'])});"
                f"localStorage.setItem('savanna.lang', 'en');"
            )
            page = player.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{base}/t/{table}")
            box = page.locator("#coach-box")
            box.wait_for(state="visible", timeout=15000)
            assert "The coach is on at this table" in box.inner_text()
            page.locator("#coach-odds").click()
            page.wait_for_function(
                "document.getElementById('coach-status').textContent.includes('thinking')"
                " || !document.getElementById('coach-out').classList.contains('hidden')",
                timeout=15000,
            )
            page.locator("#coach-out:not(.hidden)").wait_for(timeout=30000)
            answer = page.locator("#coach-out").inner_text()
            assert "How the game may end" in answer and "purple" in answer
            assert not page.locator("#coach-odds").is_disabled()
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "table-coach.png"), full_page=True)
            page.locator("#coach-hint").click()
            page.wait_for_function(
                "document.getElementById('coach-out').textContent.includes('Your moves')"
                " || document.getElementById('coach-out').textContent.includes('is not to play')",
                timeout=30000,
            )
            assert not errors, errors

            watcher = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
            watcher.add_init_script("localStorage.setItem('savanna.lang', 'en');")
            watching = watcher.new_page()
            watching.goto(f"{base}/t/{table}")
            watching.locator("#coach-box").wait_for(state="visible", timeout=15000)
            assert "it answers the players only" in watching.locator("#coach-box").inner_text()
            assert not watching.locator("#coach-odds").is_visible()
        finally:
            browser.close()
