"""`python -m graph` in real subprocesses: JSON output, one-line errors, exit codes, resume.

Each command is a separate process on the same SQLite file, so a pause in one process and
its decision in another is the real cross-process resume a user would do. The `cli`
fixture's processes are forked from a warm interpreter (`tests/warmcli.py`: real processes
running `graph.cli.main()` on their own argv, minus the 2 s of imports each);
`LOOPGUARD_TEST_COLD_CLI=1` starts each with `python -m graph` instead. The `--help`, raw
bytes and `bench` tests below always start `python -m graph` as a shell does, and so does
every command of the README and docs (tests/test_docs.py).
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib.util
import json
import re
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from graph.cli import (
    EXIT_CODES,
    EXIT_CONFIG,
    EXIT_MODEL_ERROR,
    EXIT_OK,
    EXIT_STOPPED,
    EXIT_WAITING,
)
from graph.context import Context
from graph.models import PROVIDERS, ScriptedChatModel
from graph.runner import resume_thread, run_request
from tests import warmcli
from tests.conftest import METRIC_REQUEST_EN, METRIC_REQUEST_ZH
from tests.crashkit import child_env, query
from tools.domain import Domain
from tools.errors import ConfigError
from tools.examples import DOMAIN
from tools.store import count_executions

ROOT = Path(__file__).resolve().parent.parent


class Cli:
    def __init__(self, tmp_path: Path) -> None:
        self.db = str(tmp_path / "agent.sqlite")
        self.store = str(tmp_path / "business.sqlite")

    def __call__(
        self, *args: str, db: str | None = None, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "graph", *args]
        if args and args[0] != "diagram":
            argv += ["--db", db or self.db]
        if args and args[0] == "run":
            argv += ["--store", self.store]
        if not warmcli.cold():
            return warmcli.run(argv[3:], child_env(env), ROOT, timeout=120)
        return subprocess.run(
            argv,
            cwd=ROOT,
            env=child_env(env),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def json(self, *args: str, code: int = EXIT_OK) -> Any:
        """The command's JSON output; `code` is the exit code its outcome must have."""
        proc = self(*args, "--json")
        assert proc.returncode == code, (proc.returncode, proc.stderr)
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
    assert proc.returncode == EXIT_STOPPED, proc.stderr
    assert "[ ] order_found" in proc.stdout
    assert "stop reason: validation_failed" in proc.stdout
    assert "-> stopped [validation:query_order], not executed" in proc.stdout
    assert "field 'order_id' expected a string, got integer 10086" in proc.stdout
    assert 'send it as a JSON string: "10086"' in proc.stdout


def test_run_with_roles_and_domain_flags(cli: Cli) -> None:
    out = cli.json("run", METRIC_REQUEST_EN, "--roles", "viewer", code=EXIT_STOPPED)
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
        "run",
        METRIC_REQUEST_EN,
        "--model",
        "scripted:repeat",
        "--hitl",
        "--thread-id",
        tid,
        code=EXIT_WAITING,
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

    # The repeating model proposes the same write again after it: a fresh pause.
    out = cli.json("resume", "--thread-id", "hitl-approve", "--approve", code=EXIT_WAITING)

    assert cli.executions("record_metric") == 1
    approved = [c for c in out["tool_calls"] if c["verdict"] == "approved"]
    assert [(c["executed"], c["outcome"]) for c in approved] == [(False, "ok")]
    shown = cli.json("show", "--thread-id", "hitl-approve")
    assert [(r["tool"], r["status"]) for r in shown["ledger"]] == [("record_metric", "succeeded")]


def test_resume_with_abort_and_then_nothing_is_left(cli: Cli) -> None:
    _pause(cli, "hitl-abort")
    proc = cli("resume", "--thread-id", "hitl-abort")
    assert "waiting for a human decision" in one_line_error(proc, 1)

    out = cli.json("resume", "--thread-id", "hitl-abort", "--abort", code=EXIT_STOPPED)
    assert (out["status"], out["stop_reason"]) == ("stopped", "human_aborted")

    line = one_line_error(cli("resume", "--thread-id", "hitl-abort", "--approve"), 1)
    assert "already finished" in line


