"""Helpers the nodes share: fingerprints, field-level errors, tool messages, the current task."""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from langchain_core.messages import AIMessage, ToolMessage
from langgraph.runtime import Runtime
from pydantic import ValidationError

from graph.context import Context
from graph.state import State
from nodes.executor.dag import field_path
from tools.contract import ToolResult
from tools.domain import Budget, Domain, IntentSpec, error_message, load_domain

STEPS_PER_ROUND = 5
"""propose, guard, execute, state_update, verifier: what one more round costs in graph steps
(a round the guard refuses costs three: propose, guard, verifier)."""
STEPS_TO_FINISH = 3
"""fallback, respond and one spare: what ending cleanly costs after the verifier."""


def _normalize(value: Any) -> Any:
    """Canonical form for fingerprints: whitespace folded, 1.0 == 1, keys sorted later."""
    if isinstance(value, str):
        return re.sub(r"\s+", " ", value.strip())
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {str(k): _normalize(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_normalize(v) for v in value]
    return value


def canonical_args(args: Mapping[str, Any]) -> str:
    """Canonical JSON of a call's arguments: the same call always gives the same text."""
    return json.dumps(
        _normalize(dict(args)),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )


def fingerprint(tool: str, args: Mapping[str, Any]) -> str:
    """Tool name plus a hash of the canonical arguments; never the provider's call id."""
    # surrogatepass: a lone surrogate from a model's JSON must not crash the fingerprint.
    digest = hashlib.sha256(canonical_args(args).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{tool}:{digest}"


_EXPECTED = {
    "string_type": "a string",
    "int_type": "an integer",
    "int_parsing": "an integer",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "a boolean",
    "bool_parsing": "a boolean",
    "dict_type": "an object",
    "list_type": "an array",
    "date_type": "a date YYYY-MM-DD",
    "date_parsing": "a date YYYY-MM-DD",
    "date_from_datetime_parsing": "a date YYYY-MM-DD",
    "date_from_datetime_inexact": "a date YYYY-MM-DD",
    "missing": "a value (the field is required)",
    "extra_forbidden": "nothing (this field is not accepted)",
    "string_too_short": "a longer string",
    "string_too_long": "a shorter string",
}


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "array"
    return "object"


def field_errors(exc: ValidationError, skip: frozenset[str] = frozenset()) -> list[dict[str, str]]:
    """Pydantic errors as {field, expected, got, fix}: what a model needs to correct itself.

    `skip` names top-level fields whose errors do not count (yet): arguments whose values
    come from another call's result are checked once that result exists.
    """
    out: list[dict[str, str]] = []
    errors = [
        e for e in exc.errors(include_url=False) if not (e["loc"] and str(e["loc"][0]) in skip)
    ]
    for err in errors[:5]:
        loc = field_path(err["loc"])
        kind = err["type"]
        got_value = err.get("input")
        expected = _EXPECTED.get(kind)
        if kind == "literal_error":
            expected = "one of " + str(err.get("ctx", {}).get("expected", ""))
        elif kind == "string_pattern_mismatch":
            expected = f"a string matching {err.get('ctx', {}).get('pattern', '')}"
        if kind == "value_error":
            expected = error_message(err)  # a validator's own sentence, as it wrote it
        expected = expected or err["msg"].lower()
        got = "nothing" if kind == "missing" else f"{_json_type(got_value)} {_short(got_value)}"
        if kind == "extra_forbidden":
            fix = f"remove {loc!r}"
        elif kind == "string_type" and isinstance(got_value, int | float):
            fix = f'send it as a JSON string: "{got_value}"'
        elif kind == "missing":
            fix = f"add {loc!r}"
        else:
            fix = f"send {loc} as {expected}"
        out.append({"field": loc, "expected": expected, "got": got, "fix": fix})
    return out


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def validation_result(tool: str, exc: ValidationError) -> ToolResult:
    """A field-level validation failure: names the field, the expected type and the fix."""
    return field_error_result(tool, field_errors(exc))


def field_error_result(tool: str, errors: list[dict[str, str]]) -> ToolResult:
    """A validation failure from field-level errors ({field, expected, got, fix})."""
    first = errors[0]
    message = (
        f"{tool}: field '{first['field']}' expected {first['expected']}, got {first['got']}; "
        f"{first['fix']}."
    )
    if len(errors) > 1:
        message += f" ({len(errors) - 1} more field error(s) in data.errors)"
    return ToolResult.failure(
        "validation",
        message,
        retryable=False,
        user_action="Fix the named field and call again.",
        data={"errors": errors},
    )


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "replace").decode("utf-8")
        return value
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def without_lone_surrogates(message: AIMessage) -> AIMessage:
    """The model's reply with lone surrogates (a JSON escape like D800 alone) replaced by '?'.

    They are valid in a Python string but not in UTF-8, so a checkpoint holding them cannot
    be written and the run would die on the model's typo; the guard then judges a '?'.
    """
    fields = {
        "content": message.content,
        "tool_calls": message.tool_calls,
        "invalid_tool_calls": message.invalid_tool_calls,
    }
    scrubbed = _scrub(fields)
    if scrubbed == fields:
        return message
    return message.model_copy(update=scrubbed)


def tool_message(call_id: str, tool: str, result: ToolResult) -> ToolMessage:
    """Answer a tool call with an envelope; errors are flagged so every provider sees them."""
    return ToolMessage(
        content=result.to_content(),
        tool_call_id=call_id,
        name=tool,
        status="success" if result.ok else "error",
    )


@dataclass(frozen=True)
class Task:
    """The current task's domain, intent and effective budget, resolved from state + context."""

    domain: Domain
    intent: IntentSpec
    budget: Budget


def current_task(state: State, runtime: Runtime[Context]) -> Task:
    """Resolve the intent recorded in state against the domain named in the context."""
    domain = load_domain(runtime.context.domain)
    intent = domain.intent(state.intent or "")
    return Task(domain, intent, intent.budget.merged(runtime.context.budget_overrides()))


def expected_args(step_args: Mapping[str, Any], actual: Mapping[str, Any]) -> bool:
    """True when every argument the step requires has that value in the actual call."""
    return all(_normalize(actual.get(k)) == _normalize(v) for k, v in step_args.items())


N = TypeVar("N", bound=Callable[[State, Runtime[Context]], Awaitable[dict[str, Any]]])


def changes_only(node: N) -> N:
    """Wrap a node so it writes only the channels whose value it changed.

    Every key a node returns is a channel write: a row in the checkpoint's `writes` table,
    a serialised value and a new channel version, whether or not the value changed. A
    round's nodes used to return about 27 keys against `create_agent`'s 4; most were the
    same values again (a guard that struck nothing still returned `strikes`). Equal values
    and empty message lists are dropped here, so the state after the step is the same.
    """

    @functools.wraps(node)
    async def wrapper(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
        update = await node(state, runtime)
        return {k: v for k, v in update.items() if not _unchanged(state, k, v)}

    return cast(N, wrapper)


def _unchanged(state: State, key: str, value: Any) -> bool:
    if key == "messages":  # a reducer: an empty list adds nothing
        return isinstance(value, list) and not value
    current = getattr(state, key, _MISSING)
    return current is not _MISSING and type(current) is type(value) and current == value


_MISSING = object()
