"""What the model is told next, who proposes determined steps, and the one re-prompt.

Scripted models only: each test model records every prompt it receives and answers from a
small script, so the tests assert what the model saw, who proposed each call (the call
records and the trace), how often tool functions really ran (the business store) and how
the run ended.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any, ClassVar

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatResult
from pydantic import Field

from checkpoints import trace
from graph.models import preferred_policy
from tests.conftest import METRIC_REQUEST_EN, ORDER_REQUEST_EN, Harness, assert_valid_history
from tests.fakes import ProviderLikeChatModel
from tools.domain import DEFAULT_POLICY, Domain, IntentSpec, StepPolicy
from tools.errors import ConfigError
from tools.examples import DOMAIN as EXAMPLES

TODAY = date.today().isoformat()
Script = Callable[[int, list[BaseMessage]], AIMessage]


class RecordingModel(ProviderLikeChatModel):
    """Answers from a script and keeps every prompt it was sent."""

    script: Script
    prompts: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "recording-test-model"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.prompts.append(list(messages))
        return self.reply(self.script(len(self.prompts), messages), 50, 10)


def recording(script: Script) -> RecordingModel:
    return RecordingModel(script=script)


def call(name: str, args: dict[str, Any]) -> AIMessage:
    return AIMessage(
        content="", tool_calls=[{"id": f"call_{uuid.uuid4().hex}", "name": name, "args": args}]
    )


def record_forever(turn: int, messages: list[BaseMessage]) -> AIMessage:
    """The small model of issue 17: records the reading, then records it again, and again."""
    return call("record_metric", {"value": "150/95", "date": TODAY})


def never_called(turn: int, messages: list[BaseMessage]) -> AIMessage:
    raise AssertionError("the runtime was to take every step without asking the model")


def answer_only(turn: int, messages: list[BaseMessage]) -> AIMessage:
    return AIMessage(content="Your order is on its way.")


def envelope(message: BaseMessage) -> dict[str, Any]:
    assert isinstance(message, ToolMessage)
    data: dict[str, Any] = json.loads(str(message.content))
    return data


async def proposers(harness: Harness, thread_id: str) -> list[tuple[str, str, str]]:
    calls = (await harness.state(thread_id))["calls"]
    return [(c["tool"], c["verdict"], c.get("proposer", "")) for c in calls]


# --- the task state, in code's words ------------------------------------------------------------


async def test_every_tool_result_the_model_reads_ends_with_the_task_state(
    harness: Harness,
) -> None:
    model = recording(record_forever)
    out = await harness.run(METRIC_REQUEST_EN, model, step_policy="model")

    assert out["stop_reason"] == "duplicate_call"
    assert harness.executions("record_metric") == 1
    after_result, after_guard = model.prompts[1], model.prompts[2]
    # After the real execution: the receipt, then what is done, what is open, what is next.
    executed = envelope(after_result[-1])
    assert executed["ok"] is True
    assert list(executed)[-1] == "task_state", "the task state is the last thing it reads"
    state = executed["task_state"]
    assert state["done"]["metric_recorded"]["value"] == "150/95"
    assert state["open"] == ["trend_loaded"]
    assert state["next"] == {
        "step": "trend_loaded",
        "name": "get_metric_trend",
        "arguments": {"period": "14d"},
    }
    # After the guard answered the repeat from the record: the same state, still pointing on.
    cached = envelope(after_guard[-1])
    assert "already succeeded" in cached["message"]
    assert cached["task_state"]["next"]["name"] == "get_metric_trend"
    # Only the last result carries it: earlier ones stay as they were.
    earlier = [m for m in after_guard if isinstance(m, ToolMessage)][:-1]
    assert earlier
    assert all("task_state" not in envelope(m) for m in earlier)
    # And the stored history holds the results as the tools returned them.
    stored = (await harness.state(out["thread_id"]))["messages"]
    assert all("task_state" not in str(m.content) for m in stored if isinstance(m, ToolMessage))


async def test_the_offline_and_scripted_models_read_results_with_the_state_appended(
    harness: Harness,
) -> None:
    out = await harness.run(METRIC_REQUEST_EN, "scripted:fix-after-hint")
    assert out["stop_reason"] == "completed"
    assert harness.executions() == 2


# --- step policies --------------------------------------------------------------------------------


async def test_model_policy_leaves_a_repeating_model_to_the_guard(harness: Harness) -> None:
    model = recording(record_forever)
    out = await harness.run(METRIC_REQUEST_EN, model, step_policy="model")

    assert out["stop_reason"] == "duplicate_call"
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 0
    assert {p for _, _, p in await proposers(harness, out["thread_id"])} == {"model"}


async def test_hint_policy_proposes_the_step_the_model_left_open(harness: Harness) -> None:
    model = recording(record_forever)
    out = await harness.run(METRIC_REQUEST_EN, model, step_policy="hint")

    assert out["stop_reason"] == "completed"
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1
    # The model had its turn with the hint (and repeated itself); then the runtime stepped in.
    assert len(model.prompts) == 2
    assert await proposers(harness, out["thread_id"]) == [
        ("record_metric", "run", "model"),
        ("record_metric", "cached", "model"),
        ("get_metric_trend", "run", "runtime"),
    ]
    rows = await trace.rows(harness.db, out["thread_id"])
    runtime_rows = [r for r in rows if r["kind"] == "verdict" and r["reason"] == "runtime_step"]
    assert [r["tool"] for r in runtime_rows] == ["get_metric_trend"]
    state = await harness.state(out["thread_id"])
    assert_valid_history(state["messages"])
    assert state["usage"]["tokens"] == 2 * 60, "a runtime turn costs no model tokens"


async def test_hint_policy_lets_a_model_that_follows_the_hint_do_every_step(
    harness: Harness,
) -> None:
    out = await harness.run(METRIC_REQUEST_EN, "offline", step_policy="hint")

    assert out["stop_reason"] == "completed"
    assert harness.executions() == 2
    assert {p for _, _, p in await proposers(harness, out["thread_id"])} == {"model"}


async def test_workflow_policy_runs_determined_steps_without_the_model(harness: Harness) -> None:
    out = await harness.run(
        "text me the status of order 10086", recording(never_called), step_policy="workflow"
    )

    assert out["stop_reason"] == "completed"
    assert harness.executions("get_customer_profile") == 1
    assert harness.executions("query_order") == 1
    assert harness.executions("send_order_notification") == 1
    calls = await proposers(harness, out["thread_id"])
    assert [tool for tool, _, _ in calls] == [
        "get_customer_profile",
        "query_order",
        "send_order_notification",
    ]
    assert {(v, p) for _, v, p in calls} == {("run", "runtime")}
    assert out["usage"]["tokens"] == 0


async def test_workflow_follows_pages_and_polls_through_the_guard(harness: Harness) -> None:
    pages = await harness.run("list all my orders", recording(never_called), step_policy="workflow")
    assert pages["stop_reason"] == "completed"
    assert harness.executions("list_orders") == 3

    report = await harness.run(
        "generate my monthly report", recording(never_called), step_policy="workflow"
    )
    assert report["stop_reason"] == "completed"
    assert harness.executions("submit_report") == 1
    assert harness.executions("get_job_status") == 5


async def test_a_step_that_failed_for_good_is_not_repeated_by_the_runtime(
    harness: Harness,
) -> None:
    out = await harness.run("where is order 99999", recording(never_called), step_policy="workflow")

    assert out["stop_reason"] == "tool_failed"
    assert harness.executions("query_order") == 1
    assert "99999" in out["answer"]


async def test_a_risky_write_proposed_by_the_runtime_still_waits_for_a_human(
    harness: Harness,
) -> None:
    out = await harness.run("cancel order 10091", recording(never_called), step_policy="workflow")

    assert out["stop_reason"] == "needs_human"
    assert harness.executions("cancel_order") == 0
    assert await proposers(harness, out["thread_id"]) == [
        ("cancel_order", "awaiting_approval", "runtime")
    ]


WORKFLOW_DOMAIN = Domain(
    **{
        **EXAMPLES.__dict__,
        "intents": tuple(
            IntentSpec(**{**i.__dict__, "policy": "workflow"}) for i in EXAMPLES.intents
        ),
    }
)
"""The example domain with every intent declared `workflow`."""


async def test_the_intents_own_policy_applies_unless_the_run_overrides_it(
    harness: Harness,
) -> None:
    domain = f"{__name__}:WORKFLOW_DOMAIN"
    out = await harness.run(ORDER_REQUEST_EN, recording(never_called), domain=domain)
    assert out["stop_reason"] == "completed"
    assert harness.executions("query_order") == 1

    model = recording(answer_only)
    overridden = await harness.run(ORDER_REQUEST_EN, model, domain=domain, step_policy="model")
    assert overridden["stop_reason"] == "no_progress"
    assert len(model.prompts) == 2


class NoPreferenceModel(RecordingModel):
    """A model that names no step policy, as a provider's model does."""

    preferred_step_policy: ClassVar[StepPolicy | None] = None


