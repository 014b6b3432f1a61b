"""A generated 1,000-tool registry and a labelled query set, for the large-registry loader.

Twenty business namespaces (CRM, billing, DevOps, HR, ...) of five entities each. Every
entity gets the usual OpenAPI-style verbs (get, list, search, create, update, delete,
archive, export, count, history) and many get hand-written actions (refund a payment, roll
back a deployment, reset a password). Names and descriptions overlap the way a real
enterprise registry does: `billing_get_invoice` and `procurement_get_supplier_invoice`,
`orders_list_orders` and `procurement_list_purchase_orders`, `identity_get_user` and
`hr_get_employee`. Every description carries a one-line Chinese gloss, as registries serving
Chinese users do; without it no lexical ranker could match a Chinese request.

Everything is deterministic: the same `n` gives the same tools, in the same order, with the
same schemas. `build_domain(n)` wraps them in a `Domain` whose area intents (customer
service, finance, engineering, ...) each cover several namespaces (200 to 270 tools at
n=1000), so ranking has real work to do, plus three task intents with rules and checklists
the offline model can complete end to end.

`LABELLED_QUERIES`, `HELDOUT_QUERIES`, `THIRD_QUERIES`, `FOURTH_QUERIES` and `FIFTH_QUERIES`
were written by hand against the catalogue, by five authors: requests paraphrase what a user
wants (they do not copy descriptions), a third are in Chinese, and each names the one tool
that serves it best, the area intent a router would pick, and the namespace when the request
itself names the system. The first four (`TRAINING_QUERIES`) shaped the ranker; the fifth is
the one nothing was tuned or fitted on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from nodes.search.lexical import operation_of
from nodes.search.operations import OperationPrior
from nodes.search.ranker import LexicalRanker
from nodes.search.thesaurus import default_thesaurus
from tools.contract import ToolContext, ToolFn, ToolSpec
from tools.domain import Domain, IntentSpec, SlotExtractor, Step, Summarizer
from tools.errors import ConfigError
from tools.registry import ToolRegistry
from tools.store import audit, run_in_store

ArgType = Literal["str", "int", "float", "date"]
Level = Literal["read", "write", "admin"]

DEFAULT_TOOLS = 1000
REGIONS = ("eu", "us", "apac")
"""Regional copies of every namespace, used only when more tools are asked for than the
catalogue has: the hardest distractors, since they differ from the original by one word."""
BAD_SIZE = "a generated registry needs between {low} and {high} tools; got {n}"


# --- the catalogue -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arg:
    """One argument of a generated tool."""

    name: str
    type: ArgType
    description: str
    required: bool = True


@dataclass(frozen=True)
class Entity:
    """A business object of one namespace, from which the generic verbs are generated."""

    namespace: str
    key: str
    plural_key: str
    noun: str
    nouns: str
    gloss: str
    zh: str
    id_field: str
    example: str
    searchable: str
    statuses: str
    attrs: tuple[Arg, ...]


def _a(name: str, description: str, type_: ArgType = "str", *, required: bool = True) -> Arg:
    return Arg(name, type_, description, required)


NAMESPACES: Mapping[str, tuple[str, str]] = {
    "crm": ("CRM", "客户关系管理"),
    "support": ("help desk", "客服工单系统"),
    "orders": ("order management", "订单系统"),
    "shipping": ("logistics", "物流系统"),
    "billing": ("billing", "计费收款系统"),
    "finance": ("accounting", "财务总账"),
    "payroll": ("payroll", "薪酬系统"),
    "procurement": ("procurement", "采购系统"),
    "devops": ("deployment platform", "发布平台"),
    "monitoring": ("monitoring", "监控告警平台"),
    "storage": ("file storage", "文件存储"),
    "security": ("security", "安全平台"),
    "identity": ("identity and access", "账号权限系统"),
    "hr": ("HR", "人事系统"),
    "calendar": ("calendar", "日程系统"),
    "messaging": ("messaging", "消息系统"),
    "marketing": ("marketing", "营销系统"),
    "analytics": ("analytics", "数据分析平台"),
    "inventory": ("inventory and catalogue", "库存商品系统"),
    "legal": ("legal", "法务系统"),
}

_E = Entity
ENTITIES: tuple[Entity, ...] = (
    # crm
    _E("crm", "contact", "contacts", "contact", "contacts", "a person at a customer",
       "联系人", "contact_id", "CT-20417", "name, email and phone", "active, unsubscribed",
       (_a("full_name", "The person's full name."), _a("email", "Email address."),
        _a("account_id", "Company account the person works for, e.g. AC-3310."))),
    _E("crm", "account", "accounts", "account", "accounts", "a customer company",
       "客户公司", "account_id", "AC-3310", "company name and web domain",
       "prospect, customer, churned",
       (_a("company_name", "Legal name of the company."), _a("industry", "Industry sector."),
        _a("owner_id", "Sales rep who owns the account."))),
    _E("crm", "lead", "leads", "lead", "leads", "a potential buyer not yet qualified",
       "销售线索", "lead_id", "LD-8812", "name, company and source",
       "new, contacted, qualified, disqualified",
       (_a("full_name", "The prospect's name."), _a("company", "The prospect's company."),
        _a("source", "Where the lead came from, e.g. webinar or web form."))),
    _E("crm", "opportunity", "opportunities", "opportunity", "opportunities",
       "a deal in the sales pipeline", "商机", "opportunity_id", "OP-5521",
       "deal name and account", "open, won, lost",
       (_a("account_id", "Customer account of the deal."),
        _a("amount", "Expected deal value.", "float"),
        _a("close_date", "Expected close date.", "date"))),
    _E("crm", "activity", "activities", "activity", "activities",
       "a call, meeting or email logged against a customer", "客户跟进记录", "activity_id",
       "AV-1203", "subject and notes", "planned, done",
       (_a("contact_id", "Contact the activity was with."),
        _a("kind", "call, meeting or email."), _a("notes", "What was discussed."))),
    # support
    _E("support", "ticket", "tickets", "ticket", "tickets", "a customer's support request",
       "客服工单", "ticket_id", "TK-48213", "subject and conversation",
       "open, pending, solved, closed",
       (_a("subject", "One-line summary of the problem."),
        _a("requester_email", "Email of the customer who asked."),
        _a("priority", "low, normal, high or urgent."))),
    _E("support", "article", "articles", "help-center article", "help-center articles",
       "a knowledge-base page customers can read", "知识库文章", "article_id", "KB-0192",
       "title and body", "draft, published",
       (_a("title", "Article title."), _a("body", "Article text in Markdown."),
        _a("section", "Help-center section."))),
    _E("support", "macro", "macros", "macro", "macros",
       "a canned reply agents apply to tickets", "快捷回复模板", "macro_id", "MC-77",
       "title and reply text", "active, inactive",
       (_a("title", "Macro name."), _a("reply_text", "The reply it inserts."))),
    _E("support", "sla_policy", "sla_policies", "SLA policy", "SLA policies",
       "response and resolution time targets", "SLA 服务时效策略", "policy_id", "SLA-4",
       "policy name", "active, inactive",
       (_a("name", "Policy name."),
        _a("first_response_hours", "Hours allowed before the first reply.", "int"),
        _a("resolution_hours", "Hours allowed to resolve.", "int"))),
    _E("support", "survey", "surveys", "satisfaction survey", "satisfaction surveys",
       "a CSAT rating a customer gave after a ticket", "满意度调查", "survey_id", "CS-9012",
       "comments", "sent, answered",
       (_a("ticket_id", "Ticket the survey is about."),
        _a("score", "Rating from 1 to 5.", "int"), _a("comment", "Free-text comment."))),
    # orders
    _E("orders", "order", "orders", "order", "orders", "a customer's purchase",
       "客户订单", "order_id", "SO-10086", "customer name, products and address",
       "pending, paid, shipped, delivered, cancelled",
       (_a("customer_id", "Customer who placed it."),
        _a("items", "Items as SKU:quantity pairs."),
        _a("shipping_address", "Delivery address."))),
    _E("orders", "return_request", "return_requests", "return request", "return requests",
       "an RMA: a customer sending items back", "退货申请", "return_id", "RMA-3021",
       "reason and items", "requested, approved, received, refunded, rejected",
       (_a("order_id", "Order the items came from."), _a("reason", "Why they are returned."),
        _a("items", "Items being returned."))),
    _E("orders", "cart", "carts", "shopping cart", "shopping carts",
       "items a shopper has not checked out yet", "购物车", "cart_id", "CR-5530",
       "customer and items", "active, abandoned, converted",
       (_a("customer_id", "Shopper."), _a("items", "Items in the cart."))),
    _E("orders", "quote", "quotes", "quote", "quotes", "a price quotation for a customer",
       "报价单", "quote_id", "QT-2210", "customer and line items",
       "draft, sent, accepted, expired",
       (_a("customer_id", "Customer quoted."), _a("items", "Quoted items and prices."),
        _a("valid_until", "Last day the prices hold.", "date"))),
    _E("orders", "subscription", "subscriptions", "subscription", "subscriptions",
       "a recurring plan a customer pays for", "订阅", "subscription_id", "SUB-7781",
       "plan and customer", "trialing, active, paused, cancelled",
       (_a("customer_id", "Subscriber."), _a("plan_id", "Price plan, e.g. PP-12."),
        _a("start_date", "First billing day.", "date"))),
    # shipping
    _E("shipping", "shipment", "shipments", "shipment", "shipments",
       "a parcel sent to a customer", "发货运单", "shipment_id", "SH-5521",
       "tracking number and recipient", "label_created, in_transit, delivered, exception",
       (_a("order_id", "Order being shipped."), _a("carrier_id", "Carrier, e.g. CA-08."),
        _a("service_level", "standard, express or overnight."))),
    _E("shipping", "carrier", "carriers", "carrier", "carriers", "a courier company",
       "快递承运商", "carrier_id", "CA-08", "carrier name", "active, suspended",
       (_a("name", "Carrier name."), _a("tracking_url_template", "Tracking page pattern."),
        _a("contact_email", "Account manager's email."))),
    _E("shipping", "pickup", "pickups", "pickup", "pickups",
       "a courier collecting parcels at an address", "上门取件预约", "pickup_id", "PU-3390",
       "address", "scheduled, collected, missed",
       (_a("address", "Where to collect."), _a("pickup_date", "Day of collection.", "date"),
        _a("parcels", "Number of parcels.", "int"))),
    _E("shipping", "route", "routes", "delivery route", "delivery routes",
       "a driver's ordered list of stops for a day", "配送路线", "route_id", "RT-118",
       "driver and stops", "planned, in_progress, completed",
       (_a("driver_id", "Driver."), _a("stops", "Ordered stop addresses."),
        _a("date", "Day of the route.", "date"))),
    _E("shipping", "customs_declaration", "customs_declarations", "customs declaration",
       "customs declarations", "paperwork for an international shipment", "报关单",
       "declaration_id", "CD-7712", "HS codes and goods description",
       "draft, submitted, cleared, held",
       (_a("shipment_id", "Shipment declared."),
        _a("hs_code", "Harmonized System tariff code."),
        _a("declared_value", "Value of the goods.", "float"))),
    # billing
    _E("billing", "invoice", "invoices", "invoice", "invoices",
       "the bill we send a customer", "客户发票账单", "invoice_id", "INV-2291",
       "customer name and line items", "draft, open, paid, overdue, void",
       (_a("customer_id", "Customer billed."), _a("amount", "Total due.", "float"),
        _a("due_date", "Day payment is due.", "date"))),
    _E("billing", "payment", "payments", "payment", "payments",
       "money a customer paid us by card or bank transfer", "客户付款记录", "payment_id",
       "PAY-88123", "payer and reference", "succeeded, pending, failed, refunded",
       (_a("invoice_id", "Invoice it pays."), _a("amount", "Amount paid.", "float"),
        _a("method", "card, bank_transfer or wallet."))),
    _E("billing", "credit_note", "credit_notes", "credit note", "credit notes",
       "a document reducing what a customer owes", "贷项通知单", "credit_note_id", "CN-442",
       "reason", "draft, issued, applied",
       (_a("invoice_id", "Invoice it corrects."), _a("amount", "Amount credited.", "float"),
        _a("reason", "Why the credit was given."))),
    _E("billing", "price_plan", "price_plans", "price plan", "price plans",
       "a pricing tier customers subscribe to", "价格方案", "plan_id", "PP-12", "plan name",
       "active, retired",
       (_a("name", "Plan name."), _a("monthly_price", "Price per month.", "float"),
        _a("currency", "ISO currency code."))),
    _E("billing", "tax_rate", "tax_rates", "tax rate", "tax rates",
       "a sales tax or VAT percentage for a region", "税率", "tax_rate_id", "TX-31",
       "region and name", "active, inactive",
       (_a("region", "Country or state."), _a("percentage", "Rate in percent.", "float"),
        _a("name", "Display name, e.g. VAT."))),
    # finance
    _E("finance", "journal_entry", "journal_entries", "journal entry", "journal entries",
       "a bookkeeping record of debits and credits", "记账凭证", "entry_id", "JE-60021",
       "memo and accounts", "draft, posted, reversed",
       (_a("debit_account", "Ledger account debited."),
        _a("credit_account", "Ledger account credited."),
        _a("amount", "Amount.", "float"))),
    _E("finance", "ledger_account", "ledger_accounts", "ledger account", "ledger accounts",
       "an account in the chart of accounts", "总账科目", "account_code", "GL-4010",
       "account name and code", "active, closed",
       (_a("name", "Account name."),
        _a("account_type", "asset, liability, equity, revenue or expense."),
        _a("parent_code", "Parent account code."))),
    _E("finance", "budget", "budgets", "budget", "budgets",
       "money a department may spend in a year", "部门预算", "budget_id", "BG-2025-07",
       "department and cost center", "draft, approved, closed",
       (_a("department", "Department or cost center."), _a("amount", "Amount.", "float"),
        _a("fiscal_year", "Fiscal year.", "int"))),
    _E("finance", "expense_report", "expense_reports", "expense report", "expense reports",
       "an employee's reimbursement claim", "员工报销单", "report_id", "ER-1187",
       "employee and purpose", "submitted, approved, reimbursed, rejected",
       (_a("employee_id", "Employee claiming."), _a("total_amount", "Total.", "float"),
        _a("purpose", "Business purpose."))),
    _E("finance", "fiscal_period", "fiscal_periods", "fiscal period", "fiscal periods",
       "an accounting month or quarter", "会计期间", "period_id", "FP-2025-06",
       "period name", "open, closing, closed",
       (_a("name", "Period name."), _a("start_date", "First day.", "date"),
        _a("end_date", "Last day.", "date"))),
    # payroll
    _E("payroll", "payslip", "payslips", "payslip", "payslips",
       "one employee's pay stub for a pay period", "工资条", "payslip_id",
       "PS-2025-06-0042", "employee and period", "draft, issued",
       (_a("employee_id", "Employee paid."), _a("period", "Pay period, e.g. 2025-06."),
        _a("net_pay", "Net pay.", "float"))),
    _E("payroll", "salary_change", "salary_changes", "salary change", "salary changes",
       "a raise or adjustment of base pay", "调薪记录", "change_id", "SA-301",
       "employee and reason", "proposed, approved, effective",
       (_a("employee_id", "Employee."), _a("new_salary", "New annual salary.", "float"),
        _a("effective_date", "Day it applies.", "date"))),
    _E("payroll", "bonus", "bonuses", "bonus", "bonuses", "a one-off extra payment",
       "奖金", "bonus_id", "BN-88", "employee and reason", "proposed, approved, paid",
       (_a("employee_id", "Employee."), _a("amount", "Amount.", "float"),
        _a("reason", "Why it is paid."))),
    _E("payroll", "tax_withholding", "tax_withholdings", "tax withholding",
       "tax withholdings", "income tax held back from pay", "个税代扣记录",
       "withholding_id", "TW-5120", "employee and tax year", "calculated, filed",
       (_a("employee_id", "Employee."), _a("tax_year", "Tax year.", "int"),
        _a("amount", "Amount withheld.", "float"))),
    _E("payroll", "pay_run", "pay_runs", "pay run", "pay runs",
       "a payroll batch that pays many employees at once", "发薪批次", "pay_run_id",
       "PR-2025-06", "period and company", "draft, approved, paid",
       (_a("period", "Pay period."), _a("pay_date", "Day money is paid.", "date"),
        _a("company", "Legal entity paying."))),
    # procurement
    _E("procurement", "purchase_order", "purchase_orders", "purchase order",
       "purchase orders", "a PO we send a supplier to buy goods", "采购订单", "po_number",
       "PO-45120", "supplier and items", "draft, sent, received, closed",
       (_a("supplier_id", "Supplier."), _a("items", "Items ordered."),
        _a("delivery_date", "Expected delivery.", "date"))),
    _E("procurement", "supplier", "suppliers", "supplier", "suppliers",
       "a vendor we buy from", "供应商", "supplier_id", "SP-207",
       "company name and category", "onboarding, approved, blocked",
       (_a("company_name", "Vendor name."), _a("category", "What they sell."),
        _a("contact_email", "Vendor contact."))),
    _E("procurement", "supplier_invoice", "supplier_invoices", "supplier invoice",
       "supplier invoices", "a vendor's bill that we have to pay", "供应商发票应付账单",
       "bill_id", "SI-9930", "supplier and PO number", "received, approved, paid, disputed",
       (_a("supplier_id", "Supplier billing us."), _a("po_number", "Matching PO."),
        _a("amount", "Amount billed.", "float"))),
    _E("procurement", "purchase_request", "purchase_requests", "purchase request",
       "purchase requests", "an employee asking to buy something", "采购申请", "request_id",
       "RQ-1402", "item and requester", "submitted, approved, rejected, ordered",
       (_a("item_description", "What to buy."), _a("quantity", "How many.", "int"),
        _a("estimated_cost", "Estimated cost.", "float"))),
    _E("procurement", "rfq", "rfqs", "RFQ", "RFQs",
       "a request for quotation sent to several suppliers", "询价单", "rfq_id", "RFQ-310",
       "item and invited suppliers", "open, closed, awarded",
       (_a("item_description", "What is sought."), _a("quantity", "How many.", "int"),
        _a("deadline", "Last day for bids.", "date"))),
    # devops
    _E("devops", "deployment", "deployments", "deployment", "deployments",
       "a release of a service rolled out to an environment", "部署发布记录",
       "deployment_id", "DP-9981", "service and version",
       "queued, running, succeeded, failed, rolled_back",
       (_a("service_id", "Service deployed."), _a("version", "Version or git tag."),
        _a("environment_id", "Target environment, e.g. EN-3."))),
    _E("devops", "service", "services", "service", "services",
       "a deployable application or microservice", "服务应用", "service_id", "SV-104",
       "service name and owning team", "active, deprecated",
       (_a("name", "Service name."), _a("owner_team", "Team that owns it."),
        _a("repository_url", "Source repository."))),
    _E("devops", "pipeline", "pipelines", "pipeline run", "pipeline runs",
       "a CI build-and-test run for a commit", "CI 流水线", "pipeline_id", "PL-33021",
       "branch and commit", "running, passed, failed, cancelled",
       (_a("service_id", "Service built."), _a("branch", "Git branch."),
        _a("commit_sha", "Commit built."))),
    _E("devops", "feature_flag", "feature_flags", "feature flag", "feature flags",
       "a toggle that turns a feature on for some users", "功能开关", "flag_key", "FF-212",
       "flag key and description", "on, off, rolling_out",
       (_a("key", "Flag key."), _a("description", "What it controls."),
        _a("rollout_percent", "Share of users who get it.", "int"))),
    _E("devops", "environment", "environments", "environment", "environments",
       "a place services run: staging, production or a preview", "部署环境",
       "environment_id", "EN-3", "environment name", "healthy, degraded, locked",
       (_a("name", "Environment name."), _a("region", "Cloud region."),
        _a("cluster", "Kubernetes cluster."))),
    # monitoring
    _E("monitoring", "alert", "alerts", "alert", "alerts",
       "a notification fired when a metric crosses a threshold", "监控告警", "alert_id",
       "AL-77120", "rule name and service", "firing, acknowledged, resolved, silenced",
       (_a("service_id", "Service alerting."), _a("severity", "critical, warning or info."),
        _a("rule", "Threshold rule."))),
    _E("monitoring", "incident", "incidents", "incident", "incidents",
       "an outage or degradation handled by on-call", "故障事件", "incident_id", "IN-408",
       "title and timeline", "investigating, identified, monitoring, resolved",
       (_a("title", "What is broken."), _a("severity", "SEV1 to SEV4."),
        _a("commander_id", "Incident commander."))),
    _E("monitoring", "dashboard", "dashboards", "dashboard", "dashboards",
       "a page of metric charts", "监控大盘", "dashboard_id", "DB-56", "title and panels",
       "shared, private",
       (_a("title", "Dashboard title."), _a("panels", "Metrics to chart."),
        _a("owner_id", "Owner."))),
    _E("monitoring", "uptime_check", "uptime_checks", "uptime check", "uptime checks",
       "a synthetic probe that pings a URL from several regions", "可用性拨测", "check_id",
       "UC-19", "URL", "up, down, paused",
       (_a("url", "URL probed."), _a("interval_seconds", "Seconds between probes.", "int"),
        _a("regions", "Regions probing."))),
    _E("monitoring", "on_call_schedule", "on_call_schedules", "on-call schedule",
       "on-call schedules", "a rotation of engineers who get paged", "值班表",
       "schedule_id", "OC-7", "team and rotation", "active, inactive",
       (_a("team", "Team."), _a("rotation", "daily or weekly."),
        _a("members", "Engineers in the rotation."))),
    # storage
    _E("storage", "file", "files", "file", "files", "a stored document, image or attachment",
       "文件", "file_id", "FL-554210", "file name and contents", "active, trashed",
       (_a("name", "File name."), _a("folder_id", "Folder it is in."),
        _a("content_type", "MIME type."))),
    _E("storage", "folder", "folders", "folder", "folders", "a directory of files",
       "文件夹", "folder_id", "FD-1102", "folder name", "active, trashed",
       (_a("name", "Folder name."), _a("parent_folder_id", "Parent folder."),
        _a("owner_id", "Owner."))),
    _E("storage", "bucket", "buckets", "bucket", "buckets", "an object-storage container",
       "存储桶", "bucket_name", "BK-17", "bucket name and region", "active, locked",
       (_a("name", "Bucket name."), _a("region", "Region."),
        _a("versioning", "on or off."))),
    _E("storage", "backup", "backups", "backup", "backups",
       "a snapshot of a database or volume", "数据备份", "backup_id", "BU-20250601",
       "source and date", "running, completed, failed, expired",
       (_a("source", "Database or volume backed up."),
        _a("retention_days", "Days to keep it.", "int"), _a("region", "Region stored."))),
    _E("storage", "share_link", "share_links", "share link", "share links",
       "a link giving outside people access to a file", "文件分享链接", "link_id", "SL-8812",
       "file and recipient", "active, expired, revoked",
       (_a("file_id", "File shared."), _a("expires_on", "Last valid day.", "date"),
        _a("permission", "view or edit."))),
    # security
    _E("security", "api_key", "api_keys", "API key", "API keys",
       "a secret token for programmatic access", "API 密钥", "key_id", "AK-5530",
       "key name and owner", "active, revoked, expired",
       (_a("name", "Key name."), _a("owner_id", "Owner."), _a("scopes", "Scopes granted."))),
    _E("security", "vulnerability", "vulnerabilities", "vulnerability", "vulnerabilities",
       "a CVE finding from a dependency or image scan", "安全漏洞", "finding_id", "VL-2210",
       "CVE id, package and service", "open, accepted_risk, fixed",
       (_a("cve_id", "CVE identifier."), _a("service_id", "Affected service."),
        _a("severity", "critical, high, medium or low."))),
    _E("security", "firewall_rule", "firewall_rules", "firewall rule", "firewall rules",
       "an allow or deny rule for an IP range and port", "防火墙规则", "rule_id", "FW-98",
       "CIDR and port", "enabled, disabled",
       (_a("cidr", "IP range, e.g. 10.0.0.0/24."), _a("port", "Port.", "int"),
        _a("action", "allow or deny."))),
    _E("security", "certificate", "certificates", "TLS certificate", "TLS certificates",
       "an SSL certificate for a domain", "SSL 证书", "certificate_id", "CE-61",
       "domain name", "valid, expiring, expired, revoked",
       (_a("domain", "Domain covered."), _a("issuer", "Certificate authority."),
        _a("expires_on", "Expiry day.", "date"))),
    _E("security", "access_review", "access_reviews", "access review", "access reviews",
       "a periodic check of who holds which permissions", "权限复核", "review_id", "AR-14",
       "application and reviewer", "open, completed",
       (_a("application", "Application reviewed."), _a("reviewer_id", "Reviewer."),
        _a("due_date", "Deadline.", "date"))),
    # identity
    _E("identity", "user", "users", "user account", "user accounts",
       "a login someone signs in with", "用户账号", "user_id", "U-1042",
       "name, username and email", "active, locked, deactivated",
       (_a("email", "Sign-in email."), _a("display_name", "Name shown."),
        _a("department", "Department."))),
    _E("identity", "group", "groups", "group", "groups", "a set of users sharing access",
       "用户组", "group_id", "G-220", "group name", "active, archived",
       (_a("name", "Group name."), _a("description", "Purpose."), _a("owner_id", "Owner."))),
    _E("identity", "role", "roles", "role", "roles", "a named set of permissions",
       "权限角色", "role_id", "R-15", "role name and permissions", "active, deprecated",
       (_a("name", "Role name."), _a("permissions", "Comma-separated permissions."))),
    _E("identity", "session", "sessions", "sign-in session", "sign-in sessions",
       "a browser or device where someone is logged in", "登录会话", "session_id",
       "SE-73021", "user, device and IP address", "active, expired, revoked",
       (_a("user_id", "User signed in."), _a("device", "Device or browser."),
        _a("ip_address", "IP address."))),
    _E("identity", "sso_app", "sso_apps", "SSO application", "SSO applications",
       "an app people sign in to through single sign-on", "单点登录应用", "app_id", "APP-31",
       "app name", "enabled, disabled",
       (_a("name", "App name."), _a("protocol", "saml or oidc."),
        _a("redirect_url", "Callback URL."))),
    # hr
    _E("hr", "employee", "employees", "employee record", "employee records",
       "a person's HR profile: title, manager, department", "员工档案", "employee_id",
       "E-3302", "name, job title and department", "active, on_leave, terminated",
       (_a("full_name", "Name."), _a("job_title", "Job title."),
        _a("manager_id", "Manager's employee id."))),
    _E("hr", "leave_request", "leave_requests", "leave request", "leave requests",
       "time off asked for: vacation, sick or parental leave", "请假申请", "leave_id",
       "LV-902", "employee and dates", "requested, approved, rejected, cancelled",
       (_a("employee_id", "Employee."), _a("start_date", "First day off.", "date"),
        _a("end_date", "Last day off.", "date"))),
    _E("hr", "job_posting", "job_postings", "job posting", "job postings",
       "an open position we are hiring for", "招聘职位", "posting_id", "JP-77",
       "title and location", "draft, open, closed",
       (_a("title", "Job title."), _a("location", "Office or remote."),
        _a("department", "Hiring department."))),
    _E("hr", "candidate", "candidates", "candidate", "candidates",
       "a job applicant", "应聘者", "candidate_id", "CAN-4410",
       "name, skills and resume", "applied, interviewing, offered, hired, rejected",
       (_a("full_name", "Name."), _a("email", "Email."),
        _a("posting_id", "Job applied for."))),
    _E("hr", "performance_review", "performance_reviews", "performance review",
       "performance reviews", "an appraisal of an employee's work in a cycle", "绩效考核",
       "review_id", "PRV-2025-118", "employee and cycle",
       "draft, submitted, calibrated, shared",
       (_a("employee_id", "Employee reviewed."), _a("cycle", "Cycle, e.g. 2025-H1."),
        _a("rating", "1 to 5."))),
    # calendar
    _E("calendar", "event", "events", "calendar event", "calendar events",
       "a meeting or appointment", "日程会议", "event_id", "EV-66120",
       "title and attendees", "confirmed, tentative, cancelled",
       (_a("title", "Title."), _a("start_time", "ISO start time."),
        _a("attendees", "Comma-separated emails."))),
    _E("calendar", "meeting_room", "meeting_rooms", "meeting room", "meeting rooms",
       "a bookable room with seats and equipment", "会议室", "room_id", "MR-402",
       "room name, floor and equipment", "available, out_of_service",
       (_a("name", "Room name."), _a("capacity", "Seats.", "int"), _a("floor", "Floor."))),
    _E("calendar", "room_booking", "room_bookings", "room booking", "room bookings",
       "a reservation of a meeting room", "会议室预订", "booking_id", "BKG-5501",
       "room and organizer", "booked, cancelled",
       (_a("room_id", "Room."), _a("start_time", "ISO start."), _a("end_time", "ISO end."))),
    _E("calendar", "reminder", "reminders", "reminder", "reminders",
       "a personal nudge at a set time", "提醒事项", "reminder_id", "RM-310", "text",
       "scheduled, sent, dismissed",
       (_a("text", "What to remind."), _a("remind_at", "ISO time."),
        _a("user_id", "Who is reminded."))),
    _E("calendar", "holiday", "holidays", "holiday", "holidays",
       "a public holiday or office closure day", "节假日", "holiday_id", "HC-2025-10-01",
       "name and country", "confirmed",
       (_a("name", "Holiday name."), _a("date", "Day.", "date"), _a("country", "Country."))),
    # messaging
    _E("messaging", "email", "emails", "email", "emails", "a mail message",
       "电子邮件", "message_id", "EM-99120", "subject, sender and body",
       "draft, sent, bounced",
       (_a("to", "Recipient addresses."), _a("subject", "Subject."), _a("body", "Body."))),
    _E("messaging", "channel", "channels", "chat channel", "chat channels",
       "a team group chat", "群聊频道", "channel_id", "CH-310", "channel name and topic",
       "active, archived",
       (_a("name", "Channel name."), _a("topic", "Topic."), _a("members", "Members."))),
    _E("messaging", "sms_message", "sms_messages", "SMS message", "SMS messages",
       "a text message to a phone", "短信", "sms_id", "SMS-7120", "phone number and text",
       "queued, delivered, failed",
       (_a("phone_number", "Phone number."), _a("text", "Text."),
        _a("sender_id", "Sender name."))),
    _E("messaging", "email_template", "email_templates", "email template",
       "email templates", "a reusable email layout with placeholders", "邮件模板",
       "template_id", "ET-45", "template name and subject", "draft, active",
       (_a("name", "Template name."), _a("subject", "Subject line."),
        _a("html_body", "HTML body."))),
    _E("messaging", "notification", "notifications", "in-app notification",
       "in-app notifications", "a message under the bell icon", "站内通知",
       "notification_id", "NT-55012", "title and recipient", "unread, read",
       (_a("user_id", "Recipient."), _a("title", "Title."), _a("link", "Where it leads."))),
    # marketing
    _E("marketing", "campaign", "campaigns", "campaign", "campaigns",
       "a marketing push on email, social or ads", "营销活动", "campaign_id", "CP-2025-11",
       "name and channel", "draft, scheduled, running, ended",
       (_a("name", "Campaign name."), _a("channel", "email, social or ads."),
        _a("budget", "Spend limit.", "float"))),
    _E("marketing", "coupon", "coupons", "coupon", "coupons", "a discount promo code",
       "优惠券", "coupon_code", "CPN-2520", "code and campaign", "active, expired, exhausted",
       (_a("code", "Promo code."), _a("discount_percent", "Discount.", "int"),
        _a("expires_on", "Last valid day.", "date"))),
    _E("marketing", "segment", "segments", "audience segment", "audience segments",
       "a saved list of customers for targeting", "人群包", "segment_id", "SEG-38",
       "segment name and rules", "active, archived",
       (_a("name", "Segment name."), _a("rules", "Filter expression."))),
    _E("marketing", "landing_page", "landing_pages", "landing page", "landing pages",
       "a campaign web page", "落地页", "page_id", "LP-92", "title and URL",
       "draft, published, unpublished",
       (_a("title", "Page title."), _a("url_slug", "URL path."),
        _a("campaign_id", "Campaign it serves."))),
    _E("marketing", "newsletter", "newsletters", "newsletter issue", "newsletter issues",
       "a periodic email to subscribers", "电子简报", "newsletter_id", "NL-2025-W27",
       "subject and content", "draft, scheduled, sent",
       (_a("subject", "Subject."), _a("content", "Content."), _a("send_at", "ISO time."))),
    # analytics
    _E("analytics", "report", "reports", "saved report", "saved reports",
       "a saved analytics query with charts", "分析报表", "report_id", "RPT-318",
       "report name and metrics", "active, archived",
       (_a("name", "Report name."), _a("metrics", "Metrics shown."),
        _a("schedule", "none, daily or weekly."))),
    _E("analytics", "kpi", "kpis", "KPI", "KPIs", "a tracked key performance indicator",
       "关键指标 KPI", "kpi_id", "KPI-12", "metric name and definition", "tracked, retired",
       (_a("name", "KPI name."), _a("formula", "How it is computed."),
        _a("target", "Target value.", "float"))),
    _E("analytics", "funnel", "funnels", "funnel", "funnels",
       "ordered steps users go through to convert", "转化漏斗", "funnel_id", "FN-9",
       "funnel name and steps", "active, archived",
       (_a("name", "Funnel name."), _a("steps", "Ordered event names."),
        _a("window_days", "Days allowed to convert.", "int"))),
    _E("analytics", "experiment", "experiments", "A/B experiment", "A/B experiments",
       "a split test between variants", "A/B 实验", "experiment_id", "EXP-144",
       "hypothesis and variants", "draft, running, stopped, concluded",
       (_a("name", "Experiment name."), _a("variants", "Variants."),
        _a("traffic_percent", "Traffic share.", "int"))),
    _E("analytics", "cohort", "cohorts", "cohort", "cohorts",
       "users grouped by signup month for retention analysis", "用户留存分群",
       "cohort_id", "CO-2025-05", "cohort definition", "active, archived",
       (_a("name", "Cohort name."), _a("signup_month", "Signup month."),
        _a("definition", "Who is in it."))),
    # inventory
    _E("inventory", "product", "products", "product", "products",
       "a catalogue item with a SKU", "商品", "sku", "SKU-10422",
       "product name, brand and category", "active, discontinued",
       (_a("name", "Product name."), _a("price", "Selling price.", "float"),
        _a("category", "Category."))),
    _E("inventory", "stock_level", "stock_levels", "stock level", "stock levels",
       "units on hand of a product in one warehouse", "库存量", "stock_id", "ST-5520",
       "product and warehouse", "in_stock, low, out_of_stock",
       (_a("sku", "Product SKU."), _a("warehouse_id", "Warehouse."),
        _a("quantity", "Units on hand.", "int"))),
    _E("inventory", "warehouse", "warehouses", "warehouse", "warehouses",
       "a site where stock is stored", "仓库", "warehouse_id", "WH-3", "name and address",
       "active, closed",
       (_a("name", "Warehouse name."), _a("address", "Address."),
        _a("capacity_pallets", "Pallet capacity.", "int"))),
    _E("inventory", "stock_transfer", "stock_transfers", "stock transfer",
       "stock transfers", "goods moved from one warehouse to another", "调拨单",
       "transfer_id", "TR-6620", "products and warehouses", "planned, in_transit, received",
       (_a("from_warehouse_id", "Source warehouse."),
        _a("to_warehouse_id", "Destination warehouse."), _a("items", "Items moved."))),
    _E("inventory", "stock_count", "stock_counts", "stock count", "stock counts",
       "a physical stocktake of a warehouse", "盘点单", "count_id", "SC-219",
       "warehouse and date", "scheduled, counting, reconciled",
       (_a("warehouse_id", "Warehouse counted."), _a("count_date", "Day.", "date"),
        _a("counter_id", "Who counts."))),
    # legal
    _E("legal", "contract", "contracts", "contract", "contracts",
       "an agreement with a customer or vendor", "合同", "contract_id", "CTR-1180",
       "counterparty and terms", "draft, in_review, signed, expired, terminated",
       (_a("counterparty", "Other party."), _a("value", "Contract value.", "float"),
        _a("end_date", "End of term.", "date"))),
    _E("legal", "nda", "ndas", "NDA", "NDAs", "a non-disclosure agreement", "保密协议",
       "nda_id", "NDA-532", "counterparty", "draft, sent, signed",
       (_a("counterparty", "Other party."), _a("mutual", "yes or no."),
        _a("term_months", "Months it lasts.", "int"))),
    _E("legal", "policy", "policies", "compliance policy", "compliance policies",
       "an internal rulebook document", "合规制度", "policy_id", "CPL-22", "title and text",
       "draft, active, retired",
       (_a("title", "Title."), _a("owner_id", "Owner."),
        _a("review_date", "Next review.", "date"))),
    _E("legal", "privacy_request", "privacy_requests", "privacy request",
       "privacy requests", "a GDPR data-subject request to see or erase personal data",
       "个人信息请求", "request_id", "DSR-3091", "requester and type",
       "received, in_progress, completed, rejected",
       (_a("requester_email", "Person asking."),
        _a("request_type", "access, erasure or correction."),
        _a("due_date", "Legal deadline.", "date"))),
    _E("legal", "trademark", "trademarks", "trademark", "trademarks",
       "a registered brand name or logo", "商标", "trademark_id", "TM-48",
       "mark and jurisdiction", "filed, registered, lapsed",
       (_a("mark", "The mark."), _a("jurisdiction", "Country or region."),
        _a("renewal_date", "Renewal due.", "date"))),
)  # fmt: skip


@dataclass(frozen=True)
class Verb:
    """A generic verb: its name pattern, effect, permission level and descriptions."""

    key: str
    pattern: str
    level: Level
    effect: Literal["read", "write"]
    english: tuple[str, ...]
    chinese: str


VERBS: tuple[Verb, ...] = (
    Verb("get", "{ns}_get_{key}", "read", "read", (
        "Fetch one {noun} ({gloss}) by its id, e.g. {ex}, and return the full record: "
        "{fields} and status. Use when the {noun} is known; to browse use {ns}_list_{keys}.",
        "Look up a single {noun} ({gloss}) given its id ({ex}). Returns {fields} and the "
        "current status. Not for finding {nouns} by other criteria.",
    ), "按编号查询单个{zh}的详情"),
    Verb("list", "{ns}_list_{keys}", "read", "read", (
        "List {nouns} ({gloss}), newest first, optionally only those with a given status "
        "({statuses}) or created within a date range. Paginated.",
        "Browse {nouns} page by page, filtered by status ({statuses}) and creation date. "
        "Returns summaries; fetch one {noun} for full details.",
    ), "分页列出{zh}，可按状态和日期筛选"),
    Verb("search", "{ns}_search_{keys}", "read", "read", (
        "Keyword search over {nouns} ({gloss}): matches words in their {searchable}. Use "
        "when the id is unknown.",
        "Find {nouns} by free text in the {searchable}; best matches first.",
    ), "按关键词搜索{zh}"),
    Verb("create", "{ns}_create_{key}", "write", "write", (
        "Create a new {noun} ({gloss}) with {fields}. Returns the new id. Not for changing "
        "an existing one.",
        "Add a new {noun} ({gloss}): give {fields}. Returns its id.",
    ), "新建{zh}"),
    Verb("update", "{ns}_update_{key}", "write", "write", (
        "Change an existing {noun}: set any of {fields}; fields left out stay unchanged.",
        "Edit the {fields} of an existing {noun} ({gloss}). Does not create one.",
    ), "修改已有{zh}的信息"),
    Verb("delete", "{ns}_delete_{key}", "admin", "write", (
        "Permanently delete a {noun} ({gloss}). Irreversible, admins only; archive it "
        "instead to hide it.",
    ), "永久删除{zh}，不可恢复"),
    Verb("archive", "{ns}_archive_{key}", "write", "write", (
        "Archive a {noun} ({gloss}): hidden from active lists, can be restored later. "
        "Reversible, unlike delete.",
    ), "归档{zh}，之后可以恢复"),
    Verb("export", "{ns}_export_{keys}", "read", "read", (
        "Export {nouns} ({gloss}) matching a status and date range to a CSV spreadsheet or "
        "JSON file; returns a download link. For bulk or offline analysis.",
    ), "把{zh}导出为 CSV 或 JSON 文件"),
    Verb("count", "{ns}_count_{keys}", "read", "read", (
        "Count {nouns} grouped by status or another field since a date: totals and "
        "statistics for dashboards, not the records.",
    ), "按状态统计{zh}的数量"),
    Verb("history", "{ns}_get_{key}_history", "read", "read", (
        "Change history (audit trail) of one {noun}: who changed which field, when, old and "
        "new values.",
    ), "查看{zh}的变更记录：谁在什么时候改了什么"),
)  # fmt: skip


@dataclass(frozen=True)
class Action:
    """A hand-written, entity-specific tool."""

    name: str
    level: Level
    english: str
    chinese: str
    args: tuple[Arg, ...]

    @property
    def namespace(self) -> str:
        """The namespace is the name's first word."""
        return self.name.split("_", 1)[0]


