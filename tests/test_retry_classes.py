"""Retry classes: what is retried (and how long it waits), what is not, and writes that timed out.

Every test counts attempts inside the tool itself. Exceptions are the real ones client
libraries raise (httpx, requests) or the builtins, so the classification is shown on what a
tool would really see.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
from langgraph.types import RetryPolicy
from pydantic import BaseModel, ConfigDict

from checkpoints.ledger import Ledger
from nodes.executor.run import Execution, execute_call
from tests.fakes import tool_context
from tools.contract import ToolContext, ToolError, ToolResult, ToolSpec, TransientToolError

FAST = RetryPolicy(initial_interval=0.001, backoff_factor=2.0, max_interval=0.005, max_attempts=3)
REQUEST = httpx.Request("GET", "https://backend.example/api")


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str = "k"


def http_error(status: int, headers: dict[str, str] | None = None) -> httpx.HTTPStatusError:
    response = httpx.Response(status, headers=headers, request=REQUEST)
    return httpx.HTTPStatusError(f"HTTP {status}", request=REQUEST, response=response)


class Tool:
    """Fails with `failure` for the first `failures` attempts, then succeeds; counts attempts."""

    def __init__(self, failure: Any, failures: int = 10**6) -> None:
        self.failure = failure
        self.failures = failures
        self.calls = 0

    async def __call__(self, args: Args, ctx: ToolContext) -> Any:
        self.calls += 1
        if self.calls <= self.failures:
            if isinstance(self.failure, BaseException):
                raise self.failure
            if callable(self.failure):
                return await self.failure(ctx)
            return self.failure
        return {"success": True, "attempt": self.calls}


def spec(fn: Any, **kw: Any) -> ToolSpec:
    defaults: dict[str, Any] = {"timeout_s": 0.05, "retry": FAST}
    return ToolSpec(
        name="t", namespace="test", description="test", args_model=Args, fn=fn, **(defaults | kw)
    )


async def run(tool: ToolSpec, tmp_path: Path, **kw: Any) -> Execution:
    return await execute_call(tool, Args(), tool_context(tmp_path), ledger=None, **kw)


async def write(tool: ToolSpec, tmp_path: Path, key: str = "idem_1") -> Execution:
    ledger = Ledger(tmp_path / "agent.sqlite")
    return await execute_call(
        tool, Args(), tool_context(tmp_path, key), ledger=ledger, call_id="c1"
    )


async def _hang(ctx: ToolContext) -> Any:
    await asyncio.sleep(5)


def _requests_error(kind: type[requests.RequestException]) -> requests.RequestException:
    return kind("backend unreachable")


# --- transient: retried with backoff ------------------------------------------------------------

TRANSIENT: list[tuple[str, Any, str]] = [
    ("per-attempt timeout", _hang, "timeout"),
    ("TimeoutError raised", TimeoutError("read timed out"), "timeout"),
    ("httpx.ReadTimeout", httpx.ReadTimeout("slow", request=REQUEST), "timeout"),
    ("requests Timeout", _requests_error(requests.exceptions.ReadTimeout), "timeout"),
    ("httpx.ConnectError", httpx.ConnectError("refused", request=REQUEST), "transient"),
    ("ConnectionResetError", ConnectionResetError("reset by peer"), "transient"),
    ("requests ConnectionError", _requests_error(requests.ConnectionError), "transient"),
    ("HTTP 408", http_error(408), "timeout"),
    ("HTTP 429", http_error(429), "rate_limited"),
    ("HTTP 500", http_error(500), "unavailable"),
    ("HTTP 502", http_error(502), "unavailable"),
    ("HTTP 503", http_error(503), "unavailable"),
    ("HTTP 504", http_error(504), "unavailable"),
    ("200 carrying 503", {"status_code": 503, "message": "down"}, "unavailable"),
    ("200 carrying 429", {"status_code": 429, "message": "slow down"}, "rate_limited"),
    ("TransientToolError", TransientToolError("queue full"), "transient"),
]


@pytest.mark.parametrize(("case", "failure", "kind"), TRANSIENT, ids=[c[0] for c in TRANSIENT])
async def test_transient_failures_are_retried_then_succeed(
    tmp_path: Path, case: str, failure: Any, kind: str
) -> None:
    tool = Tool(failure, failures=2)
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is True, case
    assert out.attempts == tool.calls == 3


@pytest.mark.parametrize(("case", "failure", "kind"), TRANSIENT, ids=[c[0] for c in TRANSIENT])
async def test_transient_failures_stop_at_max_attempts(
    tmp_path: Path, case: str, failure: Any, kind: str
) -> None:
    tool = Tool(failure)
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is False
    assert out.result.error_type == kind, case
    assert out.result.retryable is True
    assert out.attempts == tool.calls == FAST.max_attempts


# --- permanent: answered at once -----------------------------------------------------------------

PERMANENT: list[tuple[str, Any, str]] = [
    ("HTTP 400", http_error(400), "validation"),
    ("HTTP 422", http_error(422), "validation"),
    ("HTTP 401", http_error(401), "permission"),
    ("HTTP 403", http_error(403), "permission"),
    ("HTTP 404", http_error(404), "not_found"),
    ("HTTP 410", http_error(410), "not_found"),
    ("HTTP 409", http_error(409), "conflict"),
    ("HTTP 418", http_error(418), "business"),
    ("HTTP 501", http_error(501), "internal"),
    ("PermissionError", PermissionError("read-only account"), "permission"),
    ("backend ValidationError", None, "validation"),
    ("200 carrying 403", {"status_code": 403, "message": "forbidden"}, "permission"),
    ("200 with success false", {"success": False, "code": "LIMIT"}, "business"),
    ("ToolError business", ToolError("business", "card declined"), "business"),
    ("ValueError (a tool bug)", ValueError("bad math"), "internal"),
]


def _validation_error() -> Exception:
    try:
        Args.model_validate({"key": 1})
    except Exception as exc:
        return exc
    raise AssertionError("expected a ValidationError")


@pytest.mark.parametrize(("case", "failure", "kind"), PERMANENT, ids=[c[0] for c in PERMANENT])
async def test_permanent_failures_are_not_retried(
    tmp_path: Path, case: str, failure: Any, kind: str
) -> None:
    tool = Tool(failure if failure is not None else _validation_error())
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is False
    assert out.result.error_type == kind, case
    assert out.result.retryable is False
    assert out.attempts == tool.calls == 1
    assert "Traceback" not in out.result.to_content()


# --- how long it waits ---------------------------------------------------------------------------


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every delay the executor asks for, without actually waiting it."""
    asked: list[float] = []
    real_sleep = asyncio.sleep

    async def fake_sleep(delay: float, *args: Any) -> None:
        asked.append(delay)
        await real_sleep(0)

    monkeypatch.setattr("nodes.executor.run.asyncio.sleep", fake_sleep)
    return asked


