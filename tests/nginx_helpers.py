"""A real nginx in front of real servers, with TLS: the reverse proxy docs/server.md
shows, or the configuration shipped in deploy/nginx/navcomp.conf for several processes.

The configuration is written from docs/server.md's example (the block between the
``nginx-example`` markers) or from the shipped file, so the test runs what a host is told
to run, with only the certificate paths, ports and temporary folders filled in.
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
SHIPPED = Path(__file__).resolve().parent.parent / "deploy" / "nginx" / "navcomp.conf"
NGINX = "/usr/sbin/nginx"


def example_config() -> str:
    """The nginx example of docs/server.md."""
    text = DOCS.read_text()
    found = re.search(r"<!-- nginx-example -->\s*```nginx\n(.*?)```", text, re.S)
    assert found, "docs/server.md has no nginx example between the markers"
    return found.group(1)


def shipped_config(upstream_ports: list[int]) -> str:
    """deploy/nginx/navcomp.conf with its upstream's servers on ``upstream_ports`` (and no
    IPv6 listeners: the test listens on 127.0.0.1 only)."""
    text = SHIPPED.read_text()
    servers = re.findall(r"^ *server 127\.0\.0\.1:\d+ (.*);$", text, re.M)
    assert servers, "deploy/nginx/navcomp.conf lists no upstream server"
    listed = "".join(f"    server 127.0.0.1:{port} {servers[0]};\n" for port in upstream_ports)
    text = re.sub(r"(?:^ *server 127\.0\.0\.1:\d+ .*;\n)+", listed, text, count=1, flags=re.M)
    ipv6 = re.findall(r"^ *listen \[::\].*\n", text, re.M)
    assert ipv6, "the shipped configuration no longer listens on IPv6"
    return re.sub(r"^ *listen \[::\].*\n", "", text, flags=re.M)


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
    """nginx on 127.0.0.1 (a free port), TLS, proxying to ``upstream_port`` as
    docs/server.md's example does, or (``shipped``) to every port of ``upstream_ports``
    as deploy/nginx/navcomp.conf does; ``connections``: a worker's at once (a bench's
    clients need more than a test's)."""

    def __init__(
        self,
        folder: Path,
        upstream_port: int = 0,
        upstream_ports: list[int] | None = None,
        connections: int = 256,
    ) -> None:
        self.folder = folder
        self.port = free_port()
        self.base = f"https://127.0.0.1:{self.port}"
        key, self.cert = self_signed(folder)
        self.access_log = folder / "access.log"
        letsencrypt = "/etc/letsencrypt/live/table.example.org"
        replaced = {
            f"{letsencrypt}/privkey.pem": str(key),
            f"{letsencrypt}/fullchain.pem": str(self.cert),
            "table.example.org": "localhost",
            "listen 80;": f"listen 127.0.0.1:{free_port()};",
            "listen 443 ssl": f"listen 127.0.0.1:{self.port} ssl",
        }
        if upstream_ports is None:
            config = example_config()
            replaced["127.0.0.1:8000"] = f"127.0.0.1:{upstream_port}"
            replaced["/var/log/nginx/access.log"] = str(self.access_log)
        else:
            config = shipped_config(upstream_ports)
            replaced["/var/log/nginx/navcomp.access.log"] = str(self.access_log)
        for old, new in replaced.items():
            assert old in config, f"the nginx configuration no longer says {old!r}"
            config = config.replace(old, new)
        temp = "\n".join(
            f"{kind}_temp_path {folder}/{kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (folder / "nginx.conf").write_text(
            f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
            f"events {{ worker_connections {connections}; }}\n"
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
