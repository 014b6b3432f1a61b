"""The trace table: a row per guard verdict and per execution, durable, exportable as JSONL.

Also the state compaction that keeps long threads' checkpoints flat: old tool traffic moves to
an archive `show` still reads, and the guard still stops a third identical call. Every test
runs on a SQLite file and on a PostgreSQL database (`db_url` in tests/backends.py).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import ToolMessage
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from checkpoints import trace
from graph.evals.bench import BENCH_DOMAIN_SPEC, BenchModel
from graph.runner import show_thread
from graph.state import GROUPS
from nodes.common import fingerprint
from nodes.compaction import (
    ARCHIVE_BATCH,
    FINGERPRINT_BATCH,
    KEEP_CALLS,
    KEEP_FINGERPRINTS,
    KEEP_TOOL_TURNS,
)
from tests.conftest import METRIC_REQUEST_EN, Harness, assert_valid_history

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def harness(tmp_path: Path, db_url: str) -> Harness:
    return Harness(tmp_path, db_url)


REQUIRED = (
    "trace_id",
    "thread_id",
    "intent",
    "offered_tools",
    "offered_count",
    "tool",
    "args_hash",
    "outcome",
    "error_type",
    "checklist",
    "stop_reason",
    "latency_ms",
    "tokens",
)


def _rows(h: Harness, thread_id: str, kind: str | None = None) -> list[dict[str, Any]]:
    rows = trace.read_rows(h.db, thread_id)
    return [r for r in rows if kind is None or r["kind"] == kind]


async def test_every_verdict_and_execution_has_a_row(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, model="scripted:repeat", thread_id="t1")

    verdicts = _rows(harness, "t1", "verdict")
    executions = _rows(harness, "t1", "execution")
    ends = _rows(harness, "t1", "end")
    assert [v["verdict"] for v in verdicts] == [c["verdict"] for c in out["tool_calls"]]
    assert [v["verdict"] for v in verdicts] == [
        "run",
        "cached",
        "blocked",
        "blocked",
        "blocked",
        "stopped",
    ]
    assert len(executions) == harness.executions() == 1
    assert len(ends) == 1
    for row in [*verdicts, *executions, *ends]:
        assert set(REQUIRED) <= set(row), set(REQUIRED) - set(row)
        assert row["trace_id"] == "t1#1"
        assert row["thread_id"] == "t1"
        assert row["intent"] == "record_and_review_metric"
        assert row["offered_count"] == len(row["offered_tools"]) == len(out["checklist"]) + 1
    assert {v["tool"] for v in verdicts} == {"record_metric"}
    assert len({v["args_hash"] for v in verdicts}) == 1, "the same call, the same hash"
    assert verdicts[-1]["stop_reason"] == "duplicate_call"
    assert executions[0]["outcome"] == "ok"
    assert executions[0]["error_type"] is None
    assert executions[0]["checklist"] == {"metric_recorded": True, "trend_loaded": False}
    assert executions[0]["latency_ms"] > 0
    assert ends[0]["stop_reason"] == out["stop_reason"] == "duplicate_call"
    assert ends[0]["reason"] == "fallback"
    assert ends[0]["tokens"] == out["usage"]["tokens"]
    assert sum(v["tokens"] for v in verdicts) <= out["usage"]["tokens"]
    assert all(v["tokens"] > 0 for v in verdicts), "every turn here proposed one call"


async def test_failures_and_retries_are_traced_with_their_error_type(harness: Harness) -> None:
    await harness.run("where is order 99999", model="scripted:repeat", thread_id="t2")

    executions = _rows(harness, "t2", "execution")
    assert [(e["outcome"], e["error_type"], e["repeat"]) for e in executions] == [
        ("not_found", "not_found", None),
        ("not_found", "not_found", "retry"),
    ]
    assert len(executions) == harness.executions("query_order")


async def test_polls_and_rereads_are_marked_as_legitimate_repeats(harness: Harness) -> None:
    await harness.run("generate my monthly report", thread_id="poll")
    await harness.run(
        "show my trend for the last week, record 128/82, then show the trend again",
        thread_id="reread",
    )

    polls = [e["repeat"] for e in _rows(harness, "poll", "execution")]
    assert polls == [None, None, "poll", "poll", "poll", "poll"]
    rereads = [(e["tool"], e["repeat"]) for e in _rows(harness, "reread", "execution")]
    assert rereads == [
        ("get_metric_trend", None),
        ("record_metric", None),
        ("get_metric_trend", "reread"),
    ]


async def test_a_resumed_interrupt_adds_no_duplicate_rows(harness: Harness) -> None:
    paused = await harness.run(
        METRIC_REQUEST_EN, model="scripted:repeat", thread_id="h1", human_review=True
    )
    assert paused["status"] == "interrupted"
    before = _rows(harness, "h1")

    done = await harness.resume(
        "h1", {"action": "edit", "tool": "get_metric_trend", "args": {"period": "14d"}}
    )

    assert done["stop_reason"] == "completed"
    after = _rows(harness, "h1")
    assert after[: len(before)] == before, "earlier rows are never rewritten"
    keys = [(r["kind"], r["round"], r["tool"], r["verdict"]) for r in after]
    assert len(keys) == len(set(keys))
    edited = [r for r in after if r["verdict"] == "edited"]
    assert [(r["kind"], r["node"]) for r in edited] == [
        ("verdict", "fallback"),
        ("execution", "execute"),
    ]
    assert len(_rows(harness, "h1", "execution")) == harness.executions() == 2


def test_show_prints_the_trace_and_exports_json_lines(tmp_path: Path, db_url: str) -> None:
    db, store = db_url, str(tmp_path / "business.sqlite")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "graph", *args, "--db", db],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    ran = cli("run", METRIC_REQUEST_EN, "--thread-id", "c1", "--store", store)
    assert ran.returncode == 0, ran.stderr

    shown = cli("show", "--thread-id", "c1")
    assert shown.returncode == 0, shown.stderr
    assert "\ntrace\n" in shown.stdout
    assert "verdict record_metric#" in shown.stdout
    assert "end     task 1: completed via verifier" in shown.stdout

    exported = cli("show", "--thread-id", "c1", "--jsonl")
    assert exported.returncode == 0, exported.stderr
    rows = [json.loads(line) for line in exported.stdout.splitlines()]
    assert [r["kind"] for r in rows] == ["verdict", "execution", "verdict", "execution", "end"]
    assert all(set(REQUIRED) <= set(r) for r in rows)
    assert rows == trace.read_rows(db, "c1"), "another process reads the same durable rows"


async def test_a_long_task_keeps_its_checkpoint_compact_and_its_history_whole(
    harness: Harness,
) -> None:
    rounds = 3 * (KEEP_TOOL_TURNS + ARCHIVE_BATCH) + 1
    out = await harness.run(
        f"sweep {rounds}",
        model=BenchModel(rounds=rounds),
        thread_id="long",
        domain=BENCH_DOMAIN_SPEC,
    )
    assert out["stop_reason"] == "completed"
    state = await harness.state("long")

    in_state = list(state["messages"])
    turns = [m for m in in_state if getattr(m, "tool_calls", None)]
    assert len(turns) < KEEP_TOOL_TURNS + ARCHIVE_BATCH
    assert_valid_history(in_state)
    assert len(state["calls"]) < 2 * KEEP_CALLS
    assert KEEP_FINGERPRINTS <= len(state["fingerprints"]) < 2 * KEEP_FINGERPRINTS
    archived = await trace.archived_fingerprints(harness.db, "long", 1)
    assert set(archived) | set(state["fingerprints"]) == {
        fingerprint("tick", {"i": i, "of": rounds}) for i in range(1, rounds + 1)
    }, "every call's counters are kept, in state or in the archive"
    assert not set(archived) & set(state["fingerprints"])

    shown = await show_thread("long", db=harness.db)
    history = shown["history"]
    assert sum(1 for m in history if m.get("tool_calls")) == rounds
    assert sum(1 for m in history if m["role"] == "tool") == rounds
    assert [m["role"] for m in history] == ["human", *["ai", "tool"] * rounds, "ai"]
    ticks = [m["tool_calls"][0]["args"]["i"] for m in history if m.get("tool_calls")]
    assert ticks == list(range(1, rounds + 1)), "archived turns come back in order"
    assert len(_rows(harness, "long", "execution")) == rounds


async def test_after_compaction_an_old_identical_call_is_still_not_run_again(
    harness: Harness,
) -> None:
    """A repeat of a call whose result was cut from state is answered, not executed."""
    from graph.models import OfflineChatModel

    class RepeatsTheFirstAtTheEnd(OfflineChatModel):
        rounds: int = 40

        def decide(self, task: Any, history: Any, schemas: Any) -> Any:
            ticks = [
                json.loads(str(m.content)).get("data", {}).get("i")
                for m in history
                if isinstance(m, ToolMessage)
            ]
            last = max((i for i in ticks if i), default=0)
            nxt = last + 1 if last < self.rounds - 1 else 1
            return self.call("tick", {"i": nxt, "of": self.rounds}, history)

    model = RepeatsTheFirstAtTheEnd()
    out = await harness.run(  # the model alone decides: `hint` would propose the open tick
        f"sweep {model.rounds}",
        model=model,
        thread_id="old",
        domain=BENCH_DOMAIN_SPEC,
        step_policy="model",
    )

    archived = await trace.archived_fingerprints(harness.db, "old", 1)
    assert _first() in archived, "the first call's counters had left the state"
    state = await harness.state("old")
    assert _first() not in state["fingerprints"]
    first = [r for r in _rows(harness, "old", "verdict") if r["args_hash"] == _hash_of_first()]
    assert [r["verdict"] for r in first] == [
        "run",
        "cached",
        "blocked",
        "blocked",
        "blocked",
        "stopped",
    ]
    runs = [r for r in _rows(harness, "old", "execution") if r["args_hash"] == _hash_of_first()]
    assert len(runs) == 1
    assert out["stop_reason"] == "duplicate_call"


def _first() -> str:
    return fingerprint("tick", {"i": 1, "of": 40})


def _hash_of_first() -> str:
    return _first().split(":", 1)[1]


async def test_new_calls_skip_the_archive_query_once_the_filter_knows_what_left(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[int] = []
    real = trace.archived_fingerprints

    async def counted(db: str, thread_id: str, task_seq: int) -> dict[str, Any]:
        reads.append(task_seq)
        return await real(db, thread_id, task_seq)

    monkeypatch.setattr(trace, "archived_fingerprints", counted)
    rounds = 40  # a new call every round: only the archive can hold an earlier one
    out = await harness.run(
        f"sweep {rounds}", model=BenchModel(rounds=rounds), thread_id="f", domain=BENCH_DOMAIN_SPEC
    )
    assert out["stop_reason"] == "completed"
    archived = await real(harness.db, "f", 1)
    assert len(archived) >= 3 * FINGERPRINT_BATCH  # calls did leave the state
    # Read only while state had many counters but nothing had moved out yet (an empty filter
    # is also what an older state looks like); never again after the first move.
    assert 0 < len(reads) <= FINGERPRINT_BATCH


async def test_a_node_writes_only_the_channels_it_changed(tmp_path: Path) -> None:
    h = Harness(tmp_path)  # the SQLite file: its `writes` table is the evidence
    rounds = 10
    out = await h.run(
        f"sweep {rounds}", model=BenchModel(rounds=rounds), thread_id="w", domain=BENCH_DOMAIN_SPEC
    )
    assert out["stop_reason"] == "completed"
    with sqlite3.connect(h.db) as conn:
        rows = conn.execute(
            "SELECT channel, type, value FROM writes WHERE thread_id = 'w'"
        ).fetchall()
    # A group (`GraphState.task`, `.internals`) is one channel: count the fields each of its
    # writes carries, as if every field were its own channel.
    per_channel: Counter[str] = Counter()
    for channel, kind, blob in rows:
        if channel in GROUPS:
            per_channel.update(list(JsonPlusSerializer().loads_typed((kind, blob))))
        else:
            per_channel[channel] += 1
    # Nothing struck and nothing stalled in any round: only the router's reset is written.
    assert per_channel["strikes"] == 1
    assert per_channel["stall_rounds"] == 1
    # What does change every round is still written every round.
    assert per_channel["usage"] >= 2 * rounds  # propose and execute
    assert per_channel["fingerprints"] >= rounds
