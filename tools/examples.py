"""The example domain: health metrics and order lookup, backed by the SQLite business store.

It reproduces the reference failure cases: "record today's reading 150/95 and show the last
two weeks" (a write, a read with a period the model must not re-guess, and a trend card that
code picks), and "where is order 10086" (an `order_id` that must be a string).
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step
from tools.registry import ToolRegistry
from tools.slots import contains_any, parse_period_days, parse_relative_date
from tools.store import audit, run_in_store

DDL = """
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
INSERT OR IGNORE INTO orders VALUES
    ('10086', 'demo-user', 'shipped', 'SF Express', 'SF1009823121', '2026-11-28'),
    ('10087', 'another-user', 'processing', NULL, NULL, '2026-11-29');
"""

METRICS = "metrics"
ORDERS = "orders"
PERIODS = ("7d", "14d", "30d")
Period = Literal["7d", "14d", "30d"]


# --- argument models: the guard validates against these before anything runs ---------------


class RecordMetricArgs(BaseModel):
    """Arguments of `record_metric`."""

    model_config = ConfigDict(extra="forbid")

    value: str = Field(
        pattern=r"^\d{2,3}/\d{2,3}$",
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


METRIC_INTENTS = frozenset({"record_and_review_metric", "record_metric", "review_metric_trend"})

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
            intents=frozenset({"order_status"}),
        ),
    ]
)


# --- intents: deterministic rules, Chinese and English ------------------------------------------

_READING = re.compile(r"(?<!\d)(\d{2,3})\s*/\s*(\d{2,3})(?!\d)")
_RECORD_WORDS = ("记录", "记一下", "录入", "record", "log ", "save")
_TREND_WORDS = ("趋势", "走势", "trend")
_ORDER_ID = re.compile(r"(?<![\d.])(\d{3,20})(?![\d.])")
_ORDER_WORDS = ("订单", "order", "包裹", "快递", "parcel")
DEFAULT_PERIOD_DAYS = 14


def _period(text: str) -> str:
    days = parse_period_days(text)
    return f"{days if days is not None else DEFAULT_PERIOD_DAYS}d"


def _wants_trend(text: str) -> bool:
    return contains_any(text, _TREND_WORDS) or parse_period_days(text) is not None


def _reading(text: str, today: date) -> dict[str, Any] | None:
    m = _READING.search(text)
    if not m or not contains_any(text, _RECORD_WORDS):
        return None
    day = parse_relative_date(text, today) or today
    return {"value": f"{m.group(1)}/{m.group(2)}", "date": day.isoformat()}


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
    if _READING.search(text) or not contains_any(text, _TREND_WORDS):
        return None
    return {"period": _period(text)}


def extract_order(text: str, today: date) -> dict[str, Any] | None:
    """An order number next to an order word."""
    m = _ORDER_ID.search(text)
    if not m or not contains_any(text, _ORDER_WORDS):
        return None
    return {"order_id": m.group(1)}


class RecordAndReviewSlots(BaseModel):
    """Validated slots of `record_and_review_metric`."""

    value: str = Field(pattern=r"^\d{2,3}/\d{2,3}$")
    date: dt.date
    period: Period


class RecordSlots(BaseModel):
    """Validated slots of `record_metric`."""

    value: str = Field(pattern=r"^\d{2,3}/\d{2,3}$")
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


DOMAIN = Domain(
    name="examples",
    tools=REGISTRY,
    role_permissions={
        "member": frozenset({"metrics:read", "metrics:write", "orders:read"}),
        "viewer": frozenset({"metrics:read", "orders:read"}),
    },
    intents=(
        IntentSpec(
            name="record_and_review_metric",
            description="Save a blood-pressure reading, then show the trend for a period.",
            extract=extract_record_and_review,
            slots_model=RecordAndReviewSlots,
            steps=(RECORD_STEP, TREND_STEP),
            budget=Budget(max_rounds=6, max_calls=6),
            summarize=_summarize_metrics,
            card=_trend_card,
        ),
        IntentSpec(
            name="record_metric",
            description="Save a blood-pressure reading.",
            extract=extract_record,
            slots_model=RecordSlots,
            steps=(RECORD_STEP,),
            budget=Budget(max_rounds=4, max_calls=4),
            summarize=_summarize_metrics,
        ),
        IntentSpec(
            name="review_metric_trend",
            description="Show the blood-pressure trend for a period.",
            extract=extract_trend,
            slots_model=TrendSlots,
            steps=(TREND_STEP,),
            budget=Budget(max_rounds=4, max_calls=4),
            summarize=_summarize_metrics,
            card=_trend_card,
        ),
        IntentSpec(
            name="order_status",
            description="Tell the user where one of their orders is.",
            extract=extract_order,
            slots_model=OrderSlots,
            steps=(ORDER_STEP,),
            budget=Budget(max_rounds=4, max_calls=3),
            summarize=_summarize_order,
        ),
    ),
    clarify=(
        "I can record a blood-pressure reading, show its trend (7, 14 or 30 days), or look up "
        "one of your orders. Which would you like?"
    ),
)
