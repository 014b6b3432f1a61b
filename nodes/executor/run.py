"""How a cleared call runs: timeout, bounded retries with jitter, business errors, exactly once.

The guard has already decided the call may run. This layer decides how: each attempt has the
tool's timeout; transient failures are retried with exponential backoff and jitter from the
tool's `RetryPolicy`, never past the run's remaining time; permanent failures are returned at
once; exceptions become envelopes. Writes go through the ledger so no effect happens twice.

Retry classes (`classify`): timeouts, connection errors, HTTP 408, 429 and 5xx are transient;
validation (400, 422), permission (401, 403), not found (404, 410), conflicts (409), other
4xx and business refusals are not retried. A write whose failed attempt may have landed (a
timeout, a 5xx, a reset connection) is reconciled with the backend before any retry; a
non-idempotent write that cannot be reconciled is not retried blindly: its outcome is
unknown and a human decides. Every envelope is minimised and masked (`tools/privacy.py`)
before anything else sees it, the ledger's receipt included.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import hashlib
import inspect
import json
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langgraph.errors import GraphBubbleUp
from langgraph.types import RetryPolicy
from pydantic import BaseModel, ValidationError
from pydantic_core import to_jsonable_python

from checkpoints.ledger import Claim, Ledger, Resolution, forget_in_flight, hold_in_flight
from tools.contract import ErrorType, ToolContext, ToolError, ToolResult, ToolSpec
from tools.privacy import mask_text, protect_data

CRASH_ENV = "LOOPGUARD_CRASH_AFTER_EFFECT"
"""Fault injection for crash tests: SIGKILL this process right after the named tool's effect."""
CRASH_BEFORE_EFFECT_ENV = "LOOPGUARD_CRASH_BEFORE_EFFECT"
"""SIGKILL after the ledger claim, before the named tool's effect: the claim is an orphan."""
CRASH_AFTER_RECORD_ENV = "LOOPGUARD_CRASH_AFTER_RECORD"
"""SIGKILL after the ledger recorded the named tool's outcome, before the step's checkpoint."""

