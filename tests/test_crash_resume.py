"""SIGKILL the real CLI at every super-step boundary and inside the write tool, then resume.

Two kill points per super-step: once its checkpoint is on disk, and once its task writes are
committed but its checkpoint is not (LangGraph saves them apart; the thread then looks
finished to anyone who reads `StateSnapshot.next`). For every kill point: `threads` lists the
thread as pending, a new process resumes it by id, the final state equals an uncrashed run's,
the business store holds exactly one metrics row, the tools ran as often as in the uncrashed
run (tool_audit), and no node that had finished before the kill ran again (the node trace and
the checkpoint history). The same holds for a call a human approved, killed before each
checkpoint of the approving resume. `pytest -s` prints the matrix.

The storage-facing tests run on both backends (`backend` is sqlite or postgres; see
tests/backends.py); the uncrashed baseline is a SQLite run, so a PostgreSQL crash-and-resume
must also match what SQLite does.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from checkpoints.threads import ThreadIndex
from graph.cli import EXIT_OK, EXIT_STOPPED, EXIT_WAITING
from graph.context import Context
from graph.runner import _serializable_context, list_threads, resume_thread, run_request
from tests.conftest import Harness
from tests.crashkit import (
    DEMO,
    NO_RECONCILE_SPEC,
    TID,
    Workdir,
    crashed_pid,
    cut_short,
    guard_counters,
    normalized,
    one_line_error,
    reexecuted,
    restarted,
    restored,
)

KILLED = -signal.SIGKILL
BEFORE_CHECKPOINT = "LOOPGUARD_CRASH_BEFORE_CHECKPOINT"
IN_TOOL = {
    "tool: after claim, before effect": "LOOPGUARD_CRASH_BEFORE_EFFECT",
    "tool: after effect, before ledger": "LOOPGUARD_CRASH_AFTER_EFFECT",
    "tool: after ledger, before checkpoint": "LOOPGUARD_CRASH_AFTER_RECORD",
}
EXPECTED_RESOLUTION = {
    "tool: after claim, before effect": ("taken_over", 2),
    "tool: after effect, before ledger": ("reconciled", 1),
}


@dataclass
class Baseline:
    summary: dict[str, Any]
    nodes: list[str]
    audit: dict[str, int]
    steps: list[int]


@dataclass
class Outcome:
    point: str
    crash_rc: int
    listed: str
    resume_rc: int
    resume_err: str
    summary: dict[str, Any] | None
    rows: int
    audit: dict[str, int]
    nodes: list[str]
    again: list[str]
    restarted: list[str]
    restored: list[str]
    cut: list[str]
    ledger: list[dict[str, Any]]


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Baseline:
    w = Workdir(tmp_path_factory.mktemp("baseline"))
    proc = w.run_demo()
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["status"] == "completed"
    steps = sorted({e["step"] for e in w.trace_events()})
    # Boundaries: the input checkpoint (-1), the one that applies it (0), one per node step.
    return Baseline(summary, w.history_nodes(), w.audit(), [-1, 0, *steps])


def _crash_and_resume(root: Path, db: str, point: str, env: dict[str, str]) -> Outcome:
    w = Workdir(root, db)
    crash = w.run_demo(env=env)
    pid = crashed_pid(w.trace_events())
    listed = w.thread_status(TID)
    resume = w.cli("resume", "--thread-id", TID, "--json")
    events = w.trace_events()
    return Outcome(
        point=point,
        crash_rc=crash.returncode,
        listed=listed,
        resume_rc=resume.returncode,
        resume_err=resume.stderr.strip(),
        summary=json.loads(resume.stdout) if resume.returncode in (0, 4) else None,
        rows=w.metric_rows(),
        audit=w.audit(),
        nodes=w.history_nodes(),
        again=reexecuted(events, pid) if pid is not None else [],
        restarted=restarted(events, pid) if pid is not None else [],
        restored=restored(events, pid) if pid is not None else [],
        cut=cut_short(events, pid) if pid is not None else [],
        ledger=w.ledger(),
    )


def _print_matrix(baseline: Baseline, outcomes: list[Outcome], backend: str) -> None:
    print()
    print(f"backend: {backend}")
    print(f"uncrashed run: {len(baseline.nodes)} nodes: {' > '.join(baseline.nodes)}")
    header = (
        f"{'kill point':<40} {'killed':<7} {'listed':<10} {'resumed':<10} {'rows':<5} "
        f"{'tool runs':<10} {'re-executed nodes':<18} {'cut short':<15} ledger"
    )
    print(header)
    print("-" * len(header))
    for o in outcomes:
        status = o.summary["status"] if o.summary else f"rc={o.resume_rc}"
        runs = f"{o.audit.get('record_metric', 0)}w+{o.audit.get('get_metric_trend', 0)}r"
        ledger = ", ".join(
            f"{r['status']}/{r['attempts']}" + (f"/{r['resolution']}" if r["resolution"] else "")
            for r in o.ledger
        )
        print(
            f"{o.point:<40} {'yes' if o.crash_rc == KILLED else o.crash_rc!s:<7} "
            f"{o.listed:<10} {status:<10} {o.rows:<5} {runs:<10} {', '.join(o.again) or '-':<18} "
            f"{', '.join(o.cut) or '-':<15} {ledger}"
        )


def test_sigkill_at_every_boundary_resumes_to_the_uncrashed_result(
    baseline: Baseline, tmp_path: Path, backend: str, new_db: Callable[[Path], str]
) -> None:
    points: list[tuple[str, dict[str, str]]] = [
        (f"step {s:>2} checkpoint on disk", {"LOOPGUARD_CRASH_AFTER_STEP": str(s)})
        for s in baseline.steps[:-1]
    ]
    # After the last checkpoint the run is over but its end is not yet recorded.
    last = baseline.steps[-1]
    points.append(
        (f"step {last:>2} (final) checkpoint on disk", {"LOOPGUARD_CRASH_AFTER_STEP": str(last)})
    )
    # Step 0 is the one that applies the input; from there on every step has task writes.
    points += [
        (f"step {s:>2} writes saved, no checkpoint", {BEFORE_CHECKPOINT: str(s)})
        for s in baseline.steps[1:]
    ]
    points += [(name, {env: "record_metric"}) for name, env in IN_TOOL.items()]
    dbs = [new_db(tmp_path / f"k{i}") for i in range(len(points))]

    with ThreadPoolExecutor(max_workers=3) as pool:
        outcomes = list(
            pool.map(
                lambda item: _crash_and_resume(tmp_path / f"k{item[0]}", dbs[item[0]], *item[1]),
                enumerate(points),
            )
        )
    for o, (name, _) in zip(outcomes, points, strict=True):
        o.point = name
    _print_matrix(baseline, outcomes, backend)

    expected = normalized(baseline.summary)
    for o in outcomes:
        where = f"kill point {o.point!r}"
        assert o.crash_rc == KILLED, f"{where}: the run was not killed"
        # Killed after its final checkpoint the run had ended; killed anywhere else it had not.
        finished = o.point.endswith("(final) checkpoint on disk")
        assert o.listed == ("completed" if finished else "pending"), f"{where}: {o.listed}"
        assert o.resume_rc == 0, f"{where}: resume failed: {o.resume_err}"
        assert o.summary is not None
        assert normalized(o.summary) == expected, where
        assert o.rows == 1, f"{where}: {o.rows} metrics rows"
        assert o.audit == baseline.audit, f"{where}: tool executions {o.audit}"
        assert o.nodes == baseline.nodes, f"{where}: checkpoint history differs"
        assert o.again == [], f"{where}: finished nodes ran again: {o.again}"
        assert len(o.ledger) == 1, where
        assert o.ledger[0]["status"] == "succeeded", where
        resolution, attempts = EXPECTED_RESOLUTION.get(o.point, (None, 1))
        assert (o.ledger[0]["resolution"], o.ledger[0]["attempts"]) == (resolution, attempts)
        if o.point in IN_TOOL:
            # Only a kill inside the tool cuts a node short, and that node is execute.
            assert len(o.cut) == 1, where
            assert o.cut[0].startswith("execute@"), where
            assert o.restarted == o.cut, where
        else:
            assert o.restarted == [], f"{where}: nodes started again: {o.restarted}"
        if o.point.endswith("writes saved, no checkpoint"):
            # The resume completes the step from its saved writes, without running its node
            # (step 0's task is LangGraph's own input step, which the trace does not show).
            # The node may have lost its end line with the process: the trace lags the writes.
            step = int(o.point.split()[1])
            node = [f"{baseline.nodes[step - 1]}@{step}"] if step else []
            assert o.restored == node, f"{where}: restored {o.restored}"
            assert o.cut in ([], node), f"{where}: cut short {o.cut}"
        elif o.point not in IN_TOOL:
            assert (o.cut, o.restored) == ([], []), where


# --- a call a human approved, killed before each checkpoint of the approving resume ------------

CANCEL = "cancel order 10091"


@dataclass
class Approved:
    summary: dict[str, Any]
    audit: dict[str, int]
    steps: list[int]
    """The super-steps the approving resume checkpoints: the interrupted one + 1 to the end."""


def _pause_for_approval(w: Workdir) -> None:
    proc = w.cli("run", CANCEL, "--hitl", "--thread-id", TID, "--json")
    assert proc.returncode == 4, proc.stderr  # waiting for a human
    paused = json.loads(proc.stdout)
    assert paused["status"] == "interrupted"
    assert paused["interrupt"]["call"]["tool"] == "cancel_order"


@pytest.fixture(scope="module")
def approved(tmp_path_factory: pytest.TempPathFactory) -> Approved:
    w = Workdir(tmp_path_factory.mktemp("approved"))
    _pause_for_approval(w)
    interrupted_at = w.last_step()
    proc = w.cli("resume", "--thread-id", TID, "--approve", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert (summary["status"], summary["stop_reason"]) == ("completed", "completed")
    return Approved(summary, w.audit(), list(range(interrupted_at + 1, w.last_step() + 1)))


def test_sigkill_before_each_checkpoint_of_an_approved_call(
    approved: Approved, tmp_path: Path, backend: str, new_db: Callable[[Path], str]
) -> None:
    """The approval and the step's writes are saved, its checkpoint is not: the call still runs.

    Each approving resume is killed once the task writes of one of its steps are committed;
    `threads` must list the thread as pending (not finished, not waiting for a human), and a
    plain resume finishes it with the order cancelled exactly once.
    """

    def one(step: int) -> dict[str, Any]:
        root = tmp_path / f"s{step}"
        w = Workdir(root, new_db(root))
        _pause_for_approval(w)
        killed = w.cli(
            "resume", "--thread-id", TID, "--approve", env={BEFORE_CHECKPOINT: str(step)}
        )
        before = w.trace_events()
        pid = before[-1]["pid"]  # the killed process wrote the trace's last line
        listed = w.thread_status()
        resumed = w.cli("resume", "--thread-id", TID, "--json")
        # The killed process and what ran after it (the paused run's own fallback is earlier).
        events = [e for e in before if e["pid"] == pid] + w.trace_events()[len(before) :]
        return {
            "step": step,
            "killed": killed.returncode,
            "listed": listed,
            "resume_rc": resumed.returncode,
            "resume_err": resumed.stderr.strip(),
            "summary": json.loads(resumed.stdout) if resumed.returncode in (0, 4) else None,
            "rows": w.rows("order_cancellations"),
            "audit": w.audit(),
            "again": restarted(events, pid),
            "restored": restored(events, pid),
        }

    with ThreadPoolExecutor(max_workers=3) as pool:
        outcomes = list(pool.map(one, approved.steps))
    print(f"\nbackend: {backend}; approved call, killed before the checkpoint of step:")
    for o in outcomes:
        print(
            f"  step {o['step']:>2}: listed {o['listed']:<8} resumed rc={o['resume_rc']} "
            f"rows {o['rows']} tool runs {o['audit']} restored {o['restored']} "
            f"re-executed {o['again'] or '-'}"
        )
    expected = normalized(approved.summary)
    for o in outcomes:
        where = f"approved call, killed before checkpoint {o['step']}"
        assert o["killed"] == KILLED, where
        assert o["listed"] == "pending", f"{where}: threads lists {o['listed']}"
        assert o["resume_rc"] == 0, f"{where}: {o['resume_err']}"
        assert normalized(o["summary"]) == expected, where
        assert o["rows"] == 1, f"{where}: {o['rows']} cancellations"
        assert o["audit"] == approved.audit, f"{where}: tool executions {o['audit']}"
        assert o["again"] == [], f"{where}: nodes started again: {o['again']}"
        # The killed step is completed from its saved writes, its node not run again.
        assert [r.split("@")[1] for r in o["restored"]] == [str(o["step"])], o["restored"]


# --- guard counters and budgets survive a crash -------------------------------------------------


def test_guard_counters_and_budget_survive_a_crash(tmp_path: Path, db_url: str) -> None:
    """A looping model killed mid-run resumes with its strikes and usage, not fresh ones."""
    plain = Workdir(tmp_path / "plain")
    proc = plain.run_demo("--model", "scripted:repeat")
    assert proc.returncode == EXIT_STOPPED, proc.stderr
    expected = json.loads(proc.stdout)
    assert expected["stop_reason"] == "duplicate_call"

    crashed = Workdir(tmp_path / "crashed", db_url)
    kill_at = 11  # after two repeats were judged: strikes and rounds are non-zero
    proc = crashed.run_demo(
        "--model", "scripted:repeat", env={"LOOPGUARD_CRASH_AFTER_STEP": str(kill_at)}
    )
    assert proc.returncode == KILLED
    at_crash = crashed.state()
    assert at_crash["usage"]["rounds"] >= 2
    assert at_crash["strikes"].get("duplicate", 0) >= 1

    proc = crashed.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == EXIT_STOPPED, proc.stderr
    resumed = json.loads(proc.stdout)
    assert normalized(resumed) == normalized(expected)
    assert guard_counters(crashed.state()) == guard_counters(plain.state())
    assert crashed.audit() == plain.audit() == {"record_metric": 1}
    assert crashed.metric_rows() == 1


async def test_budget_overrides_and_usage_survive_resume(tmp_path: Path, db_url: str) -> None:
    """A resumed run keeps the thread's budget override and its spent rounds."""
    db, store = db_url, str(tmp_path / "business.sqlite")
    ctx = Context(model="scripted:repeat", db=db, store=store, human_review=True, max_rounds=2)
    first = await run_request(DEMO, thread_id="b1", context=ctx, db=db)
    assert first["status"] == "interrupted"
    assert first["interrupt"]["reason"] == "step_budget"
    spent = first["usage"]["rounds"]

    # A fresh call with no context: settings come from the threads index, usage from the
    # checkpoint. With a fresh budget (6 rounds) the repeat loop would run on; it stops again.
    again = await resume_thread("b1", decision={"action": "approve"}, db=db)
    assert again["status"] == "interrupted"
    assert again["interrupt"]["reason"] == "step_budget"
    assert again["usage"]["rounds"] > spent


