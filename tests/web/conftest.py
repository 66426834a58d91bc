"""Fixtures of the web server tests: databases (SQLite and a real PostgreSQL), an in-process
app, a real ``savanna serve`` process, and helpers that play through the REST API.

PostgreSQL: ``.ci/postgres`` starts a throwaway cluster and prints its URL; the tests read it
from ``SAVANNA_TEST_POSTGRES``. CI always sets it (a PostgreSQL test then fails if the
server is unreachable); on a machine without it the PostgreSQL variants are skipped, saying
so.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from savanna.web import Limits, Settings, create_app  # noqa: E402

TEST_LIMITS = Limits(
    bot_pace_seconds=0.0,
    bot_workers=0,
    min_grace_seconds=0,
    grace_seconds=30,
    # Every test client comes from one address: the per-client caps are tested on their own.
    max_connections_per_client=10_000,
    max_open_tables_per_client=10_000,
    max_playing_tables_per_client=10_000,
    max_http_connections_per_client=10_000,
    requests_per_second=10_000.0,
    request_burst=10_000,
    coach_workers=0,
    coach_questions=1000,
    coach_per_client=1000,
)


def postgres_admin_url() -> str | None:
    """The throwaway cluster's URL, or ``None`` when this machine has none configured."""
    return os.environ.get("SAVANNA_TEST_POSTGRES") or None


def require_postgres() -> None:
    """Skip a PostgreSQL test on a machine with no cluster configured; fail it under CI."""
    if postgres_admin_url() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must test on PostgreSQL: .ci/run exports SAVANNA_TEST_POSTGRES")
        pytest.skip("SAVANNA_TEST_POSTGRES is not set (run .ci/postgres; CI always sets it)")


@contextlib.contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test; dropped afterwards."""
    import psycopg

    admin = postgres_admin_url()
    assert admin is not None
    plain = admin.replace("postgresql+psycopg://", "postgresql://")
    name = "savanna_test_" + secrets.token_hex(6)
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def shared_database() -> Iterator[str]:
    """A fresh PostgreSQL database that several server processes share in one test."""
    require_postgres()
    with fresh_postgres_database() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database URL: a SQLite file, then a real PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'server.sqlite3'}"
        return
    require_postgres()
    with fresh_postgres_database() as url:
        yield url


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """The app in this process, on a fresh database, bots instant, as a test client."""
    with TestClient(create_app(Settings(database=database, limits=TEST_LIMITS))) as test_client:
        yield test_client


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file (tests that need no second database)."""
    settings = Settings(database=f"sqlite:///{tmp_path / 'server.sqlite3'}", limits=TEST_LIMITS)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@dataclass
class Table:
    """A table set up through the API, with the tokens its creator and players hold."""

    id: str
    host: str
    tokens: dict[int, str] = field(default_factory=dict)


def make_table(
    client: TestClient,
    game: str = "banjooli",
    seats: list[str] | None = None,
    options: dict[str, Any] | None = None,
    names: list[str] | None = None,
    start: bool = True,
    grace: int | None = None,
    coach: bool | None = None,
) -> Table:
    """Create a table, seat a person in every open seat, and start it."""
    seats = seats or ["open", "open", "bot:heuristic"]
    body: dict[str, Any] = {"game": game, "players": len(seats), "options": options or {}, "seats": seats, "title": "t"}
    if grace is not None:
        body["grace"] = grace
    if coach is not None:
        body["coach"] = coach
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    table = Table(made.json()["id"], made.json()["host_token"])
    people = iter(names or ["Awa", "Moussa", "Fatou", "Idrissa", "Khady"])
    for seat, kind in enumerate(seats):
        if kind == "open":
            name = next(people, None)
            if name is None:
                continue
            joined = client.post(f"/api/tables/{table.id}/join", json={"seat": seat, "name": name})
            assert joined.status_code == 200, joined.text
            table.tokens[seat] = joined.json()["token"]
    if start:
        started = client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
        assert started.status_code == 200, started.text
    return table


def view(client: TestClient, table: Table, seat: int | None, lang: str = "en") -> dict[str, Any]:
    headers = bearer(table.tokens[seat]) if seat is not None else {}
    got = client.get(f"/api/tables/{table.id}/view?lang={lang}", headers=headers)
    assert got.status_code == 200, got.text
    return got.json()


def wait_for(predicate: Any, timeout: float = 30.0, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def play_out(client: TestClient, table: Table, pick: Any = None, limit: int = 5000) -> dict[str, Any]:
    """Play every person's seat with ``pick(legal)`` (default: the first move) to the end."""
    for _ in range(limit):
        public = view(client, table, None)
        if public["status"] == "finished":
            return public
        seat = public["to_act"]
        if isinstance(seat, int) and seat in table.tokens:
            mine = view(client, table, seat)
            if mine["legal"] and mine["version"] == public["version"]:
                move = pick(mine["legal"]) if pick else mine["legal"][0]
                done = client.post(
                    f"/api/tables/{table.id}/act",
                    headers=bearer(table.tokens[seat]),
                    json={"action": move["id"], "version": mine["version"]},
                )
                assert done.status_code in (200, 409), done.text
                continue
        time.sleep(0.005)
    raise AssertionError("the game did not finish")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """A real ``savanna serve`` process on 127.0.0.1 (killable, restartable on the same port)."""

    def __init__(
        self,
        database: str,
        port: int | None = None,
        bot_pace: float = 0.0,
        workers: int = 1,
        flags: tuple[str, ...] = ("--per-client-connections", "1000", "--per-client-tables", "1000",
                                  "--per-client-rate", "1000", "--per-client-playing", "1000"),
    ) -> None:
        self.flags = flags
        self.database = database
        self.port = port or free_port()
        self.bot_pace = bot_pace
        self.workers = workers
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = Path(tempfile.mkdtemp(prefix="savanna-serve-")) / "server.log"

    def start(self) -> ServerProcess:
        cmd = [
            sys.executable, "-m", "savanna.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
            "--database", self.database, "--bot-workers", str(self.workers), "--bot-pace", str(self.bot_pace),
            *self.flags,
        ]
        # The server's log goes to a file (a pipe nobody reads would fill and block it).
        self.log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited: {self.log_path.read_text(errors='replace')[-2000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return self
            time.sleep(0.1)
        raise AssertionError("server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL the whole process group (server and bot workers): no clean shutdown."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()

    def errors(self) -> str:
        """Tracebacks the server logged (empty when none)."""
        text = self.log_path.read_text(errors="replace")
        return text if "Traceback" in text else ""


class ThreadServer:
    """The app served by uvicorn in a thread of the test process, on 127.0.0.1 (a real HTTP and
    websocket server whose limits the test chooses, and whose log the test reads)."""

    def __init__(self, settings: Settings) -> None:
        import threading

        import uvicorn

        from savanna.web.serving import uvicorn_config

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(settings)
        config = uvicorn_config(self.app, settings.limits, port=self.port, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="uvicorn", daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)


def sqlite_server(tmp_path_factory: pytest.TempPathFactory, name: str, **options: Any) -> Iterator[ServerProcess]:
    """A ``savanna serve`` on a fresh SQLite file for one test module (a fixture's body:
    ``yield from sqlite_server(tmp_path_factory, "page")``), stopped at the end."""
    running = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp(name) / f'{name}.sqlite3'}", **options).start()
    try:
        yield running
    finally:
        running.stop()
