"""The tool contract: one declaration per tool and one result envelope for every execution.

The model only ever sees a tool's name, description and argument schema. Everything else
declared here (read or write, idempotency, timeout, retries, permission, intents, reconcile)
is for the code that decides whether and how a proposed call runs.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from langgraph.types import RetryPolicy
from pydantic import BaseModel, ConfigDict, Field

from tools.privacy import ResultPolicy

ErrorType = Literal[
    "validation",
    "not_allowed",
    "permission",
    "not_found",
    "business",
    "conflict",
    "timeout",
    "transient",
    "rate_limited",
    "unavailable",
    "unknown_outcome",
    "internal",
    "dependency",
    "cancelled",
]
"""Closed set of failure kinds; the executor and guard branch on these, never on prose.

`dependency`: not run, because a call whose result it needed failed or did not run.
`cancelled`: not started (or no longer waited for) because the run had to stop."""

TRANSIENT_ERRORS: frozenset[str] = frozenset(
    {"timeout", "transient", "rate_limited", "unavailable"}
)
"""Failure kinds worth retrying with backoff: the same call may succeed a moment later."""

Effect = Literal["read", "write"]

TRANSIENT_STATUS: dict[int, ErrorType] = {408: "timeout", 429: "rate_limited"}
"""Transient HTTP statuses other than 5xx (which are `unavailable`)."""


class ToolResult(BaseModel):
    """The one envelope every execution returns, success or not.

    A tool's raw answer never reaches the model: a success-shaped response that carries a
    business failure becomes `ok=False` here, so the model cannot mistake it for progress.
    """

    model_config = ConfigDict(frozen=True)

    ok: bool
    data: dict[str, Any] = Field(default_factory=dict)
    error_type: ErrorType | None = None
    retryable: bool = False
    user_action: str | None = None
    message: str = ""

    @classmethod
    def success(cls, data: Mapping[str, Any] | None = None, message: str = "") -> ToolResult:
        """Build a success envelope."""
        return cls(ok=True, data=dict(data or {}), message=message)

    @classmethod
    def failure(
        cls,
        error_type: ErrorType,
        message: str,
        *,
        retryable: bool | None = None,
        user_action: str | None = None,
        data: Mapping[str, Any] | None = None,
    ) -> ToolResult:
        """Build a failure envelope; retryability defaults to the error kind's class."""
        if retryable is None:
            retryable = error_type in TRANSIENT_ERRORS
        return cls(
            ok=False,
            error_type=error_type,
            retryable=retryable,
            user_action=user_action,
            message=message,
            data=dict(data or {}),
        )

    def to_content(self) -> str:
        """Render for a ToolMessage: compact JSON a model of any size can read."""
        return json.dumps(self.model_dump(exclude_defaults=True), ensure_ascii=False, default=str)


class ToolError(Exception):
    """Raised by a tool to fail with a structured envelope instead of a traceback."""

    def __init__(
        self,
        error_type: ErrorType,
        message: str,
        *,
        retryable: bool | None = None,
        user_action: str | None = None,
    ) -> None:
        super().__init__(message)
        self.result = ToolResult.failure(
            error_type, message, retryable=retryable, user_action=user_action
        )


class TransientToolError(ToolError):
    """A failure that may pass on its own (timeouts, 429, 5xx): retried with backoff."""

    def __init__(self, message: str, *, error_type: ErrorType = "transient") -> None:
        super().__init__(error_type, message, retryable=True)


@dataclass(frozen=True, kw_only=True)
class ToolContext:
    """What the executor hands a tool besides its validated arguments.

    Identity comes from the runtime context, never from the model's arguments, so a model
    cannot widen its own permissions by naming another user.
    """

    user_id: str
    tenant: str
    roles: tuple[str, ...]
    thread_id: str
    store_path: str
    idempotency_key: str | None = None


ToolFn = Callable[
    [Any, ToolContext],
    "Awaitable[ToolResult | Mapping[str, Any]] | ToolResult | Mapping[str, Any]",
]
"""`async def` runs on the event loop; a plain `def` may block and runs on a thread of its own."""
ReconcileFn = Callable[[str, ToolContext], "Awaitable[ToolResult | None] | ToolResult | None"]
BusinessCheck = Callable[[Mapping[str, Any]], "ToolResult | None"]


