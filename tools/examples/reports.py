"""Example area: reports, a job submitted once and then polled until it is done.

Polling the same job with the same arguments is legitimate repetition: the tool's `PollSpec`
names the answers that mean "still working", so waiting never counts as a stall (see
graph/evals for the cases that check it).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tools.contract import PollSpec, ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, IntentSpec, Step
from tools.examples.backend import DDL
from tools.slots import (
    contains_any,
    find_id,
    find_named_id,
    find_period,
    find_word,
    number_roles,
)
from tools.store import audit, run_in_store

REPORTS = "reports"
POLLS_TO_FINISH = 5
"""A report answers "processing", identically, four times and is "done" on the fifth poll:
more identical answers in a row than the stall limit, so waiting must not count as a stall."""


class SubmitReportArgs(BaseModel):
    """Arguments of `submit_report`."""

    model_config = ConfigDict(extra="forbid")

    report: Literal["weekly", "monthly"] = Field(description="Which report to build.")


class JobStatusArgs(BaseModel):
    """Arguments of `get_job_status`."""

    model_config = ConfigDict(extra="forbid")

    job_id: str = Field(pattern=r"^J-[0-9]{1,9}$", description='Job id from submit_report, "J-1".')


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


TOOLS = (
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
)


_REPORT_WORDS = ("report", "rpt", "报告", "报表", "月报", "周报")
_REPORT_KINDS = (
    (
        "weekly",
        (
            *("weekly", "wkly", "week", "每周", "周报", "周度", "这周", "本周", "上周"),
            "周的报告",  # as a learner says 周报: "周的报告做一个"
            *("每个礼拜", "每礼拜", "每个星期", "每星期"),  # "每个礼拜的报告 做一份给我"
            *("weekreport", "week report"),  # German compounds: "Wochenbericht"
        ),
    ),
    (
        "monthly",
        (
            *("monthly", "mthly", "mnthly", "month"),
            *("每月", "月报", "月度", "这个月", "本月", "上个月", "月的报告", "每个月的报表"),
            *("每个月的报告", "每个月的那个报告", "每个月的那份报告"),
            *("monthreport", "month report", "monthsreport"),  # German "Monatsbericht"
        ),
    ),
)
"""A report of a week or a month; "this week's report" and "这周的报告" name the weekly one."""
_REPORT_NAMES = (
    ("weekly", ("weekly", "wkly", "周报", "周度")),
    ("monthly", ("monthly", "mthly", "mnthly", "月报", "月度")),
)
"""The report named as such, before a week or a month said around it: "生成月报，这周要交给
院长" is the monthly report, due this week."""
_OTHER_KINDS = (
    ("quarterly", ("quarterly", "quarter", "季度", "季报")),
    ("annual", ("annual", "yearly", "年度", "年报")),
    ("daily", ("daily", "日报", "每日")),
    # every two weeks or twice a month: neither the weekly nor the monthly report
    ("biweekly", ("bi-weekly", "biweekly", "fortnightly", "bi-monthly", "bimonthly")),
    ("biweekly", ("semi-monthly", "semimonthly", "双周", "半月报")),
)
"""Reports the service does not build: named, they fill the slot as said, and the slot's
check asks which of weekly or monthly instead of building another one."""
_REFUSED_AFTER = re.compile(
    r"(?:周报|月报|周度|月度)(?:的)?(?:就|也|先)?(?:别|不要|不用|甭|莫)(?:弄|做|整|搞|出|生成)?了?|"
    # and refused before it, as official notes write: "月报，生成。非周报。"
    r"(?<![\u4e00-\u9fff])非(?:周报|月报|周度|月度)|"
    # and told as done already: "monthly report please the weekly one i already did"
    r"(?i:\b(?:the\s+)?(?:weekly|monthly)(?:\s+(?:one|report))?\s+(?:i\s+|i'?ve\s+)?"
    r"(?:already\s+(?:did|done|have|made|built|got)|(?:is|was)\s+(?:already\s+)?done)\b)"
)
"""A report refused right after its name ("周报别弄了", "月报不要了"), by 非 before it ("非周
报"), or told as done already ("the weekly one I already did"): no report asked for."""
_KIND_OF_DAYS = {7: "weekly", 30: "monthly"}
_MANY_UNITS = re.compile(
    r"\b(?:[2-9]|1[0-2]|two|three|four|six|twelve)\s*-?\s*(?:months?|weeks?)\b", re.I
)
"""Several months or weeks ("3 month", "two weeks"): a window no weekly or monthly report
covers, so neither is named by it."""


