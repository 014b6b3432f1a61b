"""How a cleared call runs: timeout, bounded retries with jitter, business errors, exactly once.

The guard has already decided the call may run. This layer decides how: each attempt has the
tool's timeout; transient failures are retried with exponential backoff and jitter from the
tool's `RetryPolicy`, never past the run's remaining time; permanent failures are returned at
once; exceptions become envelopes. Writes go through the ledger so no effect happens twice.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
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

from checkpoints.ledger import Claim, Ledger, Resolution, forget_in_flight
from tools.contract import ToolContext, ToolError, ToolResult, ToolSpec

CRASH_ENV = "LOOPGUARD_CRASH_AFTER_EFFECT"
"""Fault injection for crash tests: SIGKILL this process right after the named tool's effect."""
CRASH_BEFORE_EFFECT_ENV = "LOOPGUARD_CRASH_BEFORE_EFFECT"
"""SIGKILL after the ledger claim, before the named tool's effect: the claim is an orphan."""
CRASH_AFTER_RECORD_ENV = "LOOPGUARD_CRASH_AFTER_RECORD"
"""SIGKILL after the ledger recorded the named tool's outcome, before the step's checkpoint."""

UNKNOWN_OUTCOME = (
    "{tool} {args} may or may not have taken effect: attempt {attempts} {why}, and {tool} has "
    "no reconcile lookup to ask the backend (idempotency key {key})"
)
WHY_CRASHED = (
    "was claimed at {claimed_at} by process {owner}, which stopped before recording the outcome"
)
WHY_FAILED = "ended with {error_type} ({message})"
UNKNOWN_ACTION = (
    "Check the backend for this write, then approve to run it exactly once more, or abort to "
    "leave it as it is."
)
KEY_CONFLICT = "idempotency key of {tool} was already used with different arguments"
IN_FLIGHT = (
    "{tool} with these arguments is still running in process {owner} (idempotency key {key}); "
    "it was not started a second time"
)


@dataclass(frozen=True)
class Execution:
    """What happened when the executor handled one call."""

    result: ToolResult
    executed: bool
    """True when this call's effect ran: in this process, or in an earlier attempt of the same
    call that crashed before its checkpoint (a replay is not a second execution, but it is
    not "not executed" either). False when another call's receipt answered it."""
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


def _maybe_crash(tool: str, env: str = CRASH_ENV) -> None:
    if os.environ.get(env) == tool:
        os.kill(os.getpid(), signal.SIGKILL)


def _owner_pid(owner: str | None) -> str:
    """'pid 123 on host' from a process token, for messages a human reads."""
    if not owner:
        return "unknown"
    host, _, rest = owner.partition(":")
    return f"{rest.split(':', 1)[0]} on {host}"


def unknown_outcome(spec: ToolSpec, args: BaseModel, key: str, claim: Claim) -> ToolResult:
    """The facts a human needs to settle a write whose outcome cannot be known."""
    shown = args.model_dump(mode="json")
    earlier = claim.receipt or {}
    if earlier.get("error_type"):
        why = WHY_FAILED.format(
            error_type=earlier["error_type"], message=str(earlier.get("message", ""))[:120]
        )
    else:
        why = WHY_CRASHED.format(
            claimed_at=earlier.get("claimed_at") or claim.updated_at or "?",
            owner=_owner_pid(earlier.get("claimed_by") or claim.owner),
        )
    message = UNKNOWN_OUTCOME.format(
        tool=spec.name,
        args=json.dumps(shown, sort_keys=True, ensure_ascii=False),
        attempts=claim.attempts,
        why=why,
        key=key,
    )
    return ToolResult.failure(
        "unknown_outcome",
        message,
        retryable=False,
        user_action=UNKNOWN_ACTION,
        data={
            "idempotency_key": key,
            "tool": spec.name,
            "args": shown,
            "attempts": claim.attempts,
            "claimed_at": earlier.get("claimed_at") or claim.updated_at,
            "claimed_by": _owner_pid(earlier.get("claimed_by") or claim.owner),
        },
    )


