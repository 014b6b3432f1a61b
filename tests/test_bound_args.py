"""Code owns the values it computed, and a write waits for the steps it needs (issues 18, 19).

Each model here reads what a real one reads (the task block, the last tool answers) and
follows a policy of its own, so the guard is shown to hold for a model that writes with the
wrong date, texts before it looked anything up, makes a reference up, or packs a write and
the read that depends on it into one reply. Executions are counted in the business store's
audit table, rows in its own tables.
"""

from __future__ import annotations

import json
import re
import sqlite3
import uuid
from collections.abc import Callable, Mapping
from datetime import date, timedelta
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatResult
from pydantic import BaseModel, ConfigDict

from graph.models import read_task
from tests.conftest import Harness, assert_valid_history
from tests.fakes import ProviderLikeChatModel
from tools.contract import ToolContext, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step, ToolRegistry
from tools.examples import DDL, DEMO_CONTACT_REF, DOMAIN
from tools.store import audit, connect, run_in_store

TODAY = date.today().isoformat()
YESTERDAY = (date.today() - timedelta(days=1)).isoformat()
RECORD_TODAY = "record today's reading 150/95"
NOTIFY = "text me the status of order 10086"
REPORT = "build the monthly report"

Call = tuple[str, dict[str, Any]]
Policy = Callable[[dict[str, Any], list[BaseMessage]], list[Call]]
"""(task block, this task's messages) -> the calls of the next reply; [] answers in text."""


class ReadingChatModel(ProviderLikeChatModel):
    """A model that reads the task block and the tool answers, then follows its policy."""

    policy: Policy
    turns: int = 0

    @property
    def _llm_type(self) -> str:
        return "reading-test-model"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.turns += 1
        start = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
        calls = self.policy(read_task(messages), messages[start + 1 :])
        message = AIMessage(
            content="" if calls else "Done.",
            tool_calls=[
                {"id": f"call_{uuid.uuid4().hex[:12]}", "name": name, "args": args}
                for name, args in calls
            ],
        )
        return self.reply(message, 50, 10)


def answers(history: list[BaseMessage]) -> list[dict[str, Any]]:
    """The envelopes of the tool answers so far, oldest first."""
    return [json.loads(str(m.content)) for m in history if isinstance(m, ToolMessage)]


def planned_args(task: dict[str, Any], tool: str) -> dict[str, Any]:
    """The arguments the task block's plan gives the first open step of `tool`."""
    step = next(s for s in task["steps"] if s["tool"] == tool and not s["done"])
    return dict(step["args"])


def told_value(error: Mapping[str, str]) -> Any:
    """The value a field-level hint tells the model to send ("send date as "2026-11-30"")."""
    found = re.search(r"send \S+ as (.+)$", error["fix"])
    assert found is not None, error
    return json.loads(found.group(1))


def rows(store: str, sql: str) -> list[sqlite3.Row]:
    conn = connect(store, DDL)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def audit_order(store: str) -> list[tuple[str, dict[str, Any]]]:
    """(tool, arguments) in the order the tool functions were really entered."""
    return [(r["tool"], json.loads(r["args"])) for r in rows(store, "SELECT * FROM tool_audit")]


async def finish(harness: Harness, out: dict[str, Any]) -> dict[str, Any]:
    state = await harness.state(out["thread_id"])
    assert_valid_history(list(state["messages"]))
    return state


# --- issue 18: a write that contradicts the slots never runs -------------------------------------