async def test_a_model_without_a_preference_runs_under_the_default_hint(
    harness: Harness,
) -> None:
    assert DEFAULT_POLICY == "hint"
    model = NoPreferenceModel(script=record_forever)
    out = await harness.run(METRIC_REQUEST_EN, model)

    assert out["stop_reason"] == "completed"
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1
    assert (await proposers(harness, out["thread_id"]))[-1] == (
        "get_metric_trend",
        "run",
        "runtime",
    )


async def test_a_scripted_model_prefers_model_and_the_run_can_choose_hint(
    harness: Harness,
) -> None:
    assert preferred_policy("scripted:repeat") == "model"
    assert preferred_policy("offline") is None
    alone = await harness.run(METRIC_REQUEST_EN, "scripted:repeat")
    assert alone["stop_reason"] == "duplicate_call"
    assert harness.executions("get_metric_trend") == 0

    hinted = await harness.run(METRIC_REQUEST_EN, "scripted:repeat", step_policy="hint")
    assert hinted["stop_reason"] == "completed"
    assert harness.executions("record_metric") == 2, "one write per task, two tasks"
    assert harness.executions("get_metric_trend") == 1


def test_an_unknown_policy_is_a_config_error_naming_the_intent() -> None:
    bad = IntentSpec(**{**EXAMPLES.intents[0].__dict__, "policy": "autopilot"})
    with pytest.raises(ConfigError, match=r"record_and_recheck_metric.*policy.*autopilot"):
        Domain(**{**EXAMPLES.__dict__, "intents": (bad,)})


