"""How a cleared call runs: timeout, bounded retries with jitter, business errors, exactly once.

The guard has already decided the call may run. This layer decides how: each attempt has the
tool's timeout; transient failures are retried with exponential backoff and jitter from the
tool's `RetryPolicy`, never past the run's remaining time; permanent failures are returned at
once; exceptions become envelopes. Writes go through the ledger so no effect happens twice.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langgraph.errors import GraphBubbleUp
from langgraph.types import RetryPolicy
from pydantic import BaseModel

from checkpoints.ledger import Ledger
from tools.contract import ToolContext, ToolError, ToolResult, ToolSpec

CRASH_ENV = "LOOPGUARD_CRASH_AFTER_EFFECT"
"""Fault injection for crash tests: SIGKILL this process right after the named tool's effect."""

UNKNOWN_OUTCOME = (
    "the earlier attempt of {tool} may or may not have taken effect and the backend cannot "
    "tell; a human must check before it is retried"
)
KEY_CONFLICT = "idempotency key of {tool} was already used with different arguments"


@dataclass(frozen=True)
class Execution:
    """What happened when the executor handled one call."""

    result: ToolResult
    executed: bool
    """True when the tool function ran at least once; False for receipts and reconciles."""
    attempts: int
    seconds: float


def backoff(policy: RetryPolicy, attempt: int) -> float:
    """Delay before retry number `attempt` (1-based), capped and jittered like LangGraph's."""
    delay = min(
        policy.max_interval, policy.initial_interval * policy.backoff_factor ** (attempt - 1)
    )
    if policy.jitter:
        delay += random.uniform(0, min(1.0, delay))
    return delay


def normalize(spec: ToolSpec, raw: ToolResult | Mapping[str, Any]) -> ToolResult:
    """Turn a tool's raw answer into the envelope, parsing business failures out of 200s."""
    if isinstance(raw, ToolResult):
        return raw
    if not isinstance(raw, Mapping):
        return ToolResult.failure(
            "internal", f"{spec.name} returned {type(raw).__name__}, expected a mapping"
        )
    failure = spec.business_check(raw)
    if failure is not None:
        return failure
    data = {k: v for k, v in raw.items() if k not in ("success", "ok")}
    return ToolResult.success(data)


def _retry_on(policy: RetryPolicy, exc: Exception) -> bool:
    retry_on = policy.retry_on
    if callable(retry_on) and not isinstance(retry_on, type):
        return bool(retry_on(exc))
    classes = retry_on if isinstance(retry_on, tuple | list) else (retry_on,)
    return isinstance(exc, tuple(classes))


async def _attempt(spec: ToolSpec, args: BaseModel, ctx: ToolContext) -> ToolResult:
    try:
        async with asyncio.timeout(spec.timeout_s):
            raw = await spec.fn(args, ctx)
    except TimeoutError:
        return ToolResult.failure(
            "timeout",
            f"{spec.name} did not answer within {spec.timeout_s:g}s",
            user_action="Try again later.",
        )
    except ToolError as exc:
        return exc.result
    except GraphBubbleUp:
        # Interrupts and other control flow must reach LangGraph, or human review breaks.
        raise
    except Exception as exc:
        name = type(exc).__name__
        if _retry_on(spec.retry, exc):
            return ToolResult.failure("transient", f"{spec.name}: {name}: {exc}"[:300])
        return ToolResult.failure(
            "internal",
            f"{spec.name} failed: {name}: {exc}"[:300],
            retryable=False,
            user_action="This is a tool bug; retrying will not help.",
        )
    return normalize(spec, raw)


async def _run_with_retries(
    spec: ToolSpec, args: BaseModel, ctx: ToolContext, deadline: float | None
) -> tuple[ToolResult, int]:
    attempts = 0
    while True:
        attempts += 1
        result = await _attempt(spec, args, ctx)
        if result.ok or not result.retryable or attempts >= spec.retry.max_attempts:
            return result, attempts
        if spec.effect == "write" and spec.reconcile is not None and ctx.idempotency_key:
            # A write that timed out may have landed: look before trying again.
            found = await spec.reconcile(ctx.idempotency_key, ctx)
            if found is not None:
                return found, attempts
        delay = backoff(spec.retry, attempts)
        if deadline is not None and time.monotonic() + delay >= deadline:
            return result, attempts
        await asyncio.sleep(delay)


def _maybe_crash(tool: str) -> None:
    if os.environ.get(CRASH_ENV) == tool:
        os.kill(os.getpid(), signal.SIGKILL)


async def execute_call(
    spec: ToolSpec,
    args: BaseModel,
    ctx: ToolContext,
    *,
    ledger: Ledger | None,
    deadline: float | None = None,
) -> Execution:
    """Run one validated call; writes are claimed in the ledger first.

    Args:
        spec: The tool's declaration.
        args: Arguments already validated by the guard.
        ctx: Caller identity, thread and the idempotency key for writes.
        ledger: Where write effects are claimed; None only for read-only use.
        deadline: `time.monotonic()` value retries must not pass (the run's time budget).
    """
    start = time.monotonic()
    if spec.effect != "write" or ledger is None or not ctx.idempotency_key:
        result, attempts = await _run_with_retries(spec, args, ctx, deadline)
        return Execution(result, True, attempts, time.monotonic() - start)

    key = ctx.idempotency_key
    args_hash = key_args_hash(args)
    claim = await ledger.claim(key, thread_id=ctx.thread_id, tool=spec.name, args_hash=args_hash)
    if claim.conflict:
        failure = ToolResult.failure("conflict", KEY_CONFLICT.format(tool=spec.name))
        return Execution(failure, False, 0, time.monotonic() - start)
    if not claim.claimed:
        if claim.status == "succeeded" and claim.receipt is not None:
            receipt = ToolResult.model_validate(claim.receipt)
            return Execution(receipt, False, 0, time.monotonic() - start)
        # in_progress or unknown: an earlier attempt crashed or timed out mid-effect.
        found = await spec.reconcile(key, ctx) if spec.reconcile is not None else None
        if found is not None:
            await ledger.finish(key, "succeeded", found.model_dump())
            return Execution(found, False, 0, time.monotonic() - start)
        if spec.reconcile is None:
            await ledger.finish(key, "unknown", None)
            unknown = ToolResult.failure(
                "unknown_outcome",
                UNKNOWN_OUTCOME.format(tool=spec.name),
                retryable=False,
                user_action="Check the backend, then approve or abort the call.",
            )
            return Execution(unknown, False, 0, time.monotonic() - start)
        # The backend has no trace of the key: the effect never landed, so run it now.

    result, attempts = await _run_with_retries(spec, args, ctx, deadline)
    _maybe_crash(spec.name)
    if result.ok:
        await ledger.finish(key, "succeeded", result.model_dump())
    elif result.retryable:
        await ledger.finish(key, "unknown", result.model_dump())
    else:
        await ledger.finish(key, "failed", result.model_dump())
    return Execution(result, True, attempts, time.monotonic() - start)


def key_args_hash(args: BaseModel) -> str:
    """Hash of the validated arguments, to reject a key reused with other arguments."""
    import hashlib
    import json

    payload = json.dumps(args.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()[:32]
