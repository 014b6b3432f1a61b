"""Privacy: tool results are minimised and masked before the model, the checkpoints or the trace.

The example backend holds two customers with real-looking phone numbers, e-mail addresses,
national ID and card numbers. After the privacy scenarios run (a profile, a notification that
needs the raw phone number, the same as one parallel turn with a reference, another user's
profile), every table of the SQLite checkpoint database is scanned, checkpoint blobs both as
raw bytes and decoded, and so is the trace: no raw value a tool returned is there. The
notification still reached the right phone: the backend's outbox has the raw number.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sqlite3
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import ToolMessage
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel, ConfigDict

from checkpoints.ledger import Ledger
from graph.runner import show_thread
from nodes.executor.run import execute_call
from tests.conftest import Harness
from tests.fakes import tool_context
from tests.test_dag import TurnsChatModel
from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Domain, IntentSpec, Step, ToolRegistry
from tools.examples import SHOP_DDL
from tools.privacy import (
    WITHHELD_KEY,
    ResultPolicy,
    find_pii,
    mask_email,
    mask_phone,
    mask_text,
    protect_data,
)
from tools.store import connect, run_in_store

RAW = {
    "demo phone": "13812345678",
    "demo e-mail": "li.wei@example.com",
    "demo ID": "110101199003071234",
    "demo card": "4111111111111111",
    "demo address": "1 Chaoyang Road",
    "other phone": "+44 7700 900123",
    "other phone digits": "447700900123",
    "other e-mail": "ana.silva@example.org",
    "other ID": "QQ123456C",
    "other card": "5500005555555559",
    "other address": "2 Baker Street",
}
"""Every raw value the example backend's tools return for the two customers."""


# --- masking on its own ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("13812345678", "138****5678"),
        ("call +86 138-1234-5678 now", "call +** ***-****-5678 now"),
        ("li.wei@example.com", "l***@example.com"),
        ("mail me at a.b+c@mail.example.co.uk.", "mail me at a***@mail.example.co.uk."),
        ("ID 110101199003071234 on file", "ID **************1234 on file"),
        ("ID 11010119900307123X", "**************123X"),
        ("card 4111 1111 1111 1111", "card **** **** **** 1111"),
        ("+44 7700 900123", "+** **** **0123"),
        ("(415) 555-0100", "(***) ***-0100"),
        ("ssn 123-45-6789", "ssn *******6789"),
        ("tel 010-12345678", "tel ***-****5678"),
        ("account 12345678901234567", "account *************4567"),
    ],
)
def test_personal_data_is_masked_wherever_it_appears(text: str, masked: str) -> None:
    out = mask_text(text)
    if text.startswith("ID 11010119900307123X"):
        assert out.endswith(masked)
    else:
        assert out == masked
    assert find_pii(out) == []


@pytest.mark.parametrize(
    "text",
    [
        "order 10086",
        "SF1009823121",
        "JD0001928374",
        "2026-11-28",
        "2026-11-28T10:00:00.123Z",
        "idem_3f0123456789012345abcdef012345",
        "ct_317254384f12b6ad",
        "J-12",
        "reports/J-1.pdf",
        "150/95",
        "average 128/82 over 14d",
        "price 12345.67",
        "took 0.3898819876281645 s",
        "4111111111111",  # 13 digits, Luhn fails: not a card, too short for an ID number
    ],
)
def test_ordinary_values_are_left_alone(text: str) -> None:
    assert mask_text(text) == text


def test_a_policy_keeps_only_what_the_model_needs_and_masks_by_field() -> None:
    policy = ResultPolicy(
        fields=frozenset({"name", "phone", "ni", "contact"}), sensitive={"ni": "id_number"}
    )
    data = {
        "name": "Ana",
        "phone": "0770 090 0123",  # no pattern would call this a phone: the field name does
        "ni": "QQ123456C",
        "contact": {"email": "ana@example.org", "note": "or ring 13812345678"},
        "card_number": "5500005555555559",
        "address": "2 Baker Street",
    }
    out = protect_data(data, policy)
    assert out == {
        "name": "Ana",
        "phone": "**** *** 0123",
        "ni": "*****456C",
        "contact": {"email": "a***@example.org", "note": "or ring 138****5678"},
        WITHHELD_KEY: ["address", "card_number"],
    }


