"""propose: the model suggests the next tool call; for determined steps the runtime may.

Two things here are code's, not the model's. Every prompt ends with the task state in code's
words (what is done with its evidence, what is open, and the next call as far as the slots
determine it), appended to the last tool result the model reads. And the intent's step
policy (`tools.domain.StepPolicy`) decides whether a step whose arguments are fully
determined is left to the model, proposed by the runtime once the model was shown it and
left it open, or proposed by the runtime directly. A runtime proposal is an AI message like
any other, marked in its metadata, so the guard, the ledger and the trace judge it the same.
A model that answers with a step still open is asked once more, naming the step and its
call, with `tool_choice="any"` so a provider that honours it cannot answer in prose again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import (
    AIMessage,
    AnyMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.runnables import Runnable
from langgraph.errors import GraphBubbleUp
from langgraph.runtime import Runtime

from graph.context import Context
from graph.models import estimate_tokens, load_chat_model, preferred_policy, render_task
from graph.state import PROPOSAL_KEY, State, StopReason, proposed_by
from nodes.common import Task, current_task, without_lone_surrogates
from nodes.disclosure import offered_schemas, open_task_fields
from nodes.guard import RUNNABLE, judge_call
from tools.domain import DEFAULT_POLICY, Step, StepPolicy
from tools.errors import ConfigError

MODEL_CALL_TOO_SLOW = "one model call took longer than max_model_seconds ({limit:g}s)"
TASK_STATE_KEY = "task_state"
"""Key under which the task state is appended to the last tool result of a prompt."""
ALL_DONE = "every step is done: answer the user now, without calling tools"
STEP_FAILED = "{tool} failed and will not succeed by repeating it: answer the user with that"
REPROMPT = (
    "You answered, but step {step!r} is still open{action}. Do it now; answer only when every "
    "step is done. Open steps: {open}."
)
REPROMPT_CALL = ": call {tool} with {args}"
REPROMPT_TOOL = ": it needs {tool}"
RUNTIME_GAVE_UP = "I could not finish: {tool} failed ({message})."
REPROMPT_REASON: Final = "reprompt"
"""Verifier reason: the model answered with a step open; it is asked once more, precisely."""
RUNTIME_REASON: Final = "runtime_step"
"""Verifier reason: the model answered with a step open that the runtime will propose."""
EVIDENCE_KEYS = 6
EVIDENCE_CHARS = 60


@dataclass(frozen=True)
class NextCall:
    """The next open step and the call that would tick it, as far as code can tell.

    Attributes:
        step: The step's name.
        tool: The tool that ticks it.
        args: The arguments the slots and earlier results determine (maybe not all).
        determined: The arguments are complete and valid and the guard would clear the call
            now: the runtime may propose it.
        failed: This exact call already failed for good (not retryable, or twice): the
            step cannot be ticked by repeating it. The failure's message.
    """

    step: str
    tool: str
    args: dict[str, Any]
    determined: bool
    failed: str | None = None


def policy_of(task: Task, runtime: Runtime[Context]) -> StepPolicy:
    """The run's setting, else the intent's declared policy, else the model's preference."""
    return (
        runtime.context.step_policy
        or task.intent.policy
        or preferred_policy(runtime.context.model)
        or DEFAULT_POLICY
    )


def _open_step(task: Task, checklist: Mapping[str, bool]) -> Step | None:
    """The first open step whose prerequisites are done: the one a plan would do next."""
    for step in task.intent.steps:
        if checklist.get(step.name):
            continue
        if all(checklist.get(p) for p in step.prerequisites()):
            return step
    return None


def next_call(state: State, task: Task) -> NextCall | None:
    """The next open step's call, judged by the guard's own ladder; None when all are done."""
    step = _open_step(task, state.checklist)
    if step is None:
        return None
    planned = task.intent.plan(state.slots, state.checklist, state.evidence)
    args = next(p["args"] for p in planned if p["step"] == step.name)
    decision = judge_call(
        {"id": "next", "name": step.tool, "args": args},
        task=task,
        offered=state.offered_tools,
        fingerprints=state.fingerprints,
        strikes=state.strikes,
        write_epoch=state.write_epoch,
        now=time.time(),
        permissions=None,
    )
    failed: str | None = None
    stats = state.fingerprints.get(decision.fingerprint)
    if stats is not None and stats["failures"] and not stats["successes"]:
        result = stats["result"]
        if not result.get("retryable") or stats["failures"] >= 2:
            failed = str(result.get("message") or result.get("error_type") or "failed")
    determined = decision.action in RUNNABLE and decision.kind is None and not decision.inputs
    return NextCall(step.name, step.tool, dict(args), determined, failed)


