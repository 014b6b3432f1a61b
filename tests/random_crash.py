"""Random SIGKILLs over whole CLI runs, resumed until done: `python -m tests.random_crash`.

    python -m tests.random_crash --trials 500 --db sqlite
    python -m tests.random_crash --trials 100 --db postgres      # $LOOPGUARD_TEST_PG_URL, or a
                                                                 # throwaway server of its own
    python -m tests.random_crash --db sqlite --trial-seed 1234   # replay one trial

Each trial takes one request from the example domains that writes (a reading, an expense
claim, an order cancellation a human approves), a fresh agent database (a SQLite file or a
new PostgreSQL database) and a fresh business store, and drives the real CLI the way a
supervisor would: `python -m graph run ... --thread-id T --json`; after a killed process,
`python -m graph threads --json` says where the thread is, after one that exited its own
JSON does, and that decides the next command (absent: run again; pending:
`resume --thread-id T`; interrupted: `resume --thread-id T --approve`; finished: stop).
The first one to three processes of a trial are SIGKILLed after a delay drawn uniformly over
the duration of a whole uncrashed process of that kind, measured in this process before the
trials and kept current from the trials' own uncrashed processes, so the kills land anywhere
(start-up, a node, a tool, between a step's writes and its checkpoint, the exit) however
loaded the machine is; a second kill lands in the resume of the first.

A trial passes when the run completes (`threads` lists it completed at the end), the
business store holds exactly one row for the one intended write, every process that was not
killed exited 0, and neither `threads` nor a process's summary ever called the thread finished
(completed, stopped, idle) while LangGraph's own view of it (its last checkpoint still has
tasks) says a step is left. One line per backend summarises the trials, with how many kills
left a step to run and how many left a step's writes saved without its checkpoint; a failure
prints its seed and the command that replays it, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

from checkpoints.storage import Conn, is_url, open_checkpointer, release, storage_for
from graph.graph import compile_graph
from tests import warmcli
from tests.crashkit import DEMO, REPO, CliProcess, Workdir, child_env
from tests.pgserver import PG_URL_ENV, create_database, drop_database, start, wait_ready

Backend = Literal["sqlite", "postgres"]
Kind = Literal["run", "resume", "approve"]

FINISHED = ("completed", "stopped", "idle")
"""Statuses `threads` shows for a run that has ended."""
MAX_PROCESSES = 12
"""Per trial: a run that needs more processes than this to finish is a failure."""
EXITED = (0, 4)
"""Exit codes of a process that ended on its own: completed, or waiting for a human
(`python -m graph run --help`); its JSON says which."""
PROCESS_TIMEOUT_S = 300.0
"""An unkilled process that runs this long is hung: the trial fails (generous: a busy box)."""


@dataclass(frozen=True)
class Scenario:
    """One request that makes exactly one write, and where that write lands."""

    name: str
    request: str
    options: tuple[str, ...]
    table: str
    """The business-store table that gets one row per intended write."""
    approve: bool = False
    """The write waits for a human: the run pauses and `resume --approve` lets it run."""


SCENARIOS = (
    Scenario("metric", DEMO, (), "metrics"),
    Scenario(
        "expense",
        "submit a taxi expense of 42.50 EUR for yesterday and show my total for the last two weeks",
        ("--domain", "tools.expenses:DOMAIN"),
        "expenses",
    ),
    Scenario("approved-cancel", "cancel order 10091", ("--hitl",), "order_cancellations", True),
)


@dataclass
class Trial:
    """What one trial did and, if it failed, why."""

    seed: int
    scenario: str
    kills: int = 0
    processes: int = 0
    killed_mid_graph: int = 0
    """Kills after which the thread had a checkpoint and a step left."""
    killed_between_writes_and_checkpoint: int = 0
    """Kills after which the step's task writes were saved and its checkpoint was not."""
    failure: str = ""
    log: list[str] = field(default_factory=list)


@dataclass
class Summary:
    """The trials of one backend."""

    backend: Backend
    seed: int
    trials: list[Trial] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failed(self) -> list[Trial]:
        return [t for t in self.trials if t.failure]

    def line(self) -> str:
        kills = sum(t.kills for t in self.trials)
        double = sum(1 for t in self.trials if t.kills >= 2)
        return (
            f"{self.backend}: {len(self.trials)} trials, {len(self.trials) - len(self.failed)} "
            f"passed, {len(self.failed)} failed; {kills} kills ({double} trials killed twice or "
            f"more), {sum(t.killed_mid_graph for t in self.trials)} mid-graph, "
            f"{sum(t.killed_between_writes_and_checkpoint for t in self.trials)} between a "
            f"step's writes and its checkpoint; {sum(t.processes for t in self.trials)} CLI "
            f"processes in {self.seconds:.0f} s; seed {self.seed}"
        )


