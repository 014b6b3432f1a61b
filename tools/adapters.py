"""Your tools, as they are: LangChain tools and MCP servers become `ToolSpec`s.

A `BaseTool` (an `@tool` function, a `StructuredTool`, or a tool `langchain-mcp-adapters`
made from an MCP server) already has what the model sees: a name, a description and an
argument schema. What it lacks is what the runtime decides with: does it change anything,
may it be repeated? That comes, in order, from an explicit override, from the MCP tool
annotations the server published (`readOnlyHint`, `destructiveHint`, `idempotentHint`, which
`langchain-mcp-adapters` copies into `BaseTool.metadata`), or from nowhere. A tool whose effect
is unknown is a write that is not idempotent: it goes through the exactly-once ledger, and a
failed attempt that may have landed is never retried blindly.

    specs = tool_specs([list_files, write_file], effects={"list_files": "read"})

MCP servers are read from the config file `MultiServerMCPClient` takes (`load_mcp_config`);
`mcp_tools` lists their tools (the optional `mcp` extra: `pip install -e ".[mcp]"`).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar, Literal

from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool, ToolException
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from tools.contract import ErrorType, ToolContext, ToolResult, ToolSpec
from tools.errors import ConfigError

EffectOverride = Literal["read", "write", "idempotent"]
"""How a caller states a tool's effect: "read" (changes nothing), "write" (changes something;
repeating it may change it again) or "idempotent" (a write whose repetition changes nothing
more, like overwriting a file with the same text)."""
EFFECT_OVERRIDES: tuple[EffectOverride, ...] = ("read", "write", "idempotent")
Source = Literal["override", "annotations", "unknown"]

NOT_A_TOOL = (
    "{what!r} is a {kind}, not a LangChain BaseTool (an @tool function or a StructuredTool)"
)
BAD_OVERRIDE = "effect of {tool!r} must be one of {known}, got {value!r}"
UNKNOWN_OVERRIDE = "effects name tools that are not in the list: {names}"
NEEDS_MCP = (
    'MCP servers need the optional packages langchain-mcp-adapters and mcp: pip install -e ".[mcp]"'
)
BAD_MCP_CONFIG = (
    "MCP config {path}: {error}; expected a JSON object of servers, e.g. "
    '{{"files": {{"transport": "stdio", "command": "python", "args": ["server.py"]}}}}'
)
MCP_UNREACHABLE = "MCP server(s) in {path} could not be listed: {error}"
NO_OUTPUT = "(no output)"
DEFAULT_TIMEOUT_S = 30.0
"""Per attempt: a LangChain tool may call a remote API, an MCP call may start a process."""

TOOL_CONTEXT: ContextVar[ToolContext | None] = ContextVar("loopguard_tool_context", default=None)


def tool_context() -> ToolContext:
    """Who is calling, for a plain LangChain tool that needs it (the user, the store path).

    A tool written with `@tool` receives only its arguments; identity must not be one of them,
    or a model could name another user. The runtime sets this around every call it runs.

    Raises:
        LookupError: Called outside a run of the graph.
    """
    ctx = TOOL_CONTEXT.get()
    if ctx is None:
        msg = "tool_context() is only available while the graph runs a tool"
        raise LookupError(msg)
    return ctx


@dataclass(frozen=True)
class Effects:
    """What the runtime knows about a tool's side effects, and where it learned it.

    Attributes:
        effect: "write" gets an idempotency key and the ledger; "read" may be answered from
            its recorded result when repeated.
        idempotent: Repeating the same call changes nothing more at the backend.
        destructive: The MCP server says it may delete or overwrite (`destructiveHint`).
        source: "override" (the caller said), "annotations" (the server said) or "unknown"
            (nobody said: treated as a non-idempotent write).
    """

    effect: Literal["read", "write"]
    idempotent: bool
    destructive: bool
    source: Source


def annotations_of(tool: BaseTool) -> dict[str, Any]:
    """The MCP tool annotations a LangChain tool carries, if any.

    `langchain-mcp-adapters` puts them flat into `metadata`; a hand-written tool may set
    `metadata={"readOnlyHint": True}` or `metadata={"annotations": {...}}` the same way.
    """
    meta = tool.metadata or {}
    nested = meta.get("annotations")
    found = dict(nested) if isinstance(nested, Mapping) else {}
    for key in ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"):
        if key in meta:
            found[key] = meta[key]
    return found


def effects_of(tool: BaseTool, override: EffectOverride | None = None) -> Effects:
    """Read, write or idempotent write: the override, else the annotations, else a write.

    MCP's defaults apply to what a server left out: not read-only, destructive, not
    idempotent. `destructiveHint` and `idempotentHint` only mean something for a write.
    """
    hints = annotations_of(tool)
    destructive = hints.get("destructiveHint") is not False
    if override is not None:
        if override not in EFFECT_OVERRIDES:
            msg = BAD_OVERRIDE.format(tool=tool.name, known=EFFECT_OVERRIDES, value=override)
            raise ConfigError(msg)
        if override == "read":
            return Effects("read", True, False, "override")
        return Effects("write", override == "idempotent", destructive, "override")
    if hints.get("readOnlyHint") is True:
        return Effects("read", True, False, "annotations")
    if hints:
        return Effects("write", hints.get("idempotentHint") is True, destructive, "annotations")
    return Effects("write", False, True, "unknown")


# --- argument models ---------------------------------------------------------------------------


class JsonSchemaArgs(BaseModel):
    """Base of argument models built from a JSON schema (an MCP tool's `inputSchema`).

    The model validates what it can express and shows the model the server's own schema,
    unchanged: the model is asked for exactly what the server will check.
    """

    model_config = ConfigDict(extra="forbid")
    source_schema: ClassVar[dict[str, Any]] = {}

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The source schema, not pydantic's rendering of the approximation."""
        schema = dict(cls.source_schema or super().model_json_schema(*args, **kwargs))
        schema.setdefault("type", "object")
        schema.setdefault("properties", {})
        return schema


class OpenJsonSchemaArgs(JsonSchemaArgs):
    """For a schema that allows properties it does not name (`additionalProperties`)."""

    model_config = ConfigDict(extra="allow")


_JSON_TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "object": dict[str, Any],
    "null": type(None),
}