def _o(name: str, description: str, type_: ArgType = "str") -> Arg:
    return Arg(name, type_, description, required=False)


_X = Action
ACTIONS: tuple[Action, ...] = (
    # crm
    _X("crm_merge_contacts", "write", "Merge two duplicate contacts into one, keeping the "
       "primary contact and moving all activities and deals to it.", "合并重复的联系人",
       (_a("primary_contact_id", "Contact to keep."),
        _a("duplicate_contact_id", "Contact merged away."))),
    _X("crm_convert_lead", "write", "Convert a qualified lead into a contact and a customer "
       "account, optionally opening a deal.", "把销售线索转化为客户和商机",
       (_a("lead_id", "Lead, e.g. LD-8812."), _o("create_opportunity", "yes or no."))),
    _X("crm_assign_account_owner", "write", "Hand a customer account over to another sales "
       "rep, who becomes its owner.", "更换客户公司的负责销售",
       (_a("account_id", "Account, e.g. AC-3310."), _a("owner_id", "New owner."))),
    _X("crm_log_call", "write", "Log a phone call with a contact: summary and duration.",
       "记录一次与联系人的电话沟通",
       (_a("contact_id", "Contact called."), _a("summary", "What was said."),
        _o("duration_minutes", "Length of the call.", "int"))),
    # support
    _X("support_assign_ticket", "write", "Assign a support ticket to an agent or a group.",
       "把工单分配给客服或小组",
       (_a("ticket_id", "Ticket, e.g. TK-48213."), _a("assignee_id", "Agent or group."))),
    _X("support_reply_to_ticket", "write", "Send a public reply to the customer on a ticket; "
       "they receive it by email.", "在工单里回复客户",
       (_a("ticket_id", "Ticket."), _a("message", "Reply text."))),
    _X("support_add_internal_note", "write", "Add a private internal note to a ticket, "
       "visible to agents only, never to the customer.", "给工单添加内部备注，客户看不到",
       (_a("ticket_id", "Ticket."), _a("note", "Note text."))),
    _X("support_escalate_ticket", "write", "Escalate a ticket to tier 2 or engineering with "
       "a reason; raises its priority.", "将工单升级给二线或研发",
       (_a("ticket_id", "Ticket."), _a("reason", "Why it needs escalation."))),
    _X("support_merge_tickets", "write", "Merge a duplicate ticket into another ticket from "
       "the same requester.", "合并重复工单",
       (_a("ticket_id", "Duplicate ticket."), _a("into_ticket_id", "Ticket kept."))),
    _X("support_apply_macro", "write", "Apply a macro (canned response) to a ticket.",
       "对工单套用快捷回复模板",
       (_a("ticket_id", "Ticket."), _a("macro_id", "Macro, e.g. MC-77."))),
    # orders
    _X("orders_cancel_order", "write", "Cancel an order that has not shipped yet; reserved "
       "stock is released and a paid order is refunded automatically.",
       "取消尚未发货的订单",
       (_a("order_id", "Order, e.g. SO-10086."), _a("reason", "Why it is cancelled."))),
    _X("orders_change_shipping_address", "write", "Change the delivery address of an order "
       "before it ships.", "修改订单的收货地址",
       (_a("order_id", "Order."), _a("new_address", "New delivery address."))),
    _X("orders_split_order", "write", "Split one order into two shipments, e.g. when part of "
       "it is back-ordered.", "将一个订单拆分为两次发货",
       (_a("order_id", "Order."), _a("items_to_split", "Items that ship later."))),
    _X("orders_approve_return", "write", "Approve a return request (RMA) so the customer can "
       "send the items back.", "批准退货申请", (_a("return_id", "Return, e.g. RMA-3021."),)),
    _X("orders_pause_subscription", "write", "Pause a subscription for a number of billing "
       "cycles without cancelling it.", "暂停订阅若干个周期",
       (_a("subscription_id", "Subscription, e.g. SUB-7781."),
        _a("cycles", "Billing cycles to skip.", "int"))),
    _X("orders_convert_quote_to_order", "write", "Turn an accepted quote into an order.",
       "把已接受的报价单转为订单", (_a("quote_id", "Quote, e.g. QT-2210."),)),
    # shipping
    _X("shipping_track_shipment", "read", "Live tracking of a shipment: current location, "
       "carrier scan events and estimated delivery date. Answers 'where is my parcel'.",
       "查询运单物流轨迹和预计送达时间", (_a("shipment_id", "Shipment, e.g. SH-5521."),)),
    _X("shipping_print_label", "write", "Generate a printable shipping label (PDF) for a "
       "shipment.", "打印快递面单",
       (_a("shipment_id", "Shipment."), _o("format", "pdf or zpl."))),
    _X("shipping_get_rate_quote", "read", "Compare shipping prices and delivery times from "
       "carriers for a parcel's weight and destination.", "估算运费，比较各快递价格",
       (_a("weight_kg", "Parcel weight.", "float"),
        _a("destination_postcode", "Destination postcode."),
        _o("service_level", "standard, express or overnight."))),
    _X("shipping_reroute_shipment", "write", "Redirect a shipment in transit to a different "
       "address or a pickup point.", "运输途中更改派送地址",
       (_a("shipment_id", "Shipment."), _a("new_address", "New destination."))),
    _X("shipping_report_lost_parcel", "write", "Open a claim with the carrier for a lost or "
       "damaged parcel.", "向快递公司报失或索赔丢失、损坏的包裹",
       (_a("shipment_id", "Shipment."), _a("description", "What happened."))),
    # billing
    _X("billing_refund_payment", "write", "Refund a customer payment in full or in part, back "
       "to the original card or account. Use for money already collected; to lower an "
       "unpaid invoice issue a credit note instead.", "对客户付款进行全额或部分退款",
       (_a("payment_id", "Payment, e.g. PAY-88123."),
        _o("amount", "Amount to refund; the whole payment when left out.", "float"),
        _o("reason", "Why the money is returned."))),
    _X("billing_void_invoice", "write", "Void an unpaid invoice so it is no longer due. Paid "
       "invoices cannot be voided.", "作废未支付的发票",
       (_a("invoice_id", "Invoice, e.g. INV-2291."), _a("reason", "Why it is voided."))),
    _X("billing_send_invoice_reminder", "write", "Email the customer a reminder about an "
       "unpaid or overdue invoice.", "给客户发送发票催款提醒邮件",
       (_a("invoice_id", "Invoice."),)),
    _X("billing_retry_failed_payment", "write", "Retry charging a payment that failed, e.g. "
       "after the customer updated their card.", "支付失败后重新扣款",
       (_a("payment_id", "Failed payment."),)),
    _X("billing_apply_credit_note", "write", "Apply an issued credit note to an open invoice, "
       "lowering the balance due.", "用贷项通知单冲抵发票金额",
       (_a("credit_note_id", "Credit note."), _a("invoice_id", "Invoice."))),
    _X("billing_get_customer_balance", "read", "Outstanding balance of a customer across all "
       "their invoices: total owed, overdue amount and unused credit.", "查询客户的欠款余额",
       (_a("customer_id", "Customer."),)),
    _X("billing_download_invoice_pdf", "read", "Download an invoice as a PDF document for "
       "sending or printing.", "下载发票 PDF 文件", (_a("invoice_id", "Invoice."),)),
    # finance
    _X("finance_post_journal_entry", "write", "Post a draft journal entry to the general "
       "ledger, making it final.", "过账记账凭证", (_a("entry_id", "Entry, e.g. JE-60021."),)),
    _X("finance_reverse_journal_entry", "write", "Reverse a posted journal entry with an "
       "opposite entry, e.g. to correct a mistake.", "冲销（红冲）已过账的凭证",
       (_a("entry_id", "Entry."), _a("reason", "Why."))),
    _X("finance_close_fiscal_period", "admin", "Close a fiscal period (month-end or "
       "quarter-end close) so nothing more can be posted to it.", "月末季末结账，关闭会计期间",
       (_a("period_id", "Period, e.g. FP-2025-06."),)),
    _X("finance_get_trial_balance", "read", "Trial balance for a period: debit and credit "
       "totals of every ledger account.", "查看试算平衡表", (_a("period_id", "Period."),)),
    _X("finance_approve_expense_report", "write", "Approve an employee's expense report for "
       "reimbursement.", "审批员工报销单",
       (_a("report_id", "Report, e.g. ER-1187."), _o("comment", "Approver's note."))),
    _X("finance_get_budget_vs_actual", "read", "Compare a department's budget with actual "
       "spending to date: a variance report.", "预算执行情况：预算与实际支出对比",
       (_a("budget_id", "Budget, e.g. BG-2025-07."),)),
    # payroll
    _X("payroll_approve_pay_run", "admin", "Approve a pay run so salaries are paid on the pay "
       "date.", "审批发薪批次", (_a("pay_run_id", "Pay run, e.g. PR-2025-06."),)),
    _X("payroll_calculate_pay_run", "read", "Preview gross-to-net pay for everyone in a draft "
       "pay run; pays nothing.", "试算发薪批次的应发实发工资", (_a("pay_run_id", "Pay run."),)),
    _X("payroll_email_payslips", "write", "Email issued payslips to employees for a pay "
       "period.", "把工资条发到员工邮箱", (_a("period", "Pay period, e.g. 2025-06."),)),
    _X("payroll_get_year_to_date_earnings", "read", "Year-to-date earnings of an employee: "
       "gross pay, tax withheld and net pay so far this year.", "查询员工本年累计收入和个税",
       (_a("employee_id", "Employee."), _o("year", "Year.", "int"))),
    # procurement
    _X("procurement_approve_purchase_request", "write", "Approve an employee's purchase "
       "request so buying can go ahead.", "审批采购申请",
       (_a("request_id", "Request, e.g. RQ-1402."),)),
    _X("procurement_send_purchase_order", "write", "Send a purchase order to the supplier by "
       "email.", "把采购订单发给供应商", (_a("po_number", "PO, e.g. PO-45120."),)),
    _X("procurement_receive_goods", "write", "Record that goods on a purchase order arrived "
       "(goods receipt), fully or partly.", "采购到货入库登记（收货）",
       (_a("po_number", "PO."), _a("received_items", "Items and quantities received."))),
    _X("procurement_match_supplier_invoice", "write", "Three-way match a supplier invoice "
       "with its purchase order and goods receipt before it is paid.",
       "供应商发票与采购订单、收货单三方匹配", (_a("bill_id", "Bill, e.g. SI-9930."),)),
    _X("procurement_award_rfq", "write", "Award an RFQ to the winning supplier's bid.",
       "确定询价单的中标供应商",
       (_a("rfq_id", "RFQ, e.g. RFQ-310."), _a("supplier_id", "Winning supplier."))),
    # devops
    _X("devops_rollback_deployment", "write", "Roll a service back to its previous successful "
       "deployment, e.g. after a bad release.", "回滚到上一个成功的版本",
       (_a("deployment_id", "Deployment, e.g. DP-9981."),)),
    _X("devops_pause_deployment", "write", "Pause an in-progress rolling deployment; no more "
       "instances are updated until it is resumed.", "暂停正在进行的发布",
       (_a("deployment_id", "Deployment."),)),
    _X("devops_scale_service", "write", "Change the number of running instances (replicas) "
       "of a service.", "扩容或缩容服务实例数",
       (_a("service_id", "Service, e.g. SV-104."), _a("replicas", "Instances.", "int"))),
    _X("devops_restart_service", "write", "Restart every instance of a service (rolling "
       "restart) without deploying new code.", "重启服务",
       (_a("service_id", "Service."), _o("environment_id", "Environment."))),
    _X("devops_retry_pipeline", "write", "Re-run a failed CI pipeline on the same commit.",
       "重新运行失败的流水线", (_a("pipeline_id", "Pipeline, e.g. PL-33021."),)),
    _X("devops_toggle_feature_flag", "write", "Turn a feature flag on or off, or set its "
       "rollout percentage.", "打开或关闭功能开关",
       (_a("flag_key", "Flag, e.g. FF-212."), _a("enabled", "on or off."),
        _o("rollout_percent", "Share of users.", "int"))),
    _X("devops_get_service_logs", "read", "Recent log lines of a service, filtered by level "
       "and time window, for debugging errors.", "查看服务的运行日志",
       (_a("service_id", "Service."), _o("level", "error, warn or info."),
        _o("since_minutes", "Window.", "int"))),
    # monitoring
    _X("monitoring_acknowledge_alert", "write", "Acknowledge a firing alert so on-call knows "
       "someone is on it; stops re-paging.", "确认认领告警",
       (_a("alert_id", "Alert, e.g. AL-77120."),)),
    _X("monitoring_silence_alert", "write", "Silence (mute) an alert rule for some minutes, "
       "e.g. during planned maintenance.", "静默告警一段时间",
       (_a("alert_id", "Alert."), _a("minutes", "How long.", "int"))),
    _X("monitoring_page_on_call", "write", "Page the engineer currently on call for a team, "
       "with a message.", "呼叫当前值班工程师",
       (_a("team", "Team."), _a("message", "What is wrong."))),
    _X("monitoring_get_current_on_call", "read", "Who is on call right now for a team, and "
       "until when.", "查询现在谁在值班", (_a("team", "Team."),)),
    _X("monitoring_query_metric", "read", "Query a time series (CPU, latency, error rate) of "
       "a service over a time range.", "查询服务的监控指标曲线，如 CPU、延迟、错误率",
       (_a("service_id", "Service."), _a("metric", "Metric name."),
        _o("since_minutes", "Window.", "int"))),
    _X("monitoring_write_postmortem", "write", "Draft a postmortem (incident review) document "
       "from an incident's timeline.", "根据故障时间线撰写复盘报告",
       (_a("incident_id", "Incident, e.g. IN-408."),)),
    # storage
    _X("storage_upload_file", "write", "Upload a file into a folder.", "上传文件",
       (_a("folder_id", "Folder."), _a("name", "File name."),
        _a("content_base64", "File content, base64."))),
    _X("storage_move_file", "write", "Move a file to another folder.", "移动文件到其他文件夹",
       (_a("file_id", "File."), _a("target_folder_id", "Destination folder."))),
    _X("storage_restore_backup", "admin", "Restore a database or volume from a backup "
       "snapshot, overwriting current data.", "从备份恢复数据",
       (_a("backup_id", "Backup, e.g. BU-20250601."), _a("target", "Where to restore."))),
    _X("storage_get_usage", "read", "Storage space used per bucket or folder, and the quota "
       "left.", "查看存储空间用量和剩余配额", (_o("bucket_name", "Bucket."),)),
    _X("storage_empty_trash", "admin", "Permanently delete everything in the trash.",
       "清空回收站", (_a("owner_id", "Whose trash."),)),
    # security
    _X("security_rotate_api_key", "write", "Rotate an API key: issue a new secret and expire "
       "the old one after a grace period.", "轮换 API 密钥",
       (_a("key_id", "Key, e.g. AK-5530."), _o("grace_hours", "Hours old key works.", "int"))),
    _X("security_revoke_api_key", "admin", "Revoke an API key immediately, e.g. after it "
       "leaked.", "立即吊销 API 密钥", (_a("key_id", "Key."),)),
    _X("security_scan_service", "write", "Run a vulnerability scan of a service's "
       "dependencies and container image.", "对服务做安全漏洞扫描",
       (_a("service_id", "Service."),)),
    _X("security_renew_certificate", "write", "Renew a TLS certificate before it expires.",
       "续期 SSL 证书", (_a("certificate_id", "Certificate, e.g. CE-61."),)),
    _X("security_block_ip", "admin", "Block an IP address at the firewall, e.g. during an "
       "attack.", "在防火墙封禁某个 IP",
       (_a("ip_address", "Address to block."), _a("reason", "Why."))),
    _X("security_search_audit_log", "read", "Search the security audit log: who signed in, "
       "changed permissions or exported data, and when.", "检索安全审计日志",
       (_a("query", "Words to look for."), _o("since", "ISO date.", "date"))),
    # identity
    _X("identity_reset_password", "write", "Reset a user's password and email them a one-time "
       "link to choose a new one. Use when someone forgot it or cannot sign in.",
       "重置用户密码并发送重设链接", (_a("user_id", "User, e.g. U-1042."),)),
    _X("identity_lock_user", "admin", "Lock (suspend) a user account so it cannot sign in, "
       "e.g. when it is compromised.", "锁定冻结用户账号",
       (_a("user_id", "User."), _a("reason", "Why."))),
    _X("identity_unlock_user", "write", "Unlock a locked user account so the person can sign "
       "in again.", "解锁被锁定的账号", (_a("user_id", "User."),)),
    _X("identity_add_user_to_group", "write", "Add a user to a group, granting the group's "
       "access.", "把用户加入用户组", (_a("user_id", "User."), _a("group_id", "Group."))),
    _X("identity_remove_user_from_group", "write", "Remove a user from a group, taking away "
       "the group's access.", "把用户移出用户组",
       (_a("user_id", "User."), _a("group_id", "Group."))),
    _X("identity_reset_mfa", "write", "Reset a user's two-factor authentication (MFA) "
       "device, e.g. after a lost phone.", "重置用户的双因素认证，比如手机丢了",
       (_a("user_id", "User."),)),
    _X("identity_revoke_sessions", "write", "Sign a user out everywhere by revoking all their "
       "active sessions.", "强制用户在所有设备下线", (_a("user_id", "User."),)),
    _X("identity_assign_role", "admin", "Grant a role to a user.", "给用户授予角色权限",
       (_a("user_id", "User."), _a("role_id", "Role, e.g. R-15."))),
    # hr
    _X("hr_approve_leave_request", "write", "Approve an employee's leave request.",
       "批准请假申请", (_a("leave_id", "Leave request, e.g. LV-902."),)),
    _X("hr_get_leave_balance", "read", "Remaining vacation and sick days of an employee this "
       "year.", "查询员工剩余年假和病假天数", (_a("employee_id", "Employee."),)),
    _X("hr_terminate_employee", "admin", "Record an employee's termination (offboarding): "
       "last working day and reason; starts account deactivation.", "办理员工离职",
       (_a("employee_id", "Employee."), _a("last_day", "Last day.", "date"),
        _a("reason", "Why."))),
    _X("hr_schedule_interview", "write", "Schedule an interview with a candidate and invite "
       "the interviewers.", "安排候选人面试",
       (_a("candidate_id", "Candidate, e.g. CAN-4410."),
        _a("interviewer_ids", "Interviewers."), _a("start_time", "ISO start."))),
    _X("hr_send_offer_letter", "write", "Send a job offer letter to a candidate.",
       "给候选人发录用通知 offer",
       (_a("candidate_id", "Candidate."), _a("salary", "Offered salary.", "float"),
        _a("start_date", "Start day.", "date"))),
    _X("hr_get_org_chart", "read", "Reporting line of an employee: manager chain and direct "
       "reports.", "查看员工的汇报关系和组织架构", (_a("employee_id", "Employee."),)),
    # calendar
    _X("calendar_find_free_slot", "read", "Find times when all the given people are free for "
       "a meeting of a given length.", "查找多人都有空的会议时间",
       (_a("attendees", "Comma-separated emails."),
        _a("duration_minutes", "Meeting length.", "int"),
        _o("within_days", "Search window.", "int"))),
    _X("calendar_rsvp_event", "write", "Accept, decline or tentatively accept a meeting "
       "invitation.", "接受或拒绝会议邀请",
       (_a("event_id", "Event, e.g. EV-66120."), _a("response", "yes, no or maybe."))),
    _X("calendar_find_available_room", "read", "Find meeting rooms free at a given time with "
       "enough seats.", "查找指定时间空闲的会议室",
       (_a("start_time", "ISO start."), _a("end_time", "ISO end."),
        _o("capacity", "Seats needed.", "int"))),
    # messaging
    _X("messaging_send_email", "write", "Send an email now to one or more recipients.",
       "立即发送邮件", (_a("to", "Recipients."), _a("subject", "Subject."),
                        _a("body", "Body."))),
    _X("messaging_send_sms", "write", "Send a text message (SMS) to a phone number.",
       "发送短信", (_a("phone_number", "Phone."), _a("text", "Text."))),
    _X("messaging_post_to_channel", "write", "Post a message into a chat channel.",
       "在群聊频道里发消息", (_a("channel_id", "Channel, e.g. CH-310."), _a("text", "Text."))),
    _X("messaging_send_bulk_email", "admin", "Send an email template to a whole audience "
       "segment (mass mailing).", "群发邮件",
       (_a("template_id", "Template, e.g. ET-45."), _a("segment_id", "Audience."))),
    _X("messaging_mark_notifications_read", "write", "Mark all of a user's in-app "
       "notifications as read.", "把站内通知全部标为已读", (_a("user_id", "User."),)),
    # marketing
    _X("marketing_launch_campaign", "write", "Start a scheduled or draft campaign now.",
       "立即启动营销活动", (_a("campaign_id", "Campaign, e.g. CP-2025-11."),)),
    _X("marketing_pause_campaign", "write", "Pause a running campaign; spending stops.",
       "暂停营销活动投放", (_a("campaign_id", "Campaign."),)),
    _X("marketing_get_campaign_performance", "read", "Performance of a campaign: "
       "impressions, clicks, conversions, cost and ROI.", "查看营销活动效果：曝光、点击、转化、ROI",
       (_a("campaign_id", "Campaign."),)),
    _X("marketing_generate_coupon_codes", "write", "Generate a batch of unique single-use "
       "coupon codes.", "批量生成一次性优惠码",
       (_a("quantity", "How many.", "int"), _a("discount_percent", "Discount.", "int"))),
    _X("marketing_unsubscribe_contact", "write", "Unsubscribe an email address from all "
       "marketing emails.", "为某个邮箱退订营销邮件", (_a("email", "Address."),)),
    # analytics
    _X("analytics_run_report", "read", "Run a saved report now and return its rows.",
       "立即运行已保存的报表", (_a("report_id", "Report, e.g. RPT-318."),)),
    _X("analytics_schedule_report_email", "write", "Email a report to people on a schedule, "
       "daily or weekly.", "定时把报表发到邮箱",
       (_a("report_id", "Report."), _a("recipients", "Emails."),
        _a("schedule", "daily or weekly."))),
    _X("analytics_get_kpi_trend", "read", "Values of a KPI over time compared with its "
       "target.", "查看 KPI 随时间的趋势和目标达成",
       (_a("kpi_id", "KPI, e.g. KPI-12."), _o("period", "7d, 30d or 90d."))),
    _X("analytics_get_funnel_conversion", "read", "Conversion rate between each step of a "
       "funnel, and where users drop off.", "查看漏斗每一步的转化率和流失",
       (_a("funnel_id", "Funnel, e.g. FN-9."), _o("since", "ISO date.", "date"))),
    _X("analytics_conclude_experiment", "write", "Stop an A/B experiment and declare the "
       "winning variant.", "结束 A/B 实验并选出胜出版本",
       (_a("experiment_id", "Experiment, e.g. EXP-144."), _a("winner", "Winning variant."))),
    _X("analytics_get_retention_curve", "read", "Retention of a cohort: share of users still "
       "active after 1, 7 and 30 days.", "查看用户留存曲线",
       (_a("cohort_id", "Cohort, e.g. CO-2025-05."),)),
    # inventory
    _X("inventory_adjust_stock", "write", "Correct the on-hand quantity of a product in a "
       "warehouse (damaged, found, miscounted), with a reason.", "调整库存数量，报损或盘盈",
       (_a("sku", "Product SKU."), _a("warehouse_id", "Warehouse."),
        _a("delta", "Units added (negative to remove).", "int"), _a("reason", "Why."))),
    _X("inventory_reserve_stock", "write", "Reserve units of a product for an order so they "
       "cannot be sold twice.", "为订单锁定预留库存",
       (_a("sku", "Product SKU."), _a("quantity", "Units.", "int"), _a("order_id", "Order."))),
    _X("inventory_check_availability", "read", "How many units of a product are available to "
       "sell now, across all warehouses.", "查询商品当前可售库存",
       (_a("sku", "Product SKU, e.g. SKU-10422."),)),
    _X("inventory_set_reorder_point", "write", "Set the low-stock threshold at which a product "
       "is reordered automatically.", "设置补货点和低库存预警线",
       (_a("sku", "Product SKU."), _a("reorder_point", "Units.", "int"))),
    _X("inventory_update_price", "write", "Change the selling price of a product.",
       "修改商品售价", (_a("sku", "Product SKU."), _a("price", "New price.", "float"))),
    # legal
    _X("legal_send_for_signature", "write", "Send a contract or NDA to the counterparty for "
       "e-signature.", "发送合同给对方电子签署",
       (_a("document_id", "Contract or NDA id."), _a("signer_email", "Signer."))),
    _X("legal_get_contract_renewals", "read", "Contracts that expire or auto-renew within the "
       "next N days.", "查询即将到期或自动续约的合同",
       (_a("within_days", "Window in days.", "int"),)),
    _X("legal_fulfil_privacy_request", "admin", "Carry out a privacy request: export or "
       "erase the person's personal data in every system.", "执行个人信息请求：导出或删除用户数据",
       (_a("request_id", "Request, e.g. DSR-3091."),)),
)  # fmt: skip


