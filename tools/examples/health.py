"""The example domain: health metrics and order lookup, backed by the SQLite business store.

It reproduces the reference failure cases: "record today's reading 150/95 and show the last
two weeks" (a write, a read with a period the model must not re-guess, and a trend card that
code picks), and "where is order 10086" (an `order_id` that must be a string).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from datetime import date, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tools.contract import PollSpec, ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step, ToolRegistry
from tools.privacy import ResultPolicy, opaque_ref
from tools.slots import (
    Found,
    contains_any,
    find_date,
    find_id,
    find_period,
    find_reading,
    find_word,
)
from tools.store import audit, run_in_store

# --- the business store: one schema and one seed, the same for every tool ---------------------

DEMO_USER = "demo-user"
DEMO_CONTACT_REF = opaque_ref("ct", "demo", DEMO_USER)
OTHER_CONTACT_REF = opaque_ref("ct", "demo", "another-user")
DEMO_ORDERS: tuple[tuple[str, str, str, str | None, str | None, str], ...] = (
    ("10086", DEMO_USER, "shipped", "SF Express", "SF1009823121", "2026-11-28"),
    ("10087", "another-user", "processing", None, None, "2026-11-29"),
    ("10088", DEMO_USER, "delivered", "SF Express", "SF1009823388", "2026-10-02"),
    ("10089", DEMO_USER, "delivered", "JD Logistics", "JD0001928374", "2026-10-15"),
    ("10090", DEMO_USER, "cancelled", None, None, "2026-11-03"),
    ("10091", DEMO_USER, "processing", None, None, "2026-11-30"),
)
"""(order_id, user_id, status, carrier, tracking_no, updated_on): the orders every tool sees."""


def _sql(value: str | None) -> str:
    return "NULL" if value is None else "'" + value.replace("'", "''") + "'"


def _seed(table: str, rows: tuple[tuple[str | None, ...], ...]) -> str:
    values = ",\n    ".join("(" + ", ".join(_sql(v) for v in row) + ")" for row in rows)
    return f"INSERT OR IGNORE INTO {table} VALUES\n    {values};\n"


DDL = (
    """
