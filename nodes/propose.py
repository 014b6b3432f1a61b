"""propose: the model suggests the next tool call; it decides nothing else."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage
from langgraph.errors import GraphBubbleUp
from langgraph.runtime import Runtime

from graph.context import Context
from graph.models import estimate_tokens, load_chat_model, render_task
from graph.state import State, StopReason
from nodes.common import current_task, without_lone_surrogates
from nodes.disclosure import offered_schemas, open_task_fields
from tools.errors import ConfigError

MODEL_CALL_TOO_SLOW = "one model call took longer than max_model_seconds ({limit:g}s)"


def task_block(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """What the model is told about the task: computed slots and the open checklist."""
    task = current_task(state, runtime)
    return {
        "intent": task.intent.name,
        "goal": task.intent.description,
        "slots": state.slots,
        "steps": task.intent.plan(state.slots, state.checklist, state.evidence),
        **open_task_fields(task, state.offered_tools),
    }


def model_view(messages: Sequence[AnyMessage]) -> list[AnyMessage]:
    """The history a model needs: earlier tasks as question and answer, this task in full.

    Earlier tasks' tool traffic is dropped (it is in the checkpoint and the trace), which
    keeps prompts short on long threads and every tool call paired with its answer.
    """
    last_human = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=-1)
    earlier = [
        m
        for m in messages[: max(last_human, 0)]
        if isinstance(m, HumanMessage) or (isinstance(m, AIMessage) and not m.tool_calls)
    ]
    return [*earlier, *messages[max(last_human, 0) :]]


async def propose(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Ask the model for the next step, with only the offered tools bound.

    The model is built from the run's context at call time. Its token usage is charged to
    the task's budget here; whether its proposal may run is the guard's business.
    """
    task = current_task(state, runtime)
    schemas = offered_schemas(task, state, runtime.context.roles)
    prompt = [SystemMessage(render_task(task_block(state, runtime))), *model_view(state.messages)]
    started = time.monotonic()
    limit = asyncio.timeout(task.budget.max_model_seconds)
    try:
        model = load_chat_model(runtime.context.model)
        async with limit:
            reply = await model.bind_tools(schemas).ainvoke(prompt)
    except GraphBubbleUp:
        raise  # interrupts raised inside a model wrapper must reach LangGraph
    except TimeoutError as exc:
        seconds = time.monotonic() - started
        if limit.expired():  # the budget's, not a TimeoutError the model raised itself
            detail = MODEL_CALL_TOO_SLOW.format(limit=task.budget.max_model_seconds)
            return _model_error(state, detail, seconds, reason="time_budget")
        return _model_error(state, f"{type(exc).__name__}: {exc}"[:300], seconds)
    except ConfigError as exc:
        return _model_error(state, str(exc), time.monotonic() - started)
    except Exception as exc:
        return _model_error(state, f"{type(exc).__name__}: {exc}"[:300], time.monotonic() - started)
    if not isinstance(reply, AIMessage):
        reply = AIMessage(content=str(getattr(reply, "content", reply)))
    reply = without_lone_surrogates(reply)
    usage = reply.usage_metadata
    tokens = (
        usage["total_tokens"]
        if usage
        else estimate_tokens("".join(str(m.content) for m in prompt) + str(reply.content))
    )
    proposes_calls = bool(reply.tool_calls or reply.invalid_tool_calls)
    return {
        "messages": [reply],
        "usage": {
            **state.usage,
            "rounds": state.usage["rounds"] + int(proposes_calls),
            "tokens": state.usage["tokens"] + tokens,
            "seconds": state.usage["seconds"] + (time.monotonic() - started),
        },
        "verdict": {
            "node": "propose",
            "action": "proposed",
            "reason": None,
            "detail": f"{len(reply.tool_calls)} call(s)",
        },
    }


def _model_error(
    state: State, detail: str, seconds: float, reason: StopReason = "model_error"
) -> dict[str, Any]:
    return {
        "usage": {**state.usage, "seconds": state.usage["seconds"] + seconds},
        "verdict": {"node": "propose", "action": "stop", "reason": reason, "detail": detail},
    }
