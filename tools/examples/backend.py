"""The example backend: one SQLite store with the tables and demo rows every example tool reads.

The four example areas (`health`, `orders`, `reports`, `shop`) share one business store, as
the services of one company would: an order the shop cancels is the order `orders` lists.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from tools.privacy import opaque_ref

DEMO_USER = "demo-user"
DEMO_CONTACT_REF = opaque_ref("ct", "demo", DEMO_USER)
OTHER_CONTACT_REF = opaque_ref("ct", "demo", "another-user")
DEMO_ORDERS: tuple[tuple[str, str, str, str | None, str | None, str], ...] = (
    ("10086", DEMO_USER, "shipped", "SF Express", "SF1009823121", "2026-11-28"),
    ("10087", "another-user", "processing", None, None, "2026-11-29"),
    ("10088", DEMO_USER, "delivered", "SF Express", "SF1009823388", "2026-10-02"),
    ("10089", DEMO_USER, "delivered", "JD Logistics", "JD0001928374", "2026-10-15"),
    ("10090", DEMO_USER, "cancelled", None, None, "2026-11-03"),
    ("10091", DEMO_USER, "processing", None, None, "2026-11-30"),
)
"""(order_id, user_id, status, carrier, tracking_no, updated_on): the orders every tool sees."""


def _sql(value: str | None) -> str:
    return "NULL" if value is None else "'" + value.replace("'", "''") + "'"


def _seed(table: str, rows: tuple[tuple[str | None, ...], ...]) -> str:
    values = ",\n    ".join("(" + ", ".join(_sql(v) for v in row) + ")" for row in rows)
    return f"INSERT OR IGNORE INTO {table} VALUES\n    {values};\n"


DDL = (
    """
CREATE TABLE IF NOT EXISTS metrics (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    systolic INTEGER NOT NULL,
    diastolic INTEGER NOT NULL,
    measured_on TEXT NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS orders (
    order_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    status TEXT NOT NULL,
    carrier TEXT,
    tracking_no TEXT,
    updated_on TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS report_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    report TEXT NOT NULL,
    polls INTEGER NOT NULL DEFAULT 0,
    polls_needed INTEGER NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS customers (
    user_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    id_number TEXT NOT NULL,
    card_number TEXT NOT NULL,
    address TEXT NOT NULL,
    birth_date TEXT NOT NULL,
    contact_ref TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    body TEXT NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS order_cancellations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    reason TEXT,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""
    + _seed("orders", DEMO_ORDERS)
    + _seed(
        "customers",
        (
            (
                DEMO_USER,
                "demo",
                "Li Wei",
                "13812345678",
                "li.wei@example.com",
                "110101199003071234",
                "4111111111111111",
                "1 Chaoyang Road, Beijing",
                "1990-03-07",
                DEMO_CONTACT_REF,
            ),
            (
                "another-user",
                "demo",
                "Ana Silva",
                "+44 7700 900123",
                "ana.silva@example.org",
                "QQ123456C",
                "5500005555555559",
                "2 Baker Street, London",
                "1985-06-01",
                OTHER_CONTACT_REF,
            ),
        ),
    )
)
"""The example backend's tables and demo rows, created and seeded together on a store's first
use (`INSERT OR IGNORE`: a later run never undoes a change). Every tool opens the store with
this one script, so whichever tool runs first, every demo row is there: the backend's own
records, raw personal data included, live here and nowhere in the agent's files."""
SHOP_DDL = DDL
"""The same script, under the name the shop tools' tests know it by."""


class NoArgs(BaseModel):
    """Tools that take no arguments."""

    model_config = ConfigDict(extra="forbid")