CREATE TABLE IF NOT EXISTS metrics (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    systolic INTEGER NOT NULL,
    diastolic INTEGER NOT NULL,
    measured_on TEXT NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS orders (
    order_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    status TEXT NOT NULL,
    carrier TEXT,
    tracking_no TEXT,
    updated_on TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS report_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    report TEXT NOT NULL,
    polls INTEGER NOT NULL DEFAULT 0,
    polls_needed INTEGER NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS customers (
    user_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    id_number TEXT NOT NULL,
    card_number TEXT NOT NULL,
    address TEXT NOT NULL,
    birth_date TEXT NOT NULL,
    contact_ref TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    body TEXT NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS order_cancellations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    reason TEXT,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""
    + _seed("orders", DEMO_ORDERS)
    + _seed(
        "customers",
        (
            (
                DEMO_USER,
                "demo",
                "Li Wei",
                "13812345678",
                "li.wei@example.com",
                "110101199003071234",
                "4111111111111111",
                "1 Chaoyang Road, Beijing",
                "1990-03-07",
                DEMO_CONTACT_REF,
            ),
            (
                "another-user",
                "demo",
                "Ana Silva",
                "+44 7700 900123",
                "ana.silva@example.org",
                "QQ123456C",
                "5500005555555559",
                "2 Baker Street, London",
                "1985-06-01",
                OTHER_CONTACT_REF,
            ),
        ),
    )
)
"""The example backend's tables and demo rows, created and seeded together on a store's first
use (`INSERT OR IGNORE`: a later run never undoes a change). Every tool opens the store with
this one script, so whichever tool runs first, every demo row is there: the backend's own
records, raw personal data included, live here and nowhere in the agent's files."""
SHOP_DDL = DDL
"""The same script, under the name the shop tools' tests know it by."""

METRICS = "metrics"
ORDERS = "orders"
PERIODS = ("7d", "14d", "30d")
Period = Literal["7d", "14d", "30d"]


# --- argument models: the guard validates against these before anything runs ---------------


class RecordMetricArgs(BaseModel):
    """Arguments of `record_metric`."""

    model_config = ConfigDict(extra="forbid")

    value: str = Field(
        pattern=r"^[0-9]{2,3}/[0-9]{2,3}$",
        description='Reading as "systolic/diastolic", e.g. "150/95".',
    )
    date: dt.date = Field(description="Calendar date of the reading, ISO format YYYY-MM-DD.")


class MetricTrendArgs(BaseModel):
    """Arguments of `get_metric_trend`."""

    model_config = ConfigDict(extra="forbid")

    period: Period = Field(description="Window ending today: one of 7d, 14d, 30d.")


class NoArgs(BaseModel):
    """Tools that take no arguments."""

    model_config = ConfigDict(extra="forbid")


class QueryOrderArgs(BaseModel):
    """Arguments of `query_order`."""

    model_config = ConfigDict(extra="forbid")

    order_id: str = Field(
        min_length=1, max_length=32, description='Order number as a string, e.g. "10086".'
    )


# --- tool functions ----------------------------------------------------------------------------


def _receipt(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "record_id": f"m_{row['id']}",
        "value": f"{row['systolic']}/{row['diastolic']}",
        "date": row["measured_on"],
    }


async def record_metric(args: RecordMetricArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Insert one reading; the backend's unique key makes a replay return the same row."""
    systolic, diastolic = (int(x) for x in args.value.split("/"))

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "record_metric", ctx.user_id, args.model_dump(mode="json"), ctx.idempotency_key)
        if args.date > date.today():
            return {
                "success": False,
                "code": "DATE_IN_FUTURE",
                "message": f"date {args.date} is in the future",
                "user_action": "Use today's date or an earlier one.",
            }
        conn.execute(
            "INSERT INTO metrics (user_id, systolic, diastolic, measured_on, idempotency_key) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING",
            (ctx.user_id, systolic, diastolic, args.date.isoformat(), ctx.idempotency_key),
        )
        row = conn.execute(
            "SELECT * FROM metrics WHERE idempotency_key IS ? ORDER BY id DESC LIMIT 1",
            (ctx.idempotency_key,),
        ).fetchone()
        return {"success": True, **_receipt(row)}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_record_metric(key: str, ctx: ToolContext) -> ToolResult | None:
    """Find the row an earlier attempt wrote under `key`, so a resume never writes twice."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute("SELECT * FROM metrics WHERE idempotency_key = ?", (key,)).fetchone()
        return None if row is None else ToolResult.success(_receipt(row))

    return await run_in_store(ctx.store_path, DDL, work)


def _trend(values: list[int]) -> str:
    if len(values) < 2:
        return "insufficient_data"
    half = len(values) // 2
    first = sum(values[:half]) / half
    second = sum(values[half:]) / (len(values) - half)
    if second - first > 5:
        return "rising"
    if first - second > 5:
        return "falling"
    return "stable"


async def get_metric_trend(args: MetricTrendArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Aggregate the caller's readings over a window ending today."""
    days = int(args.period.rstrip("d"))
    end = date.today()
    start = end - timedelta(days=days - 1)

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_metric_trend", ctx.user_id, args.model_dump(mode="json"))
        rows = conn.execute(
            "SELECT systolic, diastolic FROM metrics WHERE user_id = ? AND measured_on BETWEEN ? "
            "AND ? ORDER BY measured_on, id",
            (ctx.user_id, start.isoformat(), end.isoformat()),
        ).fetchall()
        sys_values = [r["systolic"] for r in rows]
        dia_values = [r["diastolic"] for r in rows]
        avg = (
            f"{round(sum(sys_values) / len(rows))}/{round(sum(dia_values) / len(rows))}"
            if rows
            else None
        )
        return {
            "success": True,
            "period": args.period,
            "from": start.isoformat(),
            "to": end.isoformat(),
            "count": len(rows),
            "average": avg,
            "trend": _trend(sys_values),
        }

    return await run_in_store(ctx.store_path, DDL, work)


async def get_user_metric_profile(args: NoArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """The caller's reading count, latest reading and target range."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_user_metric_profile", ctx.user_id, {})
        row = conn.execute(
            "SELECT COUNT(*) AS n, MAX(measured_on) AS latest FROM metrics WHERE user_id = ?",
            (ctx.user_id,),
        ).fetchone()
        return {
            "success": True,
            "readings": row["n"],
            "latest_date": row["latest"],
            "target": "below 140/90",
        }

    return await run_in_store(ctx.store_path, DDL, work)


async def query_order(args: QueryOrderArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Look an order up; another user's order answers exactly like a missing one."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "query_order", ctx.user_id, args.model_dump(mode="json"))
        row = conn.execute(
            "SELECT * FROM orders WHERE order_id = ? AND user_id = ?",
            (args.order_id, ctx.user_id),
        ).fetchone()
        if row is None:
            return {
                "success": False,
                "code": "ORDER_NOT_FOUND",
                "message": f"no order {args.order_id} on this account",
                "user_action": "Check the order number; it is not on this account.",
            }
        return {
            "success": True,
            "order_id": row["order_id"],
            "status": row["status"],
            "carrier": row["carrier"],
            "tracking_no": row["tracking_no"],
            "updated_on": row["updated_on"],
        }

    return await run_in_store(ctx.store_path, DDL, work)


METRIC_INTENTS = frozenset(
    {
        "record_and_review_metric",
        "record_metric",
        "review_metric_trend",
        "record_and_recheck_metric",
    }
)

REGISTRY = ToolRegistry(
    [
        ToolSpec(
            name="record_metric",
            namespace=METRICS,
            description=(
                "Save one blood-pressure reading for the current user. Use once per reading the "
                "user asks to record. Do not use to read data, and never call it again for a "
                "reading that was already saved."
            ),
            args_model=RecordMetricArgs,
            fn=record_metric,
            effect="write",
            idempotent=False,
            permission="metrics:write",
            intents=METRIC_INTENTS - {"review_metric_trend"},
            reconcile=reconcile_record_metric,
        ),
        ToolSpec(
            name="get_metric_trend",
            namespace=METRICS,
            description=(
                "Summarise the user's readings over a window ending today. Use the period "
                "given in the task; do not try other periods. Do not use to save readings."
            ),
            args_model=MetricTrendArgs,
            fn=get_metric_trend,
            permission="metrics:read",
            intents=METRIC_INTENTS - {"record_metric"},
        ),
        ToolSpec(
            name="get_user_metric_profile",
            namespace=METRICS,
            description=(
                "The user's reading count, latest reading date and target range. Use only when "
                "the user asks about their profile or targets; not needed to record or trend."
            ),
            args_model=NoArgs,
            fn=get_user_metric_profile,
            permission="metrics:read",
            intents=METRIC_INTENTS,
        ),
        ToolSpec(
            name="query_order",
            namespace=ORDERS,
            description=(
                "Status, carrier and tracking number of one of the user's orders. Pass the "
                "order number as a string. Do not use for metrics."
            ),
            args_model=QueryOrderArgs,
            fn=query_order,
            permission="orders:read",
            intents=frozenset({"order_status", "notify_order"}),
        ),
    ]
)


# --- intents: deterministic rules, Chinese and English ------------------------------------------

_RECORD_WORDS = (
    "记录",
    "记一下",
    "记下",
    "录入",
    "存",
    "record",
    "log ",
    "save",
    "add",
    "enter",
    "note",
    "jot",
)
_TREND_WORDS = ("趋势", "走势", "trend")
_ORDER_WORDS = ("订单", "order", "包裹", "快递", "parcel")
_ORDER_ID = r"(\d{3,20})"
DEFAULT_PERIOD_DAYS = 14


def _period(text: str, default_days: int = DEFAULT_PERIOD_DAYS) -> Found | str:
    """The period slot as "14d": found in the words, or the default (no evidence)."""
    found = find_period(text)
    return f"{default_days}d" if found is None else replace(found, value=f"{found.value}d")


def _day(text: str, today: date) -> Found | str:
    return find_date(text, today) or today.isoformat()


def _order_id(text: str) -> Found | None:
    return find_id(text, _ORDER_ID, bare_digits=3)


def metric_slots(text: str, today: date) -> dict[str, Any]:
    """Reading, date and period from any request about readings; what is absent is absent."""
    slots: dict[str, Any] = {"date": _day(text, today), "period": _period(text)}
    if (reading := find_reading(text)) is not None:
        slots["value"] = reading
    return slots


def record_slots(text: str, today: date) -> dict[str, Any]:
    """Reading and date only: the intent that saves a reading and shows nothing."""
    return {k: v for k, v in metric_slots(text, today).items() if k != "period"}


def trend_slots(text: str, today: date) -> dict[str, Any]:
    """The period only."""
    return {"period": _period(text)}


def order_slots(text: str, today: date) -> dict[str, Any]:
    """The order number: next to an order word, or any number of three digits or more."""
    found = _order_id(text)
    return {} if found is None else {"order_id": found}


def _wants_trend(text: str) -> bool:
    return contains_any(text, _TREND_WORDS) or find_period(text) is not None


def _reading(text: str, today: date) -> dict[str, Any] | None:
    if find_reading(text) is None or not contains_any(text, _RECORD_WORDS):
        return None
    return record_slots(text, today)


def extract_record_and_review(text: str, today: date) -> dict[str, Any] | None:
    """Both a reading to save and a trend to show."""
    reading = _reading(text, today)
    if reading is None or not _wants_trend(text):
        return None
    return {**reading, "period": _period(text)}


def extract_record(text: str, today: date) -> dict[str, Any] | None:
    """A reading to save, nothing else."""
    return _reading(text, today)


def extract_trend(text: str, today: date) -> dict[str, Any] | None:
    """A trend to show, no reading in the text."""
    if find_reading(text) is not None or not contains_any(text, _TREND_WORDS):
        return None
    return trend_slots(text, today)


def extract_order(text: str, today: date) -> dict[str, Any] | None:
    """An order number next to an order word."""
    if not contains_any(text, _ORDER_WORDS):
        return None
    return order_slots(text, today) or None


class RecordAndReviewSlots(BaseModel):
    """Validated slots of `record_and_review_metric`."""

    value: str = Field(pattern=r"^[0-9]{2,3}/[0-9]{2,3}$")
    date: dt.date
    period: Period


class RecordSlots(BaseModel):
    """Validated slots of `record_metric`."""

    value: str = Field(pattern=r"^[0-9]{2,3}/[0-9]{2,3}$")
    date: dt.date


class TrendSlots(BaseModel):
    """Validated slots of `review_metric_trend`."""

    period: Period


class OrderSlots(BaseModel):
    """Validated slots of `order_status`."""

    order_id: str


RECORD_STEP = Step(
    name="metric_recorded",
    tool="record_metric",
    args=lambda s: {"value": s["value"], "date": s["date"]},
    description="the reading is saved",
)
TREND_STEP = Step(
    name="trend_loaded",
    tool="get_metric_trend",
    args=lambda s: {"period": s["period"]},
    description="the trend for the requested period is loaded",
)
TREND_WITH_READING_STEP = Step(
    name="trend_loaded",
    tool="get_metric_trend",
    args=lambda s: {"period": s["period"]},
    after=("metric_recorded",),
    description="the trend for the requested period, loaded after the reading is saved",
)
"""A trend read before the write would not show the new reading, so it does not count."""
ORDER_STEP = Step(
    name="order_found",
    tool="query_order",
    args=lambda s: {"order_id": s["order_id"]},
    description="the order's status is known",
)


def _summarize_metrics(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    parts: list[str] = []
    if rec := evidence.get("metric_recorded"):
        parts.append(f"Recorded {rec['value']} for {rec['date']} ({rec['record_id']}).")
    if trend := evidence.get("trend_loaded"):
        if trend.get("count"):
            parts.append(
                f"Last {trend['period']}: {trend['count']} reading(s), average "
                f"{trend['average']}, trend {trend['trend']}."
            )
        else:
            parts.append(f"No readings in the last {trend['period']}.")
    return " ".join(parts)


def _summarize_order(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    order = evidence.get("order_found")
    if not order:
        return ""
    carrier = f" with {order['carrier']} ({order['tracking_no']})" if order.get("carrier") else ""
    return f"Order {order['order_id']} is {order['status']}{carrier}."


def _trend_card(evidence: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """Code, not the model, decides that a loaded trend is shown as a trend card."""
    trend = evidence.get("trend_loaded")
    if not trend:
        return None
    return {"card": "metric_trend", **{k: trend.get(k) for k in ("period", "average", "trend")}}


# --- legitimate repetition: a report job polled until done, pages read with a cursor, ---------
# --- and a trend re-read after a write. The guard must let these repeat; see graph/evals. -----

REPORTS = "reports"
POLLS_TO_FINISH = 5
"""A report answers "processing", identically, four times and is "done" on the fifth poll:
more identical answers in a row than the stall limit, so waiting must not count as a stall."""
PAGE_SIZE = 2


class SubmitReportArgs(BaseModel):
    """Arguments of `submit_report`."""

    model_config = ConfigDict(extra="forbid")

    report: Literal["weekly", "monthly"] = Field(description="Which report to build.")


class JobStatusArgs(BaseModel):
    """Arguments of `get_job_status`."""

    model_config = ConfigDict(extra="forbid")

    job_id: str = Field(pattern=r"^J-[0-9]{1,9}$", description='Job id from submit_report, "J-1".')


class ListOrdersArgs(BaseModel):
    """Arguments of `list_orders`."""

    model_config = ConfigDict(extra="forbid")

    cursor: str | None = Field(
        default=None,
        pattern=r"^c[0-9]{1,6}$",
        description="Omit for the first page; then pass the next_cursor of the last page.",
    )


async def submit_report(args: SubmitReportArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Queue a report; a replay under the same idempotency key returns the same job."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "submit_report", ctx.user_id, args.model_dump(), ctx.idempotency_key)
        conn.execute(
            "INSERT INTO report_jobs (user_id, report, polls_needed, idempotency_key) "
            "VALUES (?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING",
            (ctx.user_id, args.report, POLLS_TO_FINISH, ctx.idempotency_key),
        )
        row = conn.execute(
            "SELECT id FROM report_jobs WHERE idempotency_key IS ? ORDER BY id DESC LIMIT 1",
            (ctx.idempotency_key,),
        ).fetchone()
        return {"success": True, "job_id": f"J-{row['id']}", "status": "queued"}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_submit_report(key: str, ctx: ToolContext) -> ToolResult | None:
    """Find the job an earlier attempt queued under `key`."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute(
            "SELECT id FROM report_jobs WHERE idempotency_key = ?", (key,)
        ).fetchone()
        if row is None:
            return None
        return ToolResult.success({"job_id": f"J-{row['id']}", "status": "queued"})

    return await run_in_store(ctx.store_path, DDL, work)


async def get_job_status(args: JobStatusArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """One poll: the same "processing" answer until the job is done, then where it is."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_job_status", ctx.user_id, args.model_dump())
        job = int(args.job_id.split("-", 1)[1])
        row = conn.execute(
            "SELECT * FROM report_jobs WHERE id = ? AND user_id = ?", (job, ctx.user_id)
        ).fetchone()
        if row is None:
            return {
                "success": False,
                "code": "JOB_NOT_FOUND",
                "message": f"no job {args.job_id} on this account",
                "user_action": "Check the job id; asking again will not help.",
            }
        polls = row["polls"] + 1
        conn.execute("UPDATE report_jobs SET polls = ? WHERE id = ?", (polls, job))
        if polls < row["polls_needed"]:
            return {"success": True, "job_id": args.job_id, "status": "processing"}
        return {
            "success": True,
            "job_id": args.job_id,
            "status": "done",
            "report": row["report"],
            "url": f"reports/{args.job_id}.pdf",
        }

    return await run_in_store(ctx.store_path, DDL, work)


async def list_orders(args: ListOrdersArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """One page of the caller's orders, oldest id first; `next_cursor` is None on the last."""
    offset = int(args.cursor[1:]) if args.cursor else 0

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "list_orders", ctx.user_id, args.model_dump())
        total = conn.execute(
            "SELECT COUNT(*) FROM orders WHERE user_id = ?", (ctx.user_id,)
        ).fetchone()[0]
        rows = conn.execute(
            "SELECT order_id, status FROM orders WHERE user_id = ? ORDER BY order_id "
            "LIMIT ? OFFSET ?",
            (ctx.user_id, PAGE_SIZE, offset),
        ).fetchall()
        end = offset + len(rows)
        return {
            "success": True,
            "orders": [{"order_id": r["order_id"], "status": r["status"]} for r in rows],
            "page": offset // PAGE_SIZE + 1,
            "total": total,
            "next_cursor": f"c{end}" if end < total else None,
        }

    return await run_in_store(ctx.store_path, DDL, work)


for _spec in (
    ToolSpec(
        name="submit_report",
        namespace=REPORTS,
        description=(
            "Start building a report; returns a job id at once. Call it once per report, then "
            "poll get_job_status with that id. Never submit the same report again to check on it."
        ),
        args_model=SubmitReportArgs,
        fn=submit_report,
        effect="write",
        idempotent=False,
        permission="reports:write",
        intents=frozenset({"build_report"}),
        reconcile=reconcile_submit_report,
    ),
    ToolSpec(
        name="get_job_status",
        namespace=REPORTS,
        description=(
            "Status of a report job: 'processing' until it is 'done'. Polling the same job "
            "while it is processing is expected; an unknown job id will not appear later."
        ),
        args_model=JobStatusArgs,
        fn=get_job_status,
        permission="reports:read",
        intents=frozenset({"build_report", "job_status"}),
        # A real job service would ask for seconds between polls; 50 ms keeps the demo quick.
        poll=PollSpec(
            pending_values=frozenset({"queued", "processing"}), interval_s=0.05, deadline_s=30.0
        ),
    ),
    ToolSpec(
        name="list_orders",
        namespace=ORDERS,
        description=(
            "One page of the user's orders. Start without a cursor; while next_cursor is set, "
            "call again with it. Do not repeat a page you already have."
        ),
        args_model=ListOrdersArgs,
        fn=list_orders,
        permission="orders:read",
        intents=frozenset({"list_orders"}),
    ),
):
    REGISTRY.register(_spec)


# --- permissions, approval and privacy: a customer profile with personal data, a notification
# --- that needs the raw phone number (by reference), and a risky write that waits for a human.

SHOP = "shop"
PROFILE_POLICY = ResultPolicy(
    fields=frozenset({"name", "phone", "email", "id_number", "contact_ref"}),
    sensitive={"id_number": "id_number"},
)
"""The model needs to recognise the customer and to hand a contact on, nothing more: card
number, address and birth date are withheld, the rest is masked."""


class NotifyArgs(BaseModel):
    """Arguments of `send_order_notification`."""

    model_config = ConfigDict(extra="forbid")

    order_id: str = Field(min_length=1, max_length=32, description="The order to report on.")
    contact_ref: str = Field(
        pattern=r"^ct_[0-9a-f]{16}$",
        description="contact_ref from get_customer_profile; never a phone number.",
    )


class CancelOrderArgs(BaseModel):
    """Arguments of `cancel_order`."""

    model_config = ConfigDict(extra="forbid")

    order_id: str = Field(min_length=1, max_length=32, description="The order to cancel.")
    reason: str | None = Field(default=None, max_length=200, description="Why, if given.")


def _not_found(order_id: str) -> dict[str, Any]:
    return {
        "success": False,
        "code": "ORDER_NOT_FOUND",
        "message": f"no order {order_id} on this account",
        "user_action": "Check the order number; it is not on this account.",
    }


async def get_customer_profile(args: NoArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """The caller's own customer record, raw: the privacy layer decides what leaves."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_customer_profile", ctx.user_id, {})
        row = conn.execute(
            "SELECT * FROM customers WHERE user_id = ? AND tenant = ?", (ctx.user_id, ctx.tenant)
        ).fetchone()
        if row is None:
            return {"success": False, "code": "PROFILE_NOT_FOUND", "message": "no profile"}
        return {"success": True, **{k: v for k, v in dict(row).items() if k != "tenant"}}

    return await run_in_store(ctx.store_path, DDL, work)


def _notification(row: sqlite3.Row) -> dict[str, Any]:
    # `to` is the raw number on purpose: the executor masks it before anything stores it.
    return {
        "notification_id": f"n_{row['id']}",
        "order_id": row["order_id"],
        "channel": row["channel"],
        "to": row["recipient"],
        "status": "queued",
    }


async def send_order_notification(args: NotifyArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Text the caller about their order; the phone number comes from the backend, by ref.

    The model only ever holds `contact_ref`. Both the order and the contact must belong to
    the caller: another user's order or contact answers exactly like a missing one.
    """

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "send_order_notification", ctx.user_id, args.model_dump(), ctx.idempotency_key)
        sent = conn.execute(
            "SELECT * FROM notifications WHERE idempotency_key IS ?", (ctx.idempotency_key,)
        ).fetchone()
        if sent is not None and ctx.idempotency_key:
            return {"success": True, **_notification(sent)}
        order = conn.execute(
            "SELECT * FROM orders WHERE order_id = ? AND user_id = ?", (args.order_id, ctx.user_id)
        ).fetchone()
        if order is None:
            return _not_found(args.order_id)
        contact = conn.execute(
            "SELECT phone FROM customers WHERE contact_ref = ? AND user_id = ? AND tenant = ?",
            (args.contact_ref, ctx.user_id, ctx.tenant),
        ).fetchone()
        if contact is None:
            return {
                "success": False,
                "code": "CONTACT_NOT_FOUND",
                "message": "no such contact on this account",
                "user_action": "Use the contact_ref from get_customer_profile.",
            }
        body = f"Order {order['order_id']} is {order['status']}."
        cur = conn.execute(
            "INSERT INTO notifications (user_id, order_id, channel, recipient, body, "
            "idempotency_key) VALUES (?, ?, 'sms', ?, ?, ?)",
            (ctx.user_id, order["order_id"], contact["phone"], body, ctx.idempotency_key),
        )
        row = conn.execute("SELECT * FROM notifications WHERE id = ?", (cur.lastrowid,)).fetchone()
        return {"success": True, **_notification(row)}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_notification(key: str, ctx: ToolContext) -> ToolResult | None:
    """Find the message an earlier attempt queued under `key`: never text twice."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute(
            "SELECT * FROM notifications WHERE idempotency_key = ?", (key,)
        ).fetchone()
        return None if row is None else ToolResult.success(_notification(row))

    return await run_in_store(ctx.store_path, DDL, work)


def _cancellation(row: sqlite3.Row) -> dict[str, Any]:
    return {"cancellation_id": f"x_{row['id']}", "order_id": row["order_id"], "status": "cancelled"}


async def cancel_order(args: CancelOrderArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Cancel one of the caller's orders while it is still processing."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "cancel_order", ctx.user_id, args.model_dump(), ctx.idempotency_key)
        done = conn.execute(
            "SELECT * FROM order_cancellations WHERE idempotency_key IS ?", (ctx.idempotency_key,)
        ).fetchone()
        if done is not None and ctx.idempotency_key:
            return {"success": True, **_cancellation(done)}
        order = conn.execute(
            "SELECT * FROM orders WHERE order_id = ? AND user_id = ?", (args.order_id, ctx.user_id)
        ).fetchone()
        if order is None:
            return _not_found(args.order_id)
        if order["status"] != "processing":
            return {
                "success": False,
                "code": "ORDER_NOT_CANCELLABLE",
                "message": f"order {args.order_id} is {order['status']}; only processing "
                "orders can be cancelled",
                "user_action": "Tell the user; cancelling it again will not help.",
            }
        conn.execute(
            "UPDATE orders SET status = 'cancelled', updated_on = ? WHERE order_id = ?",
            (date.today().isoformat(), args.order_id),
        )
        cur = conn.execute(
            "INSERT INTO order_cancellations (order_id, user_id, reason, idempotency_key) "
            "VALUES (?, ?, ?, ?)",
            (args.order_id, ctx.user_id, args.reason, ctx.idempotency_key),
        )
        row = conn.execute(
            "SELECT * FROM order_cancellations WHERE id = ?", (cur.lastrowid,)
        ).fetchone()
        return {"success": True, **_cancellation(row)}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_cancel_order(key: str, ctx: ToolContext) -> ToolResult | None:
    """Find the cancellation an earlier attempt made under `key`."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute(
            "SELECT * FROM order_cancellations WHERE idempotency_key = ?", (key,)
        ).fetchone()
        return None if row is None else ToolResult.success(_cancellation(row))

    return await run_in_store(ctx.store_path, DDL, work)


for _spec in (
    ToolSpec(
        name="get_customer_profile",
        namespace=SHOP,
        description=(
            "The user's own contact details (masked) and a contact_ref to pass to tools that "
            "contact them. Use it to get contact_ref; never ask for or send phone numbers."
        ),
        args_model=NoArgs,
        fn=get_customer_profile,
        permission="profile:read",
        intents=frozenset({"customer_profile", "notify_order"}),
        privacy=PROFILE_POLICY,
    ),
    ToolSpec(
        name="send_order_notification",
        namespace=SHOP,
        description=(
            "Text the user the status of one of their orders. Pass the order number and the "
            "contact_ref from get_customer_profile. Sends once per order and request."
        ),
        args_model=NotifyArgs,
        fn=send_order_notification,
        effect="write",
        idempotent=False,
        permission="notify:send",
        intents=frozenset({"notify_order"}),
        reconcile=reconcile_notification,
    ),
    ToolSpec(
        name="cancel_order",
        namespace=SHOP,
        description=(
            "Cancel one of the user's orders that is still processing. It changes the order "
            "for good, so a person approves it before it runs. Only when the user asks to cancel."
        ),
        args_model=CancelOrderArgs,
        fn=cancel_order,
        effect="write",
        idempotent=False,
        permission="orders:write",
        intents=frozenset({"cancel_order"}),
        reconcile=reconcile_cancel_order,
        requires_approval=True,
    ),
):
    REGISTRY.register(_spec)


_CANCEL_WORDS = ("cancel", "取消")
_NOTIFY_WORDS = ("text me", "a text", "sms", "notify", "notification", "短信", "通知")
_PROFILE_WORDS = ("contact details", "my profile", "my contact", "联系方式", "个人资料", "个人信息")


def extract_cancel(text: str, today: date) -> dict[str, Any] | None:
    """An order number to cancel."""
    return (order_slots(text, today) or None) if contains_any(text, _CANCEL_WORDS) else None


def extract_notify(text: str, today: date) -> dict[str, Any] | None:
    """An order to text the user about."""
    return (order_slots(text, today) or None) if contains_any(text, _NOTIFY_WORDS) else None


def extract_profile(text: str, today: date) -> dict[str, Any] | None:
    """The user's own contact details."""
    return {} if contains_any(text, _PROFILE_WORDS) and _order_id(text) is None else None


# --- example requests: how people ask, for the router's classifier (`nodes/classifier.py`).
# --- Terse, casual and polite, English and Chinese; check with `python -m graph eval --router`.

RECHECK_EXAMPLES = (
    "show my trend for the last week, record 128/82, then show the trend again",
    "check my 2-week trend, log 130/85, then show it again",
    "compare my trend before and after saving today's reading 125/80",
    "trend first, then save 118/76, then the trend again",
    "record 140/90 and show my monthly trend before and after",
    "look at my trend, add 122/81, then look at it again",
    "先看最近一周趋势，记录 128/82，再看一次趋势",
    "记一下 135/88，前后对比一下两周的走势",
    "先查趋势，然后录入 120/80，再看趋势",
)
RECORD_AND_REVIEW_EXAMPLES = (
    "record today's reading 150/95 and show the last two weeks",
    "log 132/84 and show my trend for the past month",
    "save 128/80 from yesterday, then show my 7-day trend",
    "add a reading of 141/92 and tell me how the last 14 days look",
    "please record 150/95 and give me my trend",
    "bp 138/88 today, log it and show the week",
    "记录今天的指标 150/95，并看最近两周趋势",
    "记一下血压 130/85，然后看看近30天的走势",
    "录入昨天的 126/82，顺便看下最近一周的趋势",
    "帮我记录 145/95 并显示这个月的变化",
    "store 129/84 and chart the last month",
    "记下 133/87 再看看过去两周",
)
RECORD_EXAMPLES = (
    "record today's reading 128/82",
    "log 135/85 for yesterday",
    "save my blood pressure 120/80",
    "note down 142/91 from this morning",
    "please add a reading: 118/79",
    "enter 130/86 for 2026-03-01",
    "log bp 125/83",
    "record my blood pressure of 150 over 95",
    "记录今天的血压 128/82",
    "记一下昨天的 135/85",
    "帮我录入血压 120/80",
    "保存一条读数 140/90",
    "here's today's reading, 131/86, save it",
    "put 126/81 in my log",
    "I measured 139/89 just now, record it",
)
TREND_EXAMPLES = (
    "show my trend for the last two weeks",
    "how has my blood pressure been over the past month",
    "what does my bp trend look like",
    "show my readings for the last 7 days",
    "blood pressure trend, 30 days",
    "is my blood pressure going up lately",
    "how are my readings this week",
    "看最近两周趋势",
    "近30天的血压走势",
    "我最近一周的血压怎么样",
    "血压是不是在升高",
    "给我看看这个月的血压变化",
    "are my numbers getting better",
    "血压有没有变高",
    "chart my blood pressure for the month",
    "summary of my readings",
    "show my bp history for 2 weeks",
    "血压数据最近怎么样",
    "过去一周的血压情况",
)
ORDER_EXAMPLES = (
    "where is order 10086",
    "track my order 10086",
    "status of order 10087",
    "has order 10091 shipped yet",
    "what's happening with my package 10088",
    "any update on 10089?",
    "when will order 10086 arrive",
    "查询订单 10086",
    "我的快递 10086 到哪了",
    "订单10088发货了吗",
    "10089 这个包裹现在什么状态",
    "帮我查一下订单10091",
    "where's my stuff, order 10086",
    "shipping status for 10087",
    "did 10088 ship",
    "物流信息 10086",
    "我的订单10087发了吗",
)
LIST_ORDERS_EXAMPLES = (
    "list all my orders",
    "show me every order I've placed",
    "what orders do I have",
    "show my order history",
    "all my orders please",
    "列出我的所有订单",
    "我的订单列表",
    "我都买过什么",
    "看看我全部的订单",
    "order history",
    "everything I've bought",
    "what did I buy recently",
    "历史订单",
)
CANCEL_EXAMPLES = (
    "cancel order 10091",
    "please cancel my order 10091",
    "I don't want order 10091 anymore, cancel it",
    "call off order 10091",
    "can you cancel 10091 for me",
    "取消订单 10091",
    "帮我把订单10091取消掉",
    "订单10091不要了，取消吧",
    "退订 10091",
    "stop order 10091",
    "please void order 10091",
    "我不想要10091了",
    "把订单10091撤销",
)
NOTIFY_EXAMPLES = (
    "text me the status of order 10086",
    "send me an sms about order 10086",
    "notify me by text where order 10087 is",
    "message me the update on my order 10091",
    "ping me with the status of package 10088",
    "短信告诉我订单10086的状态",
    "把订单10087的物流发短信给我",
    "通知我订单10091的进度",
    "sms me the tracking for 10086",
    "send a text with order 10087's status",
    "给我发个短信说一下10088到哪了",
)
PROFILE_EXAMPLES = (
    "show my contact details",
    "what phone number do you have for me",
    "what's my email on file",
    "show my profile",
    "what contact info do you have",
    "my account details",
    "查看我的联系方式",
    "我的个人资料",
    "你们登记的手机号是多少",
    "我的个人信息",
    "my email address",
    "我的邮箱是什么",
    "what do you have on file for me",
    "what's the phone number on my account",
    "show my personal info",
)
REPORT_EXAMPLES = (
    "generate my monthly report",
    "build the weekly report",
    "make me a report for this month's numbers",
    "run my weekly report please",
    "prepare a monthly summary report",
    "create the monthly report",
    "生成我的月度报告",
    "帮我做一份周报",
    "出一份这个月的报表",
    "生成每周报告",
    "compile the weekly report",
    "kick off a monthly report",
)
JOB_EXAMPLES = (
    "check on report job J-999",
    "is J-12 done yet",
    "status of job J-3",
    "what's happening with J-7",
    "has my report J-4 finished",
    "J-15 进度怎么样",
    "查一下任务 J-8",
    "报告 J-2 好了没有",
    "any progress on J-9",
    "J-21 ready?",
    "看下 J-6 好了吗",
)


PROFILE_LOADED = Step(
    name="profile_loaded",
    tool="get_customer_profile",
    description="the user's contact details and contact_ref are loaded",
)
NOTIFY_ORDER_FOUND = Step(
    name="order_found",
    tool="query_order",
    args=lambda s: {"order_id": s["order_id"]},
    description="the order's status is known",
)
CUSTOMER_NOTIFIED = Step(
    name="customer_notified",
    tool="send_order_notification",
    args=lambda s: {"order_id": s["order_id"]},
    inputs={"contact_ref": "profile_loaded.contact_ref"},
    after=("order_found",),
    description="the user is texted the order's status (contact_ref from the profile)",
)
ORDER_CANCELLED = Step(
    name="order_cancelled",
    tool="cancel_order",
    args=lambda s: {"order_id": s["order_id"]},
    description="the order is cancelled (a person approves it first)",
)


def _summarize_profile(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    profile = evidence.get("profile_loaded")
    if not profile:
        return ""
    return (
        f"{profile.get('name')}: phone {profile.get('phone')}, e-mail {profile.get('email')}, "
        f"ID {profile.get('id_number')}."
    )


def _summarize_notify(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    sent = evidence.get("customer_notified")
    order = evidence.get("order_found")
    parts = [_summarize_order(slots, {"order_found": order})] if order else []
    if sent:
        parts.append(f"Texted it to {sent['to']} ({sent['notification_id']}).")
    return " ".join(parts)


def _summarize_cancel(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    done = evidence.get("order_cancelled")
    return f"Order {done['order_id']} is cancelled ({done['cancellation_id']})." if done else ""


class OrderRefSlots(BaseModel):
    """Validated slots of `cancel_order` and `notify_order`."""

    order_id: str = Field(min_length=1, max_length=32)


class ProfileSlots(BaseModel):
    """`customer_profile` has no slot: the caller is the context's user."""


SHOP_INTENTS = (
    IntentSpec(
        name="cancel_order",
        description="Cancel one of the user's orders, once a person approves it.",
        extract=extract_cancel,
        fill=order_slots,
        examples=CANCEL_EXAMPLES,
        write_cues=("don't want", "no longer want", "void", "不要了", "退订", "撤单", "不想要"),
        required_evidence=("order_id",),
        slots_model=OrderRefSlots,
        steps=(ORDER_CANCELLED,),
        budget=Budget(max_rounds=4, max_calls=3),
        summarize=_summarize_cancel,
    ),
    IntentSpec(
        name="notify_order",
        description="Text the user the status of one of their orders.",
        extract=extract_notify,
        fill=order_slots,
        examples=NOTIFY_EXAMPLES,
        write_cues=("text me", "发个短信", "短信告诉我", "短信通知"),
        required_evidence=("order_id",),
        slots_model=OrderRefSlots,
        steps=(PROFILE_LOADED, NOTIFY_ORDER_FOUND, CUSTOMER_NOTIFIED),
        budget=Budget(max_rounds=6, max_calls=6),
        summarize=_summarize_notify,
    ),
    IntentSpec(
        name="customer_profile",
        description="Show the user their own contact details.",
        extract=extract_profile,
        examples=PROFILE_EXAMPLES,
        slots_model=ProfileSlots,
        steps=(PROFILE_LOADED,),
        budget=Budget(max_rounds=3, max_calls=3),
        summarize=_summarize_profile,
    ),
)
"""Checked before `order_status`: "cancel order 10091" names an order too."""


_REPORT_WORDS = ("report", "报告", "报表")
_REPORT_KINDS = (
    ("weekly", ("weekly", "week", "每周", "周报", "周度")),
    ("monthly", ("monthly", "month", "每月", "月报", "月度")),
)
_LIST_WORDS = ("list", "all my orders", "every order", "所有订单", "全部订单", "订单列表", "列出")
_AGAIN_WORDS = ("again", "before and after", "再看", "再查", "前后")


def report_slots(text: str, today: date) -> dict[str, Any]:
    """Which report, when the words say: a report is a write, so it is never guessed."""
    found = find_word(text, _REPORT_KINDS, "enum")
    return {} if found is None else {"report": found}


def job_slots(text: str, today: date) -> dict[str, Any]:
    """The job id, "J-3"."""
    found = find_id(text, r"([Jj]-\d{1,9})")
    return {} if found is None else {"job_id": replace(found, value=found.value.upper())}


def extract_report(text: str, today: date) -> dict[str, Any] | None:
    """A report to build (no job id in the text)."""
    if job_slots(text, today) or not contains_any(text, _REPORT_WORDS):
        return None
    return report_slots(text, today) or None


def extract_job_status(text: str, today: date) -> dict[str, Any] | None:
    """A job id to check on."""
    return job_slots(text, today) or None


def extract_list_orders(text: str, today: date) -> dict[str, Any] | None:
    """All of the caller's orders, no single order number."""
    if _order_id(text) is not None or not contains_any(text, _LIST_WORDS):
        return None
    return {}


def extract_record_and_recheck(text: str, today: date) -> dict[str, Any] | None:
    """Trend, then a reading, then the same trend again."""
    if not contains_any(text, _AGAIN_WORDS):
        return None
    return extract_record_and_review(text, today)


class ReportSlots(BaseModel):
    """Validated slots of `build_report`."""

    report: Literal["weekly", "monthly"]


class JobSlots(BaseModel):
    """Validated slots of `job_status`."""

    job_id: str = Field(pattern=r"^J-[0-9]{1,9}$")


class NoSlots(BaseModel):
    """Intents whose request carries no slot."""


def _job_done(data: Mapping[str, Any]) -> bool:
    return data.get("status") == "done"


def _last_page(data: Mapping[str, Any]) -> bool:
    return data.get("next_cursor") is None


REPORT_SUBMITTED = Step(
    name="report_submitted",
    tool="submit_report",
    args=lambda s: {"report": s["report"]},
    description="the report job is queued",
)
REPORT_READY = Step(
    name="report_ready",
    tool="get_job_status",
    inputs={"job_id": "report_submitted.job_id"},
    done_when=_job_done,
    description="the job reports done (poll while it is processing)",
)
JOB_DONE = Step(
    name="job_done",
    tool="get_job_status",
    args=lambda s: {"job_id": s["job_id"]},
    done_when=_job_done,
    description="the job reports done (poll while it is processing)",
)
ORDERS_LISTED = Step(
    name="orders_listed",
    tool="list_orders",
    done_when=_last_page,
    next_args=lambda d: {"cursor": d["next_cursor"]},
    description="every page is read (follow next_cursor)",
)
TREND_BEFORE = Step(
    name="trend_before",
    tool="get_metric_trend",
    args=lambda s: {"period": s["period"]},
    description="the trend before the new reading",
)
TREND_AFTER = Step(
    name="trend_after",
    tool="get_metric_trend",
    args=lambda s: {"period": s["period"]},
    after=("metric_recorded",),
    description="the same trend re-read after the reading is saved",
)


def _summarize_report(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    ready = evidence.get("report_ready") or evidence.get("job_done") or {}
    job = ready.get("job_id") or evidence.get("report_submitted", {}).get("job_id")
    if ready.get("status") == "done":
        return f"Job {job} is done: {ready['url']}."
    return f"Job {job} is {ready.get('status', 'queued')}." if job else ""


def _summarize_orders(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    page = evidence.get("orders_listed")
    if not page:
        return ""
    return f"Read {page['page']} page(s); you have {page['total']} order(s)."


def _summarize_recheck(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    def line(label: str, trend: Mapping[str, Any] | None) -> str:
        if not trend:
            return ""
        if not trend.get("count"):
            return f"{label}: no readings in the last {trend['period']}."
        return f"{label}: {trend['count']} reading(s), average {trend['average']}."

    before, after = evidence.get("trend_before"), evidence.get("trend_after")
    parts = [line("Before", before), _summarize_metrics(slots, evidence), line("After", after)]
    return " ".join(p for p in parts if p)


DOMAIN = Domain(
    name="examples",
    tools=REGISTRY,
    role_permissions={
        "member": frozenset(
            {
                "metrics:read",
                "metrics:write",
                "orders:read",
                "orders:write",
                "reports:read",
                "reports:write",
                "profile:read",
                "notify:send",
            }
        ),
        "viewer": frozenset({"metrics:read", "orders:read", "reports:read", "profile:read"}),
    },
    intents=(
        IntentSpec(
            name="record_and_recheck_metric",
            description="Show a trend, save a reading, then show the same trend again.",
            extract=extract_record_and_recheck,
            fill=metric_slots,
            examples=RECHECK_EXAMPLES,
            required_evidence=("value",),
            slots_model=RecordAndReviewSlots,
            steps=(TREND_BEFORE, RECORD_STEP, TREND_AFTER),
            budget=Budget(max_rounds=6, max_calls=6),
            summarize=_summarize_recheck,
        ),
        IntentSpec(
            name="record_and_review_metric",
            description="Save a blood-pressure reading, then show the trend for a period.",
            extract=extract_record_and_review,
            fill=metric_slots,
            examples=RECORD_AND_REVIEW_EXAMPLES,
            required_evidence=("value",),
            slots_model=RecordAndReviewSlots,
            steps=(RECORD_STEP, TREND_WITH_READING_STEP),
            budget=Budget(max_rounds=6, max_calls=6),
            summarize=_summarize_metrics,
            card=_trend_card,
        ),
        IntentSpec(
            name="record_metric",
            description="Save a blood-pressure reading.",
            extract=extract_record,
            fill=record_slots,
            examples=RECORD_EXAMPLES,
            required_evidence=("value",),
            slots_model=RecordSlots,
            steps=(RECORD_STEP,),
            budget=Budget(max_rounds=4, max_calls=4),
            summarize=_summarize_metrics,
        ),
        IntentSpec(
            name="review_metric_trend",
            description="Show the blood-pressure trend for a period.",
            extract=extract_trend,
            fill=trend_slots,
            examples=TREND_EXAMPLES,
            slots_model=TrendSlots,
            steps=(TREND_STEP,),
            budget=Budget(max_rounds=4, max_calls=4),
            summarize=_summarize_metrics,
            card=_trend_card,
        ),
        *SHOP_INTENTS,
        IntentSpec(
            name="order_status",
            description="Tell the user where one of their orders is.",
            extract=extract_order,
            fill=order_slots,
            examples=ORDER_EXAMPLES,
            slots_model=OrderSlots,
            steps=(ORDER_STEP,),
            budget=Budget(max_rounds=4, max_calls=3),
            summarize=_summarize_order,
        ),
        IntentSpec(
            name="list_orders",
            description="List all of the user's orders, page by page.",
            extract=extract_list_orders,
            examples=LIST_ORDERS_EXAMPLES,
            slots_model=NoSlots,
            steps=(ORDERS_LISTED,),
            budget=Budget(max_rounds=6, max_calls=6),
            summarize=_summarize_orders,
        ),
        IntentSpec(
            name="build_report",
            description="Build a report: submit the job, then poll it until it is done.",
            extract=extract_report,
            fill=report_slots,
            examples=REPORT_EXAMPLES,
            write_cues=("put together", "整理一份", "做个报表", "出个报告"),
            required_evidence=("report",),
            slots_model=ReportSlots,
            steps=(REPORT_SUBMITTED, REPORT_READY),
            budget=Budget(max_rounds=8, max_calls=8),
            summarize=_summarize_report,
        ),
        IntentSpec(
            name="job_status",
            description="Check on a report job by its id until it is done.",
            extract=extract_job_status,
            fill=job_slots,
            examples=JOB_EXAMPLES,
            slots_model=JobSlots,
            steps=(JOB_DONE,),
            budget=Budget(max_rounds=6, max_calls=6),
            summarize=_summarize_report,
        ),
    ),
    clarify=(
        "I can record a blood-pressure reading, show its trend (7, 14 or 30 days), look up, "
        "list or cancel your orders, text you an order's status, show your contact details, "
        "or build a weekly or monthly report. Which would you like?"
    ),
)
