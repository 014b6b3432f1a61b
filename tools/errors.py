"""The two error roots: what went wrong at run time, and what the developer got wrong.

The CLI prints either as one line and exits non-zero; neither ever shows a traceback.
"""

from __future__ import annotations


class AgentError(Exception):
    """A run-time failure a user can act on: unknown thread, unusable database, busy thread."""

    exit_code = 1


class ConfigError(Exception):
    """A developer's mistake: unknown model name, bad domain spec, duplicate tool name."""

    exit_code = 2
