"""The saver's optional methods the LangGraph server calls: delete runs, prune, copy a thread.

LangGraph's conformance suite checks each one's contract; the tests below check what they
mean for this project's threads: a pruned thread paused for a human still resumes, a deleted
run leaves the thread as the run before it left it, and the exactly-once ledger is never
touched by either.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.conformance import checkpointer_test, validate

from checkpoints.ledger import Ledger
from checkpoints.saver import SqliteCheckpointer
from checkpoints.sqlite import DURABILITY, open_checkpointer
from graph.graph import compile_graph
from tests.conftest import METRIC_REQUEST_EN, ORDER_REQUEST_EN, Harness

TREND_EDIT = {"action": "edit", "tool": "get_metric_trend", "args": {"period": "14d"}}


def _rows(db: str, table: str, thread_id: str) -> int:
    with sqlite3.connect(db) as conn:
        (n,) = conn.execute(
            f"SELECT COUNT(*) FROM {table} WHERE thread_id = ?", (thread_id,)
        ).fetchone()
    return int(n)


async def test_the_servers_optional_methods_pass_langgraphs_conformance_suite(
    tmp_path: Path,
) -> None:
    n = 0

    async def fresh() -> AsyncIterator[SqliteCheckpointer]:
        nonlocal n
        n += 1
        async with open_checkpointer(tmp_path / f"c{n}.sqlite") as saver:
            yield saver

    report = await validate(checkpointer_test(name="SqliteCheckpointer")(fresh))
    extended = {
        name: result
        for name, result in report.results.items()
        if name in ("delete_for_runs", "prune", "copy_thread")
    }
    assert {name for name, r in extended.items() if r is not None and r.detected} == {
        "delete_for_runs",
        "prune",
        "copy_thread",
    }
    failures = {name: r.failures for name, r in extended.items() if r and r.passed is not True}
    assert failures == {}
    assert all(r is not None and r.tests_passed >= 7 for r in extended.values())


async def test_a_pruned_paused_thread_still_resumes_and_keeps_its_ledger(
    harness: Harness,
) -> None:
    paused = await harness.run(
        METRIC_REQUEST_EN, "scripted:repeat", thread_id="p-1", human_review=True
    )
    assert paused["status"] == "interrupted"
    assert _rows(harness.db, "checkpoints", "p-1") > 5
    ledger_before = await Ledger(harness.db).rows("p-1")

    async with open_checkpointer(harness.db) as saver:
        await saver.aprune(["p-1"], strategy="keep_latest")
        history = [c async for c in saver.alist({"configurable": {"thread_id": "p-1"}})]
    assert len(history) == 1
    assert history[0].parent_config is None
    assert _rows(harness.db, "checkpoints", "p-1") == 1
    assert await Ledger(harness.db).rows("p-1") == ledger_before

    done = await harness.resume("p-1", TREND_EDIT)
    assert done["stop_reason"] == "completed"
    assert done["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1


async def test_deleting_a_run_returns_the_thread_to_the_run_before(harness: Harness) -> None:
    config: Any = {"configurable": {"thread_id": "r-1"}}
    context = harness.context()
    async with open_checkpointer(harness.db) as saver:
        app = compile_graph(saver)
        await app.ainvoke(
            {"messages": [HumanMessage(ORDER_REQUEST_EN)]},
            {**config, "metadata": {"run_id": "run-a"}},
            context=context,
            durability=DURABILITY,
        )
        first = await app.aget_state(config)
        await app.ainvoke(
            {"messages": [HumanMessage(METRIC_REQUEST_EN)]},
            {**config, "metadata": {"run_id": "run-b"}},
            context=context,
            durability=DURABILITY,
        )
        assert (await app.aget_state(config)).values["task"]["request"] == METRIC_REQUEST_EN

        await saver.adelete_for_runs(["run-b"])
        after = await app.aget_state(config)
        runs = {c.metadata.get("run_id") async for c in saver.alist(config)}
    assert runs == {"run-a"}
    assert after.config == first.config
    assert after.values == first.values
    assert after.values["task"]["request"] == ORDER_REQUEST_EN
    # The rolled-back run's write is still recorded: a later run cannot repeat it.
    ledger = await Ledger(harness.db).rows("r-1")
    assert [(r["tool"], r["status"]) for r in ledger] == [("record_metric", "succeeded")]


async def test_copy_thread_copies_checkpoints_and_writes_not_the_ledger(
    harness: Harness,
) -> None:
    paused = await harness.run(
        METRIC_REQUEST_EN, "scripted:repeat", thread_id="c-1", human_review=True
    )
    assert paused["status"] == "interrupted"
    async with open_checkpointer(harness.db) as saver:
        await saver.acopy_thread("c-1", "c-2")
        app = compile_graph(saver)
        source = await app.aget_state({"configurable": {"thread_id": "c-1"}})
        copy = await app.aget_state({"configurable": {"thread_id": "c-2"}})
    assert copy.values == source.values
    assert copy.next == ("fallback",)
    assert [i.value for i in copy.interrupts] == [i.value for i in source.interrupts]
    assert _rows(harness.db, "writes", "c-2") == _rows(harness.db, "writes", "c-1")
    assert await Ledger(harness.db).rows("c-2") == []


async def test_prune_refuses_what_it_cannot_do_safely(tmp_path: Path) -> None:
    async with open_checkpointer(tmp_path / "d.sqlite") as saver:
        config: Any = {"configurable": {"thread_id": "delta", "checkpoint_ns": ""}}
        delta_meta: Any = {"step": 1, "counters_since_delta_snapshot": {"items": [1, 1]}}
        await saver.aput(config, empty_checkpoint(), delta_meta, {})
        with pytest.raises(NotImplementedError, match=r"DeltaChannel: delta$"):
            await saver.aprune(["delta"], strategy="keep_latest")
        with pytest.raises(TypeError, match="not one string"):
            await saver.aprune("delta")
        with pytest.raises(ValueError, match="unknown prune strategy 'latest'"):
            await saver.aprune(["delta"], strategy="latest")
        assert await saver.aget_tuple(config) is not None
        await saver.aprune(["delta"], strategy="delete")
        assert await saver.aget_tuple(config) is None