REJECTED_EDITS = [
    pytest.param(
        {"tool": "get_metric_trend", "args": {"period": "21d"}},
        "get_metric_trend: field 'period' expected one of '7d', '14d' or '30d', got string \"21d\"",
        id="wrong-value",
    ),
    pytest.param(
        {"tool": "get_metric_trend", "args": {"period": 14}},
        "get_metric_trend: field 'period' expected one of '7d', '14d' or '30d', got integer 14",
        id="wrong-type",
    ),
    pytest.param(
        {"tool": "get_metric_trend", "args": {"period": "14d", "limit": 3}},
        "get_metric_trend: field 'limit' expected nothing (this field is not accepted), got "
        "integer 3",
        id="extra-field",
    ),
    pytest.param(
        {"tool": "delete_all_records", "args": {}},
        "tool 'delete_all_records' is not offered in this task: ['record_metric', "
        "'get_metric_trend', 'get_user_metric_profile']",
        id="not-offered",
    ),
]


@pytest.mark.parametrize(("edit", "reason"), REJECTED_EDITS)
def test_a_rejected_edit_says_why_and_keeps_the_thread_waiting(
    cli: Cli, edit: dict[str, Any], reason: str
) -> None:
    _pause(cli, "hitl-bad")

    proc = cli("resume", "--thread-id", "hitl-bad", "--edit", json.dumps(edit))

    assert one_line_error(proc, EXIT_CONFIG) == (
        f"error: --edit rejected: {reason}; thread 'hitl-bad' is still waiting: python -m graph "
        "resume --thread-id hitl-bad --approve | --edit JSON | --abort"
    )
    assert cli.executions("get_metric_trend") == 0
    assert cli.executions() == 1, "only the first write ran"
    [listed] = cli.json("threads")
    assert (listed["status"], listed["waiting_on"]) == ("interrupted", "duplicate_call")

    # --json still prints the waiting thread, with the reason in interrupt.error.
    again = cli("resume", "--thread-id", "hitl-bad", "--edit", json.dumps(edit), "--json")
    assert again.returncode == EXIT_CONFIG
    assert again.stderr.count("\n") == 1
    assert "--edit rejected" in again.stderr
    assert json.loads(again.stdout)["interrupt"]["error"] == reason

    # A valid decision is still taken: the thread was left waiting for exactly that.
    good = {"tool": "get_metric_trend", "args": {"period": "14d"}}
    out = cli.json("resume", "--thread-id", "hitl-bad", "--edit", json.dumps(good))
    assert (out["status"], out["stop_reason"]) == ("completed", "completed")
    assert cli.executions("get_metric_trend") == 1
    assert cli.executions("record_metric") == 1


# --- show, threads, diagram ---------------------------------------------------------------------


def test_show_and_threads(cli: Cli) -> None:
    cli.json("run", METRIC_REQUEST_EN, "--thread-id", "a")
    cli.json(
        "run",
        "where is order 10086",
        "--model",
        "scripted:wrong-type",
        "--thread-id",
        "b",
        code=EXIT_STOPPED,
    )

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


# --- exit codes: documented, and each one real ---------------------------------------------------


