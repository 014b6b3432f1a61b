"""Two processes resume the same pending thread: one write, one final state, a clean loser.

The thread's lease decides who runs; the loser exits 1 with one line naming the owner, or
with `--wait` waits and reports the state the winner left. To make the overlap certain rather
than likely, the winner is held at the door of its write tool by a gate the test opens
(`tests.crashkit:GATED`, whose write tool has no timeout to race), and every wait is on an
event (the lease taken, the tool reached, the loser waiting), never on a sleep, so the tests
hold on a loaded machine. The lease races run on a SQLite file and on a PostgreSQL database
(`db_url` in tests/backends.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checkpoints.lease import HOST, start_time, thread_lease
from tests.crashkit import (
    GATED_SPEC,
    PROCESS_TIMEOUT_S,
    TID,
    Workdir,
    at_gate,
    dead_pid,
    gate_shut,
    normalized,
    one_line_error,
    query,
    wait_for,
)
from tools.errors import AgentError

KILLED = -signal.SIGKILL


def _pending_before_write(w: Workdir) -> None:
    """A thread killed right before `execute` runs the write, as a supervisor would find it.

    It runs the gated domain (ungated here), so a resume can be held at its write tool.
    """
    proc = w.run_demo("--domain", GATED_SPEC, env={"LOOPGUARD_CRASH_AFTER_STEP": "4"})
    assert proc.returncode == KILLED
    assert w.audit() == {}


def _lease_pid(w: Workdir) -> int | None:
    rows = w.leases()
    return rows[0]["pid"] if rows else None


def _lease(w: Workdir) -> dict[str, Any]:
    rows = w.leases()
    return rows[0] if rows else {}


def _finish(proc: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _held_at_the_write(w: Workdir, gate: str, env: dict[str, str]) -> subprocess.Popen[str]:
    """A resume that holds the lease and stands at its write tool's gate."""
    first = w.popen("resume", "--thread-id", TID, "--json", env=env)
    wait_for(lambda: at_gate(gate), what="the first resume to reach its write tool", alive=[first])
    assert _lease_pid(w) == first.pid
    return first


def _uncrashed(tmp_path: Path) -> dict[str, object]:
    w = Workdir(tmp_path / "uncrashed")
    proc = w.run_demo()
    assert proc.returncode == 0, proc.stderr
    return normalized(json.loads(proc.stdout))


def test_second_resume_gets_a_clear_error_while_the_first_runs(tmp_path: Path, db_url: str) -> None:
    w = Workdir(tmp_path / "w", db_url)
    _pending_before_write(w)
    with gate_shut(w.root) as (gate, env):
        first = _held_at_the_write(w, gate, env)
        second = w.cli("resume", "--thread-id", TID, "--json")
        assert first.poll() is None, "the first resume must still be running"
    winner = _finish(first)

    assert second.returncode == 1
    line = one_line_error(second)
    assert f"thread '{TID}' is being run by another process (pid {first.pid} on {HOST}" in line
    assert "--wait SECONDS" in line
    assert winner.returncode == 0, winner.stderr
    assert normalized(json.loads(winner.stdout)) == _uncrashed(tmp_path)
    assert w.metric_rows() == 1
    assert w.audit() == {"record_metric": 1, "get_metric_trend": 1}
    assert w.leases() == [], "the winner releases its lease"


def test_waiting_resume_reports_the_state_the_winner_left(tmp_path: Path) -> None:
    w = Workdir(tmp_path / "w")
    _pending_before_write(w)
    with gate_shut(w.root) as (gate, env):
        first = _held_at_the_write(w, gate, env)
        # Waits as long as the winner runs: the bound is only a safety net.
        second = w.popen("resume", "--thread-id", TID, "--wait", str(PROCESS_TIMEOUT_S), "--json")
        wait_for(
            lambda: any(
                e["event"] == "lease_wait" and e["pid"] == second.pid for e in w.trace_events()
            ),
            what="the second resume to wait for the lease",
            alive=[second],
        )
        assert first.poll() is None, "the winner is still held at its write tool"
    a, b = _finish(first), _finish(second)
    assert (a.returncode, b.returncode) == (0, 0), (a.stderr, b.stderr)
    assert json.loads(a.stdout)["status"] == "completed"
    assert normalized(json.loads(b.stdout)) == normalized(json.loads(a.stdout))
    assert w.metric_rows() == 1
    assert w.audit() == {"record_metric": 1, "get_metric_trend": 1}


