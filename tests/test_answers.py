"""Honest answers: whatever ended the run, the answer lists every write that changed something.

`compose_answer` is pure, so every stop reason of the closed set is checked on a state that
holds writes; then real runs that wrote and stopped for different reasons are checked end to
end, the time budget's per-model-call limit included.
"""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

import pytest
from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatResult

from graph.state import STOP_REASONS, State, WriteRecord
from nodes.respond import compose_answer
from tests.conftest import METRIC_REQUEST_EN, Harness
from tests.fakes import ProviderLikeChatModel
from tests.test_bound_args import NOTES, NoSlots, ReadingChatModel, finish
from tests.test_models_e2e import LoopingChatModel
from tools.domain import Budget, Domain, IntentSpec, Step
from tools.examples import DOMAIN

TODAY = date.today().isoformat()
RECORDED: WriteRecord = {
    "task_seq": 2,
    "id": "c1",
    "tool": "record_metric",
    "args": {"value": "150/95", "date": TODAY},
    "outcome": "ok",
    "receipt": {"record_id": "m_7", "value": "150/95", "date": TODAY},
}
RECORDED_TEXT = (
    f"record_metric(value=150/95, date={TODAY}) -> record_id=m_7, value=150/95, date={TODAY}"
)
UNTICKED: WriteRecord = {
    "task_seq": 2,
    "id": "c2",
    "tool": "send_order_notification",
    "args": {"order_id": "10086", "contact_ref": "ct_0000000000000000"},
    "outcome": "unknown_outcome",
    "receipt": {},
}
"""A write no step of the intent uses, whose outcome is unknown: listed all the same."""
EARLIER_TASK: WriteRecord = {**RECORDED, "task_seq": 1, "id": "old", "args": {"value": "1/1"}}


def _state(reason: str) -> State:
    complete = reason == "completed"
    return State(
        task_seq=2,
        intent=None if reason == "unknown_intent" else "record_and_review_metric",
        slots={"value": "150/95", "date": TODAY, "period": "14d"},
        checklist={"metric_recorded": True, "trend_loaded": complete},
        evidence={"metric_recorded": dict(RECORDED["receipt"])},
        writes=[EARLIER_TASK, RECORDED, UNTICKED],
        verdict={"node": "verifier", "action": "stop", "reason": reason, "detail": "why"},
    )


@pytest.mark.parametrize("reason", STOP_REASONS)
def test_every_stop_reasons_answer_lists_the_writes_of_the_task(reason: str) -> None:
    ended, answer = compose_answer(_state(reason), DOMAIN)

    assert ended == reason
    assert RECORDED_TEXT in answer, "a write with its arguments and receipt"
    assert (
        "send_order_notification(order_id=10086, contact_ref=ct_0000000000000000) -> outcome "
        "unknown" in answer
    ), "a write that ticked no step, whose outcome is unknown"
    assert "value=1/1" not in answer, "an earlier task's write is that task's answer's business"


def test_an_answer_without_writes_claims_none() -> None:
    state = _state("tool_failed")
    state.writes = []
    _, answer = compose_answer(state, DOMAIN)
    assert "Changes made" not in answer


# --- real runs that wrote, then stopped ----------------------------------------------------------


def _records_then(after: list[tuple[str, dict[str, Any]]]) -> ReadingChatModel:
    """Saves today's reading, then sends `after` one call a turn, then answers."""

    def policy(
        task: dict[str, Any], history: list[BaseMessage]
    ) -> list[tuple[str, dict[str, Any]]]:
        turn = sum(1 for m in history if isinstance(m, AIMessage) and m.tool_calls)
        script = [("record_metric", {"value": "150/95", "date": TODAY}), *after]
        return [script[turn]] if turn < len(script) else []

    return ReadingChatModel(policy=policy)


YESTERDAY_WRITE = ("record_metric", {"value": "120/80", "date": "2000-01-01"})
RUNS: dict[str, tuple[Any, dict[str, Any]]] = {
    "completed": ("offline", {}),
    "call_budget": ("offline", {"max_calls": 1}),
    "step_budget": ("offline", {"max_rounds": 1}),
    "duplicate_call": ("scripted:repeat", {}),
    "no_progress": (_records_then([]), {}),
    "validation_failed": (_records_then([YESTERDAY_WRITE] * 3), {}),
    "token_budget": (
        LoopingChatModel(
            policy=lambda turn, tools: (
                ("record_metric", {"value": "150/95", "date": TODAY})
                if turn == 1
                else ("get_metric_trend", {"period": "14d"})
            )
        ),
        {"max_tokens": 100},
    ),
}


