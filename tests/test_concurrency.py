"""Fifty runs on fifty threads at once, on one SQLite file and on one PostgreSQL database.

SQLite gets fifty real CLI processes started together (one host, one file, file locks between
processes). Both backends also get fifty asyncio tasks in this process, each with its own
checkpointer connection (the server sees fifty clients either way, and the crash and lease
tests already drive PostgreSQL from separate processes).
Each run must complete with no "database is locked", every thread's final checkpoint must be
there with the same history a solo run leaves, the threads index must agree, and the ledger
must hold one succeeded write per thread. `pytest -s` prints the contention measured; the
timings are printed, never asserted.

The runs wait for each other's locks as long as that takes: the busy timeout is lifted to a
safety net for these tests. Fifty processes queue behind one file's write lock, and on a
loaded 2-core machine a lock holder can be off the CPU for seconds, so the interactive
default (10 s, `checkpoints/db.py`) measured the machine's load, not a defect.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checkpoints.db import BUSY_TIMEOUT_ENV
from graph.evals.concurrency import Report, measure, render

RUNS = 50
PATIENT_BUSY_TIMEOUT_MS = 600_000
"""Ten minutes: only a hang would reach it."""


@pytest.fixture(autouse=True)
def _patient_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every run (the CLI processes inherit it) waits for a lock until it is free."""
    monkeypatch.setenv(BUSY_TIMEOUT_ENV, str(PATIENT_BUSY_TIMEOUT_MS))


def _assert_clean(report: Report) -> None:
    print("\n" + render(report))
    assert report.lock_errors == 0, report.errors
    assert report.failed == 0, report.errors
    assert report.completed == RUNS
    assert report.lost_checkpoints == 0, report.errors
    assert report.index_mismatches == 0, report.errors
    assert report.ledger_succeeded == RUNS
    assert report.clean


def test_fifty_cli_processes_on_one_sqlite_file(tmp_path: Path) -> None:
    _assert_clean(measure(str(tmp_path / "agent.sqlite"), RUNS, workdir=tmp_path / "runs"))


def test_fifty_runs_at_once_in_one_process(db_url: str, tmp_path: Path) -> None:
    """Both backends: fifty tasks, each with its own checkpointer connection."""
    _assert_clean(measure(db_url, RUNS, mode="tasks", workdir=tmp_path / "runs"))
