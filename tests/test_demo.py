"""The README's demo request, end to end, on the built-in offline model."""

from __future__ import annotations

import pytest

from tests.conftest import METRIC_REQUEST_EN, METRIC_REQUEST_ZH, Harness


@pytest.mark.parametrize("request_text", [METRIC_REQUEST_EN, METRIC_REQUEST_ZH])
async def test_metric_request_completes_with_one_write_and_one_trend(
    harness: Harness, request_text: str
) -> None:
    out = await harness.run(request_text)

    assert out["status"] == "completed"
    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {"metric_recorded": True, "trend_loaded": True}
    assert harness.executions("record_metric") == 1
    assert harness.executions("get_metric_trend") == 1
    assert harness.executions() == 2
    trend_calls = [c for c in out["tool_calls"] if c["name"] == "get_metric_trend"]
    assert [c["args"] for c in trend_calls] == [{"period": "14d"}]
    assert out["card"] is not None
    assert out["card"]["card"] == "metric_trend"
