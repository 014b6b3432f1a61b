"""The product never imports its benchmark data: a walk over every module's imports.

Every module under graph/ (except graph/evals, the eval code), nodes/, tools/ and
checkpoints/ is parsed, and every import it makes (at the top or inside a function) is
followed through the product's own modules. None may reach the benchmark catalogues or
their labelled request sets, which live in graph/evals/catalogues/. A second check imports
the graph and the tool loader in a fresh interpreter and looks at what got loaded.
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


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
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