# --- intents, roles, tasks -----------------------------------------------------------------------

AREAS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "customer_service": (
        "Help a customer with orders, deliveries, bills and support tickets.",
        ("crm", "support", "orders", "shipping", "billing"),
    ),
    "finance_ops": (
        "Invoices, payments, bookkeeping, payroll and purchasing.",
        ("billing", "finance", "payroll", "procurement"),
    ),
    "engineering_ops": (
        "Deployments, monitoring, storage, security and accounts.",
        ("devops", "monitoring", "storage", "security", "identity"),
    ),
    "people_ops": (
        "Employees, leave, hiring, pay, accounts, calendars and messages.",
        ("hr", "payroll", "identity", "calendar", "messaging"),
    ),
    "growth": (
        "Sales pipeline, campaigns, analytics and outreach.",
        ("crm", "marketing", "analytics", "messaging"),
    ),
    "supply_chain": (
        "Products, stock, warehouses, purchasing, orders and deliveries.",
        ("inventory", "procurement", "shipping", "orders"),
    ),
    "legal_compliance": (
        "Contracts, policies, privacy requests, security and records.",
        ("legal", "security", "storage"),
    ),
}
"""Coarse intents a router (or a classifier upstream) picks; each spans several namespaces."""

ROLE_PERMISSIONS: Mapping[str, frozenset[str]] = {
    "viewer": frozenset(f"{ns}:read" for ns in NAMESPACES),
    "agent": frozenset(
        {f"{ns}:read" for ns in ("crm", "support", "orders", "shipping", "billing")}
        | {f"{ns}:write" for ns in ("support", "orders", "billing")}
    ),
    "operator": frozenset(f"{ns}:{lvl}" for ns in NAMESPACES for lvl in ("read", "write")),
    "admin": frozenset(f"{ns}:{lvl}" for ns in NAMESPACES for lvl in ("read", "write", "admin")),
}
"""viewer reads everything; agent is front-line support; operator writes; admin may delete."""


class PaymentSlots(BaseModel):
    """Slots of `refund_payment`."""

    payment_id: str = Field(pattern=r"^PAY-\d+$")


class UserSlots(BaseModel):
    """Slots of `reset_password`."""

    user_id: str = Field(pattern=r"^U-\d+$")


class ShipmentSlots(BaseModel):
    """Slots of `track_shipment`."""

    shipment_id: str = Field(pattern=r"^SH-\d+$")


def _rule(words: Sequence[str], id_pattern: str, slot: str) -> SlotExtractor:
    """A task's rule: one of its words and an id of its format, else not this intent."""
    pattern = re.compile(id_pattern)

    def extract(text: str, today: date) -> dict[str, Any] | None:
        lowered = text.lower()
        found = pattern.search(text)
        if found is None or not any(w in lowered for w in words):
            return None
        return {slot: found.group(0)}

    return extract


@dataclass(frozen=True)
class TaskDef:
    """A task intent with a rule and a one-step checklist, for end-to-end runs."""

    name: str
    area: str
    description: str
    words: tuple[str, ...]
    id_pattern: str
    slot: str
    slots_model: type[BaseModel]
    tool: str
    step: str
    """The checklist item, and the answer's verb: "payment_refunded" → "Payment refunded"."""


TASKS: tuple[TaskDef, ...] = (
    TaskDef(
        "refund_payment",
        "customer_service",
        "Refund a customer's payment.",
        ("refund", "money back", "退款", "退钱"),
        r"PAY-\d+",
        "payment_id",
        PaymentSlots,
        "billing_refund_payment",
        "payment_refunded",
    ),
    TaskDef(
        "reset_password",
        "engineering_ops",
        "Reset a user's password so they can sign in again.",
        ("password", "密码"),
        r"U-\d+",
        "user_id",
        UserSlots,
        "identity_reset_password",
        "password_reset",
    ),
    TaskDef(
        "track_shipment",
        "customer_service",
        "Tell the customer where their parcel is.",
        ("where", "track", "parcel", "package", "到哪", "物流", "快递", "包裹"),
        r"SH-\d+",
        "shipment_id",
        ShipmentSlots,
        "shipping_track_shipment",
        "parcel_located",
    ),
)


# --- building tools ------------------------------------------------------------------------------

_PY_TYPES: Mapping[ArgType, type] = {"str": str, "int": int, "float": float, "date": dt.date}


@cache
def _args_model(signature: tuple[Arg, ...], title: str) -> type[BaseModel]:
    """A tool's pydantic argument model, built once per process (every size reuses it)."""
    fields: dict[str, Any] = {}
    for arg in signature:
        py = _PY_TYPES[arg.type]
        if arg.required:
            fields[arg.name] = (py, Field(description=arg.description))
        else:
            fields[arg.name] = (py | None, Field(default=None, description=arg.description))
    model: type[BaseModel] = create_model(title, __config__=ConfigDict(extra="forbid"), **fields)
    return model


def _phrase(attrs: Sequence[Arg]) -> str:
    words = [a.name.removesuffix("_id").replace("_", " ") for a in attrs]
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def _verb_args(verb: str, e: Entity) -> tuple[Arg, ...]:
    ident = _a(e.id_field, f"The {e.noun}'s id, e.g. {e.example}.")
    status = _o("status", f"Only {e.nouns} in this status: {e.statuses}.")
    after = _o("created_after", "Only those created on or after this day.", "date")
    before = _o("created_before", "Only those created on or before this day.", "date")
    optional = tuple(Arg(a.name, a.type, a.description, required=False) for a in e.attrs)
    by_verb: dict[str, tuple[Arg, ...]] = {
        "get": (ident,),
        "list": (
            status, after, before, _o("limit", "Page size.", "int"), _o("cursor", "Next page.")
        ),
        "search": (_a("query", f"Words to find in the {e.searchable}."),
                   _o("limit", "How many results.", "int")),
        "create": e.attrs,
        "update": (ident, *optional),
        "delete": (ident, _a("reason", "Why it is deleted; kept in the audit log.")),
        "archive": (ident,),
        "export": (status, after, before, _o("format", "csv or json.")),
        "count": (_o("group_by", "Field to group by, e.g. status."),
                  _o("since", "Count from this day.", "date")),
        "history": (ident, _o("limit", "How many changes.", "int")),
    }  # fmt: skip
    return by_verb[verb]


