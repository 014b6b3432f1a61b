"""The layout holds: layers import downward only, and the product never imports its benchmark data.

**Layers**, lowest first (`LAYERS`); a module may import its own layer and those below it,
never one above:

0. `tools.errors`: the error types everything raises;
1. `checkpoints.*`: storage (checkpointer, ledger, leases, trace);
2. `tools.*`: what a user edits: the domain API (`contract`, `domain`, `registry`, `slots`,
   `privacy`, `store`) and the example domains;
3. `graph.state`, `graph.context`, `graph.models` (with `graph.llama`, the local model it loads):
   the definitions the nodes read;
4. `nodes.*`: the nodes and the runtime beside them (`nodes.executor`, `nodes.search`);
5. the rest of `graph.*`: the graph, runner, API, CLI, check, portal and the evals.

Every import counts: at the top, inside a function, under `if TYPE_CHECKING:` (an
annotation naming a higher layer ties the lower one to it just the same, so the rule has no
exception for it) and `importlib.import_module("...")` with a literal name. tests/ sits
above everything and is not checked.

**Data**: every module under graph/ (except graph/evals, the eval code), nodes/, tools/ and
checkpoints/ is parsed, and every import it makes is followed through the product's own
modules. None may reach the benchmark catalogues or their labelled request sets, which live
in graph/evals/catalogues/. A second check imports the graph and the tool loader in a fresh
interpreter and looks at what got loaded.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("graph", "nodes", "tools", "checkpoints")
EVALS = "graph.evals"
DATA = ("graph.evals.catalogues",)
"""The generated catalogue, the real catalogues and every labelled request set."""


LAYERS: tuple[tuple[str, ...], ...] = (
    ("tools.errors",),
    ("checkpoints",),
    ("tools",),
    ("graph.state", "graph.context", "graph.models", "graph.llama"),
    ("nodes",),
    ("graph",),
)
"""Lowest first; a name stands for the module and everything under it, the longest wins."""


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def product_modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*.py")):
            name = _module_name(path)
            if name == EVALS or name.startswith(EVALS + "."):
                continue
            found[name] = path
    return found


def imports_of(name: str, path: Path) -> set[str]:
    """Every module an import statement in the file names, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def _is_data(module: str) -> bool:
    return any(module == d or module.startswith(d + ".") for d in DATA)


def test_no_product_module_imports_a_catalogue_or_a_labelled_set() -> None:
    modules = product_modules()
    assert {"nodes.search.ranker", "nodes.tool_loader", "tools.domain"} <= set(modules)
    offenders: list[str] = []
    for name, _path in modules.items():
        seen: set[str] = set()
        todo = [name]
        while todo:
            current = todo.pop()
            if current in seen or current not in modules:
                continue
            seen.add(current)
            for imported in imports_of(current, modules[current]):
                if _is_data(imported):
                    offenders.append(f"{name} -> {current} imports {imported}")
                elif imported in modules:
                    todo.append(imported)
    assert offenders == []


def test_no_product_module_names_the_data_package_even_in_a_string() -> None:
    """Catches `importlib.import_module("graph.evals.catalogues...")` and path reads too."""
    for name, path in product_modules().items():
        text = path.read_text(encoding="utf-8")
        assert "evals.catalogues" not in text, name
        assert "evals/catalogues" not in text, name


def test_the_walk_would_catch_an_import_of_the_generated_catalogue(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from graph.evals.catalogues.generated import FIFTH_QUERIES\n")
    assert any(_is_data(m) for m in imports_of("nodes.bad", bad))


def test_importing_the_graph_and_the_loader_loads_no_benchmark_data() -> None:
    code = (
        "import sys, graph.graph, nodes.tool_loader, nodes.search.catalogue, tools.examples;"
        "print(sorted(m for m in sys.modules if m.startswith('graph.evals')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    assert "catalogues" not in out, out


def all_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the four packages, the evals included."""
    return {
        _module_name(path, root): path
        for top in PRODUCT
        for path in sorted((root / top).rglob("*.py"))
    }


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None  # (length of the matching name, layer)
    for layer, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and (
                best is None or len(name) > best[0]
            ):
                best = (len(name), layer)
    return None if best is None else best[1]


def project_imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules a file imports, `from pkg import mod` resolved to the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if sub in known else base)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None))
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.add(node.args[0].value)
    return {m for m in out if layer_of(m) is not None}


def upward_imports(modules: dict[str, Path]) -> list[str]:
    found: list[str] = []
    for name, path in modules.items():
        own = layer_of(name)
        assert own is not None, f"{name} is in no layer: add it to LAYERS"
        for imported in sorted(project_imports(name, path, set(modules))):
            theirs = layer_of(imported)
            if theirs is not None and theirs > own:
                found.append(f"{name} (layer {own}) imports {imported} (layer {theirs})")
    return found


def test_no_module_imports_a_layer_above_it() -> None:
    modules = all_modules()
    assert {"tools.registry", "nodes.executor.run", "graph.evals.durability"} <= set(modules)
    assert upward_imports(modules) == []


def test_tools_import_nothing_from_nodes_or_graph() -> None:
    """The user's room: a copied tools/ module needs no runtime to import."""
    for name, path in all_modules().items():
        if name.startswith("tools"):
            imported = project_imports(name, path, set(all_modules()))
            assert not {m for m in imported if m.split(".")[0] in ("nodes", "graph")}, name


def test_the_layer_check_catches_an_upward_import(tmp_path: Path) -> None:
    files = {
        "tools/errors.py": "",
        "tools/good.py": "from tools.errors import ConfigError\n",
        "nodes/guard.py": "from graph.state import State\nfrom tools import good\n",
        "graph/state.py": "",
        "graph/runner.py": "from nodes import guard\n",
        "tools/bad.py": "def f():\n    from graph.runner import run_request\n",
        "tools/typed.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from nodes.guard import X\n"
        ),
        "checkpoints/dyn.py": "import importlib\nimportlib.import_module('tools.good')\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    found = sorted(upward_imports(all_modules(tmp_path)))
    assert found == [
        "checkpoints.dyn (layer 1) imports tools.good (layer 2)",
        "tools.bad (layer 2) imports graph.runner (layer 5)",
        "tools.typed (layer 2) imports nodes.guard (layer 4)",
    ]
    assert layer_of("graph.state") == 3
    assert layer_of("graph.evals.bench") == 5
    assert layer_of("tools.errors") == 0
    assert layer_of("langgraph.graph") is None