# --- human in the loop across processes ---------------------------------------------------------


@pytest.mark.parametrize(
    ("decision", "status", "stop_reason"),
    [
        (["--approve"], None, None),
        (
            ["--edit", '{"tool": "get_metric_trend", "args": {"period": "14d"}}'],
            "completed",
            "completed",
        ),
        (["--abort"], "stopped", "human_aborted"),
    ],
)
def test_interrupt_survives_process_exit(
    tmp_path: Path, decision: list[str], status: str | None, stop_reason: str | None
) -> None:
    w = Workdir(tmp_path)
    proc = w.run_demo("--model", "scripted:repeat", "--hitl")
    assert proc.returncode == EXIT_WAITING, proc.stderr
    paused = json.loads(proc.stdout)
    assert paused["status"] == "interrupted"
    assert paused["interrupt"]["call"]["tool"] == "record_metric"

    listing = w.cli("threads", "--json")
    assert [t["status"] for t in json.loads(listing.stdout)] == ["interrupted"]

    proc = w.cli("resume", "--thread-id", TID, *decision, "--json")
    expected = {None: EXIT_WAITING, "completed": EXIT_OK, "stopped": EXIT_STOPPED}[status]
    assert proc.returncode == expected, proc.stderr
    out = json.loads(proc.stdout)
    if status is not None:
        assert (out["status"], out["stop_reason"]) == (status, stop_reason)
    else:
        # Approving the blocked duplicate write answers it from the ledger's receipt.
        approved = [c for c in out["tool_calls"] if c["verdict"] == "approved"]
        assert approved
        assert approved[0]["executed"] is False
        assert approved[0]["outcome"] == "ok"
    assert w.audit().get("record_metric") == 1
    assert w.metric_rows() == 1