UNKNOWN_OUTCOME = (
    "{tool} {args} may or may not have taken effect: attempt {attempts} {why}, and {lookup} "
    "(idempotency key {key})"
)
NO_LOOKUP = "{tool} has no reconcile lookup to ask the backend"
LOOKUP_FAILED = "its reconcile lookup failed: {error}"
LOOKUP_TIMEOUT = "did not answer within {seconds:g}s"
LOOKUP_ANSWER = "answered with {kind}, expected a ToolResult or None"
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
UNSTORABLE = "{tool} returned a {kind} at {where}, which cannot be stored as JSON"
NOT_A_MAPPING = "{tool} returned {kind}, expected a mapping"
EFFECT_KEPT = (
    "; the write took effect and is recorded under idempotency key {key}: it will not run again"
)
UNSTORABLE_ACTION = (
    "Fix {tool} to return JSON values (str, number, bool, None, lists and dicts of them; "
    "pydantic models, dataclasses, Decimal, datetime and numpy values are converted); "
    "retrying will not help."
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


class Unstorable(Exception):
    """A tool's answer, or a value inside it, has no faithful JSON form.

    Attributes:
        where: Where the value sits (`data.items[2].price`); "" when the whole answer is not
            a mapping.
        kind: The value's type name, for the message a developer reads.
    """

    def __init__(self, where: str, kind: str) -> None:
        super().__init__(f"{kind} at {where or 'the answer'}")
        self.where = where
        self.kind = kind


def _module_root(value: object) -> str:
    return type(value).__module__.partition(".")[0]


def jsonable(value: Any, where: str = "data") -> Any:
    """`value` as plain JSON types, converted only where the conversion is faithful.

    Checkpoints (msgpack), the ledger's receipt (JSON), Studio and the trace all need plain
    JSON, and a value that fails there fails after the tool's effect. Converted: pydantic
    models and dataclasses (their dump), `Decimal` (exact text), dates and times (ISO 8601),
    UUIDs, enums, paths, sets (sorted, so the stored form is stable) and tuples (lists), numpy
    scalars and arrays (duck-typed by module and `tolist`, so numpy is not a dependency).
    Dict keys must be strings, numbers, booleans or None (JSON's own rule for keys).

    Raises:
        Unstorable: A value with no faithful form (an object of the tool's own), with where
            it is, so the failure names it.
    """
    kind = type(value)
    if value is None or kind in (str, int, float, bool):
        return value
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for k, v in value.items():
            if isinstance(k, str):
                key = str(k)
            elif k is None or isinstance(k, int | float):  # bool is an int
                key = json.dumps(k)
            else:
                raise Unstorable(f"{where} (a key)", type(k).__name__)
            out[key] = jsonable(v, f"{where}.{key}")
        return out
    if isinstance(value, list | tuple):
        return [jsonable(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, set | frozenset):
        items = [jsonable(v, f"{where}[]") for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, default=str))
    if _module_root(value) == "numpy" and hasattr(value, "tolist"):
        return jsonable(value.tolist(), where)

    def fallback(inner: Any) -> Any:
        if _module_root(inner) == "numpy" and hasattr(inner, "tolist"):
            return inner.tolist()
        raise Unstorable(where, type(inner).__name__)

    try:
        converted = to_jsonable_python(value, fallback=fallback)
    except (ValueError, TypeError, RecursionError):  # pydantic's own errors are ValueErrors
        raise Unstorable(where, kind.__name__) from None
    if type(converted) is kind:  # handed back unchanged: converting again would not end
        raise Unstorable(where, kind.__name__)
    return jsonable(converted, where)


def normalize(spec: ToolSpec, raw: ToolResult | Mapping[str, Any]) -> ToolResult:
    """Turn a tool's raw answer into the envelope, parsing business failures out of 200s.

    Raises:
        Unstorable: The answer is not a mapping (nor a model or dataclass of one), or holds
            a value with no JSON form.
    """
    try:
        return _normalize(spec, raw)
    except RecursionError:  # a value that contains itself, or nests beyond any JSON reader
        raise Unstorable("data", "self-referencing or too deeply nested value") from None


def _normalize(spec: ToolSpec, raw: ToolResult | Mapping[str, Any]) -> ToolResult:
    if isinstance(raw, ToolResult):
        return raw.model_copy(update={"data": jsonable(raw.data)})
    if isinstance(raw, BaseModel) or (dataclasses.is_dataclass(raw) and not isinstance(raw, type)):
        raw = jsonable(raw)
    if not isinstance(raw, Mapping):
        raise Unstorable("", type(raw).__name__)
    answer = jsonable(raw)
    failure = spec.business_check(answer)
    if failure is not None:
        return failure.model_copy(update={"data": jsonable(failure.data)})
    data = {k: v for k, v in answer.items() if k not in ("success", "ok")}
    return ToolResult.success(data)


def unusable(spec: ToolSpec, exc: Unstorable, ctx: ToolContext) -> ToolResult:
    """The failure for an answer that cannot be stored: a tool bug, named, never retried.

    The tool returned, so a write's effect happened: its data says so and gives the key,
    and the ledger records the write done (see `execute_call`).
    """
    if exc.where:
        message = UNSTORABLE.format(tool=spec.name, kind=exc.kind, where=exc.where)
    else:
        message = NOT_A_MAPPING.format(tool=spec.name, kind=exc.kind)
    data: dict[str, Any] = {}
    if spec.effect == "write" and ctx.idempotency_key:
        message += EFFECT_KEPT.format(key=ctx.idempotency_key)
        data = {"effect": "done", "idempotency_key": ctx.idempotency_key}
    return ToolResult.failure(
        "internal",
        message,
        retryable=False,
        user_action=UNSTORABLE_ACTION.format(tool=spec.name),
        data=data,
    )


TIMEOUT_CLASSES = frozenset(
    {"TimeoutException", "Timeout", "ReadTimeout", "ConnectTimeout", "WriteTimeout", "PoolTimeout"}
)
"""Client libraries' timeout exceptions (httpx, requests, aiohttp), matched by class name so
this module imports none of them."""
CONNECTION_CLASSES = frozenset(
    {
        "ConnectionError",
        "ConnectError",
        "NetworkError",
        "TransportError",
        "RemoteProtocolError",
        "ReadError",
        "WriteError",
        "ProxyError",
        "ServerDisconnectedError",
        "ClientConnectionError",
        "ClientOSError",
    }
)
NOT_SENT_CLASSES = frozenset({"ConnectionRefusedError", "ConnectError", "ClientConnectorError"})
"""Connection failures that happen before a request leaves: safe to retry even for a write."""

HTTP_FAILURES: dict[int, tuple[ErrorType, bool]] = {
    400: ("validation", False),
    401: ("permission", False),
    403: ("permission", False),
    404: ("not_found", False),
    408: ("timeout", True),
    409: ("conflict", False),
    410: ("not_found", False),
    422: ("validation", False),
    429: ("rate_limited", True),
    501: ("internal", False),
}
"""HTTP status -> (error kind, retryable); other 4xx are business refusals, other 5xx are
`unavailable` and transient."""
HTTP_ACTIONS: dict[ErrorType, str] = {
    "validation": "The backend rejected the arguments; fix them rather than repeating the call.",
    "permission": "The caller is not allowed to do this; repeating it will not help.",
    "not_found": "Check the identifier; asking again will not help.",
    "conflict": "The resource changed or is busy; check its state before trying again.",
    "business": "The backend refused the request; repeating it will not help.",
}
BLOCKING_ACTION = (
    "Make {tool} a plain def (it then runs on a thread of its own) or use an async client "
    "inside it; retrying will not help."
)
UNSAFE_RETRY = (
    "{tool}: attempt {attempt} {why}, and may have taken effect; {tool} is a non-idempotent "
    "write without a reconcile lookup, so it was not retried blindly"
)
LOOKUP_FAILED_RETRY = (
    "{tool}: attempt {attempt} {why}, and may have taken effect; its reconcile lookup failed "
    "({error}), so it was not retried"
)
STILL_RUNNING = (
    "{tool}: attempt {attempt} did not answer within {seconds:g}s and is still running on a "
    "worker thread (a synchronous function cannot be stopped); a write is not retried while "
    "it may still take effect"
)


@dataclass(frozen=True)
class Attempt:
    """One attempt's envelope, plus what the retry loop needs to know about it.

    Attributes:
        result: The envelope (already masked).
        retry_after: Seconds the backend asked to wait (HTTP Retry-After), if it did.
        may_have_landed: False when the request certainly never took effect (refused
            connection, 429, a tool's own retryable ToolError): a write may then be retried
            without reconciling first.
        unusable: The tool returned (so a write's effect happened), but its answer cannot
            be stored; `result` is the failure that says so.
    """

    result: ToolResult
    retry_after: float | None = None
    may_have_landed: bool = True
    unusable: bool = False
    still_running: bool = False
    """A synchronous function's worker thread outlived the attempt's timeout."""


def http_status(exc: BaseException) -> int | None:
    """The HTTP status an exception carries (httpx, requests, aiohttp or a custom one)."""
    for holder in (exc, getattr(exc, "response", None)):
        for attr in ("status_code", "status"):
            value = getattr(holder, attr, None)
            if isinstance(value, int) and not isinstance(value, bool) and 100 <= value <= 599:
                return value
    return None


def retry_after(exc: BaseException) -> float | None:
    """Seconds from a Retry-After header, when the exception's response has one."""
    for holder in (getattr(exc, "response", None), exc):
        headers = getattr(holder, "headers", None)
        if isinstance(headers, Mapping) or hasattr(headers, "get"):
            raw = headers.get("Retry-After") or headers.get("retry-after")  # type: ignore[union-attr]
            try:
                return max(0.0, float(raw)) if raw is not None else None
            except (TypeError, ValueError):
                return None
    return None


def http_failure(spec: ToolSpec, status: int, detail: str) -> ToolResult:
    """The envelope for an HTTP error status: its kind decides whether it is retried."""
    kind, retryable = HTTP_FAILURES.get(
        status, ("unavailable", True) if status >= 500 else ("business", False)
    )
    return ToolResult.failure(
        kind,
        f"{spec.name}: HTTP {status}: {detail}"[:300],
        retryable=retryable,
        user_action=None if retryable else HTTP_ACTIONS.get(kind),
        data={"status": status},
    )


def _class_names(exc: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(exc).__mro__}


def classify(spec: ToolSpec, exc: Exception) -> Attempt:
    """Sort an exception a tool raised into a retry class.

    Order matters: an HTTP status says the most, then timeouts, then permission, then
    connection failures, then argument validation the backend did; anything else is
    transient only if the tool's `RetryPolicy.retry_on` says so, else a tool bug.
    """
    name = type(exc).__name__
    names = _class_names(exc)
    status = http_status(exc)
    if status is not None and status >= 400:
        result = http_failure(spec, status, f"{name}: {exc}")
        return Attempt(result, retry_after(exc), may_have_landed=status != 429)
    if isinstance(exc, TimeoutError) or names & TIMEOUT_CLASSES:
        failure = ToolResult.failure(
            "timeout", f"{spec.name}: {name}: {exc}"[:300], user_action="Try again later."
        )
        return Attempt(failure)
    if isinstance(exc, PermissionError):
        failure = ToolResult.failure(
            "permission",
            f"{spec.name}: {name}: {exc}"[:300],
            retryable=False,
            user_action=HTTP_ACTIONS["permission"],
        )
        return Attempt(failure, may_have_landed=False)
    if isinstance(exc, ConnectionError) or names & CONNECTION_CLASSES:
        failure = ToolResult.failure("transient", f"{spec.name}: {name}: {exc}"[:300])
        return Attempt(failure, may_have_landed=not names & NOT_SENT_CLASSES)
    if isinstance(exc, ValidationError):
        failure = ToolResult.failure(
            "validation",
            f"{spec.name}: the backend rejected the data: {exc.error_count()} error(s)",
            retryable=False,
            user_action=HTTP_ACTIONS["validation"],
        )
        return Attempt(failure, may_have_landed=False)
    if "BlockingError" in names:  # blockbuster, under `langgraph dev`: an `async def` blocked
        failure = ToolResult.failure(
            "internal",
            f"{spec.name} made a blocking call on the event loop: {exc}"[:300],
            retryable=False,
            user_action=BLOCKING_ACTION.format(tool=spec.name),
        )
        return Attempt(failure)
    if _retry_on(spec.retry, exc):
        return Attempt(ToolResult.failure("transient", f"{spec.name}: {name}: {exc}"[:300]))
    failure = ToolResult.failure(
        "internal",
        f"{spec.name} failed: {name}: {exc}"[:300],
        retryable=False,
        user_action="This is a tool bug; retrying will not help.",
    )
    return Attempt(failure)


def protect(spec: ToolSpec, result: ToolResult) -> ToolResult:
    """Minimise and mask an envelope before the model, a checkpoint or the ledger sees it."""
    data = protect_data(result.data, spec.privacy)
    message = mask_text(result.message)
    action = mask_text(result.user_action) if result.user_action else result.user_action
    if data == result.data and message == result.message and action == result.user_action:
        return result
    return result.model_copy(update={"data": data, "message": message, "user_action": action})


def _retry_on(policy: RetryPolicy, exc: Exception) -> bool:
    retry_on = policy.retry_on
    if callable(retry_on) and not isinstance(retry_on, type):
        return bool(retry_on(exc))
    classes = retry_on if isinstance(retry_on, tuple | list) else (retry_on,)
    return isinstance(exc, tuple(classes))


def _is_async(fn: Callable[..., Any]) -> bool:
    """A coroutine function, including a partial of one or an object with an async `__call__`."""
    call = type(fn).__call__ if not inspect.isroutine(fn) else None
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(call)


class OffLoop:
    """One call of a tool or reconcile function that keeps the event loop free.

    An `async def` runs on the loop as it is. A plain function may block (file I/O, a
    synchronous HTTP client, `time.sleep`): it runs on a thread of its own, so the loop
    keeps serving (`langgraph dev` rejects blocking calls on its loop outright), with the
    caller's context variables. The thread is a daemon, not a pool worker: a function that
    never returns cannot be stopped, and it must not hold a process's exit hostage
    (`asyncio.run` and `concurrent.futures` join their workers at exit). A timeout or a
    cancellation stops the waiting, never the thread; `still_running` says so, and
    `hold_while_running` keeps a write's claim live until the thread really ends.
    """

    def __init__(self, fn: Callable[..., Any], name: str) -> None:
        self.fn = fn
        self.name = name
        self._lock = threading.Lock()
        self._started = False
        self._finished = False
        self._on_exit: list[Callable[[], None]] = []

    async def __call__(self, *args: Any) -> Any:
        """Call the function; a plain one on its own thread, awaiting what it returns."""
        if _is_async(self.fn):
            return await self.fn(*args)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        context = contextvars.copy_context()

        def settle(value: Any, error: BaseException | None) -> None:
            if answer.done():  # the caller stopped waiting: timed out or cancelled
                return
            if error is not None:
                answer.set_exception(error)
            else:
                answer.set_result(value)

        def work() -> None:
            value: Any = None
            error: BaseException | None = None
            try:
                value = context.run(self.fn, *args)
            except BaseException as exc:  # handed to the awaiting coroutine, not lost
                error = exc
            finally:
                with self._lock:
                    self._finished = True
                    on_exit = list(self._on_exit)
                for callback in on_exit:
                    callback()
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting
                loop.call_soon_threadsafe(settle, value, error)

        self._started = True
        threading.Thread(target=work, name=f"loopguard-{self.name}", daemon=True).start()
        result = await answer
        if inspect.isawaitable(result):  # a plain function that hands back a coroutine
            result = await result
        return result

    @property
    def still_running(self) -> bool:
        """True when the function's thread started and has not returned yet."""
        with self._lock:
            return self._started and not self._finished

    def hold_while_running(self, key: str) -> None:
        """Keep `key` in this process's in-flight set until the thread ends.

        The ledger then reports the claim as live, so no other attempt in this process
        reconciles it and runs it a second time while the first may still land.
        """
        with self._lock:
            if not self._started or self._finished:
                return
            hold_in_flight(key)
            self._on_exit.append(lambda: forget_in_flight(key))


async def _attempt(spec: ToolSpec, args: BaseModel, ctx: ToolContext) -> Attempt:
    call = OffLoop(spec.fn, spec.name)
    try:
        async with asyncio.timeout(spec.timeout_s):
            raw = await call(args, ctx)
    except TimeoutError:
        timed_out = ToolResult.failure(
            "timeout",
            f"{spec.name} did not answer within {spec.timeout_s:g}s",
            user_action="Try again later.",
        )
        return Attempt(timed_out, still_running=_hold(spec, ctx, call))
    except ToolError as exc:
        # The tool speaks for its backend: a retryable ToolError says trying again is safe.
        landed = exc.result.error_type in ("timeout", "unknown_outcome")
        return Attempt(protect(spec, exc.result), may_have_landed=landed)
    except GraphBubbleUp:
        # Interrupts and other control flow must reach LangGraph, or human review breaks.
        raise
    except Exception as exc:
        attempt = classify(spec, exc)
        return dataclasses.replace(attempt, result=protect(spec, attempt.result))
    except BaseException:
        _hold(spec, ctx, call)  # cancelled: the thread runs on, and so does its claim
        raise
    try:
        result = protect(spec, normalize(spec, raw))
    except Unstorable as exc:
        return Attempt(protect(spec, unusable(spec, exc, ctx)), unusable=True)
    wait = result.data.get("retry_after_s") if not result.ok else None
    return Attempt(
        result,
        float(wait) if isinstance(wait, int | float) else None,
        may_have_landed=result.error_type != "rate_limited",
    )


def _hold(spec: ToolSpec, ctx: ToolContext, call: OffLoop) -> bool:
    """After the waiting stopped: is the call's thread still running? A write's key stays live."""
    if not call.still_running:
        return False
    if spec.effect == "write" and ctx.idempotency_key:
        call.hold_while_running(ctx.idempotency_key)
    return True


class LookupFailed(Exception):
    """A reconcile lookup raised, timed out or answered with something unusable."""


async def _reconciled(spec: ToolSpec, ctx: ToolContext) -> Attempt | None:
    """What the backend knows of the key's effect: found, None (no trace), or LookupFailed.

    The lookup has the tool's timeout and runs off the loop like the tool. Whatever it
    finds proves the effect happened; one whose answer cannot be stored is the `unusable`
    failure, recorded as the receipt all the same.

    Raises:
        LookupFailed: The lookup could not answer; whether the effect happened is unknown.
    """
    if spec.reconcile is None or not ctx.idempotency_key:
        return None
    try:
        async with asyncio.timeout(spec.timeout_s):
            found = await OffLoop(spec.reconcile, f"{spec.name}-reconcile")(
                ctx.idempotency_key, ctx
            )
    except TimeoutError:
        raise LookupFailed(LOOKUP_TIMEOUT.format(seconds=spec.timeout_s)) from None
    except GraphBubbleUp:
        raise
    except Exception as exc:
        raise LookupFailed(mask_text(f"{type(exc).__name__}: {exc}"[:200])) from None
    if found is None:
        return None
    if not isinstance(found, ToolResult | Mapping):
        raise LookupFailed(LOOKUP_ANSWER.format(kind=type(found).__name__))
    try:
        return Attempt(protect(spec, normalize(spec, found)))
    except Unstorable as exc:
        return Attempt(protect(spec, unusable(spec, exc, ctx)), unusable=True)


async def _run_with_retries(
    spec: ToolSpec, args: BaseModel, ctx: ToolContext, deadline: float | None
) -> tuple[Attempt, int]:
    attempts = 0
    while True:
        attempts += 1
        attempt = await _attempt(spec, args, ctx)
        result = attempt.result
        if result.ok or not result.retryable or attempts >= spec.retry.max_attempts:
            return attempt, attempts
        if spec.effect == "write" and attempt.still_running:
            # Its thread may still land the effect: a retry or a lookup now could race it.
            # The ledger records the outcome as unknown; the claim stays live until it ends.
            running = STILL_RUNNING.format(tool=spec.name, attempt=attempts, seconds=spec.timeout_s)
            return dataclasses.replace(
                attempt, result=result.model_copy(update={"message": running})
            ), attempts
        if spec.effect == "write" and attempt.may_have_landed:
            # A write that timed out may have landed: look before trying again.
            why = f"ended with {result.error_type} ({result.message})"[:200]
            try:
                found = await _reconciled(spec, ctx)
            except LookupFailed as exc:
                # Cannot look, so cannot know: the ledger records the outcome as unknown.
                failed = LOOKUP_FAILED_RETRY.format(
                    tool=spec.name, attempt=attempts, why=why, error=exc
                )
                return dataclasses.replace(
                    attempt, result=result.model_copy(update={"message": failed})
                ), attempts
            if found is not None:
                return found, attempts
            if spec.reconcile is None and not spec.idempotent:
                # Nothing to look with: a retry could do it twice. The ledger records the
                # outcome as unknown (the envelope stays retryable), so a human decides.
                unsafe = UNSAFE_RETRY.format(tool=spec.name, attempt=attempts, why=why)
                return dataclasses.replace(
                    attempt, result=result.model_copy(update={"message": unsafe})
                ), attempts
        delay = max(backoff(spec.retry, attempts), attempt.retry_after or 0.0)
        if deadline is not None and time.monotonic() + delay >= deadline:
            return attempt, attempts
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


def unknown_outcome(
    spec: ToolSpec, args: BaseModel, key: str, claim: Claim, lookup_error: str | None = None
) -> ToolResult:
    """The facts a human needs to settle a write whose outcome cannot be known.

    Args:
        spec: The write tool.
        args: Its validated arguments.
        key: The idempotency key a human can look up in the backend.
        claim: The ledger row as it was found.
        lookup_error: Why the reconcile lookup could not answer; None when there is none.
    """
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
        lookup=(
            LOOKUP_FAILED.format(error=lookup_error)
            if lookup_error is not None
            else NO_LOOKUP.format(tool=spec.name)
        ),
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
            **({"lookup_error": lookup_error} if lookup_error is not None else {}),
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
        attempt, attempts = await _run_with_retries(spec, args, ctx, deadline)
        return Execution(attempt.result, True, attempts, time.monotonic() - start)

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
        lookup_error: str | None = None
        try:
            found = await _reconciled(spec, ctx)
        except LookupFailed as exc:
            found, lookup_error = None, str(exc)
        if found is not None:
            receipt = found.result
            await ledger.finish(key, "succeeded", receipt.model_dump(), resolution="reconciled")
            return Execution(receipt, claim.same_call, 0, time.monotonic() - start)
        resolution: Resolution
        if spec.reconcile is not None and lookup_error is None:
            resolution = "taken_over"  # the backend has no trace of the key: it never landed
        elif claim.status == "unknown" and human_approved:
            resolution = "human_approved"
        else:
            if claim.status == "in_progress":
                facts = {"claimed_at": claim.updated_at, "claimed_by": claim.owner}
                if lookup_error is not None:
                    facts["lookup_error"] = lookup_error
                await ledger.finish(key, "unknown", facts)
            unknown = unknown_outcome(spec, args, key, claim, lookup_error)
            return Execution(unknown, False, 0, time.monotonic() - start)
        if await ledger.take_over(key, claim, call_id=call_id, resolution=resolution):
            break
        # Someone changed the row between our look and our take-over: look again.

    _maybe_crash(spec.name, CRASH_BEFORE_EFFECT_ENV)
    try:
        attempt, attempts = await _run_with_retries(spec, args, ctx, deadline)
    except BaseException:
        # Cancelled mid-effect: the row stays in_progress, and since no live process owns it
        # any more (unless a worker thread still runs it: `OffLoop`), the next attempt
        # reconciles instead of waiting for it.
        forget_in_flight(key)
        raise
    _maybe_crash(spec.name)
    result = attempt.result
    if result.ok or attempt.unusable:
        # An unusable answer still means the tool returned: the effect is done and must
        # never run again, so the row says succeeded, and its receipt is the failure that
        # tells the model, a replay and a human that the result could not be kept.
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
