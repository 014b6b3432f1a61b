"""Chat models: any LangChain model by 'provider:model', a keyless offline one, scripted misfits.

The offline model reads the task block that `propose` sends every model (intent, computed
slots, checklist) and proposes the next pending step, so the demo runs with no key and no
network. The scripted models misbehave in the ways real ones do, deterministically, so the
guard can be shown to hold. The guard never looks at which model is running.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, ClassVar, Literal, cast

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from tools.domain import STEP_POLICIES, StepPolicy
from tools.errors import ConfigError

TASK_OPEN = "<task>"
TASK_CLOSE = "</task>"
_TASK_RE = re.compile(re.escape(TASK_OPEN) + r"(.*?)" + re.escape(TASK_CLOSE), re.DOTALL)

Behaviour = Literal[
    "repeat",
    "wrong-type",
    "fix-after-hint",
    "alternate",
    "forget",
    "not-offered",
    "ignore-failure",
]
BEHAVIOURS: dict[str, str] = {
    "repeat": "repeats its first call forever, whatever the result",
    "wrong-type": "sends a wrongly typed argument and never fixes it",
    "fix-after-hint": "sends a wrongly typed argument, then fixes it after a field-level hint",
    "alternate": "alternates between two calls, A B A B, never finishing",
    "forget": "forgets a finished step and proposes it again once",
    "not-offered": "calls a tool that was not offered (default query_order; 'not-offered:TOOL')",
    "ignore-failure": "ignores a failed call and claims the task is done",
}

PROVIDERS: dict[str, tuple[str, str, str]] = {
    "openai": ("langchain_openai", "ChatOpenAI", "langchain-openai"),
    "azure_openai": ("langchain_openai", "AzureChatOpenAI", "langchain-openai"),
    "anthropic": ("langchain_anthropic", "ChatAnthropic", "langchain-anthropic"),
    "ollama": ("langchain_ollama", "ChatOllama", "langchain-ollama"),
    "google_genai": ("langchain_google_genai", "ChatGoogleGenerativeAI", "langchain-google-genai"),
    "mistralai": ("langchain_mistralai", "ChatMistralAI", "langchain-mistralai"),
    "groq": ("langchain_groq", "ChatGroq", "langchain-groq"),
    "deepseek": ("langchain_deepseek", "ChatDeepSeek", "langchain-deepseek"),
    "fireworks": ("langchain_fireworks", "ChatFireworks", "langchain-fireworks"),
    "together": ("langchain_together", "ChatTogether", "langchain-together"),
}

API_KEY_ENV: dict[str, str] = {
    "openai": "OPENAI_API_KEY",
    "azure_openai": "AZURE_OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "google_genai": "GOOGLE_API_KEY",
    "mistralai": "MISTRAL_API_KEY",
    "groq": "GROQ_API_KEY",
    "deepseek": "DEEPSEEK_API_KEY",
    "fireworks": "FIREWORKS_API_KEY",
    "together": "TOGETHER_API_KEY",
}
"""The environment variable each keyed provider reads, named in the one-line error."""

BAD_MODEL_SPEC = (
    "model {spec!r} is not 'provider:model'; use e.g. 'openai:gpt-4.1-mini', 'offline', "
    "or 'scripted:<behaviour>'"
)
UNKNOWN_PROVIDER = "model provider {provider!r} is unknown; known: {known}"
MISSING_PACKAGE = "model {spec!r} needs the package {package}: pip install {package}"
UNKNOWN_BEHAVIOUR = "scripted behaviour {name!r} is unknown; choose one of: {known}"
PROVIDER_FAILED = "model {spec!r} could not start: {why}; {fix}"
SET_KEY = "set {env} (or run keyless with --model offline)"
CHECK_SETTINGS = "check the provider's settings (or run keyless with --model offline)"


# --- the task block every model receives ---------------------------------------------------------


def render_task(task: dict[str, Any]) -> str:
    """The system prompt: instructions plus a machine-readable task block.

    Real models read the same block the offline model plans from: the intent, the slot values
    code already computed, and which checklist steps are still open.
    """
    return (
        "You are a careful assistant that completes the user's task with the tools offered.\n"
        "Use the slot values given in the task exactly; they were computed by code. Do not "
        "repeat a call that already succeeded, do not call tools that were not offered, and "
        "fix arguments when a tool reports a validation error. When every step is done, "
        "answer briefly without calling tools. Several calls in one turn run in parallel; "
        'an argument that needs another call\'s result is written {"$ref": "#N.field"} (N: '
        "that call's position in your turn, from 0).\n"
        f"{TASK_OPEN}{json.dumps(task, ensure_ascii=False, sort_keys=True)}{TASK_CLOSE}"
    )


def read_task(messages: Sequence[BaseMessage]) -> dict[str, Any]:
    """Parse the task block out of the system prompt (empty when there is none)."""
    for message in messages:
        if isinstance(message, SystemMessage):
            m = _TASK_RE.search(str(message.content))
            if m:
                task: dict[str, Any] = json.loads(m.group(1))
                return task
    return {}


def estimate_tokens(text: str) -> int:
    """About four characters a token: close enough for budgets and comparisons offline."""
    return max(1, len(text) // 4)


# --- offline model ------------------------------------------------------------------------------


def _current_task(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """Messages after the last human turn: what happened in this task so far."""
    for i in range(len(messages) - 1, -1, -1):
        if isinstance(messages[i], HumanMessage):
            return list(messages[i + 1 :])
    return list(messages)


def _envelope(message: ToolMessage) -> dict[str, Any]:
    try:
        data = json.loads(str(message.content))
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def with_exploration(
    task: dict[str, Any], history: Sequence[BaseMessage], schemas: dict[str, Any]
) -> dict[str, Any]:
    """An open-ended task's plan for the built-in models: look with each read-only tool.

    Nobody wrote a checklist, and a keyless model cannot plan the user's request; what it can
    do honestly is call each offered tool that only reads and needs no argument once (with
    its defaults), then answer with what came back. A declared task is returned as it is.
    """
    if not task.get("open_ended"):
        return task
    answered = {
        m.name
        for m in history
        if isinstance(m, ToolMessage) and m.status != "error" and m.name is not None
    }
    steps = []
    for name in task.get("reads", []):
        params = schemas.get(name, {}).get("function", {}).get("parameters", {})
        if name not in schemas or params.get("required"):
            continue
        defaults = {
            k: v["default"]
            for k, v in params.get("properties", {}).items()
            if isinstance(v, dict) and "default" in v
        }
        steps.append({"step": name, "tool": name, "args": defaults, "done": name in answered})
    return {**task, "steps": steps}


def _findings(history: Sequence[BaseMessage]) -> str:
    found = [
        f"{m.name}: {str(m.content)[:300]}"
        for m in history
        if isinstance(m, ToolMessage) and m.status != "error"
    ]
    return "Here is what I found. " + "; ".join(found) if found else "I found nothing to report."


class OfflineChatModel(BaseChatModel):
    """A keyless, networkless model that proposes the task's next pending step.

    It is an honest stand-in for a capable model: it follows the task block, reads tool
    results, and stops calling tools once nothing is pending. Token usage is reported in
    `usage_metadata` like a hosted model's, so budgets and benchmarks work unchanged.
    """

    @property
    def _llm_type(self) -> str:
        return "offline-planner"

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind tool schemas the way provider models do, so `propose` treats all alike."""
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        tools: list[dict[str, Any]] = kwargs.get("tools") or []
        schemas = {t["function"]["name"]: t for t in tools if "function" in t}
        message = self.decide(read_task(messages), _current_task(messages), schemas)
        prompt_text = "".join(str(m.content) for m in messages) + json.dumps(tools)
        output_text = str(message.content) + json.dumps(message.tool_calls, default=str)
        input_tokens, output_tokens = estimate_tokens(prompt_text), estimate_tokens(output_text)
        message.usage_metadata = {
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "total_tokens": input_tokens + output_tokens,
        }
        message.response_metadata = {"model_name": self._llm_type}
        return ChatResult(generations=[ChatGeneration(message=message)])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        # Pure computation: no need for the default thread-pool hop.
        return self._generate(messages, stop, None, **kwargs)

    # The policy: subclasses change only this.
    def decide(
        self, task: dict[str, Any], history: list[BaseMessage], schemas: dict[str, Any]
    ) -> AIMessage:
        """Next message: a tool call for the first open step, or a final answer."""
        task = with_exploration(task, history, schemas)
        offered = list(schemas)
        last = history[-1] if history else None
        if isinstance(last, ToolMessage) and last.status == "error":
            env = _envelope(last)
            if not env.get("retryable", False) and env.get("error_type") != "validation":
                return AIMessage(
                    content=f"I could not finish: {env.get('message', 'a tool failed')}."
                )
        pending = self.pending_steps(task, offered)
        if pending:
            return self.call(pending[0]["tool"], pending[0]["args"], history)
        if task.get("open_ended"):
            return AIMessage(content=_findings(history))
        return AIMessage(content="All requested steps are done.")

    @staticmethod
    def pending_steps(task: dict[str, Any], offered: list[str]) -> list[dict[str, Any]]:
        """Open checklist steps whose tool was offered, in plan order."""
        return [s for s in task.get("steps", []) if not s.get("done") and s.get("tool") in offered]

    @staticmethod
    def call(tool: str, args: dict[str, Any], history: list[BaseMessage]) -> AIMessage:
        """An AIMessage proposing one call, with an id stable for the same point in history."""
        seed = f"{len(history)}:{tool}:{json.dumps(args, sort_keys=True, default=str)}"
        call_id = "call_" + hashlib.sha1(seed.encode()).hexdigest()[:12]
        return AIMessage(content="", tool_calls=[{"id": call_id, "name": tool, "args": args}])


