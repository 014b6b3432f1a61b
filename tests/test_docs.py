"""The README and docs/ tell the truth: diagram, commands, flags, tables, code, test command.

Every fenced bash line of `README.md` and `docs/*.md` is split into commands and each one is
checked against what it names: `python -m graph` lines against the CLI's own argparse parser,
and then run, page by page in page order, in a scratch directory per page; `langgraph dev`
flags against its `--help`; install lines against `pyproject.toml`; lint and test lines
against `.ci/run`; `python -m tests.X` against that module's `--help`. A command of any other
kind fails the test, so a new line needs a check here. (CLI behaviour itself: test_cli.py.)

A line that cannot run here says so, explicitly, in a trailing comment the test reads:

- `# not run: REASON` (a reason is required): the command is parsed against the CLI, not run.
  For what needs a real GGUF model, your own package, or minutes of work.
- `# pending: BRANCH`: the command belongs to a branch not merged yet. It must *not* work on
  this tree (a CLI line must fail to parse, an extra must be missing from pyproject, a module
  must be missing), so merging the branch makes this test fail until the marker is removed,
  and from then on the line is checked like any other.
- `# exits N: REASON`: the command runs and must exit with N, a documented failure (the
  router eval exits 1 while the held-out part has a misroute to a write).
- An argument in capitals (`THREAD_ID`, `DATABASE_URL`) makes the line a template: parsed,
  not run, and some runnable line, on any page, must run the same subcommand.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from graph.cli import EXIT_OK, EXIT_STOPPED, EXIT_WAITING, _parser
from graph.models import BEHAVIOURS, PROVIDERS
from graph.state import STOP_REASONS

ROOT = Path(__file__).resolve().parent.parent
README_PATH = ROOT / "README.md"
README = README_PATH.read_text()
PAGES = [README_PATH, *sorted((ROOT / "docs").glob("*.md"))]
TEXT = {page: page.read_text() for page in PAGES}
ALL_TEXT = "\n".join(TEXT.values())
CI_RUN = (ROOT / ".ci" / "run").read_text()
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
MERMAID = re.compile(r"<!-- mermaid:start -->\n```mermaid\n(.*?)```\n<!-- mermaid:end -->", re.S)
BASH_BLOCK = re.compile(r"```bash\n(.*?)```", re.S)
FENCE = re.compile(r"^```([a-z]*)$", re.M)
MARKER = re.compile(r"#\s*(not run|pending|exits \d+):\s*(.*)$")
SETUP_COMMANDS = {("python3", "-m", "venv", ".venv")}
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*$")
"""An argument like THREAD_ID: that line is parsed, not run (another line runs its command)."""
DOCUMENTED_FENCES = {"bash", "python", "text", "json", "dotenv", "mermaid"}
"""Shell commands go in `bash` blocks only, so none escapes the checks below."""


@dataclass(frozen=True)
class Command:
    """One command of a bash line, with the line's marker, if any."""

    page: Path
    argv: tuple[str, ...]
    marker: str | None = None
    """"not run", "pending" or "exits N"."""
    note: str = ""
    """The marker's reason or branch."""

    @property
    def shown(self) -> str:
        return f"{self.page.relative_to(ROOT)}: {shlex.join(self.argv)}"


def commands(page: Path) -> list[Command]:
    """Every command of every bash line of a page, `&&` chains split, comments dropped."""
    out: list[Command] = []
    for block in BASH_BLOCK.findall(TEXT[page]):
        for line in block.splitlines():
            if not line.strip():
                continue
            tokens = shlex.split(line, comments=True)
            comment = line[len(line.split("#", 1)[0]) :] if "#" in line else ""
            found = MARKER.search(comment) if tokens and comment else None
            marker, note = (found.group(1), found.group(2).strip()) if found else (None, "")
            current: list[str] = []
            for token in [*tokens, "&&"]:
                if token == "&&":
                    if current:
                        out.append(Command(page, tuple(current), marker, note))
                    current = []
                else:
                    current.append(token)
    return out


def all_commands() -> list[Command]:
    return [c for page in PAGES for c in commands(page)]


def is_graph_cli(argv: tuple[str, ...] | list[str]) -> bool:
    return Path(argv[0]).name.startswith("python") and list(argv[1:3]) == ["-m", "graph"]


def parses(argv: list[str]) -> bool:
    try:
        _parser().parse_args(argv)
    except SystemExit:  # argparse's way of saying "unknown flag"
        return False
    return True


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = _parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("python -m graph has no subcommands")


def pip_targets_known(argv: tuple[str, ...]) -> bool:
    """Whether every target of a `pip install` is this project's extra or a provider package."""
    pip_extras = set(PYPROJECT["project"]["optional-dependencies"])
    provider_packages = {package for _, _, package in PROVIDERS.values()}
    for target in (a for a in argv[2:] if not a.startswith("-")):
        if target.startswith("."):
            extras = set(",".join(re.findall(r"\[(.*)\]", target)).split(",")) - {""}
            if not extras <= pip_extras:
                return False
        elif target not in provider_packages:
            return False
    return True


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


