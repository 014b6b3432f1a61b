"""A second, complete domain: expense claims. The README's "Make it yours" walks through it.

Nothing in `graph/` or `nodes/` names an intent or a tool, so this module is all it takes:
point `--domain tools.expenses:DOMAIN` (or `Context(domain=...)`) at it and the same router,
guard, ledger and verifier run it. It imports only from `tools/`, which is the test that it
needs no edit elsewhere. Copy it next to your own code and change the rules, the tools and
the checklist; keep the shape.

Its write tool, `submit_expense`, keeps its own table in the same SQLite business store as the
example domain and looks an earlier attempt up by idempotency key (`reconcile`), so a crash
between the insert and the checkpoint never files a claim twice.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step, ToolRegistry
from tools.slots import contains_any, parse_period_days, parse_relative_date
from tools.store import audit, run_in_store

DDL = """
CREATE TABLE IF NOT EXISTS expenses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    currency TEXT NOT NULL,
    category TEXT NOT NULL,
    spent_on TEXT NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""

NAMESPACE = "expenses"
INTENT = "submit_expense"
LIMIT_CENTS = 500_000
"""Claims above this need a manager: the backend refuses them with a business error."""

Currency = Literal["CNY", "EUR", "USD"]
Category = Literal["taxi", "meal", "hotel", "other"]
Period = Literal["7d", "14d", "30d"]
AMOUNT_PATTERN = r"^\d{1,7}(\.\d{1,2})?$"


# --- argument models: what the guard validates before anything runs ----------------------------


class SubmitExpenseArgs(BaseModel):
    """Arguments of `submit_expense`."""

    model_config = ConfigDict(extra="forbid")

    amount: str = Field(
        pattern=AMOUNT_PATTERN, description='Amount as a decimal string, e.g. "42.50".'
    )
    currency: Currency = Field(description="ISO currency code: CNY, EUR or USD.")
    category: Category = Field(description="One of taxi, meal, hotel, other.")
    date: dt.date = Field(description="Day the money was spent, ISO format YYYY-MM-DD.")


class ExpenseTotalArgs(BaseModel):
    """Arguments of `get_expense_total`."""

    model_config = ConfigDict(extra="forbid")

    period: Period = Field(description="Window ending today: one of 7d, 14d, 30d.")


# --- tools ---------------------------------------------------------------------------------------


def _cents(amount: str) -> int:
    whole, _, frac = amount.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def _receipt(row: sqlite3.Row) -> dict[str, Any]:
    cents = int(row["amount_cents"])
    return {
        "claim_id": f"exp_{row['id']}",
        "amount": f"{cents // 100}.{cents % 100:02d}",
        "currency": row["currency"],
        "category": row["category"],
        "date": row["spent_on"],
    }