def test_unknown_outcome_goes_to_a_human_and_approval_writes_once(
    tmp_path: Path, db_url: str
) -> None:
    """No reconcile lookup, a crash between claim and effect: a human decides; approve runs once."""
    w = Workdir(tmp_path, db_url)
    proc = w.run_demo(
        "--domain",
        NO_RECONCILE_SPEC,
        "--hitl",
        env={"LOOPGUARD_CRASH_BEFORE_EFFECT": "record_metric"},
    )
    assert proc.returncode == KILLED
    assert w.audit().get("record_metric", 0) == 0

    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == EXIT_WAITING, proc.stderr
    paused = json.loads(proc.stdout)
    assert paused["status"] == "interrupted"
    facts = paused["interrupt"]
    assert facts["reason"] == "needs_human"
    reading = {"value": "150/95", "date": paused["slots"]["date"]}
    assert facts["call"] == {"tool": "record_metric", "args": reading}
    key = w.ledger()[0]["idempotency_key"]
    assert "may or may not have taken effect" in facts["detail"]
    assert "no reconcile lookup" in facts["detail"]
    assert key in facts["detail"]
    assert w.ledger()[0]["status"] == "unknown"
    assert w.audit().get("record_metric", 0) == 0, "nothing may run before the human decides"

    proc = w.cli("resume", "--thread-id", TID, "--approve", "--json")
    assert proc.returncode == 0, proc.stderr
    done = json.loads(proc.stdout)
    assert (done["status"], done["stop_reason"]) == ("completed", "completed")
    assert w.audit().get("record_metric") == 1
    assert w.metric_rows() == 1
    row = w.ledger()[0]
    assert (row["status"], row["resolution"], row["attempts"]) == ("succeeded", "human_approved", 2)

    again = w.cli("resume", "--thread-id", TID, "--approve")
    assert again.returncode == 1
    assert "already finished" in one_line_error(again)
    assert w.audit().get("record_metric") == 1