# --- scripted misbehaving models ---------------------------------------------------------------


def _corrupt(args: dict[str, Any]) -> dict[str, Any]:
    """Give the first argument the wrong JSON type, as small models often do."""
    if not args:
        return {"unexpected": 1}
    key = next(iter(args))
    value = args[key]
    if isinstance(value, str):
        digits = re.sub(r"\D", "", value)
        wrong: Any = int(digits) if digits else 0
    elif isinstance(value, bool | int | float):
        wrong = str(value) + "x"
    else:
        wrong = 0
    return {**args, key: wrong}


def _example_args(schema: dict[str, Any]) -> dict[str, Any]:
    """Plausible arguments from a JSON schema, for calls that follow no plan."""
    params = schema.get("function", {}).get("parameters", {})
    out: dict[str, Any] = {}
    for name in params.get("required", []):
        prop = params.get("properties", {}).get(name, {})
        if "enum" in prop:
            out[name] = prop["enum"][-1]
        elif prop.get("type") == "integer":
            out[name] = 1
        else:
            out[name] = "1"
    return out


class ScriptedChatModel(OfflineChatModel):
    """The offline planner with one deliberate, repeatable misbehaviour.

    It prefers the `model` step policy: it exists to show what the guard does when the
    model alone decides, and under `hint` the runtime would finish its task for it (pass
    `step_policy` to see that instead).
    """

    preferred_step_policy: ClassVar[StepPolicy] = "model"

    behaviour: Behaviour = "repeat"
    target_tool: str = "query_order"
    """For 'not-offered': the tool it insists on calling."""

    @property
    def _llm_type(self) -> str:
        return f"scripted-{self.behaviour}"

    def decide(
        self, task: dict[str, Any], history: list[BaseMessage], schemas: dict[str, Any]
    ) -> AIMessage:
        """Misbehave according to `behaviour`; otherwise plan like the offline model."""
        task = with_exploration(task, history, schemas)
        offered = list(schemas)
        steps = [s for s in task.get("steps", []) if s.get("tool") in offered]
        if not steps:
            return AIMessage(content="Nothing to do.")
        first = steps[0]
        turns = [m for m in history if isinstance(m, AIMessage) and m.tool_calls]
        last = history[-1] if history else None
        b = self.behaviour
        if b == "repeat":
            if turns:  # its very first call, literally, even when the plan has moved on
                previous = turns[0].tool_calls[0]
                return self.call(previous["name"], previous["args"], history)
            return self.call(first["tool"], first["args"], history)
        if b == "wrong-type":
            return self.call(first["tool"], _corrupt(first["args"]), history)
        if b == "fix-after-hint":
            # It works on the next open step, like the model it imitates: once a step is done
            # it moves on (and mistypes the next step's argument too, until hinted again).
            pending = self.pending_steps(task, offered)
            if not pending:
                return AIMessage(content="All requested steps are done.")
            step = pending[0]
            hinted = (
                isinstance(last, ToolMessage) and _envelope(last).get("error_type") == "validation"
            )
            args = step["args"] if hinted else _corrupt(step["args"])
            return self.call(step["tool"], args, history)
        if b == "alternate":
            planned_tools = {s["tool"] for s in steps}
            others = [n for n in offered if n not in planned_tools] or [
                n for n in offered if n != first["tool"]
            ]
            if not turns or not others:
                return self.call(first["tool"], first["args"], history)
            other = others[0]
            planned = next((s["args"] for s in steps if s["tool"] == other), None)
            if len(turns) % 2 == 1:
                return self.call(other, planned or _example_args(schemas[other]), history)
            return self.call(first["tool"], first["args"], history)
        if b == "forget":
            if len(turns) == 1:
                previous = turns[0].tool_calls[0]
                return self.call(previous["name"], previous["args"], history)
            return super().decide(task, history, schemas)
        if b == "not-offered":
            tool = self.target_tool if self.target_tool not in offered else "delete_all_records"
            return self.call(tool, {"order_id": "10086"}, history)
        if b == "ignore-failure":
            if isinstance(last, ToolMessage) and last.status == "error":
                return AIMessage(content="Done! Everything went through successfully.")
            pending = self.pending_steps(task, offered)
            if pending:
                return self.call(pending[0]["tool"], pending[0]["args"], history)
            return AIMessage(content="All requested steps are done.")
        return super().decide(task, history, schemas)


