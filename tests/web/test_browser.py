"""Playing in Debian's Chromium (Playwright): two people and a bot, a reload, a crash, French.

Each browser context records every websocket frame it receives and a snapshot of its page
after each of its moves; none may hold another seat's Prediction or peeks before the end.
The server runs as a real ``savanna serve`` process; it is killed with SIGKILL mid-game and
restarted on the same database, and the game goes on with no action lost. The screenshots
of ``docs/screenshots/`` are taken here.
"""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.chromium import SHOTS, launched_chromium
from tests.web.conftest import ServerProcess, fresh_postgres_database, require_postgres
from tests.web.leaks import check_message, check_page, secrets_of
from tests.web.test_table_page import SETTLED

playwright_api = pytest.importorskip("playwright.sync_api")


pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium() as launched:
        yield launched


class Seat:
    """One browser context at the table: its page, frames and snapshots."""

    def __init__(self, browser: Any, viewport: dict[str, int], locale: str = "en-GB", **context: Any) -> None:
        self.context = browser.new_context(viewport=viewport, locale=locale, **context)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.snapshots: list[tuple[int, str]] = []
        self.errors: list[str] = []
        self.board_clicks = 0
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode())

    def version(self) -> int:
        return int(self.page.evaluate("document.body.dataset.version || '0'"))

    def status(self) -> str:
        return str(self.page.evaluate("document.body.dataset.status || ''"))

    def my_moves(self) -> Any:
        return self.page.locator("#moves-box:not(.hidden) #moves button")

    def snapshot(self) -> None:
        """The page and the version it shows, read together (a new view may come at any time)."""
        version, html = self.page.evaluate("[document.body.dataset.version, document.documentElement.outerHTML]")
        self.snapshots.append((int(version), html))


def play_some(seats: list[Seat], rng: random.Random, until: Any, limit: float = 240.0) -> None:
    """Click random listed moves for whichever seat has some, until ``until()`` holds."""
    deadline = time.monotonic() + limit
    while not until():
        assert time.monotonic() < deadline, ("the game did not move on", [seat.page.evaluate(
            "[document.body.dataset.version, document.body.dataset.status, document.body.dataset.auto,"
            " document.getElementById('notice').textContent]") for seat in seats])
        acted = False
        for seat in seats:
            moves = seat.my_moves()
            count = moves.count()
            if not count:
                continue
            before = seat.version()
            if seat.page.evaluate("document.body.dataset.auto") == "1":
                continue  # a forced step: the page plays it itself (its button is about to go)
            targets = seat.page.locator("#board .target")
            if targets.count() and rng.random() < 0.3:
                # On the board: click a highlighted piece, die or space; the move is played, or
                # the list narrows to the moves that point there and one of them is clicked.
                targets.nth(rng.randrange(targets.count())).click()
                seat.page.wait_for_function(
                    "v => Number(document.body.dataset.version) !== v"
                    " || !document.getElementById('selection').classList.contains('hidden')",
                    arg=before,
                    timeout=15000,
                )
                # The click did something: it played the move or narrowed the list.
                seat.board_clicks += 1
                if seat.version() == before:
                    moves.nth(0).click()
            else:
                # Mostly the first listed move (short games), sometimes any other; a move
                # played meanwhile by the page itself (a forced step) takes the list away.
                try:
                    moves.nth(0 if rng.random() < 0.6 else rng.randrange(count)).click(timeout=5000)
                except playwright_api.TimeoutError:
                    if seat.version() == before and moves.count():
                        raise
                    continue
            seat.page.wait_for_function(
                "v => Number(document.body.dataset.version) !== v", arg=before, timeout=15000
            )
            seat.snapshot()
            acted = True
        if not acted:
            time.sleep(0.03)


def stored_actions(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("select text from actions order by seq")]


