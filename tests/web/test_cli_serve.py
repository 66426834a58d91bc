"""``savanna serve``: bad flags are one clear line and exit code 2, before anything starts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from savanna.cli import app
from savanna.web import Settings


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--database", "mysql://x/y"], "'mysql' is not supported"),
        (["--database", "not a url"], "is not a database URL"),
        (["--port", "0"], "--port must be 1-65535"),
        (["--bot-workers", "-1"], "--bot-workers must be at least 0, not -1"),
        (["--bot-pace", "-1"], "--bot-pace must be 0 or more seconds, not -1"),
        (["--bot-pace", "inf"], "--bot-pace must be 0 or more seconds, not inf"),
        (["--per-client-connections", "0"], "--per-client-connections must be at least 1, not 0"),
        (["--per-client-tables", "0"], "--per-client-tables must be at least 1, not 0"),
        (["--per-client-rate", "-3"], "--per-client-rate must be a number above 0, not -3"),
        (["--request-seconds", "0"], "--request-seconds must be a number above 0, not 0"),
        (["--max-connections", "0"], "--max-connections must be at least 1, not 0"),
        (["--per-client-playing", "0"], "--per-client-playing must be at least 1, not 0"),
        (["--max-playing", "0"], "--max-playing must be at least 1, not 0"),
        (["--max-websockets", "0"], "--max-websockets must be at least 1, not 0"),
        (["--per-table-connections", "0"], "--per-table-connections must be at least 1, not 0"),
        (["--grace-seconds", "4"], "--grace-seconds must be at least 5, not 4"),
        (["--grace-seconds", "3601"], "--grace-seconds must be at most 3600, not 3601"),
        (["--replacement-bot", "nobody"], "--replacement-bot: unknown bot 'nobody'"),
        (["--coach-workers", "-1"], "--coach-workers must be at least 0, not -1"),
        (["--coach-questions", "0"], "--coach-questions must be at least 1, not 0"),
        (["--per-client-coach", "0"], "--per-client-coach must be at least 1, not 0"),
        (["--heartbeat-seconds", "nan"], "--heartbeat-seconds must be a number above 0, not nan"),
        (["--lease-seconds", "0"], "--lease-seconds must be a number above 0, not 0"),
        (["--lease-seconds", "1.5"], "--lease-seconds must be at least twice --heartbeat-seconds (2), not 1.5"),
        (["--heartbeat-seconds", "4"], "--lease-seconds must be at least twice --heartbeat-seconds (8), not 5"),
        (["--sync-seconds", "-1"], "--sync-seconds must be a number above 0, not -1"),
        (["--open-table-hours", "0"], "--open-table-hours must be a number above 0, not 0"),
        (["--idle-game-days", "inf"], "--idle-game-days must be a number above 0, not inf"),
        (["--archive-after-days", "0"], "--archive-after-days must be a number above 0, not 0"),
        (["--coach-questions", "many"], "invalid value for --coach-questions"),
        (["--webhook-host", "https://hooks.example.org/x"],
         "--webhook-host takes a bare host name or address (hooks.example.org, 10.0.0.5), not 'https://hooks"),
        (["--table-seeds", "dice"], "invalid value for --table-seeds"),
        (["--smtp-from", "savanna@example.org"], "--smtp-port, --smtp-from and --smtp-user need --smtp-host"),
        (["--smtp-host", "smtp://mail.example.org", "--smtp-from", "s@example.org"],
         "--smtp-host takes a bare host name or address (smtp.example.org), not 'smtp://mail.example.org'"),
        (["--smtp-host", "mail.example.org", "--smtp-from", "s@example.org", "--smtp-port", "0"],
         "--smtp-port must be 1-65535, not 0"),
        (["--smtp-host", "mail.example.org", "--smtp-from", "s@example.org", "--smtp-security", "tls"],
         "--smtp-security must be one of starttls, ssl, none, not 'tls'"),
        (["--smtp-host", "mail.example.org"],
         "--smtp-from must be the plain address the e-mails come from (savanna@example.org), not ''"),
        (["--smtp-host", "mail.example.org", "--smtp-from", "Savanna <s@example.org>"],
         "--smtp-from must be the plain address the e-mails come from (savanna@example.org), not 'Savanna"),
        (["--smtp-host", "mail.example.org", "--smtp-from", "s@example.org", "--smtp-user", "awa"],
         "--smtp-user needs its password in the environment variable SAVANNA_SMTP_PASSWORD"),
    ],
)
def test_a_bad_serve_flag_is_one_line_and_exit_code_2(flags, message):
    env = {k: v for k, v in os.environ.items() if k != "SAVANNA_SMTP_PASSWORD"}
    done = subprocess.run([sys.executable, "-m", "savanna.cli", "serve", *flags], capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_per_client_flags_default_to_the_servers_limits():
    import inspect

    from savanna.cli.serve import serve
    from savanna.web import Limits

    defaults = {name: p.default for name, p in inspect.signature(serve).parameters.items()}
    limits = Limits()
    assert defaults["per_client_connections"] == limits.max_connections_per_client
    assert defaults["per_client_tables"] == limits.max_open_tables_per_client
    assert defaults["per_client_rate"] == limits.requests_per_second
    assert defaults["per_client_playing"] == limits.max_playing_tables_per_client
    assert defaults["max_playing"] == limits.max_playing_tables
    assert defaults["request_seconds"] == limits.request_seconds
    for flag, field in FLAG_FIELDS.items():
        assert defaults[flag] == getattr(limits, field), flag


FLAG_FIELDS = {
    "per_client_connections": "max_connections_per_client",
    "per_client_tables": "max_open_tables_per_client",
    "per_client_rate": "requests_per_second",
    "request_seconds": "request_seconds",
    "per_client_playing": "max_playing_tables_per_client",
    "max_playing": "max_playing_tables",
    "bot_workers": "bot_workers",
    "bot_pace": "bot_pace_seconds",
    "per_table_connections": "max_connections_per_table",
    "grace_seconds": "grace_seconds",
    "replacement_bot": "replacement_bot",
    "coach_workers": "coach_workers",
    "coach_questions": "coach_questions",
    "per_client_coach": "coach_per_client",
    "heartbeat_seconds": "heartbeat_seconds",
    "lease_seconds": "lease_seconds",
    "sync_seconds": "sync_seconds",
    "open_table_hours": "open_table_hours",
    "idle_game_days": "idle_game_days",
    "archive_after_days": "archive_after_days",
}
"""Each ``savanna serve`` flag that sets one field of :class:`~savanna.web.Limits` as given."""


def serve_options() -> list[Any]:
    """The options of ``savanna serve``, as its command line reads them."""
    command: Any = typer.main.get_command(app)
    return [p for p in command.commands["serve"].params if p.param_type_name == "option"]


class Stopped(Exception):
    """Raised by a stand-in app factory, so that the command ends before it serves."""


def settings_given(monkeypatch: pytest.MonkeyPatch) -> list[Settings]:
    """The settings each ``savanna serve`` hands the app factory, in order (the factory is a
    stand-in that stops the command with :class:`Stopped` instead of serving)."""
    import savanna.web

    given: list[Settings] = []

    def create_app(settings: Settings) -> None:
        given.append(settings)
        raise Stopped

    monkeypatch.setattr(savanna.web, "create_app", create_app)
    return given


def test_every_flag_reaches_the_servers_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Non-default values of every flag end in the server's ``Limits`` (the server is not
    started: the app factory stops the command with what it was given)."""

    given = settings_given(monkeypatch)
    values: dict[str, Any] = {
        "per_client_connections": 7, "per_client_tables": 2, "per_client_rate": 3.5, "request_seconds": 4.0,
        "per_client_playing": 3, "max_playing": 9, "bot_workers": 0, "bot_pace": 0.25,
        "per_table_connections": 11, "grace_seconds": 90, "replacement_bot": "ismcts:sims=50",
        "coach_workers": 0, "coach_questions": 6, "per_client_coach": 2, "heartbeat_seconds": 0.5,
        "lease_seconds": 3.0, "sync_seconds": 1.5, "open_table_hours": 2.0, "idle_game_days": 3.0,
        "archive_after_days": 10.0,
    }
    assert set(values) == set(FLAG_FIELDS)
    flags = [part for name, value in values.items() for part in ("--" + name.replace("_", "-"), str(value))]
    database = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    done = CliRunner().invoke(app, ["serve", "--database", database, "--max-websockets", "40",
                                    "--max-connections", "30", *flags])
    assert isinstance(done.exception, Stopped), done.output
    limits = given[0].limits
    for name, value in values.items():
        assert getattr(limits, FLAG_FIELDS[name]) == value, name
    assert limits.max_http_connections == 30 and limits.max_websockets == 40
    assert limits.max_http_connections_per_client == 2 * 7
    assert given[0].database == database