def _python_type(prop: Mapping[str, Any]) -> Any:
    """The Python type a JSON schema property maps to; `Any` where pydantic cannot say more."""
    if prop.get("enum"):
        return Literal[tuple(prop["enum"])]
    kind = prop.get("type")
    if isinstance(kind, list):
        types = [_python_type({**prop, "type": k}) for k in kind]
        out: Any = types[0]
        for t in types[1:]:
            out = out | t
        return out
    if kind == "array":
        items = prop.get("items")
        item: Any = _python_type(items) if isinstance(items, Mapping) else Any
        return list[item]
    return _JSON_TYPES.get(str(kind), Any)


def _nullable(prop: Mapping[str, Any]) -> bool:
    kind = prop.get("type")
    variants = prop.get("anyOf") or prop.get("oneOf") or []
    return (
        kind == "null"
        or (isinstance(kind, list) and "null" in kind)
        or any(isinstance(v, Mapping) and v.get("type") == "null" for v in variants)
    )


def args_model_from_schema(name: str, schema: Mapping[str, Any]) -> type[BaseModel]:
    """A pydantic model validating arguments against a JSON object schema.

    Types, enums, required fields and defaults are checked here, before anything runs, so a
    wrongly typed argument gets the same field-level hint as for a declared tool. Nested
    shapes pydantic cannot be told from a schema fragment (`anyOf`, `$ref`) are left to the
    server.
    """
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or ())
    fields: dict[str, Any] = {}
    for field_name, raw in properties.items():
        prop = raw if isinstance(raw, Mapping) else {}
        annotation = _python_type(prop)
        description = prop.get("description")
        if field_name in required:
            fields[field_name] = (annotation, Field(description=description))
        else:
            default = prop.get("default")
            optional = annotation if default is not None else annotation | None
            fields[field_name] = (optional, Field(default=default, description=description))
    open_ = schema.get("additionalProperties") not in (None, False)
    base = OpenJsonSchemaArgs if open_ else JsonSchemaArgs
    model = create_model(f"{name}_args", __base__=base, **fields)
    model.source_schema = {k: v for k, v in dict(schema).items() if k not in ("title", "$schema")}
    return model