def test_unknown_outcome_after_the_effect_can_be_aborted(tmp_path: Path) -> None:
    """The write landed but cannot be looked up: the human sees it in the backend and aborts."""
    w = Workdir(tmp_path)
    proc = w.run_demo(
        "--domain",
        NO_RECONCILE_SPEC,
        "--hitl",
        env={"LOOPGUARD_CRASH_AFTER_EFFECT": "record_metric"},
    )
    assert proc.returncode == KILLED
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert json.loads(proc.stdout)["interrupt"]["reason"] == "needs_human"
    proc = w.cli("resume", "--thread-id", TID, "--abort", "--json")
    assert proc.returncode == EXIT_STOPPED, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["status"], out["stop_reason"]) == ("stopped", "human_aborted")
    assert w.audit().get("record_metric") == 1
    assert w.metric_rows() == 1


def test_unknown_outcome_without_a_human_stops_with_needs_human(tmp_path: Path) -> None:
    w = Workdir(tmp_path)
    proc = w.run_demo(
        "--domain", NO_RECONCILE_SPEC, env={"LOOPGUARD_CRASH_AFTER_EFFECT": "record_metric"}
    )
    assert proc.returncode == KILLED
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == EXIT_STOPPED, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["status"], out["stop_reason"]) == ("stopped", "needs_human")
    assert w.audit().get("record_metric") == 1
    assert w.metric_rows() == 1


