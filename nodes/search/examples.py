"""Requests a user has confirmed for a tool: the ranker's memory of how their users ask.

A published catalogue describes what an operation does in the API's words; users ask in
theirs ("who visited the repo this week" for page views, "kill that key for good" for a
scheduled deletion). Once an agent has been used, its confirmed (request, tool) pairs say
how. `Examples` holds them; a ranker given them (`LexicalRanker(examples=...)`) also ranks
each tool by the requests confirmed for it that read most like the new one, and fuses that
ranking with its own by reciprocal rank. A tool with no example is ranked as if its examples
agreed with its own words, so examples for some tools are no evidence against the others;
and one example does not outweigh what the request's words match best (on one example's
ranking alone, a tool matching nothing rises to about the seventh place).

The file is the one `fit-search` reads: one JSON object a line, `{"text": ..., "tool": ...}`
(or `"tools": [...]` for a request more than one tool answers). Nothing ships: examples are
the user's own, like a fitted operation prior (docs/search.md has what they bought on the
published catalogues' held-out requests).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tools.entry import ToolEntry
from tools.errors import ConfigError

EXAMPLE_WEIGHT = 1.5
"""How much the ranking by examples counts in the lexical ranker's fusion: as much as its own
ranking (`LEXICAL_WEIGHT`), what users said of a tool weighing as much as what the API says.
Chosen on dev requests only, with `EXAMPLE_RRF_K` (docs/search.md)."""
EXAMPLE_RRF_K = 5
"""Reciprocal-rank fusion's constant when examples take part, in place of `RRF_K` (15): a
request confirmed for a tool is strong evidence, and a small constant lets the first places
of the rankings that agree on it count more. Chosen on dev requests only (docs/search.md)."""
BAD_EXAMPLE = (
    "{path}:{line}: expected a JSON object with 'text' (a string) and 'tool' (a tool name) "
    "or 'tools' (a list of names) ({error}); fix or remove the line"
)
CANNOT_READ = "{path}: cannot read it ({error})"


@dataclass(frozen=True)
class Examples:
    """Confirmed requests: (request text, tool name) pairs, in the order given."""

    pairs: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, str]]) -> Examples:
        """From (text, tool name) pairs; blank texts are dropped."""
        return cls(tuple((t, n) for t, n in pairs if t.strip()))

    @classmethod
    def load(cls, path: str | Path) -> Examples:
        """Read a JSON-lines file of confirmed requests (the format `fit-search` reads).

        Raises:
            ConfigError: The file cannot be read, or a line is not such an object.
        """
        path = Path(path)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise ConfigError(CANNOT_READ.format(path=path, error=exc.strerror or exc)) from None
        pairs: list[tuple[str, str]] = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                names = row["tools"] if "tools" in row else [row["tool"]]
                text = row["text"]
                if not isinstance(text, str) or not isinstance(names, list):
                    raise TypeError
                if not names or not all(isinstance(n, str) for n in names):
                    raise TypeError
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                msg = BAD_EXAMPLE.format(path=path, line=number, error=type(exc).__name__)
                raise ConfigError(msg) from None
            pairs.extend((text, name) for name in names)
        return cls.of(pairs)

    def by_tool(self, names: Iterable[str]) -> dict[str, list[str]]:
        """The example texts of each of `names` that has any; other tools' are not used."""
        wanted = set(names)
        out: dict[str, list[str]] = defaultdict(list)
        for text, name in self.pairs:
            if name in wanted:
                out[name].append(text)
        return dict(out)


def example_entries(by_tool: dict[str, list[str]]) -> tuple[tuple[str, ...], list[ToolEntry]]:
    """One searchable document per tool, its examples' words, for a BM25 index of them.

    The documents carry no tool name (a placeholder), so only the users' words count.
    """
    tools = tuple(sorted(by_tool))
    docs = [
        ToolEntry(name=f"x{i}", description=" . ".join(by_tool[t])) for i, t in enumerate(tools)
    ]
    return tools, docs
