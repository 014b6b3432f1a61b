"""Make it yours: a new domain from one module outside graph/ and nodes/ just works.

`tools/expenses.py` declares its own intent, slot rules, tools (a write with reconcile on its
own table of the business store) and checklist. These tests plug it in through
`Context.domain` and `--domain` only, and check on its very first run what the guard promises
for the example domain: no third identical call, exactly one write, a clean stop reason.
"""

from __future__ import annotations

import ast
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tools.expenses
from tests.conftest import Harness
from tools.domain import load_domain
from tools.store import count_executions

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "tools.expenses:DOMAIN"
REQUEST_EN = (
    "submit a taxi expense of 42.50 EUR for yesterday and show my total for the last two weeks"
)
REQUEST_ZH = "报销昨天的打车费 42.50 欧元，并看最近两周的合计"
SUBMIT_ARGS = {"amount": "42.50", "currency": "EUR", "category": "taxi"}


def ticket_rows(store: str) -> list[tuple[str, int]]:
    with sqlite3.connect(store) as conn:
        return [
            (str(r[0]), int(r[1]))
            for r in conn.execute("SELECT summary, notify_on_triage FROM tickets").fetchall()
        ]


def claim_rows(store: str) -> int:
    """Rows in the new domain's own table: the business effect itself, not the agent's log."""
    with sqlite3.connect(store) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM expenses").fetchone()[0])


def graph_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "graph", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def test_the_domain_module_needs_nothing_from_graph_or_nodes() -> None:
    path = Path(tools.expenses.__file__).resolve()
    assert path.parent.name not in {"graph", "nodes"}
    tree = ast.parse(path.read_text())
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert not {m for m in imported if m.split(".")[0] in {"graph", "nodes"}}
    domain = load_domain(DOMAIN)
    assert [i.name for i in domain.intents] == [
        "submit_expense",
        "expense_total",
        "open_ticket",
        "ticket_status",
    ]
    assert [s.name for s in domain.intents[0].steps] == ["expense_submitted", "total_loaded"]
    assert all(len(i.examples) >= 10 for i in domain.intents), "the classifier's examples"
    assert {i.name for i in domain.intents if domain.writes(i.name)} == {
        "submit_expense",
        "open_ticket",
    }
    for intent in domain.intents:
        if domain.writes(intent.name):
            assert intent.required_evidence, f"{intent.name} writes on evidence only"
    write = domain.tools.get("submit_expense")
    assert write is not None
    assert write.effect == "write"
    assert write.reconcile is not None


@pytest.mark.parametrize("request_text", [REQUEST_EN, REQUEST_ZH])
async def test_offline_model_completes_the_new_domain(harness: Harness, request_text: str) -> None:
    out = await harness.run(request_text, domain=DOMAIN)

    assert out["intent"] == "submit_expense"
    assert out["slots"]["period"] == "14d"
    assert out["status"] == "completed"
    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"expense_submitted": True, "total_loaded": True}
    assert harness.executions("submit_expense") == 1
    assert harness.executions("get_expense_total") == 1
    assert claim_rows(harness.store) == 1
    assert out["card"] == {"card": "expense_total", "period": "14d", "totals": {"EUR": "42.50"}}


async def test_looping_model_on_first_run_writes_once_and_stops_cleanly(harness: Harness) -> None:
    out = await harness.run(REQUEST_EN, model="scripted:repeat", domain=DOMAIN)

    calls = out["tool_calls"]
    assert {c["name"] for c in calls} == {"submit_expense"}
    assert [(c["verdict"], c["executed"]) for c in calls] == [
        ("run", True),
        ("cached", False),
        ("blocked", False),
        ("blocked", False),
        ("blocked", False),
        ("stopped", False),  # max_repeat_rounds (5) rounds of repeats without progress
    ]
    assert harness.executions("submit_expense") == 1
    assert harness.executions() == 1
    assert claim_rows(harness.store) == 1
    assert out["status"] == "stopped"
    assert out["stop_reason"] == "duplicate_call"
    assert out["checklist"] == {"expense_submitted": True, "total_loaded": False}


async def test_human_edit_finishes_the_new_domain(harness: Harness) -> None:
    paused = await harness.run(
        REQUEST_EN, model="scripted:repeat", domain=DOMAIN, human_review=True, thread_id="e-1"
    )
    assert paused["status"] == "interrupted"
    assert paused["interrupt"]["call"]["tool"] == "submit_expense"

    done = await harness.resume(
        "e-1", {"action": "edit", "tool": "get_expense_total", "args": {"period": "14d"}}
    )
    assert done["stop_reason"] == "completed"
    assert claim_rows(harness.store) == 1
    assert harness.executions("get_expense_total") == 1


async def test_slot_rules_refuse_an_unsupported_period_before_any_tool(harness: Harness) -> None:
    out = await harness.run("reimburse dinner 88 yesterday, show the last 60 days", domain=DOMAIN)

    assert out["stop_reason"] == "invalid_slots"
    assert out["tool_calls"] == []
    assert "period" in out["answer"]
    assert harness.executions() == 0


async def test_roles_decide_what_the_new_domain_offers(harness: Harness) -> None:
    out = await harness.run(REQUEST_EN, domain=DOMAIN, roles=["auditor"])

    assert out["stop_reason"] == "not_allowed"
    assert harness.executions() == 0


async def test_a_business_failure_is_a_failure(harness: Harness) -> None:
    out = await harness.run("claim a hotel expense of 9000 EUR from yesterday", domain=DOMAIN)

    assert out["stop_reason"] == "tool_failed"
    assert out["checklist"]["expense_submitted"] is False
    assert claim_rows(harness.store) == 0
    assert harness.executions("submit_expense") == 1