def test_exit_codes_are_documented_in_help_and_readme(cli: Cli) -> None:
    readme = (ROOT / "README.md").read_text().split("## CLI", 1)[1].split("\n## ", 1)[0]
    table = readme.split("| exit code | meaning |", 1)[1].split("\n\n", 1)[0]
    rows = dict(re.findall(r"^\| (\d+) \| (.+) \|$", table, re.M))
    assert {int(code): text.replace("`", "") for code, text in rows.items()} == EXIT_CODES

    for command in ([], ["run"], ["resume"]):
        proc = subprocess.run(
            [sys.executable, "-m", "graph", *command, "--help"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        help_text = " ".join(proc.stdout.split())
        for code, text in EXIT_CODES.items():
            assert f" {code} {text}" in help_text, (command, code)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("model", "flags", "code", "outcome", "writes"),
    [
        ("offline", [], EXIT_OK, ("completed", "completed"), 1),
        ("scripted:repeat", [], EXIT_STOPPED, ("stopped", "duplicate_call"), 1),
        ("scripted:wrong-type", [], EXIT_STOPPED, ("stopped", "validation_failed"), 0),
        ("scripted:repeat", ["--hitl"], EXIT_WAITING, ("interrupted", None), 1),
        ("openai:gpt-4.1-mini", [], EXIT_MODEL_ERROR, ("stopped", "model_error"), 0),
        # The runtime proposes the trend read the repeating model leaves open.
        ("scripted:repeat", ["--policy", "hint"], EXIT_OK, ("completed", "completed"), 1),
    ],
    ids=[
        "completed",
        "stopped-duplicate",
        "stopped-validation",
        "waiting",
        "model-error",
        "completed-by-hint",
    ],
)
def test_each_way_a_run_ends_has_its_exit_code(
    cli: Cli,
    model: str,
    flags: list[str],
    code: int,
    outcome: tuple[str, str | None],
    writes: int,
) -> None:
    # The real OpenAI package, pointed at a closed port on the loopback: the call fails
    # without leaving the machine, as an unreachable provider would.
    env = {"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": f"http://127.0.0.1:{_free_port()}/v1"}
    argv = ["run", METRIC_REQUEST_EN, "--model", model, *flags, "--thread-id", "t"]

    proc = cli(*argv, "--json", env=env)

    assert proc.returncode == code, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert (out["status"], out["stop_reason"]) == outcome
    assert cli.executions("record_metric") == writes
    # The same code without --json: the summary is printed, the exit code tells the story.
    text = cli(*argv[:-1], "t2", env=env)
    assert text.returncode == code
    assert f"status      {outcome[0]}" in text.stdout


# --- model providers: no key, no package ---------------------------------------------------------


def test_provider_package_without_its_api_key_is_one_line(cli: Cli) -> None:
    assert importlib.util.find_spec("langchain_openai") is not None, "a dev dependency"

    proc = cli("run", METRIC_REQUEST_EN, "--model", "openai:gpt-4.1-mini", "--thread-id", "k")

    line = one_line_error(proc, EXIT_CONFIG)
    assert line.startswith(
        "error: model 'openai:gpt-4.1-mini' could not start: Missing credentials"
    )
    assert line.endswith("; set OPENAI_API_KEY (or run keyless with --model offline)")
    assert not Path(cli.db).exists(), "nothing was stored"
    assert not Path(cli.store).exists()


def test_provider_package_missing_names_the_pip_command(cli: Cli) -> None:
    missing = [
        (provider, package)
        for provider, (module, _, package) in PROVIDERS.items()
        if importlib.util.find_spec(module) is None
    ]
    assert missing, "every provider package is installed: nothing left to test this with"
    provider, package = missing[0]

    proc = cli("run", METRIC_REQUEST_EN, "--model", f"{provider}:some-model")

    assert one_line_error(proc, EXIT_CONFIG) == (
        f"error: model '{provider}:some-model' needs the package {package}: pip install {package}"
    )
    assert not Path(cli.db).exists()


# --- text that is not UTF-8 ---------------------------------------------------------------------


def _run_bytes(*argv: bytes) -> subprocess.CompletedProcess[bytes]:
    """The CLI with raw argv bytes: Python hands undecodable ones over as lone surrogates."""
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"graph", *argv],
        cwd=ROOT,
        env=child_env(),
        capture_output=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            [b"run", b"where is order \xff10086"],
            "error: request: not valid UTF-8 (byte 0xff at character 16); pass the text as UTF-8",
        ),
        (
            [b"run", b"where is order 10086", b"--thread-id", b"t\xfe1"],
            "error: --thread-id: not valid UTF-8 (byte 0xfe at character 2); pass the text as "
            "UTF-8",
        ),
        (
            [b"resume", b"--thread-id", b"\xc3(", b"--approve"],
            "error: --thread-id: not valid UTF-8 (byte 0xc3 at character 1); pass the text as "
            "UTF-8",
        ),
    ],
    ids=["request", "run-thread-id", "resume-thread-id"],
)
def test_text_that_is_not_utf8_is_one_line_and_stores_nothing(
    db_url: str, tmp_path: Path, argv: list[bytes], line: str
) -> None:
    store = tmp_path / "business.sqlite"
    extra = [b"--store", str(store).encode()] if argv[0] == b"run" else []

    proc = _run_bytes(*argv, b"--db", db_url.encode(), *extra)

    assert proc.returncode == EXIT_CONFIG
    assert proc.stdout == b""
    assert proc.stderr.decode().splitlines() == [line]
    assert query(db_url, "SELECT * FROM threads", missing_ok=True) == []
    assert not store.exists()


async def test_a_lone_surrogate_from_python_is_refused_before_it_is_stored(
    db_url: str, tmp_path: Path
) -> None:
    """PostgreSQL (and SQLite) cannot encode it: refused up front, not deep in a run."""
    store = str(tmp_path / "business.sqlite")
    context = Context(store=store)

    with pytest.raises(ConfigError) as caught:
        await run_request("where is order 10086 \ud800", context=context, db=db_url)

    assert str(caught.value) == (
        "request: not valid Unicode (lone surrogate U+D800 at character 22); pass the text as UTF-8"
    )
    assert query(db_url, "SELECT * FROM threads", missing_ok=True) == []
    assert not await asyncio.to_thread(Path(store).exists)
    # The same database takes a valid request at once: nothing half-written was left.
    out = await run_request("where is order 10086", thread_id="ok", context=context, db=db_url)
    assert out["stop_reason"] == "completed"
    assert [r["thread_id"] for r in query(db_url, "SELECT thread_id FROM threads")] == ["ok"]