def test_simultaneous_resumes_write_once(tmp_path: Path, new_db: Callable[[Path], str]) -> None:
    """Both started at the same instant after a crash inside the write tool."""
    expected = _uncrashed(tmp_path)
    for round_no in range(2):
        root = tmp_path / f"r{round_no}"
        w = Workdir(root, new_db(root))
        proc = w.run_demo(env={"LOOPGUARD_CRASH_AFTER_EFFECT": "record_metric"})
        assert proc.returncode == KILLED
        procs = [w.popen("resume", "--thread-id", TID, "--json") for _ in range(2)]
        done = [_finish(p) for p in procs]
        codes = sorted(p.returncode for p in done)
        assert codes == [0, 1], [p.stderr for p in done]
        winner = next(p for p in done if p.returncode == 0)
        loser = next(p for p in done if p.returncode == 1)
        line = one_line_error(loser)
        print(f"\nsimultaneous resume {round_no}: loser got: {line}")
        # The loser either met the lease or arrived after the winner had finished.
        assert "is being run by another process" in line or "already finished" in line, line
        assert normalized(json.loads(winner.stdout)) == expected
        assert w.metric_rows() == 1
        assert w.audit() == {"record_metric": 1, "get_metric_trend": 1}
        shown = w.cli("show", "--thread-id", TID, "--json")
        assert normalized(json.loads(shown.stdout)) == expected


def test_lease_of_a_killed_process_does_not_block_resume(tmp_path: Path, db_url: str) -> None:
    w = Workdir(tmp_path / "w", db_url)
    _pending_before_write(w)
    stale = w.leases()
    assert len(stale) == 1, "SIGKILL leaves the lease row behind"
    assert stale[0]["expires_at"] > time.time(), "and it has not even expired"
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"


def _plant_lease(
    w: Workdir, *, host: str, pid: int, expires_in: float, started: str = "planted"
) -> None:
    conn = sqlite3.connect(w.db)
    now = time.time()
    conn.execute(
        "INSERT OR REPLACE INTO thread_leases VALUES (?, ?, ?, ?, ?, ?)",
        (TID, f"{host}:{pid}:{started}:x", host, pid, now, now + expires_in),
    )
    conn.commit()
    conn.close()


def test_lease_from_another_host_blocks_until_it_expires(tmp_path: Path) -> None:
    w = Workdir(tmp_path / "w")
    _pending_before_write(w)
    _plant_lease(w, host="other-host", pid=4242, expires_in=60)
    busy = w.cli("resume", "--thread-id", TID)
    assert busy.returncode == 1
    assert "pid 4242 on other-host" in one_line_error(busy)

    _plant_lease(w, host="other-host", pid=4242, expires_in=-1)
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 0, proc.stderr


def test_dead_pid_on_this_host_frees_the_lease_at_once(tmp_path: Path) -> None:
    w = Workdir(tmp_path / "w")
    _pending_before_write(w)
    _plant_lease(w, host=HOST, pid=dead_pid(), expires_in=600)
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 0, proc.stderr


def test_reused_pid_does_not_hold_a_lease(tmp_path: Path) -> None:
    """The owner's pid now belongs to another live process: its start time gives it away."""
    w = Workdir(tmp_path / "w")
    _pending_before_write(w)
    live = os.getpid()  # alive, but it started long before the planted "owner" did
    _plant_lease(w, host=HOST, pid=live, expires_in=600, started=str(10**12))
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 0, proc.stderr

    _pending_before_write(Workdir(tmp_path / "v"))
    v = Workdir(tmp_path / "v")
    _plant_lease(v, host=HOST, pid=live, expires_in=600, started=start_time(live) or "")
    busy = v.cli("resume", "--thread-id", TID)
    assert busy.returncode == 1, "the same pid with its own start time is the live owner"
    assert f"pid {live} on {HOST}" in one_line_error(busy)


def test_heartbeat_keeps_a_long_run_leased(tmp_path: Path) -> None:
    """A run longer than the lease TTL keeps its lease while its process is alive.

    The TTL is short for a test but long against a busy scheduler (a beat every second); the
    test waits for the event that proves the heartbeat, the expiry pushed past two TTLs after
    the lease was taken, then sends the loser.
    """
    w = Workdir(tmp_path / "w")
    _pending_before_write(w)
    ttl_s = 3.0
    ttl = {"LOOPGUARD_LEASE_TTL": str(ttl_s)}
    with gate_shut(w.root) as (gate, env):
        first = _held_at_the_write(w, gate, {**env, **ttl})
        taken = _lease(w)["acquired_at"]
        wait_for(
            lambda: _lease(w).get("expires_at", 0) > taken + 2 * ttl_s,
            what="the heartbeat to renew the lease past its first expiry",
            alive=[first],
        )
        second = w.cli("resume", "--thread-id", TID, env=ttl)
    winner = _finish(first)
    assert second.returncode == 1
    assert "is being run by another process" in one_line_error(second)
    assert winner.returncode == 0, winner.stderr
    assert w.metric_rows() == 1


async def test_a_holder_that_loses_its_lease_stops(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Paused past its TTL and taken over: the old holder's heartbeat notices and stops it."""
    monkeypatch.setenv("LOOPGUARD_LEASE_TTL", "0.3")
    db = db_url

    async def hold_while_stolen() -> None:
        async with thread_lease(db, "t"):
            query(db, "UPDATE thread_leases SET owner = 'other-host:1:x:y'")
            await asyncio.sleep(PROCESS_TIMEOUT_S)  # ended by the heartbeat's cancel, not this

    with pytest.raises(AgentError, match=r"thread 't': this process lost its lease"):
        await hold_while_stolen()
