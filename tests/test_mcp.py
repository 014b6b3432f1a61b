"""A real MCP server's tools through the guard: over stdio, over streamable HTTP, across a crash.

The server (`tests/mcp_notes_server.py`, written with the `mcp` package) counts every call it
really runs in its own SQLite file; these tests read that file, not the agent's bookkeeping.
"""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graph.context import Context
from graph.evals.replay import ReplayModel, Trajectory, UserTurn
from graph.runner import run_request
from tests.crashkit import REPO, child_env
from tools.adapters import load_mcp_config, mcp_tools, tool_specs
from tools.domain import load_domain

SERVER = Path(__file__).with_name("mcp_notes_server.py")
KILLED = -signal.SIGKILL
LIST = [{"name": "list_notes", "args": {}}]
DELETE = [{"name": "delete_note", "args": {"name": "old"}}]
TIDY = Trajectory(
    id="notes",
    domain="",
    turns=(
        UserTurn(
            "delete my old note",
            # A read, the same read again, a destructive write, the same write again (a
            # duplicate proposal), the read after the write, the answer.
            (LIST, LIST, DELETE, DELETE, LIST, "Deleted 'old'."),
        ),
    ),
)


def executions(notes_db: Path) -> Counter[str]:
    """What the server really ran, from its own table."""
    conn = sqlite3.connect(notes_db)
    try:
        return Counter(r[0] for r in conn.execute("SELECT tool FROM executions"))
    finally:
        conn.close()


def notes(notes_db: Path) -> list[str]:
    conn = sqlite3.connect(notes_db)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM notes ORDER BY name")]
    finally:
        conn.close()


def stdio_config(tmp_path: Path) -> tuple[Path, Path]:
    notes_db = tmp_path / "notes.sqlite"
    config = tmp_path / "mcp.json"
    server = {"command": sys.executable, "args": [str(SERVER)], "env": {"NOTES_DB": str(notes_db)}}
    config.write_text(json.dumps({"notes": server}))
    return config, notes_db


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """The same server over streamable HTTP on 127.0.0.1, started and stopped by the test."""
    notes_db = tmp_path / "notes-http.sqlite"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, str(SERVER), "--http", str(port)],
        env=child_env({"NOTES_DB": str(notes_db)}),
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stderr is not None
        for line in proc.stderr:  # wait for the server to say it listens, however long
            if "Uvicorn running" in line:
                break
        else:
            pytest.fail(f"the MCP server exited with {proc.wait()} before listening")
        config = tmp_path / "mcp-http.json"
        url = f"http://127.0.0.1:{port}/mcp"
        config.write_text(json.dumps({"notes": {"transport": "streamable_http", "url": url}}))
        yield config, notes_db
    finally:
        proc.terminate()
        proc.wait(timeout=30)


async def test_mcp_annotations_decide_read_write_and_unknown(tmp_path: Path) -> None:
    config, _ = stdio_config(tmp_path)
    specs = {s.name: s for s in tool_specs(await mcp_tools(load_mcp_config(config)))}
    effects = {name: (s.effect, s.idempotent) for name, s in specs.items()}
    assert effects == {
        "list_notes": ("read", True),
        "read_note": ("read", True),
        "delete_note": ("write", False),
        "add_note": ("write", False),
        "archive_notes": ("write", False),  # no annotations: an unknown effect is a write
    }
    assert {s.namespace for s in specs.values()} == {"notes"}
    params = specs["read_note"].schema()["function"]["parameters"]
    assert params["required"] == ["name"], "the server's own schema reaches the model"


async def _tidy(config: Path, tmp_path: Path, tid: str) -> dict[str, Any]:
    context = Context(
        model=ReplayModel(trajectory=TIDY),
        tools=str(config),
        db=str(tmp_path / f"{tid}.sqlite"),
        store=str(tmp_path / "business.sqlite"),
    )
    return await run_request("delete my old note", thread_id=tid, context=context)


def _assert_tidied(out: dict[str, Any], notes_db: Path) -> None:
    assert out["stop_reason"] == "completed"
    verdicts = [(c["name"], c["verdict"], c["executed"]) for c in out["tool_calls"]]
    assert verdicts == [
        ("list_notes", "run", True),
        ("list_notes", "cached", False),  # a read repeated with nothing changed: from the record
        ("delete_note", "run", True),
        ("delete_note", "cached", False),  # the duplicate destructive call never reaches it
        ("list_notes", "run", True),  # the same read after the write: the data changed
    ]
    ran = executions(notes_db)
    assert ran["delete_note"] == 1
    assert ran["list_notes"] == 2
    assert notes(notes_db) == ["groceries", "ideas"]
    assert "Not verified by a checklist" in out["answer"]
    assert "delete_note(name=old)" in out["answer"], "the answer owns up to the write"


async def test_mcp_tools_over_stdio_run_through_the_guard(tmp_path: Path) -> None:
    config, notes_db = stdio_config(tmp_path)
    _assert_tidied(await _tidy(config, tmp_path, "stdio"), notes_db)


async def test_mcp_tools_over_streamable_http_run_through_the_guard(
    tmp_path: Path, http_server: tuple[Path, Path]
) -> None:
    config, notes_db = http_server
    domain = load_domain(str(config))
    assert {s.name for s in domain.tools} >= {"list_notes", "delete_note"}
    _assert_tidied(await _tidy(config, tmp_path, "http"), notes_db)


def _driver(phase: str, db: Path, config: Path, env: dict[str, str] | None = None) -> Any:
    return subprocess.run(
        [sys.executable, "-m", "tests.mcp_driver", phase, str(db), str(config), "crash"],
        cwd=REPO,
        env=child_env(env),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    ("hook", "after_resume"),
    [
        # Killed right after the server deleted, before the ledger heard: nobody can know,
        # so a human decides, and nothing runs it again.
        ("LOOPGUARD_CRASH_AFTER_EFFECT", "needs_human"),
        # Killed after the ledger recorded it, before the checkpoint: the receipt answers.
        ("LOOPGUARD_CRASH_AFTER_RECORD", "completed"),
    ],
)
def test_destructive_mcp_tool_runs_once_across_sigkill_and_resume(
    tmp_path: Path, hook: str, after_resume: str
) -> None:
    config, notes_db = stdio_config(tmp_path)
    db = tmp_path / "agent.sqlite"

    killed = _driver("run", db, config, {hook: "delete_note"})
    assert killed.returncode == KILLED, killed.stderr[-2000:]
    assert executions(notes_db)["delete_note"] == 1

    resumed = _driver("resume", db, config)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    out = json.loads(resumed.stdout.strip().splitlines()[-1])
    assert out["stop_reason"] == after_resume
    assert executions(notes_db)["delete_note"] == 1, "the delete ran exactly once"
    assert notes(notes_db) == ["groceries", "ideas"]
    deletes = [c for c in out["tool_calls"] if c["name"] == "delete_note"]
    assert sum(c["executed"] for c in deletes) <= 1


def test_cli_runs_an_open_ended_task_over_an_mcp_config(tmp_path: Path) -> None:
    config, notes_db = stdio_config(tmp_path)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graph",
            "run",
            "what notes do I have?",
            "--mcp",
            str(config),
            "--db",
            str(tmp_path / "agent.sqlite"),
            "--json",
        ],
        cwd=tmp_path,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["stop_reason"] == "completed"
    assert executions(notes_db) == {"list_notes": 1}, "the offline model only looks"
    assert "groceries" in out["answer"]
