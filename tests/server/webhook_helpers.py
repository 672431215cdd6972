"""Local webhook endpoints for tests: real HTTP servers on 127.0.0.1, each on a free port."""

from __future__ import annotations

import json
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class HookServer:
    """Records every request; answers 204, or holds each request until ``release`` is
    set (``hold``), or redirects to ``redirect_to``; notes "enter NAME" and "leave NAME"
    in a ``journal`` shared by several."""

    def __init__(
        self,
        hold: bool = False,
        redirect_to: str | None = None,
        tls: ssl.SSLContext | None = None,
        journal: list[str] | None = None,
        name: str = "",
        failures: int = 0,
    ) -> None:
        """``failures``: the first requests answered 500."""
        self.received: list[dict[str, Any]] = []
        self.failures = failures
        self.methods: list[str] = []
        self.hosts: list[str] = []
        self.entered = threading.Event()
        self.release = threading.Event()
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                hook.received.append(json.loads(self.rfile.read(length)))
                self._answer()

            def do_GET(self) -> None:
                self._answer()

            def _answer(self) -> None:
                hook.methods.append(self.command)
                hook.hosts.append(self.headers.get("Host", ""))
                if journal is not None:
                    journal.append(f"enter {name}")
                hook.entered.set()
                if hold:
                    hook.release.wait(60)
                if journal is not None:
                    journal.append(f"leave {name}")
                if hook.failures > 0:
                    hook.failures -= 1
                    self.send_response(500)
                elif redirect_to is not None:
                    self.send_response(302)
                    self.send_header("Location", redirect_to)
                else:
                    self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hook/secret-token"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(10)

    def __enter__(self) -> HookServer:
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()


def certificate(folder: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for the DNS name ``name``, and its key (by openssl)."""
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}"),
            *("-addext", f"subjectAltName=DNS:{name}"),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key
