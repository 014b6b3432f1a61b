"""state_update: fold execution results into the checklist, evidence and loop counters."""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import CallRecord, FingerprintStats, State
from nodes.common import current_task, expected_args


async def state_update(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Record what changed; tick a step only on a verified, matching execution.

    Progress means a new checklist item or new evidence (a call that succeeded for the first
    time, or returned different data than last time, as a polled job does). A round without
    progress moves the stall counter that the verifier stops on.
    """
    if not state.results:
        return {}
    task = current_task(state, runtime)
    fingerprints = dict(state.fingerprints)
    checklist = dict(state.checklist)
    evidence = dict(state.evidence)
    write_epoch = state.write_epoch
    progress = False
    outcomes: dict[str, tuple[bool, str]] = {}
    for r in state.results:
        env = r["result"]
        ok = bool(env.get("ok"))
        prev = fingerprints.get(r["fingerprint"])
        stats: FingerprintStats = {
            "tool": r["tool"],
            "executions": (prev["executions"] if prev else 0) + int(r["executed"]),
            "failures": (prev["failures"] if prev else 0) + int(not ok),
            "successes": (prev["successes"] if prev else 0) + int(ok),
            "epoch": write_epoch,
            "result": env,
            "first_at": prev["first_at"] if prev else time.time(),
        }
        if ok:
            new_data = (
                prev is None
                or not prev["successes"]
                or prev["result"].get("data") != env.get("data")
            )
            progress |= new_data
            spec = task.domain.tools.get(r["tool"])
            if spec is not None and spec.effect == "write" and r["executed"]:
                write_epoch += 1
            stats["epoch"] = write_epoch
            for step in task.intent.steps:
                if (
                    not checklist.get(step.name)
                    and step.tool == r["tool"]
                    and expected_args(step.args(state.slots), r["args"])
                ):
                    checklist[step.name] = True
                    evidence[step.name] = env.get("data", {})
                    progress = True
        fingerprints[r["fingerprint"]] = stats
        outcomes[r["id"]] = (r["executed"], "ok" if ok else str(env.get("error_type")))
    calls: list[CallRecord] = []
    for rec in state.calls:
        if rec["id"] in outcomes and rec["outcome"] is None:
            executed, outcome = outcomes[rec["id"]]
            rec = {**rec, "executed": executed, "outcome": outcome}
        calls.append(rec)
    return {
        "fingerprints": fingerprints,
        "checklist": checklist,
        "evidence": evidence,
        "write_epoch": write_epoch,
        "calls": calls,
        "stall_rounds": 0 if progress else state.stall_rounds + 1,
    }