def _args_model(tool: BaseTool) -> type[BaseModel]:
    schema = tool.tool_call_schema
    if isinstance(schema, type) and issubclass(schema, BaseModel):
        return schema
    if isinstance(schema, Mapping):
        return args_model_from_schema(tool.name, schema)
    return args_model_from_schema(tool.name, {"type": "object", "properties": {}})


def _call_args(tool: BaseTool, args: BaseModel) -> dict[str, Any]:
    """The validated arguments as the tool takes them: no nulls the schema does not allow."""
    out = args.model_dump(mode="json")
    source = getattr(type(args), "source_schema", None)
    if not source:
        return out
    props = source.get("properties") or {}
    required = set(source.get("required") or ())
    return {
        k: v
        for k, v in out.items()
        if v is not None or k in required or _nullable(props.get(k) or {})
    }


# --- running a tool ----------------------------------------------------------------------------


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            str(block.get("text", "")) if isinstance(block, Mapping) else str(block)
            for block in content
            if not isinstance(block, Mapping) or block.get("type") in (None, "text")
        ]
        return "\n".join(p for p in parts if p)
    return str(content)


def _is_blocks(content: Any) -> bool:
    return isinstance(content, list) and all(
        isinstance(b, Mapping) and "type" in b for b in content
    )


def result_data(message: ToolMessage) -> dict[str, Any]:
    """The structured data of a tool's answer: what the envelope's `data` holds.

    An MCP tool's structured content wins; a JSON object in the text is read as one; any
    other answer is kept whole under "result", so a model always gets what the tool said.
    """
    artifact = message.artifact
    if isinstance(artifact, Mapping):
        structured = artifact.get("structured_content")
        if isinstance(structured, Mapping):
            return dict(structured)
    content = message.content
    if isinstance(content, list) and not _is_blocks(content):
        return {"result": content}
    text = _text(content).strip()
    if not text:
        return {"result": NO_OUTPUT}
    try:
        parsed = json.loads(text)
    except ValueError:
        return {"result": text}
    return dict(parsed) if isinstance(parsed, dict) else {"result": parsed}


def _failure(kind: ErrorType, message: str) -> ToolResult:
    actions = {
        "not_found": "Check the name or path; asking again will not help.",
        "business": "The tool refused the request; repeating it will not help.",
    }
    return ToolResult.failure(kind, message[:500], retryable=False, user_action=actions.get(kind))


def _error_kind(exc: BaseException) -> ErrorType | None:
    """Failures a plain tool raises that mean "no" rather than "broken"."""
    if isinstance(exc, FileNotFoundError | LookupError):
        return "not_found"
    if isinstance(exc, ToolException | FileExistsError | IsADirectoryError | NotADirectoryError):
        return "business"
    if isinstance(exc, ValueError) and not isinstance(exc, UnicodeError | ValidationError):
        return "business"  # pydantic's ValidationError is the executor's: a validation failure
    return None