# --- threads started from Python with objects ---------------------------------------------------


class RepeatingModel(ScriptedChatModel):
    """A model class of the caller's own: the threads index has no name that rebuilds it."""

    behaviour: Any = "repeat"


INLINE_DOMAIN = dataclasses.replace(DOMAIN, name="inline")
"""Importable by this name: a thread started with it can be resumed from the CLI."""


def _inline_domain() -> Domain:
    return dataclasses.replace(DOMAIN, name="built-in-a-function")  # no import path


@pytest.mark.parametrize(
    ("field", "value", "kind"),
    [
        ("domain", _inline_domain, "Domain"),
        ("model", lambda: RepeatingModel(), "RepeatingModel"),
    ],
    ids=["domain-object", "model-object"],
)
async def test_a_thread_started_with_objects_resumes_from_python_not_the_cli(
    cli: Cli, field: str, value: Callable[[], Any], kind: str
) -> None:
    settings: dict[str, Any] = {"model": "scripted:repeat", "human_review": True}
    settings[field] = value()
    context = Context(store=cli.store, **settings)

    paused = await run_request(METRIC_REQUEST_EN, thread_id="py", context=context, db=cli.db)

    assert paused["status"] == "interrupted"
    [row] = query(cli.db, "SELECT context FROM threads WHERE thread_id = 'py'")
    assert json.loads(row["context"])[field] == f"<python object {kind}>"
    listed = cli.json("threads")
    assert [(t["thread_id"], t["status"]) for t in listed] == [("py", "interrupted")]

    proc = cli("resume", "--thread-id", "py", "--abort")

    assert one_line_error(proc, EXIT_CONFIG) == (
        f"error: this thread was started from Python with a {field} object ({kind}) that the "
        "threads index cannot rebuild; continue it from Python with the same context: "
        f"resume_thread(thread_id, context=Context({field}=...))"
    )
    assert cli.json("threads")[0]["status"] == "interrupted", "left as it was"
    out = await resume_thread("py", decision={"action": "abort"}, db=cli.db, context=context)
    assert (out["status"], out["stop_reason"]) == ("stopped", "human_aborted")
    assert cli.executions("record_metric") == 1


async def test_objects_with_a_name_are_stored_by_name_and_resume_from_the_cli(cli: Cli) -> None:
    context = Context(
        model=ScriptedChatModel(behaviour="repeat"),
        domain=INLINE_DOMAIN,
        human_review=True,
        store=cli.store,
    )
    paused = await run_request(METRIC_REQUEST_EN, thread_id="named", context=context, db=cli.db)
    assert paused["status"] == "interrupted"
    [row] = query(cli.db, "SELECT context FROM threads")
    stored = json.loads(row["context"])
    assert (stored["model"], stored["domain"]) == (
        "scripted:repeat",
        "tests.test_cli:INLINE_DOMAIN",
    )

    edit = json.dumps({"tool": "get_metric_trend", "args": {"period": "14d"}})
    out = cli.json("resume", "--thread-id", "named", "--edit", edit)

    assert (out["status"], out["stop_reason"]) == ("completed", "completed")
    assert cli.executions("record_metric") == 1
    assert cli.executions("get_metric_trend") == 1


# --- bench --durability --------------------------------------------------------------------------


def test_bench_durability_prints_one_ratio_per_setting() -> None:
    """The crash-safety mode of the one `bench` command: offline, ratios to the fastest."""
    argv = [sys.executable, "-m", "graph", "bench", "--durability", "--runs"]
    proc = subprocess.run(
        [*argv, "1"], cwd=ROOT, env=child_env(None), capture_output=True, text=True, check=False
    )
    assert proc.returncode == EXIT_OK, proc.stderr
    rows = [line.split() for line in proc.stdout.splitlines()[2:]]
    assert [(r[0], r[1]) for r in rows] == [
        ("sync", "FULL"),
        ("sync", "NORMAL"),
        ("async", "FULL"),
        ("exit", "FULL"),
    ]
    assert min(float(r[2]) for r in rows) == 1.0
    bad = subprocess.run(
        [*argv, "0"], cwd=ROOT, env=child_env(None), capture_output=True, text=True, check=False
    )
    assert "--runs must be at least 1" in one_line_error(bad, 2)
