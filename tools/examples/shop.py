"""Example area: the shop, with permissions, privacy and a write a person approves.

A customer profile holds personal data (the privacy layer masks or withholds it by the
tool's `ResultPolicy`); a notification needs the raw phone number, so the model only ever
holds an opaque `contact_ref` the backend resolves; cancelling an order changes it for good,
so it waits for a human (`requires_approval`). Every tool needs its own permission.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, IntentSpec, Step
from tools.examples.backend import DDL, NoArgs
from tools.examples.orders import order_id_in, order_slots, summarize_order
from tools.privacy import ResultPolicy
from tools.slots import contains_any
from tools.store import audit, run_in_store

SHOP = "shop"
PROFILE_POLICY = ResultPolicy(
    fields=frozenset({"name", "phone", "email", "id_number", "contact_ref"}),
    sensitive={"id_number": "id_number"},
)
"""The model needs to recognise the customer and to hand a contact on, nothing more: card
number, address and birth date are withheld, the rest is masked."""


class NotifyArgs(BaseModel):
    """Arguments of `send_order_notification`."""

    model_config = ConfigDict(extra="forbid")

    order_id: str = Field(min_length=1, max_length=32, description="The order to report on.")
    contact_ref: str = Field(
        pattern=r"^ct_[0-9a-f]{16}$",
        description="contact_ref from get_customer_profile; never a phone number.",
    )


class CancelOrderArgs(BaseModel):
    """Arguments of `cancel_order`."""

    model_config = ConfigDict(extra="forbid")

    order_id: str = Field(min_length=1, max_length=32, description="The order to cancel.")
    reason: str | None = Field(default=None, max_length=200, description="Why, if given.")


def _not_found(order_id: str) -> dict[str, Any]:
    return {
        "success": False,
        "code": "ORDER_NOT_FOUND",
        "message": f"no order {order_id} on this account",
        "user_action": "Check the order number; it is not on this account.",
    }


async def get_customer_profile(args: NoArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """The caller's own customer record, raw: the privacy layer decides what leaves."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_customer_profile", ctx.user_id, {})
        row = conn.execute(
            "SELECT * FROM customers WHERE user_id = ? AND tenant = ?", (ctx.user_id, ctx.tenant)
        ).fetchone()
        if row is None:
            return {"success": False, "code": "PROFILE_NOT_FOUND", "message": "no profile"}
        return {"success": True, **{k: v for k, v in dict(row).items() if k != "tenant"}}

    return await run_in_store(ctx.store_path, DDL, work)


def _notification(row: sqlite3.Row) -> dict[str, Any]:
    # `to` is the raw number on purpose: the executor masks it before anything stores it.
    return {
        "notification_id": f"n_{row['id']}",
        "order_id": row["order_id"],
        "channel": row["channel"],
        "to": row["recipient"],
        "status": "queued",
    }


async def send_order_notification(args: NotifyArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Text the caller about their order; the phone number comes from the backend, by ref.

    The model only ever holds `contact_ref`. Both the order and the contact must belong to
    the caller: another user's order or contact answers exactly like a missing one.
    """

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "send_order_notification", ctx.user_id, args.model_dump(), ctx.idempotency_key)
        sent = conn.execute(
            "SELECT * FROM notifications WHERE idempotency_key IS ?", (ctx.idempotency_key,)
        ).fetchone()
        if sent is not None and ctx.idempotency_key:
            return {"success": True, **_notification(sent)}
        order = conn.execute(
            "SELECT * FROM orders WHERE order_id = ? AND user_id = ?", (args.order_id, ctx.user_id)
        ).fetchone()
        if order is None:
            return _not_found(args.order_id)
        contact = conn.execute(
            "SELECT phone FROM customers WHERE contact_ref = ? AND user_id = ? AND tenant = ?",
            (args.contact_ref, ctx.user_id, ctx.tenant),
        ).fetchone()
        if contact is None:
            return {
                "success": False,
                "code": "CONTACT_NOT_FOUND",
                "message": "no such contact on this account",
                "user_action": "Use the contact_ref from get_customer_profile.",
            }
        body = f"Order {order['order_id']} is {order['status']}."
        cur = conn.execute(
            "INSERT INTO notifications (user_id, order_id, channel, recipient, body, "
            "idempotency_key) VALUES (?, ?, 'sms', ?, ?, ?)",
            (ctx.user_id, order["order_id"], contact["phone"], body, ctx.idempotency_key),
        )
        row = conn.execute("SELECT * FROM notifications WHERE id = ?", (cur.lastrowid,)).fetchone()
        return {"success": True, **_notification(row)}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_notification(key: str, ctx: ToolContext) -> ToolResult | None:
    """Find the message an earlier attempt queued under `key`: never text twice."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute(
            "SELECT * FROM notifications WHERE idempotency_key = ?", (key,)
        ).fetchone()
        return None if row is None else ToolResult.success(_notification(row))

    return await run_in_store(ctx.store_path, DDL, work)


