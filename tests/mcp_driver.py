"""Runs one notes task over an MCP server in its own process, for the crash test.

    python -m tests.mcp_driver run|resume DB CONFIG THREAD

The model proposes, from the thread's visible history: delete the note "old", the same
delete again (a duplicate proposal), list the notes, then answer. It reads its place from
the checkpointed messages, so a resumed process goes on where the killed one stopped.
Prints the run's summary as JSON.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from graph.context import Context
from graph.models import OfflineChatModel
from graph.runner import resume_thread, run_request

REQUEST = "delete my old note"
SCRIPT: list[Any] = [
    [{"name": "delete_note", "args": {"name": "old"}}],
    [{"name": "delete_note", "args": {"name": "old"}}],
    [{"name": "list_notes", "args": {}}],
    "Deleted the note 'old'.",
]


class NotesModel(OfflineChatModel):
    """A scripted model whose place is the number of its turns in this task's history."""

    def decide(
        self, task: dict[str, Any], history: list[BaseMessage], schemas: dict[str, Any]
    ) -> AIMessage:
        turns = sum(1 for m in history if isinstance(m, AIMessage) and m.tool_calls)
        step = SCRIPT[min(turns, len(SCRIPT) - 1)]
        if isinstance(step, str):
            return AIMessage(content=step)
        return self.call(step[0]["name"], step[0]["args"], history)


def context(db: str, config: str) -> Context:
    return Context(
        model=NotesModel(), tools=config, db=db, store=str(Path(db).with_name("business.sqlite"))
    )


async def main(phase: str, db: str, config: str, thread: str) -> dict[str, Any]:
    if phase == "run":
        return await run_request(REQUEST, thread_id=thread, context=context(db, config))
    return await resume_thread(thread, db=db, context=context(db, config))


if __name__ == "__main__":
    out = asyncio.run(main(*sys.argv[1:5]))
    print(json.dumps(out, default=str))