# --- loading by name -----------------------------------------------------------------------------


@cache
def _load_named(spec: str) -> BaseChatModel:
    if spec == "offline":
        return OfflineChatModel()
    provider, sep, name = spec.partition(":")
    if not sep or not provider or not name:
        msg = BAD_MODEL_SPEC.format(spec=spec)
        raise ConfigError(msg)
    if provider == "offline":
        return OfflineChatModel()
    if provider == "llamacpp":  # a local GGUF file: the optional extra `llama`
        return importlib.import_module("graph.llama").load_llamacpp(name)  # type: ignore[no-any-return]
    if provider == "scripted":
        behaviour, _, target = name.partition(":")
        if behaviour not in BEHAVIOURS:
            msg = UNKNOWN_BEHAVIOUR.format(name=behaviour, known=", ".join(BEHAVIOURS))
            raise ConfigError(msg)
        model = ScriptedChatModel(behaviour=cast(Behaviour, behaviour))
        return model.model_copy(update={"target_tool": target}) if target else model
    return _load_provider(spec, provider, name)


def _provider_failed(spec: str, provider: str, exc: Exception) -> ConfigError:
    """The provider class refused to start (most often: no API key) as one line.

    The check runs in the constructor, before any request, so it costs no network call.
    """
    why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    env = API_KEY_ENV.get(provider)
    fix = SET_KEY.format(env=env) if env and not os.environ.get(env) else CHECK_SETTINGS
    return ConfigError(PROVIDER_FAILED.format(spec=spec, why=why.rstrip("."), fix=fix))


