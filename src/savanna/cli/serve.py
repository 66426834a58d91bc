"""``savanna serve``: the lobby and tables in the browser (see :mod:`savanna.web`)."""

from __future__ import annotations

import dataclasses
import logging
import math
import os
import socket
import threading
import webbrowser
from typing import TYPE_CHECKING, Annotated

import typer

from savanna.cli import app
from savanna.cli.commands import LangFlag, command_language, handles_errors
from savanna.cli.errors import MESSAGES, help_of, language_of
from savanna.core import OptionError

if TYPE_CHECKING:
    from savanna.web.mail import MailSettings


def _help(option: str) -> str:
    """The help of ``--option`` in the command line's language (``--lang`` or the locale)."""
    return MESSAGES.text(f"serve.help.{option}", language_of())


PASSWORD = "SAVANNA_SMTP_PASSWORD"
"""The environment variable holding the SMTP password (never a flag: others see a command line)."""


def _mail_settings(host: str | None, port: int | None, security: str, sender: str | None,
                   user: str | None) -> MailSettings | None:
    """The owner's SMTP server from the ``--smtp-*`` flags (``None`` without ``--smtp-host``).

    Raises:
        OptionError: a flag that cannot work, in one sentence of the catalogue.
    """
    from savanna.web.mail import SECURITIES, MailSettings, is_address

    if host is None:
        if sender is not None or user is not None or port is not None:
            raise OptionError(MESSAGES.words("serve.smtp_needs_host"))
        return None
    if not host.strip() or any(c.isspace() or c in "/?#@" for c in host):
        raise OptionError(MESSAGES.words("serve.smtp_host", host=host))
    if port is not None and not 0 < port < 65536:
        raise OptionError(MESSAGES.words("serve.smtp_port", port=port))
    if security not in SECURITIES:
        raise OptionError(MESSAGES.words("serve.smtp_security", value=security, choices=", ".join(SECURITIES)))
    if sender is None or not is_address(sender):
        raise OptionError(MESSAGES.words("serve.smtp_from", value=sender or ""))
    password = os.environ.get(PASSWORD)
    if user is not None and not password:
        raise OptionError(MESSAGES.words("serve.smtp_password", variable=PASSWORD))
    return MailSettings(host=host.strip(), sender=sender, port=port, security=security, user=user,
                    password=password if user is not None else None)


