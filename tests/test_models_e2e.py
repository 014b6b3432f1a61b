"""Every misbehaving model, end to end: real executions, stop reason, checklist, valid history.

Executions are counted in the business store's `tool_audit` table (a row per real entry into a
tool function), never from the agent's own bookkeeping. A hand-written chat model with random
tool_call ids shows the guard holds for any model, not just the scripted ones.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from tests.conftest import (
    METRIC_REQUEST_EN,
    METRIC_REQUEST_ZH,
    ORDER_REQUEST_EN,
    ORDER_REQUEST_ZH,
    Harness,
    assert_valid_history,
)
from tests.fakes import ProviderLikeChatModel
from tools.store import connect

MISSING_ORDER = "where is order 99999"
FUTURE_READING = "record a reading 150/95 for 2099-01-01 and show the last two weeks"
OVER_LIMIT_CLAIM = (
    "file a 6000 EUR hotel claim for yesterday and show my total for the last 30 days"
)


def _today() -> str:
    """Today when the model speaks, as the router reads it: a suite that runs past midnight
    must not offer yesterday's date (a module-level constant did, and the write was refused)."""
    return date.today().isoformat()


def identical_executions(store: str) -> dict[tuple[str, str], int]:
    """Real executions per exact call (tool + arguments), read from the business store."""
    conn = connect(store)
    try:
        rows = conn.execute("SELECT tool, args, COUNT(*) FROM tool_audit GROUP BY tool, args")
        return {(tool, args): n for tool, args, n in rows.fetchall()}
    finally:
        conn.close()


async def finish(harness: Harness, out: dict[str, Any]) -> dict[str, Any]:
    """Checks every run must pass, whatever the model: one stop reason, valid history."""
    assert out["status"] in ("completed", "stopped")
    assert out["stop_reason"] is not None
    assert out["interrupt"] is None
    assert out["next"] == []
    state = await harness.state(out["thread_id"])
    assert_valid_history(list(state["messages"]))
    assert all(n <= 2 for n in identical_executions(harness.store).values()), (
        "no identical call may execute a third time"
    )
    return state


def tool_messages(state: dict[str, Any]) -> list[ToolMessage]:
    return [m for m in state["messages"] if isinstance(m, ToolMessage)]


# --- repeat ----------------------------------------------------------------------------------


@pytest.mark.parametrize("request_text", [METRIC_REQUEST_EN, METRIC_REQUEST_ZH])
async def test_repeat_writes_once_answers_from_record_then_stops(
    harness: Harness, request_text: str
) -> None:
    out = await harness.run(request_text, "scripted:repeat")
    state = await finish(harness, out)

    assert out["stop_reason"] == "duplicate_call"
    assert out["status"] == "stopped"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": False}
    assert harness.executions("record_metric") == 1
    assert harness.executions() == 1
    # Refused repeats may go on for max_repeat_rounds rounds without progress (5), then stop.
    verdicts = ["run", "cached", "blocked", "blocked", "blocked", "stopped"]
    assert [c["verdict"] for c in out["tool_calls"]] == verdicts
    assert [c["executed"] for c in out["tool_calls"]] == [True] + [False] * 5
    assert state["verdict"]["node"] == "respond"
    # The cached answer carries the recorded result, so the model could have moved on.
    cached = json.loads(str(tool_messages(state)[1].content))
    assert cached["ok"] is True
    assert cached["data"]["value"] == "150/95"
    assert "Recorded 150/95" in out["answer"], "the answer keeps what was verified"
    assert "trend_loaded" in out["answer"], "and names what is not done"


async def test_repeat_on_a_failing_order_allows_one_retry_then_blocks(harness: Harness) -> None:
    out = await harness.run(MISSING_ORDER, "scripted:repeat")
    await finish(harness, out)

    assert out["stop_reason"] in ("duplicate_call", "no_progress")
    assert out["checklist"] == {"order_found": False}
    assert harness.executions("query_order") == 2, "one retry after a failure, then blocked"
    verdicts = [c["verdict"] for c in out["tool_calls"]]
    assert verdicts[:2] == ["run", "run"]
    assert set(verdicts[2:]) <= {"blocked", "stopped"}
    assert verdicts[2] == "blocked"
    assert [c["outcome"] for c in out["tool_calls"][:2]] == ["not_found", "not_found"]


