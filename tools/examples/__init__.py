"""The example domain: four small areas on one business store, assembled into `DOMAIN`.

Each area is one module you can copy as the start of your own domain: its tools (argument
models, functions, `ToolSpec`s), how requests name its intents, and the checklists:

- `health`: record a blood-pressure reading and show its trend (a write, a period the model
  must not re-guess, a trend card code picks, a trend read before and after a write);
- `orders`: look one order up (`order_id` must be a string) and read all of them page by page;
- `reports`: submit a report job once, then poll it until it is done;
- `shop`: permissions, privacy (masked personal data, an opaque `contact_ref`) and a
  cancellation a person approves.

`backend` holds the tables and demo rows they share. `Context.domain` names this package's
`DOMAIN` ("tools.examples:DOMAIN"); the intents are checked in the order listed here.
"""

from __future__ import annotations

from tools.domain import Domain, ToolRegistry
from tools.examples import health, orders, reports, shop
from tools.examples.backend import (
    DDL,
    DEMO_CONTACT_REF,
    DEMO_ORDERS,
    DEMO_USER,
    OTHER_CONTACT_REF,
    SHOP_DDL,
    NoArgs,
)
from tools.examples.health import RecordMetricArgs, record_metric
from tools.examples.orders import QueryOrderArgs, query_order
from tools.examples.reports import POLLS_TO_FINISH
from tools.examples.shop import PROFILE_POLICY, NotifyArgs, send_order_notification

__all__ = [
    "DDL",
    "DEMO_CONTACT_REF",
    "DEMO_ORDERS",
    "DEMO_USER",
    "DOMAIN",
    "OTHER_CONTACT_REF",
    "POLLS_TO_FINISH",
    "PROFILE_POLICY",
    "REGISTRY",
    "SHOP_DDL",
    "NoArgs",
    "NotifyArgs",
    "QueryOrderArgs",
    "RecordMetricArgs",
    "query_order",
    "record_metric",
    "send_order_notification",
]

REGISTRY = ToolRegistry([*health.TOOLS, *orders.TOOLS, *reports.TOOLS, *shop.TOOLS])

DOMAIN = Domain(
    name="examples",
    tools=REGISTRY,
    role_permissions={
        "member": frozenset(
            {
                "metrics:read",
                "metrics:write",
                "orders:read",
                "orders:write",
                "reports:read",
                "reports:write",
                "profile:read",
                "notify:send",
            }
        ),
        "viewer": frozenset({"metrics:read", "orders:read", "reports:read", "profile:read"}),
    },
    intents=(*health.INTENTS, *shop.INTENTS, *orders.INTENTS, *reports.INTENTS),
    pinyin={**health.PINYIN, **shop.PINYIN, **orders.PINYIN, **reports.PINYIN},
    clarify=(
        "I can record a blood-pressure reading, show its trend (7, 14 or 30 days), look up, "
        "list or cancel your orders, text you an order's status, show your contact details, "
        "or build a weekly or monthly report. Which would you like?"
    ),
)