async def test_backoff_is_exponential_capped_and_jittered(
    tmp_path: Path, waits: list[float]
) -> None:
    policy = RetryPolicy(initial_interval=0.1, backoff_factor=2.0, max_interval=0.3, max_attempts=5)
    tool = Tool(http_error(503))
    out = await run(spec(tool, retry=policy), tmp_path)

    assert out.attempts == tool.calls == 5
    assert len(waits) == 4, "a wait between attempts, none after the last"
    for attempt, delay in enumerate(waits, start=1):
        base = min(0.3, 0.1 * 2 ** (attempt - 1))
        assert base <= delay <= base + min(1.0, base), (attempt, delay)


async def test_a_429_waits_at_least_what_retry_after_asks(
    tmp_path: Path, waits: list[float]
) -> None:
    tool = Tool(http_error(429, {"Retry-After": "2"}), failures=1)
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is True
    assert out.attempts == tool.calls == 2
    assert waits == [2.0] or waits[0] >= 2.0


async def test_no_retry_waits_past_the_runs_remaining_budget(
    tmp_path: Path, waits: list[float]
) -> None:
    loop_time = asyncio.get_running_loop().time  # the same monotonic clock
    tool = Tool(http_error(429, {"Retry-After": "30"}))
    out = await run(
        spec(tool, retry=FAST._replace(max_attempts=5)), tmp_path, deadline=loop_time() + 5
    )

    assert out.attempts == tool.calls == 1, "waiting 30s would pass the 5s left"
    assert out.result.error_type == "rate_limited"
    assert waits == []


