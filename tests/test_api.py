"""The Python API (`graph/api.py`) and the graph's sync path, on real SQLite files.

Sync calls are made both from plain test functions (a script) and from inside async tests,
where an event loop is already running (a Jupyter cell): the second is where `asyncio.run`
fails, and what `graph/portal.py` exists for. Executions are counted in the business store's
own audit table, ledger rows read back from the database.
"""

from __future__ import annotations

import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

import graph as package
from checkpoints.storage import open_checkpointer
from graph import Context, RunResult, ThreadInfo, ThreadView, resume, run, show, threads
from graph.api import aresume, arun, ashow, athreads
from graph.graph import compile_graph
from graph.graph import graph as studio_graph
from graph.portal import ON_THE_LOOP, run_blocking
from graph.runner import run_request
from graph.state import OutputState
from tests.conftest import METRIC_REQUEST_EN, ORDER_REQUEST_EN
from tools.errors import AgentError, ConfigError
from tools.store import count_executions

ROOT = Path(__file__).resolve().parent.parent
TREND_EDIT: Any = {"action": "edit", "tool": "get_metric_trend", "args": {"period": "14d"}}


def _keys(typed: type) -> set[str]:
    return set(typing.get_type_hints(typed))


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Context:
    # Run from an empty directory: a default path used by mistake would appear in it.
    monkeypatch.chdir(tmp_path)
    work = tmp_path / "work"
    return Context(db=str(work / "agent.sqlite"), store=str(work / "business.sqlite"))


def _no_default_database(tmp_path: Path) -> None:
    assert not (tmp_path / "data").exists(), "something used the default data/agent.sqlite"


def test_run_show_and_threads_from_sync_code(settings: Context, tmp_path: Path) -> None:
    out = run(METRIC_REQUEST_EN, context=settings, thread_id="api-1")

    assert out["status"] == "completed"
    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert [(c["name"], c["verdict"], c["executed"]) for c in out["tool_calls"]] == [
        ("record_metric", "run", True),
        ("get_metric_trend", "run", True),
    ]
    assert out["answer"]
    assert count_executions(settings.store, "record_metric") == 1
    assert count_executions(settings.store, "get_metric_trend") == 1
    assert set(out) == _keys(RunResult)

    shown = show("api-1", db=settings.db)
    assert set(shown) == _keys(ThreadView)
    assert shown["checklist"] == out["checklist"]
    assert [(r["tool"], r["status"], r["attempts"]) for r in shown["ledger"]] == [
        ("record_metric", "succeeded", 1)
    ]
    assert shown["history"][0] == {"role": "human", "content": METRIC_REQUEST_EN}
    assert {row["node"] for row in shown["trace"]} >= {"guard", "execute"}

    (listed,) = threads(db=settings.db)
    assert set(listed) == _keys(ThreadInfo)
    assert (listed["thread_id"], listed["status"], listed["stop_reason"]) == (
        "api-1",
        "completed",
        "completed",
    )
    _no_default_database(tmp_path)


def test_paused_run_resumes_with_a_decision_and_writes_once(
    settings: Context, tmp_path: Path
) -> None:
    hitl = Context(model="scripted:repeat", human_review=True, db=settings.db, store=settings.store)
    paused = run(METRIC_REQUEST_EN, context=hitl, thread_id="api-hitl")
    assert paused["status"] == "interrupted"
    assert paused["stop_reason"] is None
    assert paused["next"] == ["fallback"]
    assert paused["interrupt"] is not None
    assert paused["interrupt"]["reason"] == "duplicate_call"
    assert (threads(db=settings.db)[0]["status"], threads(db=settings.db)[0]["waiting_on"]) == (
        "interrupted",
        "duplicate_call",
    )

    # Resumed by id and database alone: model and store come back from the threads index.
    done = resume("api-hitl", decision=TREND_EDIT, db=settings.db)

    assert done["status"] == "completed"
    assert done["stop_reason"] == "completed"
    assert done["tool_calls"][-1]["verdict"] == "edited"
    assert count_executions(settings.store, "record_metric") == 1
    assert count_executions(settings.store, "get_metric_trend") == 1
    assert [(r["tool"], r["status"]) for r in show("api-hitl", db=settings.db)["ledger"]] == [
        ("record_metric", "succeeded")
    ]
    with pytest.raises(AgentError, match="already finished"):
        resume("api-hitl", decision={"action": "approve"}, db=settings.db)
    _no_default_database(tmp_path)


async def test_sync_calls_work_under_a_running_loop_like_a_notebook_cell(
    settings: Context,
) -> None:
    # An async test has a running loop, as every Jupyter cell does; asyncio.run would refuse.
    hitl = Context(model="scripted:repeat", human_review=True, db=settings.db, store=settings.store)
    paused = run(METRIC_REQUEST_EN, context=hitl, thread_id="nb-1")
    assert paused["status"] == "interrupted"
    done = resume("nb-1", decision={"action": "abort"}, context=hitl)
    assert done["stop_reason"] == "human_aborted"
    assert count_executions(settings.store, "record_metric") == 1


