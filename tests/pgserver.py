"""A throwaway PostgreSQL server for the tests and for CI, from the distribution's packages.

No container engine: `initdb` makes a cluster in a temporary directory and `pg_ctl` starts it
on a free loopback port. PostgreSQL refuses to run as root, so when the tests run as root the
cluster belongs to the `postgres` OS user (created if missing) and every server command runs
through `runuser`. The server is for tests only, so it trades crash safety for speed
(`fsync=off`, `full_page_writes=off`): the crash tests kill the client, never the server.

From the shell (what `.ci/run` does)::

    eval "$(python -m tests.pgserver start DIR)"   # exports LOOPGUARD_TEST_PG_URL (.../loopguard)
    python -m tests.pgserver stop DIR

From pytest, the `pg_server` fixture uses `$LOOPGUARD_TEST_PG_URL` when it is set and otherwise
starts one of these for the session; either way it fails loudly, never skips, when no server
can be had.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

PG_URL_ENV = "LOOPGUARD_TEST_PG_URL"
"""A server URL the tests may use (any database on it; they create their own databases)."""
OS_USER = "postgres"
CI_DATABASE = "loopguard"
"""The database `start DIR` creates and names in the URL it prints."""
SETTINGS = (
    "listen_addresses=127.0.0.1",
    "max_connections=300",
    "shared_buffers=64MB",
)
FAST = ("fsync=off", "full_page_writes=off")
"""Test-only settings; `start(durable=True)` (`start DIR --durable`) leaves them out, for
measurements that must reflect a real server's commit cost."""
NO_BINARIES = (
    "PostgreSQL server binaries (initdb, pg_ctl) not found; install them with "
    "`apt-get install -y postgresql` or set " + PG_URL_ENV + " to a running server's URL"
)


def find_bindir() -> Path | None:
    """The directory holding initdb and pg_ctl: on PATH, from pg_config, or Debian's layout."""
    for name in ("pg_ctl", "initdb"):
        found = shutil.which(name)
        if found:
            real = Path(found).resolve().parent
            if (real / "initdb").exists() and (real / "pg_ctl").exists():
                return real
    if shutil.which("pg_config"):
        out = subprocess.run(
            ["pg_config", "--bindir"], capture_output=True, text=True, check=False
        ).stdout.strip()
        if out and (Path(out) / "initdb").exists():
            return Path(out)
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(cmd: list[str]) -> list[str]:
    """Prefix a command so it runs as the cluster's owner (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", OS_USER, "--", *cmd]


def _ensure_os_user() -> None:
    if os.geteuid() != 0:
        return
    try:
        pwd.getpwnam(OS_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", OS_USER],
            check=True,
            capture_output=True,
        )


def _chown(path: Path) -> None:
    if os.geteuid() == 0:
        user = pwd.getpwnam(OS_USER)
        os.chown(path, user.pw_uid, user.pw_gid)


@dataclass
class Cluster:
    """A running throwaway cluster; `url` connects as the superuser to database `postgres`."""

    root: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://{OS_USER}@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        return self.root / "data"

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete the cluster."""
        stop(self.root)


def _run(cmd: list[str], what: str) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        detail = (proc.stderr or proc.stdout).strip().splitlines()
        msg = f"{what} failed: {detail[-1] if detail else proc.returncode}"
        raise RuntimeError(msg)


def start(root: Path | None = None, *, durable: bool = False) -> Cluster:
    """initdb a cluster under `root` (a new temp dir by default) and start it on a free port.

    Raises:
        RuntimeError: No server binaries, or initdb or the server failed; the message says why.
    """
    bindir = find_bindir()
    if bindir is None:
        raise RuntimeError(NO_BINARIES)
    _ensure_os_user()
    # Not under pytest's tmp_path: that is private to root (0700), and the server runs as
    # the postgres user, who must be able to reach its data directory.
    root = Path(root) if root is not None else Path(tempfile.mkdtemp(prefix="loopguard-pg-"))
    root.mkdir(parents=True, exist_ok=True)
    root.chmod(0o755)
    _chown(root)
    cluster = Cluster(root, 0)
    _run(
        _as_server_user(
            [
                str(bindir / "initdb"),
                "-D",
                str(cluster.data),
                "-U",
                OS_USER,
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ]
        ),
        "initdb",
    )
    last = ""
    for _ in range(5):  # a free port can be taken between the probe and the bind: retry
        port = _free_port()
        settings = (*SETTINGS, *(() if durable else FAST))
        options = " ".join([f"-p {port}", f"-k {cluster.data}", *(f"-c {s}" for s in settings)])
        proc = subprocess.run(
            _as_server_user(
                [
                    str(bindir / "pg_ctl"),
                    "-D",
                    str(cluster.data),
                    "-l",
                    str(cluster.data / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    options,
                    "start",
                ]
            ),
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode == 0:
            cluster.port = port
            (root / "port").write_text(str(port))
            return cluster
        log = cluster.data / "server.log"
        last = log.read_text().strip().splitlines()[-1] if log.exists() else proc.stderr
    msg = f"PostgreSQL did not start: {last}"
    raise RuntimeError(msg)


def stop(root: Path | str) -> None:
    """Stop the cluster under `root` if it runs, then delete it."""
    root = Path(root)
    bindir = find_bindir()
    data = root / "data"
    if bindir is not None and (data / "postmaster.pid").exists():
        subprocess.run(
            _as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
            capture_output=True,
            check=False,
        )
    shutil.rmtree(root, ignore_errors=True)


def create_database(server_url: str, prefix: str = "lg", *, name: str | None = None) -> str:
    """A new, empty database on the server (a random name unless given); returns its URL."""
    import psycopg

    name = name or f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True, connect_timeout=10) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = server_url.rpartition("/")
    return f"{base}/{name}"


def drop_database(server_url: str, url: str) -> None:
    """Drop a database made by `create_database`, disconnecting whoever still uses it."""
    import psycopg

    name = url.rpartition("/")[2]
    with (
        contextlib.suppress(psycopg.Error),
        psycopg.connect(server_url, autocommit=True, connect_timeout=10) as conn,
    ):
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def wait_ready(server_url: str, timeout: float = 30.0) -> None:
    """Block until the server accepts connections.

    Raises:
        RuntimeError: It did not, within `timeout` seconds; the message has the server's error.
    """
    import psycopg

    deadline = time.monotonic() + timeout
    while True:
        try:
            with psycopg.connect(server_url, connect_timeout=5) as conn:
                conn.execute("SELECT 1")
            return
        except psycopg.OperationalError as exc:
            if time.monotonic() > deadline:
                first = str(exc).strip().splitlines()[0]
                msg = f"PostgreSQL at {server_url} is not reachable: {first}"
                raise RuntimeError(msg) from None
            time.sleep(0.2)


def main(argv: list[str]) -> int:
    """`start DIR` prints an export line for the URL; `stop DIR` stops and deletes it."""
    durable = "--durable" in argv
    argv = [a for a in argv if a != "--durable"]
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: python -m tests.pgserver start|stop DIR [--durable]", file=sys.stderr)
        return 2
    if argv[0] == "stop":
        stop(argv[1])
        return 0
    try:
        cluster = start(Path(argv[1]), durable=durable)
        wait_ready(cluster.url)
        url = create_database(cluster.url, name=CI_DATABASE)
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"export {PG_URL_ENV}={url}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
