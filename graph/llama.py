r"""A local GGUF model run by llama-cpp-python, its tool calls constrained by a JSON schema.

`--model llamacpp:/path/to/model.gguf` loads it (the optional extra `llama`:
`pip install -e '.[llama]'`, which builds llama.cpp from source). Small models call tools
unreliably through their chat template, so this provider does not ask them to: each reply is
generated under a JSON schema (`response_format`), one object that is either a call of one
offered tool, its arguments constrained by that tool's own schema, or an answer. Every reply
parses; whether it is a good call is still the guard's business.

llama.cpp's schema-to-grammar converter cannot take the regex shorthands `\d`, `\w`, `\s`
(a `\d` crashed the process) nor escaped punctuation (`\.` made it drop the schema for
plain JSON), so patterns are rewritten with explicit classes before they reach it; the
guard validates against the original pydantic models either way.
"""

from __future__ import annotations

import importlib
import json
import os
import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import PrivateAttr

from tools.errors import ConfigError

PROVIDER = "llamacpp"
NEEDS_LLAMA = (
    "model {spec!r} needs llama-cpp-python: pip install -e '.[llama]' (it builds llama.cpp "
    "from source, about 7 minutes on 2 cores)"
)
NO_MODEL_FILE = "model {spec!r}: no GGUF file at {path}; pass the path of a .gguf file"
LOAD_FAILED = "model {spec!r}: llama.cpp could not load {path} ({error})"
REPLY_FORMAT = (
    "Reply with exactly one JSON object and nothing else: "
    '{{"name": <tool name>, "arguments": {{...}}}} to call one of the tools below, or '
    '{{"answer": "<text>"}} when every step is done.\n'
    "Tools:\n{tools}"
)
TOOL_RESULT = "Result of {name}: {content}"
GRAMMAR_REJECTED = (
    "llama.cpp rejected the reply grammar built from the JSON schemas of: {tools}; simplify "
    "their argument patterns"
)
ANSWER_KEY = "answer"
DEFAULT_CONTEXT = 4096
DEFAULT_MAX_TOKENS = 256

_SHORTHANDS = {"d": "0-9", "w": "A-Za-z0-9_", "s": " \\t\\n\\r"}
_PUNCTUATION = frozenset("./+*?(){}|$")
"""Escaped characters llama.cpp's converter copies into its grammar as invalid escapes (an
escaped dot broke the expense amount's grammar): a class of one outside a class, the bare
character inside one."""


def safe_pattern(pattern: str) -> str:
    r"""The regex with `\d`, `\w`, `\s` spelled as classes, which llama.cpp's converter takes.

    Inside a class the shorthand becomes its range (`[\d.]` -> `[0-9.]`); outside, a class
    of its own (`\d{2}` -> `[0-9]{2}`). Escaped punctuation goes the same way (`\.` ->
    `[.]`). Other escapes are left as they are.
    """
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            nxt = pattern[i + 1]
            if nxt in _SHORTHANDS:
                body = _SHORTHANDS[nxt]
                out.append(body if in_class else f"[{body}]")
            elif nxt in _PUNCTUATION:
                out.append(nxt if in_class else f"[{nxt}]")
            else:
                out.append(ch + nxt)
            i += 2
            continue
        if ch == "[" and not in_class:
            in_class = True
        elif ch == "]" and in_class:
            in_class = False
        out.append(ch)
        i += 1
    return "".join(out)


def safe_schema(schema: Any) -> Any:
    """A JSON schema with every `pattern` made safe for llama.cpp, and titles dropped."""
    if isinstance(schema, Mapping):
        out: dict[str, Any] = {}
        for key, value in schema.items():
            if key == "pattern" and isinstance(value, str):
                out[key] = safe_pattern(value)
            elif key == "title":
                continue
            elif key == "properties" and isinstance(value, Mapping):
                out[key] = {str(k): safe_schema(v) for k, v in value.items()}
            else:
                out[key] = safe_schema(value)
        return out
    if isinstance(schema, list):
        return [safe_schema(v) for v in schema]
    return schema


