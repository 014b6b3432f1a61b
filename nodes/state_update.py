"""state_update: fold execution results into the checklist, evidence and loop counters."""

from __future__ import annotations

import time
from typing import Any

from langchain_core.messages import RemoveMessage
from langgraph.runtime import Runtime

from checkpoints.trace import archive_fingerprints, archive_messages
from graph.context import Context
from graph.state import CallRecord, ExecResult, FingerprintStats, State, WriteRecord
from nodes.common import Task, current_task, fingerprint
from nodes.compaction import old_fingerprints, old_messages, recent_calls, with_archived
from nodes.tracing import record_round, thread_of_run
from tools.contract import ToolSpec


def _waiting(spec: ToolSpec | None, data: dict[str, Any], first_at: float, now: float) -> bool:
    """A poll answered "still processing" within its deadline: waiting, not stalling."""
    if spec is None or spec.poll is None:
        return False
    status = data.get(spec.poll.status_field)
    return status in spec.poll.pending_values and now - first_at < spec.poll.deadline_s


def repeat_kind(
    spec: ToolSpec | None, prev: FingerprintStats | None, write_epoch: int, now: float
) -> str | None:
    """Why an identical call ran again, for the trace; None when it is its first run."""
    if prev is None or not prev["executions"]:
        return None
    if not prev["successes"]:
        return "retry"
    data = prev["result"].get("data", {})
    if spec is not None and _waiting(spec, data, prev["first_at"], now):
        return "poll"
    if spec is not None and spec.effect == "read" and prev["epoch"] < write_epoch:
        return "reread"
    return "repeat"


def effects(state: State, task: Task) -> list[WriteRecord]:
    """This task's writes, with those of the last batch whose effect exists or may exist.

    A write counts when it succeeded (ran now, or the ledger returned the receipt of an
    earlier attempt of this task) or its outcome is unknown; one that failed for certain
    changed nothing. Kept per exact call, the latest outcome winning, so an unknown write
    a human later ran is listed once, with its receipt.
    """
    out = {
        fingerprint(w["tool"], w["args"]): w
        for w in state.writes
        if w["task_seq"] == state.task_seq
    }
    for r in state.results:
        spec = task.domain.tools.get(r["tool"])
        if spec is None or spec.effect != "write" or not _has_effect(r):
            continue
        env = r["result"]
        key = fingerprint(r["tool"], r["args"])
        out.pop(key, None)
        out[key] = {
            "task_seq": state.task_seq,
            "id": r["id"],
            "tool": r["tool"],
            "args": dict(r["args"]),
            "outcome": "ok" if env.get("ok") else "unknown_outcome",
            "receipt": dict(env.get("data", {})),
        }
    return list(out.values())


def _has_effect(result: ExecResult) -> bool:
    env = result["result"]
    return bool(env.get("ok")) or env.get("error_type") == "unknown_outcome"


async def state_update(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Record what changed; tick a step only on a verified, matching execution.

    Progress means a new checklist item or new evidence (a call that succeeded for the first
    time, or returned different data than last time). A poll that a job is still processing,
    within the tool's deadline, is waiting: it neither counts as progress nor as a stall.
    A round without either moves the stall counter that the verifier stops on.
    """
    if not state.results:
        return {}
    task = current_task(state, runtime)
    fingerprints = dict(state.fingerprints)
    checklist = dict(state.checklist)
    evidence = dict(state.evidence)
    write_epoch = state.write_epoch
    progress = False
    waiting = False
    now = time.time()
    outcomes: dict[str, tuple[bool, str]] = {}
    ran_with: dict[str, dict[str, Any]] = {}
    repeats: dict[str, str | None] = {}
    thread_id = thread_of_run()
    for r in state.results:
        env = r["result"]
        ok = bool(env.get("ok"))
        prev = fingerprints.get(r["fingerprint"])  # the guard revived any archived one
        spec = task.domain.tools.get(r["tool"])
        if r["executed"]:
            repeats[r["id"]] = repeat_kind(spec, prev, write_epoch, now)
        stats: FingerprintStats = {
            "tool": r["tool"],
            "executions": (prev["executions"] if prev else 0) + int(r["executed"]),
            "failures": (prev["failures"] if prev else 0) + int(not ok),
            "successes": (prev["successes"] if prev else 0) + int(ok),
            "epoch": write_epoch,
            "result": env,
            "first_at": prev["first_at"] if prev else now,
        }
        if r["executed"]:
            stats["last_at"] = now  # a poll's interval counts from here
        elif prev is not None and "last_at" in prev:
            stats["last_at"] = prev["last_at"]
        if ok:
            data = env.get("data", {})
            new_data = prev is None or not prev["successes"] or prev["result"].get("data") != data
            progress |= new_data
            waiting |= _waiting(spec, data, stats["first_at"], now)
            if spec is not None and spec.effect == "write" and r["executed"]:
                write_epoch += 1
            stats["epoch"] = write_epoch
            checklist, evidence, ticked = task.intent.apply(
                state.slots, checklist, evidence, r["tool"], r["args"], data
            )
            progress |= ticked
        fingerprints.pop(r["fingerprint"], None)  # re-inserted last: the dict is in recency order
        fingerprints[r["fingerprint"]] = stats
        outcomes[r["id"]] = (r["executed"], "ok" if ok else str(env.get("error_type")))
        ran_with[r["id"]] = r["args"]
    calls: list[CallRecord] = []
    for rec in state.calls:
        if rec["id"] in outcomes and rec["outcome"] is None:
            executed, outcome = outcomes[rec["id"]]
            # The arguments it ran with: a call that took another call's result shows it.
            rec = {**rec, "args": ran_with[rec["id"]], "executed": executed, "outcome": outcome}
        calls.append(rec)
    await record_round(state, runtime.context.db, state.results, checklist, repeats)
    leaving_fps = old_fingerprints(fingerprints, task)
    bloom = state.archived_filter
    if leaving_fps:
        await archive_fingerprints(runtime.context.db, thread_id, state.task_seq, leaving_fps)
        fingerprints = {fp: s for fp, s in fingerprints.items() if fp not in leaving_fps}
        bloom = with_archived(bloom, leaving_fps)
    if progress:
        stall = 0
    elif waiting:
        stall = state.stall_rounds
    else:
        stall = state.stall_rounds + 1
    update: dict[str, Any] = {
        "fingerprints": fingerprints,
        "archived_filter": bloom,
        "checklist": checklist,
        "evidence": evidence,
        "write_epoch": write_epoch,
        "writes": effects(state, task),
        "calls": recent_calls(calls),
        "stall_rounds": stall,
    }
    leaving, seqs = old_messages(state.messages)
    if leaving:
        # Archived before the checkpoint that drops them: a crash in between replays this
        # node, and the archive ignores messages it already holds.
        await archive_messages(runtime.context.db, thread_id, seqs, leaving)
        update["messages"] = [RemoveMessage(id=str(m.id)) for m in leaving]
    return update