async def test_killed_before_its_first_checkpoint_starts_over(tmp_path: Path, db_url: str) -> None:
    """The index has the request but no checkpoint exists: no node ran, so run it from the top."""
    harness = Harness(tmp_path, db_url)
    context = _serializable_context(harness.context())
    await ThreadIndex(harness.db).upsert("early", request=DEMO, context=context, status="running")
    listing = await list_threads(db=harness.db)
    assert [(t["thread_id"], t["status"]) for t in listing] == [("early", "pending")]
    out = await harness.resume("early")
    assert (out["status"], out["stop_reason"]) == ("completed", "completed")
    assert harness.executions("record_metric") == 1


def test_a_request_killed_before_its_input_checkpoint_stays_pending(
    tmp_path: Path, db_url: str
) -> None:
    """A second request on a finished thread dies before LangGraph saved its input.

    The thread's last checkpoint is the first request's, finished; the threads index has the
    new request and the checkpoint it started from, so `threads` lists it pending, `run`
    refuses to bury it under a third request, and `resume` runs it: a second reading.
    """
    w = Workdir(tmp_path, db_url)
    first = w.run_demo()
    assert first.returncode == 0, first.stderr
    input_step = w.last_step() + 1
    killed = w.run_demo(env={BEFORE_CHECKPOINT: str(input_step)})
    assert killed.returncode == KILLED
    assert w.last_step() == input_step - 1, "nothing of the second request was checkpointed"

    listing = json.loads(w.cli("threads", "--json").stdout)
    assert [(t["status"], t["stop_reason"]) for t in listing] == [("pending", None)]
    busy = w.run_demo()
    assert busy.returncode == 1
    assert "has an unfinished run (pending)" in one_line_error(busy)

    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["status"], out["stop_reason"]) == ("completed", "completed")
    assert w.metric_rows() == 2, "one reading per request"
    assert w.audit().get("record_metric") == 2
    assert w.thread_status() == "completed"