def test_two_browsers_and_a_bot_play_banjooli_through_a_reload_and_a_crash(browser, tmp_path):
    db = tmp_path / "game.sqlite3"
    server = ServerProcess(f"sqlite:///{db}", workers=1).start()
    SHOTS.mkdir(parents=True, exist_ok=True)
    rng = random.Random(12)
    awa = Seat(browser, {"width": 1280, "height": 900})
    moussa = Seat(browser, {"width": 390, "height": 844})
    try:
        # Awa creates the table from the lobby: berries on, a friend and a bot.
        page = awa.page
        page.goto(server.url + "/")
        page.fill("#name", "Awa")
        page.fill("#players", "3")
        page.dispatch_event("#players", "change")
        page.check("#opt-berries")
        page.select_option("#seat-1", "open")
        page.select_option("#seat-2", "bot:heuristic")
        page.click("#create-submit")
        page.wait_for_url("**/t/*")
        table = page.url.rsplit("/", 1)[1]
        page.wait_for_selector("#setup-seats li[data-seat='1']")

        # Moussa finds it in the lobby and takes the free seat.
        other = moussa.page
        other.goto(server.url + "/")
        other.wait_for_selector("text=Awa's table")
        other.screenshot(path=str(SHOTS / "lobby-phone.png"), full_page=True)
        awa_lobby = awa.context.new_page()
        awa_lobby.goto(server.url + "/")
        awa_lobby.wait_for_selector("text=Awa's table")
        awa_lobby.screenshot(path=str(SHOTS / "lobby.png"), full_page=True)
        awa_lobby.close()
        other.click("text=Join")
        other.wait_for_selector("#sit-1")
        other.fill("#name-1", "Moussa")
        other.click("#sit-1")
        page.wait_for_selector("#start:not([disabled])")
        page.click("#start")
        page.wait_for_function("document.getElementById('private').textContent.includes('card')")

        # Play; mid-game Moussa reloads his page and keeps his seat and card.
        play_some([awa, moussa], rng, lambda: awa.version() > 60)
        card_before = other.locator("#private").inner_text()
        other.reload()
        other.wait_for_function("document.getElementById('private').textContent.includes('card')")
        assert other.locator("#private").inner_text() == card_before
        assert other.locator("#seats li[data-seat='1'] .tag").first.inner_text() == "you"

        # The server is killed with SIGKILL and restarted on the same database.
        play_some([awa, moussa], rng, lambda: awa.version() > 120)
        play_some([moussa], rng, lambda: awa.my_moves().count() > 0)  # Awa's turn on the picture
        page.evaluate(SETTLED)  # the picture shows the board at rest
        page.screenshot(path=str(SHOTS / "game.png"), full_page=True)
        seen = max(awa.version(), moussa.version())
        server.kill()
        committed = stored_actions(db)
        assert seen <= len(committed), "a client was told of an action the database did not hold"
        server.start()
        for seat in (awa, moussa):
            seat.page.wait_for_selector("#notice.hidden", state="attached", timeout=20000)
        assert awa.version() >= len(committed)

        play_some([awa, moussa], rng, lambda: awa.status() == "finished", limit=400)
        page.wait_for_selector("#end:not(.hidden)")
        other.wait_for_selector("#end:not(.hidden)")
        page.evaluate(SETTLED)  # the picture shows the board at rest
        page.screenshot(path=str(SHOTS / "end.png"), full_page=True)
        other.evaluate(SETTLED)  # the picture shows the board at rest
        other.screenshot(path=str(SHOTS / "end-phone.png"), full_page=True)
        assert "Winner" in page.locator("#end").inner_text()

        record = page.request.get(f"{server.url}/api/tables/{table}/record").text()
        assert json.loads(record)["actions"][: len(committed)] == committed, "an action was lost in the crash"
        path = tmp_path / "record.json"
        path.write_text(record)
        cli = subprocess.run([sys.executable, "-m", "savanna.cli", "replay", str(path)], capture_output=True, text=True)
        assert cli.returncode == 0, cli.stderr

        secrets = secrets_of(record)
        for seat_index, seat in enumerate((awa, moussa)):
            assert not seat.errors, seat.errors
            assert len(seat.frames) > 50 and len(seat.snapshots) > 10 and seat.board_clicks > 0
            for frame in seat.frames:
                leaks = check_message(secrets, seat_index, frame)
                assert not leaks, leaks
            for version, html in seat.snapshots:
                leaks = check_page(secrets, seat_index, version, html)
                assert not leaks, leaks

        # The replay page steps through the finished game.
        page.goto(f"{server.url}/t/{table}/replay")
        page.wait_for_selector("#at")
        # It opens on the first board where a player acts (after the set-up's chance outcomes).
        page.wait_for_function("/^Action [1-9]/.test(document.getElementById('at').textContent)")
        opening = int(page.locator("#at").inner_text().split()[1])
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.getElementById('at').textContent.startsWith('Action {opening + 1} ')")
        page.keyboard.press("Home")
        page.wait_for_function("document.getElementById('at').textContent.startsWith('Action 0 ')")
        page.click("#last")
        page.wait_for_selector("#end:not(.hidden)")
        assert not server.errors(), server.errors()
    finally:
        awa.context.close()
        moussa.context.close()
        server.stop()


