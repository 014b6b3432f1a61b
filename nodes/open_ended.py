"""Open-ended tasks: when a task with no checklist is done, and how its answer says so.

Nobody can write the checklist of "clean up my downloads folder" in advance. Such a task
(`tools.domain.open_intent`, `Domain.from_tools`) completes when the model answers and no
failed call is left unresolved, and its answer says it was not verified by a checklist; or,
when the domain states a done-condition, as soon as that holds, and not before. Every loop
check of the guard applies to it unchanged.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import State
from nodes.common import Task

UNVERIFIED = (
    "(Not verified by a checklist: this task had none, so the answer above is the model's. "
    "What ran: {calls}.)"
)
CONDITION_MET = "(Verified: the task's done-condition holds. What ran: {calls}.)"
NOTHING_RAN = "no tool"
ANSWERED = "the model answered; not verified by a checklist"
MET = "the done-condition holds"
NOT_MET = "the model answered, but the task's done-condition does not hold"
QUIET_FAILURES = frozenset({"not_found"})
"""Failures of a read that are an answer, not a problem: "there is no such file"."""


def task_view(state: State, runtime: Runtime[Context]) -> Any:
    """What a done-condition may look at (`tools.domain.TaskView`)."""
    from tools.domain import TaskView

    return TaskView(
        request=state.request,
        results={k: dict(v) for k, v in state.evidence.items()},
        writes=tuple(
            {"tool": w["tool"], "args": w["args"], "receipt": w["receipt"]}
            for w in state.writes
            if w["task_seq"] == state.task_seq and w["outcome"] == "ok"
        ),
        store_path=runtime.context.store,
        user_id=runtime.context.user_id,
    )


def condition_met(state: State, runtime: Runtime[Context], task: Task) -> bool | None:
    """The done-condition's verdict, or None when the intent states none."""
    condition = task.intent.done_when
    if condition is None:
        return None
    return bool(condition(task_view(state, runtime)))


def unresolved_failures(state: State, task: Task) -> list[dict[str, Any]]:
    """Failed executions that nothing after them made good, oldest first.

    A failure is resolved by a later success of the same tool (the model fixed the path, or
    retried); a read that found nothing (`not_found`) is an answer in itself. An unknown
    outcome is not here: it goes to a human before anything is answered.
    """
    last_success: dict[str, float] = {}
    for stats in state.fingerprints.values():
        if stats["successes"]:
            at = stats.get("last_at", stats["first_at"])
            last_success[stats["tool"]] = max(last_success.get(stats["tool"], 0.0), at)
    out: list[dict[str, Any]] = []
    for stats in state.fingerprints.values():
        result = stats["result"]
        if result.get("ok") or not stats["executions"]:
            continue
        spec = task.domain.tools.get(stats["tool"])
        read = spec is not None and spec.effect == "read"
        if read and result.get("error_type") in QUIET_FAILURES:
            continue
        at = stats.get("last_at", stats["first_at"])
        if last_success.get(stats["tool"], -1.0) > at:
            continue
        out.append(result)
    return out


def end_verdict(
    state: State, runtime: Runtime[Context], task: Task, answered: bool
) -> tuple[str, str, str] | None:
    """(action, reason, detail) when an open-ended task ends now, else None.

    Called by the verifier before its stall checks: a done-condition that holds ends the
    task whatever the model does next; an answer ends it when nothing is left unresolved.
    """
    met = condition_met(state, runtime, task)
    if met:
        return "done", "completed", MET
    if not answered:
        return None
    if met is False:
        return "cannot_continue", "no_progress", NOT_MET
    failures = unresolved_failures(state, task)
    if failures:
        return "cannot_continue", "tool_failed", str(failures[-1].get("message", "a tool failed"))
    return "done", "completed", ANSWERED


def _ran(state: State) -> str:
    counts: Counter[str] = Counter()
    for stats in state.fingerprints.values():
        counts[stats["tool"]] += stats["executions"]
    counts = +counts
    if not counts:
        return NOTHING_RAN
    return ", ".join(f"{tool} ×{n}" if n > 1 else tool for tool, n in counts.items())


def model_answer(messages: Any) -> str:
    """The model's closing text in the current task, if it wrote one."""
    for m in reversed(list(messages)):
        if isinstance(m, HumanMessage):
            return ""
        if isinstance(m, AIMessage) and not m.tool_calls and m.text.strip():
            return m.text.strip()
    return ""


def completed_answer(state: State) -> str:
    """The answer of a completed open-ended task: the model's words and how far they hold."""
    said = model_answer(state.messages) or "Done."
    met = state.verdict.get("detail") == MET
    note = (CONDITION_MET if met else UNVERIFIED).format(calls=_ran(state))
    return f"{said} {note}"
