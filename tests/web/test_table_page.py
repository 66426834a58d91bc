"""What a person sees at a table, read in Debian's Chromium: for every registered game and
both languages, the help's legend, the legend beside the drawing, phones (no sideways
scrolling, the turn and the moves on the first screen, fingers' room), motion, and the
small words (plurals, the spectator's banner, the replay's first board).

One real ``savanna serve`` process serves the whole module; every table has a person in
seat 1 (the browser) and bots in the other seats, so the page is shown on the person's turn.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from savanna.core import registered_games
from savanna.web.words import typeset
from tests.web.chromium import SHOTS, launched_chromium
from tests.web.conftest import ServerProcess, sqlite_server

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.slow

GAMES = sorted(registered_games())
LANGS = ("en", "fr")
PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory, "page", workers=0)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium() as launched:
        yield launched


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


SETTLED = "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))"
"""Waits for the board's walks and rolls to end (a picture shows the board at rest)."""


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
    table, token = tables[game]
    shown = Page(browser, server, table, token, lang=lang)
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


def get(url: str, token: str | None = None) -> dict[str, Any]:
    request = urllib.request.Request(url, headers={"authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=20) as answer:
        return dict(json.loads(answer.read()))


def play_to_the_end(server: ServerProcess, table: str, token: str, limit: float = 120.0) -> None:
    """Seat 1 plays its first listed move over the REST API until the game is over."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        mine = get(f"{server.url}/api/tables/{table}/view", token)
        if mine["status"] == "finished":
            return
        if mine["legal"]:
            with contextlib.suppress(urllib.error.HTTPError):  # a stale version: look again
                post(f"{server.url}/api/tables/{table}/act",
                     {"action": mine["legal"][0]["id"], "version": mine["version"]}, token)
        else:
            time.sleep(0.01)
    raise AssertionError(f"table {table} did not finish")


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> dict[str, tuple[str, str]]:
    """One finished game of each game (seat 1 played its first move each time)."""
    out = {}
    for game in GAMES:
        table, token = new_table(server, game)
        play_to_the_end(server, table, token)
        out[game] = (table, token)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_legend_beside_the_drawing_names_each_shape_in_the_readers_language(browser, server, tables, game, lang):
    """Beside (or under) the board: one line per swatch of the game's drawing legend, its
    meaning in the reader's language, each with its little drawing; then what the page adds
    (blue: clickable, orange: selected)."""
    table, token = tables[game]
    shown = Page(browser, server, table, token, lang=lang)
    try:
        page = shown.page
        page.wait_for_selector("#key li")
        assert page.locator("#key-box").evaluate("d => d.open")
        lines = [line.strip() for line in page.locator("#key li .meaning").all_inner_texts()]
        expected = registered_games()[game](registered_games()[game].spec.min_players).drawing_legend(lang)
        assert lines[: len(expected)] == [typeset(meaning, lang) for _, meaning in expected]
        assert page.locator("#key li .swatch svg").count() == len(expected)
        # No meaning is squeezed into a narrow column beside a broad swatch (the five ostriches).
        widths = page.locator("#key li .meaning").evaluate_all("ms => ms.map((m) => m.getBoundingClientRect().width)")
        assert min(widths) >= 120, widths
        words = {"en": ("blue", "orange", "last move"), "fr": ("bleu", "orange", "dernier coup")}[lang]
        for word, line in zip(words, lines[len(expected):], strict=True):
            assert word in line, line
        # The legend is on the first screen with the board, beside it or under it.
        board = page.locator("#board").bounding_box()
        key = page.locator("#key-box").bounding_box()
        assert board and key and key["y"] < DESKTOP["height"]
        assert key["x"] >= board["x"] + board["width"] - 1 or key["y"] >= board["y"] + board["height"] - 1
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate(SETTLED)
        page.screenshot(path=str(SHOTS / f"{game}-table-{lang}.png"))
    finally:
        shown.close()


FITS = """() => {
  const root = document.documentElement;
  return { scroll: root.scrollWidth, inner: window.innerWidth };
}"""

SMALL_TARGETS = """() => {
  // Every control a finger may need, at least 44 px each way (a checkbox: its label). The
  // drawing's own clickable parts are a second way to choose what the list of moves offers.
  const out = [];
  const visible = (n) => n.offsetParent !== null && getComputedStyle(n).visibility !== "hidden";
  for (const node of document.querySelectorAll("button, a, input, select, summary")) {
    if (!visible(node) || node.closest("dialog:not([open])")) continue;
    const box = (node.type === "checkbox" || node.type === "radio") ? node.closest("label") : node;
    const r = box.getBoundingClientRect();
    if (r.height < 44 || r.width < 44) out.push(`${node.tagName}#${node.id || ""}.${node.className || ""} ${Math.round(r.width)}x${Math.round(r.height)} "${(node.textContent || "").trim().slice(0, 30)}"`);
  }
  return out;
}"""


def check_phone_page(page: Any, what: str) -> None:
    fits = page.evaluate(FITS)
    assert fits["scroll"] <= fits["inner"], f"{what}: {fits['scroll']} px wide in {fits['inner']}"
    small = page.evaluate(SMALL_TARGETS)
    assert not small, f"{what}: {len(small)} controls under 44 px: {small[:6]}"


def on_first_screen(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).first.evaluate(
        "n => { const r = n.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"))


@pytest.mark.parametrize("phone", PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def test_phones_every_page_fits_with_the_turn_and_the_moves_on_the_first_screen(browser, server, tables, finished, phone):
    """At 360x740 and 390x844, the lobby, a table waiting for its players, "my tables", each
    game's table, its end and its replay: nothing wider than the screen, every control at least 44 px, and at a table the turn banner and
    the first move on the first screen, the text board folded."""
    lang = "fr" if phone["width"] == 360 else "en"
    context = browser.new_context(viewport=phone, locale="fr-FR" if lang == "fr" else "en-GB", has_touch=True, is_mobile=True)
    try:
        lobby = context.new_page()
        lobby.goto(server.url + "/")
        lobby.wait_for_selector("#create-submit")
        lobby.wait_for_selector("#tables table")
        check_phone_page(lobby, "lobby")
        # a table waiting for its players (its seats, the link to share), then "my tables"
        waiting, seat = new_table(server, "river-race", players=3, start=False)
        lobby.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [waiting, seat])
        lobby.goto(f"{server.url}/t/{waiting}")
        lobby.wait_for_selector("#setup:not(.hidden) #setup-seats li")
        check_phone_page(lobby, "table waiting for players")
        lobby.goto(server.url + "/me")
        lobby.wait_for_selector(f'a[href$="/t/{waiting}"]')
        check_phone_page(lobby, "my tables")
    finally:
        context.close()
    for game in GAMES:
        table, token = tables[game]
        shown = Page(browser, server, table, token, viewport=phone, lang=lang, has_touch=True, is_mobile=True)
        try:
            shown.my_turn()
            check_phone_page(shown.page, f"{game} table")
            assert on_first_screen(shown.page, "#turn"), f"{game}: the turn banner is below the first screen"
            assert on_first_screen(shown.page, "#moves button"), f"{game}: no move on the first screen"
            assert not shown.page.locator("#text-box").evaluate("d => d.open"), "the text board is folded on a phone"
            assert shown.page.title().startswith("● " + ("À vous" if lang == "fr" else "Your turn")), shown.page.title()
            SHOTS.mkdir(parents=True, exist_ok=True)
            shown.page.evaluate(SETTLED)
            shown.page.screenshot(path=str(SHOTS / f"{game}-phone-{phone['width']}.png"))
        finally:
            shown.close()
        table, token = finished[game]
        ended = Page(browser, server, table, token, viewport=phone, lang=lang, has_touch=True, is_mobile=True)
        try:
            ended.page.wait_for_selector("#end:not(.hidden)")
            check_phone_page(ended.page, f"{game} end")
            # who won, on the first screen (above the board, not under it)
            assert on_first_screen(ended.page, "#end h2"), f"{game}: the result is below the first screen"
            ended.page.goto(f"{server.url}/t/{finished[game][0]}/replay")
            ended.page.wait_for_selector("#board svg")
            check_phone_page(ended.page, f"{game} replay")
            # the replay's drawing says its lines of words as the table does: readable
            sizes = ended.page.evaluate(READ_SIZES)
            assert all(w["px"] >= 12 for w in sizes["drawn"] if w["info"]), (game, sizes)
            assert all(w["px"] >= 12 for w in sizes["shown"]), (game, sizes)
            assert not ended.page.locator("#text-box").evaluate("d => d.open"), "the text board is folded on a phone"
            if game == "river-race" and phone["width"] == 360:  # its map's lines move under it
                assert [w["text"] for w in sizes["shown"]] == sizes["lines"] and sizes["lines"], sizes
        finally:
            ended.close()


READ_SIZES = """() => {
  const svg = document.querySelector("#board svg");
  const vb = svg.viewBox.baseVal;
  const scale = svg.getBoundingClientRect().width / vb.width;
  const px = (n) => parseFloat(getComputedStyle(n).fontSize);
  const drawn = [...svg.querySelectorAll("text")].filter((n) => n.getAttribute("display") !== "none")
    .map((n) => ({ text: n.textContent.trim(), px: px(n) * scale, info: n.hasAttribute("data-info") }));
  const shown = [...document.querySelectorAll("#board-info:not(.hidden) li")]
    .map((n) => ({ text: n.textContent.trim(), px: px(n), height: n.getBoundingClientRect().height }));
  return { drawn, shown, lines: [...svg.querySelectorAll("[data-info]")].map((n) => n.textContent.trim()) };
}"""
"""The words of the board as a person reads them: each word of the drawing still shown (its
size on screen, in px), the information lines shown under it instead, the drawing's lines."""


@pytest.mark.parametrize("game", GAMES)
def test_on_a_360_px_phone_the_boards_sentences_read_at_12_px_or_more(browser, server, tables, game):
    """At 360x740 the River Race's map is drawn at about a third of its size: its lines of
    words (gold, cards, status) would be 5 px tall. The page shows a drawing's lines
    (``data-info``) under it as its own text instead when they would read under 12 px, and
    every sentence left in the drawing is 12 px or more (the Hyena's spiral keeps its lines:
    about 12.7 px); nothing overflows. On a computer the lines stay in the drawing."""
    phone = {"width": 360, "height": 740}
    table, token = tables[game]
    shown = Page(browser, server, table, token, viewport=phone, lang="fr", has_touch=True, is_mobile=True)
    try:
        shown.my_turn()
        check_phone_page(shown.page, f"{game} table")
        sizes = shown.page.evaluate(READ_SIZES)
        sentences = [w for w in sizes["drawn"] if len(w["text"].split()) >= 3]
        assert all(w["px"] >= 12 for w in sentences), [w for w in sentences if w["px"] < 12]
        if sizes["shown"]:  # moved under the drawing, all of them, in order
            assert [w["text"] for w in sizes["shown"]] == sizes["lines"], sizes
            assert all(w["px"] >= 12 and w["height"] >= 12 for w in sizes["shown"]), sizes["shown"]
            assert not any(w["info"] for w in sizes["drawn"]), sizes
        else:  # or readable where they are
            assert all(w["px"] >= 12 for w in sizes["drawn"] if w["info"]), sizes
        if game == "river-race":  # its map is the widest: its lines move
            assert len(sizes["shown"]) == 3, sizes
        # "Zoom in" (offered where the drawing's smallest words would be under 10 px): the
        # drawing at its own size, scrolled sideways in its frame, every word of it (a pawn's
        # name) 12 px or more; "whole board" again.
        zoom = shown.page.locator("#zoom")
        if game != "hyena":  # (the spiral's words read at 12 px; its pieces' numbers at 9)
            assert zoom.is_visible(), game
        if zoom.is_visible():
            zoom.click()
            check_phone_page(shown.page, f"{game} table, zoomed")
            zoomed = shown.page.evaluate(READ_SIZES)
            assert all(w["px"] >= 12 for w in zoomed["drawn"]), [w for w in zoomed["drawn"] if w["px"] < 12]
            assert zoomed["shown"] == [], zoomed  # the lines are back in the drawing
            assert zoom.get_attribute("aria-pressed") == "true"
            SHOTS.mkdir(parents=True, exist_ok=True)
            shown.page.locator("#board").scroll_into_view_if_needed()
            shown.page.screenshot(path=str(SHOTS / f"{game}-phone-360-zoomed.png"))
            zoom.click()
            assert shown.page.evaluate(READ_SIZES)["shown"] == sizes["shown"]
    finally:
        shown.close()
    wide = Page(browser, server, table, token)
    try:
        wide.my_turn()
        sizes = wide.page.evaluate(READ_SIZES)
        assert sizes["shown"] == [] and all(w["px"] >= 12 for w in sizes["drawn"] if w["info"]), sizes
        assert not wide.page.locator("#zoom").is_visible()  # a computer shows the board large enough
    finally:
        wide.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_small_words_spectators_one_game_over_numbers_icons_and_the_replays_first_board(
        browser, server, tables, finished, game):
    """A spectator is told they watch; the end says "Game over" once; the log's numbers run
    without a gap; the replay opens on a board where the first player acts, its buttons
    drawn as inline SVG; the rules help starts with the set-up and ends with the end."""
    watcher = Page(browser, server, tables[game][0], None)
    try:
        watcher.page.wait_for_selector("#banner:not(.hidden)")
        assert "You are watching" in watcher.page.locator("#banner").inner_text()
        help_rules = watcher.page.evaluate("[...document.querySelectorAll('#rules li code')].map(c => c.textContent)")
        heads = [rule.split("/")[-1].split(".")[0] for rule in help_rules]
        assert heads[0] == "setup" and heads.index("setup") < min(
            (i for i, h in enumerate(heads) if h not in ("setup",)), default=0)
        assert "setup" not in heads[heads.index(next(h for h in heads if h != "setup")):]
        assert heads[-1] in ("end", "score") and "end" in heads, heads  # and the end comes last
    finally:
        watcher.close()
    ended = Page(browser, server, *finished[game])
    try:
        page = ended.page
        page.wait_for_selector("#end:not(.hidden)")
        # The page's own words (the game's drawings may say how the game ended, in their words).
        words = page.locator("header").inner_text() + page.locator("#now").inner_text() + page.locator(".side").inner_text()
        assert words.count("Game over") == 1, words
        numbers = page.evaluate("[...document.querySelectorAll('#log li')].map(li => li.value)")
        assert numbers == list(range(1, len(numbers) + 1))
        page.goto(f"{server.url}/t/{finished[game][0]}/replay")
        page.wait_for_selector("#board svg")
        page.wait_for_function("!document.getElementById('at').textContent.includes(' 0 ')")
        first_actor = get(f"{server.url}/api/tables/{finished[game][0]}/replay?step=0")["log"]
        opening = next(i for i, entry in enumerate(first_actor) if entry["actor"] >= 0)
        assert page.locator("#at").inner_text().startswith(f"Action {opening} ")
        assert page.locator(".replaybar button svg.icon").count() == 4
        text = page.locator("body").inner_text()
        assert not any(glyph in text for glyph in "⏮⏭◀▶"), text[:200]
        numbers = page.evaluate("[...document.querySelectorAll('#log li')].map(li => li.value)")
        assert numbers == list(range(1, len(numbers) + 1))
    finally:
        ended.close()


def test_the_lobby_words_every_option_and_value_in_french(browser, server):
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#opt-special")
        form = page.locator("#create").inner_text()
        for word in ("Tuiles", "Tuile spéciale", "Baies", "Premier joueur"):
            assert word in form, word
        values = page.locator("#opt-special option").all_inner_texts()
        assert values[0] == "aucune" and "none" not in values
        assert page.locator("#opt-first option").all_inner_texts() == ["tiré au sort", "le joueur 1"]
        page.select_option("#game", "hyena")
        page.wait_for_selector("#opt-rules")
        assert "Règles" in page.locator("#create").inner_text()
        assert "trois bâtonnets (variante 2)" in page.locator("#opt-rules option").all_inner_texts()
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "one", "two"), [("en", "1 seat free", "2 seats free"),
                                                  ("fr", "1 place libre", "2 places libres")])
