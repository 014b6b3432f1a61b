"""Human in the loop: a stopped run pauses in fallback and resumes with approve, edit or abort.

The checkpoint and the ledger are real SQLite files. Resuming re-runs `fallback` from its
top, so these tests also show that nothing before `interrupt()` repeats an effect.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import ToolMessage
from langgraph.runtime import Runtime

from checkpoints.ledger import Ledger
from graph.context import Context
from graph.state import State
from nodes.guard import guard
from tests.conftest import METRIC_REQUEST_EN, Harness, assert_valid_history
from tools.errors import AgentError

MISSING_ORDER_EN = "where is order 99999"
TID = "hitl-1"
TREND_EDIT = {"action": "edit", "tool": "get_metric_trend", "args": {"period": "14d"}}


async def paused(harness: Harness, request: str = METRIC_REQUEST_EN) -> dict[str, Any]:
    """A repeat-forever run with a human attached, stopped by the guard and waiting."""
    out = await harness.run(request, "scripted:repeat", thread_id=TID, human_review=True)
    assert out["status"] == "interrupted"
    assert out["stop_reason"] is None
    assert out["next"] == ["fallback"]
    payload = out["interrupt"]
    assert payload["options"] == ["approve", "edit", "abort"]
    assert "error" not in payload
    return out


async def test_interrupt_names_the_blocked_call_and_reason(harness: Harness) -> None:
    out = await paused(harness)
    payload = out["interrupt"]
    assert payload["reason"] == "duplicate_call"
    assert payload["call"]["tool"] == "record_metric"
    assert payload["call"]["args"]["value"] == "150/95"
    assert payload["checklist"] == {"metric_recorded": True, "trend_loaded": False}
    assert harness.executions("record_metric") == 1
    shown = (await harness.state(TID))["verdict"]
    assert shown["node"] == "guard"


async def test_approved_duplicate_write_does_not_write_twice(harness: Harness) -> None:
    await paused(harness)

    out = await harness.resume(TID, {"action": "approve"})

    approved = [c for c in out["tool_calls"] if c["verdict"] == "approved"]
    assert len(approved) == 1
    assert approved[0]["name"] == "record_metric"
    assert approved[0]["executed"] is False, "answered by the ledger's receipt"
    assert approved[0]["outcome"] == "ok"
    assert harness.executions("record_metric") == 1
    rows = await Ledger(harness.db).rows(TID)
    assert [(r["tool"], r["status"], r["attempts"]) for r in rows] == [
        ("record_metric", "succeeded", 1)
    ]
    # The model repeats again; its counters survived the pause (its rounds are used up by the
    # repeats), so it is stopped at once.
    assert out["status"] == "interrupted"
    assert out["tool_calls"][-1]["verdict"] == "stopped"
    state = await harness.state(TID)
    assert state["strikes"]["duplicate"] >= 3
    assert_valid_history(list(state["messages"]))

    final = await harness.resume(TID, {"action": "abort"})
    assert final["stop_reason"] == "human_aborted"
    assert harness.executions("record_metric") == 1


async def test_edit_runs_the_corrected_call_and_completes(harness: Harness) -> None:
    await paused(harness)

    out = await harness.resume(TID, TREND_EDIT)

    assert out["status"] == "completed"
    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1
    edited = out["tool_calls"][-1]
    assert (edited["name"], edited["verdict"], edited["executed"]) == (
        "get_metric_trend",
        "edited",
        True,
    )
    assert out["card"] is not None
    assert_valid_history(list((await harness.state(TID))["messages"]))


async def test_edit_of_only_the_arguments_keeps_the_blocked_tool(harness: Harness) -> None:
    out = await harness.run(
        "where is order 10086", "scripted:wrong-type", thread_id=TID, human_review=True
    )
    assert out["interrupt"]["reason"] == "validation_failed"
    assert out["interrupt"]["call"] == {"tool": "query_order", "args": {"order_id": 10086}}

    # Approving the mistyped call as proposed is refused with the field-level error.
    again = await harness.resume(TID, {"action": "approve"})
    assert again["status"] == "interrupted"
    assert "field 'order_id' expected a string, got integer 10086" in again["interrupt"]["error"]
    assert harness.executions("query_order") == 0

    done = await harness.resume(TID, {"action": "edit", "args": {"order_id": "10086"}})
    assert done["stop_reason"] == "completed"
    assert done["checklist"] == {"order_found": True}
    assert harness.executions("query_order") == 1
    assert done["tool_calls"][-1]["args"] == {"order_id": "10086"}


async def test_an_edit_that_does_not_match_the_request_does_not_tick_the_step(
    harness: Harness,
) -> None:
    out = await harness.run(MISSING_ORDER_EN, "scripted:repeat", thread_id=TID, human_review=True)
    assert out["interrupt"]["call"] == {"tool": "query_order", "args": {"order_id": "99999"}}
    assert harness.executions("query_order") == 2

    # Another order than the one asked about runs, but cannot tick "order 99999 found".
    after = await harness.resume(TID, {"action": "edit", "args": {"order_id": "10086"}})
    assert harness.executions("query_order") == 3
    assert after["checklist"] == {"order_found": False}
    assert after["status"] == "interrupted"
    final = await harness.resume(TID, {"action": "abort"})
    assert final["stop_reason"] == "human_aborted"
    assert harness.executions("query_order") == 3


@pytest.mark.parametrize(
    ("decision", "expected"),
    [
        (
            {"action": "edit", "tool": "get_metric_trend", "args": {"period": "21d"}},
            ["field 'period'", "one of", '"21d"'],
        ),
        (
            {"action": "edit", "args": {"value": "150/95", "date": "2026-99-01"}},
            ["field 'date'", "a date YYYY-MM-DD", '"2026-99-01"'],
        ),
        (
            {"action": "edit", "tool": "query_order", "args": {"order_id": "1"}},
            ["'query_order' is not offered"],
        ),
        ({"action": "maybe"}, ["resume value must be"]),
        ({"action": "edit", "args": "period=14d"}, ["'args' as a JSON object"]),
    ],
)
async def test_invalid_decision_re_interrupts_with_a_precise_error(
    harness: Harness, decision: dict[str, Any], expected: list[str]
) -> None:
    await paused(harness)

    out = await harness.resume(TID, decision)

    assert out["status"] == "interrupted"
    error = out["interrupt"]["error"]
    for text in expected:
        assert text in error
    assert harness.executions() == 1, "nothing new ran"

    # The thread is still usable: a valid edit now completes it.
    done = await harness.resume(TID, TREND_EDIT)
    assert done["stop_reason"] == "completed"
    assert harness.executions("get_metric_trend") == 1


async def test_abort_ends_with_human_aborted(harness: Harness) -> None:
    await paused(harness)

    out = await harness.resume(TID, {"action": "abort"})

    assert out["status"] == "stopped"
    assert out["stop_reason"] == "human_aborted"
    assert out["interrupt"] is None
    assert out["next"] == []
    assert out["answer"].startswith("Stopped at your request.")
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": False}
    assert harness.executions() == 1
    assert_valid_history(list((await harness.state(TID))["messages"]))


async def test_a_paused_thread_needs_a_decision_and_takes_no_new_request(
    harness: Harness,
) -> None:
    await paused(harness)

    with pytest.raises(AgentError, match="waiting for a human decision"):
        await harness.resume(TID)
    with pytest.raises(AgentError, match="unfinished run"):
        await harness.run(METRIC_REQUEST_EN, "scripted:repeat", thread_id=TID)
    assert harness.executions() == 1


async def test_finished_thread_cannot_be_resumed_but_takes_a_new_request(
    harness: Harness,
) -> None:
    await paused(harness)
    await harness.resume(TID, {"action": "abort"})

    with pytest.raises(AgentError, match="already finished"):
        await harness.resume(TID, {"action": "approve"})
    again = await harness.run(METRIC_REQUEST_EN, thread_id=TID)
    assert again["stop_reason"] == "completed"
    assert harness.executions("record_metric") == 2, "a new request is a new write"


async def test_without_a_human_the_same_stop_is_answered_gracefully(harness: Harness) -> None:
    out = await harness.run(METRIC_REQUEST_EN, "scripted:repeat", thread_id=TID)
    assert out["status"] == "stopped"
    assert out["stop_reason"] == "duplicate_call"
    assert out["interrupt"] is None


@pytest.mark.parametrize(
    ("call", "reason", "said"),
    [
        ({"period": 14}, "validation_failed", "field 'period' expected"),
        ({"period": "14d"}, None, ""),
    ],
)
async def test_the_guard_re_checks_a_human_call_before_it_runs(
    call: dict[str, Any], reason: str | None, said: str
) -> None:
    # A human's call reaches execute only through the guard (fallback → guard): what no
    # approval overrides (offer, permission, the schema of an edited call) is checked again.
    state = State(
        intent="record_and_review_metric",
        offered_tools=["record_metric", "get_metric_trend"],
        pending=[{"id": "human_1_0", "tool": "get_metric_trend", "args": call, "fingerprint": "f"}],
        verdict={"node": "fallback", "action": "run", "reason": None, "detail": "edited"},
    )
    update = await guard(state, Runtime(context=Context()))
    if reason is None:
        assert update == {
            "verdict": {
                "node": "guard",
                "action": "run",
                "reason": None,
                "detail": "edited; cleared by the guard",
            }
        }
        return
    assert update["verdict"]["action"] == "stop"
    assert update["verdict"]["reason"] == reason
    assert update["pending"] == []
    (answer,) = update["messages"]
    assert isinstance(answer, ToolMessage)
    assert answer.tool_call_id == "human_1_0"
    assert said in str(answer.content)