# --- an answer with a step open: one precise re-prompt ----------------------------------------


async def test_an_answer_with_an_open_step_gets_one_precise_reprompt(harness: Harness) -> None:
    def answers_then_complies(turn: int, messages: list[BaseMessage]) -> AIMessage:
        if turn == 1:
            return AIMessage(content="Your order is on its way.")
        return call("query_order", {"order_id": "10086"})

    model = recording(answers_then_complies)
    out = await harness.run(ORDER_REQUEST_EN, model, step_policy="model")

    assert out["stop_reason"] == "completed"
    assert harness.executions("query_order") == 1
    reprompt = model.prompts[1][-1]
    assert isinstance(reprompt, HumanMessage)
    assert "'order_found' is still open" in reprompt.text
    assert 'call query_order with {"order_id": "10086"}' in reprompt.text
    stored = (await harness.state(out["thread_id"]))["messages"]
    assert [m.text for m in stored if isinstance(m, HumanMessage)] == [ORDER_REQUEST_EN]


async def test_a_second_answer_with_the_step_open_ends_with_no_progress(harness: Harness) -> None:
    model = recording(answer_only)
    out = await harness.run(ORDER_REQUEST_EN, model, step_policy="model")

    assert out["stop_reason"] == "no_progress"
    assert len(model.prompts) == 2, "exactly one re-prompt"
    assert harness.executions() == 0


async def test_under_hint_an_answer_with_a_determined_step_open_hands_it_to_the_runtime(
    harness: Harness,
) -> None:
    model = recording(answer_only)
    out = await harness.run(ORDER_REQUEST_EN, model, step_policy="hint")

    assert out["stop_reason"] == "completed"
    assert len(model.prompts) == 1
    assert harness.executions("query_order") == 1
    assert await proposers(harness, out["thread_id"]) == [("query_order", "run", "runtime")]


# --- a write runs only with the request's values ----------------------------------------------


async def test_a_write_with_a_re_guessed_value_is_refused_before_it_runs(harness: Harness) -> None:
    yesterday = (date.today() - timedelta(days=1)).isoformat()
    day_before = (date.today() - timedelta(days=2)).isoformat()

    def wrong_day_then_right(turn: int, messages: list[BaseMessage]) -> AIMessage:
        day = day_before if turn == 1 else yesterday
        return call("record_metric", {"value": "122/80", "date": day})

    model = recording(wrong_day_then_right)
    out = await harness.run(
        "save my blood pressure from yesterday: 122/80", model, step_policy="model"
    )

    assert out["stop_reason"] == "completed"
    assert harness.executions("record_metric") == 1, "the wrong day never reached the store"
    hint = envelope(model.prompts[1][-1])
    assert hint["error_type"] == "validation"
    assert f"field 'date' expected \"{yesterday}\"" in hint["message"]
    assert f'send date as "{yesterday}"' in hint["message"]


async def test_a_write_for_a_step_already_done_is_refused(harness: Harness) -> None:
    def records_twice(turn: int, messages: list[BaseMessage]) -> AIMessage:
        value = "150/95" if turn == 1 else "151/95"
        return call("record_metric", {"value": value, "date": TODAY})

    out = await harness.run(METRIC_REQUEST_EN, recording(records_twice), step_policy="model")

    assert out["stop_reason"] == "validation_failed"
    assert harness.executions("record_metric") == 1


async def test_a_model_that_keeps_re_guessing_a_write_is_stopped_by_the_validation_ladder(
    harness: Harness,
) -> None:
    def wrong_day(turn: int, messages: list[BaseMessage]) -> AIMessage:
        return call("record_metric", {"value": "128/82", "date": "2020-01-01"})

    out = await harness.run("record today's reading 128/82", recording(wrong_day))

    assert out["stop_reason"] == "validation_failed"
    assert harness.executions() == 0