async def test_repeat_ends_when_the_checklist_is_complete(harness: Harness) -> None:
    out = await harness.run(ORDER_REQUEST_EN, "scripted:repeat")
    await finish(harness, out)
    assert out["stop_reason"] == "completed"
    assert harness.executions("query_order") == 1, "done means done, even if the model wants more"


# --- wrong type / fix after hint ----------------------------------------------------------------


@pytest.mark.parametrize("request_text", [ORDER_REQUEST_EN, ORDER_REQUEST_ZH])
async def test_wrong_type_stops_within_three_proposals_without_executing(
    harness: Harness, request_text: str
) -> None:
    out = await harness.run(request_text, "scripted:wrong-type")
    state = await finish(harness, out)

    assert out["stop_reason"] == "validation_failed"
    assert out["checklist"] == {"order_found": False}
    assert harness.executions("query_order") == 0, "query_order is never entered"
    assert harness.executions() == 0
    assert len(out["tool_calls"]) <= 3
    assert out["usage"]["rounds"] <= 3
    assert all(c["args"] == {"order_id": 10086} for c in out["tool_calls"])
    hint = json.loads(str(tool_messages(state)[0].content))
    assert hint["error_type"] == "validation"
    assert "'order_id'" in hint["message"]
    assert "expected a string" in hint["message"]
    assert "got integer 10086" in hint["message"]
    assert 'send it as a JSON string: "10086"' in hint["message"]


@pytest.mark.parametrize("request_text", [ORDER_REQUEST_EN, ORDER_REQUEST_ZH])
async def test_fix_after_hint_completes_with_one_execution(
    harness: Harness, request_text: str
) -> None:
    out = await harness.run(request_text, "scripted:fix-after-hint")
    state = await finish(harness, out)

    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"order_found": True}
    assert harness.executions("query_order") == 1
    assert [c["verdict"] for c in out["tool_calls"]] == ["feedback", "run"]
    assert out["tool_calls"][1]["args"] == {"order_id": "10086"}
    hint = tool_messages(state)[0]
    assert hint.status == "error"
    assert "order_id" in str(hint.content)
    assert "10086" in out["answer"]
    assert "shipped" in out["answer"]


async def test_fix_after_hint_completes_a_two_step_task(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, "scripted:fix-after-hint")
    await finish(harness, out)

    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1
    assert [c["verdict"] for c in out["tool_calls"]] == ["feedback", "run", "feedback", "run"]


# --- alternate, forget, not offered, ignore failure --------------------------------------------


async def test_alternate_a_b_a_b_is_refused_and_stopped(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, "scripted:alternate")
    await finish(harness, out)

    # Each repeat is answered from the record, then refused; the run may go on repeating for
    # max_repeat_rounds rounds, and this intent's 6 rounds run out first.
    assert out["stop_reason"] == "step_budget"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": False}
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_user_metric_profile") == 1
    assert harness.executions("get_metric_trend") == 0
    names = [c["name"] for c in out["tool_calls"]]
    assert names[:4] == [
        "record_metric",
        "get_user_metric_profile",
        "record_metric",
        "get_user_metric_profile",
    ]
    assert out["tool_calls"][-1]["verdict"] == "stopped"
    roomy = await harness.run(METRIC_REQUEST_EN, "scripted:alternate", "roomy", max_rounds=16)
    assert roomy["stop_reason"] == "duplicate_call", "with room, the repeat bound stops it"
    assert harness.executions("record_metric") == 2, "once per thread: two threads"


async def test_forget_redoes_a_finished_step_once_and_is_answered_from_the_record(
    harness: Harness,
) -> None:
    out = await harness.run(METRIC_REQUEST_ZH, "scripted:forget")
    await finish(harness, out)

    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1
    assert [c["verdict"] for c in out["tool_calls"]] == ["run", "cached", "run"]


async def test_not_offered_tool_is_never_entered(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, "scripted:not-offered")
    state = await finish(harness, out)

    assert out["stop_reason"] == "not_allowed"
    assert out["checklist"] == {"metric_recorded": False, "trend_loaded": False}
    assert "query_order" not in state["offered_tools"]
    assert harness.executions("query_order") == 0, "the forbidden tool's function never runs"
    assert harness.executions() == 0
    assert [c["verdict"] for c in out["tool_calls"]] == ["feedback", "blocked", "stopped"]