def _load_provider(spec: str, provider: str, name: str) -> BaseChatModel:
    if provider in PROVIDERS:
        module_name, class_name, package = PROVIDERS[provider]
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            msg = MISSING_PACKAGE.format(spec=spec, package=package)
            raise ConfigError(msg) from None
        try:
            model: BaseChatModel = getattr(module, class_name)(model=name)
        except Exception as exc:  # the provider's own checks: any type, never a traceback
            raise _provider_failed(spec, provider, exc) from None
        return model
    try:
        init_chat_model = importlib.import_module("langchain.chat_models").init_chat_model
    except ImportError:
        init_chat_model = None
    if init_chat_model is not None:
        try:
            chat: BaseChatModel = init_chat_model(name, model_provider=provider)
        except ImportError as exc:
            raise ConfigError(str(exc).splitlines()[0]) from None
        except ValueError as exc:
            if not str(exc).startswith("Unsupported provider"):
                raise _provider_failed(spec, provider, exc) from None
            known = ", ".join(["offline", "scripted", *PROVIDERS])
            msg = UNKNOWN_PROVIDER.format(
                provider=provider, known=known + ", or any init_chat_model provider"
            )
            raise ConfigError(msg) from None
        except Exception as exc:  # as above: the provider refused to start
            raise _provider_failed(spec, provider, exc) from None
        return chat
    msg = UNKNOWN_PROVIDER.format(
        provider=provider, known=", ".join(["offline", "scripted", *PROVIDERS])
    )
    raise ConfigError(msg)


def model_name(model: BaseChatModel) -> str | None:
    """The name that builds an equal model, for the built-in ones; None for any other object.

    A thread started from Python with a model object keeps this name in the threads index,
    so `python -m graph resume` can continue it; a provider object has no such name.
    """
    if type(model) is OfflineChatModel:
        return "offline"
    if type(model) is ScriptedChatModel:
        default = ScriptedChatModel.model_fields["target_tool"].default
        target = "" if model.target_tool == default else f":{model.target_tool}"
        return f"scripted:{model.behaviour}{target}"
    return None


PREFERENCE_ATTR = "preferred_step_policy"
"""A chat model class may name the step policy it is built for; the run's own setting and
the intent's declared policy both come first."""


def preferred_policy(spec: str | BaseChatModel) -> StepPolicy | None:
    """The step policy a model prefers (`PREFERENCE_ATTR`), or None for no preference.

    A model that cannot load has none: the caller that calls it reports the error.
    """
    try:
        model = load_chat_model(spec)
    except ConfigError:
        return None
    value = getattr(model, PREFERENCE_ATTR, None)
    return cast(StepPolicy, value) if value in STEP_POLICIES else None


def load_chat_model(spec: str | BaseChatModel) -> BaseChatModel:
    """Resolve a model object or name; named models are built once per process.

    Raises:
        ConfigError: Unknown provider or behaviour, malformed name, or a missing package.
    """
    if isinstance(spec, BaseChatModel):
        return spec
    return _load_named(spec.strip())
