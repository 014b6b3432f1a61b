"""An open-ended example domain: a small file system, written as plain LangChain `@tool`s.

Nothing here knows the graph: the tools are ordinary LangChain tools, the kind a project
already has. `TOOLS` is what `python -m graph run "..." --tools tools.files:TOOLS` runs; the
read-only ones carry the MCP annotation `readOnlyHint` in their metadata, so the runtime
knows they may be answered from a record and need no ledger. Everything else is a write,
because nobody said otherwise. `DOMAIN` is the same list with a done-condition-free
open-ended intent (`Domain.from_tools`).

The files live in a `workspace/` folder beside the run's business store (`Context.store`),
seeded with a few files on first use, and every call appends one line to
`workspace.audit.jsonl` beside it: how tests and the replay eval count real executions.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from langchain_core.tools import BaseTool, tool

from tools.adapters import tool_context
from tools.domain import Domain

PAGE_SIZE = 5
"""Entries per `list_files` page: a folder with more is read page by page."""
SEED: dict[str, str] = {
    "README.txt": "Workspace for the file-system example.\n",
    "notes/todo.txt": "buy milk\ncall the bank\n",
    "notes/ideas.txt": "a garden on the roof\n",
    "downloads/report-2025.pdf": "%PDF-1.4 quarterly report\n",
    "downloads/setup.exe": "MZ installer\n",
    "downloads/photo.jpg": "JPEG holiday photo\n",
    "downloads/notes-copy.txt": "buy milk\ncall the bank\n",
    "downloads/song.mp3": "ID3 song\n",
    "downloads/invoice.pdf": "%PDF-1.4 invoice 42\n",
    "downloads/archive.zip": "PK zipped\n",
}
OUTSIDE = "path {path!r} is outside the workspace; use a path relative to it"
NOT_FOUND = "no such file or folder: {path!r}"
NOT_A_FILE = "{path!r} is a folder, not a file"
ALREADY = "{path!r} already exists"


def workspace() -> Path:
    """The workspace folder of the current run, seeded on first use."""
    root = Path(tool_context().store_path).resolve().parent / "workspace"
    if not root.exists():
        for rel, text in SEED.items():
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    return root


def _audit(tool_name: str, args: dict[str, Any]) -> None:
    log = workspace().parent / "workspace.audit.jsonl"
    with log.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"tool": tool_name, "args": args}, sort_keys=True) + "\n")


def _inside(path: str) -> Path:
    root = workspace()
    target = (root / path).resolve()
    if target != root and root not in target.parents:
        raise ValueError(OUTSIDE.format(path=path))
    return target


def _rel(target: Path) -> str:
    return target.relative_to(workspace()).as_posix() or "."


@tool
def list_files(path: str = ".", page: int = 1) -> dict[str, Any]:
    """List the files and folders in a folder of the workspace, PAGE_SIZE entries a page.

    Use it to see what exists before reading, moving or deleting; call again with the next
    page while `next_page` is set.
    """
    _audit("list_files", {"path": path, "page": page})
    folder = _inside(path)
    if not folder.is_dir():
        raise FileNotFoundError(NOT_FOUND.format(path=path))
    entries = sorted(
        (p.name + "/" if p.is_dir() else p.name) for p in folder.iterdir() if p.name != ".trash"
    )
    start = (max(page, 1) - 1) * PAGE_SIZE
    shown = entries[start : start + PAGE_SIZE]
    more = start + PAGE_SIZE < len(entries)
    return {"path": path, "entries": shown, "page": page, "next_page": page + 1 if more else None}


@tool
def read_file(path: str) -> dict[str, Any]:
    """Read a text file of the workspace: its content, before or after a change."""
    _audit("read_file", {"path": path})
    target = _inside(path)
    if target.is_dir():
        raise IsADirectoryError(NOT_A_FILE.format(path=path))
    if not target.exists():
        raise FileNotFoundError(NOT_FOUND.format(path=path))
    return {"path": path, "content": target.read_text(encoding="utf-8")}


@tool
def find_files(pattern: str) -> dict[str, Any]:
    """Find files anywhere in the workspace whose name matches a glob pattern like '*.pdf'."""
    _audit("find_files", {"pattern": pattern})
    root = workspace()
    found = sorted(_rel(p) for p in root.rglob(pattern) if p.is_file() and ".trash" not in p.parts)
    return {"pattern": pattern, "files": found}


@tool
def write_file(path: str, content: str) -> dict[str, Any]:
    """Create a text file, or replace its whole content. Not for adding a line: use append_line."""
    _audit("write_file", {"path": path, "content": content})
    target = _inside(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(content, encoding="utf-8")
    return {"path": path, "bytes": len(content.encode("utf-8"))}


@tool
def append_line(path: str, line: str) -> dict[str, Any]:
    """Add one line at the end of a text file (creating it if needed). Each call adds a line."""
    _audit("append_line", {"path": path, "line": line})
    target = _inside(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("a", encoding="utf-8") as fh:
        fh.write(line.rstrip("\n") + "\n")
    return {"path": path, "lines": len(target.read_text(encoding="utf-8").splitlines())}


@tool
def make_folder(path: str) -> dict[str, Any]:
    """Create a folder (and its parents) in the workspace; nothing happens if it exists."""
    _audit("make_folder", {"path": path})
    target = _inside(path)
    target.mkdir(parents=True, exist_ok=True)
    return {"path": path}


@tool
def move_file(source: str, destination: str) -> dict[str, Any]:
    """Move or rename a file or folder. The destination must not exist yet."""
    _audit("move_file", {"source": source, "destination": destination})
    src, dst = _inside(source), _inside(destination)
    if not src.exists():
        raise FileNotFoundError(NOT_FOUND.format(path=source))
    if dst.is_dir():
        dst = dst / src.name
    if dst.exists():
        raise FileExistsError(ALREADY.format(path=_rel(dst)))
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(src), str(dst))
    return {"source": source, "destination": _rel(dst)}


@tool
def delete_file(path: str) -> dict[str, Any]:
    """Delete a file for good. Check with list_files or read_file first: this cannot be undone."""
    _audit("delete_file", {"path": path})
    target = _inside(path)
    if not target.is_file():
        raise FileNotFoundError(NOT_FOUND.format(path=path))
    target.unlink()
    return {"deleted": path}


READ_ONLY: tuple[BaseTool, ...] = (list_files, read_file, find_files)
for _read in READ_ONLY:
    _read.metadata = {"readOnlyHint": True}
for _same in (write_file, make_folder):
    # Writing the same content twice, or making a folder that exists, changes nothing more.
    _same.metadata = {"readOnlyHint": False, "idempotentHint": True, "destructiveHint": True}

TOOLS: list[BaseTool] = [
    list_files,
    read_file,
    find_files,
    write_file,
    append_line,
    make_folder,
    move_file,
    delete_file,
]
"""The tools as they are: `--tools tools.files:TOOLS`."""

DOMAIN = Domain.from_tools(TOOLS, name="files", description="Work with the files in the workspace.")
"""The same tools as an open-ended domain: `--domain tools.files:DOMAIN`."""


def snapshot(store_path: str | Path) -> dict[str, str]:
    """Every file of the workspace beside a store, path -> content: the end state to compare."""
    root = Path(store_path).resolve().parent / "workspace"
    if not root.exists():
        return {}
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def executions(store_path: str | Path) -> list[dict[str, Any]]:
    """The audit log beside a store: one {"tool", "args"} per real execution, in order."""
    log = Path(store_path).resolve().parent / "workspace.audit.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
