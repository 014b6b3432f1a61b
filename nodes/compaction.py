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
  archived ones are read back (one indexed query) when a proposed call may be among them.
  A fixed-size Bloom filter in state (`archived_filter`, 128 bytes) answers "may be": no
  false negatives, so a repeat of an archived call is always caught, and a new call (the
  usual case: the next page, the next poll) skips the query. Shorter tasks never touch it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
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
FILTER_BITS = 1024
"""Bits of the archive's Bloom filter: with 3 hashes, about 2% false positives after 100
archived calls and 30% after 300; a false positive only costs the query it would have
saved."""
FILTER_HASHES = 3


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


def _bits(fp: str) -> list[int]:
    digest = hashlib.blake2b(fp.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return [
        int.from_bytes(digest[2 * i : 2 * i + 2], "big") % FILTER_BITS for i in range(FILTER_HASHES)
    ]


def with_archived(bloom: bytes, fps: Iterable[str]) -> bytes:
    """The filter with `fps` added."""
    bits = bytearray(bloom or bytes(FILTER_BITS // 8))
    for fp in fps:
        for bit in _bits(fp):
            bits[bit // 8] |= 1 << (bit % 8)
    return bytes(bits)


def may_be_archived(bloom: bytes, fp: str) -> bool:
    """False only if `fp` was certainly never added to the filter."""
    return all(bloom[bit // 8] & (1 << (bit % 8)) for bit in _bits(fp))


async def known_fingerprints(
    state: State, db: str, thread_id: str, wanted: Iterable[str]
) -> Mapping[str, FingerprintStats]:
    """The counters the guard will look up: state's, plus the archived ones when needed.

    Args:
        state: The thread's state (its counters and archive filter).
        db: The database holding the archive.
        thread_id: The thread whose task's archive to read.
        wanted: The fingerprints the guard is about to look up.
    """
    if len(state.fingerprints) < KEEP_FINGERPRINTS:
        return state.fingerprints
    missing = [fp for fp in wanted if fp not in state.fingerprints]
    if not missing:
        return state.fingerprints
    bloom = state.archived_filter
    # An empty filter with this many counters: a state written before the filter existed.
    if bloom and not any(may_be_archived(bloom, fp) for fp in missing):
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
