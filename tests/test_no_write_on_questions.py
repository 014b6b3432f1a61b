"""A request that only asks for information never runs a write, in every example domain.

Each request goes through the whole graph, offline and with a model that proposes the write
whatever it is offered; the backend is then inspected: no write tool was entered and the
tables writes would fill are empty. Number confusions ("last 7 days", "2 weeks ago",
"order 3 of 5"), questions about earlier writes, negations and how-to questions included.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from tests.conftest import Harness
from tests.test_models_e2e import LoopingChatModel
from tools.domain import load_domain

EXAMPLES = "tools.examples:DOMAIN"
EXPENSES = "tools.expenses:DOMAIN"

QUESTIONS = {
    EXAMPLES: [
        "is 150/95 too high?",
        "did I record 128/82 yesterday?",
        "show my trend for the last 7 days, no need to record anything",
        "what was my reading 2 weeks ago",
        "记录了哪些血压读数",
        "is order 10091 cancelled?",
        "was 10091 cancelled",
        "订单10091取消了吗",
        "我能取消订单10091吗",
        "how do I cancel order 10091?",
        "don't cancel order 10091, just tell me where it is",
        "did you text me about order 10086?",
        "order 3 of 5 hasn't arrived, where is order 10086",
        "where is my monthly report?",
        "show my contact details",
        # Cantonese and Sichuanese refusals: 唔使 / 唔好 / 莫 are 不用 / 不要 / 别.
        "唔使取消 10093 住，我净系想知佢去到边度",
        "唔好发短信畀我，直接话我知 10088 到咗未",
        "莫取消订单10095哈，帮我查一哈到哪了",
        "这个月报销了几多钱",
        "甭取消10093了，我就问问这会儿到哪儿了",
        # A thing to send that is no message: no text about the order goes out.
        "could you send me the packing slip for order 10094?",
    ],
    EXPENSES: [
        "show my expense total for the last 7 days",
        "how much did I claim 2 weeks ago",
        "what did my claims add up to over the last 7 days",
        "did my 42.50 EUR taxi claim go through?",
        "what's my total for receipt 3 of 5",
        "最近7天报销了多少",
        "how do I file an expense?",
        "claim total last 7 days",
        "show my open tickets",
        "did you open a ticket for the printer?",
        "is ticket T-1 triaged yet?",
        "唔使报，睇下我最近7日报咗几多",
        "莫报销哈，我只想晓得最近两周总共报了多少",
    ],
}
WRITE_TABLES = {
    EXAMPLES: ("metrics", "order_cancellations", "notifications", "report_jobs"),
    EXPENSES: ("expenses", "tickets"),
}


def table_rows(store: str, table: str) -> int:
    with sqlite3.connect(store) as conn:
        exists = conn.execute(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()[0]
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]) if exists else 0


def write_tools(spec: str) -> list[str]:
    return [t.name for t in load_domain(spec).tools if t.effect == "write"]


def test_every_example_domain_has_write_tools_and_questions() -> None:
    for spec in QUESTIONS:
        assert write_tools(spec), f"{spec} has no write tool to guard"
        assert len(QUESTIONS[spec]) >= 10


def _cases() -> list[tuple[str, str]]:
    return [(spec, text) for spec, texts in QUESTIONS.items() for text in texts]


def _assert_nothing_written(harness: Harness, spec: str, out: dict[str, Any]) -> None:
    domain = load_domain(spec)
    assert out["intent"] is None or not domain.writes(out["intent"]), out["route"]
    for tool in write_tools(spec):
        assert harness.executions(tool) == 0, f"{tool} ran for {out['request']!r}"
    for table in WRITE_TABLES[spec]:
        assert table_rows(harness.store, table) == 0, f"{table} has rows"
    executed = [c["name"] for c in out["tool_calls"] if c["executed"]]
    assert not set(executed) & set(write_tools(spec))


@pytest.mark.parametrize(("spec", "text"), _cases())
async def test_an_information_request_writes_nothing(
    harness: Harness, spec: str, text: str
) -> None:
    out = await harness.run(text, domain=spec)
    _assert_nothing_written(harness, spec, out)


@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (EXAMPLES, "is order 10091 cancelled?"),
        (EXAMPLES, "did I record 128/82 yesterday?"),
        (EXPENSES, "show my expense total for the last 7 days"),
        (EXPENSES, "did you open a ticket for the printer?"),
    ],
)
async def test_a_model_that_always_writes_cannot_either(
    harness: Harness, spec: str, text: str
) -> None:
    """The write is never offered, so the model's insistence ends at the guard."""
    write = {
        EXAMPLES: ("cancel_order", {"order_id": "10091"}),
        EXPENSES: (
            "submit_expense",
            {"amount": "7", "currency": "USD", "category": "other", "date": "2026-03-01"},
        ),
    }[spec]
    model = LoopingChatModel(policy=lambda turn, tools: write)

    out = await harness.run(text, model, domain=spec)

    _assert_nothing_written(harness, spec, out)


