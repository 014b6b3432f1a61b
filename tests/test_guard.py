"""The guard's ladder, judged directly with tiny factories: no graph, no model, no database.

`judge_call` is pure, so every rule of the ladder is shown here on its own: canonical
fingerprints, cached/blocked/stop after a success, one retry after a failure, re-reads after
writes, polling, alternation and the per-kind feedback → block → stop escalation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from graph.state import FingerprintStats
from nodes.common import Task, canonical_args, fingerprint
from nodes.guard import REPEAT_KIND, Decision, judge_call
from tools.contract import PollSpec, ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step
from tools.registry import ToolRegistry


class LookupArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str
    limit: int = 10
    score: float = 0.0


class SaveArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: str


class JobArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    job_id: str


async def _never_called(args: Any, ctx: ToolContext) -> Mapping[str, Any]:
    raise AssertionError("the guard must never execute a tool")


def _spec(name: str, args_model: type[BaseModel], **kw: Any) -> ToolSpec:
    return ToolSpec(
        name=name,
        namespace="t",
        description=f"{name} tool",
        args_model=args_model,
        fn=_never_called,
        intents=frozenset({"work"}),
        **kw,
    )


TOOLS = ToolRegistry(
    [
        _spec("lookup", LookupArgs),
        _spec("other", LookupArgs),
        _spec("save", SaveArgs, effect="write", idempotent=False),
        _spec("job_status", JobArgs, poll=PollSpec(deadline_s=30.0)),
        _spec("hidden", SaveArgs),
    ]
)
INTENT = IntentSpec(
    name="work",
    description="test intent",
    extract=lambda text, today: {} if "work" in text else None,
    slots_model=BaseModel,
    steps=(Step(name="looked_up", tool="lookup"),),
)
DOMAIN = Domain(name="guard-test", intents=(INTENT,), tools=TOOLS)
OFFERED = ["lookup", "other", "save", "job_status"]
NOW = 1_000_000.0


def task(budget: Budget | None = None) -> Task:
    return Task(DOMAIN, INTENT, budget or Budget())


def call(name: str, args: Any, call_id: str = "c1", **extra: Any) -> dict[str, Any]:
    return {"id": call_id, "name": name, "args": args, **extra}


def stats(
    tool: str,
    *,
    successes: int = 0,
    failures: int = 0,
    epoch: int = 0,
    data: dict[str, Any] | None = None,
    first_at: float = NOW,
) -> FingerprintStats:
    ok = successes > 0
    return {
        "tool": tool,
        "executions": successes + failures,
        "failures": failures,
        "successes": successes,
        "epoch": epoch,
        "result": {"ok": ok, "data": data or {}} if ok else {"ok": False, "error_type": "business"},
        "first_at": first_at,
    }


def judge(
    c: Mapping[str, Any],
    *,
    fingerprints: Mapping[str, FingerprintStats] | None = None,
    strikes: Mapping[str, int] | None = None,
    write_epoch: int = 0,
    now: float = NOW,
    budget: Budget | None = None,
    offered: list[str] | None = None,
) -> Decision:
    return judge_call(
        c,
        task=task(budget),
        offered=OFFERED if offered is None else offered,
        fingerprints=fingerprints or {},
        strikes=strikes or {},
        write_epoch=write_epoch,
        now=now,
    )


def ladder(
    c: Mapping[str, Any], fingerprints: Mapping[str, FingerprintStats], rounds: int = 3
) -> list[Decision]:
    """Propose the same call `rounds` times, carrying strikes like the guard node does."""
    strikes: dict[str, int] = {}
    out: list[Decision] = []
    for _ in range(rounds):
        d = judge(c, fingerprints=fingerprints, strikes=strikes)
        out.append(d)
        if d.kind is not None:
            strikes[d.kind] = strikes.get(d.kind, 0) + 1
        if d.kind == "duplicate" and d.action in ("cached", "blocked"):
            strikes[REPEAT_KIND] = strikes.get(REPEAT_KIND, 0) + 1  # as the guard node does
    return out


# --- fingerprints ---------------------------------------------------------------------------


def test_canonical_args_ignore_key_order_whitespace_and_integral_floats() -> None:
    a = {"query": "blood  pressure\n", "limit": 1.0, "nested": {"y": [1.0, " a "], "x": 2}}
    b = {"nested": {"x": 2, "y": [1, "a"]}, "limit": 1, "query": " blood pressure"}
    assert canonical_args(a) == canonical_args(b)
    assert fingerprint("lookup", a) == fingerprint("lookup", b)
    assert fingerprint("lookup", a) != fingerprint("other", a)
    assert fingerprint("lookup", {"limit": 1}) != fingerprint("lookup", {"limit": 2})
    assert fingerprint("lookup", {"flag": True}) != fingerprint("lookup", {"flag": 1})


def test_fingerprint_ignores_the_tool_call_id() -> None:
    first = judge(call("lookup", {"query": "x", "score": 1}, call_id="call_abc"))
    second = judge(call("lookup", {"score": 1.0, "query": " x "}, call_id="toolu_999"))
    assert first.action == second.action == "run"
    assert first.fingerprint == second.fingerprint


def test_fingerprint_is_taken_from_validated_arguments_with_defaults() -> None:
    explicit = judge(call("lookup", {"query": "x", "limit": 10, "score": 0.0}))
    implicit = judge(call("lookup", {"query": "x"}))
    assert explicit.fingerprint == implicit.fingerprint
    assert implicit.args == {"query": "x", "limit": 10, "score": 0.0}


# --- repeats after success and failure ------------------------------------------------------


def test_identical_call_after_success_is_cached_then_blocked_never_stopped_by_itself() -> None:
    """The stop is the guard node's: rounds without progress (tests/test_repeat_ladder.py)."""
    c = call("lookup", {"query": "x"})
    fp = judge(c).fingerprint
    recorded = {fp: stats("lookup", successes=1, data={"rows": 3})}

    cached, blocked, again = ladder(c, recorded)

    assert cached.action == "cached"
    assert cached.result is not None
    assert cached.result.ok
    assert cached.result.data == {"rows": 3}, "the repeat is answered from the recorded result"
    assert "not executed again" in cached.result.message
    assert blocked.action == "blocked"
    assert blocked.result is not None
    assert not blocked.result.ok
    assert "round(s) without progress stop the run" in blocked.result.message
    assert again.action == "blocked"
    assert again.stop_reason is None


