"""The checkpointer `langgraph dev` (and so Studio) uses: the project's own database.

`langgraph.json` points `checkpointer.path` here. The dev server enters this context manager
once per event loop and keeps every checkpoint of every Studio thread in the same file, with
the same settings (WAL, busy timeout, synchronous=FULL), that the CLI and the exactly-once
ledger use. So a thread started in Studio can be read with `python -m graph show --thread-id
ID`, and it survives a restart of the server. The server's own bookkeeping (assistants, the
thread list, runs) still lives in `.langgraph_api/` in the directory it was started from.
`LOOPGUARD_DB` may also be a `postgresql://` URL: then Studio's checkpoints go to that server.

The server asks a custom checkpointer for optional methods beyond LangGraph's base saver. The
SQLite saver has them all: `adelete_for_runs` (rolling back a cancelled run with
`multitask_strategy="rollback"`, deleting a run), `aprune` (the threads prune endpoint,
`keep_latest` or `delete`), `acopy_thread` (copying a thread in two statements rather than a
`put` per checkpoint) and `adelete_thread`; LangGraph's conformance suite checks each
(`tests/test_saver.py`). On PostgreSQL, Studio gets LangGraph's own `AsyncPostgresSaver`,
which has `aprune` and `adelete_thread` but not `adelete_for_runs` or `acopy_thread`: the
server says so at start, copies threads with its slower generic fallback, and a rolled-back
run's checkpoints stay until the next run of the thread supersedes them.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver

from checkpoints.storage import DB_ENV, open_checkpointer

__all__ = ["DB_ENV", "DEFAULT_PATH", "studio_checkpointer", "studio_db_path"]

DEFAULT_PATH = "data/agent.sqlite"
"""Same default as `Context.db`, so Studio's checkpoints and ledger share one file."""


def studio_db_path() -> str:
    """The file Studio's checkpoints go to: `$LOOPGUARD_DB`, else the CLI's default."""
    return os.environ.get(DB_ENV) or DEFAULT_PATH


@asynccontextmanager
async def studio_checkpointer() -> AsyncIterator[BaseCheckpointSaver[Any]]:
    """Yield the project's saver for the dev server's lifetime.

    Read at server start, not at import: the path is a deployment setting, not code.

    Raises:
        AgentError: The file is not SQLite, its directory is not writable, or the server
            cannot be reached.
    """
    async with open_checkpointer(studio_db_path()) as saver:
        yield saver
