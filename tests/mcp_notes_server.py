"""A small MCP server for the tests, written with the `mcp` package: notes in a SQLite file.

    python tests/mcp_notes_server.py                 # stdio
    python tests/mcp_notes_server.py --http PORT     # streamable HTTP on 127.0.0.1:PORT

The file is `$NOTES_DB`. Every tool call adds a row to its `executions` table first: that is
how the tests count what really ran, on the server's side, whatever the agent believes.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from typing import Any

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

SEED = {"groceries": "milk, eggs", "ideas": "roof garden", "old": "from 2019"}


def _db() -> sqlite3.Connection:
    conn = sqlite3.connect(os.environ["NOTES_DB"], timeout=30, isolation_level=None)
    conn.executescript(
        "CREATE TABLE IF NOT EXISTS notes (name TEXT PRIMARY KEY, text TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS executions (id INTEGER PRIMARY KEY, tool TEXT, args TEXT);"
    )
    if conn.execute("SELECT COUNT(*) FROM executions").fetchone()[0] == 0:
        conn.executemany("INSERT OR IGNORE INTO notes VALUES (?, ?)", SEED.items())
    return conn


def _ran(conn: sqlite3.Connection, tool: str, args: dict[str, Any]) -> None:
    conn.execute(
        "INSERT INTO executions (tool, args) VALUES (?, ?)",
        (tool, json.dumps(args, sort_keys=True)),
    )


def build(port: int = 8000) -> FastMCP:
    """The server, with tools annotated the ways real servers do (and one not at all)."""
    server = FastMCP("notes", host="127.0.0.1", port=port)

    @server.tool(annotations=ToolAnnotations(readOnlyHint=True))
    def list_notes() -> dict[str, Any]:
        """List the names of all notes."""
        conn = _db()
        _ran(conn, "list_notes", {})
        return {"notes": [r[0] for r in conn.execute("SELECT name FROM notes ORDER BY name")]}

    @server.tool(annotations=ToolAnnotations(readOnlyHint=True))
    def read_note(name: str) -> dict[str, Any]:
        """Read one note by name."""
        conn = _db()
        _ran(conn, "read_note", {"name": name})
        row = conn.execute("SELECT text FROM notes WHERE name = ?", (name,)).fetchone()
        if row is None:
            msg = f"note {name!r} not found"
            raise ValueError(msg)
        return {"name": name, "text": row[0]}

    @server.tool(
        annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False)
    )
    def delete_note(name: str) -> dict[str, Any]:
        """Delete a note for good."""
        conn = _db()
        _ran(conn, "delete_note", {"name": name})
        if conn.execute("DELETE FROM notes WHERE name = ?", (name,)).rowcount == 0:
            msg = f"note {name!r} not found"
            raise ValueError(msg)
        return {"deleted": name}

    @server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False))
    def add_note(name: str, text: str) -> dict[str, Any]:
        """Add a note."""
        conn = _db()
        _ran(conn, "add_note", {"name": name, "text": text})
        conn.execute("INSERT INTO notes VALUES (?, ?)", (name, text))
        return {"added": name}

    @server.tool()
    def archive_notes(older_than_year: int) -> dict[str, Any]:
        """Archive notes older than a year (published without annotations)."""
        conn = _db()
        _ran(conn, "archive_notes", {"older_than_year": older_than_year})
        return {"archived": 0}

    return server


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        build(int(sys.argv[2])).run(transport="streamable-http")
    else:
        build().run(transport="stdio")