def runner(
    tool: BaseTool,
) -> Callable[[BaseModel, ToolContext], Awaitable[ToolResult | dict[str, Any]]]:
    """The `ToolSpec.fn` that calls a LangChain tool and reads its answer into an envelope.

    The tool is invoked with a tool call, the way LangGraph's ToolNode does, so its status
    comes back with it: an MCP server's error result is a failure, not text that looks like
    data. Errors the tool raises that mean "not found" or "refused" become such failures;
    anything else (timeouts, lost connections, bugs) reaches the executor, which sorts it
    into its retry classes.
    """

    async def run(args: BaseModel, ctx: ToolContext) -> ToolResult | dict[str, Any]:
        token = TOOL_CONTEXT.set(ctx)
        try:
            call = {
                "type": "tool_call",
                "id": ctx.idempotency_key or "loopguard",
                "name": tool.name,
                "args": _call_args(tool, args),
            }
            answer = await tool.ainvoke(call)
        except Exception as exc:
            kind = _error_kind(exc)
            if kind is None:
                raise  # the executor's retry classes; an interrupt (GraphBubbleUp) passes too
            return _failure(kind, f"{tool.name}: {exc}" if str(exc) else tool.name)
        finally:
            TOOL_CONTEXT.reset(token)
        if not isinstance(answer, ToolMessage):  # a tool that returns a Command, or raw data
            shown = answer if isinstance(answer, str | list) else json.dumps(answer, default=str)
            answer = ToolMessage(content=shown, tool_call_id="loopguard")
        if answer.status == "error":
            text = _text(answer.content).strip() or f"{tool.name} reported an error"
            kind = "not_found" if "not found" in text.lower() else "business"
            return _failure(kind, text)
        return result_data(answer)

    return run


def tool_spec(
    tool: BaseTool,
    *,
    namespace: str = "tools",
    intents: Iterable[str] = (),
    effect: EffectOverride | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    permission: str | None = None,
    approve_destructive: bool = False,
) -> ToolSpec:
    """The runtime's declaration of a LangChain tool, without rewriting it.

    Args:
        tool: Any `BaseTool`: `@tool`, `StructuredTool`, or an MCP tool from
            `langchain-mcp-adapters`.
        namespace: The service it belongs to (an MCP server's name).
        intents: The intents it serves.
        effect: Overrides what the tool's annotations say (`EffectOverride`).
        timeout_s: Per-attempt timeout.
        permission: A permission the caller's roles must grant; None: anyone.
        approve_destructive: A write the server marks destructive waits for a human.

    Raises:
        ConfigError: `tool` is not a BaseTool, or the override is not a known effect.
    """
    if not isinstance(tool, BaseTool):
        msg = NOT_A_TOOL.format(what=tool, kind=type(tool).__name__)
        raise ConfigError(msg)
    known = effects_of(tool, effect)
    return ToolSpec(
        name=tool.name,
        namespace=namespace,
        description=tool.description or tool.name,
        args_model=_args_model(tool),
        fn=runner(tool),
        effect=known.effect,
        idempotent=known.idempotent,
        timeout_s=timeout_s,
        permission=permission,
        intents=frozenset(intents),
        requires_approval=approve_destructive and known.effect == "write" and known.destructive,
    )


def tool_specs(
    tools: Iterable[BaseTool | ToolSpec],
    *,
    namespace: str = "tools",
    intents: Iterable[str] = (),
    effects: Mapping[str, EffectOverride] | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    approve_destructive: bool = False,
) -> list[ToolSpec]:
    """`tool_spec` for each tool; a `ToolSpec` passes through, serving `intents` too.

    Raises:
        ConfigError: An override names a tool that is not in the list, or a list entry is
            neither a BaseTool nor a ToolSpec.
    """
    overrides = dict(effects or {})
    wanted = frozenset(intents)
    out: list[ToolSpec] = []
    for item in tools:
        if isinstance(item, ToolSpec):
            out.append(
                item if wanted <= item.intents else _with_intents(item, item.intents | wanted)
            )
            continue
        out.append(
            tool_spec(
                item,
                namespace=str((item.metadata or {}).get("namespace") or namespace)
                if isinstance(item, BaseTool)
                else namespace,
                intents=wanted,
                effect=overrides.pop(item.name, None) if isinstance(item, BaseTool) else None,
                timeout_s=timeout_s,
                approve_destructive=approve_destructive,
            )
        )
    if overrides:
        msg = UNKNOWN_OVERRIDE.format(names=", ".join(sorted(overrides)))
        raise ConfigError(msg)
    return out


