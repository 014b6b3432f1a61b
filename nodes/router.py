"""router: intent and slots by deterministic rules, before any model is involved."""

from __future__ import annotations

from datetime import date
from typing import Any

from langchain_core.messages import HumanMessage
from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import State, new_usage
from tools.domain import SlotError, load_domain


def _request(state: State) -> str:
    for message in reversed(state.messages):
        if isinstance(message, HumanMessage):
            return message.text.strip()
    return ""


async def router(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Start a new task on the thread: pick the intent, compute and validate its slots.

    A thread is a conversation, so every new request resets the task's checklist, counters
    and budgets while the message history stays.
    """
    domain = load_domain(runtime.context.domain)
    request = _request(state)
    update: dict[str, Any] = {
        "task_seq": state.task_seq + 1,
        "request": request,
        "intent": None,
        "slots": {},
        "offered_tools": [],
        "widened": False,
        "checklist": {},
        "evidence": {},
        "fingerprints": {},
        "archived_filter": b"",
        "strikes": {},
        "calls": [],
        "pending": [],
        "results": [],
        "branches": [],
        "usage": new_usage(),
        "stall_rounds": 0,
        "status": "running",
        "stop_reason": None,
        "answer": None,
        "card": None,
    }
    try:
        routed = domain.route(request, date.today())
    except SlotError as exc:
        detail = f"{exc.field_name}: {exc.detail}"
        return update | {
            "intent": exc.intent,
            "verdict": {
                "node": "router",
                "action": "stop",
                "reason": "invalid_slots",
                "detail": detail,
            },
        }
    if routed is None:
        return update | {
            "verdict": {
                "node": "router",
                "action": "stop",
                "reason": "unknown_intent",
                "detail": "no intent rule matched the request",
            },
        }
    intent, slots = routed
    return update | {
        "intent": intent.name,
        "slots": slots,
        "checklist": {step.name: False for step in intent.steps},
        "verdict": {
            "node": "router",
            "action": "route",
            "reason": None,
            "detail": f"intent {intent.name}",
        },
    }
