"""The llama.cpp provider, without llama.cpp: its schema, its prompt, its parsing, its errors.

A fake `llama_cpp` module stands in for the optional extra, so these run offline and
model-free in CI; the real model is measured by `python -m graph eval --model llamacpp:...`
(README, "A real local model"). The fake checks what llama.cpp would be asked: one JSON
schema per reply, with patterns it can compile.
"""

from __future__ import annotations

import json
import re
import sys
import types
from datetime import date
from pathlib import Path
from typing import Any, ClassVar

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from graph.llama import (
    LlamaCppChatModel,
    chat_messages,
    parse_reply,
    reply_schema,
    safe_pattern,
    safe_schema,
)
from graph.models import load_chat_model
from tests.conftest import METRIC_REQUEST_EN, Harness
from tools.domain import load_domain
from tools.errors import ConfigError

SHORTHAND = re.compile(r"\\[dws]")


class FakeLlama:
    """Answers `create_chat_completion` from a list of JSON replies; keeps every request."""

    replies: ClassVar[list[str]] = []
    requests: ClassVar[list[dict[str, Any]]] = []

    grammar_ok: ClassVar[bool] = True

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs
        self._model = types.SimpleNamespace(vocab=object())

    def create_chat_completion(self, **request: Any) -> dict[str, Any]:
        FakeLlama.requests.append(request)
        text = FakeLlama.replies.pop(0) if FakeLlama.replies else '{"answer": "done"}'
        return {
            "choices": [{"message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        }


@pytest.fixture
def fake_llama(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    module = types.ModuleType("llama_cpp")
    module.Llama = FakeLlama  # type: ignore[attr-defined]
    module.llama_sampler_init_grammar = lambda vocab, text, root: FakeLlama.grammar_ok  # type: ignore[attr-defined]
    module.llama_sampler_free = lambda sampler: None  # type: ignore[attr-defined]
    grammar = types.ModuleType("llama_cpp.llama_grammar")
    grammar.json_schema_to_gbnf = lambda schema: "root ::= object"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "llama_cpp", module)
    monkeypatch.setitem(sys.modules, "llama_cpp.llama_grammar", grammar)
    FakeLlama.replies = []
    FakeLlama.requests = []
    FakeLlama.grammar_ok = True
    path = tmp_path / "tiny.gguf"
    path.write_bytes(b"GGUF")
    return path


def example_tools() -> list[dict[str, Any]]:
    return [
        spec.schema()
        for spec in load_domain("tools.examples:DOMAIN").tools
        if spec.name in ("record_metric", "get_metric_trend", "list_orders")
    ]


def test_patterns_lose_the_shorthands_llama_cpp_cannot_compile() -> None:
    assert safe_pattern(r"^\d{2,3}/\d{2,3}$") == "^[0-9]{2,3}/[0-9]{2,3}$"
    assert safe_pattern(r"[\d.]+\s\w") == r"[0-9.]+[ \t\n\r][A-Za-z0-9_]"
    assert safe_pattern(r"^ct_[0-9a-f]{16}$") == r"^ct_[0-9a-f]{16}$"
    assert safe_pattern(r"^\d{1,7}(\.\d{1,2})?$") == "^[0-9]{1,7}([.][0-9]{1,2})?$"
    for pattern, good, bad in (
        (r"^\d{2,3}/\d{2,3}$", "150/95", "15O/95"),
        (r"^J-\d{1,9}$", "J-12", "J-x"),
        (r"^\d{1,7}(\.\d{1,2})?$", "42.50", "42x50"),
    ):
        assert re.fullmatch(safe_pattern(pattern), good)
        assert not re.fullmatch(safe_pattern(pattern), bad)


@pytest.mark.parametrize("domain", ["tools.examples:DOMAIN", "tools.expenses:DOMAIN"])
def test_no_shipped_tool_schema_reaches_llama_cpp_with_a_shorthand(domain: str) -> None:
    tools = [spec.schema() for spec in load_domain(domain).tools]
    assert SHORTHAND.search(json.dumps(reply_schema(tools))) is None
    assert SHORTHAND.search(json.dumps(safe_schema(tools))) is None
    # No escape at all survives: an escaped dot made llama.cpp drop the amount's grammar.
    patterns = re.findall(r'"pattern": ("(?:[^"\\]|\\.)*")', json.dumps(reply_schema(tools)))
    assert patterns
    assert all("\\" not in json.loads(p) for p in patterns), patterns


def test_the_reply_schema_is_one_offered_call_or_an_answer() -> None:
    schema = reply_schema(example_tools())
    options = schema["anyOf"]
    names = [o["properties"]["name"]["const"] for o in options if "name" in o["properties"]]
    assert names == ["record_metric", "get_metric_trend", "list_orders"]
    trend = next(
        o for o in options if o["properties"].get("name", {}).get("const") == "get_metric_trend"
    )
    assert trend["properties"]["arguments"]["properties"]["period"]["enum"] == ["7d", "14d", "30d"]
    assert options[-1]["required"] == ["answer"]
    assert all(o["additionalProperties"] is False for o in options)


def test_replies_parse_into_one_call_an_answer_or_an_invalid_call() -> None:
    offered = ["record_metric"]
    called = parse_reply('{"name": "record_metric", "arguments": {"value": "150/95"}}', offered)
    assert [(c["name"], c["args"]) for c in called.tool_calls] == [
        ("record_metric", {"value": "150/95"})
    ]
    assert parse_reply('{"answer": "Saved."}', offered).content == "Saved."
    cut = parse_reply('{"name": "record_metric", "arguments": {"val', offered)
    assert not cut.tool_calls
    assert cut.invalid_tool_calls[0]["name"] == "record_metric"
    assert "not JSON" in str(cut.invalid_tool_calls[0]["error"])


def test_the_conversation_is_shown_in_the_format_the_model_replies_in() -> None:
    messages = [
        SystemMessage("task block"),
        HumanMessage("record 150/95"),
        AIMessage(
            content="",
            tool_calls=[{"id": "c1", "name": "record_metric", "args": {"value": "150/95"}}],
        ),
        ToolMessage('{"ok": true}', tool_call_id="c1", name="record_metric"),
        AIMessage(content="Saved."),
    ]
    chat = chat_messages(messages, example_tools())
    assert [m["role"] for m in chat] == ["system", "user", "assistant", "user", "assistant"]
    system = chat[0]["content"]
    assert system.index("- record_metric:") < system.index("task block"), "static part first"
    assert json.loads(chat[2]["content"]) == {
        "name": "record_metric",
        "arguments": {"value": "150/95"},
    }
    assert chat[3]["content"] == 'Result of record_metric: {"ok": true}'
    assert json.loads(chat[4]["content"]) == {"answer": "Saved."}


def test_each_reply_is_generated_under_the_schema(fake_llama: Path) -> None:
    FakeLlama.replies = ['{"name": "get_metric_trend", "arguments": {"period": "14d"}}']
    model = LlamaCppChatModel(model_path=str(fake_llama))
    reply = model.bind_tools(example_tools()).invoke([HumanMessage("trend please")])

    assert isinstance(reply, AIMessage)
    assert [c["name"] for c in reply.tool_calls] == ["get_metric_trend"]
    assert reply.usage_metadata == {"input_tokens": 100, "output_tokens": 20, "total_tokens": 120}
    request = FakeLlama.requests[0]
    assert request["response_format"]["type"] == "json_object"
    assert request["response_format"]["schema"] == reply_schema(example_tools())
    assert request["temperature"] == 0.0


async def test_the_graph_runs_on_the_provider_end_to_end(
    fake_llama: Path, harness: Harness
) -> None:
    FakeLlama.replies = [
        json.dumps({"name": "record_metric", "arguments": {"value": "150/95", "date": "today"}}),
        json.dumps(
            {
                "name": "record_metric",
                "arguments": {"value": "150/95", "date": date.today().isoformat()},
            }
        ),
        json.dumps({"name": "get_metric_trend", "arguments": {"period": "14d"}}),
    ]
    model = load_chat_model(f"llamacpp:{fake_llama}")
    out = await harness.run(METRIC_REQUEST_EN, model, step_policy="model")

    assert out["stop_reason"] == "completed"
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1
    # The bad date came back as a field-level hint, in the prompt of the next reply.
    retry_prompt = FakeLlama.requests[1]["messages"][-1]["content"]
    assert "field 'date' expected a date YYYY-MM-DD" in retry_prompt
    assert '"task_state"' in retry_prompt


def test_loading_fails_in_one_line_without_the_package_or_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake_llama: Path
) -> None:
    missing = tmp_path / "missing.gguf"
    with pytest.raises(ConfigError, match=r"no GGUF file at .*missing\.gguf"):
        load_chat_model(f"llamacpp:{missing}")
    monkeypatch.setitem(sys.modules, "llama_cpp", None)
    with pytest.raises(ConfigError, match=r"needs llama-cpp-python: pip install -e '\.\[llama\]'"):
        load_chat_model(f"llamacpp:{fake_llama}.other")


async def test_a_grammar_llama_cpp_rejects_stops_the_run_instead_of_crashing_it(
    fake_llama: Path, harness: Harness
) -> None:
    FakeLlama.grammar_ok = False
    model = LlamaCppChatModel(model_path=str(fake_llama))
    out = await harness.run(METRIC_REQUEST_EN, model)

    assert out["stop_reason"] == "model_error"
    assert FakeLlama.requests == [], "nothing was generated under the rejected grammar"
    assert harness.executions() == 0