def _functions(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [dict(t["function"]) for t in tools if "function" in t]


def reply_schema(
    tools: Sequence[Mapping[str, Any]], tool_choice: str | None = None
) -> dict[str, Any]:
    """One object: a call of one offered tool with its own arguments' schema, or an answer.

    `tool_choice` as LangChain spells it: "any" or "required" leaves the answer out, a tool's
    name leaves only that tool; None, "auto" or "none" offer both.
    """
    options: list[dict[str, Any]] = []
    functions = _functions(tools)
    if tool_choice in {fn["name"] for fn in functions}:
        functions = [fn for fn in functions if fn["name"] == tool_choice]
    for fn in functions:
        params = safe_schema(fn.get("parameters") or {"type": "object", "properties": {}})
        if not params.get("properties"):
            # An object schema with no properties would admit any object; none is wanted.
            params = {"type": "object", "properties": {}, "additionalProperties": False}
        options.append(
            {
                "type": "object",
                "properties": {"name": {"const": fn["name"]}, "arguments": params},
                "required": ["name", "arguments"],
                "additionalProperties": False,
            }
        )
    if options and tool_choice not in (None, "auto", "none"):
        return {"anyOf": options}
    options.append(
        {
            "type": "object",
            "properties": {ANSWER_KEY: {"type": "string"}},
            "required": [ANSWER_KEY],
            "additionalProperties": False,
        }
    )
    return {"anyOf": options}


def _describe(fn: Mapping[str, Any]) -> str:
    params = fn.get("parameters") or {}
    args = {
        name: {k: v for k, v in prop.items() if k in ("type", "enum", "description", "format")}
        for name, prop in (params.get("properties") or {}).items()
    }
    shown = json.dumps(args, ensure_ascii=False, separators=(",", ":"))
    return f"- {fn['name']}: {fn.get('description', '')} Arguments: {shown}"


def chat_messages(
    messages: Sequence[BaseMessage], tools: Sequence[Mapping[str, Any]]
) -> list[dict[str, str]]:
    """LangChain messages as llama.cpp chat messages, in the same JSON the model replies in.

    The model's earlier calls are shown as the objects it produced, and tool results as user
    turns, so any GGUF chat template renders the conversation. System messages are merged
    into one, after the reply format and the tools.
    """
    listing = "\n".join(_describe(fn) for fn in _functions(tools)) or "(none)"
    out: list[dict[str, str]] = []
    system_parts: list[str] = []
    for m in messages:
        if isinstance(m, SystemMessage):
            system_parts.append(m.text)
        elif isinstance(m, ToolMessage):
            out.append({"role": "user", "content": TOOL_RESULT.format(name=m.name, content=m.text)})
        elif isinstance(m, AIMessage):
            if m.tool_calls:
                text = "\n".join(
                    json.dumps(
                        {"name": c["name"], "arguments": c["args"]},
                        ensure_ascii=False,
                        default=str,
                    )
                    for c in m.tool_calls
                )
            else:
                text = json.dumps({ANSWER_KEY: m.text}, ensure_ascii=False)
            out.append({"role": "assistant", "content": text})
        else:
            out.append({"role": "user", "content": m.text})
    # The tool listing first: it is the same on every turn of a task, so llama.cpp reuses
    # its evaluation from the last call (a common prefix) instead of reading it again.
    system = "\n\n".join([REPLY_FORMAT.format(tools=listing), *system_parts])
    return [{"role": "system", "content": system}, *out]


def parse_reply(text: str, offered: Sequence[str]) -> AIMessage:
    """The model's JSON object as an AI message: one tool call, or an answer.

    Output cut short by the token limit, or any other text that does not parse, becomes an
    invalid tool call, which the guard answers with a field-level hint like any bad call.
    """
    call_id = "call_" + uuid.uuid4().hex[:12]
    try:
        data = json.loads(text)
    except ValueError as exc:
        name = next((n for n in offered if f'"{n}"' in text), "")
        return AIMessage(
            content="",
            invalid_tool_calls=[
                {
                    "id": call_id,
                    "name": name,
                    "args": text,
                    "error": f"not JSON: {exc}",
                    "type": "invalid_tool_call",
                }
            ],
        )
    if isinstance(data, dict) and isinstance(data.get("name"), str):
        args = data.get("arguments")
        return AIMessage(
            content="",
            tool_calls=[
                {
                    "id": call_id,
                    "name": data["name"],
                    "args": args if isinstance(args, dict) else {},
                    "type": "tool_call",
                }
            ],
        )
    if isinstance(data, dict) and ANSWER_KEY in data:
        return AIMessage(content=str(data[ANSWER_KEY]))
    return AIMessage(content=text)


class LlamaCppChatModel(BaseChatModel):
    """A GGUF model through llama-cpp-python, every reply constrained to one JSON object.

    Greedy decoding (temperature 0) by default, so a run is repeatable on one machine. The
    llama.cpp model is loaded on first use and reused; calls are serialised, since one
    llama.cpp context serves one generation at a time.
    """

    model_path: str
    n_ctx: int = DEFAULT_CONTEXT
    n_threads: int | None = None
    """CPU threads; None keeps llama-cpp-python's default (half the cores). More threads than
    free cores made generation several times slower on a busy machine, not faster."""
    max_tokens: int = DEFAULT_MAX_TOKENS
    temperature: float = 0.0
    seed: int = 0

    _llama: Any = PrivateAttr(default=None)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _compiled: set[str] = PrivateAttr(default_factory=set)

    @property
    def _llm_type(self) -> str:
        return PROVIDER

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_path": self.model_path, "n_ctx": self.n_ctx, "seed": self.seed}

    def load(self) -> Any:
        """The llama.cpp model, loaded once.

        Raises:
            ConfigError: llama-cpp-python is missing, or the file does not load.
        """
        if self._llama is not None:
            return self._llama
        spec = f"{PROVIDER}:{self.model_path}"
        try:
            llama_cpp = importlib.import_module("llama_cpp")
        except ImportError:
            raise ConfigError(NEEDS_LLAMA.format(spec=spec)) from None
        if not Path(self.model_path).is_file():
            raise ConfigError(NO_MODEL_FILE.format(spec=spec, path=self.model_path))
        try:
            threads = {"n_threads": self.n_threads} if self.n_threads else {}
            self._llama = llama_cpp.Llama(
                model_path=self.model_path,
                n_ctx=self.n_ctx,
                seed=self.seed,
                verbose=False,
                **threads,
            )
        except (ValueError, RuntimeError) as exc:
            msg = LOAD_FAILED.format(spec=spec, path=self.model_path, error=exc)
            raise ConfigError(msg) from None
        return self._llama

    def _check_grammar(self, llama: Any, schema: dict[str, Any]) -> None:
        """Compile the reply's grammar once per schema; llama.cpp crashes on one it rejects.

        Generating under a grammar llama.cpp could not parse dereferenced a null sampler
        (a segfault, not an exception), so each new schema is compiled here first and a
        rejected one raises, which `propose` reports as a `model_error` stop.
        """
        key = json.dumps(schema, sort_keys=True)
        if key in self._compiled:
            return
        llama_cpp = importlib.import_module("llama_cpp")
        grammar = importlib.import_module("llama_cpp.llama_grammar").json_schema_to_gbnf(key)
        sampler = llama_cpp.llama_sampler_init_grammar(
            llama._model.vocab, grammar.encode("utf-8"), b"root"
        )
        if not sampler:
            names = [
                o["properties"].get("name", {}).get("const", "answer") for o in schema["anyOf"]
            ]
            raise ValueError(GRAMMAR_REJECTED.format(tools=", ".join(map(str, names))))
        llama_cpp.llama_sampler_free(sampler)
        self._compiled.add(key)

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind OpenAI-style tool schemas; they become the reply's JSON schema.

        `tool_choice` "any" (or "required", or a tool's name) makes a call the only reply the
        schema admits.
        """
        schemas = [convert_to_openai_tool(t) for t in tools]
        return self.bind(tools=schemas, tool_choice=tool_choice, **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        tools: list[dict[str, Any]] = kwargs.get("tools") or []
        llama = self.load()
        schema = reply_schema(tools, kwargs.get("tool_choice"))
        with self._lock:
            self._check_grammar(llama, schema)
            out = llama.create_chat_completion(
                messages=chat_messages(messages, tools),
                response_format={"type": "json_object", "schema": schema},
                temperature=self.temperature,
                max_tokens=self.max_tokens,
                seed=self.seed,
                stop=stop,
            )
        text = str(out["choices"][0]["message"].get("content") or "")
        message = parse_reply(text, [fn["name"] for fn in _functions(tools)])
        usage = out.get("usage") or {}
        message.usage_metadata = {
            "input_tokens": int(usage.get("prompt_tokens", 0)),
            "output_tokens": int(usage.get("completion_tokens", 0)),
            "total_tokens": int(usage.get("total_tokens", 0)),
        }
        message.response_metadata = {"model_name": Path(self.model_path).name}
        return ChatResult(generations=[ChatGeneration(message=message)])


def load_llamacpp(path: str) -> LlamaCppChatModel:
    """`llamacpp:/path/model.gguf`: the model, loaded now so a bad path fails at once.

    Raises:
        ConfigError: llama-cpp-python is missing or the file does not load.
    """
    model = LlamaCppChatModel(model_path=os.path.expanduser(path))
    model.load()
    return model
