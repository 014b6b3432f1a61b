"""Studio's server for real: `langgraph dev` as a process, driven with `langgraph_sdk`.

The server is started the way the README says, from a scratch directory holding symlinks to
the project's `langgraph.json` and the folders it names, so its `.langgraph_api/` and any
default `data/` land there rather than in the checkout. It is stopped by its process group
and checked gone. Every run passes its own per-test SQLite paths in `context`; the server's
checkpoints go to the file named by LOOPGUARD_DB (see checkpoints/studio.py), which the
tests read back with the project's own code.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient
from langgraph_sdk.schema import Command

from checkpoints import studio
from checkpoints.ledger import Ledger
from checkpoints.studio import DB_ENV
from graph.context import DEFAULT_DB
from graph.graph import graph as studio_graph
from graph.runner import show_thread
from graph.state import GROUPS, STOP_REASONS, InputState, OutputState
from tests.conftest import METRIC_REQUEST_EN, PROVIDER_KEYS
from tools.store import count_executions

ROOT = Path(__file__).resolve().parent.parent
STARTUP_LIMIT_S = 240.0
"""A fuse for a stuck start, far above the few seconds it takes on 2 cores; never asserted."""
PORT_ATTEMPTS = 3
ANSI = re.compile(r"\x1b\[[0-9;]*m")
API_LINE = re.compile(r"API:\s*(https?://[\w.\-]+:\d+)")
GRAPH_ID = "agent"


@dataclass
class DevServer:
    url: str
    proc: subprocess.Popen[bytes]
    checkpoints: Path
    log: Path

    def log_tail(self) -> str:
        return ANSI.sub("", self.log.read_text(errors="replace"))[-4000:]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _langgraph_cli() -> list[str]:
    script = Path(sys.executable).with_name("langgraph")
    return [str(script)] if script.exists() else [sys.executable, "-m", "langgraph_cli"]


def _workdir(base: Path) -> Path:
    """A scratch cwd that sees the real config and the folders it names."""
    base.mkdir(parents=True, exist_ok=True)
    config = json.loads((ROOT / "langgraph.json").read_text())
    names = {"langgraph.json", "pyproject.toml"}
    refs = [*config["graphs"].values(), config.get("checkpointer", {}).get("path", "")]
    names |= {ref.removeprefix("./").split("/")[0] for ref in refs if ref.startswith("./")}
    for name in names:
        (base / name).symlink_to(ROOT / name)
    return base


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server's process group, SIGKILL what is left, and reap the leader."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=20)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _start(workdir: Path, checkpoints: Path) -> DevServer:
    env = {k: v for k, v in os.environ.items() if k not in PROVIDER_KEYS}
    env |= {
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
        "LANGGRAPH_NO_VERSION_CHECK": "1",
        "LANGSMITH_TRACING": "false",
        "LANGCHAIN_TRACING_V2": "false",
        "PYTHONUNBUFFERED": "1",
        # The server's own log lines in plain text: we read them from a file, not a terminal.
        # (Its welcome banner colours the `API:` URL regardless; API_LINE reads it stripped.)
        "LOG_COLOR": "false",
        "NO_COLOR": "1",
        DB_ENV: str(checkpoints),
    }
    failures: list[str] = []
    for attempt in range(PORT_ATTEMPTS):
        port = _free_port()
        log = workdir / f"server-{attempt}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [*_langgraph_cli(), "dev", "--no-browser", "--no-reload", "--port", str(port)],
                cwd=workdir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        server = DevServer(url="", proc=proc, checkpoints=checkpoints, log=log)
        deadline = time.monotonic() + STARTUP_LIMIT_S
        while not server.url and proc.poll() is None and time.monotonic() < deadline:
            server.url = api_url(log.read_text(errors="replace")) or ""
            if not server.url:
                time.sleep(0.2)
        while server.url and proc.poll() is None and time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{server.url}/ok", timeout=5).status_code == 200:
                    return server
            time.sleep(0.3)
        failures.append(f"port {port}: exit {proc.poll()}\n{server.log_tail()}")
        _stop(proc)
    pytest.fail("langgraph dev did not come up:\n" + "\n---\n".join(failures))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevServer]:
    workdir = _workdir(tmp_path_factory.mktemp("studio"))
    srv = _start(workdir, workdir / "studio-checkpoints.sqlite")
    try:
        yield srv
    finally:
        _stop(srv.proc)
        for _ in range(50):
            if not _group_alive(srv.proc.pid):
                break
            time.sleep(0.1)
        assert not _group_alive(srv.proc.pid), "a dev-server process outlived the test"


@pytest.fixture
def client(server: DevServer) -> LangGraphClient:
    return get_client(url=server.url)


@pytest.fixture
def ctx(tmp_path: Path) -> dict[str, Any]:
    """Per-test ledger and business store, passed to the server in `context`."""
    return {"db": str(tmp_path / "ledger.sqlite"), "store": str(tmp_path / "business.sqlite")}


def _request(text: str) -> dict[str, Any]:
    return {"messages": [{"role": "user", "content": text}]}


async def _start_run(client: LangGraphClient, context: dict[str, Any]) -> str:
    thread = await client.threads.create()
    tid = str(thread["thread_id"])
    await client.runs.wait(
        tid, GRAPH_ID, input=_request(METRIC_REQUEST_EN), context=context, durability="sync"
    )
    return tid


async def _resume(
    client: LangGraphClient, tid: str, context: dict[str, Any], decision: dict[str, Any]
) -> dict[str, Any]:
    await client.runs.wait(
        tid, GRAPH_ID, command=Command(resume=decision), context=context, durability="sync"
    )
    state = await client.threads.get_state(tid)
    return dict(state)


def _interrupt(state: dict[str, Any]) -> dict[str, Any]:
    values = [i["value"] for task in state["tasks"] for i in task.get("interrupts", [])]
    assert len(values) == 1, state["tasks"]
    return dict(values[0])


def api_url(log_text: str) -> str | None:
    """The server's URL from its `API:` line, colour codes or not."""
    m = API_LINE.search(ANSI.sub("", log_text))
    return m.group(1) if m else None


