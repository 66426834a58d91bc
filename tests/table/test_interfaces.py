"""One game, two interfaces, one table: the terminal and the server play the same seeded
game (same seed, same moves typed or sent, bots included) and produce the same log for
every reader in both languages, the same audiences and the same record — every game."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from savanna.core import Record, registered_games
from savanna.table import Table, replay_checked
from savanna.tui.seat import parse_seats
from tests.tui.conftest import make_console

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from savanna.web import Settings, create_app  # noqa: E402
from tests.web.conftest import TEST_LIMITS, bearer  # noqa: E402

SEED = 20_261_201
SEATS = ["human", "human", "bot:heuristic"]


def choose(legal: list[int], index: int) -> int:
    """The person's move at action ``index``: a function of the position only."""
    return legal[(index * 7 + 3) % len(legal)]


def through_the_terminal(name: str, tmp_path: Path) -> tuple[Table, str, dict[int, dict[Any, list[str | None]]]]:
    """The game typed at one keyboard (two people taking turns, a bot); returns the table,
    the record written at the end and what each reader's log said at some versions."""
    from savanna.core import load_game
    from savanna.tui.session import PlaySession

    console = make_console()
    out = tmp_path / "terminal.json"
    holder: dict[str, PlaySession] = {}
    seen: dict[int, dict[Any, list[str | None]]] = {}

    def read(prompt: str) -> str:
        play = holder["play"]
        table = play.table
        if prompt.startswith("Pass the keyboard"):  # the hand-over: that seat's person types its number
            return str(table.to_act() + 1)
        if prompt.startswith("-- "):  # the end's pages: Enter shows the result
            return ""
        state = table.state
        if table.version % 11 == 0:
            seen[table.version] = {r: [line.text for line in table.log.lines(r, "fr")] for r in (None, 0, 1)}
        # the moves as every interface lists them (the browser's list below too)
        return state.action_to_text(choose(state.menu_order(state.legal_actions()), table.version))

    play = PlaySession(
        load_game(name, players=3), parse_seats(",".join(SEATS)), seed=SEED, console=console, read=read,
        out=out, flush=lambda: None,
    )  # fmt: skip
    holder["play"] = play
    outcome = play.run()
    assert outcome.finished, console.file.getvalue()[-2000:]  # type: ignore[attr-defined]
    return play.table, out.read_text(encoding="utf-8"), seen


def through_the_server(name: str, tmp_path: Path) -> tuple[Table, str, dict[int, dict[Any, list[str | None]]], list[dict[str, Any]]]:
    """The same game played over the REST API by two programs; returns the server's table,
    the published record, the readers' logs at the same versions and the final wire log."""
    settings = Settings(database=f"sqlite:///{tmp_path / 'server.sqlite3'}", limits=TEST_LIMITS)
    seen: dict[int, dict[Any, list[str | None]]] = {}
    with TestClient(create_app(settings)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.new_seed = lambda: SEED
        made = client.post(
            "/api/tables", json={"game": name, "players": 3, "seats": ["open", "open", "bot:heuristic"], "title": "x"}
        ).json()
        tokens = {}
        for seat, who in ((0, "Awa"), (1, "Moussa")):
            tokens[seat] = client.post(f"/api/tables/{made['id']}/join", json={"seat": seat, "name": who}).json()["token"]
        assert client.post(f"/api/tables/{made['id']}/start", headers=bearer(made["host_token"])).status_code == 200
        for _ in range(100_000):
            public = client.get(f"/api/tables/{made['id']}/view").json()
            if public["status"] == "finished":
                break
            seat = public["to_act"]
            if seat not in tokens:
                continue  # chance or the bot, played by the server
            mine = client.get(f"/api/tables/{made['id']}/view?lang=fr", headers=bearer(tokens[seat])).json()
            if mine["version"] != public["version"] or not mine["legal"]:
                continue
            version = mine["version"]
            if version % 11 == 0 and version not in seen:
                logs: dict[Any, list[str | None]] = {None: [e["text"] for e in client.get(f"/api/tables/{made['id']}/view?lang=fr").json()["log"]]}
                for reader in (0, 1):
                    got = client.get(f"/api/tables/{made['id']}/view?lang=fr", headers=bearer(tokens[reader])).json()
                    logs[reader] = [e["text"] for e in got["log"]]
                seen[version] = logs
            legal = [move["id"] for move in mine["legal"]]
            sent = client.post(
                f"/api/tables/{made['id']}/act", headers=bearer(tokens[seat]),
                json={"action": choose(legal, version), "version": version},
            )  # fmt: skip
            assert sent.status_code == 200, sent.text
        record = client.get(f"/api/tables/{made['id']}/record").text
        final_log = client.get(f"/api/tables/{made['id']}/view?lang=fr", headers=bearer(tokens[0])).json()["log"]
        return hub.tables[made["id"]].table, record, seen, final_log


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(registered_games()))
def test_the_terminal_and_the_server_play_the_same_table(name: str, tmp_path: Path) -> None:
    terminal, terminal_record, terminal_seen = through_the_terminal(name, tmp_path)
    server, server_record, server_seen, wire = through_the_server(name, tmp_path)
    # the records: byte for byte, and every die and bot move checks out
    assert terminal_record == server_record
    record = Record.from_json(server_record)
    assert record.seats == SEATS and record.bots == "position" and record.seed == SEED
    assert replay_checked(record)[1] > 0
    # the log: every entry, its audience, and its words for every reader in both languages
    assert len(terminal.log) == len(server.log) == len(record.actions)
    for mine, theirs in zip(terminal.log, server.log, strict=True):
        assert (mine.index, mine.actor, mine.text, mine.audience) == (theirs.index, theirs.actor, theirs.text, theirs.audience)
        for reader in (None, 0, 1, 2):
            for lang in ("en", "fr"):
                assert mine.words_for(reader, lang) == theirs.words_for(reader, lang)
    hidden = [e for e in terminal.log if not e.audience.everyone]
    assert bool(hidden) != terminal.game.spec.perfect_information  # a game with secrets has some
    # what each reader read during the game, and the whole log revealed at the end
    assert terminal_seen and terminal_seen == server_seen
    assert [e["text"] for e in wire] == [line.text for line in terminal.log.lines(0, "fr")]