def test_readme_is_at_most_300_lines() -> None:
    assert len(README.splitlines()) <= 300, "README.md grew past 300 lines: move detail to docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_shell_commands_are_only_in_bash_blocks(page: Path) -> None:
    """A `sh` or `console` block would hold commands no test reads."""
    fences = FENCE.findall(TEXT[page])
    opened = fences[0::2]  # fences alternate: opening (with its language), closing
    assert set(opened) <= DOCUMENTED_FENCES, (page.name, set(opened) - DOCUMENTED_FENCES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_to_docs_pages_resolve(page: Path) -> None:
    for target in re.findall(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)", TEXT[page]):
        assert (page.parent / target).is_file(), f"{page.name} links to missing {target}"


def test_every_command_is_a_known_kind() -> None:
    dev_help = ""
    for cmd in all_commands():
        argv = cmd.argv
        name = Path(argv[0]).name
        if cmd.marker == "not run":
            assert cmd.note, f"say why it is not run: {cmd.shown}"
            assert is_graph_cli(argv), f"only CLI lines may be parse-only: {cmd.shown}"
            continue  # parsed below
        if cmd.marker == "pending":
            continue  # checked in test_pending_commands_do_not_work_yet
        if is_graph_cli(argv):
            continue  # parsed and run below
        if argv in SETUP_COMMANDS:
            continue
        if name == "pip" and argv[1] == "install":
            assert pip_targets_known(argv), f"installs an unknown extra or package: {cmd.shown}"
        elif name == "langgraph":
            assert argv[1] == "dev", argv
            dev_help = dev_help or _langgraph_dev_help()
            for flag in (a for a in argv[2:] if a.startswith("--")):
                assert flag in dev_help, f"`langgraph dev` has no {flag}"
        elif name in {"ruff", "mypy"} or argv[1:3] == ("-m", "pytest") or argv[0] == "bash":
            shown = " ".join(argv)
            assert shown in CI_RUN or (argv[0] == "bash" and (ROOT / argv[1]).is_file()), shown
        elif name.startswith("python") and argv[1] == "-m" and argv[2].startswith("tests."):
            help_text = subprocess.run(
                [sys.executable, "-m", argv[2], "--help"],
                capture_output=True,
                text=True,
                check=True,
                cwd=ROOT,
                timeout=120,
            ).stdout
            for flag in (a for a in argv[3:] if a.startswith("--")):
                assert flag in help_text, f"{argv[2]} has no {flag}: {cmd.shown}"
        else:
            pytest.fail(f"a command no test checks: {cmd.shown}")


def test_pending_commands_do_not_work_yet() -> None:
    """A `# pending: BRANCH` line must fail here; once it works, drop its marker."""
    pending = [c for c in all_commands() if c.marker == "pending"]
    assert all(c.note for c in pending), "name the branch: # pending: BRANCH"
    for cmd in pending:
        argv = cmd.argv
        if is_graph_cli(argv):
            works = parses(list(argv[3:]))
        elif Path(argv[0]).name == "pip":
            works = pip_targets_known(argv)
        elif argv[1:2] == ("-m",):
            works = importlib.util.find_spec(argv[2]) is not None
        else:
            pytest.fail(f"a pending command of a kind no test checks: {cmd.shown}")
        assert not works, (
            f"{cmd.shown} works now that {cmd.note} is merged: remove its `# pending:` marker"
        )


def _langgraph_dev_help() -> str:
    script = Path(sys.executable).with_name("langgraph")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "langgraph_cli"]
    return subprocess.run(
        [*cmd, "dev", "--help"], capture_output=True, text=True, check=True, timeout=120
    ).stdout


def test_readme_test_command_is_what_ci_runs() -> None:
    tests = [c.argv for c in all_commands() if c.argv[1:3] == ("-m", "pytest")]
    assert tests, "README shows no test command"
    for argv in tests:
        assert f"\n{shlex.join(argv)}\n" in CI_RUN, f"{shlex.join(argv)} is not a line of .ci/run"
    assert '.venv/bin/pip install -q -e ".[dev]"' in README
    assert '.venv/bin/pip install -q -e ".[dev]"' in CI_RUN
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert "notebooks" in options["testpaths"]
    assert "--nbmake" in options["addopts"].split()


def test_graph_commands_parse_with_the_cli() -> None:
    runnable = [c for c in all_commands() if is_graph_cli(c.argv) and c.marker != "pending"]
    assert {c.argv[3] for c in runnable} >= {"run", "resume", "show", "threads"}
    for cmd in runnable:
        assert parses(list(cmd.argv[3:])), f"does not parse: {cmd.shown}"


