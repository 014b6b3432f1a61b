"""fallback: a human decides (approve, edit, abort), or the run ends with what was verified."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime
from langgraph.types import interrupt
from pydantic import ValidationError

from graph.context import Context
from graph.state import CallRecord, PendingCall, State
from nodes.common import current_task, field_errors, fingerprint

NO_HUMAN_REASONS = frozenset({"unknown_intent", "invalid_slots"})
BAD_DECISION = (
    "resume value must be {'action': 'approve'}, {'action': 'abort'} (or 'reject') or "
    "{'action': 'edit', 'args': {...}, 'tool': optional}; got {got}"
)
AWAITING = "awaiting_approval"
APPROVAL_QUESTION = (
    "{tool} changes data and needs your approval before it runs. Approve it as proposed, "
    "edit its arguments, or reject it; an approved call runs exactly once."
)
NOT_PERMITTED = "tool {name!r} needs the permission {permission!r}, which the caller lacks"


def _blocked_call(state: State) -> dict[str, Any] | None:
    """The call a human would approve or edit: the last one that did not run as proposed.

    A risky write waiting for approval comes first: the other calls of its turn were only
    skipped because of it.
    """
    for rec in reversed(state.calls):
        if rec["verdict"] == AWAITING and rec["round"] == state.usage["rounds"]:
            return {"tool": rec["tool"], "args": rec["args"], "approval": True}
    for r in reversed(state.results):
        if r["result"].get("error_type") == "unknown_outcome":
            return {"tool": r["tool"], "args": r["args"]}
    for rec in reversed(state.calls):
        if rec["verdict"] not in ("run", "approved", "edited"):
            return {"tool": rec["tool"], "args": rec["args"]}
    return None


def parse_decision(value: Any) -> tuple[str, str | None, dict[str, Any] | None] | str:
    """(action, tool, args) from a resume value, or an error text for the human."""
    if isinstance(value, str):
        value = {"action": value}
    if isinstance(value, dict) and value.get("action") == "reject":
        value = {**value, "action": "abort"}  # rejecting a risky write ends the run unrun
    if not isinstance(value, dict) or value.get("action") not in ("approve", "edit", "abort"):
        return BAD_DECISION.replace("{got}", repr(value)[:80])
    action = str(value["action"])
    if action == "edit":
        args = value.get("args")
        if not isinstance(args, dict):
            return "edit needs 'args' as a JSON object, e.g. {'action': 'edit', 'args': {...}}"
        tool = value.get("tool")
        return action, str(tool) if tool else None, args
    return action, None, None


async def fallback(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Pause for a human when one is attached; otherwise pass the stop on to respond.

    `interrupt()` re-runs this node from the top on resume, so everything before it only
    reads state. The approved or edited call gets a fresh call id and its own AI message, so
    the blocked call's earlier answer stays the only answer to its id.
    """
    reason = state.verdict.get("reason") or "no_progress"
    detail = state.verdict.get("detail", "")
    stop = {"verdict": {"node": "fallback", "action": "stop", "reason": reason, "detail": detail}}
    if not runtime.context.human_review or reason in NO_HUMAN_REASONS:
        return stop
    task = current_task(state, runtime)
    call = _blocked_call(state)
    approval = bool(call and call.pop("approval", False))
    payload: dict[str, Any] = {
        "reason": reason,
        "detail": detail,
        "intent": state.intent,
        "checklist": state.checklist,
        # What already changed at the backend: a human deciding must know it.
        "writes": [
            {k: w[k] for k in ("tool", "args", "outcome", "receipt")}
            for w in state.writes
            if w["task_seq"] == state.task_seq
        ],
        "call": call,
        "options": ["approve", "edit", "reject"] if approval else ["approve", "edit", "abort"],
        "question": (
            APPROVAL_QUESTION.format(tool=(call or {}).get("tool"))
            if approval
            else (
                "The run cannot continue on its own. Approve the call as proposed, edit its "
                "arguments, or abort."
            )
        ),
    }
    permissions = task.domain.permissions(tuple(runtime.context.roles))
    error: str | None = None
    while True:
        decision = parse_decision(interrupt(payload | ({"error": error} if error else {})))
        if isinstance(decision, str):
            error = decision
            continue
        action, tool, args = decision
        if action == "abort":
            return {
                "verdict": {
                    "node": "fallback",
                    "action": "stop",
                    "reason": "human_aborted",
                    "detail": (
                        f"rejected by a human: {(call or {}).get('tool')} was not run"
                        if approval
                        else f"aborted by a human after {reason}"
                    ),
                }
            }
        if call is None and tool is None:
            return stop  # nothing to run: approving means accepting the graceful end
        name = tool or (call or {}).get("tool") or ""
        spec = task.domain.tools.get(name)
        if spec is None or name not in state.offered_tools:
            error = f"tool {name!r} is not offered in this task: {state.offered_tools}"
            continue
        if spec.permission and spec.permission not in permissions:
            error = NOT_PERMITTED.format(name=name, permission=spec.permission)
            continue
        raw = args if args is not None else (call or {}).get("args", {})
        try:
            validated = spec.args_model.model_validate(raw).model_dump(mode="json")
        except ValidationError as exc:
            first = field_errors(exc)[0]
            error = (
                f"{name}: field '{first['field']}' expected {first['expected']}, got {first['got']}"
            )
            continue
        break
    verdict = "edited" if action == "edit" else "approved"
    call_id = f"human_{state.task_seq}_{len(state.calls)}"
    fp = fingerprint(name, validated)
    pending: PendingCall = {"id": call_id, "tool": name, "args": validated, "fingerprint": fp}
    record: CallRecord = {
        "id": call_id,
        "round": state.usage["rounds"],
        "tool": name,
        "args": validated,
        "fingerprint": fp,
        "verdict": verdict,
        "reason": reason,
        "executed": False,
        "outcome": None,
    }
    return {
        "messages": [
            AIMessage(content="", tool_calls=[{"id": call_id, "name": name, "args": validated}])
        ],
        "pending": [pending],
        "calls": [*state.calls, record],
        "stall_rounds": 0,
        "verdict": {
            "node": "fallback",
            "action": "run",
            "reason": None,
            "detail": f"{verdict} by a human after {reason}",
        },
    }
