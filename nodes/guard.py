"""guard: decide, before anything executes, whether each proposed call may run.

The ladder, in order: budgets; offered set and permission; argument schema (and the
references between the calls of one turn, `nodes/executor/dag.py`); the call's fingerprint history;
the checklist (a write before the steps it needs, arguments that contradict the values
code decided, references no result of the run holds: `IntentSpec.check`); human approval
for risky writes. Every violation climbs a per-kind ladder (feedback, then
block, then stop) so a model gets a precise hint first and a loop still ends in a bounded
number of rounds. A repeat of a call that succeeded is the exception: it is answered from
the record, then refused, and never stops the run by itself; the run stops when it makes no
progress for `Budget.max_repeat_rounds` rounds, so a model that repeats and then goes on
finishes its task. A `search_tools` call is answered here too (`nodes/disclosure.py`).
Nothing here knows which model is running: it judges calls, not models, and the offered set
is code's: text in a tool result cannot add a tool to it.
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
from graph.state import (
    CallRecord,
    FingerprintStats,
    PendingCall,
    State,
    StopReason,
    proposed_by,
)
from nodes.common import (
    STEPS_PER_ROUND,
    STEPS_TO_FINISH,
    Task,
    current_task,
    field_error_result,
    field_errors,
    fingerprint,
    tool_message,
)
from nodes.compaction import known_fingerprints, revived
from nodes.disclosure import SEARCH_HINT, SEARCH_KIND, SEARCH_TOOL, search, search_offered
from nodes.disclosure import token_limit as offer_token_limit
from nodes.executor.dag import CallPlan, InputRef, field_name, has_plan_syntax, plan_call, plan_turn
from nodes.tool_loader import widen
from nodes.tracing import record_verdicts, thread_of_run
from tools.contract import ToolResult, ToolSpec
from tools.domain import Budget, StepCheck

Action = Literal["run", "cached", "feedback", "blocked", "stop", "approve"]

STOP_FOR_KIND: dict[str, StopReason] = {
    "not_allowed": "not_allowed",
    "validation": "validation_failed",
    "duplicate": "duplicate_call",
    "binding": "validation_failed",
    "precondition": "no_progress",
}
"""Where each ladder ends. Arguments that stay at odds with the slots are invalid arguments;
a write proposed again and again before the steps it needs is a run making no progress."""

NOT_OFFERED = "'{tool}' is not available in this task. Offered tools: {offered}."
NOT_PERMITTED = (
    "'{tool}' needs the permission {permission!r}, which the caller's roles do not grant; it "
    "was not executed."
)
BAD_JSON = (
    "{tool}: arguments are not a valid JSON object ({error}); send an object matching the schema."
)
TOO_DEEP = "arguments nested deeper than {depth} levels"
MAX_DEPTH = 32
"""Deeper arguments are refused before anything recurses into them."""
NEEDS_LITERALS = (
    "literal values: {tool} needs a human's approval, and a human approves what they can read"
)
AWAITING_APPROVAL = (
    "not executed yet: {tool} changes data and needs a human's approval before it runs. The "
    "run pauses for that decision; do not call it again."
)
APPROVAL_DETAIL = "{tool} needs a human's approval before it runs"
APPROVAL_REASON = "needs_approval"
POLL_EXPIRED = (
    "{tool}: the job was still {status} when its polling deadline ({deadline:g}s) passed; it "
    "was not polled again. Tell the user it is still running."
)
ALREADY_DONE = (
    "duplicate: this exact call already succeeded and was not executed again; its recorded "
    "result is in data. Move on to the next open step or answer."
)
BLOCKED_REPEAT = (
    "blocked: this exact call was already {what}; it was not executed. Change the arguments "
    "or answer with what you have. Repeating it again stops the run."
)
REPEATED = (
    "blocked: this exact call already succeeded and was not executed again (its result is "
    "in your history). Go on with another call or answer; {left} more round(s) without "
    "progress stop the run."
)
REPEAT_STALL = "{stall} rounds without progress while repeating calls that already succeeded"
REPEAT_KIND = "repeat"
"""The key in `State.strikes` counting refused repeats of succeeded calls since the last
progress: the first is answered from the record, later ones are refused, and while it is
non-zero the run gets `Budget.max_repeat_rounds` rounds without progress."""
SKIPPED = "not executed: the run stopped ({reason})."
SAME_TURN = (
    "duplicate: identical to another call in this turn, which runs once; this one was not "
    "executed. Read that call's result."
)
SAME_TURN_REASON = "same_turn"
NEEDS_STEPS = (
    "{tool} was not run: it needs {steps} done first. Call {calls} first, then {tool} "
    "with what they return."
)
NEEDS_STEPS_ACTION = "Do the missing steps first; this call is refused until they are done."
STEP_ORDER = "(step order)"
"""The pseudo-field of a missing step: nothing in the arguments is wrong, the timing is."""
DECIDED = "{value} (decided by code for this task)"
DECIDED_FIX = "send {field} as {value}"
FROM_RESULT = "the {key} from a {tool} result of this run"
NEVER_SEEN = "{value}, which no result of this run holds"
NEVER_SEEN_FIX = "call {tool} first and pass the {key} it returns"


@dataclass(frozen=True)
class Decision:
    """The guard's verdict on one proposed call.

    Attributes:
        action: run, cached (answered from the record), feedback, blocked or stop.
        kind: The violation kind whose ladder moved, if any.
        stop_reason: Set when action is "stop".
        result: What the model is told when the call does not run.
        args: Validated arguments (JSON form) when valid, else the raw ones; a call with
            inputs from other calls carries its literal arguments only.
        fingerprint: Tool + canonical arguments.
        inputs: Arguments taken from other calls' results (`nodes.executor.dag.InputRef`).
        after: Calls of the same turn that must succeed first.
    """

    action: Action
    kind: str | None
    stop_reason: StopReason | None
    result: ToolResult | None
    args: dict[str, Any]
    fingerprint: str
    inputs: dict[str, InputRef] = dataclasses.field(default_factory=dict)
    after: tuple[str, ...] = ()


RUNNABLE: frozenset[Action] = frozenset({"run", "approve"})
"""Verdicts of a call that passed every check: only these consult the call's history."""


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
    if _pending_poll(spec, stats) and now - stats["first_at"] < _poll_deadline(spec):
        return True
    return spec.effect == "read" and stats["epoch"] < write_epoch


