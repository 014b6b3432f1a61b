"""Shared fixtures: every test gets its own databases, and no test can reach a hosted model.

`harness` runs on a SQLite file; storage tests override it with `db_url` (tests/backends.py)
to run on PostgreSQL as well.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from checkpoints.storage import open_checkpointer
from graph.context import Context
from graph.graph import compile_graph
from graph.runner import resume_thread, run_request
from graph.state import flat
from tests.backends import backend, db_url, new_db, pg_server
from tools.store import count_executions

# Fixtures from tests/backends.py, re-exported so every test module can request them.
__all__ = ["backend", "db_url", "new_db", "pg_server"]

PROVIDER_KEYS = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GOOGLE_API_KEY",
    "MISTRAL_API_KEY",
    "GROQ_API_KEY",
    "DEEPSEEK_API_KEY",
)

METRIC_REQUEST_EN = "record today's reading 150/95 and show the last two weeks"
METRIC_REQUEST_ZH = "记录今天的指标 150/95，并看最近两周趋势"
ORDER_REQUEST_EN = "where is order 10086"
ORDER_REQUEST_ZH = "查询订单 10086"


MAX_WORKERS = 4


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Workers for `-n auto`: one more than the cores this process may use, at most four.

    Most tests wait on real subprocesses (SIGKILLed runs, a `langgraph dev` server,
    PostgreSQL); with one worker per core, a third of a 2-core machine sat idle in those
    waits, so one extra worker fills them.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return min(MAX_WORKERS, (cores or 1) + 1)


LONGEST: dict[str, float] = {
    "tests/test_random_crash.py::"
    "test_random_kills_complete_every_run_with_one_write[postgres]": 188,
    "tests/test_crash_resume.py::"
    "test_sigkill_at_every_boundary_resumes_to_the_uncrashed_result[postgres]": 165,
    "tests/test_concurrency.py::test_fifty_cli_processes_on_one_sqlite_file": 140,
    "tests/test_router_eval.py::test_the_dev_part_is_large_and_bilingual": 64,
    "tests/test_malformed_calls.py::test_any_call_gets_a_structured_answer": 52,
    "tests/test_random_crash.py::test_random_kills_complete_every_run_with_one_write[sqlite]": 45,
    "tests/test_malformed_calls.py::"
    "test_wrong_types_missing_fields_and_extras_are_named_field_by_field": 43,
    "tests/test_docs.py::test_graph_commands_run_in_order[cli.md]": 36,
    "tests/test_crash_resume.py::"
    "test_sigkill_at_every_boundary_resumes_to_the_uncrashed_result[sqlite]": 34,
}
"""The suite's longest tests and their seconds in a full run (`--durations`, a loaded
2-core machine, 2026-12-03, crash tests forked warm by `tests/warmcli.py`). The worksteal
scheduler hands each worker a contiguous slice of the collection and steals from the tails
of the slices; in file order the random-kill matrices once started last and ran alone for
the final six minutes of a 31-minute suite."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Open each xdist worker's slice with its share of the longest tests (`LONGEST`).

    Spread longest first onto the least loaded slice, so no worker starts a six-minute
    test when the others are nearly done. Only the order changes; every worker collects
    the same list (`PYTEST_XDIST_WORKER_COUNT` is set in each), as xdist requires.
    """
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    long = sorted((i for i in items if i.nodeid in LONGEST), key=lambda i: -LONGEST[i.nodeid])
    if workers < 2 or not long:
        return
    rest = [i for i in items if i.nodeid not in LONGEST]
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for item in long:
        least = load.index(min(load))
        heads[least].append(item)
        load[least] += LONGEST[item.nodeid]
    ordered: list[pytest.Item] = []
    left = len(items)
    for n in range(workers):
        size = left // (workers - n)  # the slice xdist's worksteal scheduler sends it
        take = max(0, size - len(heads[n]))
        ordered += heads[n] + rest[:take]
        rest = rest[take:]
        left -= size
    items[:] = ordered + rest


@pytest.fixture(autouse=True)
def _no_hosted_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never call a hosted model: provider keys are removed for every test."""
    for key in PROVIDER_KEYS:
        monkeypatch.delenv(key, raising=False)


class Harness:
    """Runs requests against a fresh checkpoint database and business store."""

    def __init__(self, tmp_path: Path, db: str | None = None) -> None:
        self.db = db or str(tmp_path / "agent.sqlite")
        self.store = str(tmp_path / "business.sqlite")

    def context(self, model: Any = "offline", **overrides: Any) -> Context:
        return Context(model=model, db=self.db, store=self.store, **overrides)

    async def run(
        self, request: str, model: Any = "offline", thread_id: str | None = None, **overrides: Any
    ) -> dict[str, Any]:
        return await run_request(
            request, thread_id=thread_id, context=self.context(model, **overrides), db=self.db
        )

    async def resume(
        self, thread_id: str, decision: dict[str, Any] | None = None, context: Context | None = None
    ) -> dict[str, Any]:
        return await resume_thread(thread_id, decision=decision, db=self.db, context=context)

    async def state(self, thread_id: str) -> dict[str, Any]:
        """The thread's checkpointed state values, read straight from the database, one level
        deep (`graph.state.flat`: the `task` and `internals` groups spread out)."""
        async with open_checkpointer(self.db) as saver:
            snapshot = await compile_graph(saver).aget_state(
                {"configurable": {"thread_id": thread_id}}
            )
        return flat(snapshot.values)

    def executions(self, tool: str | None = None) -> int:
        """How many times tool functions were really entered, read from the business store."""
        return count_executions(self.store, tool)


@pytest.fixture
def harness(tmp_path: Path) -> Harness:
    return Harness(tmp_path)


def assert_valid_history(messages: list[BaseMessage]) -> None:
    """Every tool call is answered by exactly one ToolMessage, right after it, as providers demand.

    A blocked call left unanswered (or an answer without its call) makes the next request to a
    real API fail, so this is checked on the stored history, in the strict OpenAI form: the
    answers to one AI turn follow it directly, before any other message.
    """
    seen: set[str] = set()
    i = 0
    while i < len(messages):
        m = messages[i]
        if isinstance(m, ToolMessage):
            raise AssertionError(f"ToolMessage {m.tool_call_id} answers no preceding AI turn")
        i += 1
        if not isinstance(m, AIMessage):
            continue
        given = [c["id"] for c in m.tool_calls] + [c["id"] for c in m.invalid_tool_calls]
        ids = [call_id for call_id in given if call_id]
        assert len(ids) == len(given), f"tool call without an id in {m!r}"
        assert not seen & set(ids), f"tool_call ids reused: {seen & set(ids)}"
        assert len(ids) == len(set(ids)), f"duplicate tool_call ids in one turn: {ids}"
        seen |= set(ids)
        answers: list[str] = []
        while i < len(messages):
            answer = messages[i]
            if not isinstance(answer, ToolMessage):
                break
            answers.append(answer.tool_call_id)
            i += 1
        assert sorted(answers) == sorted(ids), f"calls {ids} answered by {answers}"


Runner = Callable[..., Awaitable[dict[str, Any]]]
