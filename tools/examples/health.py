"""Example area: health metrics, a write, a trend the model must not re-guess, a trend card.

It reproduces the reference failure case "record today's reading 150/95 and show the last two
weeks": a write, a read with a period the model must not re-guess, and a trend card that code
picks. `record_and_recheck_metric` reads the same trend twice on purpose (before and after a
write): a legitimate repetition the guard must let through.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from datetime import date, timedelta
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, IntentSpec, Step
from tools.examples.backend import DDL, NoArgs
from tools.slots import (
    Found,
    contains_any,
    find_date,
    find_period,
    find_reading,
    find_word,
    mentions,
    negated,
)
from tools.store import audit, run_in_store

METRICS = "metrics"
PERIODS = ("7d", "14d", "30d")
Period = Literal["7d", "14d", "30d"]


# --- argument models: the guard validates against these before anything runs ---------------


_ENTRY_WORDS = (
    *("bp", "blood pressure", "blood-pressure", "血压"),
    "pressure",  # the reading's line with "blood" left out: "pressure today 125/80"
    *("systolic", "diastolic", "高压", "低压", "收缩压", "舒张压"),
    *("tensi", "tekanan darah"),  # Indonesian and Malay: "Yesterday night I check tensi 140/90"
)
"""What a reading's line names: "bp 128/82 this morning", "高压130 低压85，今天早上的"."""


_WRITE_CUES = ("write",)
"""A reading written into the log ("then write 128/84 from this morning", as Greek
speakers put γράψε): the health log's own verb, not every domain's."""


def _systolic_first(value: str) -> str:
    """A reading whose first part is not the higher one was typed the wrong way round.

    "82/128" cannot be a blood pressure as written; saving either reading would be a guess.
    """
    systolic, _, diastolic = value.partition("/")
    if systolic.isdigit() and diastolic.isdigit() and int(systolic) <= int(diastolic):
        msg = "systolic, the higher number, comes first; say which number is which"
        raise ValueError(msg)
    return value


Reading = Annotated[str, Field(pattern=r"^[0-9]{2,3}/[0-9]{2,3}$"), AfterValidator(_systolic_first)]
"""A blood-pressure reading, "systolic/diastolic" with the higher number first."""


class RecordMetricArgs(BaseModel):
    """Arguments of `record_metric`."""

    model_config = ConfigDict(extra="forbid")

    value: Reading = Field(description='Reading as "systolic/diastolic", e.g. "150/95".')
    date: dt.date = Field(description="Calendar date of the reading, ISO format YYYY-MM-DD.")


class MetricTrendArgs(BaseModel):
    """Arguments of `get_metric_trend`."""

    model_config = ConfigDict(extra="forbid")

    period: Period = Field(description="Window ending today: one of 7d, 14d, 30d.")


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


METRIC_INTENTS = frozenset(
    {
        "record_and_review_metric",
        "record_metric",
        "review_metric_trend",
        "record_and_recheck_metric",
    }
)

TOOLS = (
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
)


# --- intents: deterministic rules, Chinese and English ------------------------------------------