def _corrects_after_hint(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
    """Writes yesterday's date first; then sends the value the hint names, as told."""
    done = answers(history)
    if not done:
        return [("record_metric", {"value": "150/95", "date": YESTERDAY})]
    last = done[-1]
    if last["ok"]:
        return []
    error = last["data"]["errors"][0]
    return [("record_metric", {"value": "150/95", error["field"]: told_value(error)})]


async def test_a_write_one_day_off_never_runs_and_the_corrected_one_completes(
    harness: Harness,
) -> None:
    out = await harness.run(RECORD_TODAY, ReadingChatModel(policy=_corrects_after_hint))
    state = await finish(harness, out)

    hint = next(m for m in state["messages"] if isinstance(m, ToolMessage))
    envelope = json.loads(str(hint.content))
    assert envelope["error_type"] == "validation"
    assert envelope["data"]["errors"][0]["field"] == "date"
    assert TODAY in envelope["message"], "the hint names the date code decided"
    assert YESTERDAY in envelope["message"], "and the one the model sent"
    assert out["stop_reason"] == "completed"
    assert [(c["args"]["date"], c["verdict"], c["executed"]) for c in out["tool_calls"]] == [
        (YESTERDAY, "feedback", False),
        (TODAY, "run", True),
    ]
    assert harness.executions("record_metric") == 1, "the wrong-date write was never entered"
    saved = rows(harness.store, "SELECT measured_on FROM metrics")
    assert [r["measured_on"] for r in saved] == [TODAY], "exactly one row, under today's date"


async def test_a_write_that_stays_wrong_stops_with_validation_failed(harness: Harness) -> None:
    def stubborn(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
        return [("record_metric", {"value": "150/95", "date": YESTERDAY})]

    out = await harness.run(RECORD_TODAY, ReadingChatModel(policy=stubborn))
    await finish(harness, out)

    assert out["stop_reason"] == "validation_failed"
    assert [c["verdict"] for c in out["tool_calls"]] == ["feedback", "blocked", "stopped"]
    assert harness.executions("record_metric") == 0
    assert rows(harness.store, "SELECT * FROM metrics") == []
    assert TODAY in out["answer"], "the stop says which value was expected"
    assert "Changes made" not in out["answer"], "nothing changed, and the answer claims nothing"


async def test_a_read_that_differs_runs_but_does_not_tick(harness: Harness) -> None:
    # A read may have its reasons (a wider window for context); it just is not the step.
    def wider(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
        return [("get_metric_trend", {"period": "30d"})] if not history else []

    out = await harness.run(
        "show my blood pressure trend for the last two weeks", ReadingChatModel(policy=wider)
    )
    await finish(harness, out)

    assert harness.executions("get_metric_trend") == 1
    assert out["checklist"] == {"trend_loaded": False}
    assert out["tool_calls"][0]["verdict"] == "run"


async def test_an_answer_of_a_stopped_run_names_each_write_that_executed(
    harness: Harness,
) -> None:
    # The reading is saved, then the model keeps asking for another window than the task's.
    def wanders(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
        if not history:
            return [("record_metric", {"value": "150/95", "date": TODAY})]
        return [("get_metric_trend", {"period": "30d"})]

    out = await harness.run(
        "record today's reading 150/95 and show the last two weeks",
        ReadingChatModel(policy=wanders),
    )
    await finish(harness, out)

    assert out["status"] == "stopped"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": False}
    assert harness.executions("record_metric") == 1
    assert (
        f"Changes made in this run: record_metric(value=150/95, date={TODAY}) -> "
        f"record_id=m_1, value=150/95, date={TODAY}." in out["answer"]
    )


# --- a free argument is the model's choice --------------------------------------------------------


class NoteArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    topic: str
    wording: str


async def save_note(args: NoteArgs, ctx: ToolContext) -> Mapping[str, Any]:
    def work(conn: sqlite3.Connection) -> None:
        audit(conn, "save_note", ctx.user_id, args.model_dump(), ctx.idempotency_key)

    await run_in_store(ctx.store_path, "", work)
    return {"success": True, "note_id": "note_1", "topic": args.topic}


class NoSlots(BaseModel):
    pass


NOTES = Domain(
    name="notes-test",
    tools=ToolRegistry(
        [
            ToolSpec(
                name="save_note",
                namespace="test",
                description="Save a note on a topic, worded as you see fit.",
                args_model=NoteArgs,
                fn=save_note,
                effect="write",
                idempotent=False,
                intents=frozenset({"note"}),
            )
        ]
    ),
    intents=(
        IntentSpec(
            name="note",
            description="Save a note about the weather.",
            extract=lambda text, today: {} if "note" in text else None,
            slots_model=NoSlots,
            steps=(
                Step(
                    name="noted",
                    tool="save_note",
                    args=lambda s: {"topic": "weather", "wording": "It is sunny."},
                    free=frozenset({"wording"}),
                ),
            ),
            budget=Budget(max_rounds=3, max_calls=3),
        ),
    ),
)


@pytest.mark.parametrize(
    ("topic", "ran"), [("weather", True), ("sports", False)], ids=["free-differs", "bound-differs"]
)
async def test_a_free_argument_is_the_models_choice_a_bound_one_is_not(
    harness: Harness, topic: str, ran: bool
) -> None:
    def own_words(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
        return [("save_note", {"topic": topic, "wording": "Bright skies all day."})]

    out = await harness.run(
        "take a note", ReadingChatModel(policy=own_words), domain="tests.test_bound_args:NOTES"
    )
    await finish(harness, out)

    assert harness.executions("save_note") == int(ran)
    assert out["stop_reason"] == ("completed" if ran else "validation_failed")


# --- issue 19: a write runs only once its steps are done -----------------------------------------


def _texts_first(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
    """Texts at once with a contact_ref it made up; then does what the hint says, in order."""
    done = answers(history)
    if not done:
        return [("send_order_notification", {"order_id": "10086", "contact_ref": DEMO_CONTACT_REF})]
    refused = next((e for e in done if e.get("error_type") == "dependency"), None)
    assert refused is not None, "the first answer is the refusal"
    told = [e["fix"].split()[1] for e in refused["data"]["errors"] if e["field"] == "(step order)"]
    index = len(done) - 1  # one call a turn after the refusal: the named tools, then the text
    if index < len(told):
        tool = told[index]
        return [(tool, planned_args(task, tool))]
    if done[-1]["ok"] and done[-1]["data"].get("notification_id"):
        return []
    profile = next(e["data"] for e in done if e.get("data", {}).get("contact_ref"))
    return [
        ("send_order_notification", {"order_id": "10086", "contact_ref": profile["contact_ref"]})
    ]


async def test_a_text_before_the_lookup_is_never_sent_and_the_hint_names_query_order(
    harness: Harness,
) -> None:
    out = await harness.run(NOTIFY, ReadingChatModel(policy=_texts_first))
    state = await finish(harness, out)

    refusal = json.loads(
        str(next(m for m in state["messages"] if isinstance(m, ToolMessage)).content)
    )
    assert refusal["error_type"] == "dependency"
    assert "query_order" in refusal["message"]
    assert "order_found" in refusal["message"]
    assert out["stop_reason"] == "completed"
    entered = [tool for tool, _ in audit_order(harness.store)]
    assert entered.count("send_order_notification") == 1
    assert entered.index("send_order_notification") > entered.index("query_order"), (
        "the made-up first text was never entered: the one text came after the lookup"
    )
    assert entered.index("send_order_notification") > entered.index("get_customer_profile")
    assert len(rows(harness.store, "SELECT * FROM notifications")) == 1
    assert out["tool_calls"][0]["verdict"] == "feedback"
    assert "send_order_notification(order_id=10086" in out["answer"]


async def test_a_made_up_reference_is_refused_whatever_its_format(harness: Harness) -> None:
    made_up = "ct_0123456789abcdef"  # the schema's format exactly; no result of the run holds it

    def makes_one_up(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
        done = answers(history)
        if len(done) < 2:  # the profile and the lookup, as planned
            step = next(s for s in task["steps"] if not s["done"])
            return [(step["tool"], step["args"])]
        if len(done) == 2:
            return [("send_order_notification", {"order_id": "10086", "contact_ref": made_up})]
        last = done[-1]
        if last["ok"]:
            return []
        fixed = told_value(last["data"]["errors"][0])
        return [("send_order_notification", {"order_id": "10086", "contact_ref": fixed})]

    out = await harness.run(NOTIFY, ReadingChatModel(policy=makes_one_up))
    state = await finish(harness, out)

    refusal = json.loads(
        str([m for m in state["messages"] if isinstance(m, ToolMessage)][2].content)
    )
    assert refusal["data"]["errors"][0]["field"] == "contact_ref"
    assert DEMO_CONTACT_REF in refusal["message"], "the hint names the reference the run saw"
    sent = [args for tool, args in audit_order(harness.store) if tool == "send_order_notification"]
    assert [a["contact_ref"] for a in sent] == [DEMO_CONTACT_REF], "the made-up one never ran"
    assert out["stop_reason"] == "completed"


async def test_a_reply_that_does_the_steps_first_runs_whole_in_one_round(harness: Harness) -> None:
    # The README's example turn: the text needs both earlier calls, and says so for one.
    def one_reply(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
        if history:
            return []
        return [
            ("get_customer_profile", {}),
            ("query_order", {"order_id": "10086"}),
            (
                "send_order_notification",
                {"order_id": "10086", "contact_ref": {"$ref": "#0.contact_ref"}, "$after": ["#1"]},
            ),
        ]

    out = await harness.run(NOTIFY, ReadingChatModel(policy=one_reply))
    await finish(harness, out)

    assert out["stop_reason"] == "completed"
    assert out["usage"]["rounds"] == 1
    assert [t for t, _ in audit_order(harness.store)] == [
        "get_customer_profile",
        "query_order",
        "send_order_notification",
    ]
    assert len(rows(harness.store, "SELECT * FROM notifications")) == 1


# --- issue 19: one reply's calls keep their order when it holds a write ---------------------------


def _submit_and_check(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
    """Submits and checks in one reply (guessing the job id), then polls until done."""
    done = answers(history)
    if not done:
        return [("submit_report", {"report": "monthly"}), ("get_job_status", {"job_id": "J-1"})]
    if done[-1].get("data", {}).get("status") == "done":
        return []
    return [("get_job_status", {"job_id": "J-1"})]


async def test_submit_and_status_in_one_reply_run_in_the_order_written(harness: Harness) -> None:
    out = await harness.run(REPORT, ReadingChatModel(policy=_submit_and_check))
    state = await finish(harness, out)

    first_status = [m for m in state["messages"] if isinstance(m, ToolMessage)][1]
    assert json.loads(str(first_status.content))["data"]["status"] == "processing", (
        "the status call saw the job the submit had just created"
    )
    entered = [tool for tool, _ in audit_order(harness.store)]
    assert entered[:2] == ["submit_report", "get_job_status"]
    assert out["stop_reason"] == "completed"
    assert len(rows(harness.store, "SELECT * FROM report_jobs")) == 1
    assert harness.executions("submit_report") == 1


async def test_a_status_for_a_job_the_run_never_saw_is_refused(harness: Harness) -> None:
    # A job id is a reference too: made up before any submit, it is not even looked up.
    def guesses(task: dict[str, Any], history: list[BaseMessage]) -> list[Call]:
        return [("get_job_status", {"job_id": "J-7"})] if not history else []

    out = await harness.run(REPORT, ReadingChatModel(policy=guesses))
    state = await finish(harness, out)

    refusal = json.loads(
        str(next(m for m in state["messages"] if isinstance(m, ToolMessage)).content)
    )
    assert refusal["data"]["errors"][0]["field"] == "job_id"
    assert "submit_report" in refusal["data"]["errors"][0]["fix"]
    assert harness.executions("get_job_status") == 0


# --- IntentSpec.check on its own ---------------------------------------------------------------


NOTIFY_INTENT = DOMAIN.intent("notify_order")
NOTIFY_SLOTS = {"order_id": "10086"}
PROFILE = {"contact_ref": DEMO_CONTACT_REF, "name": "Li Wei"}


def test_check_names_what_a_write_misses_contradicts_and_makes_up() -> None:
    early = NOTIFY_INTENT.check(
        NOTIFY_SLOTS,
        {"profile_loaded": False, "order_found": False, "customer_notified": False},
        {},
        "send_order_notification",
        {"order_id": "10087", "contact_ref": "ct_0123456789abcdef"},
    )
    assert early.step is not None
    assert early.step.name == "customer_notified"
    assert [s.name for s in early.missing] == ["order_found", "profile_loaded"]
    assert early.differs == {"order_id": "10086"}
    assert early.unseen == {"contact_ref": "profile_loaded.contact_ref"}
    assert not early.ticks

    ready = NOTIFY_INTENT.check(
        NOTIFY_SLOTS,
        {"profile_loaded": True, "order_found": True, "customer_notified": False},
        {"profile_loaded": PROFILE},
        "send_order_notification",
        {"order_id": "10086", "contact_ref": DEMO_CONTACT_REF},
    )
    assert ready.clean
    assert ready.ticks


def test_check_counts_a_reference_seen_in_any_result_of_its_source_tool() -> None:
    checklist = {"profile_loaded": False, "order_found": True, "customer_notified": False}
    args = {"order_id": "10086", "contact_ref": DEMO_CONTACT_REF}
    unseen = NOTIFY_INTENT.check(NOTIFY_SLOTS, checklist, {}, "send_order_notification", args)
    seen = NOTIFY_INTENT.check(
        NOTIFY_SLOTS,
        checklist,
        {},
        "send_order_notification",
        args,
        seen={"get_customer_profile": [PROFILE]},
    )
    assert unseen.unseen
    assert not seen.unseen
    assert [s.name for s in seen.missing] == ["profile_loaded"], "still a step to do first"


def test_check_leaves_tools_without_a_step_and_free_arguments_alone() -> None:
    outside = NOTIFY_INTENT.check(NOTIFY_SLOTS, {}, {}, "list_orders", {})
    assert outside.step is None
    assert outside.clean
    note = NOTES.intent("note")
    free = note.check({}, {"noted": False}, {}, "save_note", {"topic": "weather", "wording": "x"})
    assert free.ticks
    bound = note.check({}, {"noted": False}, {}, "save_note", {"topic": "news", "wording": "x"})
    assert bound.differs == {"topic": "weather"}