def _task_messages(messages: Sequence[AnyMessage]) -> list[AnyMessage]:
    last_human = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=-1)
    return list(messages[last_human + 1 :])


def _last_model_turn(state: State) -> AIMessage | None:
    for m in reversed(_task_messages(state.messages)):
        if isinstance(m, AIMessage) and proposed_by(m) == "model":
            return m
    return None


def _mark(message: AIMessage, key: str) -> Any:
    mark = message.response_metadata.get(PROPOSAL_KEY)
    return mark.get(key) if isinstance(mark, dict) else None


def left_open(state: State, step: str) -> bool:
    """The model's last turn was shown `step` as the next one, and it is still open."""
    last = _last_model_turn(state)
    return last is not None and _mark(last, "next_step") == step


def runtime_takes(policy: StepPolicy, state: State, nxt: NextCall | None) -> bool:
    """Whether the runtime, not the model, makes the next move under `policy`."""
    if policy == "model" or nxt is None or not (nxt.determined or nxt.failed):
        return False
    return policy == "workflow" or left_open(state, nxt.step)


def _reports_a_failure(state: State) -> bool:
    """The answer follows a failure no call can fix: the model is reporting it, not quitting.

    A validation error is the model's to fix, and a retryable one may pass; anything else
    (a refused poll, a blocked repeat, a business error) is what the answer is about.
    """
    messages = _task_messages(state.messages)
    before = messages[-2] if len(messages) >= 2 else None
    if not isinstance(before, ToolMessage) or before.status != "error":
        return False
    try:
        envelope = json.loads(str(before.content))
    except ValueError:
        return True
    if not isinstance(envelope, dict):
        return True
    return envelope.get("error_type") != "validation" and not envelope.get("retryable")


def after_answer(
    state: State, runtime: Runtime[Context]
) -> Literal["runtime_step", "reprompt"] | None:
    """What follows a model's answer with a step still open (and no failure to report).

    The runtime proposes the step when the policy lets it; otherwise the model gets one
    precise re-prompt; an answer to that re-prompt that still leaves the step open is final,
    and so is an answer that reports a failure no call can fix.
    """
    if _reports_a_failure(state):
        return None
    task = current_task(state, runtime)
    nxt = next_call(state, task)
    if runtime_takes(policy_of(task, runtime), state, nxt):
        return RUNTIME_REASON
    last = _last_model_turn(state)
    if last is not None and _mark(last, "reprompted"):
        return None
    return REPROMPT_REASON


def _brief(value: Any) -> Any:
    """Evidence as a small model can read it: a few keys, short values."""
    if isinstance(value, Mapping):
        return {str(k): _brief(v) for k, v in list(value.items())[:EVIDENCE_KEYS]}
    if isinstance(value, list):
        return f"{len(value)} item(s)"
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= EVIDENCE_CHARS:
        return value
    return text[: EVIDENCE_CHARS - 3] + "..."


def task_state(state: State, nxt: NextCall | None) -> dict[str, Any]:
    """Done (with evidence), open, and the next call as far as code determines it."""
    checklist = state.checklist
    done = {name: _brief(state.evidence.get(name, {})) for name, ok in checklist.items() if ok}
    still_open = [name for name, ok in state.checklist.items() if not ok]
    block: dict[str, Any] = {"done": done, "open": still_open}
    if nxt is None:
        block["next"] = ALL_DONE
    elif nxt.failed:
        block["next"] = {"step": nxt.step, "failed": STEP_FAILED.format(tool=nxt.tool)}
    else:
        block["next"] = {"step": nxt.step, "name": nxt.tool, "arguments": nxt.args}
    return block


def with_task_state(messages: list[AnyMessage], block: Mapping[str, Any]) -> list[AnyMessage]:
    """The prompt with the task state appended to its last tool result, if it ends in one.

    A JSON envelope gets the block as its last key, so a reader of the envelope still finds
    every field where it was; any other content gets it as a trailing line.
    """
    if not messages or not isinstance(messages[-1], ToolMessage):
        return messages
    last = messages[-1]
    content = str(last.content)
    try:
        envelope = json.loads(content)
    except ValueError:
        envelope = None
    if isinstance(envelope, dict):
        envelope.pop(TASK_STATE_KEY, None)
        text = json.dumps({**envelope, TASK_STATE_KEY: block}, ensure_ascii=False, default=str)
    else:
        text = f"{content}\n{TASK_STATE_KEY}: {json.dumps(block, ensure_ascii=False, default=str)}"
    return [*messages[:-1], last.model_copy(update={"content": text})]


