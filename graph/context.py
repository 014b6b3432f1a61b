"""Run-time settings: who is calling, which model, which domain, which limits.

Studio renders these fields (and their descriptions) as a form. Nothing here is read at import
time; nodes read `runtime.context` on every call, so a run's settings are the run's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from pydantic.json_schema import SkipJsonSchema

DEFAULT_DOMAIN = "tools.examples:DOMAIN"
DEFAULT_DB = "data/agent.sqlite"
DEFAULT_STORE = "data/business.sqlite"


@dataclass(kw_only=True)
class Context:
    """Per-run configuration, passed as `context=` and never stored in the checkpoint."""

    model: str | SkipJsonSchema[BaseChatModel] = field(
        default="offline",
        metadata={
            "description": (
                "Chat model as 'provider:model' (e.g. 'openai:gpt-4.1-mini', "
                "'ollama:qwen2.5:0.5b'), 'offline' for the built-in keyless model, or "
                "'scripted:<behaviour>' for a misbehaving test model. From Python, a "
                "BaseChatModel object is accepted too."
            )
        },
    )
    domain: str = field(
        default=DEFAULT_DOMAIN,
        metadata={
            "description": (
                "Intents and tools, as 'package.module:ATTRIBUTE' (e.g. 'tools.examples:DOMAIN',"
                " 'tools.expenses:DOMAIN', or your own module's)."
            )
        },
    )
    user_id: str = field(
        default="demo-user",
        metadata={"description": "The caller. Tools scope every lookup to this user."},
    )
    tenant: str = field(default="demo", metadata={"description": "The caller's tenant."})
    roles: list[str] = field(
        default_factory=lambda: ["member"],
        metadata={
            "description": "The caller's roles; they decide which tools are offered.",
            # default_factory leaves no default in the JSON schema; Studio pre-fills from this.
            "json_schema_extra": {"default": ["member"]},
        },
    )
    human_review: bool = field(
        default=False,
        metadata={
            "description": (
                "When a run cannot continue, pause for a human (approve, edit or abort) "
                "instead of answering with what was verified."
            )
        },
    )
    db: str = field(
        default=DEFAULT_DB,
        metadata={
            "description": (
                "Database of the exactly-once ledger and the trace: a SQLite file or a "
                "postgresql:// URL. The CLI keeps its checkpoints there too, and so does "
                "Studio (LOOPGUARD_DB, same default): keep them one database."
            )
        },
    )
    tools: str = field(
        default="",
        metadata={
            "description": (
                "Your own tools, instead of domain: 'package.module:ATTRIBUTE' of a list of "
                "LangChain tools (e.g. 'tools.files:TOOLS'), or the path of an MCP config "
                "file (.json). The run is an open-ended task over them, every loop check on."
            )
        },
    )
    store: str = field(
        default=DEFAULT_STORE,
        metadata={"description": "SQLite file of the business backend the tools call."},
    )
    max_rounds: int | None = field(
        default=None, metadata={"description": "Override: model turns with tool calls per task."}
    )
    max_calls: int | None = field(
        default=None, metadata={"description": "Override: executed tool calls per task."}
    )
    max_tokens: int | None = field(
        default=None, metadata={"description": "Override: model tokens per task."}
    )
    max_seconds: float | None = field(
        default=None, metadata={"description": "Override: seconds in model and tools per task."}
    )
    step_policy: Literal["model", "hint", "workflow"] | None = field(
        default=None,
        metadata={
            "description": (
                "Override: who proposes checklist steps whose arguments are determined: the "
                "model; the model, then the runtime once a hint was ignored; or the runtime "
                "directly (workflow). Empty: each intent's own policy."
            )
        },
    )
    max_parallel: int = field(
        default=4,
        metadata={
            "description": (
                "Most tool calls of one model turn that run at the same moment; the rest "
                "wait for a free slot (and calls that need another's result wait for it)."
            )
        },
    )

    def __post_init__(self) -> None:
        """`tools`, when set, is the domain: every node reads the domain from one place."""
        if self.tools:
            self.domain = self.tools

    def budget_overrides(self) -> dict[str, Any]:
        """The budget fields a caller set, for merging over the intent's defaults."""
        return {
            "max_rounds": self.max_rounds,
            "max_calls": self.max_calls,
            "max_tokens": self.max_tokens,
            "max_seconds": self.max_seconds,
        }