def test_a_hyena_game_in_french_played_with_the_keyboard(browser, tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'fr.sqlite3'}", workers=0).start()
    seat = Seat(browser, {"width": 1100, "height": 850}, locale="fr-FR")
    page = seat.page
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("text=Créer une table")
        page.fill("#name", "Aminata")
        page.select_option("#game", "hyena")
        page.wait_for_selector("#seat-1")
        page.select_option("#seat-1", "bot:heuristic")
        page.click("#create-submit")
        page.wait_for_url("**/t/*")
        page.click("#start")
        page.wait_for_function("document.body.dataset.status === 'playing'")
        assert "Aide des règles" in page.locator("#help-open").inner_text()

        # A move the rules refuse, typed: refused to this player, in French, naming the rule.
        page.wait_for_selector("#moves-box:not(.hidden) #moves button")
        before = seat.version()
        page.fill("#typed-move", "pay")
        page.press("#typed-move", "Enter")
        page.wait_for_selector("#refusal:not(.hidden)")
        refusal = page.locator("#refusal").inner_text()
        assert refusal.startswith("Refusé") and ("règle" in refusal or "attendu" in refusal), refusal
        assert seat.version() == before

        page.click("#turn")  # out of the text field: keys now drive the page
        page.keyboard.press("?")
        assert page.locator("#help").is_visible()
        assert page.locator("#rules li").count() > 5
        page.keyboard.press("Escape")

        deadline = time.monotonic() + 240
        while seat.status() != "finished":
            assert time.monotonic() < deadline, "the Hyena game did not end"
            if seat.my_moves().count():
                before = seat.version()
                page.locator("body").press("1")
                page.wait_for_function("v => Number(document.body.dataset.version) !== v", arg=before, timeout=15000)
            else:
                time.sleep(0.03)
        page.wait_for_selector("#end:not(.hidden)")
        assert "Partie terminée" in page.locator("#turn").inner_text()
        page.evaluate(SETTLED)  # the picture shows the board at rest
        page.screenshot(path=str(SHOTS / "hyena-fr.png"), full_page=True)
        assert not seat.errors, seat.errors
    finally:
        seat.context.close()
        server.stop()