_RECORD_WORDS = (
    "记",
    "补一下",
    "补上",
    "记录",
    "记一下",
    "记下",
    "录入",
    "录进",
    "补录",
    "补登",
    "记进",
    "存",
    "record",
    "log ",
    "save",
    "add",
    "enter",
    "note",
    "jot",
    "write it down",
    "write that down",
    "write down",
    *("put down", "put it down", "put that down"),  # "put down 146/94 from last night"
    *("pop it down", "pop that down"),  # London: "138/88 innit, pop it down for us bruv"
    # into the record, as a Turkish speaker puts it: "I want to write it to the system"
    *("write it to", "write it in", "write it into", "write that in", "write that into"),
    # Singapore and Malaysian English: "help me key in" (type it into the system)
    *("key in", "key it in", "key that in"),
    # "please write my pressure 129/83": Czech and Finnish "write" for noting it down
    *("write it", "please write", "write my"),
    "pop in",
    "pop it in",
    "pop that in",  # "128/82. Pop that in for us, chur"
    *("chuck it in", "chuck in", "whack it in", "bung it in"),  # Australian: put it in
    *("bung in", "whack in", "stick in"),  # "bung my bp in" as `dialect` writes it
    "加上",
    "加一条",
    "记好",
    "记上",
    "put in",
    "put that in",
    # "Put it in, please, and then show me…"; Scots "Stick that in fur us?"
    *("put it in", "stick it in", "stick that in"),
    # Welsh and British "stick it on": "Can you stick that on by there for me?"
    *("stick it on", "stick that on"),
    *("放进去", "放上去"),  # an older user's "put it in": "你帮我放进去"
    "加进去",  # added in: "把礼拜五量的142/90加进去"
    # Spanish speakers' English: "registrar", "anotar"
    "register",
    "annotate",
)
_TREND_WORDS = ("趋势", "走势", "trend")
_AGAIN_WORDS = (
    *("again", "once more", "rerun", "re-run", "recheck", "re-check", "before and after"),
    *("再看一次", "再看一遍", "再查一次", "再查一遍", "刷新", "重新看", "前后", "对比"),
    *("比一下", "比较一下", "比一比"),  # "记完再拿7天的给我看，我想比一哈"
    *("再给我看一遍", "再给我看一次", "再显示一遍", "再显示一次"),
    # once more after the reading: "记完再看一回", "录完再看7天", Cantonese "再睇多次"
    *("再看一回", "再看一趟", "记完再看", "录完再看", "再看多次", "再睇多次"),
    # Northeastern and Jiaodong 来一遍 (give me one), twice: "14天走势先来一遍 … 再来一遍"
    *("再来一遍", "再来一次", "再来一回"),
    "之前和之后",
    *("before & after", "before n after", "before/after", "b4 and after", "b4 & after"),
    *("b4 n after", "b4/after", "re-show", "reshow", "pre/post", "pre-post", "pre and post"),
    # Chinese with English verbs: "再 show 一次" (once more; "再 show 一下" is "then show")
    *("再 show 一次", "再show一次", "再 show 一遍", "再show一遍"),
    # Taglish "ulit" (again): "tapos show ulit yung 7d"
    *("show ulit", "pakita ulit", "check ulit", "tingnan ulit", "silipin ulit"),
)
"""The trend asked for twice, around the reading: "show it again", "rerun the trend", "前后
对比", "再看一遍", in chat spelling too ("b4 & after"). "compare" alone is not among them:
"compare my trend with last month" saves nothing; nor is a bare "再看看", which after a
reading means "then look" ("帮我录入 138/92，再看看近两周的血压变化" shows the trend
once). A trend named both before and after the reading asks for it twice too
(`_trend_around`)."""
DEFAULT_PERIOD_DAYS = 14
_OTHER_MEASURES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("heart rate", ("heart rate", "heartrate", "pulse", "bpm", "心率", "脉搏", "心跳")),
    ("blood sugar", ("blood sugar", "sugar level", "sugar levels", "glucose", "血糖")),
    ("weight", ("weight", "kg", "kilos", "pounds", "lbs", "体重", "公斤", "斤")),
    ("steps", ("steps", "步数")),
    # sleep as a measure, not the verb: "my sleep trend", not "before I sleep"
    ("sleep", ("my sleep", "sleep trend", "sleep data", "sleep score", "hours of sleep", "睡眠")),
    ("temperature", ("temperature", "体温")),
    ("cholesterol", ("cholesterol", "胆固醇")),
    ("blood oxygen", ("blood oxygen", "spo2", "oxygen", "血氧")),
)
"""Measures other than blood pressure: a request about one is not this domain's, whose
tools keep blood pressure only ("record my heart rate, 66", "我这两周的血糖怎么样")."""
_NOT_ENTRY_WORDS = tuple(w for _, words in _OTHER_MEASURES for w in words)
"""Another measure beside a reading makes the line no entry ("收缩压 127 舒张压 83 脉搏 65")."""


def _period(text: str, default_days: int = DEFAULT_PERIOD_DAYS) -> Found | str:
    """The period slot as "14d": found in the words, or the default (no evidence)."""
    found = find_period(text)
    return f"{default_days}d" if found is None else replace(found, value=f"{found.value}d")


_DATE_FIELD = re.compile(
    r"\b(?:date|day)(?:\s+(?:of|taken|measured)(?:\s+(?:the\s+)?(?:measurement|reading))?)?"
    r"\s*[:：]\s*(?P<said>[^\n.;]+)|(?:测量)?日期\s*[:：]\s*(?P<said_cn>[^\n。；]+)",
    re.I,
)
"""A form's date field ("Date of measurement: …", "日期：…"): whatever it says is the day."""


def _day(text: str, today: date) -> Found | str:
    """The reading's day: found in the words, else today, unless a date field says otherwise.

    "Date of measurement: the date of my most recent medical appointment" names a day no
    one here can read: the field's words stand as the date, which the slots model rejects,
    so the run asks for it rather than saving the reading as today's.
    """
    found = find_date(text, today)
    if found is not None:
        return found
    if (field := _DATE_FIELD.search(text)) is not None:
        said = (field["said"] or field["said_cn"]).strip()
        start = field.start("said" if field["said"] else "said_cn")
        return Found(said, said, start, start + len(said), "date")
    return today.isoformat()


