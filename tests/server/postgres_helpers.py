"""A PostgreSQL cluster of a test's own, to stop and start at will."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from navcomp.commands.serve import free_port


class PrivatePostgres:
    """A PostgreSQL cluster of our own in a temporary folder, to stop and start at will."""

    def __init__(self) -> None:
        self.bin = Path(sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1])
        self.folder = Path(tempfile.mkdtemp(prefix="navcomp-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        if os.getuid() == 0:  # initdb refuses to run as root
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-N")

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if os.getuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "log")  # the server's output, not our pipe (it would hold it)
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "start")

    def stop(self) -> None:
        """Stop at once (``-m immediate``: as a crash would).  Once in some fifteen runs
        pg_ctl waited out its minute for that, unexplained: then the cluster's log and
        processes go to the test's output and its processes are killed, a crash too."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "-t", "20", "stop")
        except subprocess.CalledProcessError:
            print("PostgreSQL did not stop in 20 s:", self._report(), sep="\n", file=sys.stderr)
            self._kill()

    def _report(self) -> str:
        said = (self.folder / "log").read_text(errors="replace")[-3000:]
        listed = subprocess.run(["ps", "-eo", "pid,ppid,stat,wchan:20,args"], capture_output=True)
        ours = [line for line in listed.stdout.decode().splitlines() if "postgres" in line]
        return said + "\n".join(ours)

    def _kill(self) -> None:
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = Path(f"/proc/{postmaster}/task/{postmaster}/children")
        backends = [int(pid) for pid in children.read_text().split()] if children.exists() else []
        for pid in [*backends, postmaster]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while Path(f"/proc/{postmaster}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)

    def remove(self) -> None:
        subprocess.run(
            [str(self.bin / "pg_ctl"), "-D", str(self.data), "status"], capture_output=True
        )
        if (self.data / "postmaster.pid").exists():
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def private_cluster() -> Iterator[PrivatePostgres]:
    """A private cluster, started, removed at the end."""
    cluster = PrivatePostgres()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.remove()