def _verdicts(state: dict[str, Any]) -> list[str]:
    return [c["verdict"] for c in state["values"]["calls"]]


def test_langgraph_json_exports_the_graph_and_the_projects_checkpointer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = json.loads((ROOT / "langgraph.json").read_text())
    assert config["$schema"].endswith("schema.json")
    assert config["graphs"] == {GRAPH_ID: "./graph/graph.py:graph"}
    assert config["checkpointer"]["path"] == "./checkpoints/studio.py:studio_checkpointer"
    assert studio_graph.checkpointer is None  # `langgraph dev` refuses one of its own
    assert studio.DEFAULT_PATH == DEFAULT_DB  # Studio, CLI and ledger share one file
    monkeypatch.setenv(DB_ENV, "/somewhere/else.sqlite")
    assert studio.studio_db_path() == "/somewhere/else.sqlite"
    monkeypatch.delenv(DB_ENV)
    assert studio.studio_db_path() == DEFAULT_DB


async def test_context_renders_as_a_form_and_state_is_readable(client: LangGraphClient) -> None:
    (assistant,) = await client.assistants.search(graph_id=GRAPH_ID)
    schemas = await client.assistants.get_schemas(assistant["assistant_id"])

    form = schemas["context_schema"]["properties"]
    for name in ("model", "user_id", "tenant", "roles", "human_review", "db", "store"):
        assert form[name]["description"], name
    for name in ("max_rounds", "max_calls", "max_tokens", "max_seconds"):
        assert form[name]["description"].startswith("Override"), name
    assert form["model"]["default"] == "offline"
    assert form["roles"]["default"] == ["member"]  # pre-filled, so a run is not role-less
    assert form["human_review"]["type"] == "boolean"

    state = schemas["state_schema"]["properties"]
    assert state["checklist"]["additionalProperties"] == {"type": "boolean"}
    reasons = {e for option in state["stop_reason"]["anyOf"] for e in option.get("enum", [])}
    assert reasons == set(STOP_REASONS)
    assert {"calls", "answer", "card", "task", "internals"} <= set(state)
    # The groups' keys are in the schema too, so Studio can describe what they hold.
    defs = schemas["state_schema"]["$defs"]
    assert set(defs["TaskGroup"]["properties"]) == GROUPS["task"]
    assert set(defs["Internals"]["properties"]) == GROUPS["internals"]
    assert {"verdict", "usage", "strikes"} <= GROUPS["internals"]