def _measure(text: str) -> dict[str, Any]:
    """The measure a request names when it is not blood pressure, as the `metric` slot.

    Only blood pressure is tracked, so the slots model rejects any other: the run asks
    rather than showing a blood-pressure trend for "my heart rate this week".
    """
    found = find_word(text, _OTHER_MEASURES, "enum")
    return {} if found is None else {"metric": found}


_BESIDE_A_READING = "heart rate"
"""The measure every home blood-pressure monitor shows beside the reading: "135/88, pulse
was 76", "129/83 心跳 72" report a blood-pressure reading, not a heart-rate one."""


def metric_slots(text: str, today: date) -> dict[str, Any]:
    """Reading, date and period from any request about readings; what is absent is absent."""
    slots: dict[str, Any] = {"date": _day(text, today), "period": _period(text)}
    measure = _measure(text)
    if (reading := find_reading(text)) is not None:
        slots["value"] = reading
        if measure and measure["metric"].value == _BESIDE_A_READING:
            measure = {}
    return slots | measure


def record_slots(text: str, today: date) -> dict[str, Any]:
    """Reading and date only: the intent that saves a reading and shows nothing."""
    return {k: v for k, v in metric_slots(text, today).items() if k != "period"}


def trend_slots(text: str, today: date) -> dict[str, Any]:
    """The period, and another measure when one is named."""
    return {"period": _period(text)} | _measure(text)


def _wants_trend(text: str) -> bool:
    """A trend asked for, not refused ("记下来，不用看趋势" only records).

    A period alone asks for one unless it dates something the user tells of ("my doctor
    changed my medication last week"): when a thing happened is no window to show.
    """
    if mentions(text, _TREND_WORDS):
        return True
    period = find_period(text)
    if period is None:
        return False
    told = _TOLD_WHEN.search(text[: period.start]) and _CALENDAR_WHEN.match(period.text)
    return not told


_TOLD_WHEN = re.compile(
    r"\b[a-z]{3,}ed\s+(?:(?!(?:over|for|in|the|past|during|within|across)\b)[a-z]+\s+){0,3}$",
    re.I,
)
"""A verb told in the past right before a period: "changed my medication last week"."""
_CALENDAR_WHEN = re.compile(r"(?:last|this)\s+(?:week|month|year)$", re.I)
"""A period that can date an event ("last week"), unlike "the past 14 days"."""


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


_SHOWN_OVER = re.compile(
    r"\b(?:show|see|view|pull\s+up|look\s+at|give)\b[^.?!]{0,20}?"
    # (French "tension" in English: "show me my tension for the last 7 days")
    r"\b(?:bp|blood\s+pressure|pressure|tensi|(?:my\s+)?tension)\b|(?:看|查|调出)[^。？！]{0,8}?血压",
    re.I,
)
"""The readings asked to be seen ("show me my BP for the last 14 days", "看看最近两周的血压"):
with a window, the trend over it, though the word "trend" is not said."""


def extract_trend(text: str, today: date) -> dict[str, Any] | None:
    """A trend to show, no reading in the text: named, or the readings over a window shown."""
    if find_reading(text) is not None:
        return None
    over = _SHOWN_OVER.search(text) is not None and find_period(text) is not None
    if not (contains_any(text, _TREND_WORDS) or over):
        return None
    return trend_slots(text, today)


_LOOK_AFTER = re.compile(
    r"\b(?:updated|refreshed|new\s+one|afterwards|after\s+(?:that|it|this))\b|更新后|更新的",
    re.I,
)
"""Words after a reading that name the trend's second look ("pull up the updated chart",
"and the refreshed chart afterwards", "再看看更新后的"), once a trend came before it."""


def _trend_around(text: str) -> bool:
    """A trend named before the reading and looked at again after it, neither refused.

    "how's my 2 week trend? now save 126/81 and show the trend once more", "先查趋势，然后
    录入 120/80，再看趋势": the same trend, before and after. After the reading, the second
    look may be named without the word trend ("and then the updated chart", `_LOOK_AFTER`).
    """
    reading = find_reading(text)
    if reading is None:
        return False
    lowered = text.lower()
    trend = [
        m.start()
        for word in _TREND_WORDS
        for m in re.finditer(re.escape(word), lowered)
        if not negated(text, m.start())
    ]
    looks = [m.start() for m in _LOOK_AFTER.finditer(text) if not negated(text, m.start())]
    if any(a < reading.start for a in trend) and any(a >= reading.end for a in trend + looks):
        return True
    # "先给我看一哈这一个礼拜的血压，再把…128/82记上，完了再看一哈": a look first, one after
    first = _FIRST_LOOK.search(text, 0, reading.start)
    return first is not None and _LOOK_AGAIN.search(text, reading.end) is not None