def test_the_lobby_counts_free_seats_with_the_right_plural(browser, server, lang, one, two):
    """The page says a count as the catalogue's {n:@singular|plural} asks, by CLDR's rules
    for the reader's language (Intl.PluralRules): never "seat(s)"."""
    titles = {free: f"{free} free ({lang})" for free in (1, 2)}
    for free, title in titles.items():
        made = post(f"{server.url}/api/tables", {"game": "banjooli", "players": free + 1, "options": {},
                                                 "seats": ["open"] * (free + 1), "title": title})
        post(f"{server.url}/api/tables/{made['id']}/join", {"seat": 0, "name": "Awa"})
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR" if lang == "fr" else "en-GB")
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#tables table")
        page.wait_for_selector(f"#tables tr:has-text('{titles[2]}')")
        rows = {free: page.locator("#tables tr", has_text=title).inner_text() for free, title in titles.items()}
        assert one in rows[1] and two in rows[2], rows
        assert "(s)" not in page.locator("#tables").inner_text()
    finally:
        context.close()


@pytest.mark.parametrize("phone", PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def test_the_lobby_s_list_of_tables_fits_a_phone_with_a_full_table_of_long_names(browser, server, phone):
    """A five-seat table of long names, bots and a free seat, with Join and Watch: on a phone
    each table of the list is read top to bottom, nothing wider than the screen."""
    made = post(f"{server.url}/api/tables", {"game": "banjooli", "players": 5, "options": {},
                                             "seats": ["open", "open", "bot:heuristic", "bot:random", "bot:heuristic"],
                                             "title": "Mariama Ndiaye-Diallo's long evening table"})
    post(f"{server.url}/api/tables/{made['id']}/join", {"seat": 0, "name": "Mariama Ndiaye-Diallo"})
    context = browser.new_context(viewport=phone, locale="en-GB", has_touch=True)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#tables tr:has-text('long evening table')")
        check_phone_page(page, "lobby with a five-seat table")
    finally:
        context.close()


def test_counts_take_the_right_plural_in_both_languages():
    hyena = registered_games()["hyena"].catalogue
    assert hyena.text("action.move", "fr", value=1) == "avancer de 1 trou"
    assert hyena.text("action.move", "en", value=1) == "move 1 hole"
    assert hyena.text("action.move", "fr", value=3) == "avancer de 3 trous"
    entry = hyena.text("wording.table.entry", "fr", white=1, what="x")  # "1 blanc : x" (French colon)
    assert entry.startswith("1 blanc") and "blancs" not in entry, entry
    assert hyena.text("action.bank", "en", value=1) == "bank 1 taba"
    river = registered_games()["river-race"].catalogue
    assert "accepts to pay" not in river.text("describe.accept_offer", "en", price=6, target="2a")
    banjooli = registered_games()["banjooli"].catalogue
    assert banjooli.text("action.reroll_one", "en", dice="1") == "reroll die 1"


RECORD_WALKS = """() => { window.__walks = []; window.__flights = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    if (this.closest && this.closest("#board")) window.__walks.push(frames.map((f) => f.transform));
    if (this.classList.contains("flying")) window.__flights.push({ kind: this.dataset.kind, to: this.dataset.to,
      text: this.textContent, back: this.classList.contains("back"), token: this.className });
    return animate.call(this, frames, options);
  }; }"""
"""Every animation started on the board, as its list of keyframes' transforms, and every
token sent to its owner (its kind, where it goes, what it shows)."""

OWNED = {"banjooli": "berries", "hyena": "tabas", "river-race": "gold"}
"""What each game sends to its owner that a short game against a bot always shows."""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("game", GAMES)
def test_pieces_walk_space_by_space_unless_motion_is_reduced_and_each_last_move_stays_outlined(
    browser, server, game, motion
):
    """A game against a bot, played with the keyboard: a piece that moves (the bot's
    included) walks the track through the spaces between where it stood and where it stops
    (its animation's keyframes: more than a start and an end, each a different place; the
    Hyena's spiral and the River Race's map, whose Banjooli steps are one action each), and
    what a seat gains flies to that seat's line (OWNED: berries, tabas, gold; a River Race
    card drawn shows its price only on its holder's page, a card's back elsewhere); none under
    ``prefers-reduced-motion``; the bot's last move and the player's own stay outlined,
    marked with who made them."""
    chosen: dict[str, dict[str, Any]] = {"hyena": {"first": "seat1"}, "banjooli": {"berries": True}}
    options = chosen.get(game, {})
    table, token = new_table(server, game, options=options)
    shown = Page(browser, server, table, token, reduced_motion=motion)
    try:
        page = shown.page
        page.evaluate(RECORD_WALKS)
        deadline = time.monotonic() + 100

        def walked() -> list[list[str]]:
            return [w for w in page.evaluate("window.__walks") if len(w) > 2 and len(set(w)) == len(w)]

        def flown() -> list[dict[str, Any]]:
            return [f for f in page.evaluate("window.__flights") if f["kind"] == OWNED[game]]

        def enough() -> bool:
            return {"0", "1"} <= seen and (game == "banjooli" or len(walked()) > 1) and bool(flown())

        seen: set[str] = set()
        while time.monotonic() < deadline and not enough() and page.evaluate("document.body.dataset.status") == "playing":
            if page.locator("#moves-box:not(.hidden) #moves button").count():
                before = int(page.evaluate("document.body.dataset.version"))
                # Move a piece (not Banjooli's bank): the first such move in id order, not the
                # list's (whose likeliest Banjooli moves end the race before a berry is won).
                listed = page.locator("#moves button").evaluate_all(
                    "bs => bs.map(b => [b.dataset.action, Number(b.dataset.id)])")
                moving = sorted((move_id, i) for i, (key, move_id) in enumerate(listed) if key != "bank")
                walk = moving[0][1] if moving else 0
                if walk < 9:
                    page.locator("body").press(str(walk + 1))
                else:
                    page.locator("#moves button").nth(walk).click()
                page.wait_for_function("v => Number(document.body.dataset.version) !== v", arg=before)
            else:
                page.wait_for_timeout(30)
            seen |= set(page.evaluate("[...document.querySelectorAll('#board .last')].map(n => n.dataset.lastBy)"))
            if motion == "reduce" and {"0", "1"} <= seen and time.monotonic() > deadline - 70:
                break
        assert {"0", "1"} <= seen, f"last moves outlined for seats {seen}"
        walks = page.evaluate("window.__walks")
        flights = page.evaluate("window.__flights")
        if motion == "reduce":
            assert walks == [] and flights == [], (walks, flights)
            return
        if game != "banjooli":
            assert len(walked()) > 1, walks
        assert flown(), flights
        for flight in flights:
            if flight["kind"] in ("gold", "tabas"):  # a coin says how much
                assert int(flight["text"]) > 0, flight
            if flight["kind"] == "cards" and flight["to"] != "seat:0":  # never another seat's price
                assert flight["back"] and flight["text"] == "", flight
            if flight["to"].startswith("seat:"):
                assert flight["to"] in ("seat:0", "seat:1"), flight
    finally:
        shown.close()


STEPS = """() => { window.__steps = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    if (this.closest && this.closest("#board") && this.dataset && this.dataset.target) {
      const b = this.getBBox();
      const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
      window.__steps.push({ key: this.dataset.target, at: Number(document.body.dataset.version),
        points: frames.map((f) => { const m = /translate\\(([-\\d.e]+)px, ([-\\d.e]+)px\\)/.exec(f.transform);
          return m ? [x + Number(m[1]), y + Number(m[2])] : [x, y]; }) });
    }
    return animate.call(this, frames, options);
  }; }"""
"""Every walk on the board: the piece, the version it was drawn at, the points it passes
(the drawing's units)."""

CENTRES = """(keys) => keys.map((k) => { const n = document.querySelector(`#board [data-target="${k}"]`);
  if (!n) return null; const b = n.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; }).filter(Boolean)"""

MY_TURN = """() => { const S = window.savannaTable; return Boolean(S && S.view) && (S.view.status !== "playing"
  || (S.view.legal.length > 0 && document.body.dataset.auto !== "1")); }"""


def near_each(page: Any, points: list[list[float]], spaces: list[str]) -> bool:
    """Whether the walk's points between its first and last are, in order, beside the
    centres of ``spaces`` (those drawn), one point a space."""
    centres = page.evaluate(CENTRES, spaces)
    inner = points[1:-1]
    return len(inner) == len(centres) > 0 and all(
        abs(px - cx) <= 16 and abs(py - cy) <= 16 for (px, py), (cx, cy) in zip(inner, centres, strict=True))


def seat_page_through(context: Any, server: ServerProcess, table: str, token: str, between: Any,
                      errors: list[str]) -> Any:
    """Seat 1's page of ``table``, its websocket routed through ``between`` (the test in the
    middle), once the game is on; its page errors go to ``errors``."""
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route_web_socket(lambda url: "/ws/tables/" in url, between)
    page.goto(server.url + "/static/style.css")
    page.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [table, token])
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_function("document.body.dataset.status === 'playing'")
    return page


