"""What search needs of a tool: its name, namespace, description and argument schema.

Ranking reads nothing else, so registering a tool for search needs nothing else: no
function to call, no intent, no permission. A runnable `ToolSpec` is turned into an entry
by `entry_of`; `nodes.search.catalogue` builds entries straight from an OpenAPI document,
LangChain tools or an MCP server's tool list.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tools.contract import ToolSpec


@dataclass(frozen=True)
class ToolEntry:
    """One searchable tool.

    Attributes:
        name: The name the model would call (unique within a catalogue).
        description: What it does, as published; the main text search reads.
        namespace: The service or group it belongs to ("s3", "repos"); may be empty.
        parameters: A JSON schema of its arguments (an object schema); property names and
            descriptions are searched too.
    """

    name: str
    description: str
    namespace: str = ""
    parameters: Mapping[str, Any] = field(default_factory=dict)

    def argument_text(self) -> str:
        """Argument names and their descriptions, nested objects one level down."""
        return " ".join(_schema_words(self.parameters, depth=2))


def _schema_words(schema: Mapping[str, Any], depth: int) -> Iterator[str]:
    properties = schema.get("properties")
    if not isinstance(properties, Mapping) or depth <= 0:
        return
    for name, sub in properties.items():
        yield str(name)
        if not isinstance(sub, Mapping):
            continue
        text = sub.get("description")
        if isinstance(text, str) and text:
            yield text
        yield from _schema_words(sub, depth - 1)


def first_sentence(text: str, limit: int = 240, sentences: int = 1) -> str:
    """The first sentence(s) of a description, at most `limit` characters.

    Published documentation runs to paragraphs; its first sentence or two say what the
    operation or argument is, the rest how to format it, which only adds noise to ranking.
    """
    words = " ".join(text.split())
    ends = [m.end() for m in re.finditer(r"[.。](?:\s|$)", words)]
    if len(ends) >= sentences:
        words = words[: ends[sentences - 1]]
    return words.strip()[:limit]


def entry_of(spec: ToolSpec) -> ToolEntry:
    """The searchable part of a declared tool: what its schema shows a model."""
    properties: dict[str, Any] = {}
    for arg, info in spec.args_model.model_fields.items():
        properties[arg] = {"description": info.description} if info.description else {}
    return ToolEntry(
        name=spec.name,
        description=spec.description,
        namespace=spec.namespace,
        parameters={"type": "object", "properties": properties},
    )
