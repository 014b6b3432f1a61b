"""Shared fixtures: every test gets its own SQLite files, and no test can reach a hosted model."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from graph.context import Context
from graph.runner import resume_thread, run_request
from tools.store import count_executions

PROVIDER_KEYS = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GOOGLE_API_KEY",
    "MISTRAL_API_KEY",
    "GROQ_API_KEY",
    "DEEPSEEK_API_KEY",
)

METRIC_REQUEST_EN = "record today's reading 150/95 and show the last two weeks"
METRIC_REQUEST_ZH = "记录今天的指标 150/95，并看最近两周趋势"
ORDER_REQUEST_EN = "where is order 10086"
ORDER_REQUEST_ZH = "查询订单 10086"


@pytest.fixture(autouse=True)
def _no_hosted_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never call a hosted model: provider keys are removed for every test."""
    for key in PROVIDER_KEYS:
        monkeypatch.delenv(key, raising=False)


class Harness:
    """Runs requests against a fresh checkpoint database and business store."""

    def __init__(self, tmp_path: Path) -> None:
        self.db = str(tmp_path / "agent.sqlite")
        self.store = str(tmp_path / "business.sqlite")

    def context(self, model: Any = "offline", **overrides: Any) -> Context:
        return Context(model=model, db=self.db, store=self.store, **overrides)

    async def run(
        self, request: str, model: Any = "offline", thread_id: str | None = None, **overrides: Any
    ) -> dict[str, Any]:
        return await run_request(
            request, thread_id=thread_id, context=self.context(model, **overrides), db=self.db
        )

    async def resume(self, thread_id: str, decision: dict[str, Any] | None = None) -> dict[str, Any]:
        return await resume_thread(thread_id, decision=decision, db=self.db)

    def executions(self, tool: str | None = None) -> int:
        """How many times tool functions were really entered, read from the business store."""
        return count_executions(self.store, tool)


@pytest.fixture
def harness(tmp_path: Path) -> Harness:
    return Harness(tmp_path)


Runner = Callable[..., Awaitable[dict[str, Any]]]