@app.command(help=help_of("savanna", "serve"))
@handles_errors()
def serve(
    host: Annotated[str, typer.Option(help=_help("host"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_help("port"))] = 8000,
    database: Annotated[
        str | None,
        typer.Option(help=_help("database")),
    ] = None,
    open_browser: Annotated[bool, typer.Option("--open", help=_help("open"))] = False,
    bot_workers: Annotated[int, typer.Option(help=_help("bot_workers"))] = 2,
    bot_pace: Annotated[float, typer.Option(help=_help("bot_pace"))] = 0.8,
    per_client_connections: Annotated[int, typer.Option(help=_help("per_client_connections"))] = 32,
    per_client_tables: Annotated[int, typer.Option(help=_help("per_client_tables"))] = 5,
    per_client_rate: Annotated[float, typer.Option(help=_help("per_client_rate"))] = 10.0,
    request_seconds: Annotated[float, typer.Option(help=_help("request_seconds"))] = 10.0,
    max_connections: Annotated[
        int | None,
        typer.Option(help=_help("max_connections")),
    ] = None,
    per_client_playing: Annotated[int, typer.Option(help=_help("per_client_playing"))] = 20,
    max_playing: Annotated[int, typer.Option(help=_help("max_playing"))] = 1000,
    max_websockets: Annotated[
        int | None,
        typer.Option(help=_help("max_websockets")),
    ] = None,
    per_table_connections: Annotated[int, typer.Option(help=_help("per_table_connections"))] = 64,
    grace_seconds: Annotated[int, typer.Option(help=_help("grace_seconds"))] = 60,
    replacement_bot: Annotated[str, typer.Option(help=_help("replacement_bot"))] = "heuristic",
    coach_workers: Annotated[int, typer.Option(help=_help("coach_workers"))] = 1,
    coach_questions: Annotated[int, typer.Option(help=_help("coach_questions"))] = 4,
    per_client_coach: Annotated[int, typer.Option(help=_help("per_client_coach"))] = 1,
    heartbeat_seconds: Annotated[float, typer.Option(help=_help("heartbeat_seconds"))] = 1.0,
    lease_seconds: Annotated[float, typer.Option(help=_help("lease_seconds"))] = 5.0,
    sync_seconds: Annotated[float, typer.Option(help=_help("sync_seconds"))] = 2.0,
    open_table_hours: Annotated[float, typer.Option(help=_help("open_table_hours"))] = 24.0,
    idle_game_days: Annotated[float, typer.Option(help=_help("idle_game_days"))] = 7.0,
    archive_after_days: Annotated[float, typer.Option(help=_help("archive_after_days"))] = 30.0,
    shortest_clock: Annotated[
        int | None,
        typer.Option(help=_help("shortest_clock")),
    ] = None,
    table_seeds: Annotated[int | None, typer.Option(help=_help("table_seeds"))] = None,
    webhook_host: Annotated[list[str] | None, typer.Option(metavar="<host>", help=_help("webhook_host"))] = None,
    smtp_host: Annotated[str | None, typer.Option(metavar="<host>", help=_help("smtp_host"))] = None,
    smtp_port: Annotated[int | None, typer.Option(metavar="<port>", help=_help("smtp_port"))] = None,
    smtp_security: Annotated[str, typer.Option(metavar="<how>", help=_help("smtp_security"))] = "starttls",
    smtp_from: Annotated[str | None, typer.Option(metavar="<address>", help=_help("smtp_from"))] = None,
    smtp_user: Annotated[str | None, typer.Option(metavar="<user>", help=_help("smtp_user"))] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(help=_help("forwarded_allow_ips")),
    ] = None,
    lang: LangFlag = None,
) -> None:
    """Serve the lobby and live tables (its help: ``savanna.help.serve``)."""
    try:
        from savanna.bots import parse_bot_spec
        from savanna.web import Limits, Settings, create_app
        from savanna.web.db import database_url
        from savanna.web.notices import NoticeSettings
        from savanna.web.serving import open_file_limit, uvicorn_config
    except ImportError as exc:  # the web extra is missing
        raise OptionError(MESSAGES.words("serve.needs_web", why=exc)) from None
    import uvicorn

    if not 0 < port < 65536:
        raise OptionError(MESSAGES.words("serve.port", port=port))
    defaults = Limits()
    for flag, value, least in (
        ("--bot-workers", bot_workers, 0),
        ("--coach-workers", coach_workers, 0),
        ("--per-client-connections", per_client_connections, 1),
        ("--per-client-tables", per_client_tables, 1),
        ("--per-client-playing", per_client_playing, 1),
        ("--per-client-coach", per_client_coach, 1),
        ("--max-playing", max_playing, 1),
        ("--max-connections", max_connections, 1),
        ("--max-websockets", max_websockets, 1),
        ("--per-table-connections", per_table_connections, 1),
        ("--coach-questions", coach_questions, 1),
        ("--grace-seconds", grace_seconds, defaults.min_grace_seconds),
    ):
        if value is not None and value < least:
            raise OptionError(MESSAGES.words("serve.at_least", flag=flag, least=least, value=value))
    if grace_seconds > defaults.max_grace_seconds:
        raise OptionError(
            MESSAGES.words(
                "serve.grace_at_most", most=defaults.max_grace_seconds, value=grace_seconds
            )
        )
    if not (math.isfinite(bot_pace) and bot_pace >= 0):
        raise OptionError(MESSAGES.words("serve.bot_pace", value=bot_pace))
    for flag, amount in (
        ("--per-client-rate", per_client_rate),
        ("--request-seconds", request_seconds),
        ("--heartbeat-seconds", heartbeat_seconds),
        ("--lease-seconds", lease_seconds),
        ("--sync-seconds", sync_seconds),
        ("--open-table-hours", open_table_hours),
        ("--idle-game-days", idle_game_days),
        ("--archive-after-days", archive_after_days),
    ):
        if not (math.isfinite(amount) and amount > 0):
            raise OptionError(MESSAGES.words("serve.above_zero", flag=flag, value=amount))
    if lease_seconds < 2 * heartbeat_seconds:
        raise OptionError(
            MESSAGES.words(
                "serve.lease", least=f"{2 * heartbeat_seconds:g}", value=f"{lease_seconds:g}"
            )
        )
    try:
        replacement = str(parse_bot_spec(replacement_bot))
    except OptionError as exc:
        raise OptionError(
            {
                lang: MESSAGES.text("serve.replacement_bot", lang, why=exc.text(lang))
                for lang in MESSAGES.languages
            }
        ) from None
    url = database_url(database)  # checked before anything starts
    files = open_file_limit()
    # Every socket is a file: the caps stay under what the process may open (a reserve for
    # the database, the log and the bot pool), or accept() would fail instead of the caps.
    room = max(64, files - 256)
    http_cap = min(max_connections or Limits().max_http_connections, room // 3)
    limits = Limits(
        request_seconds=request_seconds,
        max_playing_tables_per_client=per_client_playing,
        max_playing_tables=max_playing,
        max_http_connections=http_cap,
        max_websockets=min(max_websockets or defaults.max_websockets, room - http_cap),
        max_connections_per_table=per_table_connections,
        grace_seconds=grace_seconds,
        replacement_bot=replacement,
        bot_workers=bot_workers,
        bot_pace_seconds=bot_pace,
        max_connections_per_client=per_client_connections,
        # Behind a proxy every socket comes from the proxy's address (uvicorn rewrites the
        # client of each request, not of the socket): the proxy caps connections per client.
        max_http_connections_per_client=2 * per_client_connections
        if forwarded_allow_ips is None
        else http_cap,
        max_open_tables_per_client=per_client_tables,
        requests_per_second=per_client_rate,
        request_burst=max(defaults.request_burst, int(4 * per_client_rate)),
        coach_workers=coach_workers,
        coach_questions=coach_questions,
        coach_per_client=per_client_coach,
        heartbeat_seconds=heartbeat_seconds,
        lease_seconds=lease_seconds,
        sync_seconds=sync_seconds,
        open_table_hours=open_table_hours,
        idle_game_days=idle_game_days,
        archive_after_days=archive_after_days,
    )
    if shortest_clock is not None:
        if shortest_clock < 1:
            raise OptionError(MESSAGES.words("serve.shortest_clock"))
        limits = dataclasses.replace(
            limits, min_move_seconds=shortest_clock, min_base_seconds=shortest_clock
        )
    hosts = tuple(h.strip().lower() for h in webhook_host or ())
    for host in hosts:
        if not host or any(c.isspace() or c in "/?#@" for c in host):
            raise OptionError(MESSAGES.words("serve.webhook_host", host=host))
    mail = _mail_settings(smtp_host, smtp_port, smtp_security, smtp_from, smtp_user)
    application = create_app(
        Settings(database=url.render_as_string(hide_password=False), limits=limits, table_seeds=table_seeds,
                 notices=NoticeSettings(webhook_hosts=hosts, mail=mail))
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    lobby = f"http://{shown}:{port}/"
    lang = command_language(lang)
    typer.echo(MESSAGES.text("serve.lobby", lang, lobby=lobby, database=url.render_as_string()))
    if host in ("0.0.0.0", "::"):
        typer.echo(MESSAGES.text("serve.friends", lang, host=socket.gethostname(), port=port))
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(lobby,)).start()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    config = uvicorn_config(
        application,
        limits,
        host=host,
        port=port,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
    )
    uvicorn.Server(config).run()
