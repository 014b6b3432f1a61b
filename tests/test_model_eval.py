"""`eval --model`: the request set, the store-only judge, and the command with scripted models.

The judge is checked on stores written by hand (a duplicate row, a stray row, a read out of
order, a job not followed through); the command runs small with scripted models, since CI
has no real model: `eval --model llamacpp:...` is the documented command for one.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from graph.evals.model_eval import (
    Read,
    Request,
    judge,
    load_requests,
    run_model_eval,
    write_tables,
)
from tools.domain import load_domain

ROOT = Path(__file__).resolve().parent.parent
REQUESTS = load_requests()
TODAY = date.today()


def test_the_request_set_spans_domains_languages_and_step_counts() -> None:
    assert len(REQUESTS) >= 30
    assert len({r.id for r in REQUESTS}) == len(REQUESTS)
    langs = {r.lang for r in REQUESTS}
    assert langs == {"en", "zh"}
    assert {r.domain for r in REQUESTS} == {"tools.examples:DOMAIN", "tools.expenses:DOMAIN"}
    steps = [len(load_domain(r.domain).intent(r.intent).steps) for r in REQUESTS]
    assert sum(n == 1 for n in steps) >= 10
    assert sum(n > 1 for n in steps) >= 10
    for r in REQUESTS:
        routed = load_domain(r.domain).route(r.request, TODAY)
        assert routed is not None, r.id
        assert routed[0].name == r.intent, r.id
        assert r.writes or r.reads, f"{r.id} checks nothing"


def store(tmp_path: Path, rows: list[tuple[int, int, str]], runs: list[tuple[str, Any]]) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "business.sqlite"
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE metrics (id INTEGER PRIMARY KEY, user_id TEXT, systolic INT, "
        "diastolic INT, measured_on TEXT)"
    )
    conn.execute("CREATE TABLE tool_audit (id INTEGER PRIMARY KEY, tool TEXT, args TEXT)")
    for s, d, day in rows:
        conn.execute(
            "INSERT INTO metrics (user_id, systolic, diastolic, measured_on) VALUES (?, ?, ?, ?)",
            ("demo-user", s, d, day),
        )
    for tool, args in runs:
        conn.execute("INSERT INTO tool_audit (tool, args) VALUES (?, ?)", (tool, json.dumps(args)))
    conn.commit()
    conn.close()
    return str(path)


REVIEW = Request(
    id="r",
    request="record 150/95 and show two weeks",
    intent="record_and_review_metric",
    writes={"metrics": [{"systolic": 150, "diastolic": 95, "measured_on": "{today}"}]},
    reads=(Read(tool="get_metric_trend", args={"period": "14d"}, after=("record_metric",)),),
)


def test_the_judge_reads_rows_and_the_audit_table_only(tmp_path: Path) -> None:
    review = REVIEW
    today = TODAY.isoformat()
    record = ("record_metric", {"value": "150/95", "date": today})
    trend = ("get_metric_trend", {"period": "14d"})

    good = judge(
        store(tmp_path / "a", [(150, 95, today)], [record, trend]), review, ["metrics"], TODAY
    )
    assert good.correct, good.failures

    twice = judge(
        store(tmp_path / "b", [(150, 95, today), (150, 95, today)], [record, record, trend]),
        review,
        ["metrics"],
        TODAY,
    )
    assert not twice.correct
    assert twice.duplicate_writes == 1

    yesterday = (TODAY - timedelta(days=1)).isoformat()
    stray = judge(
        store(tmp_path / "c", [(150, 95, yesterday), (150, 95, today)], [record, trend]),
        review,
        ["metrics"],
        TODAY,
    )
    assert not stray.correct
    assert stray.wrong_writes == 1

    early = judge(
        store(tmp_path / "d", [(150, 95, today)], [trend, record]), review, ["metrics"], TODAY
    )
    assert early.failures == [
        'no execution of get_metric_trend {"period": "14d"} after record_metric'
    ]


def test_write_tables_are_every_table_the_set_writes() -> None:
    assert write_tables(REQUESTS) == ["expenses", "metrics", "notifications", "report_jobs"]


async def test_offline_completes_every_request_and_a_repeater_is_stopped(tmp_path: Path) -> None:
    some = [r for r in REQUESTS if r.id in ("bp-review-en", "notify-zh", "report-weekly-zh")]
    report = await run_model_eval(some, "offline", workdir=str(tmp_path))
    assert report["reference_correct"] == 3
    assert report["totals"]["graph"]["correct"] == 3
    assert report["totals"]["baseline"]["correct"] == 3
    assert all(t["met"] for t in report["targets"].values())

    looping = await run_model_eval(some, "scripted:repeat", workdir=str(tmp_path))
    ours, theirs = looping["totals"]["graph"], looping["totals"]["baseline"]
    assert ours["duplicate_writes"] == 0
    assert ours["recursion_errors"] == 0
    assert ours["third_identical"] == 0
    assert theirs["recursion_errors"] == 3
    assert theirs["duplicate_writes"] > 0
    assert not looping["targets"]["completion"]["met"]

    helped = await run_model_eval(
        some, "scripted:repeat", policy="hint", baseline=False, workdir=str(tmp_path)
    )
    assert helped["totals"]["graph"]["correct"] == 3
    assert helped["totals"]["graph"]["runtime_calls"] > 0
    assert "baseline" not in helped["totals"]


def test_eval_model_prints_both_harnesses_and_fails_a_missed_target() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graph",
            "eval",
            "--model",
            "scripted:repeat",
            "--only",
            "bp-review-en",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    assert "| this graph | 0/1 (0%) |" in proc.stdout
    assert "| create_agent (recursion_limit=25) | 0/1 (0%) |" in proc.stdout
    assert "- completion: 0% (target ≥ 90%) MISSED" in proc.stdout
    assert "GraphRecursionError 1" in proc.stdout

    bad = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--model", "llamacpp:/no/such/model.gguf"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip().startswith("error: model 'llamacpp:/no/such/model.gguf'")
    assert "Traceback" not in bad.stderr
