"""PostgreSQL as the storage: chosen by one setting, failing in one line, surviving its server.

The behaviour shared with SQLite (resume, ledger, trace, threads, leases, fifty runs at once)
is tested on both backends in the storage test modules; this module covers what only a server
has: a URL that picks it, an unreachable server or a missing database, a password that must
never be printed, many processes creating the schema of a fresh database together, and a
connection the server drops in the middle of a run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from checkpoints.postgres import PostgresStorage
from checkpoints.sqlite import SqliteStorage
from checkpoints.storage import storage_for
from tests.crashkit import (
    DEMO,
    TID,
    Workdir,
    child_env,
    normalized,
    one_line_error,
    query,
    store_locked,
    wait_for,
)

REPO = Path(__file__).resolve().parents[1]


def _cli(
    *args: str, env: dict[str, str] | None = None, cwd: Path = REPO
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "graph", *args],
        cwd=cwd,
        env=child_env(env),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _server_base(pg_server: str) -> str:
    return pg_server.rpartition("/")[0]


def test_the_setting_picks_the_backend() -> None:
    assert isinstance(storage_for("data/agent.sqlite"), SqliteStorage)
    pg = storage_for("postgresql://app:s3cret@db.example:6543/agent")
    assert isinstance(pg, PostgresStorage)
    assert pg.label == "postgresql://app:***@db.example:6543/agent"
    assert isinstance(storage_for("postgres://app@db.example/agent"), PostgresStorage)


@pytest.mark.parametrize("command", ["run", "resume", "show", "threads"])
def test_an_unreachable_server_is_one_actionable_line(command: str, tmp_path: Path) -> None:
    url = "postgresql://app:s3cret@127.0.0.1:1/agent"
    args = {
        "run": ["run", DEMO, "--store", str(tmp_path / "store.sqlite")],
        "resume": ["resume", "--thread-id", "x"],
        "show": ["show", "--thread-id", "x"],
        "threads": ["threads"],
    }[command]
    proc = _cli(*args, "--db", url)
    assert proc.returncode == 1
    line = one_line_error(proc)
    assert "cannot connect to the server at 127.0.0.1:1 (connection refused)" in line
    assert "start PostgreSQL there or fix the host and port in --db" in line
    assert "s3cret" not in proc.stderr + proc.stdout, "the password is never printed"
    assert "postgresql://app:***@127.0.0.1:1/agent" in line


def test_a_missing_database_says_how_to_create_it(pg_server: str) -> None:
    url = f"{_server_base(pg_server)}/no_such_db"
    proc = _cli("threads", "--db", url)
    assert proc.returncode == 1
    line = one_line_error(proc)
    assert "has no database 'no_such_db'; create it (createdb -h 127.0.0.1" in line


def test_a_wrong_user_is_named(pg_server: str) -> None:
    base = _server_base(pg_server)
    host = base.rpartition("@")[2]
    proc = _cli("threads", "--db", f"postgresql://intruder:hunter2@{host}/postgres")
    assert proc.returncode == 1
    line = one_line_error(proc)
    assert "refused user 'intruder'" in line
    assert "hunter2" not in proc.stderr


def test_one_environment_variable_moves_every_command(
    db_url: str, backend: str, tmp_path: Path
) -> None:
    """`LOOPGUARD_DB` is the `--db` default: set it once and run, threads, show all follow."""
    env = {"LOOPGUARD_DB": db_url}
    ran = _cli("run", DEMO, "--thread-id", "env-1", "--json", env=env, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    listing = _cli("threads", "--json", env=env, cwd=tmp_path)
    assert [t["thread_id"] for t in json.loads(listing.stdout)] == ["env-1"]
    shown = _cli("show", "--thread-id", "env-1", "--json", env=env, cwd=tmp_path)
    assert json.loads(shown.stdout)["status"] == "completed"
    if backend == "postgres":
        assert not (tmp_path / "data" / "agent.sqlite").exists(), "nothing went to a file"
        assert (tmp_path / "data" / "business.sqlite").exists(), "the example store is a file"
        rows = query(db_url, "SELECT thread_id FROM threads")
        assert rows == [{"thread_id": "env-1"}]


@pytest.mark.parametrize("backend", ["postgres"])
def test_many_processes_create_a_fresh_databases_schema_together(
    db_url: str, tmp_path: Path
) -> None:
    """LangGraph's migrations and our tables, raced by six processes on an empty database."""
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "graph",
                "run",
                DEMO,
                "--thread-id",
                f"cold-{i}",
                "--db",
                db_url,
                "--store",
                str(tmp_path / f"store-{i}.sqlite"),
            ],
            cwd=REPO,
            env=child_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(6)
    ]
    results = [(p.wait(timeout=120), p.communicate()[1]) for p in procs]
    assert [rc for rc, _ in results] == [0] * 6, [err for _, err in results]
    statuses = {
        t["thread_id"]: t["status"]
        for t in json.loads(_cli("threads", "--json", "--db", db_url).stdout)
    }
    assert statuses == {f"cold-{i}": "completed" for i in range(6)}


@pytest.mark.parametrize("backend", ["postgres"])
def test_a_connection_dropped_mid_run_is_one_line_and_resume_writes_once(
    tmp_path: Path, db_url: str, pg_server: str
) -> None:
    """The server terminates the run's connections while the write is in flight."""
    w = Workdir(tmp_path / "w", db_url)
    name = w.db.rpartition("/")[2]
    with store_locked(w.store):
        proc = w.popen("run", DEMO, "--thread-id", TID, "--json")
        wait_for(
            lambda: bool(query(w.db, "SELECT owner FROM tool_ledger", missing_ok=True)),
            what="the write to be claimed",
        )
        killed = query(
            pg_server,
            "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity "
            "WHERE datname = ? AND pid <> pg_backend_pid()",
            (name,),
        )
        assert killed, "the run had connections to terminate"
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    assert "lost the connection to the server" in lines[0], lines[0]
    assert "python -m graph resume --thread-id" in lines[0]

    resumed = w.cli("resume", "--thread-id", TID, "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["status"] == "completed"
    assert w.metric_rows() == 1, "the write ran once"
    assert w.audit()["record_metric"] == 1
    ledger = [r for r in w.ledger() if r["tool"] == "record_metric"]
    assert [(r["status"], r["attempts"]) for r in ledger] == [("succeeded", 1)]
    expected = normalized(json.loads(Workdir(tmp_path / "plain").run_demo().stdout))
    assert normalized(json.loads(resumed.stdout)) == expected