def test_cli_table_matches_the_parser() -> None:
    page = TEXT[ROOT / "docs" / "cli.md"]
    section = page.split("| command | what it does |", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `([a-z][a-z-]*)([^`]*)` \|", section, re.M)
    documented = {name for name, _ in rows}
    parsers = subparsers()
    assert documented == set(parsers), "docs/cli.md's command table and `python -m graph` disagree"
    for name, usage in rows:
        options = set(parsers[name]._option_string_actions)
        for flag in re.findall(r"--[a-z][a-z-]*", usage):
            assert flag in options, f"docs/cli.md shows `{name} {flag}`, which the CLI lacks"


def test_readme_names_every_subcommand() -> None:
    section = README.split("### CLI", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([a-z][a-z-]*)`", section))
    assert set(subparsers()) <= named, set(subparsers()) - named


def test_model_flags_and_tables_are_real() -> None:
    table = ALL_TEXT.split("| `--model scripted:", 1)[1].split("\n\n", 1)[0]
    behaviours = re.findall(r"^\| `([a-z-]+)` \| ", table, re.M)
    assert set(behaviours) == set(BEHAVIOURS)
    current = "\n".join(line for line in ALL_TEXT.splitlines() if "# pending:" not in line)
    for model in re.findall(r"--model (offline|[a-z_]+(?::[\w.\-]+)+)", current):
        if model == "provider:model":
            continue  # the placeholder itself
        provider = model.split(":", 1)[0]
        if provider == "scripted":
            assert model.split(":", 1)[1] in BEHAVIOURS, model
        else:
            # llamacpp: a local GGUF file, dispatched by graph/models.py to graph/llama.py
            assert provider in {"offline", "llamacpp", *PROVIDERS}, model


def test_install_hints_name_the_providers_package() -> None:
    hints = re.findall(r"pip install (\S+)\s+# then: --model ([a-z_]+):", ALL_TEXT)
    assert hints
    for package, provider in hints:
        assert PROVIDERS[provider][2] == package, (package, provider)


def test_readme_lists_exactly_the_stop_reasons() -> None:
    paragraph = README.split("Every run ends with exactly one stop reason", 1)[1]
    listed = paragraph.split("(", 1)[1].split(")", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", listed)) == set(STOP_REASONS)


def test_readme_python_api_example_runs(tmp_path: Path) -> None:
    """The README's `from graph import ...` block, as written, in a scratch directory."""
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    code = next(b for b in blocks if b.startswith("from graph import"))
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    first, second = proc.stdout.splitlines()[:2]
    assert first.startswith("completed completed {'metric_recorded': True, 'trend_loaded': True}")
    assert second.startswith("human_aborted [{'tool': 'record_metric', 'status': 'succeeded'")


def _runs(cmd: Command) -> bool:
    """Unmarked lines run, and so do lines marked with the exit code they document."""
    return cmd.marker is None or cmd.marker.startswith("exits ")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_graph_commands_run_in_order(tmp_path: Path, page: Path) -> None:
    """Each runnable `python -m graph` line of a page, as written, in a scratch directory."""
    cli = [c for c in commands(page) if is_graph_cli(c.argv) and _runs(c)]
    runnable = [c for c in cli if not any(PLACEHOLDER.match(x) for x in c.argv)]
    templates = [c for c in cli if c not in runnable]
    everywhere = [c for c in all_commands() if is_graph_cli(c.argv) and _runs(c)]
    run_somewhere = {c.argv[3] for c in everywhere if not any(PLACEHOLDER.match(x) for x in c.argv)}
    assert {c.argv[3] for c in templates} <= run_somewhere, (
        "a template's subcommand is run on no page"
    )
    for cmd in runnable:
        proc = subprocess.run(
            [sys.executable, "-m", "graph", *cmd.argv[3:]],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=1200,
        )
        # Every outcome a documented command shows: completed, stopped by the guard, waiting;
        # or the failure its `# exits N:` marker documents.
        ran = (EXIT_OK, EXIT_STOPPED, EXIT_WAITING)
        if cmd.marker is not None:
            assert cmd.note, f"say why it exits so: {cmd.shown}"
            ran = (int(cmd.marker.split()[1]),)
        assert proc.returncode in ran, f"{cmd.shown}\n{proc.stderr}"
    by_thread = {
        c.argv[c.argv.index("--thread-id") + 1] for c in runnable if "--thread-id" in c.argv
    }
    if "demo-1" in by_thread:
        listing = subprocess.run(
            [sys.executable, "-m", "graph", "threads", "--json"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=True,
        )
        by_id = {t["thread_id"]: t for t in json.loads(listing.stdout)}
        assert by_id["demo-1"]["stop_reason"] == "completed"  # the page's --edit finished it


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name)
def test_notebooks_are_committed_without_outputs(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: clear the outputs before committing"
            assert cell.execution_count is None, f"{path.name}: clear execution counts"
