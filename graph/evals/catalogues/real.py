"""Published API catalogues that install with pip, and the requests written for them.

- `aws`: 13 AWS services an operations agent would be given (S3, IAM, Lambda, DynamoDB,
  SQS, SNS, CloudWatch, CloudWatch Logs, ECS, RDS, KMS, Secrets Manager, STS), about 1,100
  operations (1,102 in `botocore` 1.44.18; AWS adds some between releases, and the bench
  prints the version it read), read from the service models `botocore` ships: operation
  names as published (`DescribeDBInstances` → `rds_describe_db_instances`), the first
  sentences of each operation's documentation, and its input members with their first
  sentences.
- `github`: the GitHub REST API, 1,225 operations, as `ghapi` ships it (a digest of GitHub's
  published OpenAPI description: operation ids, summaries, parameters and their docs). It
  is turned back into a minimal OpenAPI document and read by `from_openapi`, the way a user
  registers an OpenAPI catalogue.

Neither has a Chinese word in it. The labelled requests (`<name>.jsonl`: text and the
operation(s) that answer it) were written and committed before anything was measured on
them, a third in Chinese, phrased as users ask, never copying an operation name.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

from nodes.search.catalogue import from_openapi, snake
from tools.entry import ToolEntry, first_sentence

HERE = Path(__file__).resolve().parent
AWS_SERVICES = (
    "s3", "iam", "lambda", "dynamodb", "sqs", "sns", "cloudwatch", "logs", "ecs", "rds",
    "kms", "secretsmanager", "sts",
)  # fmt: skip
"""A realistic tool set for a cloud operations agent, about 1,000 operations."""
MISSING = "catalogue {name!r} needs {package}: pip install -e '.[bench]'"
UNKNOWN = "no catalogue {name!r}; choose one of {names}"
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Request:
    """A labelled request: its text and every operation that answers it."""

    text: str
    tools: tuple[str, ...]

    @property
    def lang(self) -> str:
        """The language: "zh" when the request has Chinese characters, else "en"."""
        return "zh" if re.search(r"[\u4e00-\u9fff]", self.text) else "en"


def _plain(doc: str, sentences: int = 1) -> str:
    return first_sentence(html.unescape(_TAG.sub(" ", doc or "")), 300, sentences)


def aws_entries() -> list[ToolEntry]:
    """The AWS catalogue: one entry per operation of `AWS_SERVICES`."""
    try:
        import botocore.session
    except ImportError:
        msg = MISSING.format(name="aws", package="botocore")
        raise ImportError(msg) from None
    loader = botocore.session.get_session().get_component("data_loader")
    entries: list[ToolEntry] = []
    for service in AWS_SERVICES:
        model = loader.load_service_model(service, "service-2")
        shapes = model["shapes"]
        for op_name, op in model["operations"].items():
            members = shapes.get(op.get("input", {}).get("shape", ""), {}).get("members", {})
            properties = {
                name: {"description": _plain(member.get("documentation", ""))}
                for name, member in members.items()
            }
            entries.append(
                ToolEntry(
                    name=f"{service}_{snake(op_name)}",
                    # Two sentences: many S3 operations open with "This operation is not
                    # supported for directory buckets."
                    description=_plain(op.get("documentation", ""), sentences=2),
                    namespace=service,
                    parameters={"type": "object", "properties": properties},
                )
            )
    return entries


def github_openapi() -> dict[str, Any]:
    """`ghapi`'s digest of GitHub's OpenAPI description, as a minimal OpenAPI document."""
    try:
        from ghapi.gh_spec import spec  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        msg = MISSING.format(name="github", package="ghapi")
        raise ImportError(msg) from None
    paths: dict[str, dict[str, Any]] = {}
    ops = cast("list[dict[str, Any]]", spec["ops"])
    for op in ops:
        docs = op.get("param_docs", {})
        params = [
            {"name": p, "in": "query", "description": docs.get(p, "")}
            for p in [*op.get("route_params", ()), *op.get("query_params", ())]
        ]
        body = {p: {"description": docs.get(p, "")} for p in op.get("body_params", ())}
        operation: dict[str, Any] = {
            "operationId": f"{op['group']}/{op['name']}",
            "summary": op.get("summary", ""),
            "tags": [op["group"]],
            "parameters": params,
        }
        if body:
            operation["requestBody"] = {
                "content": {"application/json": {"schema": {"properties": body}}}
            }
        paths.setdefault(op["path"], {})[op["verb"].lower()] = operation
    return {"openapi": "3.0.3", "info": {"title": "GitHub REST API"}, "paths": paths}


def github_entries() -> list[ToolEntry]:
    """The GitHub catalogue, read by `from_openapi`."""
    return from_openapi(github_openapi())


CATALOGUES: Mapping[str, Callable[[], list[ToolEntry]]] = {
    "aws": aws_entries,
    "github": github_entries,
}


@cache
def entries(name: str) -> tuple[ToolEntry, ...]:
    """A real catalogue's entries, loaded once per process."""
    if name not in CATALOGUES:
        msg = UNKNOWN.format(name=name, names=", ".join(sorted(CATALOGUES)))
        raise KeyError(msg)
    return tuple(CATALOGUES[name]())


def requests(name: str, label: str = "heldout") -> tuple[Request, ...]:
    """The labelled requests of a catalogue (`<name>.<label>.jsonl`)."""
    path = HERE / f"{name}.{label}.jsonl"
    out: list[Request] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out.append(Request(text=row["text"], tools=tuple(row["tools"])))
    return tuple(out)
