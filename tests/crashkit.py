"""Helpers for the crash, concurrency and fault tests: real CLI processes on real databases.

Everything here drives `python -m graph` in a subprocess, the way a user or a supervisor
would, and reads the evidence from the files afterwards: the business store's rows and
`tool_audit` (real executions), the ledger, the lease table and the checkpoint history. The
checkpoint database is a SQLite file by default or, given a URL, a PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkpoints.lease import HOST
from checkpoints.storage import Conn, open_checkpointer, storage_for
from graph.graph import compile_graph
from graph.state import flat
from tests import warmcli
from tools.contract import ToolContext
from tools.domain import Domain
from tools.examples import DOMAIN, REGISTRY, RecordMetricArgs, record_metric
from tools.registry import ToolRegistry

CliProcess = subprocess.Popen[str] | warmcli.WarmProcess
"""A CLI process a test started: a fresh interpreter's, or one forked warm."""

REPO = Path(__file__).resolve().parents[1]
DEMO = "record today's reading 150/95 and show the last two weeks"
TID = "crash-1"

NO_RECONCILE: Domain = dataclasses.replace(
    DOMAIN,
    name="examples-without-reconcile",
    tools=ToolRegistry(
        dataclasses.replace(spec, reconcile=None) if spec.name == "record_metric" else spec
        for spec in REGISTRY
    ),
)
"""The example domain with a write tool that cannot be asked whether an attempt landed."""
NO_RECONCILE_SPEC = "tests.crashkit:NO_RECONCILE"

GATE_ENV = "LOOPGUARD_TEST_GATE"
"""A file path: while that file exists, the gated domain's write tool waits at its door."""
AT_GATE_SUFFIX = ".waiting"
"""Created beside the gate by a tool that has reached it: the test's "the winner is in"."""
PROCESS_TIMEOUT_S = 600.0
"""A safety net against a hung child, never a measure of speed: a loaded machine is slow."""


async def _gated_record_metric(args: RecordMetricArgs, ctx: ToolContext) -> Any:
    """`record_metric`, entered only once the gate file (if any) is gone.

    A test holds a process inside its write tool for as long as it needs (until another
    process is provably waiting, say) without racing the tool's timeout, which the gated
    domain lifts. The wait happens before the tool function: `tool_audit` counts only the
    real execution.
    """
    gate = os.environ.get(GATE_ENV)
    if gate:
        await asyncio.to_thread(_wait_at, gate)
    return await record_metric(args, ctx)


def _wait_at(gate: str) -> None:
    Path(gate + AT_GATE_SUFFIX).touch()
    while os.path.exists(gate):
        time.sleep(0.01)


GATED: Domain = dataclasses.replace(
    DOMAIN,
    name="examples-gated",
    tools=ToolRegistry(
        dataclasses.replace(spec, fn=_gated_record_metric, timeout_s=PROCESS_TIMEOUT_S)
        if spec.name == "record_metric"
        else spec
        for spec in REGISTRY
    ),
)
"""The example domain with a write tool a test can hold shut (`GATE_ENV`)."""
GATED_SPEC = "tests.crashkit:GATED"

_STRIP = ("LOOPGUARD_", "OPENAI_", "ANTHROPIC_", "GOOGLE_", "MISTRAL_", "GROQ_", "DEEPSEEK_")


def child_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The parent's environment without hooks or provider keys, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_STRIP)}
    env["PYTHONUNBUFFERED"] = "1"
    env.update(extra or {})
    return env


