"""A private PostgreSQL cluster for one test (Debian's postgresql, as user ``postgres``),
which the test may stop and start at will without disturbing the shared test cluster.

Like ``.ci/postgres``: trust authentication, 127.0.0.1 only, a free port, a folder of its own.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.web.conftest import free_port


def postgres_bin() -> Path | None:
    """Debian's newest PostgreSQL programs, or ``None`` when not installed."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def _as_postgres(*command: str) -> subprocess.CompletedProcess[str]:
    if os.geteuid() != 0:
        return subprocess.run(command, capture_output=True, text=True, timeout=60)
    line = " ".join(shlex.quote(c) for c in command)
    return subprocess.run(["su", "postgres", "-s", "/bin/bash", "-c", line], capture_output=True, text=True, timeout=60)


class Cluster:
    """A throwaway cluster: :meth:`start`, :meth:`stop` (``fast``: connections cut) and
    :meth:`destroy`."""

    def __init__(self) -> None:
        binary = postgres_bin()
        assert binary is not None, "postgresql is not installed"
        self.bin = binary
        self.port = free_port()
        self.data = Path(tempfile.mkdtemp(prefix="savanna-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres", "postgres")
        done = _as_postgres(str(self.bin / "initdb"), "-D", str(self.data), "--auth=trust", "--username=postgres",
                            "--encoding=UTF8")
        assert done.returncode == 0, done.stderr
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k /tmp -c fsync=off -c max_connections=100"
        done = _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.data / "log"), "-w",
                            "-o", options, "start")
        assert done.returncode == 0, done.stderr + done.stdout

    def stop(self, mode: str = "fast") -> None:
        done = _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")
        assert done.returncode == 0, done.stderr + done.stdout

    def destroy(self) -> None:
        _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.data, ignore_errors=True)
