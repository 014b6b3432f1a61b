"""LangChain's `create_agent`, wired to the same models, tool functions and store as this graph.

`langchain` is a development dependency: it is imported here lazily, so the agent itself never
needs it, and a missing install is one line on stderr. The tools handed to `create_agent` call
the very same `ToolSpec` functions through the same executor (timeouts, retries, business
failure parsing) minus the guard and the exactly-once ledger, which is what is compared.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool, ToolException
from pydantic import ValidationError

from graph.models import render_task
from nodes.common import validation_result
from nodes.executor.run import execute_call
from tools.contract import ToolContext, ToolSpec
from tools.domain import IntentSpec
from tools.errors import ConfigError

NEEDS_LANGCHAIN = (
    "this command compares against LangChain's create_agent and needs the dev dependency "
    "'langchain': pip install -e '.[dev]'"
)


@dataclass(frozen=True)
class LangChainAPI:
    """The two LangChain entry points the comparison uses, imported on first use."""

    create_agent: Callable[..., Any]
    tool_call_limit: Callable[..., Any]
    dynamic_prompt: Callable[..., Any]


def langchain_api() -> LangChainAPI:
    """Import `create_agent` and `ToolCallLimitMiddleware`, or fail in one line.

    Raises:
        ConfigError: langchain is not installed.
    """
    try:
        agents = importlib.import_module("langchain.agents")
        middleware = importlib.import_module("langchain.agents.middleware")
    except ImportError:
        raise ConfigError(NEEDS_LANGCHAIN) from None
    return LangChainAPI(
        create_agent=agents.create_agent,
        tool_call_limit=middleware.ToolCallLimitMiddleware,
        dynamic_prompt=middleware.dynamic_prompt,
    )


def as_langchain_tool(spec: ToolSpec, ctx: ToolContext) -> BaseTool:
    """The spec's own function behind a LangChain tool, as a create_agent user would wrap it.

    Failures raise `ToolException`, which LangChain answers with an error `ToolMessage`: the
    model sees the same envelope, flagged the same way, as it does in this graph. Arguments
    are validated here with the same field-level hint the guard gives (the schema is passed
    as JSON, which LangChain does not validate), so a model that fixes its arguments after a
    hint gets the same hint from both, and the comparison measures loop control alone.
    """

    async def run(**kwargs: Any) -> str:
        try:
            args = spec.args_model.model_validate(kwargs)
        except ValidationError as exc:
            raise ToolException(validation_result(spec.name, exc).to_content()) from None
        execution = await execute_call(spec, args, ctx, ledger=None)
        content = execution.result.to_content()
        if not execution.result.ok:
            raise ToolException(content)
        return content

    return StructuredTool.from_function(
        coroutine=run,
        name=spec.name,
        description=spec.description,
        args_schema=spec.schema()["function"]["parameters"],
        handle_tool_error=True,
    )


def current_task(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """Messages after the last human turn."""
    for i in range(len(messages) - 1, -1, -1):
        if isinstance(messages[i], HumanMessage):
            return list(messages[i + 1 :])
    return list(messages)


def checklist_from_history(
    intent: IntentSpec, slots: Mapping[str, Any], messages: Sequence[BaseMessage]
) -> tuple[dict[str, bool], dict[str, dict[str, Any]]]:
    """The checklist this graph would hold, recomputed from a plain message history.

    Uses the same pure `IntentSpec.apply` as `state_update`, so a baseline is judged (and its
    model is prompted) exactly as this graph would be.
    """
    checklist = {s.name: False for s in intent.steps}
    evidence: dict[str, dict[str, Any]] = {}
    calls: dict[str, tuple[str, dict[str, Any]]] = {}
    for m in current_task(messages):
        if isinstance(m, AIMessage):
            for c in m.tool_calls:
                calls[str(c["id"])] = (c["name"], dict(c["args"]))
        elif isinstance(m, ToolMessage) and m.status != "error":
            call = calls.get(m.tool_call_id)
            try:
                env = json.loads(str(m.content))
            except ValueError:
                continue
            if call is None or not isinstance(env, dict) or not env.get("ok"):
                continue
            checklist, evidence, _ = intent.apply(
                slots, checklist, evidence, call[0], call[1], env.get("data", {})
            )
    return checklist, evidence


def task_prompt(
    intent: IntentSpec, slots: Mapping[str, Any], messages: Sequence[BaseMessage]
) -> str:
    """The same system prompt `propose` builds, from the history instead of graph state."""
    checklist, evidence = checklist_from_history(intent, slots, messages)
    return render_task(
        {
            "intent": intent.name,
            "goal": intent.description,
            "slots": dict(slots),
            "steps": intent.plan(slots, checklist, evidence),
        }
    )