async def submit_expense(args: SubmitExpenseArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """File one claim; the unique idempotency key makes a replay return the same row."""
    cents = _cents(args.amount)

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(
            conn, "submit_expense", ctx.user_id, args.model_dump(mode="json"), ctx.idempotency_key
        )
        if cents > LIMIT_CENTS:
            return {
                "success": False,
                "code": "OVER_LIMIT",
                "message": f"{args.amount} {args.currency} is above the self-service limit",
                "user_action": "Ask your manager to file this claim.",
            }
        if args.date > date.today():
            return {
                "success": False,
                "code": "DATE_IN_FUTURE",
                "message": f"date {args.date} is in the future",
                "user_action": "Use the day the money was spent.",
            }
        conn.execute(
            "INSERT INTO expenses (user_id, amount_cents, currency, category, spent_on, "
            "idempotency_key) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING",
            (
                ctx.user_id,
                cents,
                args.currency,
                args.category,
                args.date.isoformat(),
                ctx.idempotency_key,
            ),
        )
        row = conn.execute(
            "SELECT * FROM expenses WHERE idempotency_key IS ? ORDER BY id DESC LIMIT 1",
            (ctx.idempotency_key,),
        ).fetchone()
        return {"success": True, **_receipt(row)}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_submit_expense(key: str, ctx: ToolContext) -> ToolResult | None:
    """The claim an earlier attempt filed under `key`, or None when it never landed."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute("SELECT * FROM expenses WHERE idempotency_key = ?", (key,)).fetchone()
        return None if row is None else ToolResult.success(_receipt(row))

    return await run_in_store(ctx.store_path, DDL, work)


async def get_expense_total(args: ExpenseTotalArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Totals per currency of the caller's claims over a window ending today."""
    days = int(args.period.rstrip("d"))
    end = date.today()
    start = end - timedelta(days=days - 1)

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_expense_total", ctx.user_id, args.model_dump(mode="json"))
        rows = conn.execute(
            "SELECT currency, COUNT(*) AS n, SUM(amount_cents) AS cents FROM expenses "
            "WHERE user_id = ? AND spent_on BETWEEN ? AND ? GROUP BY currency ORDER BY currency",
            (ctx.user_id, start.isoformat(), end.isoformat()),
        ).fetchall()
        totals = {r["currency"]: f"{r['cents'] // 100}.{r['cents'] % 100:02d}" for r in rows}
        return {
            "success": True,
            "period": args.period,
            "from": start.isoformat(),
            "to": end.isoformat(),
            "claims": sum(int(r["n"]) for r in rows),
            "totals": totals,
        }

    return await run_in_store(ctx.store_path, DDL, work)


REGISTRY = ToolRegistry(
    [
        ToolSpec(
            name="submit_expense",
            namespace=NAMESPACE,
            description=(
                "File one expense claim for the current user. Use once per expense the user "
                "asks to submit. Never call it again for a claim that was already filed, and "
                "do not use it to look totals up."
            ),
            args_model=SubmitExpenseArgs,
            fn=submit_expense,
            effect="write",
            idempotent=False,
            permission="expenses:submit",
            intents=frozenset({INTENT}),
            reconcile=reconcile_submit_expense,
        ),
        ToolSpec(
            name="get_expense_total",
            namespace=NAMESPACE,
            description=(
                "Totals of the user's claims over a window ending today. Use the period given "
                "in the task; do not try other periods. Does not file anything."
            ),
            args_model=ExpenseTotalArgs,
            fn=get_expense_total,
            permission="expenses:read",
            intents=frozenset({INTENT}),
        ),
    ]
)


# --- the intent: deterministic slot rules, Chinese and English -----------------------------------

_EXPENSE_WORDS = ("expense", "reimburse", "claim", "报销", "报账")
_CURRENCY_WORDS: tuple[tuple[Currency, tuple[str, ...]], ...] = (
    ("EUR", ("eur", "euro", "€", "欧元")),
    ("USD", ("usd", "dollar", "$", "美元", "美金")),
    ("CNY", ("cny", "rmb", "yuan", "¥", "元", "块")),
)
_CATEGORY_WORDS: tuple[tuple[Category, tuple[str, ...]], ...] = (
    ("taxi", ("taxi", "cab", "uber", "打车", "出租车", "车费")),
    ("meal", ("meal", "lunch", "dinner", "breakfast", "餐", "饭")),
    ("hotel", ("hotel", "lodging", "酒店", "住宿")),
)
_AMOUNT = re.compile(r"(?<![\d\-./:])(\d{1,7}(?:\.\d{1,2})?)(?![\d\-/:]|\.\d)")
_CJK = re.compile(r"[\u4e00-\u9fff]")
DEFAULT_PERIOD_DAYS = 30


def _currency(text: str) -> Currency:
    """An explicit currency word wins; otherwise CNY for Chinese text and USD for the rest."""
    for code, words in _CURRENCY_WORDS:
        if contains_any(text, words):
            return code
    return "CNY" if _CJK.search(text) else "USD"


def _category(text: str) -> Category:
    for name, words in _CATEGORY_WORDS:
        if contains_any(text, words):
            return name
    return "other"


def extract_expense(text: str, today: date) -> dict[str, Any] | None:
    """An amount next to an expense word; the date, currency, category and period by rule.

    A period outside 7, 14 or 30 days passes through as e.g. "60d" so that slot validation
    rejects it with a clarifying question instead of a model guessing a supported one.
    """
    if not contains_any(text, _EXPENSE_WORDS):
        return None
    without_dates = re.sub(r"\d{4}-\d{2}-\d{2}", " ", text)
    amount = _AMOUNT.search(without_dates)
    if amount is None:
        return None
    days = parse_period_days(text)
    return {
        "amount": amount.group(1),
        "currency": _currency(text),
        "category": _category(text),
        "date": (parse_relative_date(text, today) or today).isoformat(),
        "period": f"{days if days is not None else DEFAULT_PERIOD_DAYS}d",
    }


class ExpenseSlots(BaseModel):
    """Validated slots of `submit_expense`: enums are closed before any tool is offered."""

    amount: str = Field(pattern=AMOUNT_PATTERN)
    currency: Currency
    category: Category
    date: dt.date
    period: Period


SUBMITTED = Step(
    name="expense_submitted",
    tool="submit_expense",
    args=lambda s: {k: s[k] for k in ("amount", "currency", "category", "date")},
    description="the claim is filed",
)
TOTAL_LOADED = Step(
    name="total_loaded",
    tool="get_expense_total",
    args=lambda s: {"period": s["period"]},
    description="the total for the requested period is loaded",
)


def _summarize(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    parts: list[str] = []
    if claim := evidence.get("expense_submitted"):
        parts.append(
            f"Filed {claim['amount']} {claim['currency']} ({claim['category']}, "
            f"{claim['date']}) as {claim['claim_id']}."
        )
    if total := evidence.get("total_loaded"):
        sums = ", ".join(f"{v} {k}" for k, v in total.get("totals", {}).items()) or "nothing"
        parts.append(f"Last {total['period']}: {total['claims']} claim(s), {sums}.")
    return " ".join(parts)


def _total_card(evidence: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """Code, not the model, decides that a loaded total is shown as a totals card."""
    total = evidence.get("total_loaded")
    if not total:
        return None
    return {"card": "expense_total", "period": total["period"], "totals": total.get("totals")}


DOMAIN = Domain(
    name="expenses",
    tools=REGISTRY,
    role_permissions={
        "member": frozenset({"expenses:submit", "expenses:read"}),
        "auditor": frozenset({"expenses:read"}),
    },
    intents=(
        IntentSpec(
            name=INTENT,
            description="File an expense claim, then show the claims total for a period.",
            extract=extract_expense,
            slots_model=ExpenseSlots,
            steps=(SUBMITTED, TOTAL_LOADED),
            budget=Budget(max_rounds=6, max_calls=6),
            summarize=_summarize,
            card=_total_card,
        ),
    ),
    clarify=(
        "I can file an expense claim (amount, what it was for, when) and show your claims "
        "total for the last 7, 14 or 30 days. What would you like to submit?"
    ),
)
