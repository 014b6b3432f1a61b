"""respond: the final answer, composed by code from verified evidence, with its stop reason."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import State, StopReason, WriteRecord
from nodes.open_ended import completed_answer
from nodes.tracing import record_end
from tools.domain import Domain, IntentSpec, load_domain

STOP_TEXT: dict[str, str] = {
    "duplicate_call": "I stopped because the same call kept being repeated without progress.",
    "no_progress": "I stopped because the last rounds made no progress.",
    "step_budget": "I stopped because this task used all the rounds it is allowed.",
    "call_budget": "I stopped because this task used all the tool calls it is allowed.",
    "token_budget": "I stopped because this task used all the tokens it is allowed.",
    "time_budget": "I stopped because this task ran out of time.",
    "not_allowed": "I stopped because the task needs a tool this task or your role does not allow.",
    "validation_failed": "I stopped because the tool arguments stayed invalid after hints.",
    "tool_failed": "I could not finish because a tool reported a failure.",
    "needs_human": (
        "I stopped because a person has to decide: an earlier action's outcome is unknown, "
        "or the next action needs approval."
    ),
    "human_aborted": "Stopped at your request.",
    "model_error": "I stopped because the model could not be called.",
}


CHANGES = "Changes made in this run: {items}."
UNKNOWN_EFFECT = "outcome unknown, a person should check it"
SHOWN_VALUE_CHARS = 60
"""Longer argument or receipt values are cut in the answer (the trace has them whole)."""


def _shown(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= SHOWN_VALUE_CHARS else text[: SHOWN_VALUE_CHARS - 3] + "..."


def _pairs(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_shown(v)}" for k, v in values.items())


def changes_made(writes: Sequence[WriteRecord], task_seq: int) -> str:
    """One sentence naming every write of the task with its arguments and receipt.

    Whatever ended the run, a user must learn what changed: a row saved under the wrong
    date, or a text that went out before a step failed, is not "Not done".
    """
    items = [
        f"{w['tool']}({_pairs(w['args'])}) -> "
        + ((_pairs(w["receipt"]) or "ok") if w["outcome"] == "ok" else UNKNOWN_EFFECT)
        for w in writes
        if w["task_seq"] == task_seq
    ]
    return CHANGES.format(items="; ".join(items)) if items else ""


def _intent(state: State, domain: Domain) -> IntentSpec | None:
    try:
        return domain.intent(state.intent) if state.intent else None
    except KeyError:
        return None


def compose_answer(state: State, domain: Domain) -> tuple[StopReason, str]:
    """The stop reason and the answer, from the checklist, the evidence and the writes only.

    Pure, so every stop reason's answer is tested without running a graph.
    """
    intent = _intent(state, domain)
    complete = bool(state.checklist) and all(state.checklist.values())
    if intent is not None and intent.open_ended:  # no checklist: the verifier's word
        complete = state.verdict.get("reason") == "completed"
    reason: StopReason = "completed" if complete else (state.verdict.get("reason") or "no_progress")  # type: ignore[assignment]
    detail = state.verdict.get("detail", "")
    verified = ""
    if intent is not None and intent.summarize is not None and state.evidence:
        verified = intent.summarize(state.slots, state.evidence)
    if reason == "unknown_intent":
        parts = [state.route.get("question") or domain.clarify]
    elif reason == "invalid_slots":
        parts = [f"I could not use that request: {detail}. {domain.clarify}"]
    elif complete and intent is not None and intent.open_ended:
        parts = [completed_answer(state)]
    elif complete:
        parts = [verified or "Done."]
    else:
        open_steps = [name for name, ok in state.checklist.items() if not ok]
        parts = [STOP_TEXT.get(reason, "I stopped."), f"({detail})" if detail else ""]
        if verified:
            parts.append(f"Verified so far: {verified}")
        if open_steps:
            parts.append(f"Not done: {', '.join(open_steps)}.")
    parts.append(changes_made(state.writes, state.task_seq))
    return reason, " ".join(p for p in parts if p)


async def respond(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """End the task with exactly one stop reason and an answer that claims only what was verified.

    The model's own closing text is not trusted: a model that ignores a failure would
    otherwise tell the user it succeeded.
    """
    domain = load_domain(runtime.context.domain)
    reason, answer = compose_answer(state, domain)
    complete = reason == "completed"
    detail = state.verdict.get("detail", "")
    intent = _intent(state, domain)
    card = intent.card(state.evidence) if intent is not None and intent.card else None
    await record_end(
        state,
        runtime.context.db,
        stop_reason=reason,
        via=state.verdict.get("node"),
        checklist=state.checklist,
    )
    return {
        "messages": [AIMessage(content=answer)],
        "answer": answer,
        "card": card,
        "status": "completed" if complete else "stopped",
        "stop_reason": reason,
        "pending": [],
        "verdict": {"node": "respond", "action": "end", "reason": reason, "detail": detail},
    }
