"""What a person sees at a table, read in Debian's Chromium: for every registered game and
both languages, the help's legend, the legend beside the drawing, phones (no sideways
scrolling, the turn and the moves on the first screen, fingers' room), motion, and the
small words (plurals, the spectator's banner, the replay's first board).

One real ``savanna serve`` process serves the whole module; every table has a person in
seat 1 (the browser) and bots in the other seats, so the page is shown on the person's turn.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from savanna.core import registered_games
from savanna.web.words import typeset
from tests.web.chromium import ARGS, CHROMIUM, require_chromium
from tests.web.conftest import ServerProcess

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.slow

GAMES = sorted(registered_games())
LANGS = ("en", "fr")
PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    running = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp('page') / 'page.sqlite3'}", workers=0).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require_chromium()
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=20) as answer:
        return dict(json.loads(answer.read()))


def new_table(server: ServerProcess, game: str, players: int | None = None, bot: str = "bot:heuristic",
              options: dict[str, Any] | None = None, start: bool = True) -> tuple[str, str]:
    """A table of ``game`` with a person in seat 1 and bots elsewhere: its id and the seat's token."""
    n = players or registered_games()[game].spec.min_players
    made = post(f"{server.url}/api/tables", {"game": game, "players": n, "options": options or {},
                                             "seats": ["open"] + [bot] * (n - 1), "title": f"{game} table"})
    token = post(f"{server.url}/api/tables/{made['id']}/join", {"seat": 0, "name": "Awa"})["token"]
    if start:
        post(f"{server.url}/api/tables/{made['id']}/start", {}, made["host_token"])
    return str(made["id"]), str(token)


class Page:
    """One browser context showing one table from seat 1 (or as a spectator without a token)."""

    def __init__(self, browser: Any, server: ServerProcess, table: str, token: str | None,
                 viewport: dict[str, int] = DESKTOP, lang: str = "en", **context: Any) -> None:
        self.context = browser.new_context(viewport=viewport, locale="fr-FR" if lang == "fr" else "en-GB", **context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.goto(server.url + "/static/style.css")
        self.page.evaluate("l => localStorage.setItem('savanna.lang', l)", lang)
        if token:
            self.page.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [table, token])
        self.page.goto(f"{server.url}/t/{table}")
        self.page.wait_for_function("document.body.dataset.status === 'playing' || document.body.dataset.status === 'finished'")

    def my_turn(self) -> None:
        self.page.wait_for_selector("#moves-box:not(.hidden) #moves button", timeout=20000)

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


@pytest.fixture(scope="module")
def tables(server: ServerProcess) -> dict[str, tuple[str, str]]:
    """One table of each game, playing, on seat 1's turn or about to be."""
    return {game: new_table(server, game) for game in GAMES}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_help_shows_every_symbol_of_the_legend_with_its_meaning(browser, server, tables, game, lang):
    """The help dialog's legend reads as the game's pairs, in the reader's language: each
    symbol in a <dt>, its meaning in the <dd> after it, and no "[object HTMLElement]"."""
    shown = Page(browser, server, *tables[game], lang=lang)
    try:
        page = shown.page
        page.click("#help-open")
        page.wait_for_selector("#help[open]")
        text = page.locator("#legend").inner_text()
        assert "[object" not in text and "HTMLElement" not in text, text
        expected = registered_games()[game](registered_games()[game].spec.min_players).legend(lang)
        assert expected, f"{game} has no legend"
        symbols = page.locator("#legend dt").all_inner_texts()
        meanings = page.locator("#legend dd").all_inner_texts()
        assert [s.strip() for s in symbols] == [s.strip() for s, _ in expected]
        assert [m.strip() for m in meanings] == [typeset(m, lang).strip() for _, m in expected]
    finally:
        shown.close()