def test_names_and_titles_holding_html_or_script_are_shown_as_text(browser, tmp_path):
    """A table title and players' names written as HTML and script are shown literally in the
    lobby, at the table (a seat's page and a spectator's) and nothing of them runs."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'xss.sqlite3'}", workers=0).start()
    title = "<script>window.pwned=1</script>"
    names = ["<img src=x onerror=pwned=2>", "<svg onload=alert(3)>"]
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    dialogs: list[str] = []
    errors: list[str] = []
    try:
        made = json.loads(context.request.post(f"{server.url}/api/tables", data={
            "game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"], "title": title,
        }).text())
        tokens = [json.loads(context.request.post(f"{server.url}/api/tables/{made['id']}/join",
                                                  data={"seat": s, "name": n}).text())["token"]
                  for s, n in enumerate(names)]
        context.request.post(f"{server.url}/api/tables/{made['id']}/start",
                             headers={"authorization": f"Bearer {made['host_token']}"})
        def dismiss(dialog: Any) -> None:
            dialogs.append(dialog.message)
            dialog.dismiss()

        page = context.new_page()
        page.on("dialog", dismiss)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url + "/")
        page.wait_for_selector(f"text={title}")
        assert names[0] in page.locator("body").inner_text()
        watcher = context.new_page()
        watcher.on("dialog", dismiss)
        watcher.goto(f"{server.url}/t/{made['id']}")
        watcher.wait_for_function("document.body.dataset.status === 'playing'")
        page.evaluate("([id, token]) => localStorage.setItem(`savanna.seat.${id}`, token)", [made["id"], tokens[0]])
        page.goto(f"{server.url}/t/{made['id']}")
        page.wait_for_function("document.body.dataset.status === 'playing'")
        for shown in (page, watcher):
            text = shown.locator("body").inner_text()
            assert title in text and names[0] in text and names[1] in text
            assert shown.evaluate("typeof window.pwned") == "undefined"
            assert shown.locator("script:has-text('pwned'), img[onerror], svg[onload]").count() == 0
        assert not dialogs and not errors, (dialogs, errors)
    finally:
        context.close()
        server.stop()


def test_two_browsers_on_two_server_processes_see_each_others_moves(browser):
    """Awa's browser talks to process A, Moussa's to process B, both on one PostgreSQL
    database: every move one of them makes reaches the other's page through the other
    process (``LISTEN``/``NOTIFY``), and both pages end on the same game."""
    require_postgres()
    with fresh_postgres_database() as database:
        a = ServerProcess(database, workers=0).start()
        b = ServerProcess(database, workers=0).start()
        awa = Seat(browser, {"width": 1100, "height": 850})
        moussa = Seat(browser, {"width": 1100, "height": 850})
        try:
            request = awa.context.request
            made = json.loads(request.post(f"{a.url}/api/tables", data={
                "game": "hyena", "players": 2, "options": {"length": 30}, "seats": ["open", "open"],
                "title": "two processes"}).text())
            table = made["id"]
            tokens = [json.loads(request.post(f"{url}/api/tables/{table}/join", data={"seat": s, "name": n}).text())
                      ["token"] for s, (url, n) in enumerate(((a.url, "Awa"), (b.url, "Moussa")))]
            for seat, url, token in ((awa, a.url, tokens[0]), (moussa, b.url, tokens[1])):
                seat.page.goto(url + "/")
                seat.page.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [table, token])
                seat.page.goto(f"{url}/t/{table}")
            request.post(f"{b.url}/api/tables/{table}/start", headers={"authorization": f"Bearer {made['host_token']}"})
            for seat in (awa, moussa):
                seat.page.wait_for_function("document.body.dataset.status === 'playing'", timeout=20000)
            # Each page gets moves only once the other process's move reached it.
            rng = random.Random(4)
            try:
                play_some([awa, moussa], rng, lambda: min(awa.version(), moussa.version()) > 30, limit=180)
            except AssertionError as exc:  # say where each page and each process stood
                logs = [p.log_path.read_text(errors="replace")[-1500:] for p in (a, b)]
                raise AssertionError(f"{exc}: pages at versions {awa.version()} and {moussa.version()};"
                                     f" log of A: {logs[0]}; log of B: {logs[1]}") from None
            assert awa.snapshots and moussa.snapshots
            final = max(awa.version(), moussa.version())
            for seat in (awa, moussa):
                seat.page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=final,
                                            timeout=5000)
                assert not seat.errors, seat.errors
            shown = [json.loads(f)["version"] for f in moussa.frames if json.loads(f).get("type") == "view"]
            assert len(set(shown)) > 10
            assert not a.errors() and not b.errors(), a.errors() + b.errors()
        finally:
            awa.context.close()
            moussa.context.close()
            a.stop()
            b.stop()