async def test_the_seven_day_total_is_shown_and_nothing_is_filed(harness: Harness) -> None:
    out = await harness.run("show my expense total for the last 7 days", domain=EXPENSES)

    assert out["stop_reason"] == "completed"
    assert out["intent"] == "expense_total"
    assert out["slots"] == {"period": "7d"}
    assert out["route"]["slots"]["period"]["text"] == "for the last 7 days"
    assert harness.executions("get_expense_total") == 1
    assert harness.executions("submit_expense") == 0
    assert table_rows(harness.store, "expenses") == 0
    assert out["card"] == {"card": "expense_total", "period": "7d", "totals": {}}
    assert out["answer"].startswith("Last 7d: 0 claim(s)")


async def _asked_and_nothing_written(harness: Harness, spec: str, text: str) -> None:
    """The run asks instead of routing: no write tool runs and no row is written."""
    out = await harness.run(text, domain=spec)
    assert out["route"]["action"] != "route", out["route"]
    for tool in write_tools(spec):
        assert harness.executions(tool) == 0, f"{tool} ran for {text!r}"
    for table in WRITE_TABLES[spec]:
        assert table_rows(harness.store, table) == 0, f"{table} has rows"


@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (EXAMPLES, "save 131/86 for tomorrow"),
        (EXAMPLES, "订单10089发货以后发短信通知我"),
        (EXAMPLES, "cancel just one item in order 10092, keep the rest"),
        (EXPENSES, "报销两顿饭一共 150 元"),
        (EXPENSES, "上个月的晚饭 230 块帮我报销，本月20号的"),
    ],
)
async def test_a_write_dated_later_or_on_a_part_writes_nothing(
    harness: Harness, spec: str, text: str
) -> None:
    """A day to come, a change on a later event, several days or a part: asked, not written.

    The write intent may be named in the question (the route is "invalid"), but none runs.
    """
    await _asked_and_nothing_written(harness, spec, text)


@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (EXPENSES, "open two tickets please: one for the scanner, one for the projector"),
        (EXPENSES, "帮我开两个工单，键盘和耳机都坏了"),
        (EXAMPLES, "build the weekly and the monthly report"),
        (EXPENSES, "submit taxi and meal 64 EUR"),
        (EXAMPLES, "sorry it's Sunday, but please log yesterday's reading, 131/84"),
        (EXAMPLES, "J-3 跑太久了，帮我终止"),
    ],
)
async def test_two_of_one_write_or_an_unsure_day_writes_nothing(
    harness: Harness, spec: str, text: str
) -> None:
    """Rounds 24-25: two things of one write, two days named or a change no intent makes.

    The run asks, and no write tool runs. ("上周X" depends on the run's real day: its
    Sunday case is in tests/test_router.py, on a fixed day.)
    """
    await _asked_and_nothing_written(harness, spec, text)


