"""Bad input and faults: each gets one line on stderr and exit code 1, never a traceback.

Tests run as root, and root ignores permission bits, so "unwritable" uses paths that fail for
root too: a database path whose parent is a regular file, and one under /proc.
"""

from __future__ import annotations

import asyncio
import json
import math
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from checkpoints.db import connect
from graph.cli import main
from graph.runner import resume_thread
from tests.crashkit import DEMO, REPO, TID, Workdir, child_env, one_line_error
from tools.errors import AgentError, ConfigError

KILLED = -signal.SIGKILL

HOLD_LOCK = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
"""


def _pending(w: Workdir) -> None:
    proc = w.run_demo(env={"LOOPGUARD_CRASH_AFTER_STEP": "4"})
    assert proc.returncode == KILLED


def _hold_lock(db: str, seconds: float) -> subprocess.Popen[str]:
    """Another process holding the database's write lock for `seconds`."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, db, str(seconds)],
        cwd=REPO,
        env=child_env(),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "locked"
    return holder


# --- unknown thread -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["resume", "show"])
def test_unknown_thread_id(tmp_path: Path, command: str) -> None:
    w = Workdir(tmp_path)
    assert w.run_demo().returncode == 0
    proc = w.cli(command, "--thread-id", "no-such-thread")
    assert proc.returncode == 1
    assert one_line_error(proc) == (
        f"error: unknown thread 'no-such-thread' in {w.db}; list threads with: "
        f"python -m graph threads --db {w.db}"
    )