_FIRST_LOOK = re.compile("先(?:把[^，。,；;]{0,16}?)?(?:给我|帮我)?(?:看|查|瞅|瞧)")
_LOOK_AGAIN = re.compile("再(?:给我|帮我)?(?:看|查|瞅|瞧)")
"""A look said to come first (先看, 先把三十天的血压给我看) before the reading and another after
it (再看): the same window twice, as "show it again" asks; a bare 再看看 after a reading with
no look before it only shows the trend after."""


_MEASURED_AGAIN = re.compile(
    r"\b(?:took|taken|measured|checked|tested|did|done|"
    r"(?:it|bp|pressure)\s*(?:'s|is|was)\s+(?:up|high|low|down))"
    r"(?:\s+(?:it|my\s+(?:bp|pressure|blood\s+pressure|reading)))?\s+(?:again|once\s+more)\b",
    re.I,
)
"""The reading taken again ("gran took it again 135/82", "measured again, 141/90"): a
second measurement, not the trend asked for twice."""


_RECHECK_LATER = re.compile(
    r"\b(?:re-?check|re-?measure)\s+(?:in\s+(?:\d+|a|one|two|three)\s*(?:days?|weeks?|months?)|"
    r"next\s+(?:week|month)|tomorrow)\b|(?:\d+|一|两|二|三)\s*(?:天|周|个?星期|个?礼拜|个?月)后复查",
    re.I,
)
"""A measurement to take again later ("recheck in 1 week", "两周后复查"): a doctor's plan,
not the trend asked for twice."""


def extract_record_and_recheck(text: str, today: date) -> dict[str, Any] | None:
    """Trend, then a reading, then the same trend again."""
    asked = _MEASURED_AGAIN.sub(lambda m: " " * len(m.group()), text)
    asked = _RECHECK_LATER.sub(lambda m: " " * len(m.group()), asked)
    if not contains_any(asked, _AGAIN_WORDS) and not _trend_around(text):
        return None
    return extract_record_and_review(text, today)


def _measure_field() -> Any:
    """The `metric` slot: blood pressure only, and never part of the slots a run keeps."""
    return Field(
        default=None,
        exclude=True,
        description="Only blood pressure is kept; a request about another measure is asked about.",
    )


class RecordAndReviewSlots(BaseModel):
    """Validated slots of `record_and_review_metric`."""

    metric: Literal["blood pressure"] | None = _measure_field()

    value: Reading
    date: dt.date
    period: Period


class RecordSlots(BaseModel):
    """Validated slots of `record_metric`."""

    metric: Literal["blood pressure"] | None = _measure_field()

    value: Reading
    date: dt.date


class TrendSlots(BaseModel):
    """Validated slots of `review_metric_trend`."""

    metric: Literal["blood pressure"] | None = _measure_field()

    period: Period


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


def _trend_card(evidence: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """Code, not the model, decides that a loaded trend is shown as a trend card."""
    trend = evidence.get("trend_loaded")
    if not trend:
        return None
    return {"card": "metric_trend", **{k: trend.get(k) for k in ("period", "average", "trend")}}


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
    # a reading told by its two parts' names
    "高压 142 低压 91，今早量的，记上",
    "systolic 136 diastolic 84, log it",
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
    "can you pull up my readings from the past two weeks",
    "bring up my bp numbers for the last month",
    "把最近两周的血压调出来",
)


PINYIN = {"xue ya": "血压", "gao ya": "高压", "di ya": "低压"}
"""Toneless pinyin of the reading's words, as typed without an input method (`Domain.pinyin`)."""

INTENTS = (
    IntentSpec(
        name="record_and_recheck_metric",
        description="Show a trend, save a reading, then show the same trend again.",
        extract=extract_record_and_recheck,
        fill=metric_slots,
        examples=RECHECK_EXAMPLES,
        required_evidence=("value",),
        assumed=("date",),
        write_cues=_WRITE_CUES,
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
        assumed=("date",),
        # "bp 124/79 this morning + 2wk trend": an entry line, then its own trend.
        entry_words=_ENTRY_WORDS,
        entry_not_words=_NOT_ENTRY_WORDS,
        write_cues=_WRITE_CUES,
        entry_request="record blood pressure {value} for {date}, then show the {period} trend",
        entry_routes=True,
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
        assumed=("date", "period"),
        entry_words=_ENTRY_WORDS,
        entry_not_words=_NOT_ENTRY_WORDS,
        write_cues=_WRITE_CUES,
        entry_request="record blood pressure {value} for {date}",
        entry_routes=True,
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
)
