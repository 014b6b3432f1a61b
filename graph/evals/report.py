"""Small shared pieces of the measurement commands: percentiles, a progress bar, tables."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100): a value that occurred; 0.0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-len(ordered) * q // 100)))
    return float(ordered[int(rank) - 1])


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean; 0.0 for none."""
    return sum(values) / len(values) if values else 0.0


class Progress:
    """A one-line progress bar on stderr (a line per step when stderr is not a terminal)."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream or sys.stderr
        self.done = 0
        self.tty = self.stream.isatty()

    def step(self, what: str) -> None:
        """Mark one unit done and show it."""
        self.done += 1
        width = 24
        filled = width * self.done // self.total
        bar = "#" * filled + "-" * (width - filled)
        line = f"{self.label} [{bar}] {self.done}/{self.total} {what}"
        if self.tty:
            self.stream.write("\r\x1b[2K" + line[:120])
            if self.done >= self.total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table; numbers right-aligned."""

    def cell(v: object) -> str:
        if isinstance(v, float):
            return f"{v:.2f}"
        return str(v)

    body = [[cell(v) for v in row] for row in rows]
    align = [
        "---:" if rows and isinstance(rows[0][i], int | float) else "---"
        for i in range(len(headers))
    ]
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in body]
    return "\n".join(lines)