def reprompt(state: State, nxt: NextCall | None) -> HumanMessage:
    """The one precise re-prompt after an answer that left a step open."""
    still_open = ", ".join(n for n, ok in state.checklist.items() if not ok) or "none"
    if nxt is None:
        return HumanMessage(REPROMPT.format(step="?", action="", open=still_open))
    if nxt.determined:
        args = json.dumps(nxt.args, ensure_ascii=False, sort_keys=True, default=str)
        action = REPROMPT_CALL.format(tool=nxt.tool, args=args)
    else:
        action = REPROMPT_TOOL.format(tool=nxt.tool)
    return HumanMessage(REPROMPT.format(step=nxt.step, action=action, open=still_open))


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


def _runtime_turn(state: State, nxt: NextCall) -> AIMessage:
    """The runtime's own turn: the determined call, or the answer that it cannot succeed."""
    mark = {PROPOSAL_KEY: {"proposer": "runtime", "step": nxt.step}}
    if nxt.failed:
        content = RUNTIME_GAVE_UP.format(tool=nxt.tool, message=nxt.failed)
        return AIMessage(content=content, response_metadata=mark)
    # Deterministic, so a propose step replayed after a crash proposes the same call id.
    seed = json.dumps(
        [state.task_seq, state.usage["rounds"], nxt.step, nxt.args], sort_keys=True, default=str
    )
    call_id = "rt_" + hashlib.sha1(seed.encode("utf-8")).hexdigest()[:12]
    call = {"id": call_id, "name": nxt.tool, "args": nxt.args, "type": "tool_call"}
    return AIMessage(content="", tool_calls=[call], response_metadata=mark)


def _verdict(state: State, reply: AIMessage, tokens: int, seconds: float) -> dict[str, Any]:
    proposes_calls = bool(reply.tool_calls or reply.invalid_tool_calls)
    by = proposed_by(reply)
    return {
        "messages": [reply],
        "usage": {
            **state.usage,
            "rounds": state.usage["rounds"] + int(proposes_calls),
            "tokens": state.usage["tokens"] + tokens,
            "seconds": state.usage["seconds"] + seconds,
        },
        "verdict": {
            "node": "propose",
            "action": "proposed",
            "reason": RUNTIME_REASON if by == "runtime" else None,
            "detail": f"{len(reply.tool_calls)} call(s) by the {by}",
        },
    }


async def propose(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Ask the model for the next step, with only the offered tools bound.

    Unless the step policy has the runtime make this move: then the determined call (or the
    answer that the step failed for good) is proposed without asking the model. The model is
    built from the run's context at call time. Its token usage is charged to the task's
    budget here; whether a proposal may run is the guard's business.
    """
    task = current_task(state, runtime)
    nxt = next_call(state, task)
    if nxt is not None and runtime_takes(policy_of(task, runtime), state, nxt):
        return _verdict(state, _runtime_turn(state, nxt), 0, 0.0)
    schemas = offered_schemas(task, state, runtime.context.roles)
    history = with_task_state(model_view(state.messages), task_state(state, nxt))
    reprompted = state.verdict.get("reason") == REPROMPT_REASON
    prompt: list[BaseMessage] = [SystemMessage(render_task(task_block(state, runtime))), *history]
    if reprompted:
        prompt.append(reprompt(state, nxt))
    started = time.monotonic()
    limit = asyncio.timeout(task.budget.max_model_seconds)
    try:
        model = load_chat_model(runtime.context.model)
        async with limit:
            reply = await _bound(model, schemas, required=reprompted).ainvoke(prompt)
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
    mark: dict[str, Any] = {"proposer": "model", "next_step": nxt.step if nxt else None}
    if reprompted:
        mark["reprompted"] = True
    reply = reply.model_copy(
        update={"response_metadata": {**reply.response_metadata, PROPOSAL_KEY: mark}}
    )
    usage = reply.usage_metadata
    tokens = (
        usage["total_tokens"]
        if usage
        else estimate_tokens("".join(str(m.content) for m in prompt) + str(reply.content))
    )
    return _verdict(state, reply, tokens, time.monotonic() - started)


def _bound(
    model: BaseChatModel, schemas: list[dict[str, Any]], *, required: bool
) -> Runnable[LanguageModelInput, AIMessage]:
    """The model with the offered tools; after a re-prompt a call is its only admitted reply.

    `tool_choice="any"` is LangChain's spelling of "call one of these tools"; a provider that
    does not support it is bound without it (its re-prompt is then advice, not a rule).
    """
    if required:
        try:
            return model.bind_tools(schemas, tool_choice="any")
        except (NotImplementedError, ValueError, TypeError):
            pass
    return model.bind_tools(schemas)


def _model_error(
    state: State, detail: str, seconds: float, reason: StopReason = "model_error"
) -> dict[str, Any]:
    return {
        "usage": {**state.usage, "seconds": state.usage["seconds"] + seconds},
        "verdict": {"node": "propose", "action": "stop", "reason": reason, "detail": detail},
    }
