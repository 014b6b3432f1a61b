"""Tools that block, on Studio's real server: `langgraph dev` with blockbuster watching its loop.

A plain-function tool and reconcile lookup that call `os.mkdir`, `open()`, `time.sleep` and
`sqlite3` (tests/studio_blocking_domain.py) worked from the CLI but failed under the server,
which rejects blocking calls on its event loop. The executor runs plain functions on a thread
of their own: the same domain completes on the server, the write lands once (its lost first
answer found by the blocking reconcile lookup), and the tool ran off the loop. An `async def`
that blocks stays on the loop, as it must; the server refuses its call, and the run ends with
a tool error that says how to fix the tool, not an internal server error.

The server is started with the helpers of tests/test_studio_server.py, from a scratch
directory that also sees `tests/`, so `Context.domain` can name the test-only module.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient

from checkpoints.ledger import Ledger
from nodes.executor.run import BLOCKING_ACTION
from tests.test_studio_server import (
    GRAPH_ID,
    ROOT,
    DevServer,
    _group_alive,
    _start,
    _stop,
    _workdir,
)
from tools.store import count_executions

DOMAIN = "tests.studio_blocking_domain:DOMAIN"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevServer]:
    workdir = _workdir(tmp_path_factory.mktemp("studio-blocking"))
    (workdir / "tests").symlink_to(ROOT / "tests")
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


async def _run(
    client: LangGraphClient, tmp_path: Path, request: str
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    context = {
        "db": str(tmp_path / "ledger.sqlite"),
        "store": str(tmp_path / "business.sqlite"),
        "domain": DOMAIN,
    }
    thread = await client.threads.create()
    tid = str(thread["thread_id"])
    await client.runs.wait(
        tid,
        GRAPH_ID,
        input={"messages": [{"role": "user", "content": request}]},
        context=context,
        durability="sync",
    )
    (run,) = await client.runs.list(tid)
    state = await client.threads.get_state(tid)
    return tid, dict(run), dict(state["values"])


async def test_plain_functions_that_block_run_off_the_servers_loop(
    client: LangGraphClient, server: DevServer, tmp_path: Path
) -> None:
    tid, run, values = await _run(client, tmp_path, "save note buy milk")
    assert run["status"] == "success", server.log_tail()
    assert (values["status"], values["stop_reason"]) == ("completed", "completed")
    assert values["checklist"] == {"saved": True, "counted": True}
    (note,) = (tmp_path / "notes").iterdir()
    text, thread_name = note.read_text().splitlines()
    assert text == "buy milk"
    assert thread_name == "loopguard-save_note", "the tool ran on a thread of its own"
    store = str(tmp_path / "business.sqlite")
    assert count_executions(store, "save_note") == 1, "its lost answer was reconciled, not rerun"
    assert count_executions(store, "list_notes") == 1
    assert values["internals"]["evidence"]["counted"]["count"] == 1
    (row,) = await Ledger(tmp_path / "ledger.sqlite").rows(tid)
    assert (row["tool"], row["status"]) == ("save_note", "succeeded")
    assert json.loads(row["receipt"])["data"]["note_id"] == note.stem
    assert "BlockingError" not in server.log_tail()


async def test_an_async_tool_that_blocks_is_a_tool_error_saying_how_to_fix_it(
    client: LangGraphClient, tmp_path: Path
) -> None:
    _, run, values = await _run(client, tmp_path, "peek")
    assert run["status"] == "success", "the run ends through the graph, not a server error"
    assert values["status"] == "stopped"
    assert values["stop_reason"] in ("tool_failed", "no_progress")
    answers = [m for m in values["messages"] if m["type"] == "tool"]
    first = json.loads(answers[0]["content"])
    assert (first["ok"], first["error_type"]) == (False, "internal")
    assert "blocking call on the event loop" in first["message"]
    assert "sleep" in first["message"]
    assert first["user_action"] == BLOCKING_ACTION.format(tool="peek_slowly")