def test_one_retry_is_allowed_after_a_failure() -> None:
    c = call("lookup", {"query": "x"})
    fp = judge(c).fingerprint
    assert judge(c, fingerprints={fp: stats("lookup", failures=1)}).action == "run"


def test_identical_call_after_two_failures_is_blocked_then_stopped() -> None:
    c = call("lookup", {"query": "x"})
    fp = judge(c).fingerprint
    blocked, blocked_again, stopped = ladder(c, {fp: stats("lookup", failures=2)})
    assert blocked.action == "blocked"
    assert blocked.result is not None
    assert "tried twice and failed" in blocked.result.message
    assert blocked_again.action == "blocked"
    assert stopped.action == "stop"
    assert stopped.stop_reason == "duplicate_call"


def test_changed_arguments_after_a_failure_run() -> None:
    c = call("lookup", {"query": "x"})
    fp = judge(c).fingerprint
    other = judge(call("lookup", {"query": "y"}), fingerprints={fp: stats("lookup", failures=2)})
    assert other.action == "run"


def test_read_after_a_later_write_is_rerun_but_a_write_is_not() -> None:
    read = call("lookup", {"query": "x"})
    write = call("save", {"value": "150/95"})
    read_fp, write_fp = judge(read).fingerprint, judge(write).fingerprint
    fps = {
        read_fp: stats("lookup", successes=1, epoch=0),
        write_fp: stats("save", successes=1, epoch=0),
    }
    assert judge(read, fingerprints=fps, write_epoch=1).action == "run"
    assert judge(read, fingerprints=fps, write_epoch=0).action == "cached"
    assert judge(write, fingerprints=fps, write_epoch=1).action == "cached"


def test_polling_a_pending_job_is_allowed_within_its_deadline_only() -> None:
    c = call("job_status", {"job_id": "j1"})
    fp = judge(c).fingerprint
    pending = {fp: stats("job_status", successes=1, data={"status": "pending"}, first_at=NOW)}
    assert judge(c, fingerprints=pending, now=NOW + 5).action == "run"
    assert judge(c, fingerprints=pending, now=NOW + 31).action == "cached"
    done = {fp: stats("job_status", successes=1, data={"status": "done"}, first_at=NOW)}
    assert judge(c, fingerprints=done, now=NOW + 5).action == "cached"