async def test_retries_end_when_the_budget_would_run_out(tmp_path: Path) -> None:
    policy = RetryPolicy(
        initial_interval=0.2, backoff_factor=2.0, max_interval=10, max_attempts=10, jitter=False
    )
    loop_time = asyncio.get_running_loop().time
    tool = Tool(ConnectionResetError("reset"))
    out = await run(spec(tool, retry=policy), tmp_path, deadline=loop_time() + 0.5)

    # Waits of 0.2 s then 0.4 s: the second would end after the 0.5 s left, so it is skipped.
    assert out.attempts == tool.calls == 2


# --- writes that timed out ----------------------------------------------------------------------


class Backend:
    """A backend that keys writes by idempotency key, so a lookup can find a landed write."""

    def __init__(self) -> None:
        self.rows: dict[str, dict[str, Any]] = {}
        self.lookups = 0

    def writer(self) -> Tool:
        """Lands the write on its first attempt, then never answers in time."""

        async def land_then_hang(ctx: ToolContext) -> Any:
            self.rows[str(ctx.idempotency_key)] = {"record_id": f"r{len(self.rows) + 1}"}
            await asyncio.sleep(5)

        return Tool(land_then_hang, failures=1)

    def reconcile(self) -> Callable[[str, ToolContext], Any]:
        async def lookup(key: str, ctx: ToolContext) -> ToolResult | None:
            self.lookups += 1
            row = self.rows.get(key)
            return ToolResult.success(row) if row else None

        return lookup


async def test_a_write_that_timed_out_after_landing_is_reconciled_not_retried(
    tmp_path: Path,
) -> None:
    backend = Backend()
    tool = backend.writer()
    out = await write(
        spec(tool, effect="write", idempotent=False, reconcile=backend.reconcile()), tmp_path
    )

    assert out.result.ok is True
    assert out.result.data == {"record_id": "r1"}
    assert tool.calls == 1, "found by the lookup: never sent again"
    assert backend.lookups == 1
    assert len(backend.rows) == 1
    rows = await Ledger(tmp_path / "agent.sqlite").rows("th")
    assert [r["status"] for r in rows] == ["succeeded"]


async def test_a_write_that_timed_out_before_landing_is_retried_after_the_lookup(
    tmp_path: Path,
) -> None:
    backend = Backend()

    async def hang_first(ctx: ToolContext) -> Any:
        await asyncio.sleep(5)

    tool = Tool(hang_first, failures=1)
    out = await write(
        spec(tool, effect="write", idempotent=False, reconcile=backend.reconcile()), tmp_path
    )
    assert out.result.ok is True
    assert tool.calls == 2
    assert backend.lookups == 1, "looked before the retry, found nothing"


async def test_a_non_idempotent_write_without_lookup_is_not_retried_blindly(
    tmp_path: Path,
) -> None:
    tool = Tool(_hang)
    first = await write(spec(tool, effect="write", idempotent=False), tmp_path)

    assert tool.calls == first.attempts == 1
    assert first.result.error_type == "timeout"
    assert "not retried blindly" in first.result.message
    rows = await Ledger(tmp_path / "agent.sqlite").rows("th")
    assert [r["status"] for r in rows] == ["unknown"]

    again = await write(spec(tool, effect="write", idempotent=False), tmp_path)
    assert again.result.error_type == "unknown_outcome", "a human decides, the tool is not re-run"
    assert tool.calls == 1


@pytest.mark.parametrize(
    "failure",
    [http_error(429), ConnectionRefusedError("refused"), TransientToolError("queue full")],
    ids=["429", "connection refused", "tool says transient"],
)
async def test_a_write_that_certainly_did_not_land_is_retried(tmp_path: Path, failure: Any) -> None:
    tool = Tool(failure, failures=1)
    out = await write(spec(tool, effect="write", idempotent=False), tmp_path)
    assert out.result.ok is True
    assert tool.calls == out.attempts == 2


async def test_an_idempotent_write_is_retried_after_a_timeout(tmp_path: Path) -> None:
    tool = Tool(_hang, failures=1)
    out = await write(spec(tool, effect="write", idempotent=True), tmp_path)
    assert out.result.ok is True
    assert tool.calls == out.attempts == 2