def test_masks_keep_the_shape_a_person_recognises() -> None:
    assert mask_phone("13812345678") == "138****5678"
    assert mask_phone("12") == "***"
    assert mask_email("x@example.com") == "x***@example.com"


# --- the executor masks every envelope, receipts included -----------------------------------------


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str = "k"


async def test_results_errors_and_receipts_are_masked_before_anyone_sees_them(
    tmp_path: Path,
) -> None:
    async def leaky_write(args: Args, ctx: ToolContext) -> dict[str, Any]:
        return {"success": True, "to": "13812345678", "cc": ["li.wei@example.com"]}

    async def leaky_failure(args: Args, ctx: ToolContext) -> dict[str, Any]:
        return {
            "success": False,
            "code": "BOUNCED",
            "message": "mail to li.wei@example.com bounced; card 4111111111111111 declined",
        }

    ledger = Ledger(tmp_path / "agent.sqlite")
    write = ToolSpec(
        name="w", namespace="t", description="t", args_model=Args, fn=leaky_write, effect="write"
    )
    out = await execute_call(write, Args(), tool_context(tmp_path, "idem_p"), ledger=ledger)
    assert out.result.data == {"to": "138****5678", "cc": ["l***@example.com"]}
    receipt = json.dumps((await ledger.rows("th"))[0]["receipt"])
    assert "13812345678" not in receipt
    assert "138****5678" in receipt

    read = ToolSpec(name="r", namespace="t", description="t", args_model=Args, fn=leaky_failure)
    failed = await execute_call(read, Args(), tool_context(tmp_path), ledger=None)
    assert failed.result.ok is False
    assert (
        failed.result.message == "mail to l***@example.com bounced; card ************1111 declined"
    )


async def test_a_tool_error_and_a_reconciled_receipt_are_masked_too(tmp_path: Path) -> None:
    from tools.contract import ToolError

    async def raising(args: Args, ctx: ToolContext) -> dict[str, Any]:
        raise ToolError("business", "customer 13812345678 is blocked")

    read = ToolSpec(name="r", namespace="t", description="t", args_model=Args, fn=raising)
    out = await execute_call(read, Args(), tool_context(tmp_path), ledger=None)
    assert out.result.message == "customer 138****5678 is blocked"

    async def crashes_after(args: Args, ctx: ToolContext) -> dict[str, Any]:
        raise ConnectionResetError("reset")

    async def lookup(key: str, ctx: ToolContext) -> ToolResult | None:
        return ToolResult.success({"sent_to": "li.wei@example.com"})

    write = ToolSpec(
        name="w",
        namespace="t",
        description="t",
        args_model=Args,
        fn=crashes_after,
        effect="write",
        reconcile=lookup,
    )
    found = await execute_call(
        write, Args(), tool_context(tmp_path, "idem_r"), ledger=Ledger(tmp_path / "agent.sqlite")
    )
    assert found.result.data == {"sent_to": "l***@example.com"}


# --- the scenarios, then a scan of everything stored ---------------------------------------------


_VERSION = re.compile(r"\d{32}\.\d+\.\d+")
"""A LangGraph channel version (`{step:032}.{random float}`): its random digits can look like
a phone number, and they are not personal data."""


def _stored_text(db: str) -> tuple[bytes, str]:
    """Every table's every value as raw bytes, and the checkpoint blobs decoded to text."""
    serde = JsonPlusSerializer()
    raw = bytearray()
    decoded: list[str] = []
    conn = sqlite3.connect(db)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        assert {"checkpoints", "writes", "trace", "tool_ledger"} <= set(tables), tables
        for table in tables:
            cur = conn.execute(f'SELECT * FROM "{table}"')
            columns = [d[0] for d in cur.description]
            for row in cur.fetchall():
                values = dict(zip(columns, row, strict=True))
                for value in values.values():
                    # One value a line: digits ending one column and starting the next (a
                    # latency, then a timestamp) must not read as one phone number.
                    if isinstance(value, bytes):
                        raw += value + b"\n"
                    elif value is not None:
                        raw += str(value).encode() + b"\n"
                blob = values.get("checkpoint") if table == "checkpoints" else values.get("value")
                if table in ("checkpoints", "writes") and isinstance(blob, bytes):
                    decoded.append(repr(serde.loads_typed((values["type"], blob))))
    finally:
        conn.close()
    return bytes(raw), "\n".join(decoded)


