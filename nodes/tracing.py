"""Trace hooks: the rows guard, state_update and respond write, one batch per node.

Kept apart from the nodes so each node adds one call. The trace id is the thread plus the
task number, so a resumed task keeps writing under the same id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.config import get_config

from checkpoints import trace
from graph.state import CallRecord, ExecResult, State

RUNTIME_STEP = "runtime_step"
"""Trace reason of a call the runtime proposed under the intent's step policy."""


def thread_of_run() -> str:
    """The thread this run belongs to; Studio and the CLI always set one."""
    configurable = get_config().get("configurable", {})
    return str(configurable.get("thread_id") or "no-thread")


def trace_id(thread_id: str, task_seq: int) -> str:
    """One id per task on a thread: stable across crashes, resumes and interrupts."""
    return f"{thread_id}#{task_seq}"


def _args_hash(fp: str) -> str:
    return fp.split(":", 1)[1] if ":" in fp else fp


def _base(state: State, thread_id: str, checklist: Mapping[str, bool]) -> dict[str, Any]:
    return {
        "trace_id": trace_id(thread_id, state.task_seq),
        "thread_id": thread_id,
        "task_seq": state.task_seq,
        "intent": state.intent,
        "offered_tools": list(state.offered_tools),
        "offered_count": len(state.offered_tools),
        "checklist": dict(checklist),
    }


def turn_tokens(state: State) -> int:
    """Tokens of the model turn whose calls are judged: the last AI message that made calls."""
    for m in reversed(state.messages):
        if isinstance(m, AIMessage) and (m.tool_calls or m.invalid_tool_calls):
            return int(m.usage_metadata.get("total_tokens", 0)) if m.usage_metadata else 0
    return 0


def _key(row: Mapping[str, Any], index: int, call_id: str) -> str:
    """Deterministic, and the same whichever node writes the row: a re-run rewrites nothing."""
    return trace.row_key(row, 0, call_id) if call_id else trace.row_key(row, index)


def verdict_rows(
    state: State, thread_id: str, records: Iterable[CallRecord], *, stop_reason: str | None
) -> list[tuple[str, Mapping[str, Any]]]:
    """One row per judged call; the turn's tokens go on its first row only, so sums hold."""
    base = _base(state, thread_id, state.checklist)
    tokens = turn_tokens(state)
    rows: list[tuple[str, Mapping[str, Any]]] = []
    for i, rec in enumerate(records):
        row = base | {
            "kind": "verdict",
            "node": "fallback" if rec["verdict"] in ("approved", "edited") else "guard",
            "round": rec["round"],
            "tool": rec["tool"],
            "args_hash": _args_hash(rec["fingerprint"]),
            "verdict": rec["verdict"],
            # The trace has no proposer column: a runtime proposal shows as its reason.
            "reason": rec["reason"] or (RUNTIME_STEP if rec.get("proposer") == "runtime" else None),
            "outcome": "not_run" if rec["outcome"] == "not_run" else None,
            "executed": False,
            "stop_reason": stop_reason,
            "tokens": tokens if i == 0 else 0,
        }
        rows.append((_key(row, i, rec["id"]), row))
    return rows


async def record_verdicts(
    state: State, db: str, records: Iterable[CallRecord], *, stop_reason: str | None
) -> None:
    """The guard's rows for a turn that runs nothing (feedback or stop).

    When calls run, `record_round` writes the same rows together with the executions: one
    commit per round instead of two.
    """
    await trace.record(db, verdict_rows(state, thread_of_run(), records, stop_reason=stop_reason))


async def record_round(
    state: State,
    db: str,
    results: Iterable[ExecResult],
    checklist: Mapping[str, bool],
    repeats: Mapping[str, str | None],
) -> None:
    """The round's verdict rows and one row per execution, with the checklist after it.

    `repeats` maps a call id to why an identical call ran again (see `TraceRow.repeat`).
    """
    thread_id = thread_of_run()
    round_no = state.usage["rounds"]
    ran = {r["id"] for r in results}
    judged = [c for c in state.calls if c["round"] == round_no or (c["id"] in ran and c["id"])]
    rows = verdict_rows(state, thread_id, judged, stop_reason=None)
    base = _base(state, thread_id, checklist)
    verdicts = {c["id"]: c["verdict"] for c in judged}
    for i, r in enumerate(results):
        env = r["result"]
        ok = bool(env.get("ok"))
        row = base | {
            "kind": "execution",
            "node": "execute",
            "round": round_no,
            "tool": r["tool"],
            "args_hash": _args_hash(r["fingerprint"]),
            "verdict": verdicts.get(r["id"]),
            "outcome": "ok" if ok else str(env.get("error_type")),
            "error_type": None if ok else env.get("error_type"),
            "executed": r["executed"],
            "attempts": r["attempts"],
            "repeat": repeats.get(r["id"]),
            "latency_ms": round(r["seconds"] * 1000, 3),
            "tokens": 0,
        }
        rows.append((_key(row, i, r["id"]), row))
    await trace.record(db, rows)


async def record_end(
    state: State, db: str, *, stop_reason: str, via: str | None, checklist: Mapping[str, bool]
) -> None:
    """The task's last row: its stop reason, how it got there, total tokens and seconds."""
    thread_id = thread_of_run()
    row = _base(state, thread_id, checklist) | {
        "kind": "end",
        "node": "respond",
        "round": state.usage["rounds"],
        "reason": via,
        "outcome": "completed" if stop_reason == "completed" else "stopped",
        "stop_reason": stop_reason,
        "latency_ms": round(state.usage["seconds"] * 1000, 3),
        "tokens": state.usage["tokens"],
    }
    await trace.record(db, [(trace.row_key(row, 0), row)])
