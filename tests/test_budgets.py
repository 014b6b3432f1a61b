"""Budgets per task: rounds, calls, tokens, seconds and stalls each end a run with their own reason.

A small test domain (a sleeping tool, an echo tool) lives here, loaded by `module:ATTR` like
any user domain. No assertion is about elapsed time: the sleeping tool only makes the time
budget's stop reason certain.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from graph.context import Context
from graph.graph import compile_graph
from graph.state import InputState
from tests.conftest import METRIC_REQUEST_EN, Harness, assert_valid_history
from tests.test_models_e2e import LoopingChatModel
from tools.contract import ToolContext, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step
from tools.registry import ToolRegistry
from tools.store import audit, run_in_store

NAP_SECONDS = 0.3


class NapArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str


class EchoArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int


class NoSlots(BaseModel):
    pass


async def nap(args: NapArgs, ctx: ToolContext) -> Mapping[str, Any]:
    def work(conn: sqlite3.Connection) -> None:
        audit(conn, "nap", ctx.user_id, args.model_dump())

    await run_in_store(ctx.store_path, "", work)
    await asyncio.sleep(NAP_SECONDS)
    return {"success": True, "label": args.label}


async def echo(args: EchoArgs, ctx: ToolContext) -> Mapping[str, Any]:
    def work(conn: sqlite3.Connection) -> None:
        audit(conn, "echo", ctx.user_id, args.model_dump())

    await run_in_store(ctx.store_path, "", work)
    return {"success": True, "n": args.n}


def _keyword(word: str) -> Any:
    def extract(text: str, today: date) -> dict[str, Any] | None:
        return {} if word in text else None

    return extract


DOMAIN = Domain(
    name="budget-test",
    tools=ToolRegistry(
        [
            ToolSpec(
                name="nap",
                namespace="test",
                description="Sleeps a little. Use for each nap step.",
                args_model=NapArgs,
                fn=nap,
                intents=frozenset({"naps"}),
            ),
            ToolSpec(
                name="echo",
                namespace="test",
                description="Echoes n.",
                args_model=EchoArgs,
                fn=echo,
                intents=frozenset({"echo"}),
            ),
        ]
    ),
    intents=(
        IntentSpec(
            name="naps",
            description="Take two naps.",
            extract=_keyword("nap"),
            slots_model=NoSlots,
            steps=(
                Step(name="first_nap", tool="nap", args=lambda s: {"label": "a"}),
                Step(name="second_nap", tool="nap", args=lambda s: {"label": "b"}),
            ),
            budget=Budget(max_seconds=60.0),
        ),
        IntentSpec(
            name="echo",
            description="Echo a number that is never the right one.",
            extract=_keyword("echo"),
            slots_model=NoSlots,
            steps=(Step(name="echoed", tool="echo", args=lambda s: {"n": -1}),),
            budget=Budget(max_rounds=1000, max_calls=1000, max_tokens=10**9, max_seconds=600),
        ),
    ),
)
SPEC = "tests.test_budgets:DOMAIN"


def counting_model() -> LoopingChatModel:
    """Each turn a new echo: always new evidence, so only the step fuse can stop it."""
    return LoopingChatModel(policy=lambda turn, tools: ("echo", {"n": turn}))


async def test_time_budget_stops_after_a_slow_tool(harness: Harness) -> None:
    out = await harness.run("take two naps", domain=SPEC, max_seconds=NAP_SECONDS / 3)

    assert out["stop_reason"] == "time_budget"
    assert out["status"] == "stopped"
    # One nap alone is over the budget, so the second never starts. (On a very slow machine
    # the model's own time could use the budget up before the first: still a time_budget.)
    assert out["checklist"]["second_nap"] is False
    assert harness.executions("nap") <= 1
    assert out["usage"]["seconds"] > NAP_SECONDS / 3
    assert "ran out of time" in out["answer"]
    assert_valid_history(list((await harness.state(out["thread_id"]))["messages"]))


async def test_time_budget_is_not_hit_when_there_is_time(harness: Harness) -> None:
    out = await harness.run("take two naps", domain=SPEC)
    assert out["stop_reason"] == "completed"
    assert harness.executions("nap") == 2


async def test_token_budget_stops_before_anything_runs(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, max_tokens=50)

    assert out["stop_reason"] == "token_budget"
    assert out["usage"]["tokens"] > 50
    assert harness.executions() == 0
    assert [c["verdict"] for c in out["tool_calls"]] == ["stopped"]


async def test_token_budget_counts_reported_usage(harness: Harness) -> None:
    # The model reports 60 tokens a turn: the first turn fits in 100, the second does not.
    model = LoopingChatModel(
        policy=lambda turn, tools: (
            ("record_metric", {"value": "150/95", "date": date.today().isoformat()})
            if turn == 1
            else ("get_metric_trend", {"period": "14d"})
        )
    )
    out = await harness.run(METRIC_REQUEST_EN, model, max_tokens=100)

    assert out["stop_reason"] == "token_budget"
    assert out["usage"]["tokens"] == 120
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 0


async def test_call_budget_stops_the_call_over_it(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, max_calls=1)

    assert out["stop_reason"] == "call_budget"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": False}
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 0
    assert out["usage"]["calls"] == 1


async def test_step_budget_stops_after_max_rounds(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, max_rounds=1)

    assert out["stop_reason"] == "step_budget"
    assert out["usage"]["rounds"] == 2
    assert harness.executions() == 1
    assert "rounds" in out["answer"]


async def test_rounds_without_progress_stop_with_no_progress(harness: Harness) -> None:
    # A different missing order every turn: never a duplicate, never progress.
    model = LoopingChatModel(policy=lambda turn, tools: ("query_order", {"order_id": f"9{turn}"}))
    out = await harness.run("where is order 99999", model)

    assert out["stop_reason"] == "no_progress"
    assert harness.executions("query_order") == 3
    assert len({c["fingerprint"] for c in (await harness.state(out["thread_id"]))["calls"]}) == 3


async def test_budgets_survive_a_pause_for_a_human(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, thread_id="b", max_calls=1, human_review=True)
    assert out["interrupt"]["reason"] == "call_budget"
    before = out["usage"]

    done = await harness.resume("b", {"action": "approve"})

    assert done["stop_reason"] == "completed"
    assert done["usage"]["rounds"] == before["rounds"], "no fresh budget after the pause"
    assert done["usage"]["calls"] == before["calls"] + 1
    assert done["usage"]["tokens"] >= before["tokens"]
    assert harness.executions("get_metric_trend") == 1


@pytest.mark.parametrize("limit", [12, 20, 33])
async def test_graph_reaches_fallback_before_the_recursion_limit(
    tmp_path: Path, limit: int
) -> None:
    # Budgets far above the fuse and a model that always makes "progress": only the
    # remaining-steps check stands between this run and GraphRecursionError.
    app = compile_graph(recursion_limit=limit)
    context = Context(
        model=counting_model(),
        domain=SPEC,
        db=str(tmp_path / "agent.sqlite"),
        store=str(tmp_path / "business.sqlite"),
    )
    final = await app.ainvoke(InputState(messages=[("user", "echo please")]), context=context)

    assert final["stop_reason"] == "step_budget"
    assert final["status"] == "stopped"
    assert_valid_history(list(final["messages"]))


async def test_runner_derives_the_recursion_limit_from_budgets(harness: Harness) -> None:
    out = await harness.run("echo please", counting_model(), domain=SPEC, max_rounds=5)
    assert out["stop_reason"] == "step_budget"
    assert harness.executions("echo") == 5