def _cancellation(row: sqlite3.Row) -> dict[str, Any]:
    return {"cancellation_id": f"x_{row['id']}", "order_id": row["order_id"], "status": "cancelled"}


async def cancel_order(args: CancelOrderArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Cancel one of the caller's orders while it is still processing."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "cancel_order", ctx.user_id, args.model_dump(), ctx.idempotency_key)
        done = conn.execute(
            "SELECT * FROM order_cancellations WHERE idempotency_key IS ?", (ctx.idempotency_key,)
        ).fetchone()
        if done is not None and ctx.idempotency_key:
            return {"success": True, **_cancellation(done)}
        order = conn.execute(
            "SELECT * FROM orders WHERE order_id = ? AND user_id = ?", (args.order_id, ctx.user_id)
        ).fetchone()
        if order is None:
            return _not_found(args.order_id)
        if order["status"] != "processing":
            return {
                "success": False,
                "code": "ORDER_NOT_CANCELLABLE",
                "message": f"order {args.order_id} is {order['status']}; only processing "
                "orders can be cancelled",
                "user_action": "Tell the user; cancelling it again will not help.",
            }
        conn.execute(
            "UPDATE orders SET status = 'cancelled', updated_on = ? WHERE order_id = ?",
            (date.today().isoformat(), args.order_id),
        )
        cur = conn.execute(
            "INSERT INTO order_cancellations (order_id, user_id, reason, idempotency_key) "
            "VALUES (?, ?, ?, ?)",
            (args.order_id, ctx.user_id, args.reason, ctx.idempotency_key),
        )
        row = conn.execute(
            "SELECT * FROM order_cancellations WHERE id = ?", (cur.lastrowid,)
        ).fetchone()
        return {"success": True, **_cancellation(row)}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_cancel_order(key: str, ctx: ToolContext) -> ToolResult | None:
    """Find the cancellation an earlier attempt made under `key`."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute(
            "SELECT * FROM order_cancellations WHERE idempotency_key = ?", (key,)
        ).fetchone()
        return None if row is None else ToolResult.success(_cancellation(row))

    return await run_in_store(ctx.store_path, DDL, work)


TOOLS = (
    ToolSpec(
        name="get_customer_profile",
        namespace=SHOP,
        description=(
            "The user's own contact details (masked) and a contact_ref to pass to tools that "
            "contact them. Use it to get contact_ref; never ask for or send phone numbers."
        ),
        args_model=NoArgs,
        fn=get_customer_profile,
        permission="profile:read",
        intents=frozenset({"customer_profile", "notify_order"}),
        privacy=PROFILE_POLICY,
    ),
    ToolSpec(
        name="send_order_notification",
        namespace=SHOP,
        description=(
            "Text the user the status of one of their orders. Pass the order number and the "
            "contact_ref from get_customer_profile. Sends once per order and request."
        ),
        args_model=NotifyArgs,
        fn=send_order_notification,
        effect="write",
        idempotent=False,
        permission="notify:send",
        intents=frozenset({"notify_order"}),
        reconcile=reconcile_notification,
    ),
    ToolSpec(
        name="cancel_order",
        namespace=SHOP,
        description=(
            "Cancel one of the user's orders that is still processing. It changes the order "
            "for good, so a person approves it before it runs. Only when the user asks to cancel."
        ),
        args_model=CancelOrderArgs,
        fn=cancel_order,
        effect="write",
        idempotent=False,
        permission="orders:write",
        intents=frozenset({"cancel_order"}),
        reconcile=reconcile_cancel_order,
        requires_approval=True,
    ),
)


_CANCEL_WORDS = ("cancel", "取消", "撤单", "退订", "退掉", "stop the order", "stop my order")
_PUSHED_TO_ME = ("推送给我", "推送至本人", "推送至我", "推送到我", "推送给本人")
"""Pushed to the user, as official style says it ("烦请将订单20391之状态经由微信推送至本人"):
both a word of the notify rule and a cue asking for its message."""
_NOTIFY_WORDS = (
    *("text me", "a text", "sms", "notify", "notification", "短信", "通知"),
    *("txt me", "a txt"),  # chat spelling: "flick me a txt when 20788 ships"
    *_PUSHED_TO_ME,
    *("mensajito", "mensaje"),  # Spanish inside English: "Send me a mensajito"
)
_PROFILE_WORDS = (
    *("contact details", "my profile", "my contact", "联系方式", "个人资料", "个人信息"),
    # the address kept for the user: "俺家地址搁恁那儿存哩是啥？"
    *("我家地址", "我的地址", "俺家地址", "俺的地址"),
    # both named: "我家己个电话地址恁块有记着无？" (Teochew: my own phone and address)
    *("电话地址", "电话和地址", "地址和电话", "电话号码和地址", "自己的资料", "自己个资料"),
    *("my telephone and address", "my phone and address", "my phone number and address"),
    *("my address and phone", "my address and telephone"),
    # asked of what is kept: "what phone and address you got for me?"
    *("phone and address you", "address and phone you", "phone and address do you"),
    # Taglish "ko" (my) after the noun: "yung address at number ko na naka-file"
    *("address ko", "address at number ko", "address at phone ko", "contact details ko"),
    # what the user left with you, asked of you: "额在你们这儿留的地址是甚？", Jamaican
    # "Wah address unu have fi mi?"
    # (the address asked for, not checked beside another request: "顺便看看我留的地址对不对")
    *("留的地址是", "留的电话", "留的手机号", "留的联系方式", "登记的地址"),
    # (with whose between: "你们那块留的我的电话是哪个啊")
    *("留的我的电话", "留的我的地址", "留的我的手机号", "留的我的联系方式"),
    # Wu "侬搭阿拉存的地址是啥" (the address you keep for me), and the English word: "我的 profile"
    *("存的地址是", "我的 profile", "我的profile"),
    *("address you have for me", "address you got for me", "address unu have", "address yuh have"),
    *("address y'all got", "address y'all have", "address you all have"),
)


def extract_cancel(text: str, today: date) -> dict[str, Any] | None:
    """An order number to cancel."""
    return (order_slots(text, today) or None) if contains_any(text, _CANCEL_WORDS) else None


def extract_notify(text: str, today: date) -> dict[str, Any] | None:
    """An order to text the user about."""
    return (order_slots(text, today) or None) if contains_any(text, _NOTIFY_WORDS) else None


def extract_profile(text: str, today: date) -> dict[str, Any] | None:
    """The user's own contact details."""
    return {} if contains_any(text, _PROFILE_WORDS) and order_id_in(text) is None else None


class OrderRefSlots(BaseModel):
    """Validated slots of `cancel_order` and `notify_order`."""

    order_id: str = Field(min_length=1, max_length=32)


class ProfileSlots(BaseModel):
    """`customer_profile` has no slot: the caller is the context's user."""


PROFILE_LOADED = Step(
    name="profile_loaded",
    tool="get_customer_profile",
    description="the user's contact details and contact_ref are loaded",
)
NOTIFY_ORDER_FOUND = Step(
    name="order_found",
    tool="query_order",
    args=lambda s: {"order_id": s["order_id"]},
    description="the order's status is known",
)
CUSTOMER_NOTIFIED = Step(
    name="customer_notified",
    tool="send_order_notification",
    args=lambda s: {"order_id": s["order_id"]},
    inputs={"contact_ref": "profile_loaded.contact_ref"},
    after=("order_found",),
    description="the user is texted the order's status (contact_ref from the profile)",
)
ORDER_CANCELLED = Step(
    name="order_cancelled",
    tool="cancel_order",
    args=lambda s: {"order_id": s["order_id"]},
    description="the order is cancelled (a person approves it first)",
)


def _summarize_profile(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    profile = evidence.get("profile_loaded")
    if not profile:
        return ""
    return (
        f"{profile.get('name')}: phone {profile.get('phone')}, e-mail {profile.get('email')}, "
        f"ID {profile.get('id_number')}."
    )


def _summarize_notify(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    sent = evidence.get("customer_notified")
    order = evidence.get("order_found")
    parts = [summarize_order(slots, {"order_found": order})] if order else []
    if sent:
        parts.append(f"Texted it to {sent['to']} ({sent['notification_id']}).")
    return " ".join(parts)


def _summarize_cancel(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    done = evidence.get("order_cancelled")
    return f"Order {done['order_id']} is cancelled ({done['cancellation_id']})." if done else ""


# --- example requests: how people ask, for the router's classifier (`nodes/classifier.py`).
# --- Terse, casual and polite, English and Chinese; check with `python -m graph eval --router`.

CANCEL_EXAMPLES = (
    "cancel order 10091",
    "please cancel my order 10091",
    "I don't want order 10091 anymore, cancel it",
    "call off order 10091",
    "can you cancel 10091 for me",
    "取消订单 10091",
    "帮我把订单10091取消掉",
    "订单10091不要了，取消吧",
    "退订 10091",
    "stop order 10091",
    "please void order 10091",
    "我不想要10091了",
    "把订单10091撤销",
)
NOTIFY_EXAMPLES = (
    "text me the status of order 10086",
    "send me an sms about order 10086",
    "notify me by text where order 10087 is",
    "message me the update on my order 10091",
    "ping me with the status of package 10088",
    "短信告诉我订单10086的状态",
    "把订单10087的物流发短信给我",
    "通知我订单10091的进度",
    "sms me the tracking for 10086",
    "send a text with order 10087's status",
    "给我发个短信说一下10088到哪了",
    "订单10088的物流发到我手机上",
)
PROFILE_EXAMPLES = (
    "show my contact details",
    "what phone number do you have for me",
    "what's my email on file",
    "show my profile",
    "what contact info do you have",
    "my account details",
    "查看我的联系方式",
    "我的个人资料",
    "你们登记的手机号是多少",
    "我的个人信息",
    "my email address",
    "我的邮箱是什么",
    "what do you have on file for me",
    "what's the phone number on my account",
    "show my personal info",
    "which phone number are you using to reach me",
    "what email address are you using for my account",
    "你们现在用的是我哪个邮箱",
    "我账户资料里登记的地址和电话",
)


PINYIN = {
    **{"duan xin": "短信", "fa duan xin": "发短信", "dian hua": "电话", "you xiang": "邮箱"},
    **{"di zhi": "地址", "shou ji": "手机", "shou ji hao": "手机号"},
}
"""Toneless pinyin of a text message's and the profile's words, as typed without an input
method (`Domain.pinyin`)."""

INTENTS = (
    IntentSpec(
        name="cancel_order",
        description="Cancel one of the user's orders, once a person approves it.",
        extract=extract_cancel,
        fill=order_slots,
        examples=CANCEL_EXAMPLES,
        write_cues=(
            *("don't want", "no longer want", "void", "不要了", "退订", "撤单", "不想要"),
            "不需要了",
            # an order stopped: "Please stop the order with the number 63380"
            *("stop the order", "stop my order"),
        ),
        required_evidence=("order_id",),
        # cancel_order refuses an order that is not processing: this condition is its own
        checked_conditions=(
            *("not shipped", "not been shipped", "not dispatched", "not sent out", "processing"),
            *("没发货", "未发货", "没有发货", "没发出", "还在处理"),
        ),
        slots_model=OrderRefSlots,
        steps=(ORDER_CANCELLED,),
        budget=Budget(max_rounds=4, max_calls=3),
        summarize=_summarize_cancel,
    ),
    IntentSpec(
        name="notify_order",
        description="Text the user the status of one of their orders.",
        extract=extract_notify,
        fill=order_slots,
        examples=NOTIFY_EXAMPLES,
        write_cues=(
            *("text me", "sms me", "send me a sms", "send me an sms", "send me a text"),
            *("send sms", "send an sms", "send a sms"),
            *("发个短信", "短信告诉我", "短信通知", "发我手机", "发到我手机"),
            *_PUSHED_TO_ME,
        ),
        required_evidence=("order_id",),
        slots_model=OrderRefSlots,
        steps=(PROFILE_LOADED, NOTIFY_ORDER_FOUND, CUSTOMER_NOTIFIED),
        budget=Budget(max_rounds=6, max_calls=6),
        summarize=_summarize_notify,
    ),
    IntentSpec(
        name="customer_profile",
        description="Show the user their own contact details.",
        extract=extract_profile,
        examples=PROFILE_EXAMPLES,
        slots_model=ProfileSlots,
        steps=(PROFILE_LOADED,),
        budget=Budget(max_rounds=3, max_calls=3),
        summarize=_summarize_profile,
    ),
)
"""Checked before `order_status`: "cancel order 10091" names an order too."""