async def test_not_offered_write_is_never_entered(harness: Harness) -> None:
    out = await harness.run(ORDER_REQUEST_EN, "scripted:not-offered:record_metric")
    await finish(harness, out)

    assert out["stop_reason"] == "not_allowed"
    assert harness.executions("record_metric") == 0
    assert harness.executions() == 0


@pytest.mark.parametrize(
    ("request_text", "domain", "checklist", "executions"),
    [
        (MISSING_ORDER, "tools.examples:DOMAIN", {"order_found": False}, {"query_order": 1}),
        (
            OVER_LIMIT_CLAIM,
            "tools.expenses:DOMAIN",
            {"expense_submitted": False, "total_loaded": False},
            {"submit_expense": 1, "expense_total": 0},
        ),
    ],
)
async def test_ignore_failure_never_claims_success(
    harness: Harness,
    request_text: str,
    domain: str,
    checklist: dict[str, bool],
    executions: dict[str, int],
) -> None:
    out = await harness.run(request_text, "scripted:ignore-failure", domain=domain)
    state = await finish(harness, out)

    assert out["stop_reason"] == "tool_failed"
    assert out["status"] == "stopped"
    assert out["checklist"] == checklist
    for tool, n in executions.items():
        assert harness.executions(tool) == n
    claims = [m for m in state["messages"] if isinstance(m, AIMessage) and "successfully" in m.text]
    assert claims, "the model did claim success"
    answer = out["answer"].lower()
    assert "success" not in answer
    assert "done!" not in answer
    assert "could not finish" in answer


async def test_a_reading_for_a_later_day_is_asked_about_before_any_write(
    harness: Harness,
) -> None:
    """The tool would refuse 2099-01-01 only after the run chose to write: the router asks."""
    out = await harness.run(FUTURE_READING, "scripted:ignore-failure")
    await finish(harness, out)

    assert out["stop_reason"] == "invalid_slots"
    assert harness.executions() == 0
    assert "after today" in out["answer"]


# --- a hand-written model: random ids, no scripted quirks -----------------------------------------


Policy = Callable[[int, list[dict[str, Any]]], tuple[str, dict[str, Any]] | None]


class LoopingChatModel(ProviderLikeChatModel):
    """A stand-in for a small local model: ignores results and follows its own policy.

    Like a real provider it mints a fresh random tool_call id every turn and reports usage, so
    nothing the guard decides can hinge on ids or on the scripted models' conventions.
    """

    policy: Policy
    turns: int = 0

    @property
    def _llm_type(self) -> str:
        return "looping-test-model"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        assert isinstance(messages[-1], HumanMessage | ToolMessage)
        self.turns += 1
        step = self.policy(self.turns, kwargs.get("tools") or [])
        if step is None:
            message = AIMessage(content="I am done.")
        else:
            name, args = step
            message = AIMessage(
                content="",
                tool_calls=[{"id": f"call_{uuid.uuid4().hex}", "name": name, "args": args}],
            )
        return self.reply(message, 50, 10)


