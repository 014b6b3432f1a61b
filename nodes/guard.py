"""guard: decide, before anything executes, whether each proposed call may run.

The ladder, in order: budgets; offered set and permission; argument schema; the call's
fingerprint history. Every violation climbs a per-kind ladder (feedback, then block, then
stop) so a model gets a precise hint first and a loop still ends in a bounded number of
rounds. Nothing here knows which model is running: it judges calls, not models.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.messages import AIMessage, ToolMessage
from langgraph.runtime import Runtime
from pydantic import BaseModel, ValidationError

from graph.context import Context
from graph.state import CallRecord, FingerprintStats, PendingCall, State, StopReason
from nodes.common import (
    STEPS_PER_ROUND,
    STEPS_TO_FINISH,
    Task,
    current_task,
    fingerprint,
    tool_message,
    validation_result,
)
from nodes.compaction import known_fingerprints, revived
from nodes.tool_loader import widen
from nodes.tracing import record_verdicts, thread_of_run
from tools.contract import ToolResult, ToolSpec
from tools.domain import Budget

Action = Literal["run", "cached", "feedback", "blocked", "stop"]

STOP_FOR_KIND: dict[str, StopReason] = {
    "not_allowed": "not_allowed",
    "validation": "validation_failed",
    "duplicate": "duplicate_call",
}

NOT_OFFERED = "'{tool}' is not available in this task. Offered tools: {offered}."
BAD_JSON = (
    "{tool}: arguments are not a valid JSON object ({error}); send an object matching the schema."
)
ALREADY_DONE = (
    "duplicate: this exact call already succeeded and was not executed again; its recorded "
    "result is in data. Move on to the next open step or answer."
)
BLOCKED_REPEAT = (
    "blocked: this exact call was already {what}; it was not executed. Change the arguments "
    "or answer with what you have. Repeating it again stops the run."
)
SKIPPED = "not executed: the run stopped ({reason})."
SAME_TURN = (
    "duplicate: identical to another call in this turn, which runs once; this one was not "
    "executed. Read that call's result."
)
SAME_TURN_REASON = "same_turn"


@dataclass(frozen=True)
class Decision:
    """The guard's verdict on one proposed call.

    Attributes:
        action: run, cached (answered from the record), feedback, blocked or stop.
        kind: The violation kind whose ladder moved, if any.
        stop_reason: Set when action is "stop".
        result: What the model is told when the call does not run.
        args: Validated arguments (JSON form) when valid, else the raw ones.
        fingerprint: Tool + canonical arguments.
    """

    action: Action
    kind: str | None
    stop_reason: StopReason | None
    result: ToolResult | None
    args: dict[str, Any]
    fingerprint: str


def _ladder(
    kind: str, strikes: Mapping[str, int], budget: Budget
) -> Literal["feedback", "blocked", "stop"]:
    level = strikes.get(kind, 0) + 1
    if level >= budget.max_strikes:
        return "stop"
    return "feedback" if level == 1 else "blocked"


def _violation(
    kind: str,
    result: ToolResult,
    strikes: Mapping[str, int],
    budget: Budget,
    args: dict[str, Any],
    fp: str,
    *,
    first: Action = "feedback",
) -> Decision:
    step = _ladder(kind, strikes, budget)
    base = kind.split(":", 1)[0]
    if step == "stop":
        return Decision("stop", kind, STOP_FOR_KIND[base], result, args, fp)
    return Decision(first if step == "feedback" else "blocked", kind, None, result, args, fp)


def _legit_repeat(spec: ToolSpec, stats: FingerprintStats, write_epoch: int, now: float) -> bool:
    """Repetitions that are not loops: polling a pending job, re-reading after a write."""
    if spec.poll is not None:
        status = stats["result"].get("data", {}).get(spec.poll.status_field)
        if status in spec.poll.pending_values and now - stats["first_at"] < spec.poll.deadline_s:
            return True
    return spec.effect == "read" and stats["epoch"] < write_epoch


def judge_call(
    call: Mapping[str, Any],
    *,
    task: Task,
    offered: list[str],
    fingerprints: Mapping[str, FingerprintStats],
    strikes: Mapping[str, int],
    write_epoch: int,
    now: float,
) -> Decision:
    """Judge one proposed call against the ladder; pure, so it is tested on its own."""
    name = str(call.get("name") or "")
    raw = call.get("args")
    raw_args: dict[str, Any] = raw if isinstance(raw, dict) else {}
    fp = fingerprint(name, raw_args)
    spec = task.domain.tools.get(name)
    if spec is None or name not in offered:
        result = ToolResult.failure(
            "not_allowed",
            NOT_OFFERED.format(tool=name, offered=", ".join(offered) or "none"),
            user_action="Call one of the offered tools, or answer without tools.",
        )
        return _violation("not_allowed", result, strikes, task.budget, raw_args, fp)
    if call.get("invalid") is not None or not isinstance(raw, dict):
        error = call.get("invalid") or f"got {type(raw).__name__}"
        result = ToolResult.failure(
            "validation",
            BAD_JSON.format(tool=name, error=str(error)[:120]),
            user_action="Send the arguments as one JSON object.",
        )
        return _violation(f"validation:{name}", result, strikes, task.budget, raw_args, fp)
    try:
        validated: BaseModel = spec.args_model.model_validate(raw_args)
    except ValidationError as exc:
        result = validation_result(name, exc)
        return _violation(f"validation:{name}", result, strikes, task.budget, raw_args, fp)
    args = validated.model_dump(mode="json")
    fp = fingerprint(name, args)
    stats = fingerprints.get(fp)
    if stats is None or _legit_repeat(spec, stats, write_epoch, now):
        return Decision("run", None, None, None, args, fp)
    if stats["successes"]:
        recorded = stats["result"]
        cached = ToolResult(ok=True, data=recorded.get("data", {}), message=ALREADY_DONE)
        blocked = ToolResult.failure(
            "conflict",
            BLOCKED_REPEAT.format(what="done"),
            retryable=False,
            user_action="Do not repeat completed calls.",
        )
        decision = _violation("duplicate", blocked, strikes, task.budget, args, fp, first="cached")
        if decision.action == "cached":
            return Decision("cached", "duplicate", None, cached, args, fp)
        return decision
    if stats["failures"] >= 2:
        blocked = ToolResult.failure(
            "conflict",
            BLOCKED_REPEAT.format(what="tried twice and failed"),
            retryable=False,
            user_action="Change the arguments or stop.",
        )
        decision = _violation("duplicate", blocked, strikes, task.budget, args, fp, first="blocked")
        return decision
    return Decision("run", None, None, None, args, fp)  # one retry after a single failure


def _stop_detail(decision: Decision, tool: str) -> str:
    """One line for the final answer: which limit ended the run, on which call."""
    base = (decision.kind or "").split(":", 1)[0]
    if base == "duplicate":
        return f"'{tool}' was proposed again with identical arguments after the guard blocked it"
    if base == "not_allowed":
        return f"'{tool}' is not offered in this task and was requested repeatedly"
    return decision.result.message if decision.result else ""


def _widened_offer(
    state: State,
    runtime: Runtime[Context],
    task: Task,
    calls: list[dict[str, Any]],
    judging: bool,
) -> tuple[list[str], dict[str, Any]]:
    """The offer to judge this turn against, widened once if the model asked beyond it.

    Widening is the loader's policy (`nodes.tool_loader.widen`: at most K more, only tools
    the intent and the caller's roles allow); it is applied here so a call it admits runs
    in this round. A tool still outside the widened offer meets the not-offered ladder.
    """
    offered = list(state.offered_tools)
    unoffered = [str(c.get("name") or "") for c in calls if c.get("name") not in offered]
    if not judging or not unoffered or state.widened:
        return offered, {}
    extra = widen(task, state, runtime.context.roles, unoffered)
    if not extra:
        return offered, {}
    offered += extra
    return offered, {"offered_tools": offered, "widened": True}


def check_budgets(state: State, budget: Budget) -> tuple[StopReason, str] | None:
    """Round-level limits: checked before any call of the round is judged."""
    usage = state.usage
    if usage["rounds"] > budget.max_rounds:
        return "step_budget", f"{usage['rounds']} rounds > max_rounds {budget.max_rounds}"
    if usage["tokens"] > budget.max_tokens:
        return "token_budget", f"{usage['tokens']} tokens > max_tokens {budget.max_tokens}"
    if usage["seconds"] > budget.max_seconds:
        return "time_budget", f"{usage['seconds']:.1f}s > max_seconds {budget.max_seconds:g}"
    if state.remaining_steps < STEPS_PER_ROUND + STEPS_TO_FINISH - 2:
        return "step_budget", f"only {state.remaining_steps} graph steps left"
    return None


def _calls_of(message: AIMessage) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = [dict(c) for c in message.tool_calls]
    for bad in message.invalid_tool_calls:
        raw = bad.get("args")
        try:
            parsed = json.loads(raw) if isinstance(raw, str) else raw
        except ValueError:
            parsed = raw
        calls.append(
            {
                "id": bad.get("id") or "",
                "name": bad.get("name") or "",
                "args": parsed,
                "invalid": bad.get("error") or "unparsable arguments",
            }
        )
    return calls


async def guard(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Judge every call of the model's last turn; answer each one that will not run."""
    if state.verdict.get("action") == "stop":
        return {}  # propose already failed; the router sends this to fallback
    last = state.messages[-1] if state.messages else None
    if not isinstance(last, AIMessage) or not (last.tool_calls or last.invalid_tool_calls):
        return {
            "pending": [],
            "verdict": {
                "node": "guard",
                "action": "answer",
                "reason": None,
                "detail": "the model answered without tool calls",
            },
        }
    task = current_task(state, runtime)
    calls = _calls_of(last)
    round_no = state.usage["rounds"]
    strikes = dict(state.strikes)
    messages: list[ToolMessage] = []
    records: list[CallRecord] = []
    pending: list[PendingCall] = []
    stop: tuple[StopReason, str] | None = check_budgets(state, task.budget)
    admitted = state.usage["calls"]
    known = await known_fingerprints(state, runtime.context.db, thread_of_run())
    now = time.time()
    offered, widened = _widened_offer(state, runtime, task, calls, stop is None)

    for call in calls:
        call_id, name = str(call.get("id") or ""), str(call.get("name") or "")
        note: str | None = None
        if stop is not None:
            raw = call.get("args")
            args = raw if isinstance(raw, dict) else {}
            skipped = ToolResult.failure(
                "conflict", SKIPPED.format(reason=stop[0]), retryable=False
            )
            decision = Decision("stop", None, stop[0], skipped, args, fingerprint(name, args))
        else:
            decision = judge_call(
                call,
                task=task,
                offered=offered,
                fingerprints=known,
                strikes=strikes,
                write_epoch=state.write_epoch,
                now=now,
            )
            if decision.action == "run" and any(
                p["fingerprint"] == decision.fingerprint for p in pending
            ):
                # Parallel identical calls in one turn: the history is judged per turn, so
                # without this each copy would run. One runs; the copies are answered here
                # without a strike, since repetition alone is not yet a loop.
                decision = Decision(
                    "blocked",
                    None,
                    None,
                    ToolResult.failure("conflict", SAME_TURN, retryable=False),
                    decision.args,
                    decision.fingerprint,
                )
                note = SAME_TURN_REASON
            if decision.action == "run" and admitted + 1 > task.budget.max_calls:
                decision = Decision(
                    "stop",
                    None,
                    "call_budget",
                    ToolResult.failure(
                        "conflict", SKIPPED.format(reason="call_budget"), retryable=False
                    ),
                    decision.args,
                    decision.fingerprint,
                )
        if decision.kind is not None:
            strikes[decision.kind] = strikes.get(decision.kind, 0) + 1
        if decision.action == "stop" and stop is None:
            stop = (decision.stop_reason or "no_progress", _stop_detail(decision, name))
            decision = dataclasses.replace(
                decision,
                result=ToolResult.failure(
                    "conflict", SKIPPED.format(reason=stop[0]), retryable=False
                ),
            )
        if decision.action == "run":
            admitted += 1
            pending.append(
                {
                    "id": call_id,
                    "tool": name,
                    "args": decision.args,
                    "fingerprint": decision.fingerprint,
                }
            )
        elif decision.result is not None:
            messages.append(tool_message(call_id, name, decision.result))
        records.append(
            {
                "id": call_id,
                "round": round_no,
                "tool": name,
                "args": decision.args,
                "fingerprint": decision.fingerprint,
                "verdict": "stopped" if decision.action == "stop" else decision.action,
                "reason": decision.kind or decision.stop_reason or note,
                "executed": False,
                "outcome": None if decision.action == "run" else "not_run",
            }
        )

    stall = state.stall_rounds
    if stop is None and not pending:
        stall += 1
        if stall >= task.budget.max_stall_rounds:
            stop = ("no_progress", f"{stall} rounds without a new checklist item or evidence")
    if stop is not None:
        # Calls cleared earlier in this turn must still be answered, or the history breaks.
        for p in pending:
            messages.append(
                tool_message(
                    p["id"],
                    p["tool"],
                    ToolResult.failure("conflict", SKIPPED.format(reason=stop[0]), retryable=False),
                )
            )
        for rec in records:
            if rec["verdict"] == "run":
                rec["verdict"], rec["outcome"] = "skipped", "not_run"
        pending = []
    action = "stop" if stop else ("run" if pending else "feedback")
    if not pending:  # nothing runs: no state_update this round to write the verdicts
        await record_verdicts(
            state, runtime.context.db, records, stop_reason=stop[0] if stop else None
        )
    return {
        "messages": messages,
        "pending": pending,
        "calls": [*state.calls, *records],
        "strikes": strikes,
        "stall_rounds": stall,
        **revived(state, known, pending),
        **widened,
        "verdict": {
            "node": "guard",
            "action": action,
            "reason": stop[0] if stop else None,
            "detail": stop[1] if stop else f"{len(pending)} call(s) cleared",
        },
    }