def _same_id(arg: Arg, entity: Entity | None) -> Arg:
    """An action's id argument described as every other tool of its service describes it.

    Real registries generated from one API spec share parameter descriptions; without this
    the CRUD tools alone would carry the id format (`TK-...`) that requests quote.
    """
    if entity is None:
        return arg
    return Arg(arg.name, arg.type, f"The {entity.noun}'s id, e.g. {entity.example}.", arg.required)


def _article(noun: str) -> str:
    return "An" if noun[0].lower() in "aeiou" else "A"


def _entity_of(action: Action, ids: Mapping[tuple[str, str], Entity]) -> Entity | None:
    """The object an action works on: named in the tool's name, or by its first id argument.

    Its description then defines the object the way the CRUD tools of the service do, so
    every tool of one service uses the same vocabulary ("a vendor's bill", "a pay stub").
    """
    rest = action.name.removeprefix(f"{action.namespace}_")
    for e in ENTITIES:
        if e.namespace == action.namespace and (e.key in rest or e.plural_key in rest):
            return e
    for a in action.args:
        if (found := ids.get((action.namespace, a.name))) is not None:
            return found
    return None


def _pick(options: Sequence[str], name: str) -> str:
    digest = int(hashlib.sha1(name.encode()).hexdigest()[:8], 16)
    return options[digest % len(options)]


def _tool_fn(name: str) -> ToolFn:
    """The implementation every generated tool shares: audit the entry, answer with data."""

    async def run(args: BaseModel, ctx: ToolContext) -> dict[str, Any]:
        payload = args.model_dump(mode="json", exclude_none=True)
        await run_in_store(
            ctx.store_path,
            "",
            lambda conn: audit(conn, name, ctx.user_id, payload, ctx.idempotency_key),
        )
        return {"tool": name, "args": payload, "result": "done"}

    return run


@dataclass(frozen=True)
class ToolDef:
    """A catalogue entry before it becomes a ToolSpec."""

    name: str
    namespace: str
    level: Level
    effect: Literal["read", "write"]
    description: str
    args: tuple[Arg, ...]
    generic: bool


def catalogue() -> list[ToolDef]:
    """Every tool the generator knows, generic verbs first by entity, then the actions."""
    out: list[ToolDef] = []
    for e in ENTITIES:
        label = NAMESPACES[e.namespace][0]
        for verb in VERBS:
            name = verb.pattern.format(ns=e.namespace, key=e.key, keys=e.plural_key)
            english = _pick(verb.english, name).format(
                noun=e.noun,
                nouns=e.nouns,
                gloss=e.gloss,
                ex=e.example,
                fields=_phrase(e.attrs),
                statuses=e.statuses,
                searchable=e.searchable,
                ns=e.namespace,
                keys=e.plural_key,
            )
            text = f"{english} ({label}) {verb.chinese.format(zh=e.zh)}。"
            out.append(
                ToolDef(name, e.namespace, verb.level, verb.effect, text,
                        _verb_args(verb.key, e), generic=True)
            )  # fmt: skip
    ids = {(e.namespace, e.id_field): e for e in ENTITIES}
    for action in ACTIONS:
        label = NAMESPACES[action.namespace][0]
        args = tuple(_same_id(a, ids.get((action.namespace, a.name))) for a in action.args)
        effect: Literal["read", "write"] = "read" if action.level == "read" else "write"
        entity = _entity_of(action, ids)
        gloss = f" {_article(entity.noun)} {entity.noun} is {entity.gloss}." if entity else ""
        text = f"{action.english}{gloss} ({label}) {action.chinese}。"
        out.append(
            ToolDef(action.name, action.namespace, action.level, effect, text, args,
                    generic=False)
        )  # fmt: skip
    return out


def protected_names() -> frozenset[str]:
    """Tools every generated registry keeps: labelled targets and the task tools."""
    labelled = (*TRAINING_QUERIES, *FIFTH_QUERIES)
    return frozenset({q.tool for q in labelled} | {t.tool for t in TASKS})


def select(n: int) -> list[ToolDef]:
    """Exactly `n` tools, deterministically.

    Fewer than the catalogue: generic tools are dropped in a fixed hash order (the labelled
    targets and task tools never are), as real services rarely expose every verb. More:
    regional copies (`billing_eu_get_invoice`) are added, the hardest look-alikes there are.
    """
    full = catalogue()
    keep = protected_names()
    low, high = len(keep), len(full) * (1 + len(REGIONS))
    if not low <= n <= high:
        msg = BAD_SIZE.format(low=low, high=high, n=n)
        raise ConfigError(msg)
    if n <= len(full):
        droppable = sorted(
            (t.name for t in full if t.name not in keep),
            key=lambda name: hashlib.sha1(name.encode()).hexdigest(),
        )
        dropped = set(droppable[: len(full) - n])
        return [t for t in full if t.name not in dropped]
    out = list(full)
    for region in REGIONS:
        for t in full:
            if len(out) == n:
                return out
            rest = t.name.removeprefix(f"{t.namespace}_")
            out.append(
                ToolDef(
                    name=f"{t.namespace}_{region}_{rest}",
                    namespace=t.namespace,
                    level=t.level,
                    effect=t.effect,
                    description=f"{region.upper()} region only: {t.description}",
                    args=t.args,
                    generic=t.generic,
                )
            )
    return out


def _intents_of(namespace: str) -> frozenset[str]:
    areas = {area for area, (_, spaces) in AREAS.items() if namespace in spaces}
    tasks = {t.name for t in TASKS if t.area in areas}
    return frozenset(areas | tasks)


def to_spec(t: ToolDef) -> ToolSpec:
    """A catalogue entry as a ToolSpec; write tools are not idempotent unless they archive."""
    title = "".join(part.title() for part in t.name.split("_")) + "Args"
    return ToolSpec(
        name=t.name,
        namespace=t.namespace,
        description=t.description,
        args_model=_args_model(t.args, title),
        fn=_tool_fn(t.name),
        effect=t.effect,
        idempotent=t.effect == "read",
        permission=f"{t.namespace}:{t.level}",
        intents=_intents_of(t.namespace),
    )


