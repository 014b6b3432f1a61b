"""The router's model path: a chat model picks the intent by structured output.

`RoutingChatModel` stands in for a provider model: it supports `bind_tools` (hence
`with_structured_output`), answers the router's `RouteRequest` schema from a script, and
proposes tool calls like the offline planner otherwise. Each test runs the whole graph and
counts what the model was asked, what executed and what the backend holds.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from graph.models import OfflineChatModel, _current_task, read_task
from tests.conftest import Harness
from tools.examples import DOMAIN as EXAMPLES

EXPENSES = "tools.expenses:DOMAIN"
ROUTE_SCHEMA = "RouteRequest"


class RoutingChatModel(BaseChatModel):
    """A provider-like model: scripted routes by structured output, planned tool calls."""

    routes: dict[str, tuple[str, float]]
    """Request text -> (intent or "none", confidence)."""
    broken: bool = False
    """Answer the route schema with text instead of a tool call (an unparsable answer)."""
    route_calls: int = 0
    propose_calls: int = 0
    prompts: list[str] = []  # noqa: RUF012 - pydantic copies the default per instance

    @property
    def _llm_type(self) -> str:
        return "routing-test-model"

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        tools: list[dict[str, Any]] = kwargs.get("tools") or []
        names = [t["function"]["name"] for t in tools]
        if names == [ROUTE_SCHEMA]:
            self.route_calls += 1
            self.prompts.append(str(messages[0].content))
            assert isinstance(messages[0], SystemMessage)
            assert isinstance(messages[-1], HumanMessage)
            intent, confidence = self.routes[messages[-1].text]
            if self.broken:
                message = AIMessage(content=f"I think it is {intent}.")
            else:
                message = AIMessage(
                    content="",
                    tool_calls=[
                        {
                            "id": f"call_{uuid.uuid4().hex}",
                            "name": ROUTE_SCHEMA,
                            "args": {"intent": intent, "confidence": confidence},
                        }
                    ],
                )
        else:
            self.propose_calls += 1
            schemas = {t["function"]["name"]: t for t in tools}
            message = OfflineChatModel().decide(
                read_task(messages), _current_task(messages), schemas
            )
        message.usage_metadata = {"input_tokens": 40, "output_tokens": 10, "total_tokens": 50}
        return ChatResult(generations=[ChatGeneration(message=message)])


def rows(store: str, table: str) -> int:
    with sqlite3.connect(store) as conn:
        found = conn.execute(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()[0]
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]) if found else 0


async def test_the_model_routes_what_no_rule_matches(harness: Harness) -> None:
    text = "how has my pressure been doing, say the last two weeks"
    model = RoutingChatModel(routes={text: ("review_metric_trend", 0.9)})

    out = await harness.run(text, model)

    assert model.route_calls == 1
    assert out["stop_reason"] == "completed"
    assert out["intent"] == "review_metric_trend"
    assert out["route"]["source"] == "model"
    assert out["route"]["confidence"] == 0.9
    assert out["route"]["slots"]["period"] == {
        "value": "14d",
        "text": "the last two weeks",
        "start": 36,
        "end": 54,
        "kind": "period",
    }, "the period is computed by code from the words, not by the model"
    assert harness.executions("get_metric_trend") == 1
    assert out["usage"]["tokens"] >= 50, "the routing call is charged to the task"
    prompt = model.prompts[0]
    assert "review_metric_trend (read-only)" in prompt
    assert "record_metric (changes data)" in prompt
    assert '"show my trend for the last two weeks"' in prompt, "examples reach the model"


async def test_a_rule_match_never_asks_the_model(harness: Harness) -> None:
    model = RoutingChatModel(routes={})
    out = await harness.run("where is order 10086", model)

    assert out["stop_reason"] == "completed"
    assert out["route"]["rule"] == "order_status"
    assert model.route_calls == 0


async def test_low_confidence_asks_a_clarifying_question(harness: Harness) -> None:
    text = "the numbers from last time"
    model = RoutingChatModel(routes={text: ("review_metric_trend", 0.35)})

    out = await harness.run(text, model)

    assert model.route_calls == 1
    assert model.propose_calls == 0, "nothing is proposed for a request the router is unsure of"
    assert out["status"] == "stopped"
    assert out["stop_reason"] == "unknown_intent"
    assert out["intent"] is None
    assert out["tool_calls"] == []
    assert harness.executions() == 0
    assert out["route"]["action"] == "clarify"
    assert out["route"]["candidates"][0] == {"intent": "review_metric_trend", "p": 0.35}
    assert out["answer"].startswith("I am not sure what you would like. Did you mean")
    assert "trend" in out["answer"]


async def test_low_confidence_in_hitl_mode_interrupts_and_a_person_picks(
    harness: Harness,
) -> None:
    text = "the numbers from last time"
    model = RoutingChatModel(routes={text: ("review_metric_trend", 0.35)})

    paused = await harness.run(text, model, thread_id="c-1", human_review=True)

    assert paused["status"] == "interrupted"
    assert paused["interrupt"]["reason"] == "unknown_intent"
    assert "Did you mean" in paused["interrupt"]["question"]
    assert paused["interrupt"]["candidates"][0]["intent"] == "review_metric_trend"
    assert harness.executions() == 0

    done = await harness.resume(
        "c-1",
        {"action": "edit", "args": {"intent": "review_metric_trend"}},
        context=harness.context(model, human_review=True),
    )

    assert done["stop_reason"] == "completed"
    assert done["intent"] == "review_metric_trend"
    assert done["route"]["source"] == "human"
    assert harness.executions("get_metric_trend") == 1


async def test_hitl_clarification_can_be_aborted(harness: Harness) -> None:
    text = "the numbers from last time"
    model = RoutingChatModel(routes={text: ("none", 0.8)})
    await harness.run(text, model, thread_id="c-2", human_review=True)

    done = await harness.resume(
        "c-2", {"action": "abort"}, context=harness.context(model, human_review=True)
    )

    assert done["stop_reason"] == "human_aborted"
    assert harness.executions() == 0


async def test_a_person_choosing_a_write_still_needs_its_slots(harness: Harness) -> None:
    text = "the numbers from last time"
    model = RoutingChatModel(routes={text: ("none", 0.8)})
    await harness.run(text, model, thread_id="c-3", human_review=True)

    done = await harness.resume(
        "c-3", {"intent": "record_metric"}, context=harness.context(model, human_review=True)
    )

    assert done["stop_reason"] == "invalid_slots"
    assert "value" in done["answer"]
    assert harness.executions() == 0


async def test_a_sure_model_cannot_turn_a_question_into_a_write(harness: Harness) -> None:
    text = "what did my claims add up to over the last 7 days"
    model = RoutingChatModel(routes={text: ("submit_expense", 0.97)})

    out = await harness.run(text, model, domain=EXPENSES)

    assert model.route_calls == 1
    assert out["intent"] != "submit_expense"
    assert out["route"]["refused"] == [
        {"intent": "submit_expense", "why": "the request does not ask for a change"}
    ]
    assert harness.executions("submit_expense") == 0
    assert rows(harness.store, "expenses") == 0


async def test_an_unparsable_model_answer_falls_back_to_the_lexical_classifier(
    harness: Harness,
) -> None:
    text = "my claims over the past two weeks"
    model = RoutingChatModel(routes={text: ("expense_total", 0.9)}, broken=True)

    out = await harness.run(text, model, domain=EXPENSES)

    assert model.route_calls == 1
    assert out["route"]["source"] == "lexical"
    assert "used the lexical classifier" in out["route"]["detail"]
    assert out["stop_reason"] == "completed"
    assert out["intent"] == "expense_total"
    assert rows(harness.store, "expenses") == 0


def test_offline_and_scripted_models_use_the_lexical_classifier() -> None:
    from nodes.router import _structured_model

    assert _structured_model("offline") is None
    assert _structured_model("scripted:repeat") is None
    assert _structured_model(OfflineChatModel()) is None
    model = RoutingChatModel(routes={})
    assert _structured_model(model) is model
    assert EXAMPLES.intents, "the example domain is importable"
