"""A base for hand-written chat models in tests: binds tools the way provider models do.

Test models stay independent of `graph.models` on purpose (the guard must hold for any
model), so they share only this provider-like plumbing, not the project's planners.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, ConfigDict

from tools.contract import ToolContext, ToolSpec
from tools.domain import StepPolicy


class ProviderLikeChatModel(BaseChatModel):
    """Binds OpenAI-style tool schemas and reports usage like a hosted model.

    The tests' scripted doubles derive from it. Like the built-in scripted models they
    prefer the `model` step policy, so a test sees what the guard does with the model
    deciding alone; a test of another policy sets `step_policy`.
    """

    preferred_step_policy: ClassVar[StepPolicy | None] = "model"

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    @staticmethod
    def reply(message: AIMessage, input_tokens: int, output_tokens: int) -> ChatResult:
        """Wrap a message with usage metadata, as every provider's answer carries it."""
        message.usage_metadata = {
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "total_tokens": input_tokens + output_tokens,
        }
        return ChatResult(generations=[ChatGeneration(message=message)])


def tool_context(tmp_path: Path, key: str | None = None) -> ToolContext:
    """The context a tool runs with in executor tests: one member, one store file."""
    return ToolContext(
        user_id="u",
        tenant="demo",
        roles=("member",),
        thread_id="th",
        store_path=str(tmp_path / "business.sqlite"),
        idempotency_key=key,
    )


class NoArgs(BaseModel):
    """A tool's arguments when a test looks only at its name and description."""

    model_config = ConfigDict(extra="forbid")


async def _never_run(args: Any, ctx: ToolContext) -> dict[str, Any]:
    raise AssertionError("search never runs a tool")


def search_spec(
    name: str, namespace: str, description: str, args_model: type[BaseModel] = NoArgs
) -> ToolSpec:
    """A tool for ranking tests: searchable, never executed."""
    return ToolSpec(
        name=name,
        namespace=namespace,
        description=description,
        args_model=args_model,
        fn=_never_run,
    )