@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (EXPENSES, "don't submit anything yet, I'll email you the 95 EUR dinner receipt later"),
        (EXPENSES, "先别报那笔 150 块的午饭，我回头补发票"),
        (EXPENSES, "my 52 EUR taxi claim from the 10th - was it approved?"),
        (EXPENSES, "那笔 260 元的酒店报销批了吗"),
        (EXPENSES, "上个月的打车 70 元，报销一下"),
        (EXAMPLES, "给10010发个短信查下余额"),
    ],
)
async def test_a_refused_write_or_a_question_about_one_writes_nothing(
    harness: Harness, spec: str, text: str
) -> None:
    """Rounds 26-27: a refused change, how a claim fared, a month for a day, a phone number.

    The run asks, no write tool runs and no row is written.
    """
    await _asked_and_nothing_written(harness, spec, text)


async def test_a_write_verb_naming_another_intent_writes_only_that_one(harness: Harness) -> None:
    """A claim that got rejected and a ticket asked about it: one ticket, no expense row."""
    out = await harness.run(
        "my 33 EUR lunch claim got rejected, can you log a ticket about it", domain=EXPENSES
    )
    assert out["intent"] == "open_ticket", out["route"]
    assert table_rows(harness.store, "tickets") == 1
    assert table_rows(harness.store, "expenses") == 0


@pytest.mark.parametrize(
    ("spec", "text", "table", "columns", "row"),
    [
        (
            EXPENSES,
            "cab yesterday 27.80 EUR",
            "expenses",
            "amount_cents, currency, category, spent_on",
            (2780, "EUR", "taxi", "yesterday"),
        ),
        (
            EXAMPLES,
            "bp 126/81 this morning",
            "metrics",
            "systolic, diastolic, measured_on",
            (126, 81, "today"),
        ),
    ],
)
async def test_an_entry_line_is_written_once_with_its_values(
    harness: Harness, spec: str, text: str, table: str, columns: str, row: tuple[Any, ...]
) -> None:
    """Both example domains are logs (`entry_routes`): the line is its write, run once."""
    import datetime as dt

    days = {"today": dt.date.today(), "yesterday": dt.date.today() - dt.timedelta(days=1)}
    expected = tuple(days[v].isoformat() if v in days else v for v in row)

    out = await harness.run(text, domain=spec)

    assert out["stop_reason"] == "completed", out["route"]
    assert out["intent"] == {EXPENSES: "submit_expense", EXAMPLES: "record_metric"}[spec]
    with sqlite3.connect(harness.store) as conn:
        assert conn.execute(f"SELECT {columns} FROM {table}").fetchall() == [expected]
    (write,) = (t for t in write_tools(spec) if harness.executions(t))
    assert harness.executions(write) == 1


@pytest.mark.parametrize(
    ("spec", "text"),
    [(EXPENSES, "was the cab yesterday 27.80 EUR?"), (EXAMPLES, "bp 126/81 this morning, ok?")],
)
async def test_an_entry_line_asked_as_a_question_writes_nothing(
    harness: Harness, spec: str, text: str
) -> None:
    await _asked_and_nothing_written(harness, spec, text)


@pytest.mark.parametrize(
    ("text", "intent", "written", "untouched"),
    [
        (
            "taxi 22 EUR yesterday, then show my claims total for the last 14 days",
            "submit_expense",
            "expenses",
            "tickets",
        ),
        ("午饭 45 元，昨天，报了之后看看最近两周一共多少", "submit_expense", "expenses", "tickets"),
        ("raise a ticket, my 14 day expense total looks off", "open_ticket", "tickets", "expenses"),
        ("printer on floor 2 jammed. support ticket pls", "open_ticket", "tickets", "expenses"),
    ],
)
async def test_rounds_29_30_an_entry_then_a_read_or_a_bare_ticket_writes_once(
    harness: Harness, text: str, intent: str, written: str, untouched: str
) -> None:
    """Rounds 29-30: an entry line then a read of its window, a change then 再/之后, a ticket
    whose problem names a total, a bare "support ticket": one row of the write asked for,
    none of the other.
    """
    out = await harness.run(text, domain=EXPENSES)
    assert out["intent"] == intent, out["route"]
    assert table_rows(harness.store, written) == 1
    assert table_rows(harness.store, untouched) == 0


