"""The exactly-once ledger and the executor's use of it, on a real SQLite file and a real
PostgreSQL database (every test runs on both: `db_url` in tests/backends.py).

Executions are counted in the business store's `tool_audit`, which every tool function writes
on entry, so "not executed" below means the tool function was never entered.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sqlite3
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from checkpoints.ledger import Ledger
from nodes.execute import KeyScope, idempotency_key
from nodes.executor.run import KEY_CONFLICT, execute_call, key_args_hash
from tests.conftest import METRIC_REQUEST_EN, Harness
from tests.crashkit import forge_dead_owner, query
from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.examples import REGISTRY, RecordMetricArgs
from tools.store import count_executions

RECORD = REGISTRY.get("record_metric")
assert RECORD is not None
NO_RECONCILE = dataclasses.replace(RECORD, reconcile=None)
TODAY = date.today().isoformat()


@pytest.fixture
def paths(tmp_path: Path, db_url: str) -> tuple[str, str]:
    return db_url, str(tmp_path / "business.sqlite")


@pytest.fixture
def harness(tmp_path: Path, db_url: str) -> Harness:
    return Harness(tmp_path, db_url)


def _ctx(store: str, key: str, thread: str = "t1") -> ToolContext:
    return ToolContext(
        user_id="demo-user",
        tenant="demo",
        roles=("member",),
        thread_id=thread,
        store_path=store,
        idempotency_key=key,
    )


def _args(value: str = "150/95") -> RecordMetricArgs:
    return RecordMetricArgs.model_validate({"value": value, "date": TODAY})


SCOPE = KeyScope(database_id="adb_test", tenant="demo", user_id="demo-user", thread_id="t1")


def _key(args: BaseModel, task_seq: int = 1) -> str:
    return idempotency_key(SCOPE, task_seq, "record_metric", args.model_dump(mode="json"))


def _rows(store: str) -> int:
    conn = sqlite3.connect(store)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM metrics").fetchone()[0])
    finally:
        conn.close()


async def _run(
    spec: ToolSpec, db: str, store: str, args: BaseModel, key: str, call_id: str, **kw: Any
) -> Any:
    return await execute_call(
        spec, args, _ctx(store, key), ledger=Ledger(db), call_id=call_id, **kw
    )


async def test_same_key_with_different_arguments_is_rejected(paths: tuple[str, str]) -> None:
    db, store = paths
    ledger = Ledger(db)
    first = await ledger.claim("k1", thread_id="t1", tool="record_metric", args_hash="aaa")
    second = await ledger.claim("k1", thread_id="t1", tool="record_metric", args_hash="bbb")
    assert first.claimed
    assert not second.claimed
    assert second.conflict

    key = _key(_args("150/95"))
    ok = await _run(RECORD, db, store, _args("150/95"), key, "c1")
    assert ok.result.ok
    other = await _run(RECORD, db, store, _args("120/80"), key, "c2")
    assert not other.result.ok
    assert other.result.error_type == "conflict"
    assert other.result.message == KEY_CONFLICT.format(tool="record_metric")
    assert other.executed is False
    assert count_executions(store, "record_metric") == 1
    assert _rows(store) == 1


async def test_duplicate_of_a_success_returns_the_stored_receipt(paths: tuple[str, str]) -> None:
    db, store = paths
    args = _args()
    key = _key(args)
    first = await _run(RECORD, db, store, args, key, "c1")
    again = await _run(RECORD, db, store, args, key, "c2")
    assert first.executed is True
    assert again.executed is False, "another call's receipt: not an execution of this call"
    assert again.result == first.result
    assert again.result.data["record_id"] == "m_1"
    assert count_executions(store, "record_metric") == 1

    # The same call replayed (a resume after a crash) gets the receipt too, and it counts
    # as that call's execution, because it is: the effect happened once, for this call.
    replay = await _run(RECORD, db, store, args, key, "c1")
    assert replay.executed is True
    assert replay.result == first.result
    assert count_executions(store, "record_metric") == 1
    rows = await Ledger(db).rows("t1")
    assert [(r["status"], r["attempts"]) for r in rows] == [("succeeded", 1)]


async def test_new_request_on_the_same_thread_gets_a_new_key(harness: Harness) -> None:
    first = await harness.run(METRIC_REQUEST_EN, thread_id="same")
    second = await harness.run(METRIC_REQUEST_EN, thread_id="same")
    assert first["status"] == second["status"] == "completed"
    assert harness.executions("record_metric") == 2
    assert _rows(harness.store) == 2
    rows = await Ledger(harness.db).rows("same")
    assert len(rows) == 2
    assert rows[0]["idempotency_key"] != rows[1]["idempotency_key"]
    assert [r["status"] for r in rows] == ["succeeded", "succeeded"]
    assert first["evidence"]["metric_recorded"]["record_id"] == "m_1"
    assert second["evidence"]["metric_recorded"]["record_id"] == "m_2"


async def _orphan(db: str, key: str, args: BaseModel, call_id: str = "c1") -> None:
    """An in_progress claim whose process died: what a SIGKILL mid-effect leaves behind."""
    claim = await Ledger(db).claim(
        key, thread_id="t1", tool="record_metric", args_hash=key_args_hash(args), call_id=call_id
    )
    assert claim.claimed
    forge_dead_owner(db, key)


async def test_orphan_whose_effect_landed_is_reconciled_not_rerun(paths: tuple[str, str]) -> None:
    db, store = paths
    args = _args()
    key = _key(args)
    await _orphan(db, key, args)
    assert RECORD.fn is not None
    landed = await RECORD.fn(args, _ctx(store, key))  # the effect the dead process made
    assert count_executions(store, "record_metric") == 1

    run = await _run(RECORD, db, store, args, key, "c1")
    assert run.result.ok
    assert run.result.data["record_id"] == landed["record_id"]
    assert run.executed is True, "the replayed call's effect did happen, once"
    assert count_executions(store, "record_metric") == 1
    assert _rows(store) == 1
    row = (await Ledger(db).rows("t1"))[0]
    assert (row["status"], row["attempts"], row["resolution"]) == ("succeeded", 1, "reconciled")


async def test_orphan_whose_effect_never_landed_runs_once(paths: tuple[str, str]) -> None:
    db, store = paths
    args = _args()
    key = _key(args)
    await _orphan(db, key, args)
    run = await _run(RECORD, db, store, args, key, "c1")
    assert run.result.ok
    assert run.executed is True
    assert count_executions(store, "record_metric") == 1
    again = await _run(RECORD, db, store, args, key, "c1")
    assert again.result == run.result
    assert count_executions(store, "record_metric") == 1
    row = (await Ledger(db).rows("t1"))[0]
    assert (row["status"], row["attempts"], row["resolution"]) == ("succeeded", 2, "taken_over")


async def test_orphan_without_reconcile_is_unknown_until_a_human_approves(
    paths: tuple[str, str],
) -> None:
    db, store = paths
    args = _args()
    key = _key(args)
    await _orphan(db, key, args)

    for _ in range(2):  # a replay or a model retry never runs it blindly
        run = await _run(NO_RECONCILE, db, store, args, key, "c1")
        assert run.result.error_type == "unknown_outcome"
        assert run.executed is False
        assert key in run.result.message
        assert "no reconcile lookup" in run.result.message
        assert run.result.data["idempotency_key"] == key
        assert run.result.data["attempts"] == 1
    assert count_executions(store, "record_metric") == 0
    assert (await Ledger(db).rows("t1"))[0]["status"] == "unknown"

    # Two approvals racing (a double click, two operators): the take-over lets one run.
    approvals = await asyncio.gather(
        _run(NO_RECONCILE, db, store, args, key, "human_1", human_approved=True),
        _run(NO_RECONCILE, db, store, args, key, "human_2", human_approved=True),
    )
    assert all(a.result.ok for a in approvals)
    assert sorted(a.executed for a in approvals) == [False, True]
    assert count_executions(store, "record_metric") == 1
    assert _rows(store) == 1
    row = (await Ledger(db).rows("t1"))[0]
    assert (row["status"], row["attempts"], row["resolution"]) == (
        "succeeded",
        2,
        "human_approved",
    )
    later = await _run(NO_RECONCILE, db, store, args, key, "human_3", human_approved=True)
    assert later.executed is False, "approval re-runs an unknown outcome, never a success"
    assert count_executions(store, "record_metric") == 1


async def test_orphan_whose_lookup_fails_is_unknown_with_the_reason(paths: tuple[str, str]) -> None:
    """A reconcile lookup that raises cannot tell: a human decides, and is told why."""
    db, store = paths

    def lookup_down(key: str, ctx: ToolContext) -> ToolResult | None:
        msg = "lookup service down"
        raise RuntimeError(msg)

    spec = dataclasses.replace(RECORD, reconcile=lookup_down)
    args = _args()
    key = _key(args)
    await _orphan(db, key, args)
    for _ in range(2):  # every replay: the same one-line answer, nothing run
        run = await _run(spec, db, store, args, key, "c1")
        assert run.result.error_type == "unknown_outcome"
        assert run.executed is False
        assert "its reconcile lookup failed: RuntimeError: lookup service down" in (
            run.result.message
        )
        assert run.result.data["lookup_error"] == "RuntimeError: lookup service down"
    assert count_executions(store, "record_metric") == 0
    row = (await Ledger(db).rows("t1"))[0]
    assert row["status"] == "unknown"
    assert json.loads(row["receipt"])["lookup_error"] == "RuntimeError: lookup service down"

    approved = await _run(spec, db, store, args, key, "human_1", human_approved=True)
    assert approved.result.ok
    assert approved.executed is True
    assert count_executions(store, "record_metric") == 1
    assert _rows(store) == 1
    row = (await Ledger(db).rows("t1"))[0]
    assert (row["status"], row["resolution"]) == ("succeeded", "human_approved")


async def test_write_running_elsewhere_is_waited_for_not_duplicated(
    paths: tuple[str, str],
) -> None:
    """Two calls with one key at the same moment: one runs, the other gets its receipt."""
    db, store = paths
    entered = 0

    async def slow_write(args: Any, ctx: ToolContext) -> ToolResult:
        nonlocal entered
        entered += 1
        await asyncio.sleep(0.3)
        return ToolResult.success({"record_id": "slow-1"})

    spec = dataclasses.replace(RECORD, fn=slow_write, reconcile=None, timeout_s=2.0)
    args = _args()
    key = _key(args)
    a, b = await asyncio.gather(
        _run(spec, db, store, args, key, "c1"), _run(spec, db, store, args, key, "c2")
    )
    assert entered == 1
    assert a.result.data == b.result.data == {"record_id": "slow-1"}
    assert sorted([a.executed, b.executed]) == [False, True]


async def test_failed_for_certain_is_claimed_again(paths: tuple[str, str]) -> None:
    db, _ = paths
    ledger = Ledger(db)
    await ledger.claim("k", thread_id="t1", tool="record_metric", args_hash="h")
    await ledger.finish("k", "failed", {"ok": False, "error_type": "business"})
    again = await ledger.claim("k", thread_id="t1", tool="record_metric", args_hash="h")
    assert again.claimed
    assert again.attempts == 2


async def test_older_ledger_table_gains_the_new_columns(db_url: str) -> None:
    db = db_url
    query(
        db,
        "CREATE TABLE tool_ledger (idempotency_key TEXT PRIMARY KEY, thread_id TEXT NOT NULL, "
        "tool TEXT NOT NULL, args_hash TEXT NOT NULL, status TEXT NOT NULL, receipt TEXT, "
        "attempts INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL DEFAULT '', "
        "updated_at TEXT NOT NULL DEFAULT '')",
    )
    claim = await Ledger(db).claim(
        "k", thread_id="t1", tool="record_metric", args_hash="h", call_id="c1"
    )
    assert claim.claimed
    row = (await Ledger(db).rows())[0]
    assert (row["call_id"], row["resolution"]) == ("c1", None)
