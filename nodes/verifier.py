"""verifier: done, continue, cannot continue, or unknown; normal termination is this edge."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import State
from nodes.common import STEPS_PER_ROUND, STEPS_TO_FINISH, current_task
from nodes.guard import repeating, stall_limit
from nodes.open_ended import end_verdict
from nodes.propose import after_answer


def _verdict(action: str, reason: str | None, detail: str) -> dict[str, Any]:
    return {"verdict": {"node": "verifier", "action": action, "reason": reason, "detail": detail}}


def _unexecuted_turn(state: State) -> dict[str, Any] | None:
    """The decision on a turn that ran nothing: the guard refused it, or a stop came early.

    The guard has already counted such a turn (strikes, stall rounds, budgets) and named
    any stop; the verifier enacts that judgement instead of judging again, so a refused
    turn ends a run when and why it did when the guard routed it itself. It adds only the
    rule every turn ends with: go on only while one more round and a clean finish fit in
    the remaining graph steps. Passing through here keeps every loop of the graph through
    the verifier (`graph/check.py`).
    """
    action = state.verdict.get("action")
    detail = str(state.verdict.get("detail", ""))
    if action == "feedback":
        if state.remaining_steps < STEPS_PER_ROUND + STEPS_TO_FINISH:
            left = f"only {state.remaining_steps} graph steps left"
            return _verdict("cannot_continue", "step_budget", left)
        return _verdict("continue", None, f"nothing ran ({detail}); the model tries again")
    if action == "stop":
        return {}  # the stop stands as named, node included: Studio shows who stopped it
    return None


async def verifier(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Decide from the checklist, never from the model's say-so; every turn ends here.

    A complete checklist ends the task even when the model would call more tools; an
    effect whose outcome is unknown goes to a human; a model that stops calling tools with
    steps still open gets one precise re-prompt (or, when the step policy lets it, the
    runtime proposes the step), and after that cannot continue; and the stall counter and the
    remaining graph steps end a run here long before LangGraph's recursion limit could.
    """
    if (judged := _unexecuted_turn(state)) is not None:
        return judged
    task = current_task(state, runtime)
    done = [name for name, ok in state.checklist.items() if ok]
    if state.checklist and len(done) == len(state.checklist):
        return _verdict("done", "completed", f"checklist complete: {', '.join(done)}")
    for r in state.results:
        if r["result"].get("error_type") == "unknown_outcome":
            return _verdict("unknown", "needs_human", str(r["result"].get("message", "")))
    last_ai = next((m for m in reversed(state.messages) if isinstance(m, AIMessage)), None)
    answered = last_ai is not None and not (last_ai.tool_calls or last_ai.invalid_tool_calls)
    if task.intent.open_ended:
        # No checklist: the done-condition, or an answer with nothing left unresolved.
        ended = end_verdict(state, runtime, task, answered)
        if ended is not None:
            return _verdict(*ended)
    limit, reason = stall_limit(task.budget, repeated=repeating(state))
    if state.stall_rounds >= limit:
        return _verdict(
            "cannot_continue",
            reason,
            f"{state.stall_rounds} rounds without a new checklist item or evidence",
        )
    if last_ai is not None and not (last_ai.tool_calls or last_ai.invalid_tool_calls):
        failures = [r["result"] for r in state.results if not r["result"].get("ok")] or [
            f["result"] for f in state.fingerprints.values() if not f["successes"]
        ]
        open_steps = [n for n, ok in state.checklist.items() if not ok]
        if failures:
            msg = str(failures[-1].get("message", "a tool failed"))
            return _verdict("cannot_continue", "tool_failed", msg)
        nudge = after_answer(state, runtime)
        if nudge is not None and state.remaining_steps >= STEPS_PER_ROUND + STEPS_TO_FINISH:
            return _verdict("continue", nudge, f"answered with open: {', '.join(open_steps)}")
        return _verdict(
            "cannot_continue",
            "no_progress",
            f"the model stopped calling tools; still open: {', '.join(open_steps)}",
        )
    if state.remaining_steps < STEPS_PER_ROUND + STEPS_TO_FINISH:
        return _verdict(
            "cannot_continue", "step_budget", f"only {state.remaining_steps} graph steps left"
        )
    return _verdict("continue", None, f"open: {len(state.checklist) - len(done)} step(s)")
