"""A parent that forks ``savanna serve`` processes, for restarting a server 100 times fast.

Run as ``python -m tests.web.zygote`` with the serve flags as arguments. It imports the
server, its database drivers, migrations and every registered game once, starts no thread
and opens nothing, then reads its standard input line by line:

* ``fork``: fork a child that runs ``savanna serve`` with the flags (exactly the command's
  code, from its first line; its output goes to ``$SAVANNA_ZYGOTE_LOG``); prints its pid;
* ``reap``: collect children that died (prints how many).

The test kills each child with SIGKILL (the process dies at once, as in a crash) and asks
for the next one: a restart then costs a fork, the migrations check and the resume of every
game in play, not the import of Python, SQLAlchemy and uvicorn.
"""

from __future__ import annotations

import os
import sys


def _preload() -> None:
    import alembic.command
    import alembic.config
    import alembic.runtime.migration  # noqa: F401
    import sqlalchemy.dialects.sqlite  # noqa: F401
    import uvicorn
    import uvicorn.loops.auto
    import uvicorn.protocols.http.auto
    import uvicorn.protocols.websockets.auto  # noqa: F401

    import savanna.cli.serve
    import savanna.web.app  # noqa: F401
    from savanna.bots import bot_kinds
    from savanna.core import load_game, registered_games

    for name in registered_games():
        load_game(name)
    bot_kinds()


def main(argv: list[str]) -> None:
    _preload()
    log = os.environ.get("SAVANNA_ZYGOTE_LOG", os.devnull)
    print("ready", flush=True)
    for line in sys.stdin:
        command = line.strip()
        if command == "fork":
            pid = os.fork()
            if pid == 0:
                os.setsid()
                fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
                from savanna.cli import app

                code = 0
                try:
                    app(args=["serve", *argv], prog_name="savanna")
                except SystemExit as exc:
                    code = exc.code if isinstance(exc.code, int) else 1
                os._exit(code)
            print(pid, flush=True)
        elif command == "reap":
            reaped = 0
            while True:
                try:
                    pid, _ = os.waitpid(-1, os.WNOHANG)
                except ChildProcessError:
                    break
                if pid == 0:
                    break
                reaped += 1
            print(reaped, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