def test_a_new_thread_killed_before_its_first_checkpoint_resumes(
    tmp_path: Path, db_url: str
) -> None:
    w = Workdir(tmp_path, db_url)
    killed = w.run_demo(env={BEFORE_CHECKPOINT: "-1"})
    assert killed.returncode == KILLED
    assert w.thread_status() == "pending"
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"
    assert w.metric_rows() == 1


# --- the threads listing ------------------------------------------------------------------------


def test_threads_lists_completed_interrupted_and_pending(tmp_path: Path, db_url: str) -> None:
    w = Workdir(tmp_path, db_url)
    assert w.run_demo(tid="done").returncode == 0
    assert (
        w.run_demo("--model", "scripted:repeat", "--hitl", tid="paused").returncode == EXIT_WAITING
    )
    crash = w.run_demo(tid="crashed", env={"LOOPGUARD_CRASH_AFTER_STEP": "5"})
    assert crash.returncode == KILLED

    listing = w.cli("threads", "--json")
    assert listing.returncode == 0, listing.stderr
    rows = {t["thread_id"]: (t["status"], t["stop_reason"]) for t in json.loads(listing.stdout)}
    assert rows == {
        "done": ("completed", "completed"),
        "paused": ("interrupted", None),
        "crashed": ("pending", None),
    }
    assert {t["thread_id"]: t["waiting_on"] for t in json.loads(listing.stdout)}["paused"] == (
        "duplicate_call"
    )
    text = w.cli("threads").stdout
    assert "resume --thread-id crashed" in text
    assert "waiting (duplicate_call)" in text

    proc = w.cli("resume", "--thread-id", "crashed", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"
    listing = json.loads(w.cli("threads", "--json").stdout)
    assert {t["thread_id"]: t["status"] for t in listing}["crashed"] == "completed"


def test_a_forked_cli_killed_at_once_still_has_an_output_to_read(tmp_path: Path) -> None:
    """A random kill can land before the child opened its output files (seen in CI).

    Like `Popen`'s pipes, they exist before the fork: a child killed at once leaves an
    empty output, and reading it is no `FileNotFoundError`.
    """
    import os

    from tests import warmcli

    proc = warmcli.launch(["--version"], dict(os.environ), tmp_path)
    assert proc._out.exists()
    assert proc._err.exists()
    proc.kill()
    out, _err = proc.communicate(timeout=60)
    # killed, or it was quick enough to print its version first
    assert proc.returncode == -signal.SIGKILL or (proc.returncode == 0 and out.strip())