@pytest.mark.parametrize("reason", sorted(RUNS))
async def test_a_run_that_wrote_names_the_write_whatever_stopped_it(
    harness: Harness, reason: str
) -> None:
    model, limits = RUNS[reason]
    if isinstance(model, ReadingChatModel | LoopingChatModel):
        model = model.model_copy()  # a fresh turn counter per run
    out = await harness.run(METRIC_REQUEST_EN, model, **limits)
    await finish(harness, out)

    assert out["stop_reason"] == reason
    assert harness.executions("record_metric") == 1
    assert (
        f"Changes made in this run: record_metric(value=150/95, date={TODAY}) -> record_id=m_1"
        in out["answer"]
    )


async def test_an_aborted_run_names_the_write_it_made(harness: Harness) -> None:
    paused = await harness.run(
        METRIC_REQUEST_EN, "scripted:repeat", human_review=True, thread_id="h"
    )
    assert paused["status"] == "interrupted"
    assert [w["tool"] for w in paused["interrupt"]["writes"]] == ["record_metric"], (
        "the human deciding sees what already changed"
    )
    done = await harness.resume("h", {"action": "abort"})

    assert done["stop_reason"] == "human_aborted"
    assert "record_metric(value=150/95" in done["answer"]


# --- the time budget: per model call and per run --------------------------------------------------


class HangingChatModel(ProviderLikeChatModel):
    """Answers its first turn with a call, then never answers (a stuck local model)."""

    first: list[tuple[str, dict[str, Any]]]
    turns: int = 0

    @property
    def _llm_type(self) -> str:
        return "hanging-test-model"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        raise NotImplementedError

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.turns += 1
        if self.turns > 1:
            await asyncio.Event().wait()  # never set: only the budget ends this call
        calls = [{"id": f"call_{i}", "name": n, "args": a} for i, (n, a) in enumerate(self.first)]
        return self.reply(AIMessage(content="", tool_calls=calls), 10, 10)


SLOW_MODEL = Domain(
    name="slow-model-test",
    tools=NOTES.tools,
    intents=(
        IntentSpec(
            name="note",
            description="Save two notes.",
            extract=lambda text, today: {} if "note" in text else None,
            slots_model=NoSlots,
            steps=tuple(
                Step(
                    name=f"noted_{topic}",
                    tool="save_note",
                    args=lambda s, t=topic: {"topic": t},
                    free=frozenset({"wording"}),
                )
                for topic in ("weather", "sports")
            ),
            budget=Budget(max_rounds=3, max_calls=3, max_model_seconds=0.5),
        ),
    ),
)
"""Two notes to save, and a model whose second turn never comes back."""


async def test_a_model_call_over_its_limit_stops_with_time_budget(harness: Harness) -> None:
    model = HangingChatModel(first=[("save_note", {"topic": "weather", "wording": "Sunny."})])
    out = await harness.run("take a note", model, domain="tests.test_answers:SLOW_MODEL")
    await finish(harness, out)

    assert out["stop_reason"] == "time_budget"
    assert "max_model_seconds" in out["answer"]
    assert harness.executions("save_note") == 1
    assert "save_note(topic=weather, wording=Sunny.) -> note_id=note_1" in out["answer"]


def test_default_time_budgets_fit_a_small_model_on_a_cpu() -> None:
    # One turn of a 0.5B model took up to 57 s on a loaded 2-core machine (issue 18): each
    # call fits its own limit, and a task of max_rounds such turns plus the answer fits.
    slowest_turn = 57.0
    budget = Budget()
    assert budget.max_model_seconds >= 2 * slowest_turn
    assert budget.max_seconds >= (budget.max_rounds + 1) * slowest_turn
    for intent in DOMAIN.intents:
        assert intent.budget.max_seconds >= (intent.budget.max_rounds + 1) * slowest_turn