async def _scenarios(harness: Harness) -> list[str]:
    threads: list[str] = []
    profile = await harness.run("show my contact details", thread_id="p1")
    assert profile["stop_reason"] == "completed"
    threads.append("p1")
    notify = await harness.run("text me the status of order 10086", thread_id="p2")
    assert notify["stop_reason"] == "completed"
    threads.append("p2")
    parallel = TurnsChatModel(
        turns=[
            [
                ("get_customer_profile", {}),
                ("query_order", {"order_id": "10086"}),
                (
                    "send_order_notification",
                    {
                        "order_id": "10086",
                        "contact_ref": {"$ref": "#0.contact_ref"},
                        "$after": ["#1"],
                    },
                ),
            ]
        ]
    )
    dag = await harness.run("text me the status of order 10086", parallel, thread_id="p3")
    assert dag["stop_reason"] == "completed"
    assert [c["executed"] for c in dag["tool_calls"]] == [True, True, True]
    threads.append("p3")
    other = await harness.run("show my contact details", thread_id="p4", user_id="another-user")
    assert other["stop_reason"] == "completed"
    threads.append("p4")
    return threads


async def test_no_raw_personal_data_reaches_checkpoints_ledger_or_trace(harness: Harness) -> None:
    threads = await _scenarios(harness)

    raw, decoded = _stored_text(harness.db)
    traces = []
    for tid in threads:
        shown = await show_thread(tid, db=harness.db)
        traces.append(json.dumps(shown, default=str, ensure_ascii=False))
    everything = [("database bytes", raw.decode("utf-8", "replace")), ("checkpoints", decoded)]
    everything += [(f"show {tid}", text) for tid, text in zip(threads, traces, strict=True)]
    for where, text in everything:
        for what, value in RAW.items():
            assert value not in text, f"raw {what} found in {where}"
            assert value.encode() not in raw, f"raw {what} found in the database file's rows"
        assert find_pii(_VERSION.sub("", text)) == [], f"unmasked personal data in {where}"
    # The masked forms are what is stored: the masking happened, not just an absence.
    assert "138****5678" in decoded
    assert "l***@example.com" in decoded
    assert "**************1234" in decoded
    assert "+** **** **0123" in decoded


async def test_the_notification_got_the_raw_number_by_reference(harness: Harness) -> None:
    out = await harness.run("text me the status of order 10086")
    assert out["stop_reason"] == "completed"
    assert "138****5678" in out["answer"]
    state = await harness.state(out["thread_id"])
    seen = "\n".join(str(m.content) for m in state["messages"])
    assert "contact_ref" in seen
    assert "13812345678" not in seen
    sent = next(c for c in out["tool_calls"] if c["name"] == "send_order_notification")
    assert set(sent["args"]) == {"order_id", "contact_ref"}, "the model held a handle only"

    conn = connect(harness.store, SHOP_DDL)
    try:
        rows = conn.execute("SELECT recipient, body FROM notifications").fetchall()
    finally:
        conn.close()
    assert [(r["recipient"], r["body"]) for r in rows] == [
        ("13812345678", "Order 10086 is shipped.")
    ], "the backend resolved the handle to the real number"


async def test_the_model_sees_only_the_allowed_fields(harness: Harness) -> None:
    out = await harness.run("show my contact details")
    state = await harness.state(out["thread_id"])
    answer = next(m for m in state["messages"] if isinstance(m, ToolMessage))
    data = json.loads(str(answer.content))["data"]
    assert set(data) == {"name", "phone", "email", "id_number", "contact_ref", WITHHELD_KEY}
    assert data[WITHHELD_KEY] == ["address", "birth_date", "card_number", "user_id"]
    assert data["phone"] == "138****5678"
    assert out["answer"] == (
        "Li Wei: phone 138****5678, e-mail l***@example.com, ID **************1234."
    )


# --- mixed-script text: property-based ------------------------------------------------------------
#
# Each kind of value is embedded in Chinese, English and mixed text, with the characters that
# touch it chosen so the value stands apart (CJK characters, CJK and ASCII punctuation, spaces):
# it must be masked, and the text around it must survive. Ordinary numbers in the same kinds
# of text (orders, amounts, dates, years) must come out untouched.