def _pending_poll(spec: ToolSpec, stats: FingerprintStats) -> bool:
    if spec.poll is None:
        return False
    return stats["result"].get("data", {}).get(spec.poll.status_field) in spec.poll.pending_values


def _poll_deadline(spec: ToolSpec) -> float:
    return spec.poll.deadline_s if spec.poll is not None else 0.0


def _depth(value: Any, limit: int) -> bool:
    """True when `value` nests deeper than `limit` (iterative: no recursion to overflow)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if level > limit:
            return True
        if isinstance(item, Mapping):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list | tuple):
            stack.extend((v, level + 1) for v in item)
    return False


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _name_error(name: Any, expected: str, fix: str) -> list[dict[str, str]]:
    return [{"field": "name", "expected": expected, "got": _shown(name), "fix": fix}]


def judge_call(
    call: Mapping[str, Any],
    *,
    task: Task,
    offered: list[str],
    fingerprints: Mapping[str, FingerprintStats],
    strikes: Mapping[str, int],
    write_epoch: int,
    now: float,
    permissions: frozenset[str] | None = None,
    plan: CallPlan | None = None,
    stall_rounds: int = 0,
) -> Decision:
    """Judge one proposed call against the ladder; pure, so it is tested on its own.

    Total: whatever the call holds (wrong types, missing fields, huge or odd strings, bad
    JSON, unknown tools), the answer is a Decision whose result names the field at fault.

    Args:
        call: {"name", "args", "id"} as the model sent it; "invalid" when its JSON did not
            parse.
        task: The current domain, intent and budget.
        offered: The tools offered this task; nothing else runs.
        fingerprints: What happened so far to each exact call.
        strikes: Violations per kind so far.
        write_epoch: Successful writes so far (a read before a write is stale after it).
        now: Wall time, for polling deadlines.
        permissions: The caller's permissions; a tool needing another is refused even if
            it somehow were offered. None skips the check (the offer was built from them).
        plan: This call's part of the turn's plan (`nodes.executor.dag.plan_turn`): references to
            other calls' results. None parses the arguments on their own.
        stall_rounds: Rounds without progress so far, for the repeat hint's countdown.

    A repeat of a call that succeeded is answered from its record the first time in a
    stretch without progress, then refused; it never stops the run by itself. The guard node
    stops a run that makes no progress for `Budget.max_repeat_rounds` rounds of repeats, so
    a model that repeats a few times and then goes on finishes its task.
    """
    raw_name = call.get("name")
    name = raw_name if isinstance(raw_name, str) else ""
    raw = call.get("args")
    raw_args: dict[str, Any] = raw if isinstance(raw, dict) else {}
    too_deep = _depth(raw_args, MAX_DEPTH)
    fp = fingerprint(name, {} if too_deep else raw_args)
    spec = task.domain.tools.get(name)
    if spec is None or name not in offered:
        listed = ", ".join(offered) or "none"
        result = ToolResult.failure(
            "not_allowed",
            NOT_OFFERED.format(tool=name, offered=listed),
            user_action="Call one of the offered tools, or answer without tools.",
            data={
                "errors": _name_error(
                    raw_name, f"one of the offered tools: {listed}", "call an offered tool"
                )
            },
        )
        return _violation("not_allowed", result, strikes, task.budget, raw_args, fp)
    if permissions is not None and spec.permission and spec.permission not in permissions:
        result = ToolResult.failure(
            "not_allowed",
            NOT_PERMITTED.format(tool=name, permission=spec.permission),
            retryable=False,
            user_action="Answer without this tool; the caller may not use it.",
            data={
                "errors": _name_error(
                    name, "a tool the caller's roles allow", "call an offered tool"
                )
            },
        )
        return _violation("not_allowed", result, strikes, task.budget, raw_args, fp)
    if call.get("invalid") is not None or not isinstance(raw, dict) or too_deep:
        error = call.get("invalid") or (
            TOO_DEEP.format(depth=MAX_DEPTH) if too_deep else f"got {type(raw).__name__}"
        )
        result = ToolResult.failure(
            "validation",
            BAD_JSON.format(tool=name, error=str(error)[:120]),
            user_action="Send the arguments as one JSON object.",
            data={
                "errors": [
                    {
                        "field": "(arguments)",
                        "expected": "one JSON object matching the tool's schema",
                        "got": _shown(raw),
                        "fix": "send the arguments as one JSON object",
                    }
                ]
            },
        )
        shown = {} if too_deep else raw_args
        return _violation(f"validation:{name}", result, strikes, task.budget, shown, fp)
    if plan is None and has_plan_syntax(raw_args):
        plan = plan_call(raw_args, 0, [call])
    if plan is not None and plan.errors:
        result = field_error_result(name, list(plan.errors))
        return _violation(f"validation:{name}", result, strikes, task.budget, raw_args, fp)
    literal = plan.args if plan is not None else raw_args
    deferred = plan.deferred if plan is not None else frozenset()
    after = plan.after if plan is not None else ()
    if deferred and spec.requires_approval:
        first = sorted(deferred)[0]
        errors = [
            {
                "field": field_name(first),
                "expected": NEEDS_LITERALS.format(tool=name),
                "got": "a reference to another call",
                "fix": f"call {name} in a later turn with the value itself",
            }
        ]
        result = field_error_result(name, errors)
        return _violation(f"validation:{name}", result, strikes, task.budget, raw_args, fp)
    try:
        validated: BaseModel | None = spec.args_model.model_validate(literal)
    except ValidationError as exc:
        errors = field_errors(exc, skip=deferred)
        if errors:
            result = field_error_result(name, errors)
            return _violation(f"validation:{name}", result, strikes, task.budget, raw_args, fp)
        validated = None  # only arguments that come from other calls are missing
    if deferred or validated is None:
        # The real arguments exist once the inputs do; execute judges them again then.
        inputs = dict(plan.inputs) if plan is not None else {}
        return Decision("run", None, None, None, dict(literal), fp, inputs, after)
    args = validated.model_dump(mode="json")
    fp = fingerprint(name, args)
    stats = fingerprints.get(fp)
    if stats is None or _legit_repeat(spec, stats, write_epoch, now):
        action: Action = "approve" if spec.requires_approval else "run"
        return Decision(action, None, None, None, args, fp, after=after)
    if stats["successes"]:
        recorded = stats["result"]
        cached = ToolResult(ok=True, data=recorded.get("data", {}), message=ALREADY_DONE)
        blocked = ToolResult.failure(
            "conflict",
            BLOCKED_REPEAT.format(what="done"),
            retryable=False,
            user_action="Do not repeat completed calls.",
        )
        if _pending_poll(spec, stats):
            # Past its deadline a poll is a repeat like any other, but the answer says why.
            status = recorded.get("data", {}).get(spec.poll.status_field if spec.poll else "")
            expired = POLL_EXPIRED.format(tool=name, status=status, deadline=_poll_deadline(spec))
            cached = cached.model_copy(update={"message": expired})
            blocked = ToolResult.failure(
                "timeout",
                expired,
                retryable=False,
                user_action="Answer with the job's last status; check again in a new request.",
            )
        if strikes.get(REPEAT_KIND, 0) == 0:
            return Decision("cached", "duplicate", None, cached, args, fp)
        if blocked.error_type == "conflict":
            left = max(1, task.budget.max_repeat_rounds - stall_rounds - 1)
            blocked = blocked.model_copy(update={"message": REPEATED.format(left=left)})
        # Never a stop by itself: the run stops on rounds without progress (the guard node).
        return Decision("blocked", "duplicate", None, blocked, args, fp)
    if stats["failures"] >= 2:
        blocked = ToolResult.failure(
            "conflict",
            BLOCKED_REPEAT.format(what="tried twice and failed"),
            retryable=False,
            user_action="Change the arguments or stop.",
        )
        decision = _violation("duplicate", blocked, strikes, task.budget, args, fp, first="blocked")
        return decision
    # One retry after a single failure.
    action = "approve" if spec.requires_approval else "run"
    return Decision(action, None, None, None, args, fp, after=after)


def seen_results(fingerprints: Mapping[str, FingerprintStats]) -> dict[str, list[dict[str, Any]]]:
    """Tool -> data of its successful results in this task: what references may quote."""
    out: dict[str, list[dict[str, Any]]] = {}
    for stats in fingerprints.values():
        if stats["successes"]:
            out.setdefault(stats["tool"], []).append(stats["result"].get("data", {}))
    return out


def _as_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _argument_errors(
    task: Task, check: StepCheck, args: Mapping[str, Any], *, write: bool
) -> list[dict[str, str]]:
    """Field-level errors: each contradicted value with the decided one, each made-up ref."""
    errors: list[dict[str, str]] = []
    if write:
        for arg, value in check.differs.items():
            shown = _as_json(value)
            errors.append(
                {
                    "field": field_name(arg),
                    "expected": DECIDED.format(value=shown),
                    "got": _shown(args.get(arg)),
                    "fix": DECIDED_FIX.format(field=field_name(arg), value=shown),
                }
            )
    steps = {s.name: s for s in task.intent.steps}
    for arg, ref in check.unseen.items():
        if write and arg in check.differs:
            continue
        source, _, key = ref.partition(".")
        tool = steps[source].tool if source in steps else source
        errors.append(
            {
                "field": field_name(arg),
                "expected": FROM_RESULT.format(key=key, tool=tool),
                "got": NEVER_SEEN.format(value=_shown(args.get(arg))),
                "fix": NEVER_SEEN_FIX.format(tool=tool, key=key),
            }
        )
    return errors


def binding_failure(
    task: Task,
    spec: ToolSpec,
    check: StepCheck,
    args: Mapping[str, Any],
    slots: Mapping[str, Any],
    evidence: Mapping[str, Mapping[str, Any]],
) -> tuple[Literal["precondition", "binding"], ToolResult] | None:
    """Why a call may not run as the checklist stands, or None when it may.

    A write runs only once the steps it needs are done and with the values code decided; a
    read may run early or differ (it ticks nothing then), but never quotes a reference no
    result of the run holds.
    """
    write = spec.effect == "write"
    errors = _argument_errors(task, check, args, write=write)
    if write and check.missing:
        calls = ", ".join(
            f"{s.tool} {_as_json(s.expected(slots, evidence))}" for s in check.missing
        )
        steps = " and ".join(f"{s.name} ({s.tool})" for s in check.missing)
        order = [
            {
                "field": STEP_ORDER,
                "expected": f"{s.name} done first, by {s.tool}",
                "got": f"{s.name} not done",
                "fix": f"call {s.tool} first",
            }
            for s in check.missing
        ]
        return "precondition", ToolResult.failure(
            "dependency",
            NEEDS_STEPS.format(tool=spec.name, steps=steps, calls=calls),
            retryable=False,
            user_action=NEEDS_STEPS_ACTION,
            data={"errors": [*order, *errors]},
        )
    if errors:
        return "binding", field_error_result(spec.name, errors)
    return None


def _supplied_by(
    task: Task, check: StepCheck, earlier: list[PendingCall], *, write: bool
) -> tuple[str, ...] | None:
    """Ids of calls written earlier in the turn that supply what `check` misses, if all are.

    A reply may do the steps a call needs before it ("submit, then check the job"): such a
    call runs after them, and is judged again once they have (`recheck`).
    """
    if write and check.differs:
        return None
    steps = {s.name: s for s in task.intent.steps}
    tools = [s.tool for s in check.missing] if write else []
    for ref in check.unseen.values():
        source = ref.partition(".")[0]
        tools.append(steps[source].tool if source in steps else source)
    ids: list[str] = []
    for tool in dict.fromkeys(tools):
        found = [p["id"] for p in earlier if p["tool"] == tool]
        if not found:
            return None
        ids += found
    return tuple(ids)


def recheck(
    task: Task,
    state: State,
    spec: ToolSpec,
    args: Mapping[str, Any],
    earlier: list[tuple[str, Mapping[str, Any], Mapping[str, Any]]],
) -> ToolResult | None:
    """The checklist check again just before a call runs, after the calls written before it.

    Args:
        task: The current task.
        state: The state the guard judged the turn in.
        spec: The tool about to run.
        args: Its final arguments (inputs from other calls filled in).
        earlier: (tool, arguments, data) of the calls of the turn that succeeded before it,
            in the order written.

    Returns:
        The refusal when it still may not run, else None.
    """
    checklist: Mapping[str, bool] = state.checklist
    evidence: Mapping[str, Mapping[str, Any]] = state.evidence
    seen = seen_results(state.fingerprints)
    for tool, done_args, data in earlier:
        checklist, evidence, _ = task.intent.apply(
            state.slots, checklist, evidence, tool, done_args, data
        )
        seen.setdefault(tool, []).append(dict(data))
    check = task.intent.check(state.slots, checklist, evidence, spec.name, args, seen=seen)
    failure = binding_failure(task, spec, check, args, state.slots, evidence)
    return failure[1] if failure is not None else None


def _succeeded(fingerprints: Mapping[str, FingerprintStats], fp: str) -> bool:
    """A refused repeat of this call repeats a success (not a call that failed twice)."""
    stats = fingerprints.get(fp)
    return stats is not None and stats["successes"] > 0


def stall_limit(budget: Budget, *, repeated: bool) -> tuple[int, StopReason]:
    """How many rounds without progress a run gets, and the stop reason after them.

    A stretch without progress in which the model repeated calls that had succeeded gets
    `max_repeat_rounds` (each repeat was answered from the record; a model that goes on
    finishes its task); any other stretch `max_stall_rounds`.
    """
    if repeated:
        return budget.max_repeat_rounds, "duplicate_call"
    return budget.max_stall_rounds, "no_progress"


def repeating(state: State) -> bool:
    """Whether the current stretch without progress holds refused repeats of successes."""
    return state.stall_rounds > 0 and state.strikes.get(REPEAT_KIND, 0) > 0


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
    unoffered = [
        str(c.get("name") or "")
        for c in calls
        if c.get("name") not in offered and c.get("name") != SEARCH_TOOL
    ]
    if not judging or not unoffered or state.widened:
        return offered, {}
    extra = widen(task, state, runtime.context.roles, unoffered)
    if not extra:
        return offered, {}
    offered += extra
    return offered, {"offered_tools": offered, "widened": True}


def check_budgets(
    state: State, budget: Budget, max_tokens: int | None = None
) -> tuple[StopReason, str] | None:
    """Round-level limits: checked before any call of the round is judged.

    `max_tokens` is the task's token budget as sized for its offer (`nodes.disclosure`);
    None takes the budget's own, or its default for an offer without schemas.
    """
    usage = state.usage
    tokens = max_tokens if max_tokens is not None else budget.token_limit(0)
    if usage["rounds"] > budget.max_rounds:
        return "step_budget", f"{usage['rounds']} rounds > max_rounds {budget.max_rounds}"
    if usage["tokens"] > tokens:
        return "token_budget", f"{usage['tokens']} tokens > max_tokens {tokens}"
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
        except (ValueError, RecursionError):
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


def _link_answered_inputs(pending: list[PendingCall], decided: Mapping[str, Decision]) -> None:
    """Give each cleared call the answers of the calls it needs that will not run now.

    A call of the turn that was answered from the record (`cached`) still supplies its
    data; one that was refused supplies its failure, so the dependent call is reported
    blocked by it instead of waiting for a call that never comes.
    """
    running = {p["id"] for p in pending}
    for p in pending:
        sources = [*p.get("after", []), *(r["source"] for r in p.get("inputs", {}).values())]
        given: dict[str, dict[str, Any]] = {}
        for source in sources:
            if source in running or source in given:
                continue
            decision = decided.get(source)
            if decision is not None and decision.result is not None:
                given[source] = decision.result.model_dump(exclude_defaults=True)
            else:
                given[source] = ToolResult.failure("not_allowed", "not run").model_dump(
                    exclude_defaults=True
                )
        if given:
            p["given"] = given


def _human_problem(
    task: Task, state: State, call: PendingCall, permissions: frozenset[str]
) -> tuple[StopReason, ToolResult] | None:
    """Why a call a human approved or edited may still not run, or None when it may."""
    name = call["tool"]
    spec = task.domain.tools.get(name)
    if spec is None or name not in state.offered_tools:
        offered = ", ".join(state.offered_tools) or "none"
        message = NOT_OFFERED.format(tool=name, offered=offered)
        return "not_allowed", ToolResult.failure("not_allowed", message, retryable=False)
    if spec.permission and spec.permission not in permissions:
        message = NOT_PERMITTED.format(tool=name, permission=spec.permission)
        return "not_allowed", ToolResult.failure("not_allowed", message, retryable=False)
    try:
        spec.args_model.model_validate(call["args"])
    except ValidationError as exc:
        return "validation_failed", field_error_result(name, field_errors(exc))
    return None


def clear_human_call(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Clear the call a human approved or edited in `fallback`, without asking anyone again.

    The human's decision replaces the ladder: approving a blocked call is what overrides its
    strikes, repeats and budgets, so none of them is counted here. What no decision can
    override is checked again, since an edited call's arguments are the human's typing: the
    tool is offered, the caller may use it, and the arguments match its schema. Routing the
    call through here keeps every loop of the graph through the guard (`graph/check.py`).
    """
    task = current_task(state, runtime)
    permissions = task.domain.permissions(tuple(runtime.context.roles))
    for call in state.pending:
        problem = _human_problem(task, state, call, permissions)
        if problem is None:
            continue
        reason, result = problem
        refused = {p["id"] for p in state.pending}
        return {
            "messages": [tool_message(p["id"], p["tool"], result) for p in state.pending],
            "pending": [],
            "calls": [
                {**rec, "verdict": "stopped", "outcome": "not_run"} if rec["id"] in refused else rec
                for rec in state.calls
            ],
            "verdict": {
                "node": "guard",
                "action": "stop",
                "reason": reason,
                "detail": result.message,
            },
        }
    return {
        "verdict": {
            "node": "guard",
            "action": "run",
            "reason": None,
            "detail": f"{state.verdict.get('detail', '')}; cleared by the guard",
        }
    }