def _names_report(text: str) -> bool:
    """Whether a report word is in the text, not counting the 报 of 报销.

    "这个月报销了多少" names no report: it asks about this month's expense claims, not 月报.
    """
    return contains_any(text.replace("报销", "  "), _REPORT_WORDS)


def report_slots(text: str, today: date) -> dict[str, Any]:
    """Which report, when the words say: a report is a write, so it is never guessed.

    A report "covering the last 7 days" is the weekly one and one "for the past 30 days"
    the monthly one; a window of another length names neither, and a quarterly, annual or
    daily report is named as such (`_OTHER_KINDS`), so it is asked about, not built.
    """
    # "以备本月二十日会议之用": a day of this month dates the meeting, it names no report
    for role in number_roles(text):
        if role.kind == "date":
            text = text[: role.start] + " " * (role.end - role.start) + text[role.end :]
    # "a report for 3 month": three months is no monthly report
    text = _MANY_UNITS.sub(lambda m: " " * len(m.group()), text)
    # "周报别弄了，给我弄个月报": the report refused right after its name is not the one
    text = _REFUSED_AFTER.sub(lambda m: " " * len(m.group()), text)
    # A report the service does not build, named anywhere, is asked about: "they want the
    # quarterly numbers … at the end of the month" names no monthly report.
    found = (
        find_word(text, _OTHER_KINDS, "enum")
        or find_word(text, _REPORT_NAMES, "enum")
        or find_word(text, _REPORT_KINDS, "enum")
    )
    # (a window alone names no report where no report is named: "最近一个月的血压趋势帮我弄一下"
    # is the trend over 30 days, not the monthly report)
    if found is None and _names_report(text) and (period := find_period(text)) is not None:
        kind = _KIND_OF_DAYS.get(int(period.value))
        found = None if kind is None else replace(period, value=kind, kind="enum")
    return {} if found is None else {"report": found}


def job_slots(text: str, today: date) -> dict[str, Any]:
    """The job id, "J-3", or told as "job 3"."""
    found = find_id(text, r"([Jj][-_]?\d{1,9})") or find_named_id(text, r"\bjobs?|任务", "J")
    return {} if found is None else {"job_id": replace(found, value=found.value.upper())}


def extract_report(text: str, today: date) -> dict[str, Any] | None:
    """A report to build (no job id in the text)."""
    if job_slots(text, today) or not _names_report(text):
        return None
    return report_slots(text, today) or None


def extract_job_status(text: str, today: date) -> dict[str, Any] | None:
    """A job id to check on."""
    return job_slots(text, today) or None


class ReportSlots(BaseModel):
    """Validated slots of `build_report`."""

    report: Literal["weekly", "monthly"]


class JobSlots(BaseModel):
    """Validated slots of `job_status`."""

    job_id: str = Field(pattern=r"^J-[0-9]{1,9}$")


def _job_done(data: Mapping[str, Any]) -> bool:
    return data.get("status") == "done"


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


