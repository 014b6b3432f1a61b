"""`eval --replay` on a slice of the shipped set: every kind of legitimate repeat, every loop.

The whole set (152 trajectories, four runs each) is `python -m graph eval --replay`; here a
slice that covers each domain and each tag keeps CI short.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

from graph.evals.replay import (
    INJECTIONS,
    Trajectory,
    UserTurn,
    failed,
    load,
    parse,
    replay_all,
    run_replay,
    script,
    shipped,
    summary,
)
from tests.crashkit import REPO, child_env

SLICE = (
    "report-weekly",  # polling a job that is still processing
    "orders-0",  # paging with a cursor
    "recheck-0",  # the same trend before and after a write
    "thread-1",  # several requests on one thread, the same one twice
    "expense-1",
    "fs-todo-0",  # a file re-read after a write
    "fs-todo-twice-0",  # the same write asked for again in a later turn
    "fs-delete-0",  # a folder listed, page by page, before and after a delete
    "fs-wrong-path-0",  # "not found", then the right path
    "fs-pdfs-to-documents",  # parallel moves
)


def test_the_shipped_set_is_large_and_varied() -> None:
    trajectories = load(shipped())
    assert len(trajectories) >= 150
    domains = {t.domain for t in trajectories}
    assert domains == {"tools.examples:DOMAIN", "tools.expenses:DOMAIN", "tools.files:DOMAIN"}
    tags = {tag for t in trajectories for tag in t.tags}
    assert {"polling", "paging", "reread", "same-command-new-state", "multi-turn"} <= tags
    assert sum(t.domain == "tools.files:DOMAIN" for t in trajectories) >= 60


def test_loops_are_injected_where_the_model_goes_on_afterwards() -> None:
    turns = [[{"name": "a", "args": {}}], [{"name": "b", "args": {}}], "done"]
    repeated, _ = script(turns, "repeat5")
    assert repeated == [turns[0]] * 5 + turns[1:]
    alternating, _ = script(turns, "alternate")
    assert alternating == [turns[0], turns[1], turns[0], turns[1], turns[0], turns[1], "done"]
    endless, injected = script(turns, "endless")
    assert endless == turns[:2]
    assert injected
    only_second, _ = script(turns, "repeat5", allowed={1})
    assert only_second == [turns[0], *[turns[1]] * 5, "done"], "a failed call is not a repeat"


async def test_replay_slice_has_no_false_block_and_no_repeated_write(tmp_path: Path) -> None:
    chosen = [t for t in load(shipped()) if t.id in SLICE]
    assert len(chosen) == len(SLICE)
    runs = await replay_all(chosen, workdir=str(tmp_path))
    report = {"summary": summary(runs)}
    s = report["summary"]
    assert s["clean"]["false_blocks"] == 0, s["clean"]["false_block_list"]
    assert s["clean"]["searches"] >= 1, "the file system hides tools the model finds by search"
    for name in INJECTIONS:
        assert s[name]["repeated_writes"] == 0, name
        assert not s[name]["errors"], s[name]["errors"]
    for name in ("repeat5", "alternate"):
        assert s[name]["injected"] >= 5
        assert s[name]["finished"] == s[name]["injected"], s[name]["not_finished"]
        assert s[name]["wasted_model_calls"] > 0
    assert s["endless"]["stop_reasons"].get("duplicate_call", 0) >= 5
    assert not failed(report)


async def test_a_call_the_guard_refuses_is_reported_as_a_false_block(tmp_path: Path) -> None:
    odd = Trajectory(
        id="odd",
        domain="tools.files:DOMAIN",
        turns=(
            UserTurn(
                "show me my notes",
                (
                    [{"name": "list_files", "args": {"path": "notes"}}],
                    [{"name": "read_file", "args": {"path": 7}}],  # a wrong type: refused
                    "Done.",
                ),
            ),
        ),
    )
    runs = await replay_all([odd], injections=(None,), workdir=str(tmp_path))
    (block,) = runs[0].false_blocks
    assert block["tool"] == "read_file"
    assert block["reason"].startswith("validation")
    assert failed({"summary": summary(runs)})


def test_eval_replay_command(tmp_path: Path) -> None:
    data = tmp_path / "set.jsonl"
    rows = [line for line in shipped().read_text().splitlines() if '"fs-todo-1"' in line]
    data.write_text("\n".join(rows) + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--replay", str(data), "--json"],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["summary"]["clean"]["trajectories"] == 1
    assert {r["injection"] for r in report["runs"]} == {None, *INJECTIONS}


async def test_run_replay_reads_a_file(tmp_path: Path) -> None:
    report = await run_replay(shipped(), workdir=str(tmp_path), only="fs-read-0")
    assert report["summary"]["clean"]["stop_reasons"] == {"completed": 1}


def test_recorded_dates_follow_the_day_of_the_replay() -> None:
    """The set must not rot: "today" in a request is the replay's today, so are its dates."""
    raw = {
        "id": "d",
        "domain": "tools.examples:DOMAIN",
        "turns": [
            {
                "user": "record 120/80 yesterday",
                "model": [
                    [{"name": "record_metric", "args": {"value": "120/80", "date": "${today-1}"}}],
                    "ok",
                ],
            }
        ],
    }
    (call,) = parse(raw).turns[0].model[0]
    assert call["args"]["date"] == (date.today() - timedelta(days=1)).isoformat()
    text = shipped().read_text()
    assert '"${today}"' in text
    assert '"date": "20' not in text, "no absolute date left in recorded arguments"
