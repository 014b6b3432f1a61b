"""Keep the checkpointed state the same size however long a task runs.

The SQLite saver stores every channel's full value in every checkpoint, and this graph writes
five checkpoints a round, so anything in state that grows by one entry per round makes each
round cost more bytes than the last (quadratic in total). Three things grow that way here:
the messages, the call records and the per-call counters the guard judges repeats by. Each
is windowed: the recent part stays in state, the rest moves to append-only tables in the same
database (`checkpoints/trace.py`), written before the checkpoint that drops it, so a crash in
between loses nothing (the replayed node writes the same rows again, and they are ignored).

- Messages: only tool traffic moves, whole turns, oldest first; requests and final answers
  stay, and `show` puts the archived turns back in place.
- Call records: every call is already a trace row; state keeps the latest `KEEP_CALLS`.
- Counters: the guard needs every call's counters to stop a third identical execution, so
  archived ones are read back (one indexed query) whenever a task has had more than
  `KEEP_FINGERPRINTS` distinct calls; shorter tasks never touch the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage

from checkpoints import trace
from graph.state import CallRecord, FingerprintStats, State
from nodes.common import Task

KEEP_TOOL_TURNS = 4
"""Model turns with tool calls (and their answers) kept in the checkpointed messages."""
ARCHIVE_BATCH = 4
"""Turns moved out at once, so the archive is written every few rounds, not every round."""
KEEP_CALLS = 8
"""Call records kept in state; every call is in the trace table as well."""
KEEP_FINGERPRINTS = 8
"""Per-call counters kept in state; older successful ones move to the archive table. After a
move exactly this many remain, and nothing else removes one within a task, so a task with
fewer has never archived any (and the guard skips the lookup)."""
FINGERPRINT_BATCH = 8


def _tool_turns(messages: Sequence[AnyMessage]) -> list[list[AnyMessage]]:
    """AI turns that called tools, each with the answers that follow it."""
    turns: list[list[AnyMessage]] = []
    current: list[AnyMessage] | None = None
    for m in messages:
        if isinstance(m, AIMessage) and (m.tool_calls or m.invalid_tool_calls):
            current = [m]
            turns.append(current)
        elif isinstance(m, ToolMessage) and current is not None:
            current.append(m)
        else:
            current = None
    return turns


def old_messages(messages: Sequence[AnyMessage]) -> tuple[list[AnyMessage], list[int]]:
    """Old tool turns to move out of state, with the task number of each message."""
    turns = _tool_turns(messages)
    if len(turns) < KEEP_TOOL_TURNS + ARCHIVE_BATCH:
        return [], []
    leaving = {id(m) for turn in turns[: len(turns) - KEEP_TOOL_TURNS] for m in turn}
    out: list[AnyMessage] = []
    seqs: list[int] = []
    task = 0
    for m in messages:
        if isinstance(m, HumanMessage):
            task += 1
        elif id(m) in leaving and m.id:
            out.append(m)
            seqs.append(task)
    return out, seqs


def recent_calls(calls: list[CallRecord]) -> list[CallRecord]:
    """The latest call records once there are twice as many as are kept."""
    return calls[-KEEP_CALLS:] if len(calls) >= 2 * KEEP_CALLS else calls


def old_fingerprints(
    fingerprints: Mapping[str, FingerprintStats], task: Task
) -> dict[str, FingerprintStats]:
    """Counters to move out: the least recently used successful ones, beyond the kept.

    The dict is in recency order (`state_update` re-inserts what it touches). Failures stay
    (the verifier reads them), and so do polling tools' (the guard reads their last status
    often); if too few can move, the state is just larger this time.
    """
    if len(fingerprints) < KEEP_FINGERPRINTS + FINGERPRINT_BATCH:
        return {}
    excess = len(fingerprints) - KEEP_FINGERPRINTS
    out: dict[str, FingerprintStats] = {}
    for fp, stats in fingerprints.items():
        if len(out) >= excess:
            break
        spec = task.domain.tools.get(stats["tool"])
        if stats["successes"] and (spec is None or spec.poll is None):
            out[fp] = stats
    return out


async def known_fingerprints(
    state: State, db: str, thread_id: str
) -> Mapping[str, FingerprintStats]:
    """Every call's counters this task: state's, plus the archived ones when there are any."""
    if len(state.fingerprints) < KEEP_FINGERPRINTS:
        return state.fingerprints
    archived: dict[str, Any] = await trace.archived_fingerprints(db, thread_id, state.task_seq)
    if not archived:
        return state.fingerprints
    return {**archived, **state.fingerprints}


def revived(
    state: State, known: Mapping[str, FingerprintStats], cleared: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The guard's state update that puts archived counters of calls about to run back.

    `state_update` then finds every executed call's history in state, as for a short task.
    """
    back = {
        p["fingerprint"]: known[p["fingerprint"]]
        for p in cleared
        if p["fingerprint"] not in state.fingerprints and p["fingerprint"] in known
    }
    return {"fingerprints": {**state.fingerprints, **back}} if back else {}
