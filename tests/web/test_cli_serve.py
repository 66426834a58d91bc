"""``savanna serve``: bad flags are one clear line and exit code 2, before anything starts."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--database", "mysql://x/y"], "'mysql' is not supported"),
        (["--database", "not a url"], "is not a database URL"),
        (["--port", "0"], "--port must be 1-65535"),
        (["--bot-pace", "-1"], "cannot be negative"),
        (["--per-client-tables", "0"], "must be positive"),
        (["--per-client-rate", "-3"], "must be positive"),
        (["--request-seconds", "0"], "must be positive"),
        (["--max-playing", "0"], "must be positive"),
    ],
)
def test_a_bad_serve_flag_is_one_line_and_exit_code_2(flags, message):
    done = subprocess.run([sys.executable, "-m", "savanna.cli", "serve", *flags], capture_output=True, text=True,
                          timeout=60)
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