@pytest.mark.parametrize(
    "text",
    [
        "Forward my claims total for the past 14 days to my team lead.",
        "send my total for the last 30 days over to accounting",
        "发送近7天的报销总额给财务",
    ],
)
async def test_rounds_31_32_a_send_verb_on_what_a_read_shows_writes_nothing(
    harness: Harness, text: str
) -> None:
    """Round 31-32: "send my total … to my manager" has a verb open_ticket serves ("send
    someone"), but its object is what expense_total shows: asked, no ticket, no claim.
    """
    await _asked_and_nothing_written(harness, EXPENSES, text)


@pytest.mark.parametrize(
    ("spec", "text", "table", "columns", "row"),
    [
        (
            EXAMPLES,
            "record 141/88 for today, no wait, it was 114/88",
            "metrics",
            "systolic, diastolic",
            (114, 88),
        ),
        (
            EXAMPLES,
            "记一下今天的血压 150/90，不对，应该是 105/70",
            "metrics",
            "systolic, diastolic",
            (105, 70),
        ),
        (
            EXPENSES,
            "file a lunch, 18 EUR, today. Sorry, not EUR, USD.",
            "expenses",
            "amount_cents, currency",
            (1800, "USD"),
        ),
        (
            EXPENSES,
            "晚饭 80 元，昨天，帮我报了，说错了，是 60 元",
            "expenses",
            "amount_cents, currency",
            (6000, "CNY"),
        ),
    ],
)
async def test_rounds_31_32_a_corrected_value_is_the_one_written(
    harness: Harness, spec: str, text: str, table: str, columns: str, row: tuple[Any, ...]
) -> None:
    """Rounds 31-32: a value said, then corrected in the same message: one row, with the
    corrected value, never the one taken back.
    """
    out = await harness.run(text, domain=spec)

    assert out["stop_reason"] == "completed", out["route"]
    with sqlite3.connect(harness.store) as conn:
        assert conn.execute(f"SELECT {columns} FROM {table}").fetchall() == [row]


@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (EXAMPLES, "别急着取消10093，我就问问还能不能取消"),
        (EXAMPLES, "don't cancel 10093 yet, I just want to know if it can still be cancelled"),
        (EXAMPLES, "I received a text about order 10501 but it was cut off, where is it now?"),
        (EXAMPLES, "收到一条短信说10504发货了，现在到哪了？"),
        (EXPENSES, "please add a quick note on ticket T-31: the VPN works again"),
        (EXPENSES, "给T-9加个备注：还是坏的"),
    ],
)
async def test_rounds_33_34_a_refusal_a_received_text_or_a_note_writes_nothing(
    harness: Harness, spec: str, text: str
) -> None:
    """Rounds 33-34: a refused change asked about ("can it still be cancelled?"), a text
    the user received, a note added to a ticket that exists: no write tool runs, no row.
    """
    out = await harness.run(text, domain=spec)
    _assert_nothing_written(harness, spec, out)


@pytest.mark.parametrize(
    "text",
    [
        "submit 25 EUR taxi from yesterday, then show my total for the entire year",
        "昨天午饭35块帮我报了，顺便看看全年合计",
    ],
)
async def test_rounds_33_34_a_claim_beside_a_year_is_asked(harness: Harness, text: str) -> None:
    """A year for the part that shows is no window of days: asked, nothing filed."""
    await _asked_and_nothing_written(harness, EXPENSES, text)
