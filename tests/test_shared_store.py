"""Idempotency keys are unique to the agent database, the caller, the thread and the task.

One business backend often serves several agent databases (every `postgresql://` URL uses the
same default store; a SQLite agent file is deleted and made again) and several callers, whose
thread ids can be the same. A key made of the thread, the task and the arguments alone made
the backend hand the second writer the first one's row. Here two agent databases and two
callers share one store, on SQLite and PostgreSQL: every write lands once, in its own row, and
a reset agent database writes anew instead of being answered with an old receipt.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from checkpoints.ledger import Ledger
from checkpoints.storage import release
from graph.context import DEFAULT_STORE, Context
from graph.runner import run_request
from nodes.execute import KeyScope, idempotency_key
from tests.conftest import METRIC_REQUEST_EN
from tests.crashkit import child_env, query
from tests.pgserver import create_database, drop_database
from tools.store import count_executions

ARGS = {"value": "150/95", "date": "2026-11-28"}


CLI_RUN = (sys.executable, "-m", "graph", "run")


def _delete(db: str) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(db + suffix).unlink(missing_ok=True)


def _metric_rows(store: str) -> list[dict[str, Any]]:
    conn = sqlite3.connect(store)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM metrics ORDER BY id")]
    finally:
        conn.close()


def test_every_part_of_the_scope_changes_the_key_and_nothing_else_does() -> None:
    scope = KeyScope(database_id="adb_1", tenant="demo", user_id="alice", thread_id="t-1")
    key = idempotency_key(scope, 1, "record_metric", ARGS)
    assert key == idempotency_key(scope, 1, "record_metric", dict(reversed(ARGS.items())))
    others = [
        KeyScope(database_id="adb_2", tenant="demo", user_id="alice", thread_id="t-1"),
        KeyScope(database_id="adb_1", tenant="acme", user_id="alice", thread_id="t-1"),
        KeyScope(database_id="adb_1", tenant="demo", user_id="bob", thread_id="t-1"),
        KeyScope(database_id="adb_1", tenant="demo", user_id="alice", thread_id="t-2"),
    ]
    keys = {idempotency_key(other, 1, "record_metric", ARGS) for other in others}
    keys |= {idempotency_key(scope, 2, "record_metric", ARGS)}
    keys |= {idempotency_key(scope, 1, "record_metric", {**ARGS, "value": "120/80"})}
    assert key not in keys
    assert len(keys) == 6
    # Parts are encoded, not joined: a separator inside one part cannot fake another.
    left = KeyScope(database_id="adb_1", tenant="a|b", user_id="c", thread_id="t")
    right = KeyScope(database_id="adb_1", tenant="a", user_id="b|c", thread_id="t")
    assert idempotency_key(left, 1, "w", {}) != idempotency_key(right, 1, "w", {})


async def test_the_database_id_is_made_once_and_kept_in_the_database(db_url: str) -> None:
    first = await Ledger(db_url).database_id()
    assert first.startswith("adb_")
    release(db_url)  # a new process's view: nothing cached
    assert await Ledger(db_url).database_id() == first
    assert query(db_url, "SELECT name, value FROM agent_meta") == [
        {"name": "database_id", "value": first}
    ]


async def _write(db: str, store: str, user: str, thread: str) -> dict[str, Any]:
    context = Context(model="offline", db=db, store=store, user_id=user, tenant="demo")
    out = await run_request(METRIC_REQUEST_EN, thread_id=thread, context=context, db=db)
    assert (out["status"], out["stop_reason"]) == ("completed", "completed"), out["answer"]
    return dict(out["evidence"]["metric_recorded"])


async def test_two_agent_databases_and_two_callers_share_one_store(
    tmp_path: Path, new_db: Callable[[Path], str], backend: str
) -> None:
    store = str(tmp_path / "shared" / "business.sqlite")
    dbs = {"A": new_db(tmp_path / "a"), "B": new_db(tmp_path / "b")}
    # The same thread ids in both databases, used by both callers: the old key collided on
    # every pair with the same thread id.
    plan = [("A", "alice", "t-1"), ("B", "bob", "t-1"), ("A", "bob", "t-2"), ("B", "alice", "t-2")]
    receipts = {}
    for name, user, thread in plan:
        receipts[name, user, thread] = await _write(dbs[name], store, user, thread)

    rows = _metric_rows(store)
    assert count_executions(store, "record_metric") == 4
    assert len(rows) == 4, "every caller's write landed, once"
    assert len({r["idempotency_key"] for r in rows}) == 4
    by_id = {f"m_{r['id']}": r for r in rows}
    for (name, user, thread), receipt in receipts.items():
        row = by_id[receipt["record_id"]]
        assert row["user_id"] == user, "each caller was handed their own row"
        (entry,) = await Ledger(dbs[name]).rows(thread)
        assert (entry["status"], entry["idempotency_key"]) == ("succeeded", row["idempotency_key"])
        assert json.loads(entry["receipt"])["data"]["record_id"] == receipt["record_id"]
    ids = {await Ledger(db).database_id() for db in dbs.values()}
    assert len(ids) == 2

    if backend != "sqlite":
        return  # a PostgreSQL database reset: test_postgres_default_store_* below
    # The agent file is reset (deleted and made again): same thread id, caller and request.
    _delete(dbs["A"])
    again = await _write(dbs["A"], store, "alice", "t-1")
    assert again["record_id"] != receipts["A", "alice", "t-1"]["record_id"], "not an old receipt"
    assert count_executions(store, "record_metric") == 5
    rows = _metric_rows(store)
    assert len(rows) == 5
    assert by_id.keys() < {f"m_{r['id']}" for r in rows}
    assert next(r for r in rows if f"m_{r['id']}" == again["record_id"])["user_id"] == "alice"
    (entry,) = await Ledger(dbs["A"]).rows("t-1")
    assert json.loads(entry["receipt"])["data"]["record_id"] == again["record_id"]


def _cli_write(cwd: Path, db: str, user: str, thread: str) -> dict[str, Any]:
    proc = subprocess.run(
        [*CLI_RUN, METRIC_REQUEST_EN, "--thread-id", thread, "--db", db, "--user", user, "--json"],
        cwd=cwd,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["stop_reason"] == "completed", out["answer"]
    return dict(out["evidence"]["metric_recorded"])


def test_postgres_default_store_is_shared_yet_every_write_is_its_own(
    tmp_path: Path, pg_server: str
) -> None:
    """The issue's case: `--db postgresql://...` without `--store`, two databases, two users.

    Both databases use the default store (`data/business.sqlite` in the working directory).
    Then database A is dropped and made again under the same URL: a fresh process writes
    anew, it is not handed the row of the database that used to be there.
    """
    a, b = create_database(pg_server), create_database(pg_server)
    try:
        first = _cli_write(tmp_path, a, "alice", "t-1")
        second = _cli_write(tmp_path, b, "bob", "t-1")
        store = str(tmp_path / DEFAULT_STORE)
        rows = _metric_rows(store)
        assert [(f"m_{r['id']}", r["user_id"]) for r in rows] == [
            (first["record_id"], "alice"),
            (second["record_id"], "bob"),
        ]

        drop_database(pg_server, a)
        assert create_database(pg_server, name=a.rpartition("/")[2]) == a
        third = _cli_write(tmp_path, a, "alice", "t-1")
        assert third["record_id"] not in (first["record_id"], second["record_id"])
        assert count_executions(store, "record_metric") == 3
        assert len(_metric_rows(store)) == 3
        ledger = query(a, "SELECT status, receipt FROM tool_ledger")
        assert [(r["status"], json.loads(r["receipt"])["data"]["record_id"]) for r in ledger] == [
            ("succeeded", third["record_id"])
        ]
    finally:
        for url in (a, b):
            release(url)
            drop_database(pg_server, url)
