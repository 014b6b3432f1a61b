"""`python -m graph bench`: what a round costs here versus in LangChain's `create_agent`.

Both sides get the same scripted model (it calls a no-op tool with a new argument every round,
then answers), the same tool function behind the same executor, the same saver (the
project's `SqliteCheckpointer`, `checkpoints/saver.py`) with the same settings and
`durability="sync"`. Measured in one process, interleaved thread by thread:

- seconds per round (one model turn plus its tool call, with every checkpoint of the round),
  median and p95, and their ratio;
- checkpoint bytes written per round (rows of `checkpoints` and `writes`) at round 5 and at
  the last round of one long thread, for this graph with and without message compaction and
  for `create_agent`;
- peak Python memory (tracemalloc) of one long thread;
- the same per-round timing with both sides on LangGraph's own `AsyncSqliteSaver`, to show
  what the project's saver changes (for both).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.base import BaseCheckpointSaver
from pydantic import BaseModel, ConfigDict, Field

from checkpoints.db import busy_timeout_ms
from checkpoints.sqlite import DURABILITY, open_checkpointer
from graph.context import Context
from graph.evals.agents import as_langchain_tool, langchain_api
from graph.evals.report import percentile
from graph.graph import compile_graph
from graph.models import OfflineChatModel
from graph.state import InputState
from tools.contract import ToolContext, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step
from tools.registry import ToolRegistry

BENCH_DOMAIN_SPEC = "graph.evals.bench:BENCH_DOMAIN"
BYTES_AT = 5
"""The early round whose checkpoint bytes the last round's are compared with."""


class TickArgs(BaseModel):
    """Arguments of the no-op tool: which round, out of how many."""

    model_config = ConfigDict(extra="forbid")

    i: int = Field(default=1, ge=1, description="Round number, from 1.")
    of: int = Field(ge=1, description="Rounds in the sweep.")


async def tick(args: TickArgs, ctx: ToolContext) -> dict[str, Any]:
    """Does nothing, returns at once: the benchmark measures everything around a tool."""
    return {"success": True, "i": args.i, "of": args.of, "done": args.i >= args.of}


TICK = ToolSpec(
    name="tick",
    namespace="bench",
    description="No-op. Call with i = 1, 2, ... up to `of`.",
    args_model=TickArgs,
    fn=tick,
    intents=frozenset({"sweep"}),
)


class SweepSlots(BaseModel):
    """How many rounds the sweep runs."""

    of: int = Field(ge=1, le=10_000)


def _extract_sweep(text: str, today: date) -> dict[str, Any] | None:
    words = text.split()
    if len(words) == 2 and words[0] == "sweep" and words[1].isdigit():
        return {"of": int(words[1])}
    return None


BENCH_DOMAIN = Domain(
    name="bench",
    tools=ToolRegistry([TICK]),
    intents=(
        IntentSpec(
            name="sweep",
            description="Call the no-op tool once per round, N rounds.",
            extract=_extract_sweep,
            slots_model=SweepSlots,
            steps=(
                Step(
                    name="swept",
                    tool="tick",
                    args=lambda s: {"of": s["of"]},
                    done_when=lambda d: bool(d.get("done")),
                    next_args=lambda d: {"i": int(d["i"]) + 1},
                ),
            ),
            budget=Budget(
                max_rounds=10_000, max_calls=10_000, max_tokens=10**12, max_seconds=10**6
            ),
        ),
    ),
)


class BenchModel(OfflineChatModel):
    """Calls `tick(i, of)` with the next i until `of`, then answers; reads only the history.

    It ignores the task block, so it behaves identically under this graph and create_agent.
    """

    rounds: int = 40

    @property
    def _llm_type(self) -> str:
        return "bench"

    def decide(
        self, task: dict[str, Any], history: list[BaseMessage], schemas: dict[str, Any]
    ) -> AIMessage:
        """The next tick, numbered from the last answered one."""
        done = 0
        for m in reversed(history):
            if isinstance(m, ToolMessage):
                done = int(_tick_of(m))
                break
        if done >= self.rounds:
            return AIMessage(content="Swept.")
        return self.call("tick", {"i": done + 1, "of": self.rounds}, history)


def _tick_of(message: ToolMessage) -> int:
    try:
        data = json.loads(str(message.content)).get("data", {})
    except (ValueError, AttributeError):
        return 0
    return int(data.get("i", 0))


# --- the two harnesses ---------------------------------------------------------------------


@dataclass
class Thread:
    """One long thread's observations."""

    round_seconds: list[float] = field(default_factory=list)
    bytes_at_round: list[int] = field(default_factory=list)
    """Cumulative checkpoint bytes when round k's model turn finished (k = 1, 2, ...)."""


