"""`python -m graph eval --router`: the labelled set, its parts and the held-out targets.

The held-out part was written after the router was frozen and measured once; these tests
keep its safety targets (nothing routed to a write it did not ask for) as a regression
gate, and record where its accuracy stands against the issue's 0.95.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
ACCURACY_FLOOR = 0.90
"""Below where the held-out accuracy was measured (0.929, round 3): a drop is a regression."""


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def test_the_set_is_large_bilingual_and_has_both_parts(report: dict[str, Any]) -> None:
    dev, held = report["parts"]["dev"]["summary"], report["parts"]["heldout"]["summary"]
    assert dev["requests"] + held["requests"] >= 300
    assert held["requests"] >= 100
    for part in (dev, held):
        assert part["out_of_scope"] >= 20
        assert part["by_tag"]["zh"]["n"] >= 20
        assert part["by_tag"]["number"]["n"] >= 15


def test_heldout_never_routes_to_a_write_it_was_not_asked_for(report: dict[str, Any]) -> None:
    held = report["parts"]["heldout"]["summary"]
    assert held["misroute_to_write"] == 0
    assert held["ood_to_write"] == 0
    assert report["targets"]["met"]["misroute_to_write"] is True
    assert report["targets"]["met"]["ood_to_write"] is True
    assert report["parts"]["dev"]["summary"]["misroute_to_write"] == 0


def test_heldout_accuracy_and_slots_do_not_regress(report: dict[str, Any]) -> None:
    held = report["parts"]["heldout"]["summary"]
    assert held["intent_accuracy"] >= ACCURACY_FLOOR
    assert held["slot_accuracy"] >= 0.95
    assert held["out_of_scope_asked"] >= 0.75


@pytest.mark.xfail(
    strict=True,
    reason="issue 14 target not met: held-out in-scope accuracy 0.929 (rounds 1-3: 0.928, "
    "0.907, 0.929), offline lexical classifier",
)
def test_heldout_accuracy_meets_the_issue_target(report: dict[str, Any]) -> None:
    assert report["targets"]["met"]["intent_accuracy"]


def test_errors_are_listed_on_request() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--part", "heldout", "--errors"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "misroutes to a write" in proc.stdout
    assert "  [heldout] " in proc.stdout


def test_your_own_set_is_one_flag_away(tmp_path: Path) -> None:
    mine = tmp_path / "mine.jsonl"
    lines = [
        {
            "domain": "tools.expenses:DOMAIN",
            "text": "show my expense total for the last 7 days",
            "intent": "expense_total",
            "action": "route",
            "slots": {"period": "7d"},
        },
        {
            "domain": "tools.expenses:DOMAIN",
            "text": "tell me a joke",
            "intent": None,
            "action": "ask",
        },
    ]
    mine.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--cases", str(mine), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)["parts"]["mine"]["summary"]
    assert summary["intent_accuracy"] == 1.0
    assert summary["out_of_scope_asked"] == 1.0

    mine.write_text("{not json\n")
    bad = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--cases", str(mine)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert bad.returncode == 2
    assert "mine.jsonl:1:" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_product_code_never_reads_the_labelled_sets() -> None:
    product = [
        p
        for folder in ("nodes", "tools", "checkpoints", "graph")
        for p in (ROOT / folder).rglob("*.py")
        if "evals" not in p.parts
    ]
    assert product
    for path in product:
        text = path.read_text()
        assert "router_dev" not in text, path
        assert "router_heldout" not in text, path
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("graph.evals.router"), path
