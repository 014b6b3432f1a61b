"""What the durable settings cost: `python -m graph bench --durability [--runs N]`.

Runs the README's demo request in-process on fresh SQLite files under each combination of
LangGraph durability mode and SQLite `synchronous` level, and prints the median time per run
as a ratio to the fastest combination. Ratios, not seconds: absolute times depend on the disk
and the machine; what a reader needs is what the crash safety costs relative to not having it.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Literal

from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig

from checkpoints.sqlite import Synchronous, open_checkpointer
from graph.context import Context
from graph.graph import compile_graph

REQUEST = "record today's reading 150/95 and show the last two weeks"
Durability = Literal["sync", "async", "exit"]
SETTINGS: tuple[tuple[Durability, Synchronous, str], ...] = (
    ("sync", "FULL", "default: resumes at the crashed node, survives a power cut"),
    ("sync", "NORMAL", "resumes at the crashed node; a power cut may lose the last steps"),
    ("async", "FULL", "a SIGKILL may lose the last step's checkpoint: a node re-runs"),
    ("exit", "FULL", "checkpoint only at the end: a crash loses the whole run"),
)


async def _one(root: Path, i: int, durability: Durability, synchronous: Synchronous) -> float:
    db = root / f"{durability}-{synchronous}-{i}.sqlite"
    context = Context(db=str(db), store=str(root / f"store-{i}.sqlite"))
    async with open_checkpointer(db, synchronous=synchronous) as saver:
        app = compile_graph(saver)
        config: RunnableConfig = {"configurable": {"thread_id": f"bench-{i}"}}
        payload: Any = {"messages": [HumanMessage(REQUEST)]}
        started = time.perf_counter()
        await app.ainvoke(payload, config, context=context, durability=durability)
        return time.perf_counter() - started


async def measure(runs: int) -> dict[tuple[Durability, Synchronous], float]:
    """Median seconds per demo run for each setting, interleaved so drift hits all alike."""
    times: dict[tuple[Durability, Synchronous], list[float]] = {(d, s): [] for d, s, _ in SETTINGS}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        await _one(root, -1, "sync", "FULL")  # warm imports and caches
        for i in range(runs):
            for durability, synchronous, _ in SETTINGS:
                times[(durability, synchronous)].append(
                    await _one(root, i, durability, synchronous)
                )
    return {k: statistics.median(v) for k, v in times.items()}


def render_durability(medians: dict[tuple[Durability, Synchronous], float], runs: int) -> str:
    """The cost table: each setting's median as a ratio to the fastest."""
    fastest = min(medians.values())
    lines = [
        f"demo request, {runs} runs per setting, median time per run relative to the fastest",
        f"{'durability':<11} {'synchronous':<12} {'ratio':>6} {'ms/run':>7}  what a crash costs",
    ]
    for durability, synchronous, note in SETTINGS:
        median = medians[(durability, synchronous)]
        lines.append(
            f"{durability:<11} {synchronous:<12} {median / fastest:>6.2f} {median * 1000:>7.1f}"
            f"  {note}"
        )
    return "\n".join(lines)