def _summarize_report(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    ready = evidence.get("report_ready") or evidence.get("job_done") or {}
    job = ready.get("job_id") or evidence.get("report_submitted", {}).get("job_id")
    if ready.get("status") == "done":
        return f"Job {job} is done: {ready['url']}."
    return f"Job {job} is {ready.get('status', 'queued')}." if job else ""


# --- example requests: how people ask, for the router's classifier (`nodes/classifier.py`).
# --- Terse, casual and polite, English and Chinese; check with `python -m graph eval --router`.

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
    "could I have the monthly report pulled together",
    "帮我把这周的报告弄出来",
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


PINYIN = {"zhou bao": "周报", "yue bao": "月报", "bao gao": "报告"}
"""Toneless pinyin of a report's words, as typed without an input method (`Domain.pinyin`)."""

INTENTS = (
    IntentSpec(
        name="build_report",
        description="Build a report: submit the job, then poll it until it is done.",
        extract=extract_report,
        fill=report_slots,
        examples=REPORT_EXAMPLES,
        write_cues=(
            *("put together", "整理一份", "做个报表", "出个报告", "出份", "出一份", "gen"),
            # run again after a failure: "周报跑了三次都失败，再帮我跑一次"
            *("再跑一次", "再跑一遍", "帮我跑一次", "帮我跑一遍", "帮我跑一下", "重跑", "重新跑"),
            # 出 before the report it produces: "帮我出周报", Hong Kong's "出weekly report"
            *("出周报", "出月报", "出报告", "出weekly", "出 weekly", "出monthly", "出 monthly"),
            *("report pls", "report please", "report plz", "rpt pls", "rpt please"),
            # "I need my monthly report": needing or wanting a report is asking for one.
            *("need the weekly", "need a weekly", "need my weekly", "need this week's"),
            *("need the monthly", "need a monthly", "need my monthly", "need this month's"),
            *("want the weekly", "want a weekly", "want my weekly"),
            *("want the monthly", "want a monthly", "want my monthly"),
            *("would like the weekly", "would like the monthly", "'d like the weekly"),
            # the report named, then "is the one I need": "the monthly report is the one that I
            # need"
            *("is the one i need", "is the one that i need", "is the one i want"),
            "is the one that i want",
            "'d like the monthly",
            *("need the report", "need a report", "need my report", "want the report"),
            *("want a report", "需要一份", "要一份"),
            # the article dropped, as Polish and Russian speakers' English does
            *("need monthly report", "need weekly report", "want monthly report"),
            "want weekly report",
            *("want only the weekly", "only want the weekly", "just want the weekly"),
            *("want only the monthly", "only want the monthly", "just want the monthly"),
            *("要周报", "要月报", "要的是周报", "要的是月报", "做周报", "做月报"),
            # English inside Chinese: "要monthly report，唔该"
            *("要monthly", "要 monthly", "要weekly", "要 weekly"),
            # Nigerian English "I wan" (I want): "I wan the weekly report abeg"
            *("wan the weekly", "wan the monthly", "wan weekly", "wan monthly"),
            # "do it for me" after the report named: "周报帮我弄一下", Taiwan's "週報幫我用一下"
            *("帮我弄一下", "给我弄一下", "帮我用一下", "帮我弄下", "帮我用下"),
            # Northeastern and Southwestern 整 (make) after the report named: "月报帮我整一哈"
            *("月报帮我整一下", "周报帮我整一下", "月报给我整一下", "周报给我整一下"),
            # Southwestern "做起来" (get it made) closed by its particle: "月报做起来嘛，要得不"
            # (not how the making goes: "周报做起来太慢了")
            *("做起来嘛", "做起来吧", "做起来哈", "弄起来嘛", "弄起来吧", "整起来嘛", "整起来吧"),
            # British and New Zealand "knock up" and "sort out": make it
            *("knock up the", "knock up a", "sort out the weekly", "sort out the monthly"),
            # British and Welsh "do us" (do me): "Do us the weekly report now, would you"
            *("do us the", "do us a", "do me the", "do me a weekly", "do me a monthly"),
            # Newfoundland and Irish "do up" (make): "can ya do up a weekly report for me b'y"
            *("do up a", "do up the", "do up my"),
            # "Monthly report. Kick it off, I'll chase the job later."
            *("kick it off", "kick that off", "kick one off"),
        ),
        required_evidence=("report",),
        # A report's name alone asks for it: "weekly report", "月报".
        # (and as shorthand: "weekly rpt merci")
        entry_words=(
            "weekly report",
            "monthly report",
            "weekly rpt",
            "monthly rpt",
            "周报",
            "月报",
        ),
        entry_routes=True,
        entry_request="build the {report} report",
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
)
