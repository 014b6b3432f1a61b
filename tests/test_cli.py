"""`python -m graph` in real subprocesses: JSON output, one-line errors, exit codes, resume.

Each command is a separate process on the same SQLite file, so a pause in one process and
its decision in another is the real cross-process resume a user would do.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import METRIC_REQUEST_EN, METRIC_REQUEST_ZH
from tools.store import count_executions

ROOT = Path(__file__).resolve().parent.parent


class Cli:
    def __init__(self, tmp_path: Path) -> None:
        self.db = str(tmp_path / "agent.sqlite")
        self.store = str(tmp_path / "business.sqlite")

    def __call__(self, *args: str, db: str | None = None) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "graph", *args]
        if args and args[0] != "diagram":
            argv += ["--db", db or self.db]
        if args and args[0] == "run":
            argv += ["--store", self.store]
        return subprocess.run(
            argv, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
        )

    def json(self, *args: str) -> Any:
        proc = self(*args, "--json")
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == ""
        return json.loads(proc.stdout)

    def executions(self, tool: str | None = None) -> int:
        return count_executions(self.store, tool)


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def one_line_error(proc: subprocess.CompletedProcess[str], code: int) -> str:
    assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in proc.stderr
    return lines[0]


# --- run -----------------------------------------------------------------------------------------


def test_run_json_has_the_documented_fields(cli: Cli) -> None:
    out = cli.json("run", METRIC_REQUEST_ZH, "--thread-id", "cli-1")

    for key in (
        "thread_id",
        "intent",
        "status",
        "stop_reason",
        "checklist",
        "tool_calls",
        "answer",
    ):
        assert key in out
    assert out["thread_id"] == "cli-1"
    assert out["intent"] == "record_and_review_metric"
    assert (out["status"], out["stop_reason"]) == ("completed", "completed")
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    for call in out["tool_calls"]:
        assert {"name", "args", "executed", "outcome"} <= set(call)
    assert [(c["name"], c["executed"], c["outcome"]) for c in out["tool_calls"]] == [
        ("record_metric", True, "ok"),
        ("get_metric_trend", True, "ok"),
    ]
    assert out["tool_calls"][1]["args"] == {"period": "14d"}
    assert out["answer"]
    assert cli.executions("record_metric") == 1
    assert cli.executions("get_metric_trend") == 1


def test_run_prints_a_readable_summary(cli: Cli) -> None:
    proc = cli("run", "where is order 10086", "--model", "scripted:wrong-type")
    assert proc.returncode == 0, proc.stderr
    assert "[ ] order_found" in proc.stdout
    assert "stop reason: validation_failed" in proc.stdout
    assert "-> stopped [validation:query_order], not executed" in proc.stdout
    assert "field 'order_id' expected a string, got integer 10086" in proc.stdout
    assert 'send it as a JSON string: "10086"' in proc.stdout


def test_run_with_roles_and_domain_flags(cli: Cli) -> None:
    out = cli.json("run", METRIC_REQUEST_EN, "--roles", "viewer")
    assert out["stop_reason"] == "not_allowed"
    budget = cli.json("run", "take two naps", "--domain", "tests.test_budgets:DOMAIN")
    assert budget["stop_reason"] == "completed"


# --- errors: one line, the right exit code --------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "hint"),
    [
        ("no-colon", "provider:model"),
        ("scripted:bogus", "scripted behaviour 'bogus' is unknown"),
        ("nosuchprovider:some-model", "nosuchprovider"),
    ],
)
def test_bad_model_is_one_line_and_exit_2(cli: Cli, model: str, hint: str) -> None:
    line = one_line_error(cli("run", METRIC_REQUEST_EN, "--model", model), 2)
    assert hint in line
    assert not Path(cli.store).exists() or cli.executions() == 0


@pytest.mark.parametrize("command", ["show", "resume"])
def test_unknown_thread_is_one_line_and_exit_1(cli: Cli, command: str) -> None:
    cli.json("run", "where is order 10086", "--thread-id", "known")
    line = one_line_error(cli(command, "--thread-id", "nope"), 1)
    assert "unknown thread 'nope'" in line


@pytest.mark.parametrize(
    "args",
    [
        ("run", METRIC_REQUEST_EN),
        ("show", "--thread-id", "x"),
        ("resume", "--thread-id", "x"),
        ("threads",),
    ],
)
def test_a_non_sqlite_db_is_one_line_and_exit_1(
    cli: Cli, tmp_path: Path, args: tuple[str, ...]
) -> None:
    bogus = tmp_path / "notes.txt"
    bogus.write_text("these are my notes, not a database\n" * 20)
    line = one_line_error(cli(*args, db=str(bogus)), 1)
    assert "not a SQLite" in line
    assert bogus.read_text().startswith("these are my notes"), "the file is left alone"


def test_bad_edit_json_is_exit_2(cli: Cli) -> None:
    line = one_line_error(cli("resume", "--thread-id", "x", "--edit", "{not json"), 2)
    assert "--edit" in line


def test_empty_request_is_exit_2(cli: Cli) -> None:
    one_line_error(cli("run", "   "), 2)


# --- resume across processes ----------------------------------------------------------------------


def _pause(cli: Cli, tid: str) -> dict[str, Any]:
    out = cli.json(
        "run", METRIC_REQUEST_EN, "--model", "scripted:repeat", "--hitl", "--thread-id", tid
    )
    assert out["status"] == "interrupted"
    assert out["interrupt"]["reason"] == "duplicate_call"
    assert cli.executions("record_metric") == 1
    return out


def test_resume_with_edit_in_another_process_completes(cli: Cli) -> None:
    _pause(cli, "hitl-edit")
    edit = json.dumps({"tool": "get_metric_trend", "args": {"period": "14d"}})

    out = cli.json("resume", "--thread-id", "hitl-edit", "--edit", edit)

    assert (out["status"], out["stop_reason"]) == ("completed", "completed")
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert cli.executions("record_metric") == 1
    assert cli.executions("get_metric_trend") == 1


def test_resume_with_approve_never_writes_twice(cli: Cli) -> None:
    _pause(cli, "hitl-approve")

    out = cli.json("resume", "--thread-id", "hitl-approve", "--approve")

    assert cli.executions("record_metric") == 1
    approved = [c for c in out["tool_calls"] if c["verdict"] == "approved"]
    assert [(c["executed"], c["outcome"]) for c in approved] == [(False, "ok")]
    shown = cli.json("show", "--thread-id", "hitl-approve")
    assert [(r["tool"], r["status"]) for r in shown["ledger"]] == [("record_metric", "succeeded")]


def test_resume_with_abort_and_then_nothing_is_left(cli: Cli) -> None:
    _pause(cli, "hitl-abort")
    proc = cli("resume", "--thread-id", "hitl-abort")
    assert "waiting for a human decision" in one_line_error(proc, 1)

    out = cli.json("resume", "--thread-id", "hitl-abort", "--abort")
    assert (out["status"], out["stop_reason"]) == ("stopped", "human_aborted")

    line = one_line_error(cli("resume", "--thread-id", "hitl-abort", "--approve"), 1)
    assert "already finished" in line


def test_resume_edit_with_invalid_args_asks_again(cli: Cli) -> None:
    _pause(cli, "hitl-bad")
    edit = json.dumps({"tool": "get_metric_trend", "args": {"period": "21d"}})
    out = cli.json("resume", "--thread-id", "hitl-bad", "--edit", edit)
    assert out["status"] == "interrupted"
    assert "field 'period'" in out["interrupt"]["error"]
    assert cli.executions("get_metric_trend") == 0


# --- show, threads, diagram ---------------------------------------------------------------------


def test_show_and_threads(cli: Cli) -> None:
    cli.json("run", METRIC_REQUEST_EN, "--thread-id", "a")
    cli.json("run", "where is order 10086", "--model", "scripted:wrong-type", "--thread-id", "b")

    shown = cli.json("show", "--thread-id", "a")
    assert shown["stop_reason"] == "completed"
    roles = [m["role"] for m in shown["history"]]
    assert roles[0] == "human"
    assert roles[-1] == "ai"
    assert roles.count("tool") == 2
    assert [r["tool"] for r in shown["ledger"]] == ["record_metric"]

    threads = {t["thread_id"]: t for t in cli.json("threads")}
    assert set(threads) == {"a", "b"}
    assert (threads["a"]["status"], threads["a"]["stop_reason"]) == ("completed", "completed")
    assert (threads["b"]["status"], threads["b"]["stop_reason"]) == ("stopped", "validation_failed")

    text = cli("threads")
    assert text.returncode == 0
    assert "validation_failed" in text.stdout
    human = cli("show", "--thread-id", "a")
    assert "history" in human.stdout
    assert "ledger" in human.stdout


def test_threads_on_an_empty_database(cli: Cli) -> None:
    conn = sqlite3.connect(cli.db)
    conn.execute("PRAGMA user_version = 1")  # a valid, empty SQLite file
    conn.close()
    proc = cli("threads")
    assert proc.returncode == 0
    assert "no threads yet" in proc.stdout


def test_diagram_matches_the_readme(cli: Cli) -> None:
    proc = cli("diagram")
    assert proc.returncode == 0
    assert proc.stdout.startswith("---")
    for node in ("router", "tool_loader", "propose", "guard", "execute", "fallback", "respond"):
        assert f"\t{node}({node})" in proc.stdout
    readme = (ROOT / "README.md").read_text()
    block = re.search(
        r"<!-- mermaid:start -->\n```mermaid\n(.*?)```\n<!-- mermaid:end -->", readme, re.S
    )
    assert block is not None
    assert block.group(1) == proc.stdout, "README diagram drifted: paste `python -m graph diagram`"
