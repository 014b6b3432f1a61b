"""Many runs at once on one database: `python -m graph.evals.concurrency [options]`.

Starts N runs of the demo request on N different threads, all against one `--db` (a SQLite
file or a `postgresql://` URL), either as N separate CLI processes (`--mode processes`: what
a fleet of workers on one host does) or as N asyncio tasks in this process (`--mode tasks`).
Then it checks what a user would: every run exited cleanly, no "database is locked", every
thread's last checkpoint is there with the full history a solo run leaves, the threads index
agrees with the checkpoints, and the ledger holds one succeeded write per thread. It prints
the contention it measured: run time at N at once against one run alone, checkpoint commits
per second, and for PostgreSQL the peak number of server connections.

`--mode writers` isolates the storage from the agent: N processes each commit checkpoints
(a 4 KB channel, through the same saver and settings the runs use) as fast as they can for a
few seconds. It prints commits per second and the commit latency that N writers at once cost,
which is where one SQLite file stops being the right choice.

`tests/test_concurrency.py` asserts the checks (never the timings); the README quotes the
numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from checkpoints.ledger import Ledger
from checkpoints.storage import Conn, is_url, open_checkpointer, storage_for
from checkpoints.threads import ThreadIndex

DEMO = "record today's reading 150/95 and show the last two weeks"
Mode = Literal["processes", "tasks"]
PAYLOAD_BYTES = 4096
"""About one demo checkpoint's channel data."""
LOCK_WORDS = ("locked", "busy", "deadlock", "could not serialize", "too many clients")
"""Error text that means the storage, not the run, failed."""
_HOOKS = ("LOOPGUARD_CRASH_", "LOOPGUARD_TRACE_NODES")


@dataclass
class RunResult:
    """One run as its caller saw it."""

    thread_id: str
    ok: bool
    seconds: float
    error: str = ""


@dataclass
class Report:
    """What N runs at once did to one database."""

    backend: str
    mode: Mode
    runs: int
    at_once: int
    completed: int = 0
    failed: int = 0
    lock_errors: int = 0
    lost_checkpoints: int = 0
    index_mismatches: int = 0
    ledger_succeeded: int = 0
    wall_s: float = 0.0
    run_median_s: float = 0.0
    run_p95_s: float = 0.0
    run_max_s: float = 0.0
    solo_s: float = 0.0
    checkpoints_per_thread: int = 0
    commits_per_s: float = 0.0
    peak_connections: int | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """Every run completed, nothing locked, nothing lost, the index agrees."""
        return (
            self.completed == self.runs
            and self.failed == 0
            and self.lock_errors == 0
            and self.lost_checkpoints == 0
            and self.index_mismatches == 0
            and self.ledger_succeeded == self.runs
        )


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(_HOOKS)}


def _argv(db: str, tid: str, store: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "graph",
        "run",
        DEMO,
        "--thread-id",
        tid,
        "--db",
        db,
        "--store",
        str(store),
        "--json",
    ]


