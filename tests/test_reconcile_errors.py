"""A reconcile lookup that raises is an unknown outcome in one line, never a traceback.

The lookup runs when a write may have landed: after an attempt whose answer was lost (in the
run) and after a crash between the claim and the outcome (on resume). If the lookup itself
fails, nobody can know whether the effect happened, so the ledger row stays `unknown`, the
run stops with `needs_human` (or pauses for one with `--hitl`), and the message names the
lookup's failure. Every command below is the real CLI in a subprocess; the business store's
rows and `tool_audit` say what really ran.
"""

from __future__ import annotations

import dataclasses
import json
import signal
from pathlib import Path
from typing import Any

from tests.crashkit import TID, Workdir, one_line_error
from tools.contract import ToolContext, ToolResult
from tools.domain import Domain, ToolRegistry
from tools.examples import DOMAIN, REGISTRY, record_metric

KILLED = -signal.SIGKILL
LOOKUP_DOWN = "lookup service down"


async def lookup_down(key: str, ctx: ToolContext) -> ToolResult | None:
    """A reconcile lookup whose backend is unreachable."""
    raise RuntimeError(LOOKUP_DOWN)


async def answer_lost(args: Any, ctx: ToolContext) -> Any:
    """The reading is written, then the connection drops before the answer arrives."""
    await record_metric(args, ctx)
    msg = "connection reset by peer"
    raise ConnectionResetError(msg)


def _domain(name: str, **changes: Any) -> Domain:
    return dataclasses.replace(
        DOMAIN,
        name=name,
        tools=ToolRegistry(
            dataclasses.replace(spec, **changes) if spec.name == "record_metric" else spec
            for spec in REGISTRY
        ),
    )


LOOKUP_FAILS = _domain("lookup-fails", reconcile=lookup_down)
ANSWER_LOST = _domain("answer-lost", fn=answer_lost, reconcile=lookup_down)
MODULE = "tests.test_reconcile_errors"


def _json(proc: Any) -> dict[str, Any]:
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.strip() == "", proc.stderr
    return dict(json.loads(proc.stdout))


def test_a_lookup_that_raises_in_the_run_stops_for_a_human_in_one_line(tmp_path: Path) -> None:
    w = Workdir(tmp_path)
    proc = w.run_demo("--domain", f"{MODULE}:ANSWER_LOST")
    assert proc.returncode == 3, "stopped without completing"
    out = _json(proc)
    assert (out["status"], out["stop_reason"]) == ("stopped", "needs_human")
    record = [c for c in out["tool_calls"] if c["name"] == "record_metric"]
    assert [c["outcome"] for c in record if c["executed"]] == ["transient"]
    assert record[-1]["outcome"] == "unknown_outcome", "the retry was answered by the ledger"
    assert f"its reconcile lookup failed: RuntimeError: {LOOKUP_DOWN}" in out["answer"]
    assert w.audit()["record_metric"] == 1, "entered once, never retried blindly"
    assert w.metric_rows() == 1
    (row,) = w.ledger()
    assert row["status"] == "unknown"
    assert LOOKUP_DOWN in json.loads(row["receipt"])["message"]

    again = w.cli("resume", "--thread-id", TID)
    assert again.returncode == 1
    assert "already finished" in one_line_error(again)
    assert w.audit()["record_metric"] == 1


def test_a_lookup_that_raises_on_resume_asks_a_human_and_approval_writes_once(
    tmp_path: Path,
) -> None:
    w = Workdir(tmp_path)
    crashed = w.run_demo(
        "--domain",
        f"{MODULE}:LOOKUP_FAILS",
        "--hitl",
        env={"LOOPGUARD_CRASH_BEFORE_EFFECT": "record_metric"},
    )
    assert crashed.returncode == KILLED
    assert w.ledger()[0]["status"] == "in_progress"

    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 4, "waiting for a human"
    paused = _json(proc)
    assert paused["status"] == "interrupted"
    facts = paused["interrupt"]
    assert facts["reason"] == "needs_human"
    assert "may or may not have taken effect" in facts["detail"]
    assert f"its reconcile lookup failed: RuntimeError: {LOOKUP_DOWN}" in facts["detail"]
    assert w.ledger()[0]["status"] == "unknown"
    assert w.audit().get("record_metric", 0) == 0, "nothing runs before a human decides"

    again = w.cli("resume", "--thread-id", TID)  # the question stands: one line, not a retry
    assert again.returncode == 1
    assert "waiting for a human decision" in one_line_error(again)
    assert w.audit().get("record_metric", 0) == 0

    proc = w.cli("resume", "--thread-id", TID, "--approve", "--json")
    assert proc.returncode == 0
    done = _json(proc)
    assert (done["status"], done["stop_reason"]) == ("completed", "completed")
    assert w.audit()["record_metric"] == 1
    assert w.metric_rows() == 1
    (row,) = w.ledger()
    assert (row["status"], row["resolution"], row["attempts"]) == ("succeeded", "human_approved", 2)


def test_without_a_human_the_resume_stops_with_needs_human_then_says_finished(
    tmp_path: Path,
) -> None:
    w = Workdir(tmp_path)
    crashed = w.run_demo(
        "--domain",
        f"{MODULE}:LOOKUP_FAILS",
        env={"LOOPGUARD_CRASH_AFTER_EFFECT": "record_metric"},
    )
    assert crashed.returncode == KILLED
    proc = w.cli("resume", "--thread-id", TID, "--json")
    assert proc.returncode == 3, "stopped without completing"
    out = _json(proc)
    assert (out["status"], out["stop_reason"]) == ("stopped", "needs_human")
    assert LOOKUP_DOWN in out["answer"]
    assert w.audit()["record_metric"] == 1
    assert w.metric_rows() == 1
    assert w.ledger()[0]["status"] == "unknown"

    again = w.cli("resume", "--thread-id", TID)
    assert again.returncode == 1
    assert "already finished" in one_line_error(again)
    assert w.metric_rows() == 1
