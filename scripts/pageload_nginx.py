"""``navcomp bench pageload`` through the nginx of docs/server.md: TLS and HTTP/2 in front
of a server on a temporary SQLite database, as a host on the internet runs the table.

The configuration is the docs' own (``tests/nginx_helpers.py`` fills in a test
certificate, ports and folders); Chromium trusts that certificate by its key
(``--ignore-certificate-errors-spki-list``), so it caches as it would for a real one.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from navcomp.commands.loadtest import ONE_ADDRESS, started_server  # noqa: E402
from navcomp.commands.pageload import PAGES, pageload_figures, pageload_lines  # noqa: E402
from nginx_helpers import Nginx  # noqa: E402


def spki_hash(cert: Path) -> str:
    """The base64 SHA-256 of the certificate's public key, as Chromium names a key."""
    key = subprocess.run(
        ["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"],
        check=True,
        capture_output=True,
    ).stdout
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-outform", "der"], input=key, check=True, capture_output=True
    ).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", choices=(*PAGES, "both"), default="both")
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pages = PAGES if args.page == "both" else (args.page,)
    options = (*ONE_ADDRESS, "--trusted-proxies", "127.0.0.1")
    with started_server(options=options) as (base, _), tempfile.TemporaryDirectory() as folder:
        nginx = Nginx(Path(folder), int(base.rsplit(":", 1)[1])).start()
        try:
            trust = (f"--ignore-certificate-errors-spki-list={spki_hash(nginx.cert)}",)
            figures = pageload_figures(nginx.base, pages, args.visits, trust)
        finally:
            nginx.stop()
    print(json.dumps(figures) if args.json else "\n".join(pageload_lines(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