def test_alternation_a_b_a_b_climbs_the_duplicate_ladder() -> None:
    a, b = call("lookup", {"query": "x"}), call("other", {"query": "x"})
    fps = {
        judge(a).fingerprint: stats("lookup", successes=1),
        judge(b).fingerprint: stats("other", successes=1),
    }
    strikes: dict[str, int] = {}
    actions: list[str] = []
    for c in (a, b, a, b):
        d = judge(c, fingerprints=fps, strikes=strikes)
        actions.append(d.action)
        if d.kind:
            strikes[d.kind] = strikes.get(d.kind, 0) + 1
            strikes[REPEAT_KIND] = strikes.get(REPEAT_KIND, 0) + 1
    assert actions == ["cached", "blocked", "blocked", "blocked"]


# --- offered set, validation and the ladder ---------------------------------------------------


@pytest.mark.parametrize("name", ["hidden", "delete_everything"])
def test_not_offered_tool_climbs_feedback_block_stop(name: str) -> None:
    feedback, blocked, stopped = ladder(call(name, {"value": "v"}), {})
    assert feedback.action == "feedback"
    assert feedback.result is not None
    assert feedback.result.error_type == "not_allowed"
    assert "lookup" in feedback.result.message, "the hint lists the offered tools"
    assert blocked.action == "blocked"
    assert stopped.action == "stop"
    assert stopped.stop_reason == "not_allowed"


def test_wrong_type_hint_names_field_expected_type_and_fix() -> None:
    d = judge(call("lookup", {"query": 10086}))
    assert d.action == "feedback"
    assert d.kind == "validation:lookup"
    assert d.result is not None
    msg = d.result.message
    assert "'query'" in msg
    assert "expected a string" in msg
    assert "got integer 10086" in msg
    assert 'send it as a JSON string: "10086"' in msg
    assert "Traceback" not in msg
    assert d.result.data["errors"][0] == {
        "field": "query",
        "expected": "a string",
        "got": "integer 10086",
        "fix": 'send it as a JSON string: "10086"',
    }


@pytest.mark.parametrize(
    ("args", "field", "fix_word"),
    [
        ({}, "query", "add"),
        ({"query": "x", "bogus": 1}, "bogus", "remove"),
        ({"query": "x", "limit": "many"}, "limit", "an integer"),
    ],
)
def test_validation_hints_for_missing_extra_and_unparsable(
    args: dict[str, Any], field: str, fix_word: str
) -> None:
    d = judge(call("lookup", args))
    assert d.action == "feedback"
    assert d.result is not None
    assert f"'{field}'" in d.result.message
    assert fix_word in d.result.message


def test_validation_ladder_stops_with_validation_failed() -> None:
    feedback, blocked, stopped = ladder(call("lookup", {"query": 1}), {})
    assert [feedback.action, blocked.action, stopped.action] == ["feedback", "blocked", "stop"]
    assert stopped.stop_reason == "validation_failed"


def test_unparsable_json_arguments_are_a_validation_violation() -> None:
    d = judge(call("lookup", '{"query": ', invalid="Expecting value"))
    assert d.action == "feedback"
    assert d.kind == "validation:lookup"
    assert d.result is not None
    assert "not a valid JSON object" in d.result.message


def test_strike_ladders_are_per_kind() -> None:
    strikes = {"validation:other": 2, "not_allowed": 2}
    d = judge(call("lookup", {"query": 1}), strikes=strikes)
    assert d.action == "feedback", "another tool's validation strikes do not count"


def test_max_strikes_comes_from_the_budget() -> None:
    d = judge(call("lookup", {"query": 1}), budget=Budget(max_strikes=1))
    assert d.action == "stop"
    assert d.stop_reason == "validation_failed"


def test_guard_result_envelopes_render_as_compact_json() -> None:
    d = judge(call("lookup", {"query": 1}))
    assert isinstance(d.result, ToolResult)
    content = d.result.to_content()
    assert content.startswith("{")
    assert '"error_type": "validation"' in content