async def test_demo_request_completes_and_lands_in_the_projects_sqlite(
    client: LangGraphClient, server: DevServer, ctx: dict[str, Any]
) -> None:
    tid = await _start_run(client, ctx)

    state = await client.threads.get_state(tid)
    values = state["values"]
    assert state["next"] == []
    assert values["status"] == "completed"
    assert values["stop_reason"] == "completed"
    assert values["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert _verdicts(dict(state)) == ["run", "run"]
    assert values["card"]["card"] == "metric_trend"
    assert count_executions(ctx["store"], "record_metric") == 1
    assert count_executions(ctx["store"], "get_metric_trend") == 1
    (run,) = await client.runs.list(tid)
    assert run["status"] == "success"

    # The checkpoint is in the project's SQLite file, readable by the project's own code.
    saved = await show_thread(tid, db=str(server.checkpoints))
    assert saved["stop_reason"] == "completed"
    assert saved["checklist"] == values["checklist"]
    ledger = await Ledger(ctx["db"]).rows(tid)
    assert [(r["tool"], r["status"]) for r in ledger] == [("record_metric", "succeeded")]


async def test_a_paused_thread_survives_a_server_restart(tmp_path: Path) -> None:
    """The README's promise: Studio's checkpoints are in the SQLite file, not in memory."""
    workdir = _workdir(tmp_path / "cwd")
    checkpoints = tmp_path / "studio.sqlite"
    context = {
        "db": str(tmp_path / "ledger.sqlite"),
        "store": str(tmp_path / "business.sqlite"),
        "model": "scripted:repeat",
        "human_review": True,
    }
    first = _start(workdir, checkpoints)
    try:
        tid = await _start_run(get_client(url=first.url), context)
    finally:
        _stop(first.proc)

    second = _start(workdir, checkpoints)
    try:
        client = get_client(url=second.url)
        assert _interrupt(dict(await client.threads.get_state(tid)))["reason"] == "duplicate_call"
        edit = {"action": "edit", "tool": "get_metric_trend", "args": {"period": "14d"}}
        state = await _resume(client, tid, context, edit)
    finally:
        _stop(second.proc)
    assert state["values"]["stop_reason"] == "completed"
    assert count_executions(context["store"], "record_metric") == 1
    assert not _group_alive(first.proc.pid)
    assert not _group_alive(second.proc.pid)


async def test_looping_model_interrupts_then_approve_keeps_the_write_single(
    client: LangGraphClient, ctx: dict[str, Any]
) -> None:
    context = ctx | {"model": "scripted:repeat", "human_review": True}
    tid = await _start_run(client, context)

    state = dict(await client.threads.get_state(tid))
    assert state["next"] == ["fallback"]
    question = _interrupt(state)
    assert question["reason"] == "duplicate_call"
    assert question["call"]["tool"] == "record_metric"
    assert question["options"] == ["approve", "edit", "abort"]
    # Refused repeats go on for max_repeat_rounds (5) rounds without progress, then stop.
    assert _verdicts(state) == ["run", "cached", "blocked", "blocked", "blocked", "stopped"]
    assert count_executions(ctx["store"], "record_metric") == 1

    # Approving the duplicate write runs it through the ledger: the stored receipt answers.
    state = await _resume(client, tid, context, {"action": "approve"})
    approved = [c for c in state["values"]["calls"] if c["verdict"] == "approved"]
    assert [(c["tool"], c["executed"], c["outcome"]) for c in approved] == [
        ("record_metric", False, "ok")
    ]
    assert count_executions(ctx["store"], "record_metric") == 1
    # The model still repeats itself, so the guard stops it and asks again: the repeats used
    # the intent's six rounds, so its round budget is what stops it now.
    assert state["next"] == ["fallback"]
    assert _interrupt(state)["reason"] == "step_budget"

    state = await _resume(client, tid, context, {"action": "abort"})
    assert state["next"] == []
    assert state["values"]["status"] == "stopped"
    assert state["values"]["stop_reason"] == "human_aborted"
    assert count_executions(ctx["store"]) == 1


async def test_looping_model_interrupts_then_edit_completes(
    client: LangGraphClient, ctx: dict[str, Any]
) -> None:
    context = ctx | {"model": "scripted:repeat", "human_review": True}
    tid = await _start_run(client, context)
    assert _interrupt(dict(await client.threads.get_state(tid)))["reason"] == "duplicate_call"

    state = await _resume(
        client,
        tid,
        context,
        {"action": "edit", "tool": "get_metric_trend", "args": {"period": "14d"}},
    )
    values = state["values"]
    assert state["next"] == []
    assert values["status"] == "completed"
    assert values["stop_reason"] == "completed"
    assert values["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert values["calls"][-1]["verdict"] == "edited"
    assert values["calls"][-1]["args"] == {"period": "14d"}
    assert count_executions(ctx["store"], "record_metric") == 1
    assert count_executions(ctx["store"], "get_metric_trend") == 1


async def test_budget_stop_interrupts_then_approve_completes(
    client: LangGraphClient, ctx: dict[str, Any]
) -> None:
    context = ctx | {"human_review": True, "max_calls": 1}
    tid = await _start_run(client, context)
    question = _interrupt(dict(await client.threads.get_state(tid)))
    assert question["reason"] == "call_budget"
    assert question["call"] == {"tool": "get_metric_trend", "args": {"period": "14d"}}

    state = await _resume(client, tid, context, {"action": "approve"})
    assert state["next"] == []
    assert state["values"]["stop_reason"] == "completed"
    assert _verdicts(state) == ["run", "stopped", "approved"]
    assert count_executions(ctx["store"]) == 2


USER_FACING = {"status", "stop_reason", "checklist", "calls", "answer"}


def test_the_api_line_is_read_with_or_without_colour_codes() -> None:
    # What langgraph-api 0.16 prints: the URL wrapped in cyan, whatever the output is.
    banner = "- \U0001f680 API: \x1b[36mhttp://127.0.0.1:53011\x1b[0m\n- Studio UI: ..."
    assert api_url(banner) == "http://127.0.0.1:53011"
    assert api_url(ANSI.sub("", banner)) == "http://127.0.0.1:53011"
    assert api_url("- API: starting") is None


async def test_schemas_endpoint_returns_input_output_and_context_schemas(
    client: LangGraphClient,
) -> None:
    (assistant,) = await client.assistants.search(graph_id=GRAPH_ID)
    schemas = await client.assistants.get_schemas(assistant["assistant_id"])

    for name in ("input_schema", "output_schema", "context_schema", "state_schema"):
        assert schemas[name] is not None, name
    assert set(schemas["input_schema"]["properties"]) == set(InputState.__dataclass_fields__)
    output = schemas["output_schema"]["properties"]
    assert set(output) == set(OutputState.__dataclass_fields__)
    assert set(output) >= USER_FACING
    # TypedDict records inside the state build too (typing.TypedDict did not, on 3.11).
    call = schemas["output_schema"]["$defs"]["CallRecord"]["properties"]
    assert {"tool", "args", "verdict", "executed", "outcome"} <= set(call)


async def test_a_runs_output_and_state_show_the_user_facing_keys(
    client: LangGraphClient, server: DevServer, ctx: dict[str, Any]
) -> None:
    thread = await client.threads.create()
    tid = str(thread["thread_id"])
    output = await client.runs.wait(
        tid, GRAPH_ID, input=_request(METRIC_REQUEST_EN), context=ctx, durability="sync"
    )
    assert isinstance(output, dict)
    assert set(output) == set(OutputState.__dataclass_fields__)  # internals are not returned
    assert output["stop_reason"] == "completed"
    assert output["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert output["answer"]

    values = (await client.threads.get_state(tid))["values"]
    assert set(values) >= USER_FACING
    assert {k: values[k] for k in USER_FACING} == {k: output[k] for k in USER_FACING}
    # The state view: the user-facing keys, then the runtime's internals in two groups, and
    # nothing else (before, every internal field was a key of its own).
    assert list(values) == [*OutputState.__dataclass_fields__, "task", "internals"]
    assert values["task"]["intent"] == "record_and_review_metric"
    assert {"record_metric", "get_metric_trend"} <= set(values["task"]["offered_tools"])
    assert set(values["task"]) <= GROUPS["task"]
    assert set(values["internals"]) <= GROUPS["internals"]
    assert values["internals"]["usage"]["calls"] == 2
    assert values["internals"]["verdict"]["node"] == "respond"

    log = server.log.read_text(errors="replace")
    assert "Using custom checkpointer: SqliteCheckpointer" in ANSI.sub("", log)
    assert "Custom checkpointer missing" not in log
    plain = [line for line in log.splitlines() if "API:" not in line and "Studio UI:" not in line]
    assert not [line for line in plain if "\x1b[" in line and "Docs:" not in line]