def run_processes(db: str, tids: Sequence[str], workdir: Path, at_once: int) -> list[RunResult]:
    """One CLI process per thread, at most `at_once` alive at a time."""
    env = _env()
    pending = list(tids)
    alive: dict[str, tuple[subprocess.Popen[str], float]] = {}
    done: list[RunResult] = []
    while pending or alive:
        while pending and len(alive) < at_once:
            tid = pending.pop(0)
            proc = subprocess.Popen(
                _argv(db, tid, workdir / f"{tid}.store.sqlite"),
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            alive[tid] = (proc, time.perf_counter())
        for tid, (proc, started) in list(alive.items()):
            if proc.poll() is None:
                continue
            out, err = proc.communicate()
            ok = proc.returncode == 0 and json.loads(out or "{}").get("status") == "completed"
            done.append(RunResult(tid, ok, time.perf_counter() - started, err.strip()))
            del alive[tid]
        time.sleep(0.01)
    return done


async def run_tasks(db: str, tids: Sequence[str], workdir: Path) -> list[RunResult]:
    """One asyncio task per thread in this process, all started together."""
    from graph.context import Context
    from graph.runner import run_request
    from tools.errors import AgentError

    async def one(tid: str) -> RunResult:
        started = time.perf_counter()
        context = Context(db=db, store=str(workdir / f"{tid}.store.sqlite"))
        try:
            out = await run_request(DEMO, thread_id=tid, context=context, db=db)
        except AgentError as exc:
            return RunResult(tid, False, time.perf_counter() - started, str(exc))
        return RunResult(tid, out["status"] == "completed", time.perf_counter() - started)

    return list(await asyncio.gather(*(one(t) for t in tids)))


async def _history_length(db: str, tid: str) -> tuple[int, bool]:
    """(checkpoints in the thread's history, whether its last one is a finished run)."""
    from graph.graph import compile_graph

    async with open_checkpointer(db, must_exist=True) as saver:
        app = compile_graph(saver)
        config: Any = {"configurable": {"thread_id": tid}}
        history = [s async for s in app.aget_state_history(config)]
    finished = (
        bool(history) and not history[0].next and (history[0].values.get("status") == "completed")
    )
    return len(history), finished


async def verify(db: str, tids: Sequence[str], solo: str, report: Report) -> None:
    """Count lost checkpoints, index disagreements and ledger rows into `report`."""
    expected, _ = await _history_length(db, solo)
    report.checkpoints_per_thread = expected
    for tid in tids:
        length, finished = await _history_length(db, tid)
        if length != expected or not finished:
            report.lost_checkpoints += 1
            report.errors.append(f"{tid}: {length} checkpoints (expected {expected})")
    rows = {r.thread_id: r for r in await ThreadIndex(db).all()}
    for tid in tids:
        row = rows.get(tid)
        if row is None or (row.status, row.stop_reason) != ("completed", "completed"):
            report.index_mismatches += 1
            report.errors.append(f"{tid}: threads index says {row and row.status}")
    ledger = await Ledger(db).rows()
    report.ledger_succeeded = sum(
        1 for r in ledger if r["thread_id"] in set(tids) and r["status"] == "succeeded"
    )


class _ConnectionSampler:
    """Samples the server's connection count for one database while the batch runs."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _count(self, conn: Conn) -> int:
        row = conn.execute(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()"
        ).fetchone()
        return int(row["n"]) if row is not None else 0

    def _loop(self) -> None:
        storage = storage_for(self.db)
        while not self._stop.wait(0.1):
            try:
                self.peak = max(self.peak, storage.run_sync(self._count))
            except Exception:
                continue

    def __enter__(self) -> _ConnectionSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def measure(
    db: str,
    runs: int,
    *,
    mode: Mode = "processes",
    at_once: int | None = None,
    workdir: Path | None = None,
) -> Report:
    """Run the batch on `db`, then a solo run for reference, and check everything."""
    at_once = runs if at_once is None else max(1, at_once)
    backend = "postgres" if is_url(db) else "sqlite"
    report = Report(backend=backend, mode=mode, runs=runs, at_once=at_once)
    tids = [f"c{i:03d}" for i in range(runs)]
    with tempfile.TemporaryDirectory() as tmp:
        root = workdir or Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        sampler = _ConnectionSampler(db) if backend == "postgres" else None
        if sampler is not None:
            sampler.__enter__()
        try:
            if mode == "processes":
                results = run_processes(db, tids, root, at_once)
            else:
                results = asyncio.run(run_tasks(db, tids, root))
        finally:
            if sampler is not None:
                sampler.__exit__()
                report.peak_connections = sampler.peak
        report.wall_s = time.perf_counter() - started
        solo_run = (
            run_processes(db, ["solo"], root, 1)
            if mode == "processes"
            else asyncio.run(run_tasks(db, ["solo"], root))
        )
    report.solo_s = solo_run[0].seconds
    for r in results:
        if r.ok:
            report.completed += 1
        else:
            report.failed += 1
            report.errors.append(f"{r.thread_id}: {r.error.splitlines()[-1] if r.error else '?'}")
        if any(word in r.error.lower() for word in LOCK_WORDS):
            report.lock_errors += 1
    seconds = sorted(r.seconds for r in results)
    report.run_median_s = statistics.median(seconds)
    report.run_p95_s = seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))]
    report.run_max_s = seconds[-1]
    asyncio.run(verify(db, tids, "solo", report))
    report.commits_per_s = runs * report.checkpoints_per_thread / report.wall_s
    return report


def render(report: Report) -> str:
    """The report as the lines the README quotes."""
    lines = [
        f"{report.runs} runs ({report.mode}, {report.at_once} at once) on {report.backend}",
        f"completed {report.completed}/{report.runs}, failed {report.failed}, lock errors "
        f"{report.lock_errors}, lost checkpoints {report.lost_checkpoints}, index mismatches "
        f"{report.index_mismatches}, ledger writes {report.ledger_succeeded}/{report.runs}",
        f"wall {report.wall_s:.1f} s; per run median {report.run_median_s:.2f} s, p95 "
        f"{report.run_p95_s:.2f} s, max {report.run_max_s:.2f} s; alone {report.solo_s:.2f} s "
        f"(p95 / alone = {report.run_p95_s / report.solo_s:.1f}x)",
        f"checkpoints per thread {report.checkpoints_per_thread}; checkpoint commits per "
        f"second across all runs {report.commits_per_s:.0f}",
    ]
    if report.peak_connections is not None:
        lines.append(f"peak server connections to the database {report.peak_connections}")
    lines += [f"  {e}" for e in report.errors[:10]]
    return "\n".join(lines)


# --- writers: the storage alone ---------------------------------------------------------


@dataclass
class WriterStats:
    """What N checkpoint writers at once got from one database."""

    writers: int
    seconds: float
    commits: int
    errors: int
    first_error: str
    p50_ms: float
    p99_ms: float
    max_ms: float

    @property
    def per_s(self) -> float:
        """Checkpoint commits per second, all writers together."""
        return self.commits / self.seconds if self.seconds else 0.0


async def _write_for(db: str, writer: int, ready: Any, go: Any, seconds: float) -> dict[str, Any]:
    from langgraph.checkpoint.base import empty_checkpoint

    from tools.errors import AgentError

    latencies: list[float] = []
    errors = 0
    first = ""
    payload = "x" * PAYLOAD_BYTES
    storage = storage_for(db)
    async with open_checkpointer(db) as saver:
        ready.put(writer)
        await asyncio.to_thread(go.wait)  # every writer imported and connected: start together
        end = time.time() + seconds
        parent: str | None = None
        step = 0
        while time.time() < end:
            step += 1
            checkpoint = empty_checkpoint()
            checkpoint["channel_values"] = {"payload": payload}
            checkpoint["channel_versions"] = {"payload": str(step)}
            config: Any = {
                "configurable": {"thread_id": f"w{writer}", "checkpoint_ns": ""}
                | ({"checkpoint_id": parent} if parent else {})
            }
            began = time.perf_counter()
            try:
                await saver.aput(config, checkpoint, {"step": step}, {"payload": str(step)})
            except storage.errors as exc:  # counted, then the writer goes on
                errors += 1
                first = first or str(storage.translate(exc))
                continue
            except AgentError as exc:
                errors += 1
                first = first or str(exc)
                continue
            latencies.append(time.perf_counter() - began)
            parent = checkpoint["id"]
    return {"latencies": latencies, "errors": errors, "first": first}


def _writer_process(db: str, writer: int, ready: Any, go: Any, seconds: float, out: Any) -> None:
    out.put(asyncio.run(_write_for(db, writer, ready, go, seconds)))


def measure_writers(db: str, writers: int, seconds: float = 5.0) -> WriterStats:
    """`writers` processes commit checkpoints to `db` for `seconds`, all starting together."""
    ctx = multiprocessing.get_context("spawn")
    out, ready, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    procs = [
        ctx.Process(target=_writer_process, args=(db, w, ready, go, seconds, out))
        for w in range(writers)
    ]
    for proc in procs:
        proc.start()
    for _ in procs:
        ready.get()
    go.set()
    results = [out.get() for _ in procs]
    for proc in procs:
        proc.join()
    latencies: list[float] = sorted(float(x) for r in results for x in r["latencies"])
    errors = sum(int(r["errors"]) for r in results)
    first = next((str(r["first"]) for r in results if r["first"]), "")

    def pct(q: float) -> float:
        if not latencies:
            return 0.0
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    return WriterStats(
        writers=writers,
        seconds=seconds,
        commits=len(latencies),
        errors=errors,
        first_error=first,
        p50_ms=pct(0.5),
        p99_ms=pct(0.99),
        max_ms=1000 * latencies[-1] if latencies else 0.0,
    )


def render_writers(rows: Sequence[WriterStats], label: str) -> str:
    """A Markdown table of writer counts against throughput and latency."""
    lines = [
        f"checkpoint writers on {label} ({rows[0].seconds:g} s each, {PAYLOAD_BYTES} B channel)",
        "",
        "| writers at once | commits/s | commit p50 | commit p99 | worst | errors |",
        "|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        err = f"{r.errors} ({r.first_error[:60]})" if r.errors else "0"
        lines.append(
            f"| {r.writers} | {r.per_s:.0f} | {r.p50_ms:.1f} ms | {r.p99_ms:.1f} ms | "
            f"{r.max_ms:.0f} ms | {err} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one batch (or the writers series) and print its report; 1 when it was not clean."""
    parser = argparse.ArgumentParser(prog="python -m graph.evals.concurrency")
    parser.add_argument("--db", help="database (default: a fresh SQLite file)")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--at-once", type=int, help="processes alive at a time (default: all)")
    parser.add_argument("--mode", choices=("processes", "tasks", "writers"), default="processes")
    parser.add_argument(
        "--writers", default="1,4,16,64", help="writer counts for --mode writers (1,4,16,64)"
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="per writer count")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if args.mode == "writers":
            rows = []
            for i, n in enumerate(int(x) for x in args.writers.split(",")):
                db = args.db or str(Path(tmp) / f"writers-{i}.sqlite")
                rows.append(measure_writers(db, n, args.seconds))
            label = storage_for(args.db).label if args.db else "a SQLite file"
            if args.json:
                print(json.dumps([asdict(r) for r in rows]))
            else:
                print(render_writers(rows, label))
            return 0 if all(r.errors == 0 for r in rows) else 1
        db = args.db or str(Path(tmp) / "agent.sqlite")
        report = measure(db, args.runs, mode=args.mode, at_once=args.at_once, workdir=Path(tmp))
    print(json.dumps(asdict(report)) if args.json else render(report))
    return 0 if report.clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
