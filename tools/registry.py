"""The tool registry: every declared tool, and the narrow views the loader hands out.

A domain builds its tools into a `ToolRegistry`; the loader asks it for the tools of an
intent and, for a large registry, for an index built by the domain's `Ranker`. The rankers
themselves (`nodes.search.ranker`) implement the two protocols declared here, so this module
and a domain that names its own ranker import nothing from the runtime.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol, runtime_checkable

from tools.contract import ToolSpec
from tools.entry import ToolEntry, entry_of
from tools.errors import ConfigError

DUPLICATE_TOOL = "tool {name!r} is declared twice; tool names must be unique in a registry"


@runtime_checkable
class RankIndex(Protocol):
    """A registry indexed by a ranker: ranks tool names for one request."""

    def rank(
        self, query: str, among: Sequence[str] | None = None, limit: int | None = None
    ) -> list[str]:
        """`among` (every indexed tool when None) best first, at most `limit` of them."""
        ...


@runtime_checkable
class Ranker(Protocol):
    """Builds a `RankIndex` over a registry's tools; the registry calls it once per change."""

    def build(self, entries: Sequence[ToolEntry]) -> RankIndex:
        """Index these tools."""
        ...


class ToolRegistry:
    """All tools a domain declares; the model only ever sees a filtered slice of it."""

    def __init__(self, tools: Iterable[ToolSpec] = ()) -> None:
        self._tools: dict[str, ToolSpec] = {}
        self._by_intent: dict[str, list[ToolSpec]] | None = None
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