@dataclass
class Workdir:
    """One fresh checkpoint database and business store, and a node trace file.

    The checkpoint database is `root/agent.sqlite`, or `url` (e.g. a PostgreSQL database).
    """

    root: Path
    url: str | None = None

    def __post_init__(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)

    @property
    def db(self) -> str:
        return self.url or str(self.root / "agent.sqlite")

    @property
    def store(self) -> str:
        return str(self.root / "business.sqlite")

    @property
    def trace(self) -> str:
        return str(self.root / "nodes.jsonl")

    def argv(self, *args: str) -> list[str]:
        cmd = [sys.executable, "-m", "graph", *args, "--db", self.db]
        if args and args[0] == "run":
            cmd += ["--store", self.store]
        return cmd

    def cli(
        self, *args: str, env: dict[str, str] | None = None, timeout: float = PROCESS_TIMEOUT_S
    ) -> subprocess.CompletedProcess[str]:
        """Run the CLI to completion (or to its SIGKILL) with the node trace on.

        The process is forked from a warm interpreter (`tests.warmcli`) unless
        `LOOPGUARD_TEST_COLD_CLI=1` asks for a fresh `python -m graph`.
        """
        full = child_env({"LOOPGUARD_TRACE_NODES": self.trace, **(env or {})})
        if not warmcli.cold():
            return warmcli.run(self.argv(*args)[3:], full, REPO, timeout)
        return subprocess.run(
            self.argv(*args),
            cwd=REPO,
            env=full,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def popen(self, *args: str, env: dict[str, str] | None = None) -> CliProcess:
        """Start the CLI without waiting for it (forked warm, as in `cli`)."""
        full = child_env({"LOOPGUARD_TRACE_NODES": self.trace, **(env or {})})
        if not warmcli.cold():
            return warmcli.launch(self.argv(*args)[3:], full, REPO)
        return subprocess.Popen(
            self.argv(*args),
            cwd=REPO,
            env=full,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def run_demo(
        self, *extra: str, env: dict[str, str] | None = None, tid: str = TID
    ) -> subprocess.CompletedProcess[str]:
        return self.cli("run", DEMO, "--thread-id", tid, "--json", *extra, env=env)

    def metric_rows(self) -> int:
        return self.rows("metrics")

    def rows(self, table: str) -> int:
        """Rows in one table of the business store (0 when it does not exist yet)."""
        return _count(self.store, f"SELECT COUNT(*) FROM {table}")

    def thread_status(self, tid: str = TID) -> str:
        """The thread's status as `python -m graph threads --json` lists it ("absent" if not)."""
        proc = self.cli("threads", "--json")
        assert proc.returncode == 0, proc.stderr
        found = [t["status"] for t in json.loads(proc.stdout) if t["thread_id"] == tid]
        return found[0] if found else "absent"

    def last_step(self, tid: str = TID) -> int:
        """The super-step of the thread's last checkpoint."""
        return asyncio.run(_last_step(self.db, tid))

    def audit(self) -> dict[str, int]:
        """Real executions per tool, from the business store's `tool_audit`."""
        if not Path(self.store).exists():
            return {}
        conn = sqlite3.connect(self.store)
        try:
            rows = conn.execute("SELECT tool, COUNT(*) FROM tool_audit GROUP BY tool").fetchall()
        except sqlite3.OperationalError:
            return {}
        finally:
            conn.close()
        return dict(rows)

    def ledger(self) -> list[dict[str, Any]]:
        return query(self.db, "SELECT * FROM tool_ledger ORDER BY created_at")

    def leases(self) -> list[dict[str, Any]]:
        return query(self.db, "SELECT * FROM thread_leases", missing_ok=True)

    def state(self, tid: str = TID) -> dict[str, Any]:
        """The thread's checkpointed state values."""
        return asyncio.run(_state(self.db, tid))

    def history_nodes(self, tid: str = TID) -> list[str]:
        """Node names in the order the checkpoint history says they ran (oldest first)."""
        return asyncio.run(_history_nodes(self.db, tid))

    def trace_events(self) -> list[dict[str, Any]]:
        path = Path(self.trace)
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def query(
    db: str, sql: str, params: tuple[Any, ...] = (), *, missing_ok: bool = False
) -> list[dict[str, Any]]:
    """Rows of one statement (`?` placeholders) on either backend; [] for a missing table
    when `missing_ok`.
    """

    def work(conn: Conn) -> list[dict[str, Any]]:
        cur = conn.execute(sql, params)
        return (
            [dict(r) for r in cur.fetchall()] if sql.lstrip().upper().startswith("SELECT") else []
        )

    storage = storage_for(db)
    if missing_ok and storage.backend == "sqlite" and not Path(db).exists():
        return []
    try:
        return storage.run_sync(work)
    except Exception as exc:
        if missing_ok and ("no such table" in str(exc) or "does not exist" in str(exc)):
            return []
        raise


def _count(path: str, sql: str) -> int:
    if not Path(path).exists():
        return 0
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(sql).fetchone()[0])
    except sqlite3.OperationalError:
        return 0
    finally:
        conn.close()


async def _state(db: str, tid: str) -> dict[str, Any]:
    async with open_checkpointer(db) as saver:
        snapshot = await compile_graph(saver).aget_state({"configurable": {"thread_id": tid}})
    return flat(snapshot.values)


async def _last_step(db: str, tid: str) -> int:
    async with open_checkpointer(db) as saver:
        snapshot = await compile_graph(saver).aget_state({"configurable": {"thread_id": tid}})
    assert snapshot.metadata is not None, f"thread {tid} has no checkpoint"
    return int(snapshot.metadata["step"])


async def _history_nodes(db: str, tid: str) -> list[str]:
    async with open_checkpointer(db) as saver:
        app = compile_graph(saver)
        history = [s async for s in app.aget_state_history({"configurable": {"thread_id": tid}})]
    nodes: list[str] = []
    for snapshot in reversed(history):
        nodes.extend(n for n in snapshot.next if n != "__start__")
    # The last checkpoint's `next` is what would run next; only finished steps count.
    if history and history[0].next:
        del nodes[-len([n for n in history[0].next if n != "__start__"]) :]
    return nodes


def normalized(summary: dict[str, Any]) -> dict[str, Any]:
    """What must be identical between a crashed-and-resumed run and an uncrashed one."""
    usage = {k: v for k, v in summary.get("usage", {}).items() if k != "seconds"}
    return {
        "status": summary["status"],
        "stop_reason": summary["stop_reason"],
        "intent": summary["intent"],
        "slots": summary["slots"],
        "checklist": summary["checklist"],
        "evidence": summary.get("evidence"),
        "tool_calls": [
            {k: c[k] for k in ("name", "args", "verdict", "reason", "executed", "outcome")}
            for c in summary["tool_calls"]
        ],
        "usage": usage,
        "answer": summary["answer"],
        "card": summary["card"],
    }


def guard_counters(state: dict[str, Any]) -> dict[str, Any]:
    """The guard's checkpointed counters, without wall-clock fields."""
    return {
        "strikes": state.get("strikes"),
        "stall_rounds": state.get("stall_rounds"),
        "write_epoch": state.get("write_epoch"),
        "usage": {k: v for k, v in state.get("usage", {}).items() if k != "seconds"},
        "fingerprints": {
            fp: {k: s[k] for k in ("tool", "executions", "failures", "successes")}
            for fp, s in state.get("fingerprints", {}).items()
        },
    }


def reexecuted(events: list[dict[str, Any]], crashed_pid: int) -> list[str]:
    """Nodes that finished in the crashed process and started again in a later one."""
    finished = {
        (e["node"], e["step"]) for e in events if e["pid"] == crashed_pid and e["event"] == "end"
    }
    again = [
        f"{e['node']}@{e['step']}"
        for e in events
        if e["pid"] != crashed_pid and e["event"] == "start" and (e["node"], e["step"]) in finished
    ]
    return again


def restarted(events: list[dict[str, Any]], crashed_pid: int) -> list[str]:
    """Nodes that started in the crashed process and started again in a later one.

    Unlike `reexecuted`, this needs no end line: a node killed after its writes were saved
    may have lost its end line with the process (the trace is written from the event stream,
    which lags the writes), and it must not run again either.
    """
    began = {
        (e["node"], e["step"]) for e in events if e["pid"] == crashed_pid and e["event"] == "start"
    }
    return [
        f"{e['node']}@{e['step']}"
        for e in events
        if e["pid"] != crashed_pid and e["event"] == "start" and (e["node"], e["step"]) in began
    ]


def restored(events: list[dict[str, Any]], crashed_pid: int) -> list[str]:
    """Nodes a later process did not run but completed from the writes the crashed one saved."""
    return [
        f"{e['node']}@{e['step']}"
        for e in events
        if e["pid"] != crashed_pid and e["event"] == "restored"
    ]


def cut_short(events: list[dict[str, Any]], crashed_pid: int) -> list[str]:
    """Nodes the SIGKILL interrupted: started, never finished, in the crashed process."""
    mine = [e for e in events if e["pid"] == crashed_pid]
    counts = Counter((e["node"], e["step"], e["event"]) for e in mine)
    return [
        f"{node}@{step}"
        for (node, step, event), n in counts.items()
        if event == "start" and counts[(node, step, "end")] < n
    ]


def crashed_pid(events: list[dict[str, Any]]) -> int | None:
    """The pid of the first process in the trace: the one that was killed."""
    return events[0]["pid"] if events else None


def dead_pid() -> int:
    """A pid that belonged to a process on this host and no longer does."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def forge_dead_owner(db: str, key: str) -> None:
    """Make a ledger row look claimed by a process that died (as after a SIGKILL)."""
    query(
        db,
        "UPDATE tool_ledger SET owner = ? WHERE idempotency_key = ?",
        (f"{HOST}:{dead_pid()}:dead", key),
    )


def wait_for(
    predicate: Any,
    timeout: float = PROCESS_TIMEOUT_S,
    what: str = "condition",
    *,
    alive: Sequence[CliProcess] = (),
) -> None:
    """Poll until `predicate()` is true: the event a test waits for, however slow the machine.

    Fails at once when a process in `alive` exits first (the event can no longer come), and
    after `timeout` only as a safety net against a hang.
    """
    deadline = time.monotonic() + timeout
    while not predicate():
        for proc in alive:
            if proc.poll() is not None:
                _, err = proc.communicate()
                msg = f"waiting for {what}: pid {proc.pid} exited {proc.returncode}: {err[-500:]}"
                raise AssertionError(msg)
        if time.monotonic() > deadline:
            msg = f"timed out waiting for {what}"
            raise AssertionError(msg)
        time.sleep(0.02)


@contextlib.contextmanager
def gate_shut(root: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """A shut gate for `GATED`'s write tool: (its path, the env that points a child at it).

    Opened (deleted) on exit, whatever happened in the body.
    """
    gate = root / "gate"
    gate.touch()
    try:
        yield str(gate), {GATE_ENV: str(gate)}
    finally:
        gate.unlink(missing_ok=True)


def at_gate(gate: str) -> bool:
    """True once a gated write tool has reached the gate."""
    return Path(gate + AT_GATE_SUFFIX).exists()


def one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    """The CLI's stderr, asserted to be exactly one `error: ...` line."""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: "), proc.stderr
    return lines[0]


@contextlib.contextmanager
def store_locked(store: str | Path) -> Iterator[None]:
    """Hold the business store's write lock: a tool that writes blocks until it is released."""
    conn = sqlite3.connect(store, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE IF NOT EXISTS _test_lock (x)")
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()
