"""A real nginx in front of a real server, with TLS: the reverse proxy docs/server.md shows.

The configuration is written from docs/server.md's example (the block between the
``nginx-example`` markers), so the test runs what the docs tell a host to run, with only
the certificate paths, ports and temporary folders filled in.
"""

from __future__ import annotations

import re
import socket
import ssl
import subprocess
import time
from pathlib import Path

from navcomp.commands.serve import free_port

DOCS = Path(__file__).resolve().parent.parent / "docs" / "server.md"
NGINX = "/usr/sbin/nginx"


def example_config() -> str:
    """The nginx example of docs/server.md."""
    text = DOCS.read_text()
    found = re.search(r"<!-- nginx-example -->\s*```nginx\n(.*?)```", text, re.S)
    assert found, "docs/server.md has no nginx example between the markers"
    return found.group(1)


def self_signed(folder: Path, host: str = "localhost") -> tuple[Path, Path]:
    key, cert = folder / "key.pem", folder / "cert.pem"
    subject = ("-subj", f"/CN={host}", "-addext", f"subjectAltName=DNS:{host},IP:127.0.0.1")
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            *subject,
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return key, cert


def _accepts(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


class Nginx:
    """nginx on 127.0.0.1 (a free port), TLS, proxying to ``upstream_port``."""

    def __init__(self, folder: Path, upstream_port: int) -> None:
        self.folder = folder
        self.port = free_port()
        self.base = f"https://127.0.0.1:{self.port}"
        key, self.cert = self_signed(folder)
        self.access_log = folder / "access.log"
        config = example_config()
        letsencrypt = "/etc/letsencrypt/live/table.example.org"
        for old, new in {
            f"{letsencrypt}/privkey.pem": str(key),
            f"{letsencrypt}/fullchain.pem": str(self.cert),
            "table.example.org": "localhost",
            "listen 80;": f"listen 127.0.0.1:{free_port()};",
            "listen 443 ssl": f"listen 127.0.0.1:{self.port} ssl",
            "127.0.0.1:8000": f"127.0.0.1:{upstream_port}",
            "/var/log/nginx/access.log": str(self.access_log),
        }.items():
            assert old in config, f"the nginx example no longer says {old!r}"
            config = config.replace(old, new)
        temp = "\n".join(
            f"{kind}_temp_path {folder}/{kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (folder / "nginx.conf").write_text(
            f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
            "events { worker_connections 256; }\n"
            f"http {{\naccess_log {folder}/access.log;\n{temp}\n{config}\n}}\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        conf = str(self.folder / "nginx.conf")
        checked = subprocess.run([NGINX, "-t", "-c", conf], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(
            [NGINX, "-c", conf, "-p", str(self.folder), "-g", "daemon off;"],
            stderr=subprocess.DEVNULL,  # it writes to error.log
        )
        deadline = time.monotonic() + 10
        while not _accepts(self.port):
            assert self.process.poll() is None, (self.folder / "error.log").read_text()
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)
        return self

    def ssl_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.cert))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
