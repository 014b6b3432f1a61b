"""Privacy: tool results are minimised and masked before the model, the checkpoints or the trace.

The example backend holds two customers with real-looking phone numbers, e-mail addresses,
national ID and card numbers. After the privacy scenarios run (a profile, a notification that
needs the raw phone number, the same as one parallel turn with a reference, another user's
profile), every table of the SQLite checkpoint database is scanned, checkpoint blobs both as
raw bytes and decoded, and so is the trace: no raw value a tool returned is there. The
notification still reached the right phone: the backend's outbox has the raw number.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import ToolMessage
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel, ConfigDict

from checkpoints.ledger import Ledger
from graph.runner import show_thread
from tests.conftest import Harness
from tests.fakes import tool_context
from tests.test_dag import TurnsChatModel
from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.examples import SHOP_DDL
from tools.executor import execute_call
from tools.privacy import (
    WITHHELD_KEY,
    ResultPolicy,
    find_pii,
    mask_email,
    mask_phone,
    mask_text,
    protect_data,
)
from tools.store import connect

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
