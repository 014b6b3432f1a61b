"""Several calls in one model turn, run as a DAG: limit, order, blocking, degrading, cancelling.

The scheduler (`nodes/executor/dag.py`) is tested directly with counting runners, then through the
graph with a test domain whose tools count how many of them are in flight (a counter, not a
clock) and record every entry in `tool_audit`. A scripted model sends whole turns of calls
with `{"$ref": "#N.field"}` references, as a real model told the syntax would.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatResult
from pydantic import BaseModel, ConfigDict

from graph.models import render_task
from nodes.executor.dag import (
    MISSING,
    Done,
    Node,
    Outcome,
    in_written_order,
    plan_turn,
    resolve_path,
    run_dag,
)
from tests.conftest import Harness, assert_valid_history
from tests.fakes import ProviderLikeChatModel
from tools.contract import ToolContext, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step
from tools.registry import ToolRegistry
from tools.store import audit, connect, run_in_store

# --- a model that sends whole turns ------------------------------------------------------------

Call = tuple[str, dict[str, Any]]


class TurnsChatModel(ProviderLikeChatModel):
    """Sends the scripted turns in order (several calls each), then answers without tools."""

    turns: list[list[Call]]
    sent: int = 0

    @property
    def _llm_type(self) -> str:
        return "turns-test-model"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        if self.sent < len(self.turns):
            calls = [
                {"id": f"call_{self.sent}_{i}", "name": name, "args": args}
                for i, (name, args) in enumerate(self.turns[self.sent])
            ]
            message = AIMessage(content="", tool_calls=calls)
        else:
            message = AIMessage(content="Done.")
        self.sent += 1
        return self.reply(message, 40, 10)


# --- a test domain whose tools count what is in flight -----------------------------------------


class Probe:
    """How many calls are inside a tool right now, and the most there ever were."""

    in_flight = 0
    peak = 0

    @classmethod
    def reset(cls) -> None:
        cls.in_flight = 0
        cls.peak = 0


class NoSlots(BaseModel):
    pass


class KeyArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str


class CombineArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    a: str
    b: str | None = None


async def _enter(ctx: ToolContext, tool: str, args: BaseModel) -> None:
    def work(conn: sqlite3.Connection) -> None:
        audit(conn, tool, ctx.user_id, args.model_dump())

    await run_in_store(ctx.store_path, "", work)


async def fetch(args: KeyArgs, ctx: ToolContext) -> Mapping[str, Any]:
    # Counted before the first await: every call the scheduler started is inside by the
    # time any of them can finish, so the peak is exact, not a matter of timing.
    Probe.in_flight += 1
    Probe.peak = max(Probe.peak, Probe.in_flight)
    try:
        await _enter(ctx, "fetch", args)
        await asyncio.sleep(0.01)
    finally:
        Probe.in_flight -= 1
    return {"success": True, "key": args.key, "value": f"v-{args.key}"}


async def combine(args: CombineArgs, ctx: ToolContext) -> Mapping[str, Any]:
    await _enter(ctx, "combine", args)
    return {"success": True, "joined": "+".join(x for x in (args.a, args.b) if x)}


async def broken(args: KeyArgs, ctx: ToolContext) -> Mapping[str, Any]:
    await _enter(ctx, "broken", args)
    return {"success": False, "code": "REFUSED", "message": f"{args.key} was refused"}


async def slow(args: KeyArgs, ctx: ToolContext) -> Mapping[str, Any]:
    await _enter(ctx, "slow", args)
    await asyncio.sleep(SLOW_S)
    return {"success": True, "key": args.key, "value": "slow"}


SLOW_S = 0.4


def _spec(name: str, model: type[BaseModel], fn: Any) -> ToolSpec:
    return ToolSpec(
        name=name,
        namespace="dag",
        description=f"{name} test tool",
        args_model=model,
        fn=fn,
        intents=frozenset({"batch"}),
    )


DOMAIN = Domain(
    name="dag-test",
    tools=ToolRegistry(
        [
            _spec("fetch", KeyArgs, fetch),
            _spec("combine", CombineArgs, combine),
            _spec("broken", KeyArgs, broken),
            _spec("slow", KeyArgs, slow),
        ]
    ),
    intents=(
        IntentSpec(
            name="batch",
            description="Fetch things, several at once.",
            extract=lambda text, today: {} if "batch" in text else None,
            slots_model=NoSlots,
            # Only fetch("a") finishes the task, so other turns can keep the run going.
            steps=(Step(name="fetched", tool="fetch", args=lambda s: {"key": "a"}),),
            budget=Budget(max_rounds=4, max_calls=20, max_seconds=60.0),
        ),
    ),
)
SPEC = "tests.test_dag:DOMAIN"


@pytest.fixture(autouse=True)
def _probe() -> None:
    Probe.reset()


def audit_order(store: str) -> list[tuple[str, str]]:
    """(tool, args JSON) in the order the tool functions were entered."""
    conn = connect(store)
    try:
        return [(r[0], r[1]) for r in conn.execute("SELECT tool, args FROM tool_audit ORDER BY id")]
    finally:
        conn.close()


async def run_turns(harness: Harness, *turns: list[Call], **context: Any) -> dict[str, Any]:
    model = TurnsChatModel(turns=list(turns))
    out = await harness.run("run a batch", model, domain=SPEC, **context)
    state = await harness.state(out["thread_id"])
    assert_valid_history(list(state["messages"]))
    out["state"] = state
    return out


def branches(out: dict[str, Any]) -> dict[str, str]:
    return {b["id"]: b["status"] for b in out["state"]["branches"]}


def answer_of(out: dict[str, Any], call_id: str) -> str:
    for m in out["state"]["messages"]:
        if isinstance(m, ToolMessage) and m.tool_call_id == call_id:
            return str(m.content)
    raise AssertionError(f"no answer to {call_id}")


def ref(path: str, **extra: Any) -> dict[str, Any]:
    return {"$ref": path, **extra}


# --- the scheduler on its own ------------------------------------------------------------------


class Recorder:
    """A runner that records starts and ends, counts in-flight calls and fails on demand."""

    def __init__(self, fail: Sequence[str] = (), hold: float = 0.01) -> None:
        self.fail = set(fail)
        self.hold = hold
        self.events: list[tuple[str, str]] = []
        self.in_flight = 0
        self.peak = 0

    async def __call__(self, node: Node, upstream: Mapping[str, Outcome[str]]) -> Done[str]:
        self.events.append(("start", node.id))
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            await asyncio.sleep(self.hold)
        finally:
            self.in_flight -= 1
        self.events.append(("end", node.id))
        return Done(f"value-{node.id}", node.id not in self.fail)

    def started(self) -> list[str]:
        return [n for kind, n in self.events if kind == "start"]

    def position(self, kind: str, node: str) -> int:
        return self.events.index((kind, node))


@pytest.mark.parametrize("limit", [1, 2, 3])
async def test_scheduler_never_exceeds_the_concurrency_limit(limit: int) -> None:
    runner = Recorder()
    nodes = [Node(f"n{i}") for i in range(7)]
    out = await run_dag(nodes, runner, limit=limit)

    assert runner.peak == limit, "the limit is reached and never exceeded"
    assert {o.status for o in out.values()} == {"succeeded"}
    assert sorted(runner.started()) == sorted(n.id for n in nodes)


async def test_scheduler_starts_a_call_only_after_all_its_inputs() -> None:
    runner = Recorder()
    nodes = [
        Node("d", needs=("b", "c")),  # listed first: order in the list does not matter
        Node("a"),
        Node("b", needs=("a",)),
        Node("c", needs=("a",)),
    ]
    out = await run_dag(nodes, runner, limit=4)

    assert all(o.status == "succeeded" for o in out.values())
    pos = runner.position
    assert pos("end", "a") < pos("start", "b")
    assert pos("end", "a") < pos("start", "c")
    assert pos("end", "b") < pos("start", "d")
    assert pos("end", "c") < pos("start", "d")
    assert runner.peak == 2, "b and c ran side by side once a was done"
    assert list(out) == ["d", "a", "b", "c"], "outcomes come back in the order given"


async def test_scheduler_blocks_everything_downstream_of_a_failed_required_input() -> None:
    runner = Recorder(fail={"a"})
    nodes = [
        Node("a"),
        Node("b", needs=("a",)),
        Node("c", needs=("b",)),
        Node("free"),
    ]
    out = await run_dag(nodes, runner, limit=2)

    assert out["a"].status == "failed"
    assert out["b"].status == "blocked"
    assert out["c"].status == "blocked"
    assert out["free"].status == "succeeded"
    assert "a (failed)" in out["b"].note
    assert "b (blocked)" in out["c"].note
    assert sorted(runner.started()) == ["a", "free"], "blocked calls are never started"
    assert not out["b"].started
    assert not out["c"].started


async def test_in_written_order_runs_one_call_at_a_time_as_written() -> None:
    # The rule for a reply that holds a write: order only. A failed call neither blocks nor
    # degrades the next, and each call is handed the outcomes of those before it.
    seen: dict[str, list[str]] = {}
    runner = Recorder(fail={"b"})

    async def recording(node: Node, upstream: Mapping[str, Outcome[str]]) -> Done[str]:
        seen[node.id] = sorted(upstream)
        return await runner(node, upstream)

    nodes = in_written_order([Node("a"), Node("b"), Node("c"), Node("d", needs=("a",))])
    out = await run_dag(nodes, recording, limit=4)

    assert runner.started() == ["a", "b", "c", "d"]
    assert runner.peak == 1
    assert [out[n].status for n in "abcd"] == ["succeeded", "failed", "succeeded", "succeeded"]
    assert seen == {"a": [], "b": ["a"], "c": ["a", "b"], "d": ["a", "b", "c"]}


async def test_scheduler_runs_a_call_degraded_when_an_optional_input_failed() -> None:
    runner = Recorder(fail={"a"})
    out = await run_dag([Node("a"), Node("b", wants=("a",))], runner, limit=2)

    assert out["b"].status == "degraded"
    assert "ran without a" in out["b"].note
    assert runner.position("end", "a") < runner.position("start", "b"), "it still waits"


async def test_scheduler_cancels_what_has_not_started_when_the_run_must_stop() -> None:
    runner = Recorder()
    nodes = [Node("first"), Node("second"), Node("third", needs=("first",))]

    def stop_after_first(outcome: Outcome[str]) -> str | None:
        return "a human must look" if outcome.id == "first" else None

    out = await run_dag(nodes, runner, limit=1, stop_when=stop_after_first)

    assert out["first"].status == "succeeded"
    assert out["second"].status == "cancelled"
    assert out["third"].status == "cancelled"
    assert "a human must look" in out["second"].note
    assert "nothing to undo" in out["second"].note
    assert runner.started() == ["first"]


async def test_scheduler_cancels_on_an_outside_stop_and_on_its_deadline() -> None:
    stop = asyncio.Event()
    stop.set()
    runner = Recorder()
    out = await run_dag([Node("a"), Node("b")], runner, limit=2, stop=stop)
    assert {o.status for o in out.values()} == {"cancelled"}
    assert runner.started() == []

    late = Recorder(hold=0.05)
    out = await run_dag(
        [Node("a"), Node("b"), Node("c")], late, limit=1, deadline=time.monotonic() + 0.01
    )
    assert out["a"].status == "succeeded", "running work finishes and reports what it did"
    assert [out["b"].status, out["c"].status] == ["cancelled", "cancelled"]
    assert "time budget" in out["b"].note
    assert late.started() == ["a"]


async def test_a_call_no_longer_waited_for_is_abandoned_not_rolled_back() -> None:
    stop = asyncio.Event()

    async def runner(node: Node, upstream: Mapping[str, Outcome[str]]) -> Done[str]:
        if node.id == "trigger":
            stop.set()
            return Done("x", True)
        await asyncio.sleep(5)
        return Done("never", True)

    out = await run_dag(
        [Node("long"), Node("trigger")], runner, limit=2, stop=stop, abandon_on_stop=True
    )
    assert out["long"].status == "abandoned"
    assert out["long"].started
    assert "not a rollback" in out["long"].note

    timed = await run_dag([Node("long", timeout_s=0.02)], runner, limit=1)
    assert timed["long"].status == "abandoned"
    assert "not a rollback" in timed["long"].note


async def test_scheduler_is_total_on_cycles_unknown_inputs_and_given_outcomes() -> None:
    runner = Recorder()
    given = {"earlier": Outcome[str]("earlier", "failed")}
    out = await run_dag(
        [
            Node("x", needs=("y",)),
            Node("y", needs=("x",)),
            Node("ghost", needs=("nowhere",)),
            Node("after_given", needs=("earlier",)),
            Node("ok"),
        ],
        runner,
        limit=2,
        given=given,
    )
    assert out["x"].status == out["y"].status == "blocked"
    assert out["ghost"].status == "blocked"
    assert "nowhere" in out["ghost"].note
    assert out["after_given"].status == "blocked"
    assert out["ok"].status == "succeeded"
    assert runner.started() == ["ok"]
    with pytest.raises(ValueError, match="at least 1"):
        await run_dag([Node("a")], runner, limit=0)


async def test_a_runner_that_raises_stops_the_batch_and_the_error_propagates() -> None:
    cancelled: list[str] = []

    async def runner(node: Node, upstream: Mapping[str, Outcome[str]]) -> Done[str]:
        if node.id == "bad":
            msg = "database is locked"
            raise RuntimeError(msg)
        try:
            await asyncio.sleep(5)
        except asyncio.CancelledError:
            cancelled.append(node.id)
            raise
        return Done("x", True)

    with pytest.raises(RuntimeError, match="database is locked"):
        await run_dag([Node("slow"), Node("bad")], runner, limit=2)
    assert cancelled == ["slow"], "the other call was cancelled and waited for"


# --- references in a turn ----------------------------------------------------------------------


def _calls(*calls: Call) -> list[dict[str, Any]]:
    return [{"id": f"c{i}", "name": n, "args": a} for i, (n, a) in enumerate(calls)]


def test_references_resolve_by_position_id_or_tool_name() -> None:
    plans = plan_turn(
        _calls(
            ("fetch", {"key": "a"}),
            ("fetch", {"key": "b"}),
            ("broken", {"key": "c"}),
            (
                "combine",
                {
                    "a": ref("#0.value"),
                    "b": ref("c1.value", optional=True, default="none"),
                    "$after": ["broken"],
                },
            ),
        )
    )
    last = plans[3]
    assert not last.errors
    assert last.args == {}
    assert last.inputs["a"] == {"source": "c0", "path": "value", "optional": False}
    assert last.inputs["b"] == {
        "source": "c1",
        "path": "value",
        "optional": True,
        "default": "none",
    }
    assert last.after == ("c2",)
    assert last.needs() == ("c2", "c0")
    assert last.wants() == ("c1",)
    assert all(not p.inputs and not p.errors for p in plans[:3])


@pytest.mark.parametrize(
    ("args", "field", "why"),
    [
        ({"a": ref("#9.value")}, "a", "no call '#9'"),
        ({"a": ref("#1.value")}, "a", "its own result"),
        ({"a": ref("fetch.value")}, "a", "called 2 times"),
        ({"a": ref("#0")}, "a", "a field of the other call's result"),
        ({"a": ref("#0.value", optional="yes")}, "a.optional", "a boolean"),
        ({"a": {"$ref": "#0.value", "extra": 1}}, "a", "a reference like"),
        ({"a": {"$ref": 7}}, "a", "a reference like"),
        ({"a": "x", "$after": 3}, "$after", "a list of calls"),
        ({"a": "x", "$after": ["#5"]}, "$after", "no call '#5'"),
        ({"a": "x", "$evil": True}, "$evil", "no argument starting with '$'"),
    ],
)
def test_bad_references_are_field_level_errors(args: dict[str, Any], field: str, why: str) -> None:
    plans = plan_turn(_calls(("fetch", {"key": "a"}), ("combine", args), ("fetch", {"key": "b"})))
    errors = plans[1].errors
    assert errors, args
    assert errors[0]["field"] == field
    assert why in errors[0]["expected"] + errors[0]["fix"]
    assert set(errors[0]) == {"field", "expected", "got", "fix"}


def test_a_reference_cycle_is_reported_on_every_call_of_it() -> None:
    plans = plan_turn(
        _calls(
            ("combine", {"a": ref("#1.joined")}),
            ("combine", {"a": ref("#0.joined")}),
            ("fetch", {"key": "free"}),
        )
    )
    assert "cycle" in plans[0].errors[0]["expected"]
    assert "cycle" in plans[1].errors[0]["expected"]
    assert not plans[2].errors


def test_resolve_path_walks_objects_and_lists() -> None:
    data = {"orders": [{"order_id": "1"}, {"order_id": "2"}], "n": 0}
    assert resolve_path(data, "orders.1.order_id") == "2"
    assert resolve_path(data, "n") == 0
    assert resolve_path(data, "orders.5.order_id") is MISSING
    assert resolve_path(data, "nope") is MISSING


# --- through the graph -------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [1, 2])
async def test_calls_of_one_turn_run_concurrently_up_to_the_limit(
    harness: Harness, limit: int
) -> None:
    turn: list[Call] = [("fetch", {"key": k}) for k in "abcd"]
    out = await run_turns(harness, turn, max_parallel=limit)

    assert Probe.peak == limit, "measured inside the tools, not by a clock"
    assert harness.executions("fetch") == 4
    assert set(branches(out).values()) == {"succeeded"}
    assert out["stop_reason"] == "completed"
    assert [c["executed"] for c in out["tool_calls"]] == [True] * 4


async def test_a_call_waits_for_the_result_it_references(harness: Harness) -> None:
    turn: list[Call] = [
        ("combine", {"a": ref("#1.value"), "b": ref("#2.value")}),
        ("fetch", {"key": "a"}),
        ("fetch", {"key": "b"}),
    ]
    out = await run_turns(harness, turn, max_parallel=4)

    order = [tool for tool, _ in audit_order(harness.store)]
    assert order == ["fetch", "fetch", "combine"]
    assert set(branches(out).values()) == {"succeeded"}
    result = next(r for r in out["state"]["results"] if r["tool"] == "combine")
    assert result["args"] == {"a": "v-a", "b": "v-b"}, "the values went into its arguments"
    assert result["result"]["data"] == {"joined": "v-a+v-b"}
    assert Probe.peak == 2


async def test_a_failed_required_input_blocks_its_downstream_only(harness: Harness) -> None:
    turn: list[Call] = [
        ("broken", {"key": "x"}),
        ("combine", {"a": ref("#0.value")}),
        ("combine", {"a": ref("#1.joined")}),
        ("fetch", {"key": "free"}),
    ]
    out = await run_turns(harness, turn)

    assert branches(out) == {
        "call_0_0": "failed",
        "call_0_1": "blocked",
        "call_0_2": "blocked",
        "call_0_3": "succeeded",
    }
    assert harness.executions("combine") == 0, "a blocked call's function is never entered"
    assert harness.executions("fetch") == 1
    blocked = answer_of(out, "call_0_1")
    assert '"error_type":"dependency"' in blocked.replace(" ", "")
    assert "call_0_0 (failed)" in blocked
    outcomes = {c["name"]: c["outcome"] for c in out["tool_calls"]}
    assert outcomes["combine"] == "dependency"


async def test_a_missing_optional_input_degrades_with_a_note(harness: Harness) -> None:
    turn: list[Call] = [
        ("broken", {"key": "x"}),
        ("fetch", {"key": "a"}),
        ("combine", {"a": ref("#1.value"), "b": ref("#0.value", optional=True)}),
    ]
    out = await run_turns(harness, turn)

    assert branches(out)["call_0_2"] == "degraded"
    assert harness.executions("combine") == 1
    answer = answer_of(out, "call_0_2")
    assert "ran without 'b'" in answer
    combined = next(r for r in out["state"]["results"] if r["tool"] == "combine")
    assert combined["result"]["data"] == {"joined": "v-a"}


async def test_work_not_started_is_cancelled_when_the_time_budget_ends(harness: Harness) -> None:
    first: list[Call] = [("slow", {"key": "a"}), ("fetch", {"key": "b"}), ("fetch", {"key": "c"})]
    second: list[Call] = [("fetch", {"key": "d"})]
    out = await run_turns(harness, first, second, max_parallel=1, max_seconds=SLOW_S / 2)

    assert branches(out) == {
        "call_0_0": "succeeded",
        "call_0_1": "cancelled",
        "call_0_2": "cancelled",
    }
    assert harness.executions("slow") == 1, "running work finished and reported what it did"
    assert harness.executions("fetch") == 0, "nothing that had not started ran"
    assert "nothing to undo" in answer_of(out, "call_0_1")
    assert out["stop_reason"] == "time_budget"
    outcomes = [c["outcome"] for c in out["tool_calls"]]
    assert outcomes[:3] == ["ok", "cancelled", "cancelled"]


async def test_bad_references_get_field_level_feedback_and_the_rest_runs(
    harness: Harness,
) -> None:
    turn: list[Call] = [("fetch", {"key": "a"}), ("combine", {"a": ref("#7.value")})]
    out = await run_turns(harness, turn)

    verdicts = {c["name"]: c["verdict"] for c in out["tool_calls"]}
    assert verdicts == {"fetch": "run", "combine": "feedback"}
    assert harness.executions("fetch") == 1
    assert harness.executions("combine") == 0
    feedback = answer_of(out, "call_0_1")
    assert "field 'a'" in feedback
    assert "no call '#7'" in feedback


async def test_a_reference_to_a_call_answered_from_the_record_uses_its_data(
    harness: Harness,
) -> None:
    first: list[Call] = [("fetch", {"key": "k"}), ("broken", {"key": "keep-going"})]
    second: list[Call] = [("fetch", {"key": "k"}), ("combine", {"a": ref("#0.value")})]
    out = await run_turns(harness, first, second)

    assert harness.executions("fetch") == 1, "the repeat was answered from the record"
    assert harness.executions("combine") == 1
    assert [c["verdict"] for c in out["tool_calls"]] == ["run", "run", "cached", "run"]
    assert out["tool_calls"][-1]["args"] == {"a": "v-k", "b": None}
    assert branches(out) == {"call_1_1": "succeeded"}


async def test_identical_resolved_calls_are_judged_again_before_running(
    harness: Harness,
) -> None:
    # The second turn's combine resolves to the same arguments as the first turn's: the
    # guard's ladder, applied again once the arguments exist, answers it from the record.
    first: list[Call] = [("fetch", {"key": "k"}), ("combine", {"a": ref("#0.value")})]
    second: list[Call] = [("fetch", {"key": "v-k"}), ("combine", {"a": ref("#0.key")})]
    out = await run_turns(harness, first, second)

    assert harness.executions("combine") == 1
    again = out["tool_calls"][-1]
    assert (again["args"], again["executed"], again["outcome"]) == (
        {"a": "v-k", "b": None},
        False,
        "ok",
    )
    assert "already succeeded" in answer_of(out, "call_1_1")


def test_model_is_told_the_reference_syntax() -> None:
    assert '{"$ref": "#N.field"}' in render_task({"intent": "batch"})