class Durations:
    """How long an uncrashed process of each kind takes now, however the load changes.

    Durations are kept in units of the latest `threads` processes (a start-up and one read,
    the commonest process here and never killed): a run measured at 1.5 s when `threads` took
    1.2 s is 1.25 units, and is drawn over 12.5 s when the machine slows `threads` to 10 s.
    Every uncrashed run or approval adds to its kind's record, so the measure stays current.
    """

    def __init__(self) -> None:
        self._units: dict[tuple[str, Kind], list[float]] = {}
        self._probes: list[float] = []
        self._lock = threading.Lock()

    def probe(self, seconds: float) -> None:
        """Record how long a `threads` process took."""
        with self._lock:
            self._probes.append(seconds)

    def _scale(self) -> float:
        return statistics.median(self._probes[-3:])

    def add(self, scenario: str, kind: Kind, seconds: float) -> None:
        """Record an uncrashed process."""
        with self._lock:
            self._units.setdefault((scenario, kind), []).append(seconds / self._scale())

    def of(self, scenario: str, kind: Kind) -> float:
        """Seconds a whole uncrashed process of this kind takes now (a resume: a run's)."""
        key: tuple[str, Kind] = (scenario, "run" if kind == "resume" else kind)
        with self._lock:
            return statistics.median(self._units[key][-10:]) * self._scale()


def _ground_truth(db: str, tid: str) -> tuple[bool, bool, bool]:
    """(has a checkpoint, a step is left, that step's writes are saved), by LangGraph itself.

    `snapshot.tasks` lists the tasks of the step after the last checkpoint; a graph that
    reached END has none. A task with a result has its writes saved.
    """

    async def read() -> tuple[bool, bool, bool]:
        async with open_checkpointer(db) as saver:
            snapshot = await compile_graph(saver).aget_state({"configurable": {"thread_id": tid}})
        saved = any(t.result is not None for t in snapshot.tasks)
        return snapshot.metadata is not None, bool(snapshot.tasks), saved

    if is_url(db):
        # Read only a database the CLI has set up: opening a saver would finish migrations
        # that a killed first process left half done, and hide what that does to the next.
        if not storage_for(db).run_sync(_migrated):
            return False, False, False
    elif not Path(db).exists():
        return False, False, False
    return asyncio.run(read())


def _migrated(conn: Conn) -> bool:
    row = conn.execute("SELECT to_regclass('checkpoint_migrations') IS NOT NULL AS ok").fetchone()
    if row is None or not row["ok"]:
        return False
    row = conn.execute("SELECT max(v) AS v FROM checkpoint_migrations").fetchone()
    return row is not None and row["v"] == len(AsyncPostgresSaver.MIGRATIONS) - 1


def _listed(w: Workdir, tid: str, durations: Durations) -> tuple[str, str | None]:
    """(status, stop reason) of the thread in `python -m graph threads --json`."""
    started = time.monotonic()
    proc = w.cli("threads", "--json", env={"LOOPGUARD_TRACE_NODES": ""}, timeout=PROCESS_TIMEOUT_S)
    durations.probe(time.monotonic() - started)
    if proc.returncode == 1 and "no such file" in proc.stderr:
        return "absent", None  # killed before it created the SQLite file: nothing to list
    if proc.returncode != 0:
        msg = f"threads exited {proc.returncode}: {proc.stderr.strip()[-300:]}"
        raise AssertionError(msg)
    found = [
        (t["status"], t["stop_reason"]) for t in json.loads(proc.stdout) if t["thread_id"] == tid
    ]
    return found[0] if found else ("absent", None)


