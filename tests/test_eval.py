"""The regression set as tests, and the `eval`, `eval --compare` and `bench` commands.

Every case of `graph/evals/cases.json` runs here through the real graph and asserts its own
expectations. The commands run in subprocesses, small, with no timing assertions: speed is
printed by `bench`, never asserted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from graph.evals.cases import Case, load_cases
from graph.evals.runner import run_case
from graph.state import STOP_REASONS
from tools.domain import load_domain

ROOT = Path(__file__).resolve().parent.parent
CASES = load_cases()


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "graph", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
async def test_regression_case(case: Case, tmp_path: Path) -> None:
    result, seen = await run_case(case, tmp_path)

    assert result.passed, "\n".join(result.failures)
    assert seen.stop_reason == case.expect.stop_reason
    assert seen.executions == case.expect.executions
    assert seen.loops == 0
    assert seen.max_identical <= 2


def test_the_set_covers_every_misbehaviour_and_the_legitimate_repetitions() -> None:
    from graph.models import BEHAVIOURS

    models = {c.model.split(":")[1] for c in CASES if c.model.startswith("scripted:")}
    assert set(BEHAVIOURS) <= models
    tools = {tool for c in CASES if c.completable for tool in c.expect.executions}
    assert {"get_job_status", "list_orders"} <= tools
    polls = [c for c in CASES if c.completable and c.expect.executions.get("get_job_status", 0) > 2]
    pages = [c for c in CASES if c.completable and c.expect.executions.get("list_orders", 0) > 1]
    rereads = [
        c
        for c in CASES
        if c.completable
        and c.expect.executions.get("get_metric_trend", 0) == 2
        and c.expect.executions.get("record_metric") == 1
    ]
    assert polls
    assert pages
    assert rereads
    unknown_job = [c for c in CASES if "J-999" in c.request and c.model == "scripted:repeat"]
    assert unknown_job
    assert unknown_job[0].expect.stop_reason != "completed"
    intents = {i.name for i in load_domain("tools.examples:DOMAIN").intents}
    assert intents <= {c.expect.intent for c in CASES}


def _report(stdout: str) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(stdout)
    return report


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
async def test_under_hint_every_case_stays_safe(case: Case, tmp_path: Path) -> None:
    # The set documents the guard with the model deciding alone (the scripted models prefer
    # `model`). Under `hint`, the default for models without a preference, the runtime may
    # finish a task the model left open: the case may end otherwise, never less safely.
    result, seen = await run_case(case, tmp_path, policy="hint")

    assert result.passed, "\n".join(result.failures)
    assert seen.loops == 0
    assert seen.max_identical <= 2
    assert seen.stop_reason in STOP_REASONS
    for tool in case.expect.forbidden_repeats:
        assert all(n <= 1 for (t, _), n in seen.identical.items() if t == tool)
    if seen.stop_reason != "completed":  # then it did no more than the guard alone allowed
        for tool, n in seen.executions.items():
            assert n <= case.expect.executions.get(tool, 0), (tool, n)


def test_eval_policy_runs_the_set_under_hint_and_names_the_changed_endings() -> None:
    proc = _cli("eval", "--only", "metric-repeat", "--policy", "hint")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "metric-repeat [hint]: completed, documented duplicate_call" in proc.stdout


@pytest.mark.parametrize("flag", [["--router"], ["--replay"], ["--compare"]])
def test_eval_policy_is_refused_where_it_would_be_ignored(flag: list[str]) -> None:
    proc = _cli("eval", *flag, "--policy", "hint")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert f"take a step policy, not {flag[0]}" in proc.stderr


def test_eval_prints_per_intent_and_total_figures() -> None:
    proc = _cli("eval", "--only", "metric-re")
    assert proc.returncode == 0, proc.stderr
    for column in ("rounds mean", "rounds p95", "dup rate", "offered", "fallback"):
        assert column in proc.stdout
    assert "| record_and_review_metric | 2 | 2 |" in proc.stdout
    assert "| **total** |" in proc.stdout
    assert "eval [" in proc.stderr, "a progress bar on stderr"
    assert "2/2" in proc.stderr


def test_eval_baseline_fails_on_pass_to_fail_only(tmp_path: Path) -> None:
    good = _cli("eval", "--only", "order-offline", "--json")
    assert good.returncode == 0, good.stderr
    report = _report(good.stdout)
    assert {c["id"] for c in report["cases"]} == {"order-offline", "order-offline-zh"}
    assert report["total"]["completion_rate"] == 1.0
    baseline = tmp_path / "baseline.json"
    baseline.write_text(good.stdout)

    data = json.loads((ROOT / "graph" / "evals" / "cases.json").read_text())
    for case in data["cases"]:
        if case["id"] == "order-offline":
            case["expect"]["executions"] = {"query_order": 2}  # now it cannot pass
    broken = tmp_path / "cases.json"
    broken.write_text(json.dumps(data))

    regressed = _cli(
        "eval", "--cases", str(broken), "--only", "order-offline", "--baseline", str(baseline)
    )
    assert regressed.returncode == 1
    assert "passed in the baseline, fail now: order-offline" in regressed.stderr
    assert "order-offline: executions" in regressed.stdout

    known = tmp_path / "known.json"
    known_report = _report(good.stdout)
    for c in known_report["cases"]:
        c["passed"] = c["id"] != "order-offline"  # already failing in the baseline
    known.write_text(json.dumps(known_report))
    tolerated = _cli(
        "eval", "--cases", str(broken), "--only", "order-offline", "--baseline", str(known)
    )
    assert tolerated.returncode == 0, tolerated.stderr

    not_a_report = _cli("eval", "--only", "order-offline", "--baseline", str(broken))
    assert not_a_report.returncode == 2
    assert not_a_report.stderr.startswith("error: baseline ")
    assert len(not_a_report.stderr.strip().splitlines()) == 1


def test_compare_runs_the_same_scenarios_through_create_agent() -> None:
    proc = _cli("eval", "--compare", "--only", "metric-repeat", "--json")
    assert proc.returncode == 0, proc.stderr
    report = _report(proc.stdout)
    assert [s["id"] for s in report["scenarios"]] == ["metric-repeat", "metric-repeat-zh"]
    for s in report["scenarios"]:
        ours, a, b = s["graph"], s["a"], s["b"]
        assert (ours["executions"], ours["wasted"], ours["ended"]) == (1, 0, "duplicate_call")
        assert a["ended"] == "GraphRecursionError"
        assert a["executions"] > b["executions"] > ours["executions"]
        assert b["ended"] == "tool-call limit (end)"
        assert b["executions"] == b["limit"] == 6
        assert a["model_calls"] > ours["model_calls"]
        assert a["tokens"] > ours["tokens"]
    assert all(t["met"] for t in report["targets"].values()), report["targets"]
    assert report["totals"]["graph"]["recursion_errors"] == 0


def test_compare_and_bench_need_langchain_and_say_so_in_one_line(tmp_path: Path) -> None:
    fake = tmp_path / "langchain"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('no langchain here')\n")
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    for args in (("eval", "--compare", "--only", "order-offline"), ("bench", "--rounds", "2")):
        proc = _cli(*args, env=env)
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert lines[-1].startswith("error: "), proc.stderr
        assert "langchain" in lines[-1]
        assert "Traceback" not in proc.stderr


def test_bench_small_prints_every_figure(tmp_path: Path) -> None:
    proc = _cli("bench", "--rounds", "6", "--threads", "1", "--json", "--workdir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    result = _report(proc.stdout)
    for side in ("graph", "create_agent"):
        figures = result[side]
        assert figures["rounds_timed"] >= 5
        assert figures["median_ms"] > 0
        assert figures["p95_ms"] >= figures["median_ms"]
        assert figures["bytes_round_early"] > 0
        assert figures["bytes_round_last"] > 0
        assert figures["peak_mb"] > 0
    assert result["ratio_median"] > 0
    assert result["graph_uncompacted"]["bytes_round_last"] > 0
    table = _cli("bench", "--rounds", "6", "--threads", "1", "--workdir", str(tmp_path))
    assert table.returncode == 0, table.stderr
    assert "| per round, median |" in table.stdout
    assert "| growth, round 6 ÷ round 5 |" in table.stdout
