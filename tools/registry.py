"""The tool registry: every declared tool, and the narrow views the loader hands out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from nodes.search.entry import ToolEntry, entry_of
from nodes.search.lexical import SearchIndex
from nodes.search.ranker import Ranker, RankIndex
from tools.contract import ToolSpec
from tools.errors import ConfigError

DUPLICATE_TOOL = "tool {name!r} is declared twice; tool names must be unique in a registry"


class ToolRegistry:
    """All tools a domain declares; the model only ever sees a filtered slice of it."""

    def __init__(self, tools: Iterable[ToolSpec] = ()) -> None:
        self._tools: dict[str, ToolSpec] = {}
        self._by_intent: dict[str, list[ToolSpec]] | None = None
        self._index: SearchIndex | None = None
        self._ranked: dict[int, tuple[Ranker, RankIndex]] = {}
        for spec in tools:
            self.register(spec)

    def register(self, spec: ToolSpec) -> ToolSpec:
        """Add a tool; a second tool with the same name is a configuration error."""
        if spec.name in self._tools:
            msg = DUPLICATE_TOOL.format(name=spec.name)
            raise ConfigError(msg)
        self._tools[spec.name] = spec
        self._by_intent = None  # derived views are rebuilt on next use
        self._index = None
        self._ranked = {}
        return spec

    def get(self, name: str) -> ToolSpec | None:
        """Look a tool up by name; None when the registry has no such tool."""
        return self._tools.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[ToolSpec]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def for_intent(self, intent: str, permissions: frozenset[str]) -> list[ToolSpec]:
        """The tools serving `intent` that the caller's permissions allow, in declared order."""
        if self._by_intent is None:
            # Grouped once: with a thousand tools, scanning all of them per request would be
            # most of the loader's time.
            by_intent: dict[str, list[ToolSpec]] = {}
            for spec in self._tools.values():
                for name in spec.intents:
                    by_intent.setdefault(name, []).append(spec)
            self._by_intent = by_intent
        return [
            spec
            for spec in self._by_intent.get(intent, ())
            if spec.permission is None or spec.permission in permissions
        ]

    def entries(self) -> list[ToolEntry]:
        """Every tool as search sees it: name, namespace, description, argument schema."""
        return [entry_of(spec) for spec in self._tools.values()]

    def ranked_by(self, ranker: Ranker) -> RankIndex:
        """The registry indexed by `ranker`, built on first use and after any registration.

        Kept per ranker object, so a domain's ranker indexes its registry once per process.
        """
        key = id(ranker)
        found = self._ranked.get(key)
        if found is None or found[0] is not ranker:
            found = (ranker, ranker.build(self.entries()))
            self._ranked[key] = found
        return found[1]

    def search_index(self) -> SearchIndex:
        """The plain lexical index of every tool (benchmarks compare rankers on it)."""
        if self._index is None:
            self._index = SearchIndex.build(self._tools.values())
        return self._index