def _start(w: Workdir, argv: Sequence[str]) -> CliProcess:
    if not warmcli.cold():
        return warmcli.launch([*w.argv(*argv)[3:], "--json"], child_env(), REPO)
    return subprocess.Popen(
        [*w.argv(*argv), "--json"],
        cwd=Path(__file__).resolve().parents[1],
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _command(scenario: Scenario, tid: str, status: str) -> tuple[Kind, list[str]] | None:
    """What a supervisor runs next for a thread in `status`; None when it has ended."""
    if status == "absent":
        return "run", ["run", scenario.request, "--thread-id", tid, *scenario.options]
    if status == "pending":
        return "resume", ["resume", "--thread-id", tid]
    if status == "interrupted" and scenario.approve:
        return "approve", ["resume", "--thread-id", tid, "--approve"]
    if status in FINISHED:
        return None
    msg = f"unexpected status {status!r}"
    raise AssertionError(msg)


def _check(w: Workdir, tid: str, status: str, who: str) -> tuple[bool, bool]:
    """Fail when `who` calls the thread finished while LangGraph has a step left.

    Returns:
        (a step is left, that step's writes are saved), for the trial's counts.
    """
    has_checkpoint, step_left, writes_saved = _ground_truth(w.db, tid)
    if status in FINISHED and step_left:
        msg = f"{who} says {status!r} while a step is left (writes saved: {writes_saved})"
        raise AssertionError(msg)
    if status == "absent" and has_checkpoint:
        msg = f"{who} does not list a thread that has a checkpoint"
        raise AssertionError(msg)
    return step_left, writes_saved


def _outcome(summary: dict[str, Any]) -> str:
    """What an exited process's JSON says beyond its status: what it waits on, or why it stopped."""
    waiting = summary.get("interrupt") or {}
    if waiting:
        call = waiting.get("call") or {}
        return f" (waiting: {waiting.get('reason')}, {call.get('tool')})"
    return f" ({summary['status']}: {summary.get('stop_reason')})"


def _state(w: Workdir, tid: str, table: str) -> str:
    """The thread's calls and ledger rows as `show` prints them, for a trial that failed.

    A failing seed may not fail again when replayed (the kills are timed), so the failure
    message carries what a reader needs to see where the thread went round.
    """
    proc = w.cli("show", "--thread-id", tid, "--json", timeout=PROCESS_TIMEOUT_S)
    if proc.returncode != 0:
        return f"show exited {proc.returncode}: {proc.stderr.strip()[-200:]}"
    shown = json.loads(proc.stdout)
    calls = [
        f"{c['name']}/{c['verdict']}/{'ran' if c['executed'] else 'not run'}/{c['outcome']}"
        for c in shown["tool_calls"]
    ]
    ledger = [f"{r['tool']}/{r['status']}/{r['resolution']}" for r in shown["ledger"]]
    return f"calls {calls}, ledger {ledger}, rows in {table}: {w.rows(table)}"


def run_trial(
    db: str, root: Path, seed: int, durations: Durations, scenario: Scenario | None = None
) -> Trial:
    """One trial on a fresh database `db` with its business store under `root`.

    After a killed process the supervisor asks `threads`; after one that exited, its own
    JSON summary says where the thread is. At the end `threads` must list it completed.
    """
    rng = random.Random(seed)
    scenario = scenario or rng.choice(SCENARIOS)
    trial = Trial(seed, scenario.name)
    tid = f"rc-{seed}"
    w = Workdir(root, db)
    kills_left = rng.choice((1, 1, 2, 2, 3))
    status = "absent"
    try:
        while (step := _command(scenario, tid, status)) is not None:
            if trial.processes == MAX_PROCESSES:
                state = _state(w, tid, scenario.table)
                trial.failure = f"not finished after {MAX_PROCESSES} processes; {state}"
                return trial
            kind, argv = step
            trial.processes += 1
            whole = durations.of(scenario.name, kind)
            delay = rng.uniform(0, whole) if kills_left else None
            proc = _start(w, argv)
            started = time.monotonic()
            try:
                out, err = proc.communicate(
                    timeout=delay if delay is not None else PROCESS_TIMEOUT_S
                )
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                out, err = proc.communicate()
                if delay is None:
                    trial.failure = f"{argv[0]} hung for {PROCESS_TIMEOUT_S:.0f} s"
                    return trial
            seconds = time.monotonic() - started
            if proc.returncode == -signal.SIGKILL:
                kills_left -= 1
                trial.kills += 1
                status, _ = _listed(w, tid, durations)
                trial.log.append(
                    f"{argv[0]} killed after {seconds:.2f} of {whole:.2f} s, threads: {status}"
                )
                step_left, writes_saved = _check(w, tid, status, "threads")
                trial.killed_mid_graph += int(step_left)
                trial.killed_between_writes_and_checkpoint += int(writes_saved)
                continue
            trial.log.append(f"{argv[0]} exited {proc.returncode} after {seconds:.2f} s")
            if proc.returncode not in EXITED:
                trial.failure = f"{argv[0]} exited {proc.returncode}: {err.strip()[-300:]}"
                return trial
            if kind != "resume":  # a whole uncrashed run or approval: keep the draw current
                durations.add(scenario.name, kind, seconds)
            summary = json.loads(out)
            status = summary["status"]
            trial.log[-1] += _outcome(summary)
            _check(w, tid, status, f"{argv[0]}'s summary")
        listed = _listed(w, tid, durations)
        _check(w, tid, listed[0], "threads")
        if listed != ("completed", "completed"):
            trial.failure = f"threads lists it as {listed[0]}/{listed[1]}, not completed"
            return trial
        rows = w.rows(scenario.table)
        if rows != 1:
            trial.failure = f"{rows} rows in {scenario.table} for one intended write"
    except (AssertionError, OSError, subprocess.SubprocessError, ValueError) as exc:
        trial.failure = f"{type(exc).__name__}: {exc}"
    return trial


@contextlib.contextmanager
def _pg_server() -> Iterator[str]:
    """$LOOPGUARD_TEST_PG_URL, or a throwaway cluster for the duration."""
    given = os.environ.get(PG_URL_ENV)
    if given:
        wait_ready(given, timeout=10)
        yield given
        return
    cluster = start()
    try:
        wait_ready(cluster.url)
        yield cluster.url
    finally:
        release()
        cluster.stop()


def _new_db(backend: Backend, server: str, root: Path) -> tuple[str, Callable[[], None]]:
    root.mkdir(parents=True, exist_ok=True)
    if backend == "sqlite":
        return str(root / "agent.sqlite"), lambda: None
    url = create_database(server, prefix="rc")

    def drop() -> None:
        release(url)
        drop_database(server, url)

    return url, drop


def measure(backend: Backend, server: str, root: Path, durations: Durations) -> None:
    """One uncrashed flow per scenario, each process followed by a `threads` probe."""
    for scenario in SCENARIOS:
        db, drop = _new_db(backend, server, root / f"measure-{scenario.name}")
        try:
            w = Workdir(root / f"measure-{scenario.name}", db)
            kinds: list[tuple[Kind, list[str]]] = [
                ("run", ["run", scenario.request, "--thread-id", "m", *scenario.options])
            ]
            if scenario.approve:
                kinds.append(("approve", ["resume", "--thread-id", "m", "--approve"]))
            for kind, argv in kinds:
                started = time.monotonic()
                proc = _start(w, argv)
                _, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
                seconds = time.monotonic() - started
                if proc.returncode not in EXITED:
                    msg = f"uncrashed {scenario.name} {kind} failed: {err.strip()[-300:]}"
                    raise RuntimeError(msg)
                _listed(w, "m", durations)  # the load it ran under, in `threads` processes
                durations.add(scenario.name, kind, seconds)
        finally:
            drop()


def run_trials(
    backend: Backend,
    trials: int,
    *,
    seed: int | None = None,
    jobs: int = 2,
    server: str = "",
    trial_seeds: Sequence[int] | None = None,
    progress: Callable[[Trial], None] | None = None,
) -> Summary:
    """Run `trials` trials (or exactly `trial_seeds`) on one backend, `jobs` at a time."""
    seed = random.randrange(2**32) if seed is None else seed
    master = random.Random(seed)
    seeds = list(trial_seeds) if trial_seeds else [master.getrandbits(32) for _ in range(trials)]
    summary = Summary(backend, seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="random-crash-") as tmp:
        root = Path(tmp)
        durations = Durations()
        measure(backend, server, root, durations)

        def one(item: tuple[int, int]) -> Trial:
            where = root / f"t{item[0]}"
            db, drop = _new_db(backend, server, where)
            try:
                trial = run_trial(db, where, item[1], durations)
            finally:
                drop()
            if progress is not None:
                progress(trial)
            return trial

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            summary.trials = list(pool.map(one, enumerate(seeds)))
    summary.seconds = time.monotonic() - started
    return summary


def _report(backend: Backend, trial: Trial, *, verbose: bool = False) -> None:
    if verbose and not trial.failure:
        print(f"ok {backend} seed {trial.seed} ({trial.scenario}): {'; '.join(trial.log)}")
    if trial.failure:
        print(
            f"FAIL {backend} seed {trial.seed} ({trial.scenario}): {trial.failure}\n"
            f"  steps: {'; '.join(trial.log)}\n"
            f"  replay: python -m tests.random_crash --db {backend} --trial-seed {trial.seed}",
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the trials; 0 when every trial on every backend passed."""
    parser = argparse.ArgumentParser(prog="python -m tests.random_crash", description=__doc__)
    parser.add_argument("--trials", type=int, default=100, help="trials per backend")
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--seed", type=int, help="master seed (default: random, printed)")
    parser.add_argument("--trial-seed", type=int, action="append", help="replay this trial")
    parser.add_argument("--jobs", type=int, default=2, help="trials at a time (default 2)")
    parser.add_argument("--verbose", action="store_true", help="print every trial's steps")
    args = parser.parse_args(argv)
    backends: list[Backend] = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    ok = True
    for backend in backends:
        with contextlib.ExitStack() as stack:
            server = stack.enter_context(_pg_server()) if backend == "postgres" else ""
            summary = run_trials(
                backend,
                args.trials,
                seed=args.seed,
                jobs=args.jobs,
                server=server,
                trial_seeds=args.trial_seed,
                progress=functools.partial(_report, backend, verbose=args.verbose),
            )
        print(summary.line(), flush=True)
        ok = ok and not summary.failed
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
