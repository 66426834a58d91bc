"""``savanna serve``: the lobby and tables in the browser (see :mod:`savanna.web`)."""

from __future__ import annotations

import dataclasses
import logging
import socket
import threading
import webbrowser
from typing import Annotated

import typer

from savanna.cli import app
from savanna.cli.commands import handles_errors
from savanna.core import OptionError


@app.command()
@handles_errors()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 lets others on your network join.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///FILE or postgresql+psycopg://USER@HOST/DB (a password "
            "after USER: if needed; default: $SAVANNA_DATABASE, else server.sqlite3 in "
            "~/.local/share/savanna)."
        ),
    ] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a browser.")] = False,
    bot_workers: Annotated[int, typer.Option(help="Processes where bots think (0: a thread).")] = 2,
    bot_pace: Annotated[float, typer.Option(help="Least seconds between two bot moves.")] = 0.8,
    per_client_connections: Annotated[
        int, typer.Option(help="Websockets one client address may hold open at once (and twice as many "
                          "HTTP connections).")
    ] = 32,
    per_client_tables: Annotated[
        int, typer.Option(help="Tables one client address may have waiting for players at once.")
    ] = 5,
    per_client_rate: Annotated[
        float, typer.Option(help="Requests (POST) per second one client address may send, steadily.")
    ] = 10.0,
    request_seconds: Annotated[
        float, typer.Option(help="Seconds a client has to send one whole request (headers and body).")
    ] = 10.0,
    max_connections: Annotated[
        int | None,
        typer.Option(help="HTTP connections (websockets apart) held open at once, in all (default: "
                     "2000, or less if the open-file limit is lower)."),
    ] = None,
    per_client_playing: Annotated[
        int, typer.Option(help="Games in play one client address may have created at once.")
    ] = 20,
    max_playing: Annotated[int, typer.Option(help="Games in play on the whole server at once.")] = 1000,
    shortest_clock: Annotated[
        int | None,
        typer.Option(help="Seconds: the shortest turn-based deadline and real-time clock a table may "
                     "choose (default: an hour per move, a minute per game)."),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Behind a reverse proxy: the proxy's address(es), comma-separated, whose "
            "X-Forwarded-For / X-Forwarded-Proto headers are trusted (so each client is counted "
            "by its own address)."
        ),
    ] = None,
) -> None:
    """Serve the lobby and live tables: friends in browsers, bots in the empty seats."""
    try:
        from savanna.web import Limits, Settings, create_app
        from savanna.web.db import database_url
        from savanna.web.serving import open_file_limit, uvicorn_config
    except ImportError as exc:  # the web extra is missing
        raise OptionError(
            f"the web server needs the 'web' extra (pip install 'savanna[web]'): {exc}",
            f"le serveur web a besoin de l'extra 'web' (pip install 'savanna[web]') : {exc}",
        ) from None
    import uvicorn

    if not 0 < port < 65536:
        raise OptionError(f"--port must be 1-65535, not {port}", f"--port doit valoir 1-65535, pas {port}")
    if bot_workers < 0 or bot_pace < 0:
        raise OptionError(
            "--bot-workers and --bot-pace cannot be negative",
            "--bot-workers et --bot-pace ne peuvent pas être négatifs",
        )
    if (
        min(per_client_connections, per_client_tables, per_client_playing, max_playing, max_connections or 1) < 1
        or not per_client_rate > 0
        or not request_seconds > 0
    ):
        raise OptionError(
            "--per-client-*, --max-playing, --max-connections and --request-seconds must be positive",
            "--per-client-*, --max-playing, --max-connections et --request-seconds doivent être positifs",
        )
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
        max_websockets=min(Limits().max_websockets, room - http_cap),
        bot_workers=bot_workers,
        bot_pace_seconds=bot_pace,
        max_connections_per_client=per_client_connections,
        # Behind a proxy every socket comes from the proxy's address (uvicorn rewrites the
        # client of each request, not of the socket): the proxy caps connections per client.
        max_http_connections_per_client=2 * per_client_connections if forwarded_allow_ips is None else http_cap,
        max_open_tables_per_client=per_client_tables,
        requests_per_second=per_client_rate,
        request_burst=max(Limits().request_burst, int(4 * per_client_rate)),
    )
    if shortest_clock is not None:
        if shortest_clock < 1:
            raise OptionError("--shortest-clock must be positive", "--shortest-clock doit être positif")
        limits = dataclasses.replace(limits, min_move_seconds=shortest_clock, min_base_seconds=shortest_clock)
    application = create_app(Settings(database=url.render_as_string(hide_password=False), limits=limits))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    lobby = f"http://{shown}:{port}/"
    typer.echo(f"Savanna lobby: {lobby}  (database: {url.render_as_string()}; Ctrl-C stops)")
    if host in ("0.0.0.0", "::"):
        typer.echo(f"Friends on your network: http://{socket.gethostname()}:{port}/ (or your computer's address)")
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