def _checkpoint_bytes(db: str, thread_id: str) -> int:
    conn = sqlite3.connect(db)
    try:
        a = conn.execute(
            "SELECT COALESCE(SUM(LENGTH(checkpoint) + LENGTH(metadata)), 0) FROM checkpoints "
            "WHERE thread_id = ?",
            (thread_id,),
        ).fetchone()[0]
        b = conn.execute(
            "SELECT COALESCE(SUM(LENGTH(value)), 0) FROM writes WHERE thread_id = ?", (thread_id,)
        ).fetchone()[0]
        return int(a) + int(b)
    finally:
        conn.close()


async def _observe(
    updates: AsyncIterator[Any], model_node: str, db: str, thread_id: str, measure_bytes: bool
) -> Thread:
    out = Thread()
    last = time.perf_counter()
    started = False
    async for chunk in updates:
        if not isinstance(chunk, dict) or model_node not in chunk:
            continue
        now = time.perf_counter()
        if started:
            out.round_seconds.append(now - last)
        started, last = True, now
        if measure_bytes:
            out.bytes_at_round.append(await asyncio.to_thread(_checkpoint_bytes, db, thread_id))
    return out


Runner = Callable[..., Awaitable[Thread]]
Opener = Callable[[str], AbstractAsyncContextManager[BaseCheckpointSaver[Any]]]


@contextlib.asynccontextmanager
async def open_async_sqlite_saver(db: str) -> AsyncIterator[BaseCheckpointSaver[Any]]:
    """LangGraph's `AsyncSqliteSaver` with the project's settings: the comparison row."""
    import aiosqlite
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    async with aiosqlite.connect(db) as conn:
        await conn.execute(f"PRAGMA busy_timeout={busy_timeout_ms()}")
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=FULL")
        saver = AsyncSqliteSaver(conn)
        await saver.setup()
        yield saver


async def run_graph(
    db: str,
    thread_id: str,
    rounds: int,
    measure_bytes: bool,
    opener: Opener = open_checkpointer,
) -> Thread:
    """One sweep through this graph, on its SQLite saver with its durability."""
    store = str(Path(db).with_suffix(".store.sqlite"))
    context = Context(model=BenchModel(rounds=rounds), domain=BENCH_DOMAIN_SPEC, db=db, store=store)
    async with opener(db) as saver:
        app = compile_graph(saver, recursion_limit=5 * rounds + 50)
        updates = app.astream(
            InputState(messages=[HumanMessage(f"sweep {rounds}")]),
            {"configurable": {"thread_id": thread_id}},
            context=context,
            durability=DURABILITY,
            stream_mode="updates",
        )
        return await _observe(updates, "propose", db, thread_id, measure_bytes)


async def run_create_agent(
    db: str,
    thread_id: str,
    rounds: int,
    measure_bytes: bool,
    opener: Opener = open_checkpointer,
) -> Thread:
    """The same sweep through `create_agent`, on the same saver with the same durability."""
    api = langchain_api()
    ctx = ToolContext(user_id="bench", tenant="bench", roles=(), thread_id=thread_id, store_path=db)
    async with opener(db) as saver:
        agent = api.create_agent(
            BenchModel(rounds=rounds), [as_langchain_tool(TICK, ctx)], checkpointer=saver
        )
        updates = agent.astream(
            {"messages": [HumanMessage(f"sweep {rounds}")]},
            {"configurable": {"thread_id": thread_id}, "recursion_limit": 2 * rounds + 10},
            durability=DURABILITY,
            stream_mode="updates",
        )
        return await _observe(updates, "model", db, thread_id, measure_bytes)


@dataclass
class _Count:
    """The only state of the floor graphs: a round counter."""

    n: int = 0


async def _floor(db: str, steps: int, thread_id: str, rounds: int) -> float:
    """Seconds per round of a loop of `steps` no-op nodes on the same saver and durability.

    No model, no tool, no state to speak of: what LangGraph and the saver cost per round for
    that many checkpointed steps, the part of the ratio no node can win back.
    """
    from langgraph.graph import END, START, StateGraph

    async def first(state: _Count) -> dict[str, Any]:
        return {"n": state.n + 1}

    async def rest(state: _Count) -> dict[str, Any]:
        return {}

    builder = StateGraph(_Count)
    names = [f"step{i}" for i in range(steps)]
    builder.add_node(names[0], first)
    for name in names[1:]:
        builder.add_node(name, rest)
    builder.add_edge(START, names[0])
    for a, b in itertools.pairwise(names):
        builder.add_edge(a, b)
    builder.add_conditional_edges(names[-1], lambda s: END if s.n >= rounds else names[0])
    async with open_checkpointer(db) as saver:
        app = builder.compile(checkpointer=saver)
        config: Any = {"configurable": {"thread_id": thread_id}, "recursion_limit": 10**6}
        started = time.perf_counter()
        await app.ainvoke(_Count(), config, durability=DURABILITY)
        return (time.perf_counter() - started) / rounds


