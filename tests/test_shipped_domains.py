"""What ships with the project: tool schemas every backend can take, demo data every tool sees.

Constrained decoding turns a tool's JSON schema into a grammar, and some converters do not
know regex shorthand classes: llama-cpp-python 0.3.36 died with exit 139 on a `\\d` in a
`pattern`, so no error handling ran. Every shipped pattern is written with explicit classes
(`[0-9]`), compiles with Python's `re`, and this test walks every argument schema of every
shipped domain to keep it so. The example store is seeded once, the same for every tool, so
every demo order is found through the order lookup on a fresh store.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import Harness
from tools.contract import ToolSpec
from tools.domain import Domain, load_domain
from tools.examples import DEMO_ORDERS, DEMO_USER

SHIPPED = (
    "tools.examples:DOMAIN",
    "tools.expenses:DOMAIN",
    "graph.evals.catalogues.generated:DOMAIN",
)
SHORTHAND = re.compile(r"\\[dDwWsS]")
"""`\\d`, `\\w`, `\\s` and their negations: classes some grammar converters cannot read."""


def patterns(schema: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """(location, pattern) of every `pattern` keyword in a JSON schema, `$defs` included."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "pattern" and isinstance(value, str):
                yield where or "(root)", value
            else:
                yield from patterns(value, f"{where}/{key}")
    elif isinstance(schema, list):
        for i, item in enumerate(schema):
            yield from patterns(item, f"{where}/{i}")


def shipped_tools() -> list[tuple[str, ToolSpec]]:
    out: list[tuple[str, ToolSpec]] = []
    for spec in SHIPPED:
        domain = load_domain(spec)
        assert isinstance(domain, Domain)
        out += [(spec, tool) for tool in domain.tools]
    return out


def test_every_shipped_tool_pattern_avoids_shorthand_classes_and_compiles() -> None:
    tools = shipped_tools()
    found = [
        (f"{domain} {tool.name}{where}", pattern)
        for domain, tool in tools
        for where, pattern in patterns(tool.schema()["function"]["parameters"])
    ]
    assert len(tools) > 1_000, "the example, expense and generated domains are all walked"
    assert found, "the walk reaches the patterns there are"
    for where, pattern in found:
        assert not SHORTHAND.search(pattern), f"{where}: {pattern!r} uses a shorthand class"
        re.compile(pattern)


def test_the_walk_finds_a_shorthand_class_where_there_is_one() -> None:
    schema = {"$defs": {"Inner": {"properties": {"x": {"type": "string", "pattern": r"^\d+$"}}}}}
    assert [SHORTHAND.search(p) is not None for _, p in patterns(schema)] == [True]


@pytest.mark.parametrize(
    ("order_id", "status"), [(o[0], o[2]) for o in DEMO_ORDERS if o[1] == DEMO_USER]
)
async def test_every_demo_order_is_found_on_a_fresh_store(
    harness: Harness, order_id: str, status: str
) -> None:
    out = await harness.run(f"where is order {order_id}")

    assert out["stop_reason"] == "completed"
    assert f"Order {order_id} is {status}" in out["answer"]
    assert harness.executions("query_order") == 1


async def test_another_users_demo_order_is_not_found(harness: Harness) -> None:
    other = next(o[0] for o in DEMO_ORDERS if o[1] != DEMO_USER)
    out = await harness.run(f"where is order {other}")

    assert out["stop_reason"] == "tool_failed"
    assert f"no order {other}" in out["answer"]
