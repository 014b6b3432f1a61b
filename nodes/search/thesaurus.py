"""Query expansion for the lexical tool search: how users say what API names say.

A registry names operations in API words (`create`, `get`, `list`, `count`, `history`,
`cancel`, `upload`); people ask in their own ("open an incident", "pull up the record",
"how many", "who changed it", "call it off", "put this PDF in the folder"). BM25 cannot
bridge the two, so a request is expanded before it is ranked: each phrase below that occurs
in the request adds its API words to the query, at a lower weight than the words the user
actually typed (`EXPANSION_WEIGHT`), so a direct match still beats an inferred one.

The table is general business-assistant vocabulary, English and Chinese, keyed by the API
word it points at; it names no tool and no registry. It was written against the words of
the generic API verbs and common business objects, and checked on the labelled requests of
the project's generated benchmark catalogue; its effect on requests nobody tuned it with is
measured on held-out sets and on two published catalogues (docs/search.md).

Make it yours: add the words your users use for your tools' verbs and objects to
`SYNONYMS`, or pass your own table to `Thesaurus`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from nodes.search.lexical import READ_VERBS, stem

EXPANSION_WEIGHT = 0.5
"""An inferred API word counts half a typed one: enough to break a tie between an object's
verbs, not enough to outrank a tool the request names in its own words."""

SYNONYMS: Mapping[str, tuple[str, ...]] = {
    # --- the generic API verbs ---------------------------------------------------------------
    "create new": (
        "add", "new", "open a", "open an", "register", "set up", "make a", "make an",
        "draft", "raise a", "file a", "enter a", "put in a", "start a new",
        "新增", "新建", "添加", "创建", "开一个", "开个", "登记", "录入", "建一个",
    ),
    "get details describe": (
        "show me", "look up", "pull up", "fetch", "view", "details of", "what is",
        "what's", "look at", "open up", "查看", "看一下", "看看", "查一下", "详情", "是什么",
    ),
    "list describe": (
        "which", "all the", "all of", "every", "browse", "show all", "list", "列出", "所有",
        "哪些", "全部", "清单", "列表",
    ),
    "search find": (
        "find", "look for", "search", "mention", "mentions", "containing", "about the",
        "complain", "查找", "搜索", "搜一下", "找一下", "找出", "包含", "提到",
    ),
    "update change": (
        "change", "edit", "modify", "set the", "rename", "correct", "fix the", "adjust",
        "amend", "修改", "更改", "更新", "改成", "改为", "改一下", "调整",
    ),
    "delete remove": (
        "remove", "erase", "drop", "get rid of", "wipe", "purge", "destroy", "删除", "删掉",
        "去掉", "移除", "清除",
    ),
    "archive": ("hide", "shelve", "put away", "no longer active", "归档", "收起"),
    "export csv": (
        "download", "spreadsheet", "excel", "dump", "extract", "csv", "导出", "下载", "表格",
    ),
    "count": (
        "how many", "number of", "tally", "total number", "versus", "broken down", "多少个",
        "多少条", "多少人", "多少封", "多少次", "有多少", "几个", "几条", "数量", "统计", "一共",
    ),
    "history audit": (
        "who changed", "who edited", "who modified", "who updated", "who set", "who moved",
        "who knocked", "who raised", "who lowered", "who cut", "when was",
        "changed by", "audit", "track record", "changelog", "谁改", "谁修改", "变更",
        "改动", "历史", "修改记录",
    ),
    # --- common actions -----------------------------------------------------------------------
    "cancel": (
        "call off", "abort", "void", "scrap", "not go ahead", "kill it", "changed her mind",
        "changed his mind", "changed their mind", "取消", "撤销", "作废", "不要了",
    ),
    "approve": (
        "sign off", "okay", "ok the", "green light", "greenlight", "authorize", "authorise",
        "accept", "批准", "审批", "同意", "通过",
    ),
    "reject": ("decline", "deny", "turn down", "refuse", "拒绝", "驳回", "不同意"),
    "send": (
        "email", "e-mail", "mail", "notify", "forward", "deliver", "text", "发送", "发给",
        "通知", "寄",
    ),
    "upload file": (
        "attach", "put this", "put the", "store this", "save this", "pdf", "document",
        "上传", "传到", "放到", "存到",
    ),
    "transfer": ("move stock", "from warehouse", "relocate", "调拨", "转移", "转到", "调到"),
    "balance outstanding": (
        "owe", "owes", "owed", "outstanding", "left", "remaining", "due", "余额", "欠",
        "剩余", "还剩", "还有多少",
    ),
    "schedule recurring": (
        "every monday", "every week", "every day", "every month", "weekly", "daily",
        "monthly", "recurring", "定期", "每周", "每天", "每月",
    ),
    "merge duplicate": (
        "combine", "dedupe", "de-duplicate", "twice", "same person", "into one", "合并",
        "重复",
    ),
    "assign owner": (
        "hand over", "give the", "reassign", "taking over", "route to", "分配", "指派",
        "转给", "交给",
    ),
    "refund": ("money back", "reimburse", "charged twice", "退款", "退钱", "退回"),
    "escalate": ("bump up", "tier 2", "second line", "升级", "二线"),
    "match reconcile": (
        "check against", "compare", "reconcile", "three-way", "核对", "对账", "匹配", "比对",
    ),
    "signature sign": ("e-sign", "esign", "signing", "签署", "签字", "签名", "签约"),
    "count stock": ("stocktake", "stock take", "cycle count", "inventory check", "盘点"),
    "incident": ("outage", "is down", "went down", "broken", "故障", "宕机", "挂了"),
    "lost": ("lose", "lost", "did not win", "丢单", "输单"),
    "unsubscribe opt out": (
        "opt out", "take off", "no more", "stop sending", "stop emailing", "退订", "取消订阅",
    ),
    "post channel": ("drop a note in", "post in", "ping the", "channel", "频道", "群里"),
    "event meeting": (
        "on my calendar", "on the calendar", "1:1", "one-on-one", "meeting", "appointment",
        "会议", "约一个", "日程",
    ),
    "bounce": ("bounced", "undeliverable", "退信", "被退回"),
    # --- the registry's other action verbs, one entry each, written from the verb list ------
    "pause suspend": (
        "hold off", "put on hold", "freeze", "halt", "stop for now", "暂停", "冻结", "先停",
    ),
    "retry": ("try again", "attempt again", "once more", "重试", "再试"),
    "revoke": ("invalidate", "kill the key", "disable the key", "吊销", "注销"),
    "reset password": ("forgot", "locked out", "new password", "重置", "忘记密码"),
    "log": ("note down", "jot down", "record that", "记一下", "记下"),
    "reply respond": ("write back", "respond to", "answer the customer", "回复", "答复"),
    "split": ("break into", "divide", "in two", "拆分", "拆成", "分开"),
    "track": ("where is", "where's", "whereabouts", "到哪", "物流", "跟踪"),
    "print label": ("print", "打印"),
    "reroute redirect": ("redirect", "send it to a different", "deliver it to", "改送", "转寄"),
    "reverse": ("undo", "back out", "冲销", "冲正"),
    "close": ("wrap up", "mark as done", "resolve", "关闭", "结案"),
    "calculate": ("work out", "compute", "estimate", "how much would", "计算", "算一下"),
    "receive goods": ("arrived", "turned up", "came in", "收货", "到货"),
    "award": ("give the contract to", "winning bid", "中标", "授予"),
    "rollback": ("roll back", "revert", "previous version", "回滚", "退回上一版"),
    "scale": ("more instances", "scale up", "scale down", "replicas", "扩容", "缩容"),
    "restart": ("reboot", "bounce", "kick the", "重启"),
    "toggle flag": (
        "turn on", "turn off", "switch on", "switch off", "enable", "disable", "开关", "开启",
    ),
    "acknowledge": ("ack", "i'm on it", "on it", "认领", "确认告警"),
    "silence mute": ("mute", "snooze", "静默", "屏蔽"),
    "page": ("wake up", "call the on-call", "呼叫", "叫醒"),
    "query metric": ("graph of", "chart of", "p99", "latency", "指标", "曲线"),
    "write postmortem": ("post-mortem", "retro", "lessons learned", "复盘"),
    "move": ("relocate", "put it in", "移动", "挪到"),
    "restore": ("bring back", "undelete", "recover", "恢复", "找回"),
    "empty trash": ("clear the trash", "清空", "回收站"),
    "rotate": ("new secret", "cycle the key", "轮换"),
    "scan": ("vulnerability", "vulnerabilities", "security scan", "扫描", "漏洞"),
    "renew": ("extend", "renewal", "续期", "续签", "续订"),
    "block": ("ban", "blacklist", "deny access", "封禁", "拉黑"),
    "lock": ("freeze the account", "disable the login", "锁定"),
    "unlock": ("unfreeze", "let back in", "解锁"),
    "terminate offboard": ("let go", "last day", "leaving the company", "离职", "解雇", "辞退"),
    "rsvp": ("accept the invite", "can make it", "can't make it", "参加", "不去"),
    "mark read": ("mark as read", "clear my notifications", "已读"),
    "launch": ("go live", "kick off", "启动", "开始投放"),
    "generate": ("make codes", "生成"),
    "run report": ("run the report", "refresh the report", "跑一下", "运行"),
    "conclude experiment": ("end the test", "stop the experiment", "ship variant", "结束实验"),
    "adjust stock": ("write off", "write them off", "correct the count", "报损", "盘亏"),
    "reserve hold": ("hold", "set aside", "earmark", "预留"),
    "check availability": ("can we sell", "in stock", "available", "有货", "可售"),
    "set reorder point": ("reorder", "replenish", "补货"),
    "fulfil": ("carry out", "execute the request", "执行"),
    "convert": ("turn it into", "qualified", "转化", "转成"),
    "apply credit": ("apply", "use the credit", "抵扣"),
    # --- common business objects --------------------------------------------------------------
    "return": ("rma", "rmas", "send back", "sent back", "退货"),
    "user account": ("login", "logins", "account", "账号", "账户", "用户"),
    "dashboard": ("大盘", "看板", "仪表盘"),
    "opportunity deal": ("deal", "deals", "pipeline", "商机", "单子"),
    "lead": ("prospect", "prospects", "线索", "潜在客户"),
    "invoice": ("bill", "bills", "发票", "账单"),
    "supplier vendor": ("vendor", "supplier", "供应商"),
    "employee": ("staff", "worker", "colleague", "员工", "同事"),
    "leave": ("time off", "days off", "day off", "vacation", "pto", "休假", "年假", "请假"),
    "deployment release": ("rollout", "release", "deploy", "发布", "上线", "部署"),
    "folder": ("directory", "文件夹", "目录"),
    "customer client": ("client", "客户"),
}  # fmt: skip
"""API words → phrases that mean them. Phrases are matched on whole words, with English
inflections folded (`cancelled` meets `cancel`); Chinese phrases as substrings."""

SYNONYMS_MORE: Mapping[str, tuple[str, ...]] = {
    "enable": ("turn on", "switch on", "activate", "re-enable", "allow", "开启", "启用", "打开"),
    "disable": (
        "turn off", "switch off", "deactivate", "stop using", "no longer allow", "关闭", "禁用",
        "停用",
    ),
    "start run": ("spin up", "launch", "kick off", "fire up", "启动", "运行"),
    "stop": ("shut down", "halt", "pause", "停掉", "停止", "关掉"),
    "delete": ("tear down", "clean up", "uninstall", "take down", "lift the", "drop the"),
    "delete remove": (
        "unassign", "take out", "throw away", "discard", "clear every", "clear all", "nuke",
        "get rid", "no longer need", "去掉", "删了", "清掉", "不要了", "kill off",
    ),
    "attach associate": (
        "hook up", "link", "connect", "bind", "绑定", "关联", "挂载", "attach",
    ),
    "detach disassociate remove": (
        "unlink", "disconnect", "unbind", "take off", "解绑", "pull off", "detach",
    ),
    "grant permission": ("give access", "let", "allow access", "share with", "授权", "允许"),
    "revoke remove permission": ("take back", "take away", "withdraw", "收回"),
    "tag": ("label it", "add a tag", "打标签", "加标签"),
    "untag remove tag": ("remove the tag", "remove a tag", "drop the tag", "去掉标签"),
    "rerun re-run": ("run again", "retry", "kick again", "重跑", "重新运行"),
    "publish send": ("post", "broadcast", "push out", "发布", "推送"),
    "subscribe": ("sign up for", "follow", "watch", "订阅", "关注"),
    "invoke": ("call", "trigger", "execute", "调用", "触发"),
    "restore": ("roll back to", "bring back", "recover", "恢复", "还原"),
    "copy": ("duplicate", "clone", "replicate", "复制", "拷贝"),
    "get status": ("is it", "is there", "are there", "did it", "whether", "status of", "是否"),
    "list": (
        "what are", "what do we have", "which ones", "do we have", "what exist", "有哪些",
    ),
    "put set configure": ("set up", "configure", "apply", "put a", "配置", "设置"),
    "object file": ("file", "files", "文件"),
    "authenticated current": ("my", "mine", "myself", "i", "me", "我的", "我自己"),
    # short forms people type for the words API descriptions spell out, and back
    "repository repo": ("repo", "repos", "repository", "repositories"),
    "organization org": ("org", "orgs", "organisation", "organization"),
    "configuration config": ("config", "configs", "configuration"),
    "environment env": ("env", "envs"),
    "database db": ("db", "dbs", "database"),
    "pull request": ("pr", "prs"),
    "information info": ("info",),
    "permission": ("perms", "perm"),
    "authentication auth": ("auth",),
    "administrator admin": ("admin", "admins"),
    "directory": ("dir", "dirs"),
    "message": ("msg", "msgs"),
    "credential": ("creds", "cred"),
    "statistics stats": ("stats",),
    "parameter": ("param", "params"),
    "variable": ("var", "vars"),
    "specification spec": ("spec", "specs"),
    "certificate cert": ("cert", "certs"),
    "collaborator": ("collab", "collabs"),
    "dependency": ("dep", "deps"),
    # added after round 5 (docs/search.md)
    "resume start": ("resume", "unpause", "un-pause", "pick up again", "继续"),
    "unfollow": ("stop following", "no longer follow"),
    "decline reject": ("turn down", "decline", "refuse"),
    "backup export": ("back up",),
    "update modify": ("bump",),
    "comment": ("reply", "respond", "write back"),
    "compare": ("diff", "difference between", "changed between", "between"),
    "type": ("kind", "kinds", "sort of", "sorts of"),
    "limit": ("cap", "ceiling", "how big"),
    "plan": ("tier", "tiers", "pricing"),
    "protection": ("shield", "shielded", "protected from"),
    "transaction transact": ("atomic", "atomically", "all-or-nothing", "all or nothing"),
    "mfa": ("second factor", "second-factor", "two-factor", "2fa", "multi-factor"),
    "openid connect": ("oidc",),
    "customer managed key": ("cmk", "cmks"),
    "time to live": ("ttl",),
    "automated": ("automatic",),
    "analytics": ("analysis",),
    "simulate": ("dry run", "dry-run", "would it let", "would it allow"),
    "execution": ("runs",),
}  # fmt: skip
"""Verbs of infrastructure and code-hosting APIs, added after the first measurement on
published catalogues; judged on held-out requests only (docs/search.md)."""

PARTICLES = frozenset(("off", "out", "up", "down", "on", "back", "away", "over"))
"""Particles of English phrasal verbs. A two-word phrase ending in one also matches with the
object between its words ("take jsmith off", "turn the alarm off", "spin a runner up")."""
PARTICLE_GAP = 3
"""How many words may stand between a phrasal verb and its particle."""

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)?")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


QUESTION_WORDS = frozenset((
    "what", "what's", "whats", "which", "who", "who's", "whose", "where", "when", "is", "are",
    "am", "was", "were", "does", "do", "did", "has", "have", "can", "could",
))  # fmt: skip
"""First words of an English question. A question is also anything ending in a question mark."""
CHINESE_QUESTION = ("吗", "哪些", "哪个", "什么", "多少", "是否", "有没有", "是不是", "？", "?")
READ_TARGET = "get list"
"""What a question asks for when it names no operation, or asks what is: a read."""
YES_NO_TARGET = "check"
"""What a yes/no question about what is ("is rachel a collaborator?", "have I starred it?")
asks for beside a read: a check."""
YES_NO_WORDS = frozenset(("is", "are", "am", "was", "were", "does", "do", "did", "has", "have"))
"""First words of an English yes/no question."""
CHINESE_YES_NO = ("吗", "是否", "有没有", "是不是")
"""Markers of a Chinese yes/no question."""
OPERATION_WORDS = frozenset(stem(w) for w in (
    "create", "add", "new", "make", "update", "change", "set", "edit", "modify", "rename",
    "delete", "remove", "drop", "cancel", "stop", "disable", "enable", "start", "run", "send",
    "move", "copy", "restore", "revoke", "grant", "block", "unblock", "lock", "unlock",
    "archive", "approve", "reject", "merge", "rerun", "trigger", "invoke", "get", "list",
    "count", "search", "find", "describe", "history", "status", "check",
))  # fmt: skip
"""Stems of API words naming an operation, a change or a read. A request phrased as a
question that names one, typed or through a phrase ("can you delete ...?"), already says what
it asks for; a question that names none, or asks what is, is pointed at `READ_TARGET` unless
it already names a read ("how many ...?")."""


READ_OPENERS = frozenset(
    stem(w) for w in ("show", "list", "display", "view", "describe", "fetch", "dump", "check")
)
"""First words of an English request to be shown something."""
READ_OPENER_PAIRS = frozenset(
    tuple(stem(w) for w in pair.split()) for pair in ("pull up", "look up", "tell me")
)
"""Two-word openers of a request to be shown something ("pull up the details of ...").
"give me" is not one: on the published catalogues it cost a request that asked for a list."""
CHINESE_READ_OPENERS = (
    *("列出", "查看", "看看", "看一下", "看下", "查一下", "显示", "列一下"),
    *("查下", "查查", "查询", "拉一下", "拉下", "列下"),
)
"""First words of a Chinese request to be shown something."""


REQUEST_WORDS = frozenset(("can", "could", "would", "will", "please", "pls", "kindly", "let"))
"""First words of a request phrased as a question ("can you delete ...?"): asks for a change."""
CHINESE_REQUEST = ("帮", "请", "麻烦", "能不能", "能否", "可不可以", "可以", "给我", "替我")
"""Markers of a Chinese request, however it ends ("能不能帮我删掉...？")."""


def asks_about(words: Sequence[str], request: str) -> bool:
    """Whether a request asks what is, rather than for something to be done.

    "what webhooks are configured on the repo?", "is ivan a maintainer?" and
    "组织的不可变 release 策略现在是怎么设置的？" ask about the state of things, even when a
    word of a change ("configured", "设置") is in them; "can you delete the hook?" and
    "能不能帮我删掉这个 webhook？" ask for a change.
    """
    if not asks_a_question(words, request):
        return False
    if _CJK.search(request):
        return not any(marker in request for marker in CHINESE_REQUEST)
    return bool(words) and words[0] not in REQUEST_WORDS and stem("please") not in words


def shows(words: Sequence[str], request: str) -> bool:
    """Whether a request opens by asking to be shown something.

    "Show me the settings of ...", "Pull up comment 12" and "列出所有..." ask what is, as a
    question does, whatever change words follow.
    """
    if words and words[0] in READ_OPENERS:
        return True
    if tuple(words[:2]) in READ_OPENER_PAIRS:
        return True
    text = request.lstrip()
    return _CJK.match(text) is not None and text.startswith(CHINESE_READ_OPENERS)


LEADING_CLAUSE = frozenset(("before", "after", "once", "when", "since", "while", "if"))
"""First words of a clause that sets the scene before the request proper ("Before I add a
secret, get me the key")."""
_CLAUSE_END = re.compile(r"[,:;，：；]")


def main_clause(request: str) -> str:
    """The request without a leading clause that sets the scene: what its shape is read on.

    "Before we clean up, show me every tag" opens with a read; "before" does not say so.
    """
    text = request.lstrip()
    first = text.split(maxsplit=1)[0].lower() if text else ""
    if first not in LEADING_CLAUSE:
        return request
    end = _CLAUSE_END.search(text)
    return text[end.end() :].lstrip() if end and text[end.end() :].strip() else request


def asks_a_question(words: Sequence[str], request: str) -> bool:
    """Whether a request is phrased as a question, in English or Chinese."""
    text = request.strip()
    if text.endswith(("?", "？")):
        return True
    if words and words[0] in QUESTION_WORDS:
        return True
    return _CJK.search(text) is not None and any(m in text for m in CHINESE_QUESTION)


def _yes_no(words: Sequence[str], request: str) -> bool:
    if _CJK.search(request):
        return any(marker in request for marker in CHINESE_YES_NO)
    return bool(words) and words[0] in YES_NO_WORDS


def _names(targets: Mapping[str, None], words: Sequence[str], verbs: frozenset[str]) -> bool:
    """Whether the request names one of `verbs`, typed or through a phrase."""
    asked = {stem(w) for target in targets for w in target.split()}
    return bool((asked | set(words)) & verbs)


def _separated(words: Sequence[str], i: int, phrase: tuple[str, ...]) -> bool:
    """Whether a phrasal verb (`PARTICLES`) occurs at `i` with its object between its words.

    "Take jsmith off the team" and "turn the nightly alarm off" say "take off" and "turn
    off": English puts a short object between the verb and its particle. At most
    `PARTICLE_GAP` words may stand between them.
    """
    if len(phrase) != 2 or phrase[1] not in PARTICLES:
        return False
    window = words[i + 2 : i + 2 + PARTICLE_GAP]
    return phrase[1] in window


@dataclass(frozen=True)
class Thesaurus:
    """Phrases compiled for matching.

    English phrases are folded word tuples indexed by their first word, so matching a
    request costs one dictionary lookup per word of it; Chinese phrases are substrings.
    """

    english: Mapping[str, tuple[tuple[tuple[str, ...], str], ...]]
    chinese: tuple[tuple[str, str], ...]
    weight: float = EXPANSION_WEIGHT
    question_reads: bool = True
    """Whether a question is read for what it asks (`targets`, `reads`): a read, a check."""

    @classmethod
    def build(
        cls,
        table: Mapping[str, Sequence[str]],
        weight: float = EXPANSION_WEIGHT,
        *,
        question_reads: bool = True,
    ) -> Thesaurus:
        """Compile a table of API words → phrases (see `question_reads`)."""
        english: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        chinese: list[tuple[str, str]] = []
        for target, phrases in table.items():
            for phrase in phrases:
                if _CJK.search(phrase):
                    chinese.append((phrase, target))
                    continue
                words = tuple(stem(w) for w in _WORD.findall(phrase.lower()))
                if words:
                    english.setdefault(words[0], []).append((words, target))
        return cls(
            english={first: tuple(found) for first, found in english.items()},
            chinese=tuple(chinese),
            weight=weight,
            question_reads=question_reads,
        )

    def targets(self, request: str) -> list[str]:
        """The API words the request's phrases point at, each once."""
        words = [stem(w) for w in _WORD.findall(request.lower())]
        found: dict[str, None] = {}
        for i, word in enumerate(words):
            for words_of, target in self.english.get(word, ()):
                if tuple(words[i : i + len(words_of)]) == words_of or _separated(
                    words, i, words_of
                ):
                    found[target] = None
        if _CJK.search(request):
            for substring, target in self.chinese:
                if substring in request:
                    found[target] = None
        # Its shape (a question, what it asks about) is read on its main clause.
        request = main_clause(request)
        words = [stem(w) for w in _WORD.findall(request.lower())]
        if self.question_reads and asks_a_question(words, request):
            about = asks_about(words, request)
            if not _names(found, words, READ_VERBS) and (
                about or not _names(found, words, OPERATION_WORDS)
            ):
                found[READ_TARGET] = None
                if about and _yes_no(words, request):
                    found[YES_NO_TARGET] = None
        return list(found)

    def reads(self, request: str) -> bool:
        """Whether the request asks what is (`asks_about`) or opens with a read (`shows`).

        Ranking then favours only the verbs that change nothing (`READ_VERBS`).
        """
        request = main_clause(request)
        words = [stem(w) for w in _WORD.findall(request.lower())]
        return self.question_reads and (asks_about(words, request) or shows(words, request))


@cache
def default_thesaurus() -> Thesaurus:
    """`SYNONYMS` and `SYNONYMS_MORE` compiled once per process."""
    merged = {k: tuple(v) for k, v in SYNONYMS.items()}
    for target, phrases in SYNONYMS_MORE.items():
        merged[target] = (*merged.get(target, ()), *phrases)
    return Thesaurus.build(merged)


@cache
def first_thesaurus() -> Thesaurus:
    """`SYNONYMS` alone: the table before the published catalogues were measured."""
    return Thesaurus.build(SYNONYMS)