def _with_intents(spec: ToolSpec, intents: frozenset[str]) -> ToolSpec:
    return replace(spec, intents=intents)


# --- MCP servers -------------------------------------------------------------------------------


def load_mcp_config(path: str | Path) -> dict[str, dict[str, Any]]:
    """The servers of an MCP config file: `{name: connection}` as `MultiServerMCPClient` takes.

    A file in Claude Desktop's shape (`{"mcpServers": {...}}`) is read too; a server without a
    `transport` is stdio when it has a `command`, streamable HTTP when it has a `url`.

    Raises:
        ConfigError: The file is missing, not JSON, or not an object of server objects.
    """
    where = Path(path)
    try:
        raw = json.loads(where.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(BAD_MCP_CONFIG.format(path=path, error=exc.strerror or exc)) from None
    except ValueError as exc:
        raise ConfigError(BAD_MCP_CONFIG.format(path=path, error=f"not JSON ({exc})")) from None
    servers = raw.get("mcpServers", raw) if isinstance(raw, dict) else None
    if not isinstance(servers, dict) or not servers:
        raise ConfigError(BAD_MCP_CONFIG.format(path=path, error="no servers"))
    out: dict[str, dict[str, Any]] = {}
    for name, conn in servers.items():
        if not isinstance(conn, dict):
            error = f"server {name!r} is a {type(conn).__name__}"
            raise ConfigError(BAD_MCP_CONFIG.format(path=path, error=error))
        conn = dict(conn)
        if "transport" not in conn:
            conn["transport"] = "stdio" if "command" in conn else "streamable_http"
        if conn["transport"] == "stdio" and "cwd" not in conn:
            conn["cwd"] = str(where.resolve().parent)  # relative script paths: beside the file
        out[str(name)] = conn
    return out


async def mcp_tools(servers: Mapping[str, Mapping[str, Any]]) -> list[BaseTool]:
    """Every tool of every server, as LangChain tools; each knows its server (`namespace`).

    Each call opens a session of its own (`langchain-mcp-adapters`' default), so a tool
    call after a resume or in another process needs no session kept from before.

    Raises:
        ConfigError: The MCP packages are not installed, or a server could not be listed.
    """
    try:
        from langchain_mcp_adapters.client import MultiServerMCPClient
    except ImportError:
        raise ConfigError(NEEDS_MCP) from None
    out: list[BaseTool] = []
    for name, conn in servers.items():
        client = MultiServerMCPClient({name: dict(conn)})  # type: ignore[dict-item]
        tools = await client.get_tools(server_name=name)
        for tool in tools:
            tool.metadata = {**(tool.metadata or {}), "namespace": name}
        out.extend(tools)
    return out


def mcp_tools_sync(servers: Mapping[str, Mapping[str, Any]], *, where: str = "") -> list[BaseTool]:
    """`mcp_tools` from synchronous code, even under a running event loop.

    Listing happens once per process when a domain is first loaded; it runs on a private
    loop in a worker thread so a caller inside an async node is not re-entered.

    Raises:
        ConfigError: As `mcp_tools`, or a server did not answer.
    """
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["tools"] = asyncio.run(mcp_tools(servers))
        except ConfigError as exc:
            box["error"] = exc
        except BaseException as exc:  # an unreachable server: one line, not a traceback
            box["error"] = ConfigError(
                MCP_UNREACHABLE.format(path=where or "the config", error=_first_line(exc))
            )

    worker = threading.Thread(target=work, name="loopguard-mcp-list", daemon=True)
    worker.start()
    worker.join()
    if "error" in box:
        raise box["error"]
    return list(box["tools"])


def _first_line(exc: BaseException) -> str:
    inner: BaseException = exc
    while isinstance(inner, BaseExceptionGroup) and inner.exceptions:
        inner = inner.exceptions[0]
    text = str(inner).strip().splitlines()
    return f"{type(inner).__name__}: {text[0] if text else ''}"[:200]
