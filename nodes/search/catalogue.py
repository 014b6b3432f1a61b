"""Searchable catalogues straight from what APIs publish: OpenAPI, LangChain tools, MCP.

Search needs a tool's name, description and argument schema, and nothing else
(`ToolEntry`). These builders read them from where they already are, so ranking a
catalogue of a thousand operations needs no function per tool, no intent on every tool
and no `Domain`:

    catalogue = ToolCatalogue(from_openapi(json.load(open("openapi.json"))))
    catalogue.search("把这个仓库的默认分支改成 main", limit=5)

A domain that runs tools still declares `ToolSpec`s (a function, effect, permission);
its registry is ranked the same way, by `Domain.ranker`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from nodes.search.ranker import default_ranker
from tools.entry import ToolEntry, first_sentence
from tools.registry import Ranker, RankIndex

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
DUPLICATE_ENTRY = "two tools are named {name!r}; names must be unique in a catalogue"
NO_NAME = "an MCP tool needs a 'name' (got keys {keys}); pass the server's tools/list result"
_NOT_NAME = re.compile(r"[^A-Za-z0-9_]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def snake(text: str) -> str:
    """`repos/list-for-org` → `repos_list_for_org`, `CreateBucket` → `create_bucket`."""
    return _NOT_NAME.sub("_", _CAMEL.sub("_", text)).strip("_").lower()


def _ref(doc: Mapping[str, Any], node: Any, depth: int = 0) -> Any:
    """Follow a local `$ref` (`#/components/...`), a few levels deep at most."""
    while isinstance(node, Mapping) and "$ref" in node and depth < 8:
        target: Any = doc
        for part in str(node["$ref"]).removeprefix("#/").split("/"):
            target = target.get(part, {}) if isinstance(target, Mapping) else {}
        node, depth = target, depth + 1
    return node


def _openapi_parameters(
    doc: Mapping[str, Any], operation: Mapping[str, Any], shared: Sequence[Any]
) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required: list[str] = []
    for raw in [*shared, *operation.get("parameters", ())]:
        param = _ref(doc, raw)
        if not isinstance(param, Mapping) or "name" not in param:
            continue
        schema = dict(_ref(doc, param.get("schema", {})) or {})
        if param.get("description"):
            schema["description"] = first_sentence(str(param["description"]))
        properties[str(param["name"])] = schema
        if param.get("required"):
            required.append(str(param["name"]))
    body = _ref(doc, operation.get("requestBody", {}))
    content = body.get("content", {}) if isinstance(body, Mapping) else {}
    for media in content.values() if isinstance(content, Mapping) else ():
        schema = _ref(doc, media.get("schema", {})) if isinstance(media, Mapping) else {}
        fields = schema.get("properties", {}) if isinstance(schema, Mapping) else {}
        for name, sub in fields.items():
            sub = _ref(doc, sub)
            properties.setdefault(str(name), dict(sub) if isinstance(sub, Mapping) else {})
        break  # one media type describes the body; the others repeat it
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = required
    return out


def from_openapi(doc: Mapping[str, Any], *, namespace: str | None = None) -> list[ToolEntry]:
    """One entry per operation of an OpenAPI 3 (or Swagger 2) document, in document order.

    Name: the `operationId` in snake case (`repos/list-for-org` → `repos_list_for_org`),
    else method and path. Namespace: `namespace`, else the operation's first tag, else the
    first path segment. Description: the summary, then the description's first sentence.
    Arguments: path, query and header parameters and the request body's top-level fields.
    """
    entries: list[ToolEntry] = []
    for path, item in (doc.get("paths") or {}).items():
        item = _ref(doc, item)
        if not isinstance(item, Mapping):
            continue
        shared = list(item.get("parameters", ()))
        for method in HTTP_METHODS:
            operation = item.get(method)
            if not isinstance(operation, Mapping):
                continue
            op_id = operation.get("operationId") or f"{method} {path}"
            tags = operation.get("tags") or ()
            segment = next((p for p in str(path).split("/") if p and "{" not in p), "")
            summary = str(operation.get("summary") or "").strip()
            detail = first_sentence(str(operation.get("description") or ""))
            text = f"{summary}. {detail}" if summary and detail else summary or detail
            entries.append(
                ToolEntry(
                    name=snake(str(op_id)),
                    description=text,
                    namespace=namespace or snake(str(tags[0] if tags else segment)),
                    parameters=_openapi_parameters(doc, operation, shared),
                )
            )
    return entries


def from_langchain(tools: Iterable[Any]) -> list[ToolEntry]:
    """One entry per LangChain tool (`BaseTool`, `@tool` functions, `StructuredTool`).

    Reads `name`, `description` and the argument schema LangChain sends to a model
    (`tool_call_schema`), so what is searched is what the model would see.
    """
    entries: list[ToolEntry] = []
    for tool in tools:
        schema: Mapping[str, Any] = {}
        model = getattr(tool, "tool_call_schema", None) or getattr(tool, "args_schema", None)
        if isinstance(model, Mapping):
            schema = model
        elif model is not None and hasattr(model, "model_json_schema"):
            schema = model.model_json_schema()
        entries.append(
            ToolEntry(
                name=str(tool.name),
                description=str(getattr(tool, "description", "") or ""),
                namespace=str((getattr(tool, "metadata", None) or {}).get("namespace", "")),
                parameters=schema,
            )
        )
    return entries


def from_mcp(tools: Iterable[Mapping[str, Any] | Any], *, namespace: str = "") -> list[ToolEntry]:
    """One entry per tool of an MCP server's `tools/list` result.

    Takes the result's dicts (`name`, `description`, `inputSchema`) or the `mcp` SDK's
    `Tool` objects (`input_schema` / `inputSchema` attributes): no live server is needed,
    a saved list is enough. `namespace` names the server, so two servers' tools can share
    one catalogue.
    """
    entries: list[ToolEntry] = []
    for tool in tools:
        if isinstance(tool, Mapping):
            data: Mapping[str, Any] = tool
        else:
            data = {
                "name": getattr(tool, "name", None),
                "description": getattr(tool, "description", None),
                "inputSchema": getattr(tool, "inputSchema", None)
                or getattr(tool, "input_schema", None),
            }
        if not data.get("name"):
            msg = NO_NAME.format(keys=sorted(data))
            raise ValueError(msg)
        entries.append(
            ToolEntry(
                name=str(data["name"]),
                description=str(data.get("description") or data.get("title") or ""),
                namespace=namespace,
                parameters=dict(data.get("inputSchema") or {}),
            )
        )
    return entries


class ToolCatalogue:
    """Tools to search, without running them: entries plus a ranker.

    Args:
        entries: What to search (`from_openapi`, `from_langchain`, `from_mcp`, or your own
            `ToolEntry` list).
        ranker: How to rank; the lexical default when None.
    """

    def __init__(self, entries: Iterable[ToolEntry], ranker: Ranker | None = None) -> None:
        self.entries: dict[str, ToolEntry] = {}
        for entry in entries:
            if entry.name in self.entries:
                msg = DUPLICATE_ENTRY.format(name=entry.name)
                raise ValueError(msg)
            self.entries[entry.name] = entry
        self.ranker: Ranker = ranker if ranker is not None else default_ranker()
        self._index: RankIndex | None = None

    def __len__(self) -> int:
        return len(self.entries)

    def index(self) -> RankIndex:
        """The catalogue indexed by its ranker, built on first use."""
        if self._index is None:
            self._index = self.ranker.build(list(self.entries.values()))
        return self._index

    def rank(
        self, request: str, among: Sequence[str] | None = None, limit: int | None = None
    ) -> list[str]:
        """Tool names best first for the request, from `among` (default: every tool)."""
        return self.index().rank(request, among, limit)

    def search(self, request: str, limit: int = 5) -> list[ToolEntry]:
        """The `limit` best entries for the request."""
        return [self.entries[name] for name in self.rank(request, None, limit)]