FULL_WIDTH = str.maketrans("0123456789@+", "０１２３４５６７８９＠＋")
CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5)
CJK_PUNCT = st.sampled_from(list("，。：；（）、！？“”《》【】　"))
ASCII_PUNCT = st.sampled_from(list(" ,:;()!?\"'\n"))
BOUNDARY = st.one_of(CJK, CJK_PUNCT, ASCII_PUNCT)
"""What may touch a value: never an ASCII letter or digit, nor a character an e-mail's local
part or a number could absorb ('.', '-', '+', '_', '%', '@')."""
WORD = st.text(alphabet=st.characters(min_codepoint=ord("a"), max_codepoint=ord("z")), min_size=1)
CHINESE = st.text(alphabet=st.one_of(CJK, CJK_PUNCT), max_size=12)
ENGLISH = st.lists(WORD, max_size=5).map(" ".join)
MIXED = st.lists(st.one_of(CHINESE, ENGLISH), max_size=4).map("".join)
CONTEXT = st.one_of(CHINESE, ENGLISH, MIXED)


def _digits_str(n: int) -> st.SearchStrategy[str]:
    return st.text(alphabet="0123456789", min_size=n, max_size=n)


def _luhn_complete(body: str) -> str:
    for check in "0123456789":
        total = 0
        for i, ch in enumerate(reversed(body + check)):
            d = int(ch)
            if i % 2 == 1:
                d = d * 2 - 9 if d > 4 else d * 2
            total += d
        if total % 10 == 0:
            return body + check
    raise AssertionError("unreachable")


@st.composite
def cn_mobile(draw: st.DrawFn) -> str:
    digits = "1" + draw(st.sampled_from("3456789")) + draw(_digits_str(9))
    a, b, c = digits[:3], digits[3:7], digits[7:]
    shape = draw(st.sampled_from(["{a}{b}{c}", "{a}-{b}-{c}", "{a} {b} {c}", "{a}.{b}.{c}"]))
    prefix = draw(st.sampled_from(["", "+86 ", "+86-", "86 "]))
    return prefix + shape.format(a=a, b=b, c=c)


@st.composite
def email(draw: st.DrawFn) -> str:
    alnum = "abcdefghijklmnopqrstuvwxyz0123456789"
    local = draw(st.text(alphabet=alnum, min_size=1, max_size=8))
    local += draw(st.text(alphabet=alnum + "._-", max_size=8)) + draw(
        st.text(alphabet=alnum, min_size=1, max_size=3)
    )
    labels = draw(st.lists(st.text(alphabet=alnum, min_size=1, max_size=8), min_size=1, max_size=3))
    tld = draw(st.sampled_from(["cn", "com", "org", "co.uk", "example"]))
    return f"{local}@{'.'.join(labels)}.{tld}"


@st.composite
def cn_id(draw: st.DrawFn) -> str:
    return (
        draw(st.sampled_from("123456789"))
        + draw(_digits_str(16))
        + draw(st.sampled_from("0123456789X"))
    )


@st.composite
def card(draw: st.DrawFn) -> str:
    issuer = draw(st.sampled_from(["4", "51", "6011"]))
    digits = _luhn_complete(issuer + draw(_digits_str(15 - len(issuer))))
    sep = draw(st.sampled_from(["", " ", "-", "."]))
    return sep.join(digits[i : i + 4] for i in range(0, 16, 4))


@st.composite
def ssn(draw: st.DrawFn) -> str:
    sep = draw(st.sampled_from(["-", " ", "."]))
    return sep.join([draw(_digits_str(3)), draw(_digits_str(2)), draw(_digits_str(4))])


@st.composite
def intl_phone(draw: st.DrawFn) -> str:
    country = draw(st.sampled_from(["44", "49", "33", "1"]))
    return f"+{country} {draw(_digits_str(4))} {draw(_digits_str(6))}"


PII = {
    "phone": cn_mobile(),
    "email": email(),
    "id": cn_id(),
    "card": card(),
    "ssn": ssn(),
    "intl phone": intl_phone(),
}