def test_cli_domain_flag_runs_it(tmp_path: Path) -> None:
    db, store = str(tmp_path / "agent.sqlite"), str(tmp_path / "business.sqlite")
    proc = graph_cli("run", REQUEST_ZH, "--domain", DOMAIN, "--db", db, "--store", store, "--json")

    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    assert out["stop_reason"] == "completed"
    assert [c["name"] for c in out["tool_calls"]] == ["submit_expense", "get_expense_total"]
    assert {k: out["tool_calls"][0]["args"][k] for k in SUBMIT_ARGS} == SUBMIT_ARGS
    assert claim_rows(store) == 1


def test_crash_after_the_write_resumes_with_exactly_one_claim(tmp_path: Path) -> None:
    db, store = str(tmp_path / "agent.sqlite"), str(tmp_path / "business.sqlite")
    env = {**os.environ, "LOOPGUARD_CRASH_AFTER_EFFECT": "submit_expense"}
    run = [
        "run",
        REQUEST_EN,
        "--domain",
        DOMAIN,
        "--thread-id",
        "x-1",
        "--db",
        db,
        "--store",
        store,
    ]
    crashed = graph_cli(*run, env=env)
    assert crashed.returncode == -signal.SIGKILL
    assert claim_rows(store) == 1

    resumed = graph_cli("resume", "--thread-id", "x-1", "--db", db, "--json")

    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["stop_reason"] == "completed"
    assert claim_rows(store) == 1
    assert count_executions(store, "submit_expense") == 1


async def test_a_ticket_request_in_its_own_words_opens_one_ticket(harness: Harness) -> None:
    text = "I need a ticket for the printer jam, ping me once it's triaged"
    out = await harness.run(text, domain=DOMAIN)

    assert out["stop_reason"] == "completed"
    assert out["intent"] == "open_ticket"
    assert out["slots"] == {"summary": "the printer jam", "notify": True}
    assert out["route"]["slots"]["notify"]["text"] == "ping me"
    assert ticket_rows(harness.store) == [("the printer jam", 1)]
    assert harness.executions("open_ticket") == 1
    opened = "Opened T-1: the printer jam. You will hear once it is triaged."
    assert out["answer"].startswith(opened)
    assert (
        "open_ticket(summary=the printer jam, notify_on_triage=true) -> ticket_id=T-1"
        in (out["answer"])
    )


async def test_a_ticket_is_opened_once_by_a_looping_model(harness: Harness) -> None:
    text = "打印机卡纸了，帮我报修，处理后通知我"
    out = await harness.run(text, model="scripted:repeat", domain=DOMAIN)

    assert ticket_rows(harness.store) == [("打印机卡纸了", 1)]
    assert out["checklist"] == {"ticket_opened": True}


async def test_the_seven_day_total_writes_nothing(harness: Harness) -> None:
    out = await harness.run("show my expense total for the last 7 days", domain=DOMAIN)

    assert out["stop_reason"] == "completed"
    assert out["slots"] == {"period": "7d"}
    assert harness.executions("get_expense_total") == 1
    assert harness.executions("submit_expense") == 0
    assert claim_rows(harness.store) == 0


# --- the README's own domain, as printed ----------------------------------------------------------

README_DOMAIN = re.compile(r"<!-- domain:start -->\n```python\n(.*?)```\n<!-- domain:end -->", re.S)
BUILD_REQUEST = "is build 42 green yet?"


def readme_domain(tmp_path: Path, code: str | None = None) -> dict[str, str]:
    """Write the README's domain block as `my_agent/builds.py`; the env that imports it."""
    block = README_DOMAIN.search((ROOT / "README.md").read_text())
    assert block, "README lost its <!-- domain:start --> ... <!-- domain:end --> block"
    package = tmp_path / "my_agent"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "builds.py").write_text(code if code is not None else block.group(1))
    return {**os.environ, "PYTHONPATH": str(tmp_path)}


def run_builds(tmp_path: Path, env: dict[str, str]) -> dict[str, Any]:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graph",
            "run",
            BUILD_REQUEST,
            "--domain",
            "my_agent.builds:DOMAIN",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert proc.stdout, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    out["exit"] = proc.returncode
    return out


def test_the_readme_domain_polls_until_the_build_finishes(tmp_path: Path) -> None:
    out = run_builds(tmp_path, readme_domain(tmp_path))

    assert out["exit"] == 0
    assert (out["intent"], out["stop_reason"]) == ("build_status", "completed")
    assert out["checklist"] == {"build_finished": True}
    # Three identical calls, every one executed: polls of a pending build are not a loop.
    assert [(c["name"], c["args"], c["executed"]) for c in out["tool_calls"]] == [
        ("get_build", {"build_id": "42"}, True)
    ] * 3


def test_the_readme_warning_holds_queued_unlisted_is_stopped_as_a_loop(tmp_path: Path) -> None:
    """What the README warns of: the default PollSpec does not know "queued"."""
    block = README_DOMAIN.search((ROOT / "README.md").read_text())
    assert block
    code = block.group(1).replace("poll=PollSpec(pending_values=PENDING)", "poll=PollSpec()")
    assert code != block.group(1)
    out = run_builds(tmp_path, readme_domain(tmp_path, code))

    # The first "queued" counts as a finished read: the repeat is answered from the record,
    # never polled again, and the run stops as a loop that makes no progress.
    assert out["stop_reason"] == "no_progress"
    assert out["checklist"] == {"build_finished": False}
    assert sum(c["executed"] for c in out["tool_calls"]) == 1