def _summary(task: TaskDef) -> Summarizer:
    def summarize(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
        if task.step not in evidence:
            return ""
        what = task.step.replace("_", " ").capitalize()
        return f"{what}: {slots[task.slot]} (via {task.tool})."

    return summarize


def _step(task: TaskDef) -> Step:
    slot = task.slot
    return Step(name=task.step, tool=task.tool, args=lambda s: {slot: s[slot]})


def _no_rule(text: str, today: date) -> None:
    """Area intents are picked upstream (a classifier, a menu); rules never match them."""
    return None


class AreaSlots(BaseModel):
    """Area intents carry at most a namespace hint."""

    namespace: str | None = None


@cache
def build_domain(n: int = DEFAULT_TOOLS) -> Domain:
    """The generated domain with `n` tools; built once per size and process."""
    registry = ToolRegistry(to_spec(t) for t in select(n))
    intents: list[IntentSpec] = [
        IntentSpec(
            name=t.name,
            description=t.description,
            extract=_rule(t.words, t.id_pattern, t.slot),
            slots_model=t.slots_model,
            steps=(_step(t),),
            summarize=_summary(t),
        )
        for t in TASKS
    ]
    intents += [
        IntentSpec(
            name=area,
            description=description,
            extract=_no_rule,
            slots_model=AreaSlots,
            steps=(),
            namespace_slot="namespace",
        )
        for area, (description, _) in AREAS.items()
    ]
    return Domain(
        name=f"generated-{n}",
        intents=tuple(intents),
        tools=registry,
        role_permissions=ROLE_PERMISSIONS,
        clarify="I can refund a payment, reset a password or track a shipment.",
        ranker=generated_ranker(),
    )


@cache
def generated_prior() -> OperationPrior:
    """The operation prior of this catalogue, fitted on its four training sets.

    Never on `FIFTH_QUERIES`; only this catalogue's domain uses it.
    """
    examples = [(q.text, q.operation) for q in TRAINING_QUERIES]
    return OperationPrior.fit(examples, default_thesaurus())


@cache
def generated_ranker() -> LexicalRanker:
    """The lexical ranker with this catalogue's own operation prior passed in."""
    return LexicalRanker(prior=generated_prior())


def domain_spec(n: int = DEFAULT_TOOLS) -> str:
    """The `--domain` string of the n-tool domain: `graph.evals.catalogues.generated:DOMAIN_<n>`."""
    return f"{__name__}:DOMAIN" if n == DEFAULT_TOOLS else f"{__name__}:DOMAIN_{n}"


def __getattr__(name: str) -> Domain:
    """`...catalogues.generated:DOMAIN` (1,000 tools) or `DOMAIN_<n>`, built on first access.

    Building a thousand argument models takes a moment; importing this module for its
    catalogue or its labelled queries should not pay for it.
    """
    if name == "DOMAIN":
        return build_domain()
    size = name.removeprefix("DOMAIN_")
    if name.startswith("DOMAIN_") and size.isdigit():
        return build_domain(int(size))
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


# --- the labelled query set ----------------------------------------------------------------------


@dataclass(frozen=True)
class LabelledQuery:
    """A request, the one tool that serves it best, and what a router would know."""

    text: str
    tool: str
    intent: str
    namespace: str | None = None

    @property
    def operation(self) -> str:
        """What `nodes.search.operations` learns to predict: the labelled tool's operation.

        A generated tool's name starts with its namespace.
        """
        return operation_of(self.tool, self.tool.split("_", 1)[0])

    @property
    def lang(self) -> str:
        """The language: "zh" when the request has Chinese characters, else "en"."""
        return "zh" if re.search(r"[\u4e00-\u9fff]", self.text) else "en"


_Q = LabelledQuery
CS, FIN, ENG, PPL, GRO, SUP, LEG = (
    "customer_service",
    "finance_ops",
    "engineering_ops",
    "people_ops",
    "growth",
    "supply_chain",
    "legal_compliance",
)
LABELLED_QUERIES: tuple[LabelledQuery, ...] = (
    # crm
    _Q("Pull up the contact record for CT-53740, I need her phone number", "crm_get_contact", GRO),
    _Q("We have the same person twice in the CRM, combine CT-53740 and CT-53211 into one",
       "crm_merge_contacts", GRO, "crm"),
    _Q("This lead from the webinar is qualified now, turn it into a customer account",
       "crm_convert_lead", GRO),
    _Q("Give the Globex account to Maria, she is taking over as their rep",
       "crm_assign_account_owner", GRO),
    _Q("Note down that I phoned the buyer at Initech for 20 minutes about renewal pricing",
       "crm_log_call", GRO),
    _Q("Which deals in the pipeline did we lose this quarter?", "crm_list_opportunities", GRO),
    _Q("看一下商机 OP-8854 的金额和预计成交日期", "crm_get_opportunity", GRO),
    _Q("把这两个重复的联系人合并成一个", "crm_merge_contacts", GRO),
    _Q("新增一条销售线索：张伟，上海一家科技公司，渠道是官网表单", "crm_create_lead", GRO),
    # support
    _Q("Hand ticket TK-71546 over to the escalations queue", "support_assign_ticket", CS),
    _Q("Write back to the customer on TK-71546 that the fix is live", "support_reply_to_ticket",
       CS),
    _Q("Leave a private remark on this ticket for the other agents, the customer must not see it",
       "support_add_internal_note", CS),
    _Q("This ticket needs engineering, bump it up to tier 2", "support_escalate_ticket", CS),
    _Q("In the help desk, find tickets where people complain about being charged twice",
       "support_search_tickets", CS, "support"),
    _Q("How many tickets are open versus solved since Monday?", "support_count_tickets", CS),
    _Q("Publish a new help-center page that explains how to change your plan",
       "support_create_article", CS),
    _Q("What rating did the customer give us in survey CS-2345?", "support_get_survey", CS),
    _Q("在客服工单系统里把 TK-71546 升级给二线", "support_escalate_ticket", CS, "support"),
    _Q("用快捷回复模板 MC-31 回复这个工单", "support_apply_macro", CS),
    _Q("修改 SLA 策略，把首次响应时间改成 4 小时", "support_update_sla_policy", CS),
    # orders
    _Q("The customer wants to call off order SO-43319 before it leaves the warehouse",
       "orders_cancel_order", CS),
    _Q("Deliver order SO-43319 to her office address instead, it has not shipped yet",
       "orders_change_shipping_address", CS),
    _Q("Part of SO-43319 is back-ordered: send what we have now and the rest later",
       "orders_split_order", CS),
    _Q("Accept the return RMA-6354; the buyer may ship the goods back", "orders_approve_return",
       CS),
    _Q("Put subscription SUB-0014 on hold for two months, don't cancel it",
       "orders_pause_subscription", CS),
    _Q("The client accepted quote QT-5543, make it an order", "orders_convert_quote_to_order", SUP),
    _Q("Show me the shopping carts people abandoned last week", "orders_list_carts", CS),
    _Q("Who changed the shipping address on order SO-43319, and when?",
       "orders_get_order_history", CS),
    _Q("查询订单 SO-43319 的详情", "orders_get_order", CS),
    _Q("客户要退货，帮他提交一个退货申请", "orders_create_return_request", CS),
    _Q("把上个月所有已取消的订单导出成文件", "orders_export_orders", CS),
    # shipping
    _Q("Where is parcel SH-8854 right now?", "shipping_track_shipment", CS),
    _Q("Print the courier label for shipment SH-8854", "shipping_print_label", SUP),
    _Q("How much would it cost to send a 3 kg box to postcode 10115 by express?",
       "shipping_get_rate_quote", SUP),
    _Q("The package is already on its way, redirect it to the pickup point near her",
       "shipping_reroute_shipment", CS),
    _Q("The courier lost our parcel SH-8854, open a claim with them",
       "shipping_report_lost_parcel", CS),
    _Q("Book a courier to collect four boxes at our warehouse tomorrow",
       "shipping_create_pickup", SUP),
    _Q("Which customs declarations are being held at the border?",
       "shipping_list_customs_declarations", SUP),
    _Q("运单 SH-8854 现在到哪了？物流轨迹发我", "shipping_track_shipment", CS),
    _Q("包裹在路上摔坏了，向快递公司索赔", "shipping_report_lost_parcel", CS),
    _Q("预约快递明天上门取件", "shipping_create_pickup", SUP),
    # billing
    _Q("Give the customer their money back for payment PAY-11456", "billing_refund_payment", CS),
    _Q("Cancel invoice INV-5524, it went out by mistake and nobody has paid it",
       "billing_void_invoice", FIN),
    _Q("Nudge Acme about the overdue bill INV-5524", "billing_send_invoice_reminder", FIN),
    _Q("Their card was declined yesterday; they updated it, so try charging them again",
       "billing_retry_failed_payment", CS),
    _Q("How much does customer C-114 still owe us in total?", "billing_get_customer_balance", FIN),
    _Q("I need INV-5524 as a PDF to attach to an email", "billing_download_invoice_pdf", CS),
    _Q("Which of our invoices are overdue?", "billing_list_invoices", FIN),
    _Q("Add a new 19% VAT rate for Germany", "billing_create_tax_rate", FIN),
    _Q("给付款 PAY-11456 退款", "billing_refund_payment", CS),
    _Q("发票 INV-5524 开错了，作废它", "billing_void_invoice", FIN),
    _Q("查询这个客户目前的欠款总额", "billing_get_customer_balance", FIN),
    # finance
    _Q("Post journal entry JE-93354 to the books", "finance_post_journal_entry", FIN),
    _Q("We booked JE-93354 wrong, undo it with a counter-entry",
       "finance_reverse_journal_entry", FIN),
    _Q("Do the month-end close for June", "finance_close_fiscal_period", FIN),
    _Q("In accounting, show debits and credits per account for FP-2024-11",
       "finance_get_trial_balance", FIN, "finance"),
    _Q("Approve Tom's travel reimbursement ER-4410", "finance_approve_expense_report", FIN),
    _Q("Is marketing over budget this year? Compare what was planned with what was spent",
       "finance_get_budget_vs_actual", FIN),
    _Q("Set up a new ledger account for software subscriptions under expenses",
       "finance_create_ledger_account", FIN),
    _Q("审批报销单 ER-4410", "finance_approve_expense_report", FIN),
    _Q("六月份结账，关闭这个会计期间", "finance_close_fiscal_period", FIN),
    _Q("看下市场部的预算执行情况", "finance_get_budget_vs_actual", FIN),
    # payroll
    _Q("Sign off the June payroll batch so people get paid on Friday",
       "payroll_approve_pay_run", FIN),
    _Q("Preview what everyone takes home in PR-2024-12 before we approve it",
       "payroll_calculate_pay_run", FIN),
    _Q("Send everyone their June pay stubs by email", "payroll_email_payslips", PPL),
    _Q("How much has E-6635 earned so far this year, and how much tax was withheld?",
       "payroll_get_year_to_date_earnings", PPL),
    _Q("Give Anna a one-off 2,000 bonus for the launch", "payroll_create_bonus", PPL),
    _Q("Record a raise for E-6635 to 85k from next month", "payroll_create_salary_change", PPL),
    _Q("在薪酬系统里把六月的工资条发到大家邮箱", "payroll_email_payslips", PPL, "payroll"),
    _Q("查一下员工 E-6635 今年累计收入和个税", "payroll_get_year_to_date_earnings", PPL),
    # procurement
    _Q("Approve the laptop purchase request RQ-4735", "procurement_approve_purchase_request", FIN),
    _Q("Email PO-78453 to the vendor", "procurement_send_purchase_order", SUP),
    _Q("The goods for PO-78453 arrived at the dock, book them in", "procurement_receive_goods",
       SUP),
    _Q("Check the vendor bill SI-2263 against the PO and what we actually received",
       "procurement_match_supplier_invoice", FIN),
    _Q("Pick the winning bid for RFQ-643: supplier SP-530", "procurement_award_rfq", SUP),
    _Q("In procurement, find vendors that sell office furniture", "procurement_search_suppliers",
       SUP, "procurement"),
    _Q("采购订单 PO-78453 的货到了，登记收货", "procurement_receive_goods", SUP),
    _Q("询价单 RFQ-643 选定中标供应商", "procurement_award_rfq", SUP),
    _Q("列出所有待付款的供应商发票", "procurement_list_supplier_invoices", FIN),
    # devops
    _Q("The release broke checkout, go back to the previous version before DP-2214",
       "devops_rollback_deployment", ENG),
    _Q("Hold the rollout of DP-2214, stop updating more instances", "devops_pause_deployment",
       ENG),
    _Q("Run 6 replicas of the search service instead of 3", "devops_scale_service", ENG),
    _Q("Restart the payments service in staging without shipping new code",
       "devops_restart_service", ENG),
    _Q("CI failed on a flaky test, kick off pipeline PL-66354 again", "devops_retry_pipeline",
       ENG),
    _Q("Switch the new-checkout flag off for everyone", "devops_toggle_feature_flag", ENG),
    _Q("Show me error logs from the checkout service for the last 15 minutes",
       "devops_get_service_logs", ENG),
    _Q("On the deployment platform, undo release DP-2214", "devops_rollback_deployment", ENG,
       "devops"),
    _Q("回滚 DP-2214 这次发布", "devops_rollback_deployment", ENG),
    _Q("把 search 服务扩容到 6 个实例", "devops_scale_service", ENG),
    _Q("关闭功能开关 FF-545", "devops_toggle_feature_flag", ENG),
    # monitoring
    _Q("I'm on it, ack alert AL-00453 so it stops paging", "monitoring_acknowledge_alert", ENG),
    _Q("Mute the disk alert for an hour while we do maintenance", "monitoring_silence_alert", ENG),
    _Q("Wake up whoever is on call for the database team", "monitoring_page_on_call", ENG),
    _Q("In the monitoring tool, who is on call for payments right now?",
       "monitoring_get_current_on_call", ENG, "monitoring"),
    _Q("Chart p99 latency of SV-437 over the last hour", "monitoring_query_metric", ENG),
    _Q("Write up the postmortem for incident IN-731", "monitoring_write_postmortem", ENG),
    _Q("Open an incident: checkout is down in Europe", "monitoring_create_incident", ENG),
    _Q("告警 AL-00453 静默一小时", "monitoring_silence_alert", ENG),
    _Q("现在谁在值班？", "monitoring_get_current_on_call", ENG),
    _Q("查看服务最近一小时的 CPU 和错误率", "monitoring_query_metric", ENG),
    # storage
    _Q("Put this PDF into the Contracts folder", "storage_upload_file", ENG),
    _Q("Move FL-887543 into the Q3 folder", "storage_move_file", ENG),
    _Q("Bring the orders database back from last night's snapshot", "storage_restore_backup",
       ENG),
    _Q("How much disk space are we using in the media bucket?", "storage_get_usage", ENG),
    _Q("Make a link so the auditor can view FL-887543 until Friday",
       "storage_create_share_link", LEG),
    _Q("从昨晚的备份恢复数据库", "storage_restore_backup", ENG),
    _Q("清空回收站", "storage_empty_trash", ENG),
    # security
    _Q("Key AK-8863 leaked on GitHub, kill it immediately", "security_revoke_api_key", ENG),
    _Q("Rotate AK-8863 with a 24 hour grace period", "security_rotate_api_key", ENG),
    _Q("Scan the checkout service's dependencies for CVEs", "security_scan_service", ENG),
    _Q("Our TLS cert for shop.example.com expires next week, renew it",
       "security_renew_certificate", ENG),
    _Q("We are under attack from 203.0.113.7, block that address", "security_block_ip", ENG),
    _Q("Who signed in as an admin last night? Check the audit log",
       "security_search_audit_log", LEG),
    _Q("列出所有未修复的高危漏洞", "security_list_vulnerabilities", ENG),
    _Q("立即吊销泄露的 API 密钥 AK-8863", "security_revoke_api_key", ENG),
    # identity
    _Q("Bob forgot his password, send him a link to set a new one", "identity_reset_password",
       ENG),
    _Q("Account U-4375 looks compromised, stop it from signing in", "identity_lock_user", ENG),
    _Q("Let U-4375 log in again, she was locked out by mistake", "identity_unlock_user", ENG),
    _Q("Put U-4375 in the finance-readers group", "identity_add_user_to_group", ENG),
    _Q("She lost her phone and can't pass two-factor any more, reset it", "identity_reset_mfa",
       ENG),
    _Q("In the identity system, log U-4375 out of all devices", "identity_revoke_sessions", ENG,
       "identity"),
    _Q("Give U-4375 the billing-admin role", "identity_assign_role", ENG),
    _Q("用户 U-4375 忘记密码了，帮他重置", "identity_reset_password", ENG),
    _Q("手机丢了，重置他的双因素认证", "identity_reset_mfa", ENG),
    _Q("把 U-4375 移出财务组", "identity_remove_user_from_group", ENG),
    # hr
    _Q("In the HR system, approve Li's vacation request LV-235", "hr_approve_leave_request", PPL,
       "hr"),
    _Q("How many days off does E-6635 have left this year?", "hr_get_leave_balance", PPL),
    _Q("Offboard E-6635, the last day is the 30th", "hr_terminate_employee", PPL),
    _Q("Set up an interview with candidate CAN-7743 and two engineers on Thursday",
       "hr_schedule_interview", PPL),
    _Q("Send CAN-7743 the job offer: 90k, starting in September", "hr_send_offer_letter", PPL),
    _Q("Who does E-6635 report to, and who reports to them?", "hr_get_org_chart", PPL),
    _Q("Open a new position for a senior data engineer in Berlin", "hr_create_job_posting", PPL),
    _Q("批准请假申请 LV-235", "hr_approve_leave_request", PPL),
    _Q("查询员工还剩几天年假", "hr_get_leave_balance", PPL),
    _Q("给候选人发 offer", "hr_send_offer_letter", PPL),
    # calendar
    _Q("When are Ana, Raj and Li all free for an hour this week?", "calendar_find_free_slot",
       PPL),
    _Q("Decline the invite EV-99453, I can't make it", "calendar_rsvp_event", PPL),
    _Q("I need a room for 8 people tomorrow from 2 to 3pm", "calendar_find_available_room", PPL),
    _Q("Remind me at 5pm to submit the report", "calendar_create_reminder", PPL),
    _Q("找一个明天下午空闲的会议室，要坐 8 个人", "calendar_find_available_room", PPL),
    _Q("列出今年的节假日安排", "calendar_list_holidays", PPL),
    # messaging
    _Q("Email the team that the office is closed on Friday", "messaging_send_email", PPL),
    _Q("Text +49 151 2345678 that the driver is 10 minutes away", "messaging_send_sms", GRO),
    _Q("Post the release notes in the eng-announcements channel", "messaging_post_to_channel",
       PPL),
    _Q("Send template ET-78 to every customer in segment SEG-61", "messaging_send_bulk_email",
       GRO),
    _Q("给所有客户群发促销邮件", "messaging_send_bulk_email", GRO),
    _Q("发短信告诉客户司机十分钟后到", "messaging_send_sms", GRO),
    # marketing
    _Q("Start the spring campaign CP-2024-03 right away", "marketing_launch_campaign", GRO),
    _Q("Stop spending on CP-2024-03 for now", "marketing_pause_campaign", GRO),
    _Q("How did the Black Friday campaign do: clicks, conversions, ROI?",
       "marketing_get_campaign_performance", GRO),
    _Q("Make 500 one-time promo codes at 15% off", "marketing_generate_coupon_codes", GRO),
    _Q("jane@example.com wants no more marketing mail from us", "marketing_unsubscribe_contact",
       GRO),
    _Q("暂停营销活动 CP-2024-03 的投放", "marketing_pause_campaign", GRO),
    _Q("批量生成 500 个一次性优惠码", "marketing_generate_coupon_codes", GRO),
    # analytics
    _Q("Using the analytics platform, run the weekly revenue report RPT-641 now",
       "analytics_run_report", GRO, "analytics"),
    _Q("Send RPT-641 to the execs every Monday", "analytics_schedule_report_email", GRO),
    _Q("How has KPI-45 moved against its target this quarter?", "analytics_get_kpi_trend", GRO),
    _Q("In the signup funnel, at which step do most people give up?",
       "analytics_get_funnel_conversion", GRO),
    _Q("End test EXP-477 and ship variant B", "analytics_conclude_experiment", GRO),
    _Q("What share of May signups are still active after 30 days?",
       "analytics_get_retention_curve", GRO),
    _Q("看一下注册漏斗每一步的转化率", "analytics_get_funnel_conversion", GRO),
    _Q("五月注册用户的留存曲线", "analytics_get_retention_curve", GRO),
    # inventory
    _Q("Three units of SKU-43755 were damaged in WH-6, write them off", "inventory_adjust_stock",
       SUP),
    _Q("Hold 5 units of SKU-43755 for order SO-43319", "inventory_reserve_stock", SUP),
    _Q("How many SKU-43755 can we sell right now?", "inventory_check_availability", SUP),
    _Q("Reorder SKU-43755 automatically when we drop below 20", "inventory_set_reorder_point",
       SUP),
    _Q("Raise the price of SKU-43755 to 24.99", "inventory_update_price", SUP),
    _Q("Ship 40 pallets from warehouse WH-6 to WH-8", "inventory_create_stock_transfer", SUP),
    _Q("库存系统里 SKU-43755 现在还有多少可售", "inventory_check_availability", SUP, "inventory"),
    _Q("为订单预留 5 件库存", "inventory_reserve_stock", SUP),
    _Q("安排下周对 3 号仓库做盘点", "inventory_create_stock_count", SUP),
    # legal
    _Q("Send contract CTR-4413 to their CFO to e-sign", "legal_send_for_signature", LEG),
    _Q("Which contracts come up for renewal in the next 60 days?",
       "legal_get_contract_renewals", LEG),
    _Q("A customer asked us to erase all their personal data under GDPR, carry out DSR-6324",
       "legal_fulfil_privacy_request", LEG),
    _Q("Draft a mutual NDA with Initech for 24 months", "legal_create_nda", LEG),
    _Q("把合同发给对方电子签署", "legal_send_for_signature", LEG),
    _Q("查询未来 30 天内到期的合同", "legal_get_contract_renewals", LEG),
    _Q("执行用户的数据删除请求", "legal_fulfil_privacy_request", LEG),
)  # fmt: skip
HELDOUT_QUERIES: tuple[LabelledQuery, ...] = (
    # crm
    _Q("CT-20988 was a test record someone made by accident, remove it for good",
       "crm_delete_contact", GRO),
    _Q("Set up Northwind Traders in the CRM as a new customer: logistics industry, Priya owns it",
       "crm_create_account", GRO, "crm"),
    _Q("LD-4471 is a student, not a buyer. Get it off the active list but keep it in case",
       "crm_archive_lead", GRO),
    _Q("Rahul at Contoso just rang, we spent ten minutes on adding seats - put that on his record",
       "crm_log_call", GRO),
    _Q("Who knocked the value of deal OP-7310 down from 40k to 25k?",
       "crm_get_opportunity_history", GRO),
    _Q("把商机 OP-6620 的预计成交日期推到下个月底，金额改成 12 万", "crm_update_opportunity", GRO),
    _Q("看看跟进记录 AV-3381 里当时聊了些什么", "crm_get_activity", GRO),
    _Q("今年以来每种状态的销售线索各有多少条？", "crm_count_leads", GRO),
    # support
    _Q("TK-58302 and TK-58317 are the same person asking the same question twice, fold the newer "
       "one into the older",
       "support_merge_tickets", CS),
    _Q("Open KB-0417, I need to check what it currently says about SSO setup",
       "support_get_article", CS),
    _Q("The canned 'password reset' response is stale, rewrite the text in MC-52",
       "support_update_macro", CS),
    _Q("Which help-center pages haven't been published yet?", "support_list_articles", CS),
    _Q("In the help desk, what are the first-reply and resolution targets in SLA-7?",
       "support_get_sla_policy", CS, "support"),
    _Q("Pull every CSAT comment where someone called us rude", "support_search_surveys", CS),
    _Q("客户 li.wei@example.com 说一直登不上去，帮他开一张紧急工单", "support_create_ticket", CS),
    _Q("TK-60214 这个单子跟客户说一声：问题已经修好了，请刷新再试", "support_reply_to_ticket", CS),
    # orders
    _Q("Customer wants two more of SKU-11873 added to SO-55201, it hasn't been paid yet",
       "orders_update_order", CS),
    _Q("Which plan is subscription SUB-8120 on, and when did it start?",
       "orders_get_subscription", CS),
    _Q("How many RMAs did we get this month, broken down by status?",
       "orders_count_return_requests", CS),
    _Q("Put together a quote for customer C-7781: 50 Pro seats at 18 each, good until end of March",
       "orders_create_quote", CS),
    _Q("She's changed her mind about SO-77120, kill it before it goes out the door",
       "orders_cancel_order", CS),
    _Q("In order management, which RMAs are still waiting on a decision?",
       "orders_list_return_requests", CS, "orders"),
    _Q("把购物车 CR-6612 打开看看，客户说结账时报错", "orders_get_cart", CS),
    _Q("列出所有还在试用期的订阅", "orders_list_subscriptions", CS),
    # shipping
    _Q("Which parcels are stuck with a delivery exception right now?",
       "shipping_list_shipments", CS),
    _Q("Add DHL Express as a courier: tracking links look like https://dhl.example/track/{n}, "
       "contact ops@dhl.example",
       "shipping_create_carrier", SUP),
    _Q("What's booked for pickup PU-4471? Date, address, how many boxes?",
       "shipping_get_pickup", SUP),
    _Q("On route RT-204 for Thursday, add a stop at Hauptstrasse 5 after the bakery",
       "shipping_update_route", SUP),
    _Q("Search our customs paperwork for anything declaring lithium batteries",
       "shipping_search_customs_declarations", SUP),
    _Q("这批发往新加坡的货要报关，新建一张报关单，HS 编码 8517，申报价值 3200 美元",
       "shipping_create_customs_declaration", SUP),
    _Q("包裹 SH-7719 已经在路上了，客户想改送到她公司地址", "shipping_reroute_shipment", CS),
    _Q("在物流系统里把承运商 CA-12 的联系邮箱改成 support@fastship.cn",
       "shipping_update_carrier", SUP, "shipping"),
    # billing
    _Q("Give the customer a 50 euro credit against INV-3390 for the late delivery",
       "billing_create_credit_note", FIN),
    _Q("Did PAY-77310 go through? What amount and which method?", "billing_get_payment", CS),
    _Q("Find the incoming bank transfer with reference ACME-Q3-SETTLE",
       "billing_search_payments", FIN),
    _Q("Show me every card charge that failed in the last 7 days", "billing_list_payments", CS),
    _Q("Push the due date of INV-6021 to the 30th, the client asked for more time",
       "billing_update_invoice", FIN),
    _Q("They were charged twice for the same bill; send the duplicate PAY-90211 back to their card",
       "billing_refund_payment", CS),
    _Q("税率 TX-42 对应哪个地区、税率是多少？", "billing_get_tax_rate", FIN),
    _Q("发票 INV-7713 的金额被谁改过？看下修改记录", "billing_get_invoice_history", FIN),
    # finance
    _Q("Draft a journal entry: debit GL-6100 office supplies, credit GL-2000 payables, 1,250.00",
       "finance_create_journal_entry", FIN),
    _Q("What type of account is GL-4020 and what's its parent code?",
       "finance_get_ledger_account", FIN),
    _Q("Set the 2026 budget for the Design department at 480k", "finance_create_budget", FIN),
    _Q("Find Tom Becker's expense claims from the Lisbon conference",
       "finance_search_expense_reports", FIN),
    _Q("JE-10442 has been reviewed, book it into the general ledger",
       "finance_post_journal_entry", FIN),
    _Q("在财务总账里导出今年一季度所有已过账的凭证，审计要用",
       "finance_export_journal_entries", FIN, "finance"),
    _Q("预算 BG-2025-09 的金额被改过好几次，看看是谁改的", "finance_get_budget_history", FIN),
    # payroll
    _Q("Open payslip PS-2025-05-0117, what was her net pay in May?", "payroll_get_payslip", PPL),
    _Q("Set up the July payroll batch for Acme GmbH, paying out on July 28",
       "payroll_create_pay_run", FIN),
    _Q("Which raises are still only proposed and haven't been approved?",
       "payroll_list_salary_changes", PPL),
    _Q("Run the numbers on PR-2025-07 so I can see gross and net before anyone signs off",
       "payroll_calculate_pay_run", FIN),
    _Q("Bonus BN-102 has the wrong reason on it, change it to 'Q3 sales target'",
       "payroll_update_bonus", PPL),
    _Q("把六月份的工资条全部导出成表格给财务", "payroll_export_payslips", FIN),
    _Q("在薪酬系统里看看今年发过的奖金各状态分别有多少笔", "payroll_count_bonuses", PPL, "payroll"),
    # procurement
    _Q("Raise a PO to Office Depot for 20 standing desks, delivery by March 15",
       "procurement_create_purchase_order", SUP),
    _Q("What's the status of PO-51207 and when is it due to arrive?",
       "procurement_get_purchase_order", SUP),
    _Q("What's the contact email for supplier SP-318?", "procurement_get_supplier", SUP),
    _Q("Ask several vendors to bid on 500 safety helmets, deadline Friday",
       "procurement_create_rfq", SUP),
    _Q("Only half of the forklift parts on PO-61320 turned up today, log what arrived",
       "procurement_receive_goods", SUP),
    _Q("我想买一台 4K 显示器，帮我提个采购申请，预估 3000 元",
       "procurement_create_purchase_request", FIN),
    _Q("供应商 SP-207 以后不合作了，先归档别删", "procurement_archive_supplier", SUP),
    _Q("在采购系统里找一下跟联想有关的采购订单",
       "procurement_search_purchase_orders", SUP, "procurement"),
    # devops
    _Q("Ship version 3.8.2 of billing-api to production", "devops_create_deployment", ENG),
    _Q("Which deployments failed this week?", "devops_list_deployments", ENG),
    _Q("Who owns SV-221 and where does its code live?", "devops_get_service", ENG),
    _Q("Register a new microservice notification-worker, team Platform, repo "
       "github.com/acme/notification-worker",
       "devops_create_service", ENG),
    _Q("On the deployment platform, freeze the DP-3391 rollout where it is: don't roll back, "
       "just stop touching more instances",
       "devops_pause_deployment", ENG, "devops"),
    _Q("查一下流水线 PL-40213 跑的是哪个分支、哪个 commit", "devops_get_pipeline", ENG),
    _Q("环境 EN-5 现在健康吗？在哪个区域和集群？", "devops_get_environment", ENG),
    _Q("新建一个预览环境 preview-42，区域 eu-west-1，集群 k8s-preview",
       "devops_create_environment", ENG),
    # monitoring
    _Q("Alert us when api-gateway's 5xx rate goes over 5% for five minutes, severity critical",
       "monitoring_create_alert", ENG),
    _Q("What's AL-80213 about? Which service and rule?", "monitoring_get_alert", ENG),
    _Q("Who's commanding IN-512 and how bad is it?", "monitoring_get_incident", ENG),
    _Q("Point uptime check UC-23 at https://shop.example.com/health and run it every 60 seconds",
       "monitoring_update_uptime_check", ENG),
    _Q("Write up what happened during IN-533 for Friday's retro",
       "monitoring_write_postmortem", ENG),
    _Q("把值班表 OC-9 改成每周轮换一次，把小王加进去", "monitoring_update_on_call_schedule", ENG),
    _Q("在监控告警平台建一个大盘，放支付服务的延迟、错误率和 QPS",
       "monitoring_create_dashboard", ENG, "monitoring"),
    _Q("查一下去年所有和数据库相关的故障", "monitoring_search_incidents", ENG),
    # storage
    _Q("Find the Q3 board deck, the file name has 'board' and 'Q3' in it somewhere",
       "storage_search_files", ENG),
    _Q("BU-20240115 is past retention, get rid of it completely", "storage_delete_backup", ENG),
    _Q("Which of our nightly database snapshots failed?", "storage_list_backups", ENG),
    _Q("Snapshot the orders-db volume right now and keep it for 30 days",
       "storage_create_backup", ENG),
    _Q("Shift FL-660213 over to the 'Archive 2024' folder", "storage_move_file", ENG),
    _Q("存储桶 BK-21 在哪个区域？开了版本控制没有？", "storage_get_bucket", ENG),
    _Q("分享链接 SL-9003 的有效期延长到月底", "storage_update_share_link", LEG),
    # security
    _Q("Issue a new token for the reporting service, read-only scopes, owner data-team",
       "security_create_api_key", ENG),
    _Q("Tell me about VL-3319: which CVE, which service, how severe?",
       "security_get_vulnerability", ENG),
    _Q("VL-3319 is only reachable internally, drop its severity to medium",
       "security_update_vulnerability", ENG),
    _Q("Allow 10.20.0.0/16 through on port 5432", "security_create_firewall_rule", ENG),
    _Q("Someone is brute-forcing our login page from 198.51.100.77, ban that address",
       "security_block_ip", ENG),
    _Q("查一下 shop.example.com 的 SSL 证书是哪家签发的", "security_search_certificates", ENG),
    _Q("在安全平台把已吊销的 API 密钥清单导出来给审计",
       "security_export_api_keys", LEG, "security"),
    # identity
    _Q("Create a login for the new contractor: j.doe@acme.com, display name Jane Doe, Finance "
       "department",
       "identity_create_user", ENG),
    _Q("Find the user whose username is mchen", "identity_search_users", ENG),
    _Q("Which logins are locked right now?", "identity_list_users", ENG),
    _Q("What permissions does role R-22 actually grant?", "identity_get_role", ENG),
    _Q("Kick U-2290 out of every browser and device she's signed in on",
       "identity_revoke_sessions", ENG),
    _Q("查一下从 IP 198.51.100.23 登录的所有会话", "identity_search_sessions", ENG),
    _Q("在 SSO 里接入一个新应用 Jira，协议用 SAML，回调地址 https://jira.acme.com/sso",
       "identity_create_sso_app", ENG),
    _Q("在账号权限系统里把 U-3307 的部门改成市场部，她刚调岗",
       "identity_update_user", PPL, "identity"),
    # hr
    _Q("Open the personnel file for E-4120, I need her job title and current status",
       "hr_get_employee", PPL),
    _Q("Put Sam Patel under Laura Kim and change his title to Staff Engineer",
       "hr_update_employee", PPL),
    _Q("Log a sick day for E-5012 tomorrow", "hr_create_leave_request", PPL),
    _Q("Priya is leaving us, last day March 14, start her offboarding",
       "hr_terminate_employee", PPL),
    _Q("把张伟 2025 上半年的绩效考核找出来", "hr_search_performance_reviews", PPL),
    _Q("职位 JP-81 已经招满了，先归档", "hr_archive_job_posting", PPL),
    _Q("公司在职、休假、已离职的员工各有多少人？", "hr_count_employees", PPL),
    # calendar
    _Q("Book MR-405 Thursday 2 to 3:30pm for the design review",
       "calendar_create_room_booking", PPL),
    _Q("Put a 30-minute 1:1 with Raj on my calendar Tuesday at 10", "calendar_create_event", PPL),
    _Q("Push reminder RM-322 to 4pm", "calendar_update_reminder", PPL),
    _Q("Which rooms on the 5th floor have a projector?", "calendar_search_meeting_rooms", PPL),
    _Q("Accept EV-71033, I'll be at Thursday's planning", "calendar_rsvp_event", PPL),
    _Q("我下午三点的会 EV-70215 都有谁参加？", "calendar_get_event", PPL),
    _Q("新增一个节假日：10 月 6 日调休放假，国家是中国", "calendar_create_holiday", PPL),
    # messaging
    _Q("I've got 40 unread notifications in the app, clear them all as seen",
       "messaging_mark_notifications_read", PPL),
    _Q("Make a new chat channel #launch-war-room for the release team, topic: v5 launch",
       "messaging_create_channel", PPL),
    _Q("Did the text to +44 7700 900123 get delivered? Look it up",
       "messaging_search_sms_messages", GRO),
    _Q("Set up a welcome-mail template with a {{first_name}} merge field",
       "messaging_create_email_template", GRO),
    _Q("Drop a note in #ops-alerts that maintenance starts at 22:00",
       "messaging_post_to_channel", PPL),
    _Q("频道 CH-412 的话题改成“Q4 规划”，再把小李拉进来", "messaging_update_channel", PPL),
    _Q("这个月有多少封邮件被退信了？", "messaging_count_emails", GRO),
    # marketing
    _Q("Delete coupon CPN-2611 entirely, it had a typo and never went out",
       "marketing_delete_coupon", GRO),
    _Q("Create the code WELCOME15 for 15% off, expiring December 31",
       "marketing_create_coupon", GRO),
    _Q("Build an audience of people who bought in the last 90 days but never opened our emails",
       "marketing_create_segment", GRO),
    _Q("Take jane.doe@example.org off every promotional mailing",
       "marketing_unsubscribe_contact", GRO),
    _Q("下周四那期电子简报帮我建好，主题是“十一月产品更新”", "marketing_create_newsletter", GRO),
    _Q("营销活动 CP-2025-14 的预算多少、投在哪个渠道？", "marketing_get_campaign", GRO),
    _Q("找一下标题里带“黑五”的落地页", "marketing_search_landing_pages", GRO),
    # analytics
    _Q("Set up a 50/50 split test of the new pricing page vs the old one",
       "analytics_create_experiment", GRO),
    _Q("Build a funnel: visit pricing, start trial, add card, subscribe, with a 14-day window",
       "analytics_create_funnel", GRO),
    _Q("What's in saved report RPT-402 and how often is it scheduled?",
       "analytics_get_report", GRO),
    _Q("Call EXP-151: variant A won, end it", "analytics_conclude_experiment", GRO),
    _Q("在数据分析平台把 KPI-18 的目标值改成 95%", "analytics_update_kpi", GRO, "analytics"),
    _Q("2025 年 3 月注册的那个分群 CO-2025-03 是怎么定义的？", "analytics_get_cohort", GRO),
    _Q("搜一下有没有跟“客单价”相关的报表", "analytics_search_reports", GRO),
    # inventory
    _Q("Add a new product: Trail Runner 2 shoes, 89.90, category Footwear",
       "inventory_create_product", SUP),
    _Q("What do we have on file for SKU-20981? Name, price, category?",
       "inventory_get_product", SUP),
    _Q("Which items are completely out of stock at the moment?",
       "inventory_list_stock_levels", SUP),
    _Q("Where's transfer TR-7102, has it reached the destination warehouse yet?",
       "inventory_get_stock_transfer", SUP),
    _Q("Cycle count at WH-2 turned up 4 extra units of SKU-21907 on the shelf; add them to "
       "on-hand with reason 'found'",
       "inventory_adjust_stock", SUP),
    _Q("SKU-31207 停产了，下架归档", "inventory_archive_product", SUP),
    _Q("在库存商品系统里导出所有仓库之间的调拨记录，季度对账用",
       "inventory_export_stock_transfers", SUP, "inventory"),
    # legal
    _Q("Pull up CTR-2210: who's the other party and when does it end?", "legal_get_contract", LEG),
    _Q("Which NDAs are still waiting on the other side to sign?", "legal_list_ndas", LEG),
    _Q("What's the renewal date on trademark TM-52?", "legal_get_trademark", LEG),
    _Q("Record a new trademark for the 'Nimbus' logo in the US, renewal due 2035-06-01",
       "legal_create_trademark", LEG),
    _Q("DSR-4120 is approved, go ahead and wipe that person's data everywhere",
       "legal_fulfil_privacy_request", LEG),
    _Q("合规制度 CPL-31 的负责人换成王芳，复审日期改到明年 3 月", "legal_update_policy", LEG),
    _Q("登记一个新的隐私请求：anna@example.de 想要一份她的个人数据副本，30 天内处理",
       "legal_create_privacy_request", LEG),
    _Q("在法务系统里搜一下关于反贿赂的制度", "legal_search_policies", LEG, "legal"),
)  # fmt: skip
"""A second labelled set, written by another author from the tool list alone: they never saw
the ranker, the thesaurus or the misses of `LABELLED_QUERIES`, and ran no search while
writing. `nodes.search.thesaurus` was tuned on `LABELLED_QUERIES` and then on the even-indexed half
of this set; the odd-indexed half was only ever measured."""
THIRD_QUERIES: tuple[LabelledQuery, ...] = (
    # --- crm ---
    _Q("CRM里现在一共有多少联系人？按状态分一下，退订的有多少个", "crm_count_contacts", GRO, "crm"),
    _Q("Can you pull every deal we lost in Q3 into a spreadsheet? I want to go through them "
       "offline",
       "crm_export_opportunities", GRO),
    _Q("Note down that I met Dana Whitfield (CT-20933) at their office yesterday. We went over "
       "the renewal terms and she wants a revised proposal by Friday.",
       "crm_create_activity", GRO),
    _Q("恒达科技（AC-3471）新来了一个采购负责人王磊，邮箱 wanglei@hengda-tech.cn，帮我在客户资料"
       "里建一个人",
       "crm_create_contact", CS),
    _Q("LD-9017 is ready to buy. Turn them into a proper customer with a contact record and open "
       "a deal for about $40k",
       "crm_convert_lead", GRO),
    _Q("what's the status on LD-4471? who is it and where did it come from", "crm_get_lead", GRO),
    _Q("Need a CSV of every finished call, meeting and email we had with customers since "
       "January, for the account review deck",
       "crm_export_activities", CS),
    # --- support ---
    _Q("把帮助中心里所有已发布的文章导出来给我一份，CSV 就行，我要整理一下哪些内容过时了",
       "support_export_articles", CS),
    _Q("TK-71546 这个单子现在什么状态？优先级多高？", "support_get_ticket", CS),
    _Q("Give TK-80231 to Marco please, he's dealt with this customer before",
       "support_assign_ticket", CS),
    _Q("what does MC-112 actually say? want to check the wording before I send it to anyone",
       "support_get_macro", CS),
    _Q("use the 'refund processed' canned response on TK-66019", "support_apply_macro", CS),
    _Q("The customer on TK-55120 says she clicked 1 star by accident. Can you change her CSAT "
       "score on CS-9388 to 5 and put 'great help from Lina' as the comment?",
       "support_update_survey", CS),
    _Q("In the help desk, put a note on TK-70912 that only our team can see: I suspect this is "
       "the same fraud pattern as last week",
       "support_add_internal_note", CS, "support"),
    # --- orders ---
    _Q("SUB-7712 was cancelled ages ago. Hide it from the active subscriptions view but keep the "
       "record in case finance asks",
       "orders_archive_subscription", CS),
    _Q("SO-10412 was a test order I placed while setting up the shop, wipe it out completely, no "
       "need to keep anything",
       "orders_delete_order", CS),
    _Q("购物车 CR-6614 里现在放了哪些东西？客户说一直结不了账", "orders_get_cart", CS),
    _Q("find the quote we did for Northwind that had the standing desks on it",
       "orders_search_quotes", CS),
    _Q("订单 SO-20877 里有两件还没到货，先把有货的发出去，剩下的等到了再单独发",
       "orders_split_order", SUP),
    _Q("Customer wants to send back 2 of the blenders from SO-33190, they arrived cracked. Open "
       "an RMA for them please",
       "orders_create_return_request", CS),
    _Q("QT-3378 got signed off by the client, make it a real order",
       "orders_convert_quote_to_order", CS),
    # --- shipping ---
    _Q("I need the label for SH-60231 as a PDF so I can stick it on the box",
       "shipping_print_label", SUP),
    _Q("我们现在合作的快递公司有哪些？只看还在用的", "shipping_list_carriers", SUP),
    _Q("which customs filings are being held at the border right now?",
       "shipping_list_customs_declarations", SUP),
    _Q("Parcel SH-44807 is already on the truck but the customer moved. Can we get it delivered "
       "to 18 Harbour St instead?",
       "shipping_reroute_shipment", CS),
    _Q("报关单 CD-8840 申报的货值是多少？HS 编码填的什么", "shipping_get_customs_declaration", SUP),
    _Q("switch SH-51973 to express and have UPS carry it rather than FedEx",
       "shipping_update_shipment", SUP),
    _Q("how much would it cost to send a 12 kg box to Melbourne, and which courier gets it there "
       "fastest?",
       "shipping_get_rate_quote", SUP),
    # --- billing ---
    _Q("when is INV-3087 due, and has it been paid yet?", "billing_get_invoice", FIN),
    _Q("Issue a $150 credit on INV-4410 (still unpaid). They were billed for two seats they "
       "never used",
       "billing_create_credit_note", FIN),
    _Q("PAY-31456 这笔钱是刷卡付的还是银行转账？到账了没有？", "billing_get_payment", FIN),
    _Q("客户要 INV-5502 的发票文件，给我弄一个 PDF 版本我发过去",
       "billing_download_invoice_pdf", CS),
    _Q("Export all the pricing tiers we've retired since 2023 to a spreadsheet, I'm cleaning up "
       "the pricing page",
       "billing_export_price_plans", FIN),
    _Q("Show me all the card payments that failed in the last 7 days",
       "billing_list_payments", FIN),
    _Q("客户上周五银行转账付了 INV-6120 的 8,400 元，帮我在计费系统里把这笔收款登记上",
       "billing_create_payment", FIN, "billing"),
    # --- finance ---
    _Q("Which accounts in our chart of accounts have been closed? just need the list",
       "finance_list_ledger_accounts", FIN),
    _Q("send me a CSV with all department budgets for FY2025, the CFO wants it in Excel",
       "finance_export_budgets", FIN),
    _Q("Draft an entry moving 2,500 from prepaid expenses (1400) to rent expense (6100), but "
       "don't post it yet",
       "finance_create_journal_entry", FIN),
    _Q("张伟的报销单 ER-2290 我看过了，没问题，批了吧", "finance_approve_expense_report", FIN),
    _Q("The Q4 accounting period should end on Dec 31, not Dec 28. Fix the end date",
       "finance_update_fiscal_period", FIN),
    _Q("Set up July 2026 as a new accounting month in the books, 1 to 31 July",
       "finance_create_fiscal_period", FIN),
    _Q("科目表里名字带“应收”的科目帮我找一下，顺便告诉我科目代码",
       "finance_search_ledger_accounts", FIN),
    _Q("找一下李娜上个月去上海出差报销的那张单子", "finance_search_expense_reports", FIN),
    # --- payroll ---
    _Q("在薪资系统里给员工 E-4471 补录一条 2025 年的个税扣缴，金额 3,260 元",
       "payroll_create_tax_withholding", FIN, "payroll"),
    _Q("find the pay run for the Shenzhen entity that covers March",
       "payroll_search_pay_runs", FIN),
    _Q("BN-142 should be 2,000 not 1,500, and change the reason to 'Q2 launch spot award'",
       "payroll_update_bonus", PPL),
    _Q("Which bonuses are still only proposed and haven't been approved yet?",
       "payroll_list_bonuses", PPL),
    _Q("Priya Nair (E-2280) is getting a raise to 96,000 starting 1 September, please record it",
       "payroll_create_salary_change", PPL),
    _Q("SA-415 是去年的调薪了，从当前列表里收起来吧，记录别删",
       "payroll_archive_salary_change", PPL),
    _Q("I need every bonus we paid out in 2024 in a file for the auditors",
       "payroll_export_bonuses", FIN),
    _Q("September payroll PR-2025-09 looks right to me. Sign it off so people get paid on Friday",
       "payroll_approve_pay_run", FIN),
    # --- procurement ---
    _Q("RQ-1877 是重复提交的，直接彻底删掉，不需要归档",
       "procurement_delete_purchase_request", SUP),
    _Q("我想买 3 台显示器，每台大概 1,800 元，帮我提个申请",
       "procurement_create_purchase_request", SUP),
    _Q("RQ-2043 for the new laptops is fine by me, go ahead",
       "procurement_approve_purchase_request", FIN),
    _Q("push the bid deadline on our RFQ for pallet racking out to 30 June and bump the quantity "
       "to 40",
       "procurement_update_rfq", SUP),
    _Q("On my purchase request RQ-1990, change it from 5 chairs to 8; the estimated cost goes up "
       "to 2,400",
       "procurement_update_purchase_request", SUP),
    _Q("收到供应商 SP-233 的账单了，对应采购单 PO-45871，金额 12,600 元，帮我录进去",
       "procurement_create_supplier_invoice", FIN),
    _Q("Remove vendor SP-318 from procurement for good. It was a duplicate, so fully delete it "
       "rather than archiving",
       "procurement_delete_supplier", SUP, "procurement"),
    _Q("how many POs are open vs received this quarter?", "procurement_count_purchase_orders", SUP),
    # --- devops ---
    _Q("双十一流量要上来了，把 checkout 服务从 4 个实例加到 12 个", "devops_scale_service", ENG),
    _Q("How many deploys failed vs succeeded since the start of the month?",
       "devops_count_deployments", ENG),
    _Q("新建一个开关 new_checkout_ui，先只对 5% 的用户放开", "devops_create_feature_flag", ENG),
    _Q("ship version 3.8.2 of payments-api to staging", "devops_create_deployment", ENG),
    _Q("show me the deployments that got rolled back last week", "devops_list_deployments", ENG),
    _Q("Register a new microservice called pdf-renderer, owned by the Docs Platform team, repo "
       "github.com/acme/pdf-renderer",
       "devops_create_service", ENG),
    _Q("There's a bogus deployment record left over from the broken CI run this morning. Delete "
       "it for good, don't just archive it",
       "devops_delete_deployment", ENG),
    _Q("how many feature toggles are enabled vs disabled on the deploy platform right now?",
       "devops_count_feature_flags", ENG, "devops"),
    # --- monitoring ---
    _Q("Nobody uses DB-91 anymore, tuck it away but don't delete it",
       "monitoring_archive_dashboard", ENG),
    _Q("值班表 OC-12 里把小陈加进轮换，换掉已经离职的老赵",
       "monitoring_update_on_call_schedule", ENG),
    _Q("what on-call rotations are currently active?", "monitoring_list_on_call_schedules", ENG),
    _Q("Open an incident: checkout latency is way up in eu-west, SEV2, I'll be the incident "
       "commander",
       "monitoring_create_incident", ENG),
    _Q("监控系统里现在一共有多少个大盘？分别是什么状态",
       "monitoring_count_dashboards", ENG, "monitoring"),
    _Q("给 orders-api 加一个告警：5 分钟内错误率超过 2% 就触发，级别 P1",
       "monitoring_create_alert", ENG),
    _Q("open up DB-204 for me. Who owns it and what panels does it have?",
       "monitoring_get_dashboard", ENG),
    # --- storage ---
    _Q("我们之前发给普华永道审计的那些分享链接，帮我找出来", "storage_search_share_links", LEG),
    _Q("make a new folder 'Q3 board pack' under /Finance, I'm the owner",
       "storage_create_folder", ENG),
    _Q("有没有放在新加坡区域的存储桶？名字里好像带 logs", "storage_search_buckets", ENG),
    _Q("生产库的数据被误删了，用昨晚那个快照 BU-20250914 把数据库恢复回去",
       "storage_restore_backup", ENG),
    _Q("export the list of all backups taken in August as JSON", "storage_export_backups", ENG),
    _Q("keep BU-20250702 around for 365 days instead of 30", "storage_update_backup", ENG),
    _Q("clear out the recycle bin in file storage, it's full of old junk",
       "storage_empty_trash", ENG, "storage"),
    _Q("upload the screenshots I attached to the Design/Onboarding folder",
       "storage_upload_file", ENG),
    # --- security ---
    _Q("details on VL-3318 please: which CVE is it and which service is affected?",
       "security_get_vulnerability", ENG),
    _Q("给 Salesforce 发起一次季度权限审查，审核人是王经理，月底前完成",
       "security_create_access_review", LEG),
    _Q("现在还没修复的漏洞有哪些？列一下", "security_list_vulnerabilities", ENG),
    _Q("证书 CE-88 是哪个域名的？什么时候到期？", "security_get_certificate", ENG),
    _Q("Time to cycle the Stripe integration key. Give it a new secret, but let the old one keep "
       "working for a day",
       "security_rotate_api_key", ENG),
    _Q("I need a new API token for the data warehouse sync: read-only scopes, owner is the "
       "analytics team",
       "security_create_api_key", ENG),
    _Q("What's the status of access review AR-27, and who's reviewing it?",
       "security_get_access_review", LEG),
    # --- identity ---
    _Q("Our Jira SSO app APP-44 moved to a new domain; the redirect should now be "
       "https://jira.acme.io/sso/callback",
       "identity_update_sso_app", ENG),
    _Q("Log Tom Becker out of every device right now, his laptop was stolen",
       "identity_revoke_sessions", ENG),
    _Q("what roles exist in our identity system? only the deprecated ones",
       "identity_list_roles", ENG, "identity"),
    _Q("list the login sessions that were revoked since Monday", "identity_list_sessions", ENG),
    _Q("用户组 G-305 最近被人改过，我想看看每次是谁动的、改之前是什么样",
       "identity_get_group_history", ENG),
    _Q("APP-57 这个 SSO 应用用的是 SAML 还是 OIDC？回调地址是多少", "identity_get_sso_app", ENG),
    _Q("Add Figma to SSO: SAML, callback https://www.figma.com/saml/consume",
       "identity_create_sso_app", ENG),
    # --- hr ---
    _Q("pull up E-5120's HR profile: what's their job title and are they still active?",
       "hr_get_employee", PPL),
    _Q("这期绩效里还是草稿、没提交的有哪些？", "hr_list_performance_reviews", PPL),
    _Q("PRV-2024-077 is from the old cycle and clutters the list, archive it",
       "hr_archive_performance_review", PPL),
    _Q("Can you move my time off LV-1188 so it ends on the 14th instead of the 12th?",
       "hr_update_leave_request", PPL),
    _Q("what rating did Marta get in PRV-2025-204?", "hr_get_performance_review", PPL),
    _Q("把最近两周被驳回的请假都列出来", "hr_list_leave_requests", PPL),
    _Q("帮我请 10月8号到10号 三天年假", "hr_create_leave_request", PPL),
    _Q("LV-1345: what dates did she ask for, and has it been approved?",
       "hr_get_leave_request", PPL),
    # --- calendar ---
    _Q("Is HC-2025-12-26 a confirmed office closure, and which country is it for?",
       "calendar_get_holiday", PPL),
    _Q("details for BKG-7712, which room and what time?", "calendar_get_room_booking", PPL),
    _Q("把所有会议室的清单导出成表格，我要核对一下座位数和设备",
       "calendar_export_meeting_rooms", PPL),
    _Q("周四下午三点约个会，拉上 Kevin 和 Lily，主题是 Q4 预算评审", "calendar_create_event", PPL),
    _Q("need a room for 10 people tomorrow 2-3pm, anything open?",
       "calendar_find_available_room", PPL),
    _Q("We added HC-2025-11-03 by mistake, it isn't a holiday at all. Remove it permanently",
       "calendar_delete_holiday", PPL),
    _Q("看看这周被取消的会议室预订", "calendar_list_room_bookings", PPL),
    _Q("find the meeting about the vendor offsite that Jorge is invited to",
       "calendar_search_events", PPL),
    # --- messaging ---
    _Q("how many chat channels do we have, split by archived vs active?",
       "messaging_count_channels", PPL),
    _Q("EM-99410 looks different from what I drafted. Who edited it, and what did it say "
       "originally?",
       "messaging_get_email_history", PPL),
    _Q("Can you find the notification titled 'Timesheet overdue' that went to Sara?",
       "messaging_search_notifications", PPL),
    _Q("短信 SMS-8831 的内容被改过吗？谁改的，改之前是什么",
       "messaging_get_sms_message_history", GRO),
    _Q("把欢迎邮件模板 ET-52 的标题改成「欢迎加入 Acme！」",
       "messaging_update_email_template", GRO),
    _Q("有没有讨论发布上线的群？名字或者话题里带 release 的", "messaging_search_channels", PPL),
    _Q("list all our email templates that are still drafts", "messaging_list_email_templates", GRO),
    # --- marketing ---
    _Q("find the landing page for the spring webinar, I think the URL has /webinar-spring in it",
       "marketing_search_landing_pages", GRO),
    _Q("找一下 BLACKFRIDAY 开头的优惠码", "marketing_search_coupons", GRO),
    _Q("LP-118: what's its slug and which campaign is it tied to?",
       "marketing_get_landing_page", GRO),
    _Q("export every newsletter issue we sent this year to CSV",
       "marketing_export_newsletters", GRO),
    _Q("人群包 SEG-51 的筛选规则是什么？", "marketing_get_segment", GRO),
    _Q("pull up campaign CP-2025-14, I need its channel and budget", "marketing_get_campaign", GRO),
    _Q("I need 500 one-time discount codes for the trade show giveaway",
       "marketing_generate_coupon_codes", GRO),
    _Q("双十一那波投放 CP-2025-19 花了多少钱、带来多少转化？ROI 怎么样",
       "marketing_get_campaign_performance", GRO),
    # --- analytics ---
    _Q("现在正在跑的 A/B 测试有哪些？", "analytics_list_experiments", GRO),
    _Q("列一下今年新建的留存分群", "analytics_list_cohorts", GRO),
    _Q("Set up a cohort of everyone who signed up in August 2025 through the mobile app",
       "analytics_create_cohort", GRO),
    _Q("what traffic split is EXP-207 running with?", "analytics_get_experiment", GRO),
    _Q("dump all the KPIs we track, with their targets, into a CSV", "analytics_export_kpis", GRO),
    _Q("show me the conversion funnels that are active in analytics",
       "analytics_list_funnels", GRO, "analytics"),
    _Q("how many retention cohorts have we got, active vs archived?",
       "analytics_count_cohorts", GRO),
    # --- inventory ---
    _Q("Stock record ST-6041 is filed under the wrong warehouse, it should be WH-5, not WH-2",
       "inventory_update_stock_level", SUP),
    _Q("WH-7 moved to 2200 Industrial Pkwy, and it can hold 1,800 pallets now",
       "inventory_update_warehouse", SUP),
    _Q("rename SKU-43755 to 'Trail Runner 2 - Navy' and move it into the Footwear category",
       "inventory_update_product", SUP),
    _Q("3 units of SKU-20918 at WH-4 arrived damaged, write them off",
       "inventory_adjust_stock", SUP),
    _Q("SC-305: who did the stocktake and when?", "inventory_get_stock_count", SUP),
    _Q("How many warehouse-to-warehouse transfers are still in transit? a rough number is fine",
       "inventory_count_stock_transfers", SUP),
    _Q("在库存系统里查一下有没有苏州的仓库，地址在工业园区那个",
       "inventory_search_warehouses", SUP, "inventory"),
    _Q("调拨单 TR-7105 是从哪个仓发到哪个仓的？都调了哪些货", "inventory_get_stock_transfer", SUP),
    # --- legal ---
    _Q("The travel policy CPL-31 has a new owner, Dana from Finance, and its next review is "
       "March 2026",
       "legal_update_policy", LEG),
    _Q("CPL-09 那份旧制度是测试时建的，彻底删掉，不用留", "legal_delete_policy", LEG),
    _Q("合同 CTR-2047 是录重复了的，直接删干净，不用归档", "legal_delete_contract", LEG),
    _Q("DSR-3310 is verified, go ahead and erase that person's data everywhere",
       "legal_fulfil_privacy_request", LEG),
    _Q("which contracts are coming up for renewal or expiring in the next 60 days?",
       "legal_get_contract_renewals", LEG),
    _Q("Set up a new agreement with Blue Harbor Logistics, 120k, running until the end of 2027",
       "legal_create_contract", LEG),
    _Q("Make the NDA with Kestrel Labs mutual and extend it to 36 months", "legal_update_nda", LEG),
    _Q("CPL-14 has been superseded. Take it out of the active list but keep it around",
       "legal_archive_policy", LEG),
)  # fmt: skip
"""A third labelled set, by a third author under the same rules, with targets drawn at random
within each namespace, weighted towards everyday verbs. Written after the thesaurus was
final and measured once; nothing was changed because of it."""
FOURTH_QUERIES: tuple[LabelledQuery, ...] = (
    # analytics
    _Q("Show me all the KPIs we've retired. Just the list for now, I'll open the odd-looking "
       "ones myself.",
       "analytics_list_kpis", GRO),
    _Q("新用户注册那个漏斗 FN-27，最近30天每一步各掉了多少人？想看看大家卡在哪一步",
       "analytics_get_funnel_conversion", GRO),
    _Q("What's inside saved report RPT-318? Which metrics does it use, and is it on a schedule? "
       "Don't run it, I just need the setup.",
       "analytics_get_report", GRO),
    _Q("CO-2025-05 这个分群是怎么定义的？", "analytics_get_cohort", GRO),
    _Q("Please get rid of report RPT-204 for good. It's a broken duplicate and I don't want "
       "anyone bringing it back.",
       "analytics_delete_report", GRO),
    _Q("在分析平台里把今年以来新建的、还在用的用户分群列一下",
       "analytics_list_cohorts", GRO, "analytics"),
    _Q("is there a KPI somewhere that tracks net revenue retention? no idea what its id is",
       "analytics_search_kpis", GRO),
    _Q("How has KPI-12 moved over the last two quarters compared with where we wanted it to be?",
       "analytics_get_kpi_trend", GRO),
    _Q("What conversion funnels have been set up in the past month?",
       "analytics_list_funnels", GRO),
    _Q("We're done with the checkout button test EXP-144. Variant B won, wrap it up.",
       "analytics_conclude_experiment", GRO),
    # billing
    _Q("INV-2291 was raised by mistake and the client never paid it. Cancel it so it's no longer "
       "owed.",
       "billing_void_invoice", FIN),
    _Q("CN-442 这张贷项单是多少钱？关联的是哪张发票？", "billing_get_credit_note", CS),
    _Q("Credit note CN-518 should be €120, not €210. Typo on our side, can you fix the amount?",
       "billing_update_credit_note", FIN),
    _Q("How much is plan PP-12 per month, and what currency is it billed in?",
       "billing_get_price_plan", CS),
    _Q("计费系统里把 PP-7 专业版的月费从 299 改成 329 元",
       "billing_update_price_plan", FIN, "billing"),
    _Q("Pull up all the payments that failed since 1 June so I can chase those customers.",
       "billing_list_payments", FIN),
    _Q("客户刚通过银行转账付了 INV-3307 的 4,800 元，帮我把这笔收款登记上",
       "billing_create_payment", FIN),
    _Q("I need a CSV file of all our active VAT and sales tax rates to hand to the auditors.",
       "billing_export_tax_rates", FIN),
    _Q("Customer got charged twice. Please send $49.99 from payment PAY-88123 back to their "
       "card.",
       "billing_refund_payment", CS),
    _Q("The test plan PP-99 we made by accident should be wiped out permanently, not just "
       "archived.",
       "billing_delete_price_plan", FIN),
    # calendar
    _Q("明天下午2点到3点有没有能坐10个人的空会议室？", "calendar_find_available_room", PPL),
    _Q("Can you show me the reminders that have already gone out since Monday?",
       "calendar_list_reminders", PPL),
    _Q("Add 2 January 2026 as an office closure day for the UK, call it 'New Year bridge day'.",
       "calendar_create_holiday", PPL),
    _Q("有哪个会议室带视频会议设备的？最好在5楼", "calendar_search_meeting_rooms", PPL),
    _Q("Which meetings got cancelled in the last two weeks?", "calendar_list_events", PPL),
    _Q("When does reminder RM-310 go off, and what does it say?", "calendar_get_reminder", PPL),
    _Q("Move my reminder RM-455 to Friday 9am and change the text to 'send Q3 deck to Priya'.",
       "calendar_update_reminder", PPL),
    _Q("Ping me at 4:30pm today to submit my timesheet (I'm U-2231).",
       "calendar_create_reminder", PPL),
    _Q("在日历系统里帮我订一下 MR-402，周四上午10点到11点半",
       "calendar_create_room_booking", PPL, "calendar"),
    _Q("How many people fit in MR-402 and which floor is it on?",
       "calendar_get_meeting_room", PPL),
    # crm
    _Q("Pull up account AC-3310. Who owns it and what industry are they in?",
       "crm_get_account", GRO),
    _Q("OP-5521 金额改成 8 万，预计成交日期推到 9 月 30 号", "crm_update_opportunity", GRO),
    _Q("Show me the leads still sitting at 'new' that came in after March 1.",
       "crm_list_leads", GRO),
    _Q("Find any call or meeting notes where someone mentioned a renewal discount for Acme.",
       "crm_search_activities", CS),
    _Q("CRM 里现在状态是已流失的客户公司都有哪些？", "crm_list_accounts", GRO, "crm"),
    _Q("CT-30112 is a junk test contact someone made. Delete it outright, it shouldn't exist at "
       "all, no archive.",
       "crm_delete_contact", GRO),
    _Q("LD-8812 已经确认要买了，把他转成正式客户，顺便开一个商机", "crm_convert_lead", GRO),
    _Q("What customer follow-ups are still planned and not done yet? Only the ones created this "
       "month.",
       "crm_list_activities", CS),
    _Q("Acme Corp (AC-2075) changed its name to Acme Holdings, please update it.",
       "crm_update_account", GRO),
    _Q("Where did lead LD-9034 come from? Which source?", "crm_get_lead", GRO),
    # devops
    _Q("On the deploy platform, show me every release that failed since yesterday.",
       "devops_list_deployments", ENG, "devops"),
    _Q("SV-104 是哪个团队负责的？代码仓库地址是啥", "devops_get_service", ENG),
    _Q("Bump checkout-api (SV-211) up to 8 replicas, traffic is spiking.",
       "devops_scale_service", ENG),
    _Q("在发布平台上把 SV-104 的生产环境（EN-1）重启一下，不用发新版本",
       "devops_restart_service", ENG, "devops"),
    _Q("What's the current state of flag FF-212? Description and how far it's been rolled out.",
       "devops_get_feature_flag", ENG),
    _Q("list today's failed CI builds",
       "devops_list_pipelines", ENG),
    _Q("Kill the new-search flag right now, switch it off for everyone.",
       "devops_toggle_feature_flag", ENG),
    _Q("Last night's release DP-7781 broke login. Go back to the previous good version.",
       "devops_rollback_deployment", ENG),
    _Q("which of our services are marked deprecated?", "devops_list_services", ENG),
    _Q("PL-33021 挂了，应该是偶发的网络问题，同一个提交再跑一遍", "devops_retry_pipeline", ENG),
    # finance
    _Q("BG-2025-07 这个预算总额多少，是哪个部门的？", "finance_get_budget", FIN),
    _Q("Set up a new GL expense account called 'Software subscriptions' under parent 6100.",
       "finance_create_ledger_account", FIN),
    _Q("Which GL account do we book travel to? Look for anything with 'travel' in the name.",
       "finance_search_ledger_accounts", FIN),
    _Q("找一下张伟交的、跟上海出差有关的报销单", "finance_search_expense_reports", FIN),
    _Q("How much is expense claim ER-1187 for, and what was it for?",
       "finance_get_expense_report", FIN),
    _Q("Who reopened or edited fiscal period FP-2025-05, and when? I want every change made to "
       "it.",
       "finance_get_fiscal_period_history", FIN),
    _Q("What kind of account is GL-4010, asset or expense?", "finance_get_ledger_account", FIN),
    _Q("Book a draft entry: debit 6200 Rent, credit 2000 Accounts Payable, 12,500. Don't "
       "finalise it yet.",
       "finance_create_journal_entry", FIN),
    _Q("在财务系统里看看还在草稿状态的凭证有哪些", "finance_list_journal_entries", FIN, "finance"),
    _Q("Show me the ledger accounts that have been closed.", "finance_list_ledger_accounts", FIN),
    # hr
    _Q("I'd like to take vacation from 14 to 18 July. My employee ID is E-3302.",
       "hr_create_leave_request", PPL),
    _Q("The rating on review PRV-2025-118 was entered wrong. It should be a 4, not a 3.",
       "hr_update_performance_review", PPL),
    _Q("Add a new applicant for JP-77: Maria Lopez, maria.lopez@gmail.com.",
       "hr_create_candidate", PPL),
    _Q("HR 系统里 LV-902 这条请假是谁改过日期？想看下修改记录",
       "hr_get_leave_request_history", PPL, "hr"),
    _Q("Tom Becker (E-4410) is leaving us, he resigned and his last day is 31 August. Please "
       "process his exit.",
       "hr_terminate_employee", PPL),
    _Q("We're making an offer to CAN-4410: $95k, starting 1 September. Send it out.",
       "hr_send_offer_letter", PPL),
    _Q("E-2817 升职了，职位改成高级产品经理，汇报对象换成 E-1050", "hr_update_employee", PPL),
    _Q("New hire starting Monday: Kenji Sato, Data Analyst, reporting to E-1203. Please set up "
       "his HR profile.",
       "hr_create_employee", PPL),
    _Q("有没有会 Kubernetes、又在金融行业干过的应聘者？", "hr_search_candidates", PPL),
    _Q("what's the status of applicant CAN-5120?",
       "hr_get_candidate", PPL),
    # identity
    _Q("Who's currently logged in from IP 203.0.113.45? Show me those sessions with the device "
       "info.",
       "identity_search_sessions", ENG),
    _Q("给 U-1042 加上财务审批员这个角色（R-15）", "identity_assign_role", ENG),
    _Q("In the identity console, which user accounts are currently locked?",
       "identity_list_users", ENG, "identity"),
    _Q("把现在还在用的权限角色都列出来", "identity_list_roles", ENG),
    _Q("Make a group called 'design-contractors' for our outside designers, with U-2088 as the "
       "owner.",
       "identity_create_group", ENG),
    _Q("Is there a role that lets people approve refunds? Look for anything with 'refund' in it.",
       "identity_search_roles", ENG),
    _Q("在统一身份平台查一下 U-1042 是哪个部门的，邮箱是什么",
       "identity_get_user", PPL, "identity"),
    _Q("Account U-3317 got locked after too many wrong tries. Her password is fine, she just "
       "needs the lock lifted.",
       "identity_unlock_user", PPL),
    _Q("We're putting Notion behind single sign-on via SAML, callback is "
       "https://notion.so/sso/callback. Can you register it?",
       "identity_create_sso_app", ENG),
    _Q("How many user groups do we have, broken down by status? Just the numbers.",
       "identity_count_groups", ENG),
    # inventory
    _Q("上架一个新商品：竹纤维浴巾，售价 89 元，分类是家居用品", "inventory_create_product", SUP),
    _Q("Find the stock-take we did at the Leeds warehouse in March.",
       "inventory_search_stock_counts", SUP),
    _Q("Hold 20 units of SKU-10422 for order SO-10086 so nobody else can sell them.",
       "inventory_reserve_stock", SUP),
    _Q("找一下从广州仓调到成都仓的那批调拨，货是空气炸锅",
       "inventory_search_stock_transfers", SUP),
    _Q("When SKU-20871 drops under 50 units, have it reorder automatically.",
       "inventory_set_reorder_point", SUP),
    _Q("Change the price of SKU-10422 to 24.99.", "inventory_update_price", SUP),
    _Q("库存系统里现在还在运营的仓库有哪些？", "inventory_list_warehouses", SUP, "inventory"),
    _Q("Look up the on-hand records for 'blue yoga mat' at the Dallas warehouse.",
       "inventory_search_stock_levels", SUP),
    _Q("Export the whole active product catalogue from the inventory system to a spreadsheet.",
       "inventory_export_products", SUP, "inventory"),
    _Q("SKU-33019 现在一共还能卖多少件？所有仓库加起来", "inventory_check_availability", SUP),
    # legal
    _Q("How many NDAs do we have in each status since January? Just the totals for the board "
       "deck.",
       "legal_count_ndas", LEG),
    _Q("Who owns policy CPL-22 and when is it next due for review?", "legal_get_policy", LEG),
    _Q("Which of our contracts run out or roll over automatically in the next 60 days?",
       "legal_get_contract_renewals", LEG),
    _Q("CTR-1180 got extended: end date is now 31 March 2027 and the value goes up to $240,000.",
       "legal_update_contract", LEG),
    _Q("DSR-3091 身份已经核实了，现在把这个人的数据在所有系统里都删掉",
       "legal_fulfil_privacy_request", LEG),
    _Q("A customer, jan.novak@example.cz, wants a copy of all the data we hold on them. Please "
       "log it, we have to answer by 12 August.",
       "legal_create_privacy_request", LEG),
    _Q("Our NDA with Brightwave (NDA-0314) is no longer active. Tuck it away, but keep it so we "
       "can bring it back if needed.",
       "legal_archive_nda", LEG),
    _Q("合同 CTR-1207 定稿了，发给对方 li.na@partner.cn 电子签", "legal_send_for_signature", LEG),
    _Q("在法务系统里把 CTR-0988 收起来吧，合同已经结束了，但以后可能还要翻出来看",
       "legal_archive_contract", LEG, "legal"),
    _Q("Please set up a new internal rulebook, 'Remote Work Security', owned by U-2210, first "
       "review on 1 Dec 2025.",
       "legal_create_policy", LEG),
    # marketing
    _Q("LP-92 那个落地页的链接后缀是什么？挂在哪个活动下面？", "marketing_get_landing_page", GRO),
    _Q("Please stop all marketing emails to tom.h@outlook.com, he asked to be taken off.",
       "marketing_unsubscribe_contact", GRO),
    _Q("Is coupon SPRING25 still valid? How much off does it give?", "marketing_get_coupon", GRO),
    _Q("When did newsletter NL-2025-W27 go out, and what was the subject line?",
       "marketing_get_newsletter", GRO),
    _Q("Which newsletter issue talked about the Berlin pop-up store?",
       "marketing_search_newsletters", GRO),
    _Q("Completely delete landing page LP-140. It was a test with a typo in the URL, don't keep "
       "it around.",
       "marketing_delete_landing_page", GRO),
    _Q("在营销平台里看一下 CP-2025-11 这个活动的预算和投放渠道",
       "marketing_get_campaign", GRO, "marketing"),
    _Q("Raise the budget on CP-2025-14 to $30k and rename it 'Back to School - Wave 2'.",
       "marketing_update_campaign", GRO),
    _Q("Build an audience of Canadian customers who spent over $500 in the last 90 days, call it "
       "'CA high spenders'.",
       "marketing_create_segment", GRO),
    _Q("SEG-38 的筛选条件改一下，年龄从 25-35 调成 25-40", "marketing_update_segment", GRO),
    # messaging
    _Q("Can you open email EM-99120 and tell me who it went to and what it said?",
       "messaging_get_email", GRO),
    _Q("我的站内消息太多了，全部设成已读吧，我是 U-2231",
       "messaging_mark_notifications_read", PPL),
    _Q("SMS-7120 went out with a customer's private info in it. Wipe it permanently.",
       "messaging_delete_sms_message", GRO),
    _Q("Email finance@acme.com right now, subject 'Updated W-9', and tell them the signed form "
       "is up on our portal.",
       "messaging_send_email", GRO),
    _Q("What does the body of email template ET-45 look like?",
       "messaging_get_email_template", GRO),
    _Q("Is there a chat channel about the office move? Can't remember what it's called.",
       "messaging_search_channels", PPL),
    _Q("在 CH-310 群里发一条：今晚 8 点系统维护，请提前保存工作",
       "messaging_post_to_channel", PPL),
    _Q("Find the bell notification about password expiry that went to Li Wei.",
       "messaging_search_notifications", PPL),
    _Q("Send template ET-52 out to the whole SEG-38 audience.", "messaging_send_bulk_email", GRO),
    _Q("CH-288 这个群里都有谁？群主题是什么", "messaging_get_channel", PPL),
    # monitoring
    _Q("Permanently remove dashboard DB-56. It's from the old cluster and nobody needs it, no "
       "archive.",
       "monitoring_delete_dashboard", ENG),
    _Q("Open a SEV-1: payments API is returning 500s. I'll be incident commander (U-1042).",
       "monitoring_create_incident", ENG),
    _Q("有没有拨测在盯 api.shop.example.com 这个地址？", "monitoring_search_uptime_checks", ENG),
    _Q("What's the current status of IN-408 and who's running it?",
       "monitoring_get_incident", ENG),
    _Q("Add Priya and Marco to the OC-7 rotation and make it weekly instead of daily.",
       "monitoring_update_on_call_schedule", ENG),
    _Q("找一下以前跟 Redis 连接超时有关的故障", "monitoring_search_incidents", ENG),
    _Q("In the monitoring tool, find alerts on the billing-worker service about queue depth.",
       "monitoring_search_alerts", ENG, "monitoring"),
    _Q("Who built dashboard DB-71 and which charts are on it?", "monitoring_get_dashboard", ENG),
    _Q("Which uptime checks are down in monitoring right now?",
       "monitoring_list_uptime_checks", ENG, "monitoring"),
    _Q("把现在还在响、没人处理的告警列出来", "monitoring_list_alerts", ENG),
    # orders
    _Q("SO-10086 客户想把蓝色杯子换成两个白色的，帮我改一下订单里的商品",
       "orders_update_order", CS),
    _Q("On return RR-4471 the customer is also sending back the charger, and the reason should "
       "be 'defective', not 'changed mind'.",
       "orders_update_return_request", CS),
    _Q("Sign customer C-20931 up for plan PP-12, recurring, starting the 1st of next month.",
       "orders_create_subscription", CS),
    _Q("订阅 SUB-7781 的客户说接下来两个月出差，先停两期，别取消",
       "orders_pause_subscription", CS),
    _Q("Place an order for customer C-1188: 3 x SKU-10422 and 1 x SKU-20871, ship to 12 Harbour "
       "St, Bristol BS1 4RN.",
       "orders_create_order", CS),
    _Q("在订单系统里给客户 C-5520 出一张报价：50 把办公椅 SKU-30011，有效期到月底",
       "orders_create_quote", CS, "orders"),
    _Q("SO-10412 has one item on backorder. Ship the rest now and send the lamp separately once "
       "it's in.",
       "orders_split_order", CS),
    _Q("Show me the return requests we approved this week.", "orders_list_return_requests", SUP),
    _Q("谁改了 SO-10233 的收货地址？什么时候改的？", "orders_get_order_history", CS),
    _Q("Customer on SUB-6630 wants to move from plan PP-12 to PP-15. Can you switch it?",
       "orders_update_subscription", CS),
    # payroll
    _Q("PR-2025-06B 是重复建的发薪批次，彻底删掉，不需要留档", "payroll_delete_pay_run", FIN),
    _Q("TW-5120 got entered twice by mistake. Permanently remove that duplicate withholding "
       "record.",
       "payroll_delete_tax_withholding", FIN),
    _Q("June payslips are final, send them from the payroll system to everyone's inbox.",
       "payroll_email_payslips", PPL, "payroll"),
    _Q("Can we hide last year's PR-2024-12 batch from the active view? Keep it recoverable "
       "though.",
       "payroll_archive_pay_run", FIN),
    _Q("TW-6032 金额不对，2025 年度应该是 3,420 元", "payroll_update_tax_withholding", FIN),
    _Q("Find any referral bonuses paid to Aisha Khan.", "payroll_search_bonuses", PPL),
    _Q("PR-2025-07 先试算一下，看看每个人税前税后各多少，别真发出去",
       "payroll_calculate_pay_run", FIN),
    _Q("Who changed withholding TW-5188 last month? Show me the edits.",
       "payroll_get_tax_withholding_history", FIN),
    _Q("我想看 PS-2025-06-0117 这张工资条实发多少", "payroll_get_payslip", PPL),
    _Q("The raise SA-301 should take effect 1 August, not 1 July. Please correct it.",
       "payroll_update_salary_change", PPL),
    # procurement
    _Q("采购系统里有哪些还在等审批的采购申请？",
       "procurement_list_purchase_requests", FIN, "procurement"),
    _Q("Show me the vendor bills that are in dispute.", "procurement_list_supplier_invoices", FIN),
    _Q("PO-45120: delivery date moves to 20 September, and add 10 more monitors.",
       "procurement_update_purchase_order", SUP),
    _Q("SP-207 这个供应商的联系邮箱是多少？", "procurement_get_supplier", SUP),
    _Q("Which RFQs are still open?", "procurement_list_rfqs", SUP),
    _Q("List the POs we've sent to suppliers that haven't been received yet.",
       "procurement_list_purchase_orders", SUP),
    _Q("PO-45877 是测试单，直接永久删除", "procurement_delete_purchase_order", FIN),
    _Q("Raise a PO to SP-207 for 200 boxes of A4 paper, delivery by 5 October.",
       "procurement_create_purchase_order", SUP),
    _Q("RQ-1402 我看过了没问题，批了吧", "procurement_approve_purchase_request", FIN),
    _Q("What's RQ-1533? What are they buying and roughly how much will it cost?",
       "procurement_get_purchase_request", FIN),
    # security
    _Q("AR-14 的截止日期被谁改过？看下历史记录", "security_get_access_review_history", LEG),
    _Q("Who has touched API key AK-7730? Any edits to its name or scopes, and when?",
       "security_get_api_key_history", ENG),
    _Q("Give the payments integration key AK-5102 a fresh secret, but let the old one keep "
       "working for 24 hours.",
       "security_rotate_api_key", ENG),
    _Q("AR-22 这次权限复核是谁在审？哪个系统？什么时候截止？", "security_get_access_review", LEG),
    _Q("VL-2210 should be downgraded to medium, it's only reachable internally.",
       "security_update_vulnerability", ENG),
    _Q("Reassign access review AR-31 to reviewer U-5521 and push the deadline to 15 November.",
       "security_update_access_review", LEG),
    _Q("在安全平台上列出还没完成的权限复核", "security_list_access_reviews", LEG, "security"),
    _Q("Find the access review for Salesforce that Daniel is doing.",
       "security_search_access_reviews", LEG),
    _Q("Show me open vulnerabilities found since the start of the month.",
       "security_list_vulnerabilities", ENG),
    _Q("FW-98 这条规则把端口从 8080 改成 8443", "security_update_firewall_rule", ENG),
    # shipping
    _Q("Which delivery route is Carlos driving? I think it has a stop on Elm Street.",
       "shipping_search_routes", SUP),
    _Q("SH-5521 要发日本，帮我做一下报关，HS 编码 6109.10，申报价值 1,200 美元",
       "shipping_create_customs_declaration", SUP),
    _Q("Who edited customs declaration CD-7712, and what did they change?",
       "shipping_get_customs_declaration_history", SUP),
    _Q("Book a courier to collect 3 parcels from our Leeds office at 14 Park Row on Thursday.",
       "shipping_create_pickup", CS),
    _Q("物流系统里哪些报关单现在被海关扣着？",
       "shipping_list_customs_declarations", SUP, "shipping"),
    _Q("Add Parcelforce as a new courier: contact ops@parcelforce.example, tracking link "
       "https://track.parcelforce.com/{tracking}.",
       "shipping_create_carrier", SUP),
    _Q("上周有哪些上门取件没取成的？", "shipping_list_pickups", CS),
    _Q("Find customs paperwork that mentions lithium batteries.",
       "shipping_search_customs_declarations", SUP),
    _Q("Swap the driver on route RT-118 to D-207 for tomorrow.", "shipping_update_route", SUP),
    _Q("do we have DHL set up as a courier?", "shipping_search_carriers", SUP),
    # storage
    _Q("Rename folder FD-1102 to 'Contracts 2025' and hand ownership to U-3390.",
       "storage_update_folder", LEG),
    _Q("给订单数据库拍个快照，保留 30 天，放在 eu-west-1", "storage_create_backup", ENG),
    _Q("How many storage buckets do we have per status? Just a summary count.",
       "storage_count_buckets", ENG),
    _Q("Extend retention on backup BU-20250601 to 90 days.", "storage_update_backup", ENG),
    _Q("在存储平台上把 BK-17 这个桶永久删掉，里面都是废数据",
       "storage_delete_bucket", ENG, "storage"),
    _Q("I need to send FL-554210 to our outside auditor. Make a view-only link that stops "
       "working on 30 Sept.",
       "storage_create_share_link", LEG),
    _Q("把这份签好的 NDA 扫描件传到 FD-1102 文件夹，文件名叫 NDA_Brightwave_signed.pdf",
       "storage_upload_file", LEG),
    _Q("In file storage, who owns folder FD-2210, and which folder is it sitting in?",
       "storage_get_folder", ENG, "storage"),
    _Q("BK-22 在哪个区域？开了版本控制没有？", "storage_get_bucket", ENG),
    _Q("Give me a CSV of all the trashed folders created before 2024, for the records retention "
       "audit.",
       "storage_export_folders", LEG),
    # support
    _Q("我们有没有专门针对 VIP 客户的 SLA？帮我找找", "support_search_sla_policies", CS),
    _Q("Pull up help article KB-0192 so I can copy the steps for the customer.",
       "support_get_article", CS),
    _Q("What's going on with ticket TK-48213? Priority and status please.",
       "support_get_ticket", CS),
    _Q("Which saved reply templates are switched off at the moment?", "support_list_macros", CS),
    _Q("SLA-4 首次响应要求几个小时内？", "support_get_sla_policy", CS),
    _Q("CS-9012 客户打了几分？留了什么评论？", "support_get_survey", CS),
    _Q("In the help desk, update KB-0311: the refund window is now 45 days, not 30. Fix the body "
       "text.",
       "support_update_article", CS, "support"),
    _Q("Put the 'shipping delay apology' quick reply (MC-77) on TK-50021.",
       "support_apply_macro", CS),
    _Q("Search the help desk for tickets where customers say the app crashes on login.",
       "support_search_tickets", CS, "support"),
    _Q("把 TK-50110 分给小王（A-33）跟进", "support_assign_ticket", CS),
)  # fmt: skip
"""A fourth set, 200 requests by a fourth author who saw only the 1,000-tool catalogue
(names, descriptions, arguments, areas): never the ranker, the thesaurus or the other sets.
Targets were drawn at random, ten per namespace, before any request was written. It was
measured once, after every ranking choice was final, and nothing changed because of it.
Since then it is one of the sets `nodes.search.operations` learns from."""
TRAINING_QUERIES: tuple[LabelledQuery, ...] = (
    *LABELLED_QUERIES,
    *HELDOUT_QUERIES,
    *THIRD_QUERIES,
    *FOURTH_QUERIES,
)
"""What `nodes.search.operations.default_operation_prior` is fitted on."""
FIFTH_QUERIES: tuple[LabelledQuery, ...] = (
    # analytics
    _Q("Rename report RPT-407 to 'Weekly Paid Signups' and swap its metrics to trials started + "
       "paid conversions. Leave everything else as is.",
       "analytics_update_report", GRO),
    _Q("EXP-209 那个结账页按钮颜色的 AB 测试可以收了，B 版本数据明显更好，帮我把它结束掉并定 B "
       "为赢家。",
       "analytics_conclude_experiment", GRO),
    _Q("What's the formula and the target on KPI-37? Someone in the growth sync says we're "
       "measuring it against the wrong number.",
       "analytics_get_kpi", GRO),
    _Q("Set up a new retention group called 'Jan 2025 mobile signups' — people who registered in "
       "January 2025 through the iOS or Android app.",
       "analytics_create_cohort", GRO),
    _Q("帮我把 RPT-522 现在跑一遍，我要看最新出来的数据行，下午开会要用。",
       "analytics_run_report", GRO),
    _Q("Show me all the active cohorts that were set up since the start of April.",
       "analytics_list_cohorts", GRO),
    _Q("I need every KPI we created in 2024 dumped to a CSV out of the analytics tool so I can "
       "play with it in Excel.",
       "analytics_export_kpis", GRO, "analytics"),
    _Q("列一下目前还在用的转化漏斗都有哪些，只看状态是 active 的就行。",
       "analytics_list_funnels", GRO),
    _Q("打开一下分群 CO-2024-11，我想确认它当初是怎么定义的、是哪个月注册的用户。",
       "analytics_get_cohort", GRO),
    _Q("Of the people who signed up in cohort CO-2025-02, how many were still around after a "
       "day, a week and a month?",
       "analytics_get_retention_curve", GRO),
    # billing
    _Q("What percentage is TX-58 set to, and which region does it apply to?",
       "billing_get_tax_rate", FIN),
    _Q("把已经停用（retired）的价格方案都列出来给我看看。", "billing_list_price_plans", FIN),
    _Q("Are there any credit notes where the reason says something about 'damaged in transit'?",
       "billing_search_credit_notes", CS),
    _Q("Customer got overcharged $120 on INV-3378 and hasn't paid it yet. Knock that amount off "
       "the invoice with a credit — reason: duplicate seat charge.",
       "billing_create_credit_note", CS),
    _Q("我们下个月开始在新加坡开票了，帮我加一个新加坡 GST 9% 的税率。",
       "billing_create_tax_rate", FIN),
    _Q("CN-517 went out with the wrong figure — it should be 85.00, not 58.00. Can you correct "
       "it?",
       "billing_update_credit_note", FIN),
    _Q("Which of our pricing tiers have 'Enterprise' in the name? I don't have the plan ids "
       "handy.",
       "billing_search_price_plans", CS),
    _Q("PP-27 这个价格方案的价格最近被人动过，能查一下是谁、什么时候改的、改之前是多少吗？",
       "billing_get_price_plan_history", FIN),
    _Q("在计费系统里把目前处于 inactive 状态的税率都列出来。",
       "billing_list_tax_rates", FIN, "billing"),
    _Q("Pull all overdue customer invoices raised since 1 March — I'm doing collections calls "
       "this afternoon.",
       "billing_list_invoices", FIN),
    # calendar
    _Q("Which rooms have a projector and a whiteboard? Not worried about times yet, just want to "
       "know what exists.",
       "calendar_search_meeting_rooms", PPL),
    _Q("HC-2025-05-01 这条假期记录具体是哪一天？适用于哪个国家？", "calendar_get_holiday", PPL),
    _Q("What does reminder RM-588 say and when is it supposed to go off?",
       "calendar_get_reminder", PPL),
    _Q("We're not closing the office on 26 December this year after all. Please take "
       "HC-2025-12-26 off the calendar but keep it so we can bring it back next year.",
       "calendar_archive_holiday", PPL),
    _Q("帮我看一下从上周一开始有哪些会议被取消了。", "calendar_list_events", PPL),
    _Q("Room MR-215 got renovated — it's called 'Harbour' now and seats 14. Can you update it?",
       "calendar_update_meeting_room", PPL),
    _Q("Can I get a spreadsheet of all confirmed room bookings from Q1? Facilities wants it for "
       "their space audit.",
       "calendar_export_room_bookings", PPL),
    _Q("查一下日历里有没有叫“端午”的假期。", "calendar_search_holidays", PPL, "calendar"),
    _Q("How many people fit in MR-118, and what floor is it on?",
       "calendar_get_meeting_room", PPL),
    _Q("The Diwali closure HC-2025-10-20 should be on the 21st instead — please change its date.",
       "calendar_update_holiday", PPL),
    # crm
    _Q("Look in the CRM for any leads from Northwind — I think someone there filled in our "
       "webinar form.",
       "crm_search_leads", GRO, "crm"),
    _Q("AC-4821 这家客户的行业填错了，应该是医疗器械，不是零售，帮忙改一下。",
       "crm_update_account", GRO),
    _Q("Export all the logged calls and meetings from last quarter into a spreadsheet, I need "
       "them for the QBR deck.",
       "crm_export_activities", GRO),
    _Q("Add Priya Natarajan (priya.n@lumenhealth.com) as a new person under account AC-5107.",
       "crm_create_contact", CS),
    _Q("Marco 下个月调岗了，他手上的客户 AC-2290 以后交给李婷负责。",
       "crm_assign_account_owner", GRO),
    _Q("How many accounts do we have in each status — prospect, customer, churned — since "
       "January? Just the numbers, no list.",
       "crm_count_accounts", GRO),
    _Q("Show me leads that are still sitting at 'new' and came in this month.",
       "crm_list_leads", GRO),
    _Q("列出今年新建的、状态已经是流失的客户公司。", "crm_list_accounts", GRO),
    _Q("商机 OP-6093 的金额是多少？预计什么时候签？", "crm_get_opportunity", GRO),
    _Q("Meeting note AV-1877 was logged against the wrong customer. Just hide it for now — don't "
       "delete it, we might need it later.",
       "crm_archive_activity", CS),
    # devops
    _Q("Register a new microservice on the deploy platform: invoice-renderer, owned by the "
       "billing-platform team, repo github.com/acme/invoice-renderer.",
       "devops_create_service", ENG, "devops"),
    _Q("FF-389 这个开关早就全量上线了，代码里也清掉了，直接彻底删掉，不用归档。",
       "devops_delete_feature_flag", ENG),
    _Q("Quick check: what rollout % is flag FF-450 at and is it switched on? Don't change "
       "anything.",
       "devops_get_feature_flag", ENG),
    _Q("Which branch and commit did CI run PL-40817 build?", "devops_get_pipeline", ENG),
    _Q("发布记录 DEP-1193 的状态被人改过，帮我看下它的修改记录，是谁改的、原来是什么。",
       "devops_get_deployment_history", ENG),
    _Q("Move the staging-eu environment (EN-9) over to region eu-west-2 on cluster k8s-eu-b.",
       "devops_update_environment", ENG),
    _Q("In the deployment platform, list the flags that are partway through a rollout right now.",
       "devops_list_feature_flags", ENG, "devops"),
    _Q("I need a brand new flag: key new-checkout-v2, description 'redesigned checkout flow', "
       "starting at 5% of users.",
       "devops_create_feature_flag", ENG),
    _Q("现在哪些部署环境是 degraded 状态？列出来我看看。", "devops_list_environments", ENG),
    _Q("Deployment record DEP-7702 was a test entry somebody made by mistake. Wipe it out for "
       "good.",
       "devops_delete_deployment", ENG),
    # finance
    _Q("Please back out JE-20931 — it was posted to the wrong cost center last week. I need a "
       "contra entry, not a deletion.",
       "finance_reverse_journal_entry", FIN),
    _Q("把 2025 年 5 月那个会计期间的试算表拉出来，我看下各科目借贷是不是平的。",
       "finance_get_trial_balance", FIN),
    _Q("Add a GL account 'Software Subscriptions' as an expense account under parent 6100.",
       "finance_create_ledger_account", FIN),
    _Q("Who reopened the April 2025 period after it had been closed? I need the full edit trail "
       "on that period.",
       "finance_get_fiscal_period_history", FIN),
    _Q("Which accounting periods are still open?", "finance_list_fiscal_periods", FIN),
    _Q("科目 GL-7230 以后不用了，先把它停用隐藏起来，别删，万一以后还要恢复。",
       "finance_archive_ledger_account", FIN),
    _Q("Rename GL-5120 to 'Travel & Lodging' and put it under parent 5100.",
       "finance_update_ledger_account", FIN),
    _Q("There's a draft entry JE-30418 that got keyed in twice and was never posted — get rid of "
       "it permanently.",
       "finance_delete_journal_entry", FIN),
    _Q("市场部的预算 BG-2025-03 从 80 万调到 95 万。", "finance_update_budget", FIN),
    _Q("Marketing's FY2023 budget BG-2023-04 is done with. Tuck it away out of the active list "
       "in the accounting system, but keep it recoverable.",
       "finance_archive_budget", FIN, "finance"),
    # hr
    _Q("Who's currently at the interview stage? Only people who applied after 1 June.",
       "hr_list_candidates", PPL),
    _Q("CAN-5126 这个候选人投的是哪个岗位？邮箱是多少？", "hr_get_candidate", PPL),
    _Q("Candidate CAN-3907 made a typo in her email on the application — it should be "
       "j.okafor@mailbox.org.",
       "hr_update_candidate", PPL),
    _Q("New hire starting Monday: Tomás Rivera, Senior Data Analyst, reporting to E-2187. Can "
       "you set up his profile in HR?",
       "hr_create_employee", PPL, "hr"),
    _Q("帮我看看还没审批的请假单，就是状态还停在“已提交”的那些。", "hr_list_leave_requests", PPL),
    _Q("Open review PRV-2024-233 — what rating did she end up with?",
       "hr_get_performance_review", PPL),
    _Q("招聘看板要个数：1 月 1 日以来各个状态的职位分别有多少个？", "hr_count_job_postings", PPL),
    _Q("在 HR 系统里统计一下今年以来各个状态的员工人数，只要数字就行。",
       "hr_count_employees", PPL, "hr"),
    _Q("Leave LV-1140: Sam is coming back a day early, so the end date should be 14 March "
       "instead of the 15th.",
       "hr_update_leave_request", PPL),
    _Q("Who does E-4418 report to, and who reports to her?", "hr_get_org_chart", PPL),
    # identity
    _Q("Suspend login U-2284 right now — we think the laptop got stolen. Nobody should be able "
       "to get in with it.",
       "identity_lock_user", ENG),
    _Q("APP-47 这个单点登录应用的回调地址换成 https://hr.example.cn/sso/callback。",
       "identity_update_sso_app", ENG),
    _Q("Is there a role with billing read-only type permissions? Find me anything with 'billing' "
       "in it.",
       "identity_search_roles", ENG),
    _Q("Someone added write permissions to role R-29 last week. Show me the change log for it.",
       "identity_get_role_history", ENG),
    _Q("Set up single sign-on for our new expense tool 'Spendly' using SAML, callback URL "
       "https://spendly.io/saml/acs.",
       "identity_create_sso_app", PPL),
    _Q("会话 SE-80455 记录的设备不对，应该是 iPad，不是 Windows 电脑，帮我改一下。",
       "identity_update_session", ENG),
    _Q("Which SSO apps are disabled at the moment?", "identity_list_sso_apps", ENG),
    _Q("In the identity system, give me every login account that's currently locked.",
       "identity_list_users", PPL, "identity"),
    _Q("同事 U-3317 忘记登录密码了，进不去系统，帮她弄一下，让她能重新设一个。",
       "identity_reset_password", PPL),
    _Q("Who owns group G-318 and what is it for?", "identity_get_group", ENG),
    # inventory
    _Q("Stock record ST-6081 dropped by 200 overnight. Who touched it and what was the number "
       "before?",
       "inventory_get_stock_level_history", SUP),
    _Q("在途的调拨单有哪些？列一下。", "inventory_list_stock_transfers", SUP),
    _Q("For SKU-20913, kick off automatic replenishment once we're down to 40 units.",
       "inventory_set_reorder_point", SUP),
    _Q("Which of our warehouses are marked as closed?", "inventory_list_warehouses", SUP),
    _Q("I need a file of every transfer received in May, CSV please, for the auditors.",
       "inventory_export_stock_transfers", SUP),
    _Q("ST-7734 这条库存记录现在数量是多少？在哪个仓？", "inventory_get_stock_level", SUP),
    _Q("Can we still sell SKU-31870? How many are free to ship in total, all sites combined?",
       "inventory_check_availability", SUP),
    _Q("帮我搜一下里诺仓“蓝色瑜伽垫”的库存记录。", "inventory_search_stock_levels", SUP),
    _Q("Pull up TR-7145 in the inventory system — what items are on it and which two warehouses "
       "is it moving between?",
       "inventory_get_stock_transfer", SUP, "inventory"),
    _Q("盘点单 SC-408 是谁盘的、哪天盘的？", "inventory_get_stock_count", SUP),
    # legal
    _Q("Audit question: show me every edit made to DSR-4127 and who made each one.",
       "legal_get_privacy_request_history", LEG),
    _Q("新建一份《员工社交媒体使用规范》，负责人是 E-2091，明年 3 月 31 日前复审。",
       "legal_create_policy", LEG),
    _Q("The requester on DSR-5530 changed her email to anna.k@proton.me and we agreed a new "
       "deadline of 30 June. Please update the request.",
       "legal_update_privacy_request", LEG),
    _Q("How much is contract CTR-2045 worth, and when does it run out?",
       "legal_get_contract", LEG),
    _Q("We've verified the person's identity on DSR-6012. Go ahead and wipe her data everywhere.",
       "legal_fulfil_privacy_request", LEG),
    _Q("DSR-2278 是要求查阅数据还是要求删除？截止日期是哪天？", "legal_get_privacy_request", LEG),
    _Q("Do we have an NDA with Helios Robotics?", "legal_search_ndas", LEG),
    _Q("Find the privacy requests filed by mark.tully@gmail.com.",
       "legal_search_privacy_requests", LEG),
    _Q("合规制度 CPL-35 的负责人换成法务部王律师（E-1876），复审日期改到 2026-01-15。",
       "legal_update_policy", LEG),
    _Q("For the regulator: pull all completed GDPR requests from 2024 out of the legal tracker "
       "as a JSON file.",
       "legal_export_privacy_requests", LEG, "legal"),
    # marketing
    _Q("Build an audience of customers in Germany who bought twice in the last 90 days and call "
       "it 'DE repeat buyers'.",
       "marketing_create_segment", GRO),
    _Q("CP-2024-08 那个测试活动是误建的，直接彻底删除，不需要归档。",
       "marketing_delete_campaign", GRO),
    _Q("Which promo codes have expired since the start of the year?",
       "marketing_list_coupons", GRO),
    _Q("Stop the spend on CP-2025-14 right now, the landing page is broken. Don't kill the "
       "campaign, we'll resume once it's fixed.",
       "marketing_pause_campaign", GRO),
    _Q("找一下跟“双十一”活动相关的优惠码。", "marketing_search_coupons", GRO),
    _Q("营销平台上还在草稿状态的落地页有哪些？列出来。",
       "marketing_list_landing_pages", GRO, "marketing"),
    _Q("Which newsletter issue talked about our Berlin meetup? I need to dig it up.",
       "marketing_search_newsletters", GRO),
    _Q("Make a promo code SPRING15 — 15% off, valid until 30 April.",
       "marketing_create_coupon", GRO),
    _Q("把今年已经发出去的所有电子简报导成 CSV 发我。", "marketing_export_newsletters", GRO),
    _Q("What's the URL slug of LP-137 and which campaign is it attached to?",
       "marketing_get_landing_page", GRO),
    # messaging
    _Q("Blast template ET-82 to everyone in segment SEG-51.", "messaging_send_bulk_email", GRO),
    _Q("CH-527 这个群的主题是什么？里面都有谁？", "messaging_get_channel", PPL),
    _Q("Did we text +44 7700 900123 anything about the delivery window? Search the texts in the "
       "messaging system.",
       "messaging_search_sms_messages", GRO, "messaging"),
    _Q("Who renamed channel CH-904 and when? Show me its edit log.",
       "messaging_get_channel_history", PPL),
    _Q("Spin up a group chat 'q3-offsite-planning' for Ana, Li Wei and Ben, topic: logistics for "
       "the September offsite.",
       "messaging_create_channel", PPL),
    _Q("先起草一条短信存着，暂时别发：发给 13800138000，发送方用 HR-NOTICE，内容是“明天体检请空"
       "腹”。",
       "messaging_create_sms_message", PPL),
    _Q("SMS-8841 has the wrong phone number on it — change it to +1 646 555 0199 and switch the "
       "sender to ACME-OPS.",
       "messaging_update_sms_message", GRO),
    _Q("Pull up text SMS-9034 — what did it say and who sent it?",
       "messaging_get_sms_message", GRO),
    _Q("Text the courier at +61 412 555 019: 'Gate code is 4471, leave it at reception.'",
       "messaging_send_sms", PPL),
    _Q("把 Kevin 和 Amy 拉进 CH-615 这个群，顺便把群主题改成“Q4 预算讨论”。",
       "messaging_update_channel", PPL),
    # monitoring
    _Q("What alerts are firing right now in monitoring?",
       "monitoring_list_alerts", ENG, "monitoring"),
    _Q("OC-14 是老的值班表，那个小组已经解散了，先把它收起来别显示，但不要删。",
       "monitoring_archive_on_call_schedule", ENG),
    _Q("Hide dashboard DB-91 from the list — it's stale — but keep it recoverable.",
       "monitoring_archive_dashboard", ENG),
    _Q("Details on AL-80312 please: which service, what severity, and what rule set it off?",
       "monitoring_get_alert", ENG),
    _Q("How many on-call rotations do we have, broken down by status? Just numbers for the ops "
       "review.",
       "monitoring_count_on_call_schedules", ENG),
    _Q("OC-22 值班表里把张伟换成刘洋，轮换改成每两周一次。",
       "monitoring_update_on_call_schedule", ENG),
    _Q("Show me rotation OC-31 — which team it belongs to, who's in it and how it rotates.",
       "monitoring_get_on_call_schedule", ENG),
    _Q("Mute AL-90215 for 2 hours, we're doing DB maintenance tonight.",
       "monitoring_silence_alert", ENG),
    _Q("Open a SEV1 on the monitoring platform: checkout API returning 500s. I'll be commander "
       "(U-1188).",
       "monitoring_create_incident", ENG, "monitoring"),
    _Q("马上呼一下支付组现在值班的同学：支付回调大面积超时，请尽快上线处理。",
       "monitoring_page_on_call", ENG),
    # orders
    _Q("Show me carts that got abandoned in the past week — want to send recovery nudges.",
       "orders_list_carts", CS),
    _Q("订单 SO-20877 里的耳机缺货，先把其他东西发出去，耳机单独拆出来，等到货再发。",
       "orders_split_order", SUP),
    _Q("Customer just signed off on QT-3356 — turn it into a real order.",
       "orders_convert_quote_to_order", CS),
    _Q("Put together pricing for customer C-7781: 20 standing desks (SKU-10877), valid through "
       "the end of the month.",
       "orders_create_quote", CS),
    _Q("Cart CR-6614: the shopper wants the size M hoodie swapped for a size L. Can you update "
       "what's in it?",
       "orders_update_cart", CS),
    _Q("客户 C-5502 要开通我们的月度咖啡豆计划 PP-08，从下个月 1 号开始。",
       "orders_create_subscription", CS),
    _Q("Find the subscription for Greenleaf Café — I don't have the number.",
       "orders_search_subscriptions", CS),
    _Q("报价单 QT-4187 里都报了哪些东西？有效期到什么时候？", "orders_get_quote", SUP),
    _Q("In order management, give me all orders still waiting on payment from the last 3 days.",
       "orders_list_orders", CS, "orders"),
    _Q("退货单 RMA-3310 已经处理完了，从列表里收起来吧，不用删。",
       "orders_archive_return_request", CS),
    # payroll
    _Q("How many withholding records are calculated vs already filed this tax year? Counts only.",
       "payroll_count_tax_withholdings", FIN),
    _Q("帮我看下工资条 PS-2025-04-0118 实发是多少。", "payroll_get_payslip", PPL),
    _Q("Find the bonuses that mention 'retention' — I think we gave a few of those in Q2.",
       "payroll_search_bonuses", FIN),
    _Q("Before I sign off on PR-2025-09, do a dry run of everyone's take-home so I can "
       "sanity-check it. Don't pay anything yet.",
       "payroll_calculate_pay_run", FIN),
    _Q("When does PR-2025-08 pay out, and what period does it cover?", "payroll_get_pay_run", PPL),
    _Q("员工 E-3781 涨薪，月薪调到 28000，7 月 1 日生效，帮我录一下。",
       "payroll_create_salary_change", PPL),
    _Q("I need all the issued payslips for March out of payroll as a spreadsheet for the "
       "auditors.",
       "payroll_export_payslips", FIN, "payroll"),
    _Q("Show me the withholding entries that haven't been filed yet.",
       "payroll_list_tax_withholdings", FIN),
    _Q("给 E-2650 补一条 2024 年度的个税代扣，金额 3,200 元。",
       "payroll_create_tax_withholding", FIN),
    _Q("SA-415 has the wrong effective date — should be 1 August, not 1 July.",
       "payroll_update_salary_change", PPL),
    # procurement
    _Q("What's the estimated cost on purchase request RQ-2210?",
       "procurement_get_purchase_request", SUP),
    _Q("RFQ-118 的比价结束了，选 SP-340 这家中标。", "procurement_award_rfq", SUP),
    _Q("Change RQ-1877 to 30 monitors instead of 25, estimated total $6,900.",
       "procurement_update_purchase_request", FIN),
    _Q("Who changed the amount on vendor bill SI-10442, and what was it originally?",
       "procurement_get_supplier_invoice_history", FIN),
    _Q("List the POs that have gone out to suppliers but haven't been received yet.",
       "procurement_list_purchase_orders", SUP),
    _Q("供应商发票 SI-8815 上的采购单号填错了，应该是 PO-51207。",
       "procurement_update_supplier_invoice", FIN),
    _Q("PO-60218 — who's the supplier and when is delivery due?",
       "procurement_get_purchase_order", SUP),
    _Q("Before we release payment on SI-7719, reconcile it against its PO and what the warehouse "
       "actually received.",
       "procurement_match_supplier_invoice", FIN),
    _Q("应付的供应商账单今年以来各个状态分别有多少张？只要统计数。",
       "procurement_count_supplier_invoices", FIN),
    _Q("I'd like to put in a request in procurement for 4 ergonomic chairs for the design team, "
       "roughly $450 each.",
       "procurement_create_purchase_request", SUP, "procurement"),
    # security
    _Q("Kick off a permissions review for Salesforce — reviewer U-2075, due 15 November.",
       "security_create_access_review", LEG),
    _Q("查一下 owner 是数据团队、名字里大概带 etl 的那些 API key。",
       "security_search_api_keys", ENG),
    _Q("Key AK-5521 got pushed to a public GitHub repo. Kill it immediately.",
       "security_revoke_api_key", ENG),
    _Q("Find the access reviews for Jira that Dana was the reviewer on.",
       "security_search_access_reviews", LEG),
    _Q("In the security console, narrow the scopes on key AK-3098 to read:orders only and hand "
       "ownership to U-1460.",
       "security_update_api_key", ENG, "security"),
    _Q("CE-74 这张证书下个月到期，提前续一下。", "security_renew_certificate", ENG),
    _Q("Time for the quarterly swap on AK-7730: issue a fresh secret but keep the old one "
       "working for 24 hours so the jobs can switch over.",
       "security_rotate_api_key", ENG),
    _Q("Who exported customer data in the last 7 days? I need names and timestamps for the "
       "compliance file.",
       "security_search_audit_log", LEG),
    _Q("AK-1190 已经作废半年了，把这条密钥记录彻底删掉，不用留档。",
       "security_delete_api_key", ENG),
    _Q("Using the security tooling, check SV-233 for known vulns in its libraries and docker "
       "image before we ship it.",
       "security_scan_service", ENG, "security"),
    # shipping
    _Q("CD-8820: HS code should be 8471.30 and the declared value $1,240. Please fix.",
       "shipping_update_customs_declaration", SUP),
    _Q("目前被暂停合作的快递公司有哪些？", "shipping_list_carriers", SUP),
    _Q("Find the shipments going to Harriet Olsen.", "shipping_search_shipments", CS),
    _Q("Which customs declarations are being held right now?",
       "shipping_list_customs_declarations", SUP),
    _Q("列出这周所有状态异常的运单。", "shipping_list_shipments", CS),
    _Q("Find the delivery routes that have a stop at Oakridge Mall.",
       "shipping_search_routes", SUP),
    _Q("Customer's asking where SH-6410 is right now and when it'll show up.",
       "shipping_track_shipment", CS),
    _Q("上门取件 PU-4471 是约在哪个地址的？一共几个包裹？", "shipping_get_pickup", CS),
    _Q("我们和 CA-12 这家快递不合作了，先把它从列表里隐藏掉，以后可能还会用。",
       "shipping_archive_carrier", SUP),
    _Q("Book a courier in the logistics system to collect 6 boxes from 12 Dock Road, Unit 4 this "
       "Thursday.",
       "shipping_create_pickup", SUP, "shipping"),
    # storage
    _Q("Rename FL-602118 to 'MSA_signed_2025.pdf' and set its type to application/pdf.",
       "storage_update_file", LEG),
    _Q("找一下文件名或者正文里有“股东协议”的文件。", "storage_search_files", LEG),
    _Q("Snapshot the orders-db volume now, keep it for 30 days, store it in us-east-1.",
       "storage_create_backup", ENG),
    _Q("Put this scan of the signed lease into folder FD-2390 and name it lease_2025.pdf.",
       "storage_upload_file", LEG),
    _Q("把用户 U-4402 回收站里的东西全部清空。", "storage_empty_trash", ENG),
    _Q("FL-700219 has leaked credentials in it — delete it for good, no archived copy.",
       "storage_delete_file", ENG),
    _Q("Folder FD-3377 (the 2019 litigation) is closed. Hide it from view but don't destroy "
       "anything.",
       "storage_archive_folder", LEG),
    _Q("分享链接 SL-9015 改成只读，有效期延到 12 月 31 日。", "storage_update_share_link", LEG),
    _Q("Transfer ownership of folder FD-4561 to U-2290 and rename it 'Finance Archive'.",
       "storage_update_folder", ENG),
    _Q("Which share links in file storage are still active? I want to see what's exposed to "
       "outsiders.",
       "storage_list_share_links", LEG, "storage"),
    # support
    _Q("TK-55102 is the same issue from the same customer as TK-55087 — fold it into that one.",
       "support_merge_tickets", CS),
    _Q("工单 TK-60931 交给退款组处理。", "support_assign_ticket", CS),
    _Q("Create a 'Premium' response-time policy: first reply within 1 hour, fully resolved "
       "within 8.",
       "support_create_sla_policy", CS),
    _Q("Show me the satisfaction surveys customers have answered since Monday.",
       "support_list_surveys", CS),
    _Q("Answer the customer on TK-59218 so it lands in their inbox: 'We've reissued your "
       "replacement, you'll get tracking by email tomorrow.'",
       "support_reply_to_ticket", CS),
    _Q("TK-61230 的标题改成“发票抬头错误”，优先级调成低。", "support_update_ticket", CS),
    _Q("KB-0451 has outdated legal info — take it out of the help center completely, not just "
       "archive it.",
       "support_delete_article", CS, "support"),
    _Q("What score and comment did CS-10477 come back with?", "support_get_survey", CS),
    _Q("加一个常用回复模板，标题叫“物流延迟致歉”，内容：“非常抱歉您的包裹延误了，我们已催促快递"
       "，预计 2-3 天内送达。”",
       "support_create_macro", CS),
    _Q("Customer rated ticket TK-58802 a 2 out of 5 over the phone and said 'took too long'. Log "
       "that as their CSAT response.",
       "support_create_survey", CS),
)  # fmt: skip
"""A fifth set, 200 requests by a fifth author under the fourth's rules (the catalogue
alone; ten targets per namespace drawn at random first; no example id of a description
reused). Measured once, after the operation prior and every other ranking choice were
final: the estimate of recall on requests nothing was tuned or fitted on."""
