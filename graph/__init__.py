"""A LangGraph agent whose tool loops are stopped by code, not by the recursion limit.

The Python API (`graph/api.py`)::

    from graph import Context, resume, run, show, threads

The compiled graph lives in `graph.graph` (what `langgraph.json` points at). The names above
are imported on first use, not with the package, so `nodes` and `tools` can import
`graph.context` and `graph.state` without a cycle through the graph that imports them.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from graph.api import (
        Decision,
        RunResult,
        ThreadInfo,
        ThreadView,
        aresume,
        arun,
        ashow,
        athreads,
        resume,
        run,
        show,
        threads,
    )
    from graph.context import Context

DISTRIBUTION = "loopguard-agent"

_LAZY = {
    "Context": "graph.context",
    **{
        name: "graph.api"
        for name in (
            "Decision",
            "RunResult",
            "ThreadInfo",
            "ThreadView",
            "aresume",
            "arun",
            "ashow",
            "athreads",
            "resume",
            "run",
            "show",
            "threads",
        )
    },
}

__all__ = [
    "Context",
    "Decision",
    "RunResult",
    "ThreadInfo",
    "ThreadView",
    "__version__",
    "aresume",
    "arun",
    "ashow",
    "athreads",
    "package_version",
    "resume",
    "run",
    "show",
    "threads",
]


def package_version() -> str:
    """The installed distribution's version, as `python -m graph --version` prints it."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # imported from a checkout that was never installed
        return "unknown (not installed; pip install -e .)"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return package_version()
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    msg = f"module 'graph' has no attribute {name!r}"
    raise AttributeError(msg)