async def test_async_forms_return_the_same_shapes(settings: Context) -> None:
    out = await arun(ORDER_REQUEST_EN, context=settings, thread_id="a-1")
    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"order_found": True}
    assert set(out) == _keys(RunResult)
    shown = await ashow("a-1", db=settings.db)
    assert shown["tool_calls"] == out["tool_calls"]
    assert [t["thread_id"] for t in await athreads(db=settings.db)] == ["a-1"]
    with pytest.raises(AgentError, match="already finished"):
        await aresume("a-1", decision={"action": "approve"}, context=settings)
    assert count_executions(settings.store, "query_order") == 1


def test_the_database_is_named_once(settings: Context, tmp_path: Path) -> None:
    run(ORDER_REQUEST_EN, context=settings, thread_id="one-db")
    other = str(tmp_path / "other.sqlite")

    with pytest.raises(ConfigError) as caught:
        resume("one-db", db=other, context=settings)
    assert str(caught.value) == (
        f"db={other!r} but context.db={settings.db!r}: name the database once, in the "
        "context (or pass db= alone)"
    )
    # Thread-addressed calls read only db=; a wrong one is a one-line error, not a new file.
    with pytest.raises(AgentError) as missing:
        show("one-db", db=other)
    assert "\n" not in str(missing.value)
    assert not Path(other).exists()
    _no_default_database(tmp_path)


async def test_run_request_reads_the_database_from_the_context(
    settings: Context, tmp_path: Path
) -> None:
    # Before: db= defaulted to data/agent.sqlite and silently replaced context.db.
    out = await run_request(ORDER_REQUEST_EN, context=settings, thread_id="ctx-db")
    assert out["stop_reason"] == "completed"
    assert (await ashow("ctx-db", db=settings.db))["thread_id"] == "ctx-db"
    _no_default_database(tmp_path)


def test_the_package_exports_the_api_lazily() -> None:
    assert package.run is run
    assert package.Context is Context
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        _ = package.nope
    probe = (
        "import sys, graph.state, nodes.guard\n"
        "assert 'graph.api' not in sys.modules and 'graph.runner' not in sys.modules\n"
        "from graph import run, resume, show, threads, Context\n"
        "assert 'graph.api' in sys.modules\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert proc.returncode == 0, proc.stderr


# --- graph.invoke: the sync path of the compiled graph --------------------------------------


def _request(text: str) -> dict[str, Any]:
    return {"messages": [HumanMessage(text)]}


def test_studio_graph_invoke_runs_the_async_nodes(settings: Context) -> None:
    final = studio_graph.invoke(_request(METRIC_REQUEST_EN), context=settings)

    assert set(final) == {f for f in OutputState.__dataclass_fields__}
    assert final["stop_reason"] == "completed"
    assert final["status"] == "completed"
    assert final["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert [c["verdict"] for c in final["calls"]] == ["run", "run"]
    assert count_executions(settings.store) == 2


def test_stream_yields_each_node_in_order(settings: Context) -> None:
    nodes = [
        name
        for update in studio_graph.stream(
            _request(ORDER_REQUEST_EN), context=settings, stream_mode="updates"
        )
        for name in update
    ]
    assert nodes[:3] == ["router", "tool_loader", "propose"]
    assert nodes[-1] == "respond"
    assert count_executions(settings.store, "query_order") == 1


def test_invoke_interrupts_and_resumes_with_a_command(settings: Context) -> None:
    app = compile_graph(InMemorySaver())
    config: Any = {"configurable": {"thread_id": "sync-hitl"}}
    hitl = Context(model="scripted:repeat", human_review=True, db=settings.db, store=settings.store)

    paused = app.invoke(_request(METRIC_REQUEST_EN), config, context=hitl)
    (question,) = paused["__interrupt__"]
    assert question.value["reason"] == "duplicate_call"
    assert app.get_state(config).next == ("fallback",)

    done = app.invoke(Command(resume=TREND_EDIT), config, context=hitl)
    assert done["stop_reason"] == "completed"
    assert count_executions(settings.store, "record_metric") == 1
    assert count_executions(settings.store, "get_metric_trend") == 1


async def test_invoke_inside_a_notebook_loop_with_the_projects_saver(settings: Context) -> None:
    config: Any = {"configurable": {"thread_id": "nb-invoke"}}
    async with open_checkpointer(settings.db) as saver:
        app = compile_graph(saver)
        final = app.invoke(_request(ORDER_REQUEST_EN), config, context=settings)
        assert final["stop_reason"] == "completed"
        # The async path reads back what the sync path saved.
        snapshot = await app.aget_state(config)
    assert snapshot.next == ()
    assert snapshot.values["checklist"] == {"order_found": True}


def test_a_blocking_call_from_the_private_loop_is_refused() -> None:
    async def nested() -> str:
        inner = _answer()
        try:
            return run_blocking(inner)
        except RuntimeError as exc:
            return str(exc)

    async def _answer() -> str:
        return "answered"

    assert run_blocking(_answer()) == "answered"
    assert run_blocking(nested()) == ON_THE_LOOP