@st.composite
def embedded(draw: st.DrawFn, kinds: tuple[str, ...] = tuple(PII)) -> tuple[str, str, str, str]:
    """(prefix, value, suffix, kind); the value maybe full-width, as typed on a CJK keyboard."""
    kind = draw(st.sampled_from(kinds))
    value = draw(PII[kind])
    if draw(st.booleans()):
        value = value.translate(FULL_WIDTH)
    before = draw(CONTEXT) + draw(st.one_of(st.just(""), BOUNDARY))
    after = draw(st.one_of(st.just(""), BOUNDARY)) + draw(CONTEXT)
    if (
        before
        and unicodedata.normalize("NFKC", before[-1]).isascii()
        and before[-1] not in (" ,:;()!?\"'\n")
    ):
        before += "，"
    if (
        after
        and unicodedata.normalize("NFKC", after[0]).isascii()
        and after[0] not in (" ,:;()!?\"'\n")
    ):
        after = "，" + after
    return before, value, after, kind


def _digits_of(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", text) if ch.isdigit())


def _assert_masked(value: str, out: str, *, digits: bool = True) -> None:
    """Neither the value nor its normalised form is in `out`, and nothing else to mask is.

    Args:
        value: The raw value.
        out: The text that must not hold it.
        digits: Also check the value's digits against all of `out`'s digits run together;
            only where `out` has no other digits (a database dump has timestamps).
    """
    normal = unicodedata.normalize("NFKC", value)
    assert value not in out
    assert normal not in out
    if "@" in normal:
        local = normal.partition("@")[0]
        assert f"{local}@" not in unicodedata.normalize("NFKC", out)
    elif digits:
        assert _digits_of(value) not in _digits_of(out), "the raw digits survived"
    assert find_pii(out) == []


@settings(max_examples=400, deadline=None)
@given(embedded())
def test_personal_data_in_mixed_script_text_is_masked(case: tuple[str, str, str, str]) -> None:
    before, value, after, _ = case
    out = mask_text(before + value + after)
    _assert_masked(value, out)
    assert out.startswith(before)
    assert out.endswith(after)


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("快递员电话13700001111，邮箱a.b@example.cn", "快递员电话137****1111，邮箱a***@example.cn"),
        ("手机138.1234.5678。", "手机***.****.5678。"),
        ("电话１３７００００１１１１", "电话137****1111"),
        ("邮箱a.b＠example.cn", "邮箱a***@example.cn"),
        ("卡号4111.1111.1111.1111", "卡号****.****.****.1111"),
        ("SSN 123 45 6789", "SSN *******6789"),
        ("联系li_wei@example.com", "联系l***@example.com"),
    ],
)
def test_the_issues_examples_are_masked(text: str, masked: str) -> None:
    assert mask_text(text) == masked


def test_a_character_that_normalises_to_several_still_maps_back() -> None:
    # "㍱" is "hPa" and "ﬁ" is "fi" in NFKC: the masked span is found in the original anyway.
    text = "气压1013㍱，电话１３８１２３４５６７８，ﬁle a.b＠example.cn"
    assert mask_text(text) == "气压1013㍱，电话138****5678，ﬁle a***@example.cn"
    assert find_pii(text) == ["a.b＠example.cn", "１３８１２３４５６７８"]


@st.composite
def ordinary(draw: st.DrawFn) -> str:
    """Orders, amounts, dates, times, years and percentages, in Chinese and English text."""
    year = draw(st.integers(1900, 2099))
    month, day = draw(st.integers(1, 12)), draw(st.integers(1, 28))
    amount = draw(st.integers(0, 999_999_999))
    cents = draw(st.integers(0, 99))
    return draw(
        st.sampled_from(
            [
                f"订单{draw(st.integers(10000, 99999))}",
                f"order {draw(st.integers(1, 99999))}",
                f"¥{amount:,}.{cents:02d}",
                f"{amount}.{cents:02d}元",
                f"${amount:,}",
                f"{year}-{month:02d}-{day:02d}",
                f"{year}/{month}/{day}",
                f"{year}年{month}月{day}日",
                f"{year}{month:02d}{day:02d}",
                f"{year}年",
                f"in {year}",
                f"{draw(st.integers(0, 23)):02d}:{draw(st.integers(0, 59)):02d}",
                f"{draw(st.integers(0, 100))}.{draw(st.integers(0, 9))}%",
            ]
        )
    )


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(CONTEXT, ordinary()), min_size=1, max_size=4), CONTEXT)
def test_ordinary_numbers_in_mixed_script_text_are_left_alone(
    parts: list[tuple[str, str]], tail: str
) -> None:
    # A word or a CJK character between two numbers: two numbers next to each other with
    # a single space would be one longer number.
    text = "".join(f"{context}，{number}" for context, number in parts) + "，" + tail
    assert mask_text(text) == text