def _in_process(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """`python -m graph` without the process start: main() returns the exit code it uses."""
    code = main(list(argv))
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return code, err[0]


@pytest.mark.parametrize("command", [["resume", "--thread-id", TID], ["threads"]])
def test_missing_database_file_is_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    db = str(tmp_path / "agent.sqlite")
    code, line = _in_process(capsys, *command, "--db", db)
    assert code == 1
    assert line == f"error: database {db}: no such file; run a request first or pass the right --db"
    assert not Path(db).exists()


# --- unwritable database ------------------------------------------------------------------------


def test_database_under_a_regular_file_is_unwritable(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where a directory should be\n")
    db = blocker / "agent.sqlite"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "graph",
            "run",
            DEMO,
            "--db",
            str(db),
            "--store",
            str(tmp_path / "s"),
        ],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert one_line_error(run) == (
        f"error: database {db}: cannot write there ({blocker} is a file, not a directory); "
        "pass a writable --db path"
    )
    resume = subprocess.run(
        [sys.executable, "-m", "graph", "resume", "--thread-id", TID, "--db", str(db)],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert resume.returncode == 1
    assert "cannot write there" in one_line_error(resume)


def test_database_on_a_virtual_file_system_is_unwritable(tmp_path: Path) -> None:
    db = "/proc/self/agent.sqlite"
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "run", DEMO, "--db", db, "--store", str(tmp_path / "s")],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    line = one_line_error(proc)
    assert line.startswith(f"error: database {db}: cannot write there (")
    assert line.endswith("); pass a writable --db path")


# --- locked database ----------------------------------------------------------------------------


def test_database_locked_longer_than_the_busy_timeout(tmp_path: Path) -> None:
    w = Workdir(tmp_path)
    _pending(w)
    holder = _hold_lock(w.db, 30)
    try:
        started = time.monotonic()
        proc = w.cli("resume", "--thread-id", TID, env={"LOOPGUARD_BUSY_TIMEOUT_MS": "300"})
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.wait()
    assert proc.returncode == 1
    assert one_line_error(proc) == (
        f"error: database {w.db}: locked by another process for over 0.3s; retry when it "
        "finishes (wait longer with LOOPGUARD_BUSY_TIMEOUT_MS=MILLISECONDS)"
    )
    print(f"\nlocked database: gave up after {waited:.1f}s (process start included)")
    assert w.audit() == {}, "nothing ran"
    # The thread is intact: once the lock is gone it resumes as if nothing happened.
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"
    assert w.metric_rows() == 1


def test_database_locked_briefly_is_a_clean_wait(tmp_path: Path) -> None:
    w = Workdir(tmp_path)
    _pending(w)
    holder = _hold_lock(w.db, 1.0)
    proc = w.cli("resume", "--thread-id", TID, "--json", env={"LOOPGUARD_BUSY_TIMEOUT_MS": "20000"})
    holder.wait()
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert json.loads(proc.stdout)["status"] == "completed"
    assert w.metric_rows() == 1


def test_bad_busy_timeout_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOOPGUARD_BUSY_TIMEOUT_MS", "soon")
    db = str(tmp_path / "agent.sqlite")
    code, line = _in_process(capsys, "run", DEMO, "--db", db)
    assert code == 1
    assert (
        line == "error: LOOPGUARD_BUSY_TIMEOUT_MS='soon': expected a whole number of milliseconds"
    )


# --- not a SQLite file --------------------------------------------------------------------------


def test_not_a_sqlite_file(tmp_path: Path) -> None:
    w = Workdir(tmp_path)
    Path(w.db).write_text("name,value\nthis is a csv,1\n")
    proc = w.run_demo()
    assert proc.returncode == 1
    assert (
        one_line_error(proc) == f"error: database {w.db}: not a SQLite file; pass another --db path"
    )
    assert Path(w.db).read_text().startswith("name,value"), "the file is left as it was"


@pytest.mark.parametrize(
    "command", [["resume", "--thread-id", TID], ["show", "--thread-id", TID], ["threads"]]
)
def test_not_a_sqlite_file_for_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    db = tmp_path / "agent.sqlite"
    db.write_bytes(b"\x00\x01 binary junk, not SQLite")
    code, line = _in_process(capsys, *command, "--db", str(db))
    assert code == 1
    assert line == f"error: database {db}: not a SQLite file; pass another --db path"
    assert db.read_bytes().startswith(b"\x00\x01 binary junk")


# --- two processes at once ----------------------------------------------------------------------


def test_run_on_a_thread_another_process_is_running(tmp_path: Path) -> None:
    """`run` takes the same lease as `resume`: a second driver gets one line, not a race."""
    w = Workdir(tmp_path)
    assert w.run_demo().returncode == 0
    # The first run blocks inside its write until the holder is killed below. On a loaded
    # machine a process may take tens of seconds to start, so both waits are generous.
    holder = _hold_lock(str(Path(w.store)), 180)
    try:
        first = w.popen("run", DEMO, "--thread-id", TID, "--json")
        deadline = time.monotonic() + 120
        while not w.leases() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert w.leases(), "the first run took no lease in 120 s"
        second = w.cli("run", DEMO, "--thread-id", TID)
    finally:
        holder.kill()
        holder.wait()
    out, err = first.communicate(timeout=60)
    assert second.returncode == 1
    assert f"thread '{TID}' is being run by another process (pid {first.pid}" in one_line_error(
        second
    )
    assert first.returncode == 0, err
    assert json.loads(out)["status"] == "completed"
    assert w.metric_rows() == 2, "two requests on one thread: two writes, one each"


def test_connections_opening_a_fresh_database_together(tmp_path: Path) -> None:
    """Switching a new file to WAL fails at once for the loser of a race unless retried."""
    errors: list[str] = []

    def open_and_write(path: str) -> None:
        try:
            conn = connect(path)
            conn.execute("CREATE TABLE IF NOT EXISTS t (x)")
            conn.close()
        except AgentError as exc:
            errors.append(str(exc))

    for i in range(40):
        path = str(tmp_path / f"fresh-{i}.sqlite")
        threads = [threading.Thread(target=open_and_write, args=(path,)) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []


# --- settings no run could use: refused before anything is stored ------------------------------


@pytest.mark.parametrize(
    ("url", "shown", "why"),
    [
        (
            "postgresql://user@127.0.0.1:99999/x",
            "postgresql://user@127.0.0.1:99999/x",
            "port 99999 is out of range 1-65535",
        ),
        (
            "postgresql://user:secret@127.0.0.1:99999/x",
            "postgresql://user:***@127.0.0.1:99999/x",
            "port 99999 is out of range 1-65535",
        ),
        (
            "postgresql://user@127.0.0.1:0/x",
            "postgresql://user@127.0.0.1:0/x",
            "port 0 is out of range 1-65535",
        ),
        ("postgresql://user@[::1/x", "postgresql://user@[::1/x", "Invalid IPv6 URL"),
    ],
    ids=["port-99999", "password-masked", "port-0", "broken-ipv6"],
)
@pytest.mark.parametrize("command", [["run", DEMO], ["resume", "--thread-id", TID], ["threads"]])
def test_a_postgres_url_that_cannot_be_parsed(
    capsys: pytest.CaptureFixture[str], command: list[str], url: str, shown: str, why: str
) -> None:
    code, line = _in_process(capsys, *command, "--db", url)
    assert code == 1
    assert line == (
        f"error: database {shown}: not a usable PostgreSQL URL ({why}); expected "
        "postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
    )
    assert "secret" not in line


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-5", "0", "soon"])
@pytest.mark.parametrize(
    "command", [["run", DEMO, "--thread-id", TID], ["resume", "--thread-id", TID]]
)
def test_bad_lease_lifetime_setting(tmp_path: Path, command: list[str], value: str) -> None:
    w = Workdir(tmp_path)
    proc = w.cli(*command, env={"LOOPGUARD_LEASE_TTL": value})
    assert proc.returncode == 1
    assert one_line_error(proc) == (
        f"error: LOOPGUARD_LEASE_TTL={value!r}: expected a positive, finite number of seconds"
    )
    assert not Path(w.db).exists(), "refused before the database was opened"
    assert w.audit() == {}


@pytest.mark.parametrize(("value", "shown"), [("nan", "nan"), ("-1", "-1"), ("-0.5", "-0.5")])
def test_bad_wait(tmp_path: Path, value: str, shown: str) -> None:
    w = Workdir(tmp_path)
    _pending(w)
    ran, leases = w.audit(), w.leases()

    proc = w.cli("resume", "--thread-id", TID, f"--wait={value}")

    assert proc.returncode == 2
    assert one_line_error(proc) == f"error: --wait {shown}: expected a number of seconds, 0 or more"
    assert w.audit() == ran, "nothing ran"
    assert w.leases() == leases, "the lease was not even asked for"
    # The thread is intact, and --wait inf (until the other process is done) is accepted.
    proc = w.cli("resume", "--thread-id", TID, "--wait", "inf", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"
    assert w.metric_rows() == 1


def test_wait_nan_from_python_is_refused(tmp_path: Path) -> None:
    """A NaN deadline never passes: from Python it would wait forever on a busy thread."""
    w = Workdir(tmp_path)
    _pending(w)
    ran = w.audit()
    with pytest.raises(ConfigError, match=r"^--wait nan: expected a number of seconds, 0 or more$"):
        asyncio.run(resume_thread(TID, db=w.db, wait_s=math.nan))
    assert w.audit() == ran


HALF_WRITE = """
import os, signal, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA cache_size=5")
conn.execute("CREATE TABLE IF NOT EXISTS scratch (x TEXT)")
conn.execute("BEGIN")
conn.executemany("INSERT INTO scratch VALUES (?)", [("x" * 200,)] * 3000)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _half_written(path: str) -> None:
    """Leave `path` as a writer SIGKILLed mid-transaction does: pages spilled, a hot journal."""
    proc = subprocess.run([sys.executable, "-c", HALF_WRITE, path], cwd=REPO, check=False)
    assert proc.returncode == KILLED
    assert Path(f"{path}-journal").stat().st_size > 0, "no hot journal: nothing to test"


def _scratch_rows(path: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM scratch").fetchone()[0])
    finally:
        conn.close()


def test_a_store_left_half_written_by_a_killed_process_is_repaired_on_resume(
    tmp_path: Path,
) -> None:
    """A run killed while its first store connection wrote leaves a hot journal behind.

    A read-only probe cannot roll that back and SQLite answers "attempt to write a readonly
    database": the up-front store check took that for an unusable path, so `resume` failed
    on every try and the thread could never finish (seen once in CI's random kills).
    """
    w = Workdir(tmp_path)
    _pending(w)
    assert not Path(w.store).exists(), "the kill came before any tool call"
    _half_written(w.store)

    proc = w.cli("resume", "--thread-id", TID, "--json")

    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"
    assert w.metric_rows() == 1
    assert sum(w.audit().values()) == 2, "each of the demo's two calls ran once"
    assert _scratch_rows(w.store) == 0, "the killed transaction was rolled back"
    assert not Path(f"{w.store}-journal").exists()


def test_a_checkpoint_file_left_half_written_by_a_killed_process_is_used(tmp_path: Path) -> None:
    w = Workdir(tmp_path)
    _half_written(w.db)

    proc = w.run_demo()

    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"
    assert w.metric_rows() == 1
    assert _scratch_rows(w.db) == 0, "the killed transaction was rolled back"


@pytest.mark.parametrize("kind", ["text file", "directory", "under a file"])
def test_a_store_that_cannot_be_a_database_is_refused_up_front(tmp_path: Path, kind: str) -> None:
    w = Workdir(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("these are my notes, not a database\n" * 20)
    store, expected = {
        "text file": (
            notes,
            f"store {notes}: not a SQLite database; pass another --store path or delete the file",
        ),
        "directory": (
            tmp_path,
            f"store {tmp_path}: a directory, not a SQLite file; pass a file path with --store",
        ),
        "under a file": (
            notes / "business.sqlite",
            f"store {notes / 'business.sqlite'}: {notes} is a file, not a directory; check the "
            "path and its permissions",
        ),
    }[kind]
    argv = [sys.executable, "-m", "graph", "run", DEMO, "--db", w.db, "--store", str(store)]

    proc = subprocess.run(
        [*argv, "--json"], cwd=REPO, env=child_env(), capture_output=True, text=True, check=False
    )

    assert proc.returncode == 1, proc.stdout
    assert one_line_error(proc) == f"error: {expected}"
    assert not Path(w.db).exists(), "no thread was started"
    assert notes.read_text().startswith("these are my notes"), "the file is left alone"
