"""`python -m graph check`: the shipped graph passes, broken copies are rejected by name.

The broken copies are made the way a user would change the graph: from `graph.graph.build()`,
with LangGraph's own `add_node` / `add_edge`, then compiled.
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from langgraph.graph import END
from langgraph.runtime import Runtime

from graph.check import GraphCheckError, Roles, check_graph, find_problems, structure
from graph.cli import main
from graph.context import Context
from graph.graph import as_node, build, graph
from graph.state import State

ROOT = Path(__file__).resolve().parent.parent

# A module-level broken graph, so the CLI can load it by `--graph tests.test_graph_check:X`.
_loop_builder = build()
_loop_builder.add_edge("execute", "propose")  # tools run again with no verifier between
UNVERIFIED_LOOP = _loop_builder.compile()


async def _audit(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    return {}


def test_the_shipped_graph_passes() -> None:
    report = check_graph(graph)
    assert report.nodes == 9
    # 4 plain edges + START → router and respond → END, and 11 conditional targets.
    assert report.edges == 16


def test_an_execute_to_propose_edge_is_rejected_naming_the_cycle() -> None:
    with pytest.raises(GraphCheckError) as caught:
        check_graph(UNVERIFIED_LOOP)
    (problem,) = caught.value.problems
    assert problem.startswith("cycle guard → execute → propose → guard passes through 'guard'")
    assert "but not 'verifier'" in problem


def test_guard_feedback_straight_back_to_the_model_is_rejected() -> None:
    # The shape this graph had before: a refused turn went back to propose with feedback,
    # so that loop never met the verifier.
    builder = build()
    builder.add_edge("guard", "propose")
    assert find_problems(structure(builder.compile())) == [
        "cycle guard → propose → guard passes through 'guard' but not 'verifier': the run "
        "goes on with no decision to continue; route it through the verifier"
    ]


def test_a_human_call_that_skips_the_guard_is_rejected() -> None:
    # The other shape it had: a call a human approved ran without the guard re-checking it.
    builder = build()
    builder.add_edge("fallback", "execute")
    (problem,) = find_problems(structure(builder.compile()))
    assert problem.startswith(
        "cycle verifier → fallback → execute → state_update → verifier passes through "
        "'verifier' but not 'guard'"
    )


def test_a_proposal_looping_back_without_the_guard_is_rejected() -> None:
    builder = build()
    builder.add_node("audit", as_node(_audit))
    builder.add_edge("propose", "audit")
    builder.add_edge("audit", "propose")  # the model is asked again, nothing judged
    problems = find_problems(structure(builder.compile()))
    assert problems == [
        "cycle audit → propose → audit passes through neither 'guard' nor 'verifier': "
        "nothing on it can stop"
    ]


def test_a_node_that_cannot_reach_end_is_rejected_by_name() -> None:
    builder = build()
    builder.edges.discard(("respond", END))
    builder.add_edge("respond", "router")  # "answer, then start over": nothing ever ends
    problems = find_problems(structure(builder.compile()))
    dead = [p for p in problems if p.startswith("node ")]
    assert dead == [
        f"node {name!r} cannot reach END, directly or through 'fallback': a run there never "
        "finishes"
        for name in sorted(set(structure(graph)) - {"__start__", "__end__"})
    ]
    assert any("respond → router → tool_loader → fallback" in p for p in problems), problems


def test_a_gate_that_cannot_reach_the_fallback_is_reported() -> None:
    adjacency = structure(graph)
    cut = {**adjacency, "verifier": adjacency["verifier"] - {"fallback"}}
    # The guard stops through the verifier, so both lose their way to the fallback.
    assert find_problems(cut) == [
        f"the {role} {node!r} cannot reach 'fallback' without asking 'propose' or running "
        "'execute' again: it cannot stop a run"
        for role, node in (("guard", "guard"), ("verifier", "verifier"))
    ]


def test_roles_name_another_graphs_nodes() -> None:
    renamed = {
        "__start__": frozenset({"ask"}),
        "ask": frozenset({"judge"}),
        "judge": frozenset({"act", "review"}),
        "act": frozenset({"review"}),
        "review": frozenset({"ask", "giveup", "__end__"}),
        "giveup": frozenset({"__end__"}),
        "__end__": frozenset(),
    }
    roles = Roles(guard="judge", verifier="review", fallback="giveup", model="ask", tools="act")
    assert find_problems(renamed, roles) == []
    assert find_problems(renamed) == [
        "the graph has no guard node 'guard'; the check needs one (or pass its name)",
        "the graph has no verifier node 'verifier'; the check needs one (or pass its name)",
        "the graph has no fallback node 'fallback'; the check needs one (or pass its name)",
        "the graph has no model node 'propose'; the check needs one (or pass its name)",
        "the graph has no tools node 'execute'; the check needs one (or pass its name)",
    ]


def test_cli_check_passes_on_the_shipped_graph(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: graph.graph:graph: 9 nodes, 16 edges;")


def test_cli_check_fails_on_a_broken_graph_with_one_line_per_problem() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graph",
            "check",
            "--graph",
            "tests.test_graph_check:UNVERIFIED_LOOP",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: cycle guard → execute → propose → guard passes through")
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("graph.graph", "expected 'package.module:ATTRIBUTE'"),
        ("no_such_module_xyz:graph", "No module named 'no_such_module_xyz'"),
        ("graph.graph:builder", "StateGraph has no get_graph()"),
    ],
)
def test_cli_check_names_a_bad_graph_reference(
    ref: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--graph", ref]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --graph {ref!r}: ")
    assert expected in err
    assert len(err.splitlines()) == 1


def test_version_prints_the_installed_distribution_version() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"loopguard-agent {version('loopguard-agent')}\n"
    assert version("loopguard-agent") == _pyproject_version()


def test_package_exposes_the_same_version() -> None:
    import graph as package

    assert package.__version__ == _pyproject_version()


def _pyproject_version() -> str:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return str(data["project"]["version"])