@contextlib.contextmanager
def _compaction(enabled: bool) -> Iterator[None]:
    """Switch state compaction off for the "before" row (a measurement, not a setting)."""
    from nodes import compaction

    names = ("KEEP_TOOL_TURNS", "KEEP_CALLS", "KEEP_FINGERPRINTS")
    saved = {n: getattr(compaction, n) for n in names}
    if not enabled:
        for n in names:
            setattr(compaction, n, 10**9)
    try:
        yield
    finally:
        for n, v in saved.items():
            setattr(compaction, n, v)


# --- the report ------------------------------------------------------------------------------


def _per_round(cumulative: Sequence[int], k: int) -> int:
    """Bytes written between round k-1's and round k's model turn (1-based)."""
    if k < 1 or k > len(cumulative):
        return 0
    return cumulative[k - 1] - (cumulative[k - 2] if k >= 2 else 0)


async def _peak_memory(runner: Runner, db: str, rounds: int) -> float:
    tracemalloc.start()
    try:
        await runner(db, "mem", rounds, False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1e6


async def _time_pairs(
    ours_db: str,
    theirs_db: str,
    rounds: int,
    threads: int,
    opener: Opener,
    note: Callable[[str], None],
) -> tuple[list[float], list[float], list[float], dict[str, float]]:
    """Seconds per round of both sides, thread by thread, and each pair's median ratio.

    Back to back, alternating which goes first: a burst of load on the machine hits both
    sides of a pair, and the ratio of each pair cancels slow drift.
    """
    await run_graph(ours_db, "warm", 3, False, opener)
    await run_create_agent(theirs_db, "warm", 3, False, opener)
    ours: list[float] = []
    theirs: list[float] = []
    pair_ratios: list[float] = []
    cpu = {"graph": 0.0, "create_agent": 0.0}
    for t in range(threads):
        note(f"timing thread {t + 1}/{threads}")
        pair: dict[str, list[float]] = {}
        order = ("graph", "create_agent") if t % 2 == 0 else ("create_agent", "graph")
        for who in order:
            started = time.process_time()
            runner = run_graph if who == "graph" else run_create_agent
            db = ours_db if who == "graph" else theirs_db
            pair[who] = (await runner(db, f"t{t}", rounds, False, opener)).round_seconds
            cpu[who] += time.process_time() - started
        ours += pair["graph"]
        theirs += pair["create_agent"]
        pair_ratios.append(
            statistics.median(pair["graph"]) / statistics.median(pair["create_agent"])
        )
    return ours, theirs, pair_ratios, cpu


async def bench(
    *,
    rounds: int = 40,
    threads: int = 5,
    workdir: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run both harnesses and return the figures `print_bench` renders.

    Raises:
        ConfigError: langchain is not installed.
    """
    langchain_api()  # fail before any work when langchain is missing
    note = progress or (lambda _text: None)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        ours_db, theirs_db = str(Path(tmp) / "graph.sqlite"), str(Path(tmp) / "agent.sqlite")
        ours, theirs, pair_ratios, cpu = await _time_pairs(
            ours_db, theirs_db, rounds, threads, open_checkpointer, note
        )
        note("the same on AsyncSqliteSaver")
        stock = [str(Path(tmp) / f"stock-{w}.sqlite") for w in ("graph", "agent")]
        stock_ours, stock_theirs, stock_ratios, _ = await _time_pairs(
            stock[0], stock[1], rounds, threads, open_async_sqlite_saver, note
        )
        note("floor: no-op loops of 5 and 2 steps")
        floor: list[float] = []
        for t in range(threads):
            five = await _floor(str(Path(tmp) / "floor5.sqlite"), 5, f"t{t}", rounds)
            two = await _floor(str(Path(tmp) / "floor2.sqlite"), 2, f"t{t}", rounds)
            floor.append(five / two)
        note("checkpoint bytes")
        bytes_ours = (await run_graph(ours_db, "bytes", rounds, True)).bytes_at_round
        with _compaction(enabled=False):
            bytes_raw = (await run_graph(ours_db, "bytes-raw", rounds, True)).bytes_at_round
        bytes_theirs = (await run_create_agent(theirs_db, "bytes", rounds, True)).bytes_at_round
        note("peak memory")
        mem_ours = await _peak_memory(run_graph, ours_db, rounds)
        mem_theirs = await _peak_memory(run_create_agent, theirs_db, rounds)
    early = min(BYTES_AT, rounds)

    def side(
        seconds: list[float], cumulative: list[int], mem: float, cpu_s: float
    ) -> dict[str, Any]:
        first, last = _per_round(cumulative, early), _per_round(cumulative, rounds)
        return {
            "median_ms": statistics.median(seconds) * 1000 if seconds else 0.0,
            "p95_ms": percentile(seconds, 95) * 1000,
            "cpu_ms_per_round": cpu_s * 1000 / max(len(seconds), 1),
            "rounds_timed": len(seconds),
            "bytes_round_early": first,
            "bytes_round_last": last,
            "bytes_growth": last / first if first else 0.0,
            "peak_mb": mem,
        }

    out_ours = side(ours, bytes_ours, mem_ours, cpu["graph"])
    out_theirs = side(theirs, bytes_theirs, mem_theirs, cpu["create_agent"])
    raw_first, raw_last = _per_round(bytes_raw, early), _per_round(bytes_raw, rounds)
    return {
        "rounds": rounds,
        "threads": threads,
        "early_round": early,
        "graph": out_ours,
        "graph_uncompacted": {
            "bytes_round_early": raw_first,
            "bytes_round_last": raw_last,
            "bytes_growth": raw_last / raw_first if raw_first else 0.0,
        },
        "create_agent": out_theirs,
        "ratio_median": statistics.median(pair_ratios) if pair_ratios else 0.0,
        "ratio_pooled_median": (
            out_ours["median_ms"] / out_theirs["median_ms"] if out_theirs["median_ms"] else 0.0
        ),
        "ratio_cpu": (
            out_ours["cpu_ms_per_round"] / out_theirs["cpu_ms_per_round"]
            if out_theirs["cpu_ms_per_round"]
            else 0.0
        ),
        "pair_ratios": pair_ratios,
        "stock_saver": {
            "graph_median_ms": statistics.median(stock_ours) * 1000,
            "create_agent_median_ms": statistics.median(stock_theirs) * 1000,
            "ratio_median": statistics.median(stock_ratios),
        },
        "floor_ratio": statistics.median(floor) if floor else 0.0,
        "ratio_p95": out_ours["p95_ms"] / out_theirs["p95_ms"] if out_theirs["p95_ms"] else 0.0,
    }


def render_bench(result: dict[str, Any]) -> str:
    """The benchmark as the Markdown table the README carries."""
    g, a, raw = result["graph"], result["create_agent"], result["graph_uncompacted"]
    st = result["stock_saver"]
    n, k = result["rounds"], result["early_round"]
    lines = [
        f"rounds per thread: {n}, threads: {result['threads']}, "
        "durability=sync, SqliteCheckpointer (WAL, synchronous=FULL)",
        "",
        "| | this graph | create_agent | this ÷ create_agent | target |",
        "|---|---:|---:|---:|---|",
        f"| per round, median | {g['median_ms']:.2f} ms | {a['median_ms']:.2f} ms | "
        f"{result['ratio_median']:.2f}× | ≤ 2× |",
        f"| per round, p95 | {g['p95_ms']:.2f} ms | {a['p95_ms']:.2f} ms | "
        f"{result['ratio_p95']:.2f}× | |",
        f"| per round, median, both on AsyncSqliteSaver | {st['graph_median_ms']:.2f} ms | "
        f"{st['create_agent_median_ms']:.2f} ms | {st['ratio_median']:.2f}× | |",
        f"| CPU per round (all threads) | {g['cpu_ms_per_round']:.2f} ms | "
        f"{a['cpu_ms_per_round']:.2f} ms | {result['ratio_cpu']:.2f}× | |",
        f"| floor: no-op loop, 5 steps ÷ 2 steps | 5 checkpointed steps | 2 steps | "
        f"{result['floor_ratio']:.2f}× | |",
        f"| checkpoint bytes, round {k} | {g['bytes_round_early']:,} | "
        f"{a['bytes_round_early']:,} | | |",
        f"| checkpoint bytes, round {n} | {g['bytes_round_last']:,} | "
        f"{a['bytes_round_last']:,} | | |",
        f"| growth, round {n} ÷ round {k} | {g['bytes_growth']:.2f}× | "
        f"{a['bytes_growth']:.2f}× | | ≤ 2× |",
        f"| same, compaction off | {raw['bytes_growth']:.2f}× "
        f"({raw['bytes_round_early']:,} → {raw['bytes_round_last']:,}) | | | |",
        f"| peak memory, one thread | {g['peak_mb']:.1f} MB | {a['peak_mb']:.1f} MB | | |",
    ]
    return "\n".join(lines)