def default_business_check(payload: Mapping[str, Any]) -> ToolResult | None:
    """Turn a success-shaped payload that reports a business failure into a failure envelope.

    Many backends answer HTTP 200 with `{"success": false, "code": ...}`; treating that as
    success is a classic loop trigger, because the model keeps reasoning on empty data.

    Returns:
        A failure envelope, or None when the payload is a real success.
    """
    failed = payload.get("success") is False or payload.get("ok") is False
    status = payload.get("status_code")
    if isinstance(status, int) and status >= 400:
        failed = True
    if not failed:
        return None
    code = str(payload.get("code") or payload.get("error") or "BUSINESS_ERROR")
    message = str(payload.get("message") or code)
    if isinstance(status, int) and (status in (408, 429) or status >= 500):
        kind: ErrorType = TRANSIENT_STATUS.get(status, "unavailable")
        data: dict[str, Any] = {"code": code}
        wait = payload.get("retry_after")
        if isinstance(wait, int | float) and not isinstance(wait, bool) and wait >= 0:
            data["retry_after_s"] = float(wait)  # the executor waits at least this long
        return ToolResult.failure(kind, message, data=data)
    if status in (401, 403):
        return ToolResult.failure(
            "permission",
            message,
            retryable=False,
            user_action="The caller is not allowed to do this; repeating it will not help.",
            data={"code": code},
        )
    kind = "not_found" if "NOT_FOUND" in code.upper() else "business"
    action = payload.get("user_action")
    return ToolResult.failure(
        kind,
        message,
        retryable=False,
        user_action=str(action) if action else "Check the request; repeating it will not help.",
        data={"code": code},
    )


@dataclass(frozen=True)
class PollSpec:
    """Polling semantics for status tools: repeated identical calls are legitimate here.

    Attributes:
        status_field: Key in the result data that holds the job status.
        pending_values: Status values meaning "still running, ask again later".
        interval_s: Minimum seconds between two polls of the same job.
        deadline_s: After this many seconds of polling the job counts as stuck.
    """

    status_field: str = "status"
    pending_values: frozenset[str] = frozenset({"pending", "processing", "running"})
    interval_s: float = 0.0
    deadline_s: float = 30.0


DEFAULT_RETRY = RetryPolicy(initial_interval=0.05, backoff_factor=2.0, max_interval=1.0)


@dataclass(frozen=True, kw_only=True)
class ToolSpec:
    """A tool declared once, with everything the runtime needs to decide about it.

    Attributes:
        name: Unique tool name the model calls.
        namespace: Service or domain prefix, for grouping and large-registry loading.
        description: When to use it and when not to; the model's only guidance.
        args_model: Pydantic model validating the arguments before anything runs.
        fn: The implementation: `(args, ctx) -> ToolResult | payload`, an `async def` or
            a plain function that may block (it runs off the event loop).
        effect: "write" tools get idempotency keys and the exactly-once ledger.
        idempotent: Whether repeating the same call is harmless at the backend.
        timeout_s: Per-attempt timeout.
        retry: LangGraph's RetryPolicy; transient failures are retried within it.
        permission: Permission the caller's roles must grant; None means public.
        intents: Intents this tool serves; the loader offers nothing else.
        reconcile: Looks up the effect of an earlier attempt by idempotency key.
        poll: Polling semantics, when repeated identical calls are legitimate.
        requires_approval: Risky writes wait for a human before running.
        business_check: Parses business failures out of success-shaped payloads.
        privacy: Which result fields the model may see and which are sensitive; every
            result is masked by pattern as well (`tools/privacy.py`).
    """

    name: str
    namespace: str
    description: str
    args_model: type[BaseModel]
    fn: ToolFn
    effect: Effect = "read"
    idempotent: bool = True
    timeout_s: float = 5.0
    retry: RetryPolicy = DEFAULT_RETRY
    permission: str | None = None
    intents: frozenset[str] = field(default_factory=frozenset)
    reconcile: ReconcileFn | None = None
    poll: PollSpec | None = None
    requires_approval: bool = False
    business_check: BusinessCheck = default_business_check
    privacy: ResultPolicy | None = None

    def schema(self) -> dict[str, Any]:
        """The OpenAI-style function schema that `bind_tools` accepts from any provider."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": copy.deepcopy(_parameters(self.args_model)),
            },
        }


@functools.cache
def _parameters(args_model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of an argument model, built once per model.

    Pydantic takes about a millisecond per build, and `propose` asks for every offered tool's
    schema every round.
    """
    params = args_model.model_json_schema()
    params.pop("title", None)
    return params
