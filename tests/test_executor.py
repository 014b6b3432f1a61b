"""execute: timeouts, bounded retries, business failures and exceptions all become envelopes.

The executor is exercised directly with tiny ToolSpecs (attempts counted inside the tool),
then through the graph with a small test domain, where a failing tool must end the run with
a stop reason and a ToolMessage, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import BaseMessage, ToolMessage
from langchain_core.outputs import ChatResult
from langgraph.types import RetryPolicy
from pydantic import BaseModel, ConfigDict

from checkpoints.ledger import Ledger
from graph.context import Context
from graph.graph import compile_graph
from graph.state import InputState
from nodes.executor.run import Execution, backoff, execute_call
from tests.conftest import Harness, assert_valid_history
from tests.fakes import tool_context
from tests.test_models_e2e import LoopingChatModel
from tools.contract import (
    ToolContext,
    ToolError,
    ToolResult,
    ToolSpec,
    TransientToolError,
    default_business_check,
)
from tools.domain import Budget, Domain, IntentSpec, Step
from tools.registry import ToolRegistry
from tools.store import audit, run_in_store

FAST = RetryPolicy(initial_interval=0.001, backoff_factor=2.0, max_interval=0.01, max_attempts=3)


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str = "k"


class Counter:
    """A tool whose behaviour per attempt is scripted; counts every real entry."""

    def __init__(self, *outcomes: Any) -> None:
        self.outcomes = list(outcomes)
        self.calls = 0

    async def __call__(self, args: Args, ctx: ToolContext) -> Any:
        self.calls += 1
        outcome = self.outcomes[min(self.calls, len(self.outcomes)) - 1]
        if isinstance(outcome, BaseException):
            raise outcome
        if isinstance(outcome, float):
            await asyncio.sleep(outcome)
            return {"success": True, "slept": outcome}
        return outcome


def spec(fn: Any, **kw: Any) -> ToolSpec:
    defaults: dict[str, Any] = {"timeout_s": 1.0, "retry": FAST}
    return ToolSpec(
        name="t",
        namespace="test",
        description="test tool",
        args_model=Args,
        fn=fn,
        **(defaults | kw),
    )


async def run(tool: ToolSpec, tmp_path: Path, **kw: Any) -> Execution:
    return await execute_call(tool, Args(), tool_context(tmp_path), ledger=None, **kw)


# --- timeouts and retries -----------------------------------------------------------------------


async def test_per_tool_timeout_becomes_a_timeout_envelope(tmp_path: Path) -> None:
    tool = Counter(5.0)
    out = await run(spec(tool, timeout_s=0.02, retry=FAST._replace(max_attempts=1)), tmp_path)

    assert out.result.ok is False
    assert out.result.error_type == "timeout"
    assert out.result.retryable is True
    assert "0.02s" in out.result.message
    assert out.attempts == tool.calls == 1
    assert out.executed is True


async def test_timeouts_are_retried_up_to_max_attempts(tmp_path: Path) -> None:
    tool = Counter(5.0, 5.0, 0.0)
    out = await run(spec(tool, timeout_s=0.02), tmp_path)
    assert out.result.ok is True
    assert out.attempts == tool.calls == 3


async def test_transient_errors_are_retried_then_succeed(tmp_path: Path) -> None:
    tool = Counter(TransientToolError("503"), ConnectionError("reset"), {"success": True, "v": 1})
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is True
    assert out.result.data == {"v": 1}
    assert out.attempts == tool.calls == 3


async def test_transient_retries_are_bounded(tmp_path: Path) -> None:
    tool = Counter(TransientToolError("still down"))
    out = await run(spec(tool, retry=FAST._replace(max_attempts=4)), tmp_path)

    assert out.result.ok is False
    assert out.result.error_type == "transient"
    assert out.result.retryable is True
    assert out.attempts == tool.calls == 4


async def test_retries_stop_at_the_run_deadline(tmp_path: Path) -> None:
    tool = Counter(TransientToolError("down"))
    out = await run(spec(tool), tmp_path, deadline=time.monotonic())
    assert out.attempts == tool.calls == 1


@pytest.mark.parametrize(
    "error",
    [
        ToolError("business", "card declined"),
        ToolError("permission", "not your account"),
        ToolError("not_found", "no such order"),
    ],
)
async def test_permanent_errors_are_not_retried(tmp_path: Path, error: ToolError) -> None:
    tool = Counter(error)
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is False
    assert out.result.retryable is False
    assert out.result.error_type == error.result.error_type
    assert out.attempts == tool.calls == 1


def test_backoff_grows_exponentially_and_is_capped() -> None:
    policy = RetryPolicy(initial_interval=0.1, backoff_factor=2.0, max_interval=0.5, jitter=False)
    assert [backoff(policy, n) for n in range(1, 6)] == pytest.approx([0.1, 0.2, 0.4, 0.5, 0.5])


def test_backoff_jitter_stays_bounded() -> None:
    policy = RetryPolicy(initial_interval=0.1, backoff_factor=2.0, max_interval=0.5, jitter=True)
    for attempt in range(1, 8):
        base = min(0.5, 0.1 * 2 ** (attempt - 1))
        for _ in range(50):
            assert base <= backoff(policy, attempt) <= base + min(1.0, base)


# --- business failures and exceptions -----------------------------------------------------------


async def test_http_200_with_success_false_is_a_failure(tmp_path: Path) -> None:
    payload = {
        "success": False,
        "code": "QUOTA_EXCEEDED",
        "message": "daily quota exceeded",
        "user_action": "Try again tomorrow.",
    }
    tool = Counter(payload)
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is False
    assert out.result.error_type == "business"
    assert out.result.retryable is False
    assert out.result.message == "daily quota exceeded"
    assert out.result.user_action == "Try again tomorrow."
    assert out.result.data == {"code": "QUOTA_EXCEEDED"}
    assert out.attempts == tool.calls == 1


@pytest.mark.parametrize(
    ("payload", "error_type", "retryable"),
    [
        ({"success": False, "code": "ORDER_NOT_FOUND"}, "not_found", False),
        ({"ok": False, "error": "bad"}, "business", False),
        ({"status_code": 404, "message": "nope"}, "business", False),
        ({"status_code": 429, "message": "slow down"}, "rate_limited", True),
        ({"status_code": 503, "message": "down"}, "unavailable", True),
    ],
)
def test_business_check_reads_failure_shapes(
    payload: dict[str, Any], error_type: str, retryable: bool
) -> None:
    result = default_business_check(payload)
    assert result is not None
    assert result.error_type == error_type
    assert result.retryable is retryable


def test_business_check_passes_real_successes() -> None:
    assert default_business_check({"success": True, "rows": []}) is None
    assert default_business_check({"status_code": 200, "rows": []}) is None


async def test_a_success_shaped_5xx_is_retried(tmp_path: Path) -> None:
    tool = Counter({"status_code": 503, "message": "down"}, {"success": True})
    out = await run(spec(tool), tmp_path)
    assert out.result.ok is True
    assert out.attempts == tool.calls == 2


@pytest.mark.parametrize("exc", [RuntimeError("boom"), KeyError("x"), ZeroDivisionError()])
async def test_a_raising_tool_becomes_an_envelope(tmp_path: Path, exc: Exception) -> None:
    tool = Counter(exc)
    out = await run(spec(tool), tmp_path)

    assert out.result.ok is False
    assert out.result.error_type == "internal"
    assert out.result.retryable is False
    assert type(exc).__name__ in out.result.message
    assert "Traceback" not in out.result.to_content()
    assert out.attempts == tool.calls == 1


async def test_a_non_mapping_answer_is_an_internal_error(tmp_path: Path) -> None:
    out = await run(spec(Counter(["not", "a", "mapping"])), tmp_path)
    assert out.result.error_type == "internal"
    assert "expected a mapping" in out.result.message


async def test_success_payload_becomes_data_without_the_flag(tmp_path: Path) -> None:
    out = await run(spec(Counter({"success": True, "rows": 2})), tmp_path)
    assert out.result == ToolResult.success({"rows": 2})


async def test_a_write_claimed_twice_runs_once_and_returns_the_receipt(tmp_path: Path) -> None:
    tool = Counter({"success": True, "record_id": "r1"})
    write = spec(tool, effect="write", idempotent=False)
    ledger = Ledger(tmp_path / "agent.sqlite")

    first = await execute_call(write, Args(), tool_context(tmp_path, "idem_1"), ledger=ledger)
    second = await execute_call(write, Args(), tool_context(tmp_path, "idem_1"), ledger=ledger)

    assert (first.executed, second.executed) == (True, False)
    assert second.result == first.result
    assert tool.calls == 1
    rows = await ledger.rows("th")
    assert [(r["status"], r["attempts"]) for r in rows] == [("succeeded", 1)]


# --- through the graph ----------------------------------------------------------------------------


class NoSlots(BaseModel):
    pass


def _audited(name: str, answer: Any) -> Any:
    async def fn(args: Args, ctx: ToolContext) -> Any:
        def work(conn: sqlite3.Connection) -> None:
            audit(conn, name, ctx.user_id, args.model_dump())

        await run_in_store(ctx.store_path, "", work)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    return fn


def _tool(name: str, answer: Any) -> ToolSpec:
    return ToolSpec(
        name=name,
        namespace="test",
        description=f"{name} test tool",
        args_model=Args,
        fn=_audited(name, answer),
        retry=FAST,
        intents=frozenset({name}),
    )


def _intent(name: str) -> IntentSpec:
    def extract(text: str, today: date) -> dict[str, Any] | None:
        return {} if name in text else None

    return IntentSpec(
        name=name,
        description=f"run {name}",
        extract=extract,
        slots_model=NoSlots,
        steps=(Step(name=f"{name}_done", tool=name, args=lambda s: {"key": "k"}),),
        budget=Budget(max_rounds=4, max_calls=4),
    )


NAMES = ("explode", "quota", "flaky")
DOMAIN = Domain(
    name="executor-test",
    tools=ToolRegistry(
        [
            _tool("explode", RuntimeError("backend exploded")),
            _tool("quota", {"success": False, "code": "QUOTA", "message": "quota exceeded"}),
            _tool("flaky", ConnectionError("connection reset")),
        ]
    ),
    intents=tuple(_intent(n) for n in NAMES),
)
SPEC = "tests.test_executor:DOMAIN"


def _no_traceback(messages: list[BaseMessage]) -> None:
    for m in messages:
        assert "Traceback" not in str(m.content)


async def test_a_raising_tool_ends_the_run_with_tool_failed(harness: Harness) -> None:
    out = await harness.run("please explode", domain=SPEC)
    state = await harness.state(out["thread_id"])

    assert out["stop_reason"] == "tool_failed"
    assert out["checklist"] == {"explode_done": False}
    assert harness.executions("explode") == 1, "a tool bug is not retried"
    answers = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    assert [m.status for m in answers] == ["error"]
    assert "backend exploded" in str(answers[0].content)
    _no_traceback(list(state["messages"]))
    assert_valid_history(list(state["messages"]))


async def test_a_business_failure_does_not_tick_the_checklist(harness: Harness) -> None:
    out = await harness.run("check quota", domain=SPEC)

    assert out["stop_reason"] == "tool_failed"
    assert out["checklist"] == {"quota_done": False}
    assert out["tool_calls"][0]["outcome"] == "business"
    assert "quota exceeded" in out["answer"]
    assert harness.executions("quota") == 1


async def test_transient_failures_are_retried_inside_one_call(harness: Harness) -> None:
    out = await harness.run("flaky please", domain=SPEC)
    state = await harness.state(out["thread_id"])

    # Each proposed call is retried up to max_attempts; the guard allows one more identical
    # call after a failure: 2 calls x 3 attempts, never more. The step's call then failed
    # for good, so the run ends naming the failure (under the `model` policy the model is
    # asked once more, its third identical call is blocked, and the run ends no_progress).
    assert harness.executions("flaky") == 2 * FAST.max_attempts
    assert out["stop_reason"] == "tool_failed"
    assert out["checklist"] == {"flaky_done": False}
    executed = [c for c in out["tool_calls"] if c["executed"]]
    assert [c["outcome"] for c in executed] == ["transient", "transient"]
    assert "flaky: ConnectionError: connection reset" in out["answer"]
    _no_traceback(list(state["messages"]))

    alone = await harness.run("flaky please", domain=SPEC, step_policy="model")
    assert alone["stop_reason"] == "no_progress"
    assert [c["verdict"] for c in alone["tool_calls"]] == ["run", "run", "blocked"]
    assert harness.executions("flaky") == 2 * 2 * FAST.max_attempts


class RaisingChatModel(LoopingChatModel):
    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        self.turns += 1
        msg = "provider returned 500"
        raise ConnectionError(msg)


async def test_a_raising_model_ends_with_model_error(harness: Harness) -> None:
    model = RaisingChatModel(policy=lambda turn, tools: None)
    out = await harness.run("please explode", model, domain=SPEC)

    assert out["stop_reason"] == "model_error"
    assert out["status"] == "stopped"
    assert model.turns >= 1
    assert harness.executions() == 0
    assert "model could not be called" in out["answer"]
    assert "provider returned 500" in out["answer"]


async def test_an_unknown_model_name_in_the_graph_is_a_model_error(tmp_path: Path) -> None:
    # Studio passes the context straight to the graph, without the CLI's up-front check.
    context = Context(
        model="scripted:no-such-behaviour",
        db=str(tmp_path / "agent.sqlite"),
        store=str(tmp_path / "business.sqlite"),
    )
    final = await compile_graph().ainvoke(
        InputState(messages=[("user", "where is order 10086")]), context=context
    )
    assert final["stop_reason"] == "model_error"
    assert "no-such-behaviour" in final["answer"]


# --- plain functions run off the event loop -------------------------------------------------------


async def test_a_plain_function_runs_on_its_own_thread_and_the_loop_stays_free(
    tmp_path: Path,
) -> None:
    """The tool blocks until a coroutine on the loop releases it: on the loop it never would."""
    import contextvars
    import threading

    released = threading.Event()
    seen: dict[str, Any] = {}
    caller: contextvars.ContextVar[str] = contextvars.ContextVar("caller", default="")

    def blocking(args: Args, ctx: ToolContext) -> dict[str, Any]:
        seen["thread"] = threading.current_thread()
        seen["caller"] = caller.get()
        seen["released"] = released.wait(timeout=60)
        return {"success": True, "thread": threading.current_thread().name}

    async def release_soon() -> None:
        released.set()

    caller.set("alice")
    loop_thread = threading.current_thread()
    out, _ = await asyncio.gather(
        run(spec(blocking, timeout_s=120.0), tmp_path), asyncio.create_task(release_soon())
    )
    assert out.result.ok, out.result
    assert seen["released"] is True, "the loop ran while the tool blocked"
    assert seen["thread"] is not loop_thread
    assert out.result.data == {"thread": "loopguard-t"}
    assert seen["caller"] == "alice", "context variables reach the thread"


async def test_a_plain_function_raising_is_classified_like_an_async_one(tmp_path: Path) -> None:
    def refused(args: Args, ctx: ToolContext) -> dict[str, Any]:
        raise ConnectionRefusedError("no route")

    out = await run(spec(refused, retry=FAST._replace(max_attempts=1)), tmp_path)
    assert (out.result.error_type, out.result.retryable) == ("transient", True)
    assert "ConnectionRefusedError" in out.result.message


async def test_a_plain_write_that_outlives_its_timeout_is_not_run_twice(tmp_path: Path) -> None:
    """The thread cannot be stopped: no retry races it, and its claim stays live until it ends."""
    import threading

    released = threading.Event()
    landed: list[str] = []
    entered = 0

    def slow_write(args: Args, ctx: ToolContext) -> dict[str, Any]:
        nonlocal entered
        entered += 1
        released.wait(timeout=60)
        landed.append(str(ctx.idempotency_key))
        return {"success": True, "record_id": "r1"}

    def lookup(key: str, ctx: ToolContext) -> ToolResult | None:
        return ToolResult.success({"record_id": "r1"}) if key in landed else None

    write = spec(slow_write, effect="write", idempotent=False, reconcile=lookup, timeout_s=1.0)
    polled = asyncio.Event()

    class WatchedLedger(Ledger):
        async def claim(self, key: str, **kw: Any) -> Any:
            found = await super().claim(key, **kw)
            if found.owner_alive:
                polled.set()
            return found

    ledger = WatchedLedger(tmp_path / "agent.sqlite")
    first = await execute_call(write, Args(), tool_context(tmp_path, "idem_s"), ledger=ledger)
    assert (first.result.error_type, first.attempts) == ("timeout", 1)
    assert "still running on a worker thread" in first.result.message
    assert entered == 1, "not retried while the first attempt may still land"
    assert [r["status"] for r in await ledger.rows("th")] == ["unknown"]

    second = asyncio.create_task(
        execute_call(write, Args(), tool_context(tmp_path, "idem_s"), ledger=ledger, call_id="c2")
    )
    await polled.wait()  # it found the claim live, and waits instead of taking it over
    assert entered == 1
    released.set()
    again = await second
    assert again.result.ok
    assert again.result.data == {"record_id": "r1"}
    assert entered == 1, "the effect that landed late was found, not run again"
    row = (await ledger.rows("th"))[0]
    assert (row["status"], row["resolution"]) == ("succeeded", "reconciled")


async def test_a_reconcile_lookup_that_hangs_counts_as_failed(tmp_path: Path) -> None:
    hang = asyncio.Event()

    async def lookup(key: str, ctx: ToolContext) -> ToolResult | None:
        await hang.wait()
        return None

    tool = Counter(ConnectionResetError("reset"))
    write = spec(tool, effect="write", idempotent=False, reconcile=lookup, timeout_s=0.05)
    ledger = Ledger(tmp_path / "agent.sqlite")
    out = await execute_call(write, Args(), tool_context(tmp_path, "idem_h"), ledger=ledger)
    assert tool.calls == 1, "cannot look, so not retried"
    assert "its reconcile lookup failed (did not answer within 0.05s)" in out.result.message
    assert [r["status"] for r in await ledger.rows("th")] == ["unknown"]


def test_a_plain_function_that_never_returns_does_not_keep_the_cli_alive(tmp_path: Path) -> None:
    """Its thread cannot be stopped, but it is a daemon: the run ends, and so does the process.

    Pool workers (`asyncio.to_thread`) are joined when `asyncio.run` ends, so the CLI would
    wait for the tool for ever; the fuse below is the subprocess timeout.
    """
    from tests.crashkit import Workdir

    w = Workdir(tmp_path)
    proc = w.cli("run", "hang", "--domain", "tests.studio_blocking_domain:DOMAIN", "--json")
    assert proc.returncode == 3, proc.stderr  # stopped without completing
    out = json.loads(proc.stdout)
    assert out["status"] == "stopped"
    assert out["stop_reason"] in ("tool_failed", "no_progress")
    assert {c["outcome"] for c in out["tool_calls"] if c["executed"]} == {"timeout"}
    assert 1 <= w.audit()["hang"] <= 2, "one call, and at most the one retry the guard allows"
