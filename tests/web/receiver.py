"""A local HTTP receiver on 127.0.0.1 for the webhook tests (never the outside world)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Receiver:
    """Collects the JSON bodies POSTed to it; answers ``fail`` errors (HTTP 500) first."""

    def __init__(self, fail: int = 0) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.tries = 0
        self.fail = fail
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", "0")))
                with receiver.lock:
                    receiver.tries += 1
                    failing = receiver.fail > 0
                    if failing:
                        receiver.fail -= 1
                    else:
                        receiver.bodies.append(json.loads(raw))
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def received(self) -> list[dict[str, Any]]:
        with self.lock:
            return list(self.bodies)
