"""Fixtures that run a storage test on both backends: a SQLite file and a PostgreSQL database.

`db_url` is parametrised over `sqlite` and `postgres`: a fresh file under `tmp_path`, or a
fresh database on the session's server. The server is `$LOOPGUARD_TEST_PG_URL` when CI set
one, else a throwaway cluster started here (`tests/pgserver.py`), started only when a test
asks for PostgreSQL. If neither works the test fails with the reason: PostgreSQL tests are
never skipped silently.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from checkpoints.storage import release
from tests.pgserver import (
    PG_URL_ENV,
    Cluster,
    create_database,
    drop_database,
    start,
    wait_ready,
)

BACKENDS = ("sqlite", "postgres")
NO_SERVER = (
    "PostgreSQL is required for the storage tests and could not be had: {why}. Install the "
    "server (apt-get install -y postgresql) or point " + PG_URL_ENV + " at a running one."
)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL server URL for the session: CI's, or a throwaway cluster of our own."""
    given = os.environ.get(PG_URL_ENV)
    cluster: Cluster | None = None
    problem = ""
    try:
        if given:
            wait_ready(given, timeout=10)
        else:
            cluster = start()
            wait_ready(cluster.url)
    except (RuntimeError, OSError) as exc:
        problem = str(exc)
    if problem:  # outside the except block: one clear message, no chained traceback
        if cluster is not None:
            cluster.stop()
        pytest.fail(NO_SERVER.format(why=problem), pytrace=False)
    try:
        yield given or (cluster.url if cluster is not None else "")
    finally:
        release()
        if cluster is not None:
            cluster.stop()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The backend under test."""
    return str(request.param)


@pytest.fixture
def new_db(backend: str, request: pytest.FixtureRequest) -> Iterator[Callable[[Path], str]]:
    """A factory of fresh, empty databases on `backend`, for tests that need several.

    Called with a directory (created): SQLite puts its file there; PostgreSQL makes a database.
    """
    made: list[str] = []
    server = request.getfixturevalue("pg_server") if backend == "postgres" else ""

    def make(root: Path) -> str:
        root.mkdir(parents=True, exist_ok=True)  # the business store goes there either way
        if backend == "sqlite":
            return str(root / "agent.sqlite")
        url = create_database(server)
        made.append(url)
        return url

    yield make
    for url in made:
        release(url)
        drop_database(server, url)


@pytest.fixture
def db_url(new_db: Callable[[Path], str], tmp_path: Path) -> str:
    """A fresh, empty database on `backend`: its `--db` value."""
    return new_db(tmp_path)