def _same_write(turn: int, tools: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    # Key order and number spelling vary per turn, as sampled model output does.
    today = _today()
    args = {"value": "150/95", "date": today} if turn % 2 else {"date": today, "value": "150/95"}
    return "record_metric", args


def _missing_order(turn: int, tools: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    return "query_order", {"order_id": "99999"}


def _dithering_reads(turn: int, tools: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    # A model that re-guesses the period and re-checks the profile, A B A B, never finishing.
    offered = {t["function"]["name"] for t in tools}
    assert offered == {"get_metric_trend", "get_user_metric_profile"}
    return ("get_user_metric_profile", {}) if turn % 2 else ("get_metric_trend", {"period": "7d"})


async def test_custom_model_object_looping_on_a_write_is_stopped(harness: Harness) -> None:
    model = LoopingChatModel(policy=_same_write)
    out = await harness.run(METRIC_REQUEST_EN, model)
    await finish(harness, out)

    assert out["stop_reason"] == "duplicate_call"
    assert harness.executions("record_metric") == 1
    assert len({c["fingerprint"] for c in (await harness.state(out["thread_id"]))["calls"]}) == 1
    assert model.turns == 6, "one write, then max_repeat_rounds (5) rounds of refused repeats"
    assert out["usage"]["tokens"] == 6 * 60, "usage comes from the model's usage_metadata"


async def test_custom_model_object_retrying_a_failure_is_stopped(harness: Harness) -> None:
    model = LoopingChatModel(policy=_missing_order)
    out = await harness.run(MISSING_ORDER, model)
    await finish(harness, out)

    assert out["stop_reason"] in ("duplicate_call", "no_progress")
    assert harness.executions("query_order") == 2


async def test_custom_model_object_alternating_reads_is_stopped(harness: Harness) -> None:
    model = LoopingChatModel(policy=_dithering_reads)
    # A roomier step budget than the intent's 4 rounds, so the alternation ladder is what stops.
    out = await harness.run("show my trend for the last two weeks", model, max_rounds=10)
    await finish(harness, out)

    assert out["intent"] == "review_metric_trend"
    assert out["stop_reason"] == "duplicate_call"
    assert [c["verdict"] for c in out["tool_calls"]] == [
        "run",
        "run",
        "cached",
        "blocked",
        "blocked",
        "blocked",
        "stopped",
    ]
    assert out["checklist"] == {"trend_loaded": False}, "a 7d trend does not tick a 14d step"
    assert harness.executions("get_user_metric_profile") == 1
    assert harness.executions("get_metric_trend") == 1


class ParallelDuplicatesModel(LoopingChatModel):
    """Emits the same call three times in one turn, each with its own id, as some models do."""

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.turns += 1
        calls = [
            {"id": f"call_{uuid.uuid4().hex}", "name": "get_metric_trend", "args": {"period": p}}
            for p in ("7d", "7d", "7d")
        ]
        message = AIMessage(content="", tool_calls=calls)
        return ChatResult(generations=[ChatGeneration(message=message)])


async def test_identical_calls_in_one_turn_execute_once(harness: Harness) -> None:
    out = await harness.run(
        "show my trend for the last two weeks", ParallelDuplicatesModel(policy=_dithering_reads)
    )
    await finish(harness, out)

    assert harness.executions("get_metric_trend") == 1
    first_turn = [c for c in out["tool_calls"] if c["verdict"] != "stopped"][:3]
    assert [c["verdict"] for c in first_turn] == ["run", "blocked", "blocked"]
    assert [c["reason"] for c in first_turn] == [None, "same_turn", "same_turn"]
    assert out["stop_reason"] in ("duplicate_call", "step_budget")
    assert out["usage"]["calls"] == 1


async def test_a_trend_read_before_the_write_is_read_again_after_it(harness: Harness) -> None:
    plan: list[tuple[str, dict[str, Any]] | None] = [
        ("get_metric_trend", {"period": "14d"}),
        ("record_metric", {"value": "150/95", "date": _today()}),
        ("get_metric_trend", {"period": "14d"}),
        None,
    ]
    model = LoopingChatModel(policy=lambda turn, tools: plan[min(turn, len(plan)) - 1])
    out = await harness.run(METRIC_REQUEST_EN, model)
    await finish(harness, out)

    assert out["stop_reason"] == "completed"
    assert harness.executions("get_metric_trend") == 2, "the read is re-run after the write"
    assert harness.executions("record_metric") == 1
    assert [c["verdict"] for c in out["tool_calls"]] == ["run", "run", "run"]
    assert "1 reading(s)" in out["answer"], "the trend shown includes the new reading"


class InvalidJsonModel(LoopingChatModel):
    """First turn: arguments that are not JSON (as a provider reports them); then a fix."""

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.turns += 1
        if self.turns == 1:
            message = AIMessage(
                content="",
                invalid_tool_calls=[
                    {
                        "id": f"call_{uuid.uuid4().hex}",
                        "name": "query_order",
                        "args": '{"order_id": 100',
                        "error": "Expecting ',' delimiter",
                        "type": "invalid_tool_call",
                    }
                ],
            )
        else:
            call_id = f"call_{uuid.uuid4().hex}"
            message = AIMessage(
                content="",
                tool_calls=[{"id": call_id, "name": "query_order", "args": {"order_id": "10086"}}],
            )
        return ChatResult(generations=[ChatGeneration(message=message)])


async def test_unparsable_arguments_get_a_hint_and_an_answer(harness: Harness) -> None:
    out = await harness.run(ORDER_REQUEST_EN, InvalidJsonModel(policy=_missing_order))
    state = await finish(harness, out)

    assert out["stop_reason"] == "completed"
    assert [c["verdict"] for c in out["tool_calls"]] == ["feedback", "run"]
    assert harness.executions("query_order") == 1
    hint = tool_messages(state)[0]
    assert hint.status == "error"
    assert "not a valid JSON object" in str(hint.content)