# --- mixed-script text through the graph: checkpoints, pending writes, the printed answer ---------


NOTE_DDL = "CREATE TABLE IF NOT EXISTS notes (user_id TEXT PRIMARY KEY, body TEXT NOT NULL);"


class NoteSlots(BaseModel):
    pass


async def read_note(args: Args, ctx: ToolContext) -> dict[str, Any]:
    """The caller's note, raw from the backend: whatever personal data it holds."""

    def work(conn: sqlite3.Connection) -> str:
        row = conn.execute("SELECT body FROM notes WHERE user_id = ?", (ctx.user_id,)).fetchone()
        return str(row["body"])

    return {"success": True, "note": await run_in_store(ctx.store_path, NOTE_DDL, work)}


NOTES = Domain(
    name="notes",
    tools=ToolRegistry(
        [
            ToolSpec(
                name="read_note",
                namespace="notes",
                description="Read the caller's note.",
                args_model=Args,
                fn=read_note,
                intents=frozenset({"read_note"}),
            )
        ]
    ),
    intents=(
        IntentSpec(
            name="read_note",
            description="read my note",
            extract=lambda text, today: {} if text == "read my note" else None,
            slots_model=NoteSlots,
            steps=(Step(name="note_read", tool="read_note", args=lambda s: {"key": "k"}),),
            summarize=lambda slots, evidence: f"Your note: {evidence['note_read']['note']}",
        ),
    ),
)


NOTE_RUN = ("run", "read my note", "--domain", "tests.test_privacy:NOTES", "--thread-id", "n1")


def _checkpoints_and_writes(db: str) -> tuple[bytes, str]:
    """Raw bytes and decoded values of the checkpoint and pending-write rows."""
    serde = JsonPlusSerializer()
    raw = bytearray()
    decoded: list[str] = []
    conn = sqlite3.connect(db)
    try:
        for table, column in (("checkpoints", "checkpoint"), ("writes", "value")):
            for kind, blob in conn.execute(f'SELECT type, "{column}" FROM {table}'):
                raw += bytes(blob) + b"\n"
                decoded.append(repr(serde.loads_typed((kind, blob))))
    finally:
        conn.close()
    assert decoded, "the run stored checkpoints and writes"
    return bytes(raw), "\n".join(decoded)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(embedded(), min_size=1, max_size=3))
def test_mixed_script_personal_data_is_masked_in_checkpoints_writes_and_the_answer(
    cases: list[tuple[str, str, str, str]],
) -> None:
    from graph.cli import main

    # One note of several values, each standing apart as it did alone.
    note = "，".join(before + value + after for before, value, after, _ in cases)
    with tempfile.TemporaryDirectory() as tmp:
        db, store = f"{tmp}/agent.sqlite", f"{tmp}/business.sqlite"
        conn = connect(store, NOTE_DDL)
        try:
            conn.execute("INSERT INTO notes VALUES ('demo-user', ?)", (note,))
        finally:
            conn.close()
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            code = main([*NOTE_RUN, "--db", db, "--store", store])
        assert code == 0
        raw, decoded = _checkpoints_and_writes(db)
        text = raw.decode("utf-8", "replace")
        for _, value, _, _ in cases:
            for where in (text, decoded):
                _assert_masked(value, _VERSION.sub("", where), digits=False)
            _assert_masked(value, printed.getvalue().partition("Your note:")[2])
            normal = unicodedata.normalize("NFKC", value)
            unversioned = re.sub(rb"\d{32}\.\d+\.\d+", b"", raw)  # see _VERSION
            assert value.encode() not in unversioned
            assert normal.encode() not in unversioned
        assert "Your note:" in printed.getvalue()
