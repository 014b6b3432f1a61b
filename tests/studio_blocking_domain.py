"""A test-only domain whose tools and reconcile lookup are plain functions that block.

They do what real tool code does with a synchronous client: `os.mkdir`, `open()`,
`time.sleep`, `sqlite3`. Under `langgraph dev` a blocking call on the server's event loop is
an error (blockbuster); the executor runs plain functions on a thread of their own, so this
domain works there as it does from the CLI. `tests/test_studio_blocking.py` runs it on a
real server.

The first attempt of each note loses its answer after writing the file, as a dropped
connection would, so every run also exercises the (blocking) reconcile lookup.
"""

from __future__ import annotations

import os
import threading
import time
from datetime import date
from pathlib import Path
from typing import Any

from langgraph.types import RetryPolicy
from pydantic import BaseModel, ConfigDict, Field

from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step, ToolRegistry
from tools.store import audit, connect

REQUEST = "save note "


class NoteArgs(BaseModel):
    """Arguments of `save_note`."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, description="The note's text.")


class NoArgs(BaseModel):
    """`list_notes` takes none."""

    model_config = ConfigDict(extra="forbid")


class NoteSlots(BaseModel):
    """The note to save."""

    text: str


def _notes(ctx: ToolContext) -> Path:
    return Path(ctx.store_path).parent / "notes"


def _audit(ctx: ToolContext, tool: str, args: dict[str, Any]) -> None:
    conn = connect(ctx.store_path)
    try:
        audit(conn, tool, ctx.user_id, args, ctx.idempotency_key)
    finally:
        conn.close()


def save_note(args: NoteArgs, ctx: ToolContext) -> dict[str, Any]:
    """Write the note to a file named by the idempotency key; the first answer is lost."""
    _audit(ctx, "save_note", args.model_dump())
    folder = _notes(ctx)
    if not folder.exists():
        os.mkdir(folder)
    path = folder / f"{ctx.idempotency_key}.txt"
    first = not path.exists()
    time.sleep(0.01)  # a slow synchronous backend
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"{args.text}\n{threading.current_thread().name}\n")
    if first:
        msg = "connection reset by peer"
        raise ConnectionResetError(msg)
    return {"success": True, "note_id": path.stem}


def find_note(key: str, ctx: ToolContext) -> ToolResult | None:
    """Reconcile: the note written under `key`, if an earlier attempt wrote it."""
    path = _notes(ctx) / f"{key}.txt"
    if not path.exists():
        return None
    with open(path, encoding="utf-8") as f:
        f.read()
    return ToolResult.success({"note_id": path.stem})


def list_notes(args: NoArgs, ctx: ToolContext) -> dict[str, Any]:
    """How many notes exist, read from the folder."""
    _audit(ctx, "list_notes", {})
    folder = _notes(ctx)
    return {"success": True, "count": len(os.listdir(folder)) if folder.exists() else 0}


async def peek_slowly(args: NoArgs, ctx: ToolContext) -> dict[str, Any]:
    """The wrong way: a blocking call inside `async def` runs on the loop, where it blocks."""
    time.sleep(0.01)  # noqa: ASYNC251 - the mistake this tool exists to show
    return {"success": True}


def hang(args: NoArgs, ctx: ToolContext) -> dict[str, Any]:
    """A synchronous call that never returns (a socket without a timeout)."""
    _audit(ctx, "hang", {})
    threading.Event().wait()
    return {"success": True}


def _extract(text: str, today: date) -> dict[str, Any] | None:
    return {"text": text[len(REQUEST) :]} if text.startswith(REQUEST) else None


class NoSlots(BaseModel):
    """`peek` has none."""


DOMAIN = Domain(
    name="studio-blocking",
    tools=ToolRegistry(
        [
            ToolSpec(
                name="save_note",
                namespace="notes",
                description="Save one note. Use once per note.",
                args_model=NoteArgs,
                fn=save_note,
                effect="write",
                idempotent=False,
                reconcile=find_note,
                intents=frozenset({"save_note"}),
            ),
            ToolSpec(
                name="peek_slowly",
                namespace="notes",
                description="Peek at the notes, slowly.",
                args_model=NoArgs,
                fn=peek_slowly,
                intents=frozenset({"peek"}),
            ),
            ToolSpec(
                name="hang",
                namespace="notes",
                description="Never answers.",
                args_model=NoArgs,
                fn=hang,
                timeout_s=0.2,
                retry=RetryPolicy(max_attempts=1),
                intents=frozenset({"hang"}),
            ),
            ToolSpec(
                name="list_notes",
                namespace="notes",
                description="Count the saved notes.",
                args_model=NoArgs,
                fn=list_notes,
                intents=frozenset({"save_note"}),
            ),
        ]
    ),
    intents=(
        IntentSpec(
            name="save_note",
            description="save a note, then count the notes",
            extract=_extract,
            slots_model=NoteSlots,
            steps=(
                Step(name="saved", tool="save_note", args=lambda s: {"text": s["text"]}),
                Step(name="counted", tool="list_notes", after=("saved",)),
            ),
            budget=Budget(max_rounds=4, max_calls=4),
        ),
        IntentSpec(
            name="hang",
            description="wait for an answer that never comes",
            extract=lambda text, today: {} if text == "hang" else None,
            slots_model=NoSlots,
            steps=(Step(name="answered", tool="hang"),),
            budget=Budget(max_rounds=3, max_calls=3),
        ),
        IntentSpec(
            name="peek",
            description="peek at the notes",
            extract=lambda text, today: {} if text == "peek" else None,
            slots_model=NoSlots,
            steps=(Step(name="peeked", tool="peek_slowly"),),
            budget=Budget(max_rounds=3, max_calls=3),
        ),
    ),
)