def test_the_webhook_hosts_and_table_seeds_reach_the_servers_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    given = settings_given(monkeypatch)
    database = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    done = CliRunner().invoke(app, ["serve", "--database", database, "--webhook-host", "Hooks.Example.org",
                                    "--webhook-host", "10.0.0.5", "--table-seeds", "2026"])
    assert isinstance(done.exception, Stopped), done.output
    assert given[0].notices.webhook_hosts == ("hooks.example.org", "10.0.0.5")
    assert given[0].table_seeds == 2026
    done = CliRunner().invoke(app, ["serve", "--database", database])
    assert given[1].notices.webhook_hosts == () and given[1].table_seeds is None


def test_the_smtp_flags_and_the_password_from_the_environment_reach_the_servers_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from savanna.web.mail import MailSettings

    given = settings_given(monkeypatch)
    monkeypatch.setenv("SAVANNA_SMTP_PASSWORD", "s3cret words")
    database = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    smtp = ["--smtp-host", "mail.example.org", "--smtp-from", "savanna@example.org"]
    done = CliRunner().invoke(app, ["serve", "--database", database, *smtp, "--smtp-port", "2525",
                                    "--smtp-security", "ssl", "--smtp-user", "awa"])
    assert isinstance(done.exception, Stopped), done.output
    assert given[0].notices.mail == MailSettings(host="mail.example.org", sender="savanna@example.org", port=2525,
                                                 security="ssl", user="awa", password="s3cret words")
    done = CliRunner().invoke(app, ["serve", "--database", database, *smtp])
    mail = given[1].notices.mail
    assert mail is not None and (mail.the_port, mail.security, mail.user, mail.password) == (587, "starttls", None, None)
    CliRunner().invoke(app, ["serve", "--database", database])
    assert given[2].notices.mail is None


def test_help_shows_every_flag_with_its_default() -> None:
    shown = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert shown.exit_code == 0
    for option in serve_options():
        flag = option.opts[0]
        assert flag in shown.output, flag
        if isinstance(option.default, int | float | str) and not isinstance(option.default, bool):
            assert f"[default: {option.default}]" in shown.output, flag


def test_the_flag_table_in_the_docs_lists_every_flag_with_its_default() -> None:
    """docs/web.md's table of flags: one row per flag of ``savanna serve``, none more, each
    with the flag's default."""
    text = (Path(__file__).parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(--[a-z-]+)` \| ([^|]*) \|", text, flags=re.MULTILINE)
    documented = dict(rows)
    options = {option.opts[0]: option.default for option in serve_options() if option.opts[0] != "--help"}
    assert sorted(documented) == sorted(options)
    for flag, default in options.items():
        if isinstance(default, int | float) and not isinstance(default, bool):
            first = re.search(r"`([^`]+)`", documented[flag])
            assert first is not None and float(first.group(1)) == default, (flag, documented[flag])
        elif isinstance(default, str):
            assert f"`{default}`" in documented[flag], flag
