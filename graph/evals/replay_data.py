"""Writes `replay.jsonl`, the shipped replay set: `python -m graph.evals.replay_data`.

Two sources, both written here and committed as data (product code never imports this):

- The declared example domains (`tools.examples`, `tools.expenses`): requests, single and
  several per thread, answered by the built-in offline model, whose turns are recorded as
  they were proposed: polling a report job, paging orders, re-reading a trend after a write.
- The open-ended file system (`tools.files`): sessions written as a careful model would work
  them, with the legitimate repeats an agent needs there: paging a folder, re-reading a file
  after changing it, listing a folder again after a move or a delete, the same request in a
  later turn, a wrong path corrected after "not found".
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import tempfile
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage
from pydantic import Field

from graph.context import Context
from graph.models import OfflineChatModel
from graph.runner import run_request
from tools.files import SEED

OUT = Path(__file__).with_name("replay.jsonl")
EXAMPLES = "tools.examples:DOMAIN"
EXPENSES = "tools.expenses:DOMAIN"
FILES = "tools.files:DOMAIN"

READINGS = ["150/95", "128/82", "135/88", "142/90", "118/76", "160/100", "124/80", "131/85"]
PERIODS = ["last week", "the last two weeks", "last month", "the past 7 days", "past 30 days"]
ORDERS = ["10086", "10088", "10089", "10090", "10091"]


class Recorder(OfflineChatModel):
    """The offline model, keeping each turn it proposes."""

    turns: list[Any] = Field(default_factory=list)

    def decide(
        self, task: dict[str, Any], history: list[BaseMessage], schemas: dict[str, Any]
    ) -> AIMessage:
        """Decide as the offline model does, and record the turn."""
        message = super().decide(task, history, schemas)
        if message.tool_calls:
            self.turns.append([{"name": c["name"], "args": c["args"]} for c in message.tool_calls])
        else:
            self.turns.append(str(message.content))
        return message


def declared_threads() -> list[tuple[str, str, list[str], list[str]]]:
    """(id, domain, user turns, tags) of the declared-domain threads."""
    out: list[tuple[str, str, list[str], list[str]]] = []
    for i, (value, period) in enumerate(zip(READINGS, PERIODS * 2, strict=False)):
        out.append((f"metric-{i}", EXAMPLES, [f"record {value} today and show {period}"], []))
        out.append((f"record-{i}", EXAMPLES, [f"record my reading {value}"], []))
        out.append((f"trend-{i}", EXAMPLES, [f"show my trend for {period}"], []))
    for i, value in enumerate(READINGS[:6]):
        out.append(
            (
                f"recheck-{i}",
                EXAMPLES,
                [f"show my trend, record {value}, then show the trend again"],
                ["reread"],
            )
        )
    for order in ORDERS:
        out.append((f"order-{order}", EXAMPLES, [f"where is order {order}"], []))
        out.append((f"notify-{order}", EXAMPLES, [f"text me the status of order {order}"], []))
    for i in range(3):
        out.append((f"orders-{i}", EXAMPLES, ["list all my orders"], ["paging"]))
    for kind in ("weekly", "monthly"):
        out.append((f"report-{kind}", EXAMPLES, [f"generate my {kind} report"], ["polling"]))
    out.append(("profile-0", EXAMPLES, ["show my contact details"], []))
    threads = [
        ["record 150/95 today and show the last two weeks", "show my trend for last week"],
        ["where is order 10086", "list all my orders", "where is order 10086"],
        ["generate my weekly report", "generate my monthly report"],
        ["record my reading 128/82", "record my reading 128/82"],
        ["show my contact details", "text me the status of order 10089"],
        [
            "show my trend for last month",
            "record my reading 135/88",
            "show my trend for last month",
        ],
        ["list all my orders", "where is order 10091"],
        [
            "record 142/90 today and show last week",
            "show my trend, record 118/76, then show the trend again",
        ],
    ]
    for i, turns in enumerate(threads):
        out.append((f"thread-{i}", EXAMPLES, turns, ["multi-turn", "same-command-new-state"]))
    expenses = [
        "claim 45.50 USD for a taxi today",
        "reimburse 120 EUR hotel yesterday and show my totals for the last 7 days",
        "claim 32 dollars for lunch today",
        "报销 88 元打车 今天",
        "claim 15.20 usd meal today and show the last 14 days",
    ]
    for i, text in enumerate(expenses):
        out.append((f"expense-{i}", EXPENSES, [text], []))
    out.append(("expense-thread", EXPENSES, [expenses[0], expenses[2]], ["multi-turn"]))
    return out


async def record_declared(workdir: Path) -> list[dict[str, Any]]:
    """Run each declared thread with the recording offline model."""
    out: list[dict[str, Any]] = []
    for tid, domain, users, tags in declared_threads():
        where = workdir / tid
        where.mkdir(parents=True)
        turns: list[dict[str, Any]] = []
        for text in users:
            model = Recorder(turns=[])
            context = Context(
                model=model,
                domain=domain,
                db=str(where / "agent.sqlite"),
                store=str(where / "business.sqlite"),
            )
            result = await run_request(text, thread_id=tid, context=context)
            if result["stop_reason"] != "completed":
                msg = f"{tid}: {text!r} ended {result['stop_reason']}; fix the request"
                raise SystemExit(msg)
            model_turns = list(model.turns)
            if not model_turns or not isinstance(model_turns[-1], str):
                model_turns.append("Done: " + str(result["answer"])[:120])
            turns.append({"user": text, "model": model_turns})
        out.append({"id": tid, "domain": domain, "tags": tags, "turns": turns})
    return out


# --- the file system: sessions as a careful model works them -------------------------------------


def c(name: str, **args: Any) -> list[dict[str, Any]]:
    """One model turn of one call."""
    return [{"name": name, "args": args}]


def fs(tid: str, tags: Sequence[str], *turns: tuple[str, list[Any]]) -> dict[str, Any]:
    """A file-system trajectory from (user text, model turns) pairs."""
    return {
        "id": f"fs-{tid}",
        "domain": FILES,
        "tags": list(tags),
        "turns": [{"user": u, "model": m} for u, m in turns],
    }


TODO = "notes/todo.txt"
DOWNLOAD_PAGES = [
    c("list_files", path="downloads", page=1),
    c("list_files", path="downloads", page=2),
]


def file_sessions() -> list[dict[str, Any]]:
    """Ninety-odd sessions over the seeded workspace (`tools.files.SEED`)."""
    out: list[dict[str, Any]] = []
    items = [
        "pay rent",
        "water the plants",
        "book dentist",
        "renew passport",
        "fix the bike",
        "call mum",
        "buy stamps",
        "return library books",
        "back up photos",
        "clean the oven",
    ]
    for i, item in enumerate(items):
        out.append(
            fs(
                f"todo-{i}",
                ["reread"],
                (
                    f"add '{item}' to my todo list",
                    [
                        c("read_file", path=TODO),
                        c("append_line", path=TODO, line=item),
                        c("read_file", path=TODO),
                        f"Added '{item}'.",
                    ],
                ),
            )
        )
    for i, item in enumerate(items[:6]):
        out.append(
            fs(
                f"todo-twice-{i}",
                ["multi-turn", "same-command-new-state"],
                (
                    f"add '{item}' to my todo list",
                    [c("append_line", path=TODO, line=item), c("read_file", path=TODO), "Added."],
                ),
                (
                    f"add '{item}' to my todo list again, I need it twice",
                    [
                        c("append_line", path=TODO, line=item),
                        c("read_file", path=TODO),
                        "Added again.",
                    ],
                ),
            )
        )
    out.append(
        fs(
            "downloads-pages",
            ["paging"],
            ("what is in my downloads folder?", [*DOWNLOAD_PAGES, "Seven files."]),
        )
    )
    out.append(
        fs(
            "downloads-pages-twice",
            ["paging", "multi-turn"],
            ("what is in my downloads folder?", [*DOWNLOAD_PAGES, "Seven files."]),
            ("and what is there now?", [*DOWNLOAD_PAGES, "The same seven files."]),
        )
    )
    deletable = [
        "setup.exe",
        "song.mp3",
        "archive.zip",
        "photo.jpg",
        "notes-copy.txt",
        "invoice.pdf",
    ]
    for i, name in enumerate(deletable):
        out.append(
            fs(
                f"delete-{i}",
                ["same-command-new-state"],
                (
                    f"delete {name} from my downloads",
                    [
                        *DOWNLOAD_PAGES,
                        c("delete_file", path=f"downloads/{name}"),
                        *DOWNLOAD_PAGES,
                        f"Deleted {name}.",
                    ],
                ),
            )
        )
    for i, name in enumerate(deletable[:4]):
        out.append(
            fs(
                f"delete-missing-{i}",
                ["not-found"],
                (
                    f"delete {name.upper()} from downloads",
                    [
                        c("delete_file", path=f"downloads/{name.upper()}"),
                        c("find_files", pattern=f"*{name.split('.')[1]}"),
                        c("delete_file", path=f"downloads/{name}"),
                        f"Deleted downloads/{name}.",
                    ],
                ),
            )
        )
    out.append(
        fs(
            "pdfs-to-documents",
            ["same-command-new-state"],
            (
                "clean up my downloads: move the PDFs into a documents folder",
                [
                    c("find_files", pattern="*.pdf"),
                    c("make_folder", path="documents"),
                    [
                        {
                            "name": "move_file",
                            "args": {
                                "source": "downloads/report-2025.pdf",
                                "destination": "documents",
                            },
                        },
                        {
                            "name": "move_file",
                            "args": {"source": "downloads/invoice.pdf", "destination": "documents"},
                        },
                    ],
                    c("find_files", pattern="*.pdf"),
                    c("list_files", path="documents"),
                    "Moved two PDFs.",
                ],
            ),
        )
    )
    kinds = [
        ("*.jpg", "pictures"),
        ("*.mp3", "music"),
        ("*.zip", "archives"),
        ("*.exe", "installers"),
    ]
    for i, (pattern, folder) in enumerate(kinds):
        out.append(
            fs(
                f"sort-{i}",
                ["same-command-new-state"],
                (
                    f"move every {pattern} file from downloads into a {folder} folder",
                    [
                        c("find_files", pattern=pattern),
                        c("make_folder", path=folder),
                        c(
                            "move_file",
                            source=f"downloads/{_seed_name(pattern)}",
                            destination=folder,
                        ),
                        c("find_files", pattern=pattern),
                        f"Moved into {folder}.",
                    ],
                ),
            )
        )
    renames = [
        ("notes/ideas.txt", "notes/plans.txt"),
        ("README.txt", "READ-ME.txt"),
        ("notes/todo.txt", "notes/tasks.txt"),
        ("downloads/photo.jpg", "downloads/beach.jpg"),
    ]
    for i, (src, dst) in enumerate(renames):
        folder = src.rsplit("/", 1)[0] if "/" in src else "."
        out.append(
            fs(
                f"rename-{i}",
                ["same-command-new-state"],
                (
                    f"rename {src} to {dst}",
                    [
                        c("list_files", path=folder),
                        c("move_file", source=src, destination=dst),
                        c("list_files", path=folder),
                        "Renamed.",
                    ],
                ),
            )
        )
    texts = [
        ("hello.txt", "hi there"),
        ("notes/shopping.txt", "eggs\nbread"),
        ("letters/draft.txt", "Dear Sam,"),
        ("config.ini", "[core]\nmode=fast"),
        ("notes/meeting.txt", "Monday 10:00"),
    ]
    for i, (path, text) in enumerate(texts):
        out.append(
            fs(
                f"write-{i}",
                ["reread"],
                (
                    f"create {path} saying {text!r}",
                    [
                        c("write_file", path=path, content=text),
                        c("read_file", path=path),
                        "Created.",
                    ],
                ),
            )
        )
        out.append(
            fs(
                f"rewrite-{i}",
                ["reread", "same-command-new-state"],
                (
                    f"create {path} saying {text!r}, then change it to say 'v2'",
                    [
                        c("write_file", path=path, content=text),
                        c("read_file", path=path),
                        c("write_file", path=path, content="v2"),
                        c("read_file", path=path),
                        "Changed.",
                    ],
                ),
            )
        )
    for i, path in enumerate(
        ["notes/todo.md", "notes/idea.txt", "readme.txt", "downloads/report.pdf"]
    ):
        found = {
            "notes/todo.md": "todo*",
            "notes/idea.txt": "idea*",
            "readme.txt": "README*",
            "downloads/report.pdf": "report*",
        }[path]
        real = {
            "notes/todo.md": TODO,
            "notes/idea.txt": "notes/ideas.txt",
            "readme.txt": "README.txt",
            "downloads/report.pdf": "downloads/report-2025.pdf",
        }[path]
        out.append(
            fs(
                f"wrong-path-{i}",
                ["not-found"],
                (
                    f"show me {path}",
                    [
                        c("read_file", path=path),
                        c("find_files", pattern=found),
                        c("read_file", path=real),
                        "Here it is.",
                    ],
                ),
            )
        )
    for i, (item, other) in enumerate(itertools.pairwise(items)):
        if i >= 6:
            break
        out.append(
            fs(
                f"session-{i}",
                ["multi-turn", "reread", "same-command-new-state"],
                ("what is in my notes?", [c("list_files", path="notes"), "Two files."]),
                (
                    f"add '{item}' and '{other}' to my todo",
                    [
                        c("append_line", path=TODO, line=item),
                        c("append_line", path=TODO, line=other),
                        c("read_file", path=TODO),
                        "Added both.",
                    ],
                ),
                ("show me the todo list", [c("read_file", path=TODO), "Here it is."]),
                ("what is in my notes now?", [c("list_files", path="notes"), "Still two files."]),
            )
        )
    for i, name in enumerate(["reports", "taxes", "travel", "recipes"]):
        out.append(
            fs(
                f"folder-{i}",
                ["same-command-new-state"],
                (
                    f"make a folder called {name} and put a readme in it",
                    [
                        c("list_files", path="."),
                        c("make_folder", path=name),
                        c("write_file", path=f"{name}/README.txt", content=f"{name} go here"),
                        c("list_files", path="."),
                        c("list_files", path=name),
                        "Done.",
                    ],
                ),
            )
        )
    for i, (pattern, count) in enumerate([("*.txt", 4), ("*.pdf", 2), ("*.mp3", 1), ("*.doc", 0)]):
        out.append(
            fs(
                f"find-{i}",
                [],
                (
                    f"how many {pattern} files do I have?",
                    [c("find_files", pattern=pattern), f"{count}."],
                ),
            )
        )
    out.append(
        fs(
            "parallel-reads",
            ["parallel"],
            (
                "show me my todo and my ideas",
                [
                    [
                        {"name": "read_file", "args": {"path": TODO}},
                        {"name": "read_file", "args": {"path": "notes/ideas.txt"}},
                    ],
                    "Both shown.",
                ],
            ),
        )
    )
    out.append(
        fs(
            "copy-note",
            ["reread"],
            (
                "copy my ideas into a new file notes/ideas-backup.txt",
                [
                    c("read_file", path="notes/ideas.txt"),
                    c(
                        "write_file",
                        path="notes/ideas-backup.txt",
                        content="a garden on the roof\n",
                    ),
                    c("read_file", path="notes/ideas-backup.txt"),
                    "Copied.",
                ],
            ),
        )
    )
    for i, path in enumerate(sorted(SEED)):
        out.append(fs(f"read-{i}", [], (f"show me {path}", [c("read_file", path=path), "Shown."])))
    ideas = ["solar panels", "a reading nook", "herb garden", "rain barrel", "bird feeder"]
    for i, idea in enumerate(ideas):
        out.append(
            fs(
                f"idea-{i}",
                ["reread"],
                (
                    f"note the idea '{idea}'",
                    [
                        c("read_file", path="notes/ideas.txt"),
                        c("append_line", path="notes/ideas.txt", line=idea),
                        c("read_file", path="notes/ideas.txt"),
                        "Noted.",
                    ],
                ),
            )
        )
    for i, name in enumerate(["summary", "digest", "overview", "recap", "brief"]):
        out.append(
            fs(
                f"summary-{i}",
                ["reread"],
                (
                    f"write a {name} of my todo list to notes/{name}.txt",
                    [
                        c("read_file", path=TODO),
                        c("write_file", path=f"notes/{name}.txt", content="2 items: milk, bank"),
                        c("read_file", path=f"notes/{name}.txt"),
                        "Written.",
                    ],
                ),
            )
        )
    for i, step in enumerate(["build", "test", "deploy", "review", "release"]):
        out.append(
            fs(
                f"log-{i}",
                ["multi-turn", "reread", "same-command-new-state"],
                (
                    "create log.txt saying 'start'",
                    [c("write_file", path="log.txt", content="start\n"), "Created."],
                ),
                (
                    f"append '{step}' to log.txt",
                    [
                        c("append_line", path="log.txt", line=step),
                        c("read_file", path="log.txt"),
                        "Appended.",
                    ],
                ),
                ("show me log.txt", [c("read_file", path="log.txt"), "Here it is."]),
            )
        )
    return out


def _seed_name(pattern: str) -> str:
    return {
        "*.jpg": "photo.jpg",
        "*.mp3": "song.mp3",
        "*.zip": "archive.zip",
        "*.exe": "setup.exe",
    }[pattern]


async def main() -> int:
    """Record the declared threads, add the file sessions, write the JSONL file."""
    with tempfile.TemporaryDirectory(prefix="loopguard-replay-data-") as tmp:
        declared = await record_declared(Path(tmp))
    rows = declared + file_sessions()
    text = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows)
    today = date.today()
    for days in range(-31, 1):  # recorded dates, relative again: the replay decides the day
        day = (today + timedelta(days=days)).isoformat()
        text = text.replace(f'"{day}"', '"${today' + (f"{days:+d}" if days else "") + '}"')
    OUT.write_text(text, encoding="utf-8")
    print(f"{len(rows)} trajectories ({len(declared)} declared) -> {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
