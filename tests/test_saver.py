"""The project's SQLite saver: LangGraph's conformance suite, group commit, side writes.

`SqliteCheckpointer` replaces `AsyncSqliteSaver` under every graph here, so it must behave
exactly like LangGraph's savers (the official conformance suite, run against a real file),
commit a step's writes with its checkpoint, store side rows no later than the step that
wrote them, and surface a failed side write instead of dropping it.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.conformance import checkpointer_test, validate
from langgraph.graph import END, START, StateGraph

from checkpoints import saver as saver_module
from checkpoints.saver import SqliteCheckpointer, current_checkpointer
from checkpoints.sqlite import DURABILITY, open_checkpointer, write_with_step
from checkpoints.storage import Conn, Schema


@pytest.mark.parametrize("synchronous", ["FULL", "NORMAL"])
async def test_langgraph_conformance_suite_passes_on_a_real_file(
    tmp_path: Path, synchronous: Any
) -> None:
    n = 0

    async def fresh() -> AsyncIterator[SqliteCheckpointer]:
        nonlocal n
        n += 1
        async with open_checkpointer(tmp_path / f"c{n}.sqlite", synchronous=synchronous) as s:
            yield s

    registered = checkpointer_test(name="SqliteCheckpointer")(fresh)
    report = await validate(registered)
    detected = {name: r for name, r in report.results.items() if r is not None and r.detected}
    # What LangGraph's own SQLite saver implements, and nothing fails in any of it.
    assert {"put", "put_writes", "get_tuple", "list", "delete_thread"} <= set(detected)
    failures = {name: r.failures for name, r in detected.items() if r.passed is not True}
    assert failures == {}
    assert sum(r.tests_passed for r in detected.values()) > 30


@dataclass
class _Count:
    n: int = 0


def _loop_graph(rounds: int) -> StateGraph[_Count, None, _Count, _Count]:
    async def first(state: _Count) -> dict[str, Any]:
        return {"n": state.n + 1}

    async def second(state: _Count) -> dict[str, Any]:
        return {}

    async def again(state: _Count) -> str:
        return END if state.n >= rounds else "first"

    builder = StateGraph(_Count)
    builder.add_node("first", first)
    builder.add_node("second", second)
    builder.add_edge(START, "first")
    builder.add_edge("first", "second")
    builder.add_conditional_edges("second", again, ["first", END])
    return builder


async def test_a_steps_writes_and_checkpoint_share_one_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A generous wait for company, so a loaded CI machine cannot split a step's commit.
    monkeypatch.setattr(saver_module, "LINGER_S", 0.5)
    db = tmp_path / "g.sqlite"
    commits: list[str] = []
    async with open_checkpointer(db) as saver:
        saver.conn.set_trace_callback(  # a write transaction starts with BEGIN IMMEDIATE
            lambda sql: commits.append(sql) if sql.strip().upper() == "BEGIN IMMEDIATE" else None
        )
        app = _loop_graph(10).compile(checkpointer=saver)
        await app.ainvoke(_Count(), {"configurable": {"thread_id": "t"}}, durability=DURABILITY)
        history = [c async for c in saver.alist({"configurable": {"thread_id": "t"}})]
    # 21 super-steps (input, then 10 rounds of two nodes), each with a checkpoint and its
    # task's writes: 43 saver calls. Sync durability waits for every checkpoint, so a
    # commit per checkpoint at least; group commit makes it exactly that, not 43.
    assert len(history) == 22  # the input checkpoint, 21 steps
    assert len(commits) == 22
    with sqlite3.connect(db) as conn:
        (rows,) = conn.execute("SELECT COUNT(*) FROM writes WHERE thread_id = 't'").fetchone()
    assert rows >= 20  # every task's writes are there too, not only the checkpoints


NOTES = Schema(name="notes", ddl="CREATE TABLE IF NOT EXISTS notes (n INTEGER)", tables=("notes",))


def _notes_graph(db: str, fail_once: list[bool]) -> StateGraph[_Count, None, _Count, _Count]:
    """One node storing a side row; its first side write fails when `fail_once` holds True."""

    def work(conn: Conn) -> None:
        if fail_once and fail_once.pop():
            conn.execute("INSERT INTO no_such_table VALUES (1)")
        conn.execute("INSERT INTO notes VALUES (?)", [1])

    async def note(state: _Count) -> dict[str, Any]:
        await write_with_step(db, NOTES, work)
        return {"n": state.n + 1}

    builder = StateGraph(_Count)
    builder.add_node("note", note)
    builder.add_edge(START, "note")
    builder.add_edge("note", END)
    return builder


async def test_a_failed_side_write_fails_its_step_only_and_is_redone_on_resume(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "g.sqlite")
    await write_with_step(db, NOTES, lambda conn: conn.ensure(NOTES))  # before any run
    fail_once = [True]
    async with open_checkpointer(db) as saver:
        app = _notes_graph(db, fail_once).compile(checkpointer=saver)
        t: Any = {"configurable": {"thread_id": "t"}}
        u: Any = {"configurable": {"thread_id": "u"}}
        failed, other = await asyncio.gather(
            app.ainvoke(_Count(), t, durability="sync"),
            app.ainvoke(_Count(n=10), u, durability="sync"),
            return_exceptions=True,
        )
        # The run whose row was lost fails; the run sharing the saver does not.
        assert isinstance(failed, sqlite3.OperationalError)
        assert "no_such_table" in str(failed)
        assert other == {"n": 11}
        # Its step was not checkpointed: the thread still waits to run the node...
        state = await app.aget_state(t)
        assert state.values == {"n": 0}
        assert state.next == ("note",)
        # ...and resuming runs it again, storing the row this time.
        assert await app.ainvoke(None, t, durability="sync") == {"n": 1}
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM notes").fetchone() == (2,)  # u's and t's


async def test_a_side_write_of_no_known_thread_fails_whichever_write_comes_next(
    tmp_path: Path,
) -> None:
    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO no_such_table VALUES (1)")

    async with open_checkpointer(tmp_path / "g.sqlite") as saver:
        app = _loop_graph(1).compile(checkpointer=saver)
        config: Any = {"configurable": {"thread_id": "v"}}
        with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
            await asyncio.wrap_future(saver.submit_side(broken))
        with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
            await app.ainvoke(_Count(), config, durability="sync")
        # Reported once: the saver works again afterwards.
        assert (await app.ainvoke(_Count(), config, durability="sync"))["n"] == 1


async def test_side_rows_are_committed_before_the_run_returns(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (step INTEGER)")
    async with open_checkpointer(db) as saver:
        assert current_checkpointer.get() is saver

        async def note(state: _Count) -> dict[str, Any]:
            saver_now = current_checkpointer.get()
            assert saver_now is saver  # the run sees the checkpointer it was opened with
            saver_now.submit_side(lambda c: c.execute("INSERT INTO notes VALUES (?)", (state.n,)))
            return {"n": state.n + 1}

        builder = StateGraph(_Count)
        builder.add_node("note", note)
        builder.add_edge(START, "note")
        builder.add_edge("note", END)
        await builder.compile(checkpointer=saver).ainvoke(
            _Count(), {"configurable": {"thread_id": "t"}}, durability=DURABILITY
        )
        # Another connection sees the row as soon as the run returns: committed with (or
        # before) the step's checkpoint, not whenever the writer thread got to it.
        with sqlite3.connect(db) as other:
            assert other.execute("SELECT step FROM notes").fetchall() == [(0,)]
    assert current_checkpointer.get() is None


async def test_the_sync_api_works_from_another_thread_while_runs_use_the_async_one(
    tmp_path: Path,
) -> None:
    db = tmp_path / "g.sqlite"
    async with open_checkpointer(db) as saver:
        app = _loop_graph(20).compile(checkpointer=saver)
        seen: list[int] = []
        stop = threading.Event()

        def poll() -> None:
            while not stop.is_set():
                got = saver.get_tuple({"configurable": {"thread_id": "t"}})
                if got is not None:
                    seen.append(got.checkpoint["channel_values"].get("n", 0))

        reader = threading.Thread(target=poll)
        reader.start()
        try:
            out = await app.ainvoke(
                _Count(), {"configurable": {"thread_id": "t"}}, durability=DURABILITY
            )
        finally:
            stop.set()
            reader.join()
    assert out["n"] == 20
    assert seen == sorted(seen)  # never a checkpoint older than one already read


async def test_a_cancelled_call_is_skipped_and_the_writer_thread_carries_on(
    tmp_path: Path,
) -> None:
    db = tmp_path / "g.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (n INTEGER)")
    async with open_checkpointer(db) as saver:
        gate, busy = threading.Event(), threading.Event()

        def hold(conn: sqlite3.Connection) -> None:
            busy.set()
            gate.wait(5)

        # Hold the writer thread so the next job is still queued when its caller gives up.
        blocker = asyncio.ensure_future(saver.run(hold))
        await asyncio.to_thread(busy.wait, 5)
        queued = asyncio.ensure_future(
            saver.run(lambda c: c.execute("INSERT INTO notes VALUES (1)").rowcount)
        )
        await asyncio.sleep(0.01)
        queued.cancel()
        with pytest.raises(asyncio.CancelledError):
            await queued  # the cancellation has reached the queued job
        gate.set()
        await blocker
        app = _loop_graph(3).compile(checkpointer=saver)
        out = await app.ainvoke(_Count(), {"configurable": {"thread_id": "t"}}, durability="sync")
        assert out["n"] == 3
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM notes").fetchone() == (0,)


async def test_a_closed_checkpointer_says_so_in_one_line(tmp_path: Path) -> None:
    async with open_checkpointer(tmp_path / "g.sqlite") as saver:
        pass
    with pytest.raises(sqlite3.ProgrammingError, match="checkpointer was closed; open it again"):
        await saver.aget_tuple({"configurable": {"thread_id": "t"}})
