"""The README tells the truth: its diagram, commands, flags, tables and test command.

Every fenced bash line is split into commands and each one is checked against what it names:
`python -m graph` lines against the CLI's own argparse parser, and then run, in README order,
in a scratch directory; `langgraph dev` flags against its `--help`; install lines against
`pyproject.toml`; lint and test lines against `.ci/run`. A command of any other kind fails
the test, so a new README line needs a check here. (CLI behaviour itself: tests/test_cli.py.)
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import nbformat
import pytest

from graph.cli import EXIT_OK, EXIT_STOPPED, EXIT_WAITING, _parser
from graph.models import BEHAVIOURS, PROVIDERS
from graph.state import STOP_REASONS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
CI_RUN = (ROOT / ".ci" / "run").read_text()
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
MERMAID = re.compile(r"<!-- mermaid:start -->\n```mermaid\n(.*?)```\n<!-- mermaid:end -->", re.S)
BASH_BLOCK = re.compile(r"```bash\n(.*?)```", re.S)
SETUP_COMMANDS = {("python3", "-m", "venv", ".venv")}
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*$")
"""An argument like THREAD_ID: that line is parsed, not run (another line runs its command)."""


def readme_lines() -> list[str]:
    return [line for block in BASH_BLOCK.findall(README) for line in block.splitlines() if line]


def readme_commands() -> list[list[str]]:
    """Every command of every bash line, `&&` chains split, comments dropped."""
    out: list[list[str]] = []
    for line in readme_lines():
        current: list[str] = []
        for token in shlex.split(line, comments=True):
            if token == "&&":
                out.append(current)
                current = []
            else:
                current.append(token)
        if current:
            out.append(current)
    return out


def is_graph_cli(argv: list[str]) -> bool:
    return Path(argv[0]).name.startswith("python") and argv[1:3] == ["-m", "graph"]


def graph_commands() -> list[list[str]]:
    return [argv[3:] for argv in readme_commands() if is_graph_cli(argv)]


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = _parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("python -m graph has no subcommands")


def test_readme_diagram_is_the_generated_one() -> None:
    m = MERMAID.search(README)
    assert m, "README lost its <!-- mermaid:start --> ... <!-- mermaid:end --> block"
    generated = subprocess.run(
        [sys.executable, "-m", "graph", "diagram"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert m.group(1).strip() == generated.strip(), (
        "README diagram drifted: paste the output of `python -m graph diagram` between the "
        "mermaid markers"
    )


def test_every_readme_command_is_a_known_kind() -> None:
    pip_extras = set(PYPROJECT["project"]["optional-dependencies"])
    provider_packages = {package for _, _, package in PROVIDERS.values()}
    dev_help = ""
    for argv in readme_commands():
        name = Path(argv[0]).name
        if is_graph_cli(argv):
            continue  # parsed and run below
        if tuple(argv) in SETUP_COMMANDS:
            continue
        if name == "pip" and argv[1] == "install":
            targets = [a for a in argv[2:] if not a.startswith("-")]
            for target in targets:
                if target.startswith("."):
                    extras = re.findall(r"\[(.*)\]", target)
                    assert set(",".join(extras).split(",")) - {""} <= pip_extras, target
                else:
                    assert target in provider_packages, f"README installs unknown {target!r}"
        elif name == "langgraph":
            assert argv[1] == "dev", argv
            dev_help = dev_help or _langgraph_dev_help()
            for flag in (a for a in argv[2:] if a.startswith("--")):
                assert flag in dev_help, f"`langgraph dev` has no {flag}"
        elif name in {"ruff", "mypy"} or argv[1:3] == ["-m", "pytest"] or argv[0] == "bash":
            shown = " ".join(argv)
            assert shown in CI_RUN or (argv[0] == "bash" and (ROOT / argv[1]).is_file()), shown
        else:
            pytest.fail(f"README shows a command no test checks: {shlex.join(argv)}")


def _langgraph_dev_help() -> str:
    script = Path(sys.executable).with_name("langgraph")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "langgraph_cli"]
    return subprocess.run(
        [*cmd, "dev", "--help"], capture_output=True, text=True, check=True, timeout=120
    ).stdout


def test_readme_test_command_is_what_ci_runs() -> None:
    tests = [argv for argv in readme_commands() if argv[1:3] == ["-m", "pytest"]]
    assert tests, "README shows no test command"
    for argv in tests:
        assert f"\n{shlex.join(argv)}\n" in CI_RUN, f"{shlex.join(argv)} is not a line of .ci/run"
    assert '.venv/bin/pip install -q -e ".[dev]"' in README
    assert '.venv/bin/pip install -q -e ".[dev]"' in CI_RUN
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert "notebooks" in options["testpaths"]
    assert "--nbmake" in options["addopts"].split()


def test_readme_graph_commands_parse_with_the_cli() -> None:
    commands = graph_commands()
    assert {argv[0] for argv in commands} >= {"run", "resume", "show", "threads"}
    for argv in commands:
        try:
            _parser().parse_args(argv)
        except SystemExit as exc:  # argparse's way of saying "unknown flag"
            pytest.fail(f"README command does not parse: python -m graph {shlex.join(argv)} {exc}")


def test_readme_cli_table_matches_the_parser() -> None:
    section = README.split("## CLI", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z][a-z-]*)([^`]*)` \|", section, re.M)
    documented = {name for name, _ in rows}
    parsers = subparsers()
    assert documented == set(parsers), "README's CLI table and `python -m graph` disagree"
    for name, usage in rows:
        options = set(parsers[name]._option_string_actions)
        for flag in re.findall(r"--[a-z][a-z-]*", usage):
            assert flag in options, f"README shows `{name} {flag}`, which the CLI lacks"


def test_readme_model_flags_and_tables_are_real() -> None:
    table = README.split("| `--model scripted:", 1)[1].split("\n\n", 1)[0]
    behaviours = re.findall(r"^\| `([a-z-]+)` \| ", table, re.M)
    assert set(behaviours) == set(BEHAVIOURS)
    for model in re.findall(r"--model (offline|[a-z_]+(?::[\w.\-]+)+)", README):
        if model == "provider:model":
            continue  # the placeholder itself
        provider = model.split(":", 1)[0]
        if provider == "scripted":
            assert model.split(":", 1)[1] in BEHAVIOURS, model
        else:
            assert provider in {"offline", *PROVIDERS}, model


def test_readme_install_hints_name_the_providers_package() -> None:
    hints = re.findall(r"pip install (\S+)\s+# then: --model ([a-z_]+):", README)
    assert hints
    for package, provider in hints:
        assert PROVIDERS[provider][2] == package, (package, provider)


def test_readme_lists_exactly_the_stop_reasons() -> None:
    paragraph = README.split("Every run ends with exactly one stop reason", 1)[1]
    listed = paragraph.split("(", 1)[1].split(")", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", listed)) == set(STOP_REASONS)


def test_readme_graph_commands_run_in_order(tmp_path: Path) -> None:
    """Each `python -m graph` line, as written, in a scratch checkout-like directory."""
    runnable = [a for a in graph_commands() if not any(PLACEHOLDER.match(x) for x in a)]
    templates = [a for a in graph_commands() if a not in runnable]
    assert {a[0] for a in templates} <= {a[0] for a in runnable}, "a command is never run"
    for argv in runnable:
        proc = subprocess.run(
            [sys.executable, "-m", "graph", *argv],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=120,
        )
        # Every outcome a README command shows: completed, stopped by the guard, waiting.
        ran = (EXIT_OK, EXIT_STOPPED, EXIT_WAITING)
        assert proc.returncode in ran, f"python -m graph {shlex.join(argv)}\n{proc.stderr}"
    listing = subprocess.run(
        [sys.executable, "-m", "graph", "threads", "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    by_id = {t["thread_id"]: t for t in json.loads(listing.stdout)}
    assert by_id["demo-1"]["stop_reason"] == "completed"  # the README's --edit finished it


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name)
def test_notebooks_are_committed_without_outputs(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: clear the outputs before committing"
            assert cell.execution_count is None, f"{path.name}: clear execution counts"