async def execute_call(
    spec: ToolSpec,
    args: BaseModel,
    ctx: ToolContext,
    *,
    ledger: Ledger | None,
    deadline: float | None = None,
    call_id: str | None = None,
    human_approved: bool = False,
) -> Execution:
    """Run one validated call; writes are claimed in the ledger first.

    For a write, the ledger row decides: a fresh key runs; a success returns its receipt; a
    claim whose process died is reconciled with the backend (found: recorded, not re-run;
    not found: taken over and run once); without a reconcile lookup the outcome is unknown
    and a human decides. Approving an unknown outcome is the one way to run it again, and
    the take-over is a compare-and-swap, so even two approvals run it once.

    Args:
        spec: The tool's declaration.
        args: Arguments already validated by the guard.
        ctx: Caller identity, thread and the idempotency key for writes.
        ledger: Where write effects are claimed; None only for read-only use.
        deadline: `time.monotonic()` value retries must not pass (the run's time budget).
        call_id: The tool call being run; a replay of the same call after a crash has the
            same id, so its reconciled effect counts as this call's execution.
        human_approved: A human approved or edited this call after the run stopped for them;
            it lets a write whose outcome is unknown run once more.
    """
    start = time.monotonic()
    if spec.effect != "write" or ledger is None or not ctx.idempotency_key:
        result, attempts = await _run_with_retries(spec, args, ctx, deadline)
        return Execution(result, True, attempts, time.monotonic() - start)

    key = ctx.idempotency_key
    args_hash = key_args_hash(args)
    patience = time.monotonic() + spec.timeout_s * max(1, spec.retry.max_attempts) + 1.0
    while True:
        claim = await ledger.claim(
            key, thread_id=ctx.thread_id, tool=spec.name, args_hash=args_hash, call_id=call_id
        )
        if claim.conflict:
            failure = ToolResult.failure("conflict", KEY_CONFLICT.format(tool=spec.name))
            return Execution(failure, False, 0, time.monotonic() - start)
        if claim.claimed:
            break
        if claim.status == "succeeded" and claim.receipt is not None:
            receipt = ToolResult.model_validate(claim.receipt)
            return Execution(receipt, claim.same_call, 0, time.monotonic() - start)
        if claim.owner_alive:
            # Another live process is running this very write: wait for its outcome.
            if time.monotonic() >= patience:
                busy = ToolResult.failure(
                    "conflict",
                    IN_FLIGHT.format(tool=spec.name, owner=_owner_pid(claim.owner), key=key),
                    retryable=False,
                )
                return Execution(busy, False, 0, time.monotonic() - start)
            await asyncio.sleep(0.05)
            continue
        # An orphaned claim (its process died mid-effect) or an unknown outcome.
        found = await spec.reconcile(key, ctx) if spec.reconcile is not None else None
        if found is not None:
            await ledger.finish(key, "succeeded", found.model_dump(), resolution="reconciled")
            return Execution(found, claim.same_call, 0, time.monotonic() - start)
        resolution: Resolution
        if spec.reconcile is not None:
            resolution = "taken_over"  # the backend has no trace of the key: it never landed
        elif claim.status == "unknown" and human_approved:
            resolution = "human_approved"
        else:
            if claim.status == "in_progress":
                facts = {"claimed_at": claim.updated_at, "claimed_by": claim.owner}
                await ledger.finish(key, "unknown", facts)
            unknown = unknown_outcome(spec, args, key, claim)
            return Execution(unknown, False, 0, time.monotonic() - start)
        if await ledger.take_over(key, claim, call_id=call_id, resolution=resolution):
            break
        # Someone changed the row between our look and our take-over: look again.

    _maybe_crash(spec.name, CRASH_BEFORE_EFFECT_ENV)
    try:
        result, attempts = await _run_with_retries(spec, args, ctx, deadline)
    except BaseException:
        # Cancelled mid-effect: the row stays in_progress, and since no live process owns it
        # any more, the next attempt reconciles instead of waiting for it.
        forget_in_flight(key)
        raise
    _maybe_crash(spec.name)
    if result.ok:
        await ledger.finish(key, "succeeded", result.model_dump())
    elif result.retryable:
        await ledger.finish(key, "unknown", result.model_dump())
    else:
        await ledger.finish(key, "failed", result.model_dump())
    _maybe_crash(spec.name, CRASH_AFTER_RECORD_ENV)
    return Execution(result, True, attempts, time.monotonic() - start)


def key_args_hash(args: BaseModel) -> str:
    """Hash of the validated arguments, to reject a key reused with other arguments."""
    payload = json.dumps(args.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()[:32]