async def guard(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Judge every call of the model's last turn; answer each one that will not run."""
    if state.verdict.get("action") == "stop":
        return {}  # propose already failed; the verifier passes the stop on to fallback
    if state.verdict.get("node") == "fallback" and state.verdict.get("action") == "run":
        return clear_human_call(state, runtime)
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
    proposer = proposed_by(last)
    round_no = state.usage["rounds"]
    strikes = dict(state.strikes)
    if state.stall_rounds == 0:
        # The last round made progress: a repeat now starts its ladder again (answered from
        # the record first), since repeating is only a loop when nothing else moves.
        strikes.pop(REPEAT_KIND, None)
    roles = tuple(runtime.context.roles)
    searching = search_offered(task, state, roles)
    messages: list[ToolMessage] = []
    records: list[CallRecord] = []
    pending: list[PendingCall] = []
    stop: tuple[StopReason, str] | None = check_budgets(
        state, task.budget, offer_token_limit(task, state, roles)
    )
    admitted = state.usage["calls"]
    plans = plan_turn(calls)
    now = time.time()
    offered, widened = _widened_offer(state, runtime, task, calls, stop is None)
    permissions = task.domain.permissions(tuple(runtime.context.roles))

    def judge(index: int, fingerprints: Mapping[str, FingerprintStats]) -> Decision:
        return judge_call(
            calls[index],
            task=task,
            offered=offered,
            fingerprints=fingerprints,
            strikes=strikes,
            write_epoch=state.write_epoch,
            now=now,
            permissions=permissions,
            plan=plans[index],
            stall_rounds=state.stall_rounds,
        )

    def bind(decision: Decision, name: str) -> Decision:
        """The checklist's verdict on a call the ladder above let through."""
        spec = task.domain.tools.get(name)
        if spec is None:
            return decision
        check = task.intent.check(
            state.slots,
            state.checklist,
            state.evidence,
            name,
            decision.args,
            seen=seen,
            skip=frozenset(decision.inputs),
        )
        failure = binding_failure(task, spec, check, decision.args, state.slots, state.evidence)
        if failure is None:
            return decision
        write = spec.effect == "write"
        supplied = _supplied_by(task, check, pending, write=write)
        if decision.action == "run" and supplied is not None:
            after = tuple(dict.fromkeys((*decision.after, *supplied)))
            return dataclasses.replace(decision, after=after)
        kind, result = failure
        return _violation(
            f"{kind}:{name}", result, strikes, task.budget, decision.args, decision.fingerprint
        )

    # What judge_call will look up: the fingerprint of each call it would run were it new.
    wanted = [d.fingerprint for i in range(len(calls)) if (d := judge(i, {})).action in RUNNABLE]
    known = await known_fingerprints(state, runtime.context.db, thread_of_run(), wanted)
    seen = seen_results(known)
    decided: dict[str, Decision] = {}

    disclosed: list[str] = []
    for index, call in enumerate(calls):
        call_id, name = str(call.get("id") or ""), str(call.get("name") or "")
        note: str | None = None
        if name == SEARCH_TOOL and searching and stop is None:
            # Code, not a tool: ranked over the intent's permitted hidden tools, then offered.
            found, added = search(task, state, roles, call.get("args"), offered)
            strikes[SEARCH_KIND] = strikes.get(SEARCH_KIND, 0) + int(found.ok)
            offered += [n for n in added if n not in offered]
            disclosed += added
            messages.append(tool_message(call_id, name, found))
            raw_search = call.get("args")
            search_args = raw_search if isinstance(raw_search, dict) else {}
            records.append(
                {
                    "id": call_id,
                    "round": round_no,
                    "tool": name,
                    "args": search_args,
                    "fingerprint": fingerprint(name, search_args),
                    "verdict": "search",
                    "reason": None,
                    "executed": False,
                    "outcome": "ok" if found.ok else str(found.error_type),
                }
            )
            continue
        if stop is not None:
            raw = call.get("args")
            args = raw if isinstance(raw, dict) else {}
            skipped = ToolResult.failure(
                "conflict", SKIPPED.format(reason=stop[0]), retryable=False
            )
            decision = Decision("stop", None, stop[0], skipped, args, fingerprint(name, args))
        else:
            decision = judge(index, known)
            if decision.action in RUNNABLE:
                decision = bind(decision, name)
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
        if (
            decision.kind == "duplicate"
            and decision.action in ("cached", "blocked")
            and _succeeded(known, decision.fingerprint)
        ):
            strikes[REPEAT_KIND] = strikes.get(REPEAT_KIND, 0) + 1
        if decision.kind == "not_allowed" and searching and decision.result is not None:
            decision = dataclasses.replace(
                decision,
                result=decision.result.model_copy(update={"user_action": SEARCH_HINT}),
            )
        if decision.action == "approve":
            # A risky write: nothing of this turn runs; the run pauses for a human (or, with
            # none attached, stops), and the human's approval runs it exactly once.
            stop = stop or ("needs_human", APPROVAL_DETAIL.format(tool=name))
            waiting = ToolResult.failure(
                "conflict", AWAITING_APPROVAL.format(tool=name), retryable=False
            )
            messages.append(tool_message(call_id, name, waiting))
            records.append(
                {
                    "id": call_id,
                    "round": round_no,
                    "tool": name,
                    "args": decision.args,
                    "fingerprint": decision.fingerprint,
                    "verdict": "awaiting_approval",
                    "reason": APPROVAL_REASON,
                    "executed": False,
                    "outcome": "not_run",
                    "proposer": proposer,
                }
            )
            continue
        decided[call_id] = decision
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
            cleared: PendingCall = {
                "id": call_id,
                "tool": name,
                "args": decision.args,
                "fingerprint": decision.fingerprint,
            }
            if decision.inputs:
                cleared["inputs"] = dict(decision.inputs)
            if decision.after:
                cleared["after"] = list(decision.after)
            pending.append(cleared)
        elif decision.result is not None:
            messages.append(tool_message(call_id, name, decision.result))
        raw_args = call.get("args")
        records.append(
            {
                "id": call_id,
                "round": round_no,
                "tool": name,
                # A call with inputs is shown as sent, references included, until it runs.
                "args": raw_args
                if decision.inputs and isinstance(raw_args, dict)
                else decision.args,
                "fingerprint": decision.fingerprint,
                "verdict": "stopped" if decision.action == "stop" else decision.action,
                "reason": decision.kind or decision.stop_reason or note,
                "executed": False,
                "outcome": None if decision.action == "run" else "not_run",
                "proposer": proposer,
            }
        )

    if stop is None:
        _link_answered_inputs(pending, decided)
    stall = state.stall_rounds
    if stop is None and not pending and not disclosed:
        stall += 1
        repeated = strikes.get(REPEAT_KIND, 0) > 0
        limit, reason = stall_limit(task.budget, repeated=repeated)
        if stall >= limit:
            detail = (
                REPEAT_STALL.format(stall=stall)
                if repeated
                else f"{stall} rounds without a new checklist item or evidence"
            )
            stop = (reason, detail)
            if repeated:  # the repeats that used up the bound are what stopped the run
                for rec in records:
                    if rec["reason"] == "duplicate" and rec["verdict"] in ("cached", "blocked"):
                        rec["verdict"] = "stopped"
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
        **({"offered_tools": offered} if disclosed else {}),
        "verdict": {
            "node": "guard",
            "action": action,
            "reason": stop[0] if stop else None,
            "detail": stop[1] if stop else f"{len(pending)} call(s) cleared",
        },
    }