def test_a_pawn_walks_the_way_the_server_says_its_move_went_not_the_drawings_shortest(browser, tmp_path):
    """River Race in a seeded game (``--table-seeds``): each move of seat 1 walks through the
    spaces the server's log says it passed (its branch at a fork), one keyframe a space. At
    the first fork the page is told (by a websocket in between) that the pawn went by
    another branch's spaces: it walks those, not the drawing's shortest way to where it
    stops: the page follows the server's way and guesses nothing."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'walk.sqlite3'}", workers=0,
                           flags=(*ServerProcess("").flags, "--table-seeds", "2026")).start()
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    errors: list[str] = []
    told: dict[str, Any] = {}

    def between(ws: Any) -> None:  # the page's websocket, through the test
        upstream = ws.connect_to_server()

        def down(message: str | bytes) -> None:
            if told and isinstance(message, str) and not told.get("done"):
                data = json.loads(message)
                for entry in data.get("log", []) if data.get("type") == "view" else []:
                    if entry.get("actor") == 0 and entry.get("walk", [None])[0] == told["walk"][0]:
                        entry["walk"], told["done"] = told["walk"], True
                message = json.dumps(data)
            ws.send(message)

        upstream.on_message(down)

    try:
        table, token = new_table(server, "river-race", bot="bot:random", options={"first": "seat1"})
        page = seat_page_through(context, server, table, token, between, errors)
        page.evaluate(STEPS)
        honest = 0
        deadline = time.monotonic() + 90
        while not told.get("checked"):
            assert time.monotonic() < deadline, f"no fork reached ({honest} moves walked)"
            page.wait_for_function(MY_TURN, timeout=30000)
            assert page.evaluate("window.savannaTable.view.status") == "playing", "the game ended before a fork"
            legal = [m for m in page.evaluate("window.savannaTable.view.legal") if m["walk"]]
            if not legal:
                page.locator("#moves button").first.click()  # roll, council: no pawn walks
                page.wait_for_function(f"Number(document.body.dataset.version) > {page.evaluate('Number(document.body.dataset.version)')}")
                continue
            # A fork: one pawn, two ways through different spaces.
            pair = next(((a, b) for a in legal for b in legal if a["walk"][0] == b["walk"][0]
                         and set(b["walk"][2:-1]) - set(a["walk"][1:])), None)
            move = pair[0] if pair else max(legal, key=lambda m: len(m["walk"]))
            if pair:
                told["walk"] = [move["walk"][0], move["walk"][1], *pair[1]["walk"][2:-1], move["walk"][-1]]
            before = page.evaluate("Number(document.body.dataset.version)")
            page.locator(f'#moves button[data-id="{move["id"]}"]').click()
            page.wait_for_function(
                "([k, v]) => window.__steps.some((s) => s.key === k && s.at > v)", arg=[move["walk"][0], before])
            step = next(s for s in page.evaluate("window.__steps") if s["key"] == move["walk"][0] and s["at"] > before)
            if pair:
                assert told.get("done"), "the page was not told the other way"
                assert near_each(page, step["points"], told["walk"][2:-1]), (step, told)
                told["checked"] = True
            else:
                sent = next(e["walk"] for e in reversed(page.evaluate("window.savannaTable.log"))
                            if e.get("walk") and e["actor"] == 0)
                assert sent == move["walk"], (sent, move)  # the server says the way the move went
                if len(sent) > 3:
                    assert near_each(page, step["points"], sent[2:-1]), (step, sent)
                    honest += 1
        assert honest, "no move of more than one space walked before the fork"
        assert not errors, errors
    finally:
        context.close()
        server.stop()


def test_a_step_that_plays_itself_and_is_lost_with_the_connection_is_sent_again(browser, tmp_path):
    """Banjooli: a forced step plays itself. The first time it is sent, a websocket in between
    drops it and cuts the connection (as a server killed before reading it would): the page
    reconnects, is shown the same board again, and sends the step again; the game goes on."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'lost.sqlite3'}", workers=0).start()
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    errors: list[str] = []
    seen: dict[str, Any] = {"forced": None, "dropped": None, "connections": 0}

    def between(ws: Any) -> None:  # the page's websocket, through the test
        seen["connections"] += 1
        upstream = ws.connect_to_server()

        def down(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "view":
                seen["forced"] = (data["version"], data["legal"][0]["id"]) if data.get("forced") else None
            ws.send(message)

        def up(message: str | bytes) -> None:
            data = json.loads(message)
            forced = seen["forced"]
            if (data.get("type") == "act" and seen["dropped"] is None and forced
                    and (data["version"], data["action"]) == forced):
                seen["dropped"] = forced
                ws.close()
                return
            upstream.send(message)

        upstream.on_message(down)
        ws.on_message(up)

    try:
        table, token = new_table(server, "banjooli", bot="bot:random")
        page = seat_page_through(context, server, table, token, between, errors)
        deadline = time.monotonic() + 90
        while seen["dropped"] is None:
            assert time.monotonic() < deadline, "no forced step came"
            page.wait_for_function(f"({MY_TURN})() || document.body.dataset.auto === '1'", timeout=30000)
            assert page.evaluate("window.savannaTable.view.status") == "playing", "the game ended before a forced step"
            if page.evaluate("document.body.dataset.auto") == "1":
                time.sleep(0.2)  # the page plays it itself
                continue
            before = page.evaluate("Number(document.body.dataset.version)")
            page.locator("#moves button").first.click()
            page.wait_for_function(f"Number(document.body.dataset.version) > {before}", timeout=15000)
        version = seen["dropped"][0]
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}", timeout=20000)
        assert seen["connections"] >= 2
        assert not errors, errors
    finally:
        context.close()
        server.stop()


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on ``page`` (Deque's engine, as shipped by
    the ``axe-playwright-python`` package, run in this Chromium)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
            for v in found if v["impact"] in ("serious", "critical")]


def test_axe_finds_nothing_serious_on_the_lobby_each_table_its_end_and_its_replay(browser, server, tables, finished):
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#create-submit")
        assert not (found := serious_violations(page)), ("lobby", found)
    finally:
        context.close()
    for game in GAMES:
        shown = Page(browser, server, *tables[game])
        try:
            shown.my_turn()
            assert not (found := serious_violations(shown.page)), (f"{game} table", found)
        finally:
            shown.close()
        ended = Page(browser, server, *finished[game])
        try:
            ended.page.wait_for_selector("#end:not(.hidden)")
            assert not (found := serious_violations(ended.page)), (f"{game} end", found)
            ended.page.goto(f"{server.url}/t/{finished[game][0]}/replay")
            ended.page.wait_for_selector("#board svg")
            assert not (found := serious_violations(ended.page)), (f"{game} replay", found)
        finally:
            ended.close()
