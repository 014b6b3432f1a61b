"""Long-running tools: submit returns a job id, polls follow the tool's interval and deadline.

"Still processing" answered again and again within the deadline is waiting, not a loop: the
example report job answers it four times (more than the stall limit) and completes. Polling a
job id that does not exist is a loop, and is stopped. Intervals are checked on the times the
backend recorded for each poll (a lower bound the executor guarantees), never on a clock in
the test.
"""

from __future__ import annotations

import dataclasses
import itertools
from datetime import datetime
from typing import Any

from langchain_core.messages import ToolMessage

from graph.state import FingerprintStats
from nodes.common import Task
from nodes.guard import judge_call
from tests.conftest import Harness
from tests.test_models_e2e import LoopingChatModel
from tools.domain import Domain
from tools.examples import DOMAIN, POLLS_TO_FINISH, REGISTRY
from tools.registry import ToolRegistry
from tools.store import connect

REPORT = "generate my monthly report"
UNKNOWN_JOB = "check on report job J-999"
STATUS = REGISTRY.get("get_job_status")
assert STATUS is not None
assert STATUS.poll is not None
INTERVAL = STATUS.poll.interval_s
DEADLINE = STATUS.poll.deadline_s

SLOW_INTERVAL_S = 30.0
SLOW_POLLS = Domain(
    name="slow-polls",
    tools=ToolRegistry(
        [
            dataclasses.replace(
                spec, poll=dataclasses.replace(STATUS.poll, interval_s=SLOW_INTERVAL_S)
            )
            if spec.name == "get_job_status"
            else spec
            for spec in REGISTRY
        ]
    ),
    intents=DOMAIN.intents,
    role_permissions=DOMAIN.role_permissions,
)
"""The example domain with a job service that asks for 30 s between polls."""


def poll_times(store: str, tool: str = "get_job_status") -> list[float]:
    """When the backend saw each poll (its own clock, millisecond resolution)."""
    conn = connect(store)
    try:
        rows = conn.execute("SELECT at FROM tool_audit WHERE tool = ? ORDER BY id", (tool,))
        return [datetime.fromisoformat(r[0].replace("Z", "+00:00")).timestamp() for r in rows]
    finally:
        conn.close()


async def test_a_job_is_polled_at_its_interval_until_done(harness: Harness) -> None:
    out = await harness.run(REPORT)

    assert out["stop_reason"] == "completed"
    assert harness.executions("submit_report") == 1
    assert harness.executions("get_job_status") == POLLS_TO_FINISH
    times = poll_times(harness.store)
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert len(gaps) == POLLS_TO_FINISH - 1
    # The backend's timestamps have millisecond resolution.
    assert all(gap >= INTERVAL - 0.002 for gap in gaps), (gaps, INTERVAL)
    polls = [c for c in out["tool_calls"] if c["name"] == "get_job_status"]
    assert len({str(c["args"]) for c in polls}) == 1, "the same identical call each time"
    assert all(c["verdict"] == "run" for c in polls), "waiting is never blocked"
    assert "done" in out["answer"]


async def test_waiting_polls_are_traced_as_polls_not_repeats(harness: Harness) -> None:
    from graph.runner import show_thread

    out = await harness.run(REPORT)
    shown = await show_thread(out["thread_id"], db=harness.db)
    repeats = [
        r["repeat"]
        for r in shown["trace"]
        if r["kind"] == "execution" and r["tool"] == "get_job_status"
    ]
    assert repeats == [None] + ["poll"] * (POLLS_TO_FINISH - 1)
    assert out["usage"]["rounds"] > 3, "more rounds than the stall limit allows idle ones"


async def test_a_poll_whose_interval_outlasts_the_budget_is_not_sent(harness: Harness) -> None:
    out = await harness.run(REPORT, domain="tests.test_polling:SLOW_POLLS", max_seconds=5.0)

    assert harness.executions("get_job_status") == 1, "the second poll was never sent"
    polls = [c for c in out["tool_calls"] if c["name"] == "get_job_status"]
    assert [c["outcome"] for c in polls] == ["ok", "timeout"]
    assert out["status"] == "stopped"
    state = await harness.state(out["thread_id"])
    answers = [str(m.content) for m in state["messages"] if isinstance(m, ToolMessage)]
    assert "interval 30s" in answers[-1]
    assert "not polled" in answers[-1]


async def test_an_unknown_job_polled_again_and_again_is_stopped(harness: Harness) -> None:
    out = await harness.run(UNKNOWN_JOB, "scripted:repeat")

    assert harness.executions("get_job_status") == 2, "one retry after the failure, no more"
    assert out["stop_reason"] == "no_progress"
    verdicts = [c["verdict"] for c in out["tool_calls"]]
    assert verdicts[:2] == ["run", "run"]
    assert set(verdicts[2:]) <= {"blocked", "stopped"}


async def test_a_model_that_polls_an_unknown_job_forever_is_stopped(harness: Harness) -> None:
    model = LoopingChatModel(policy=lambda turn, tools: ("get_job_status", {"job_id": "J-404"}))
    out = await harness.run(UNKNOWN_JOB, model)

    assert harness.executions("get_job_status") == 2
    assert out["status"] == "stopped"
    assert model.turns <= 5


async def test_an_unknown_job_with_a_sensible_model_fails_once(harness: Harness) -> None:
    out = await harness.run(UNKNOWN_JOB)
    assert harness.executions("get_job_status") == 1
    assert out["stop_reason"] == "tool_failed"
    assert "no job J-999" in out["answer"]


# --- the guard's side of polling, judged directly ----------------------------------------------

NOW = 2_000_000.0


def _judge(fingerprints: dict[str, FingerprintStats], now: float, strikes: dict[str, int]) -> Any:
    intent = DOMAIN.intent("job_status")
    return judge_call(
        {"id": "c", "name": "get_job_status", "args": {"job_id": "J-1"}},
        task=Task(DOMAIN, intent, intent.budget),
        offered=["get_job_status"],
        fingerprints=fingerprints,
        strikes=strikes,
        write_epoch=0,
        now=now,
    )


def _processing(first_at: float, polls: int) -> dict[str, FingerprintStats]:
    fp = _judge({}, NOW, {}).fingerprint
    return {
        fp: {
            "tool": "get_job_status",
            "executions": polls,
            "failures": 0,
            "successes": polls,
            "epoch": 0,
            "result": {"ok": True, "data": {"job_id": "J-1", "status": "processing"}},
            "first_at": first_at,
        }
    }


def test_still_processing_within_the_deadline_is_polled_again() -> None:
    many = _processing(first_at=NOW - (DEADLINE - 1), polls=20)
    assert _judge(many, NOW, {}).action == "run"


def test_past_the_deadline_a_poll_is_answered_with_why_then_blocked() -> None:
    expired = _processing(first_at=NOW - (DEADLINE + 1), polls=3)
    strikes: dict[str, int] = {}
    first = _judge(expired, NOW, strikes)
    assert first.action == "cached"
    assert first.result is not None
    assert "polling deadline" in first.result.message
    assert first.result.data["status"] == "processing"
    strikes["duplicate"] = strikes["repeat"] = 1
    second = _judge(expired, NOW, strikes)
    assert second.action == "blocked"
    assert second.result is not None
    assert second.result.error_type == "timeout"
    assert "still processing" in second.result.message
    strikes["duplicate"] = strikes["repeat"] = 2
    assert _judge(expired, NOW, strikes).action == "blocked", "rounds without progress stop it"
