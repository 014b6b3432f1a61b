"""Reading a request before it is ranked: names of things as values, Chinese as API words.

Two things a bag of words gets wrong on real catalogues:

- **Names of things are values, not API words.** "List the members of the wayne-enterprises
  org" names an organisation; its words must not pull in `enterprise_*` tools. Where the
  text shows it (quotes, `owner/repo`, a hyphenated or dotted identifier, `@handle`, an
  e-mail or URL, the word after "named" or "called"), the name is set aside as a value:
  it is not ranked on, and the rest of the request is.
- **Chinese requests against English descriptions.** Most of this project's users ask in
  Chinese; most published catalogues are English. `CHINESE` is a bilingual lexicon of the
  common words of API requests: verbs (create, list, delete, attach, rotate, ...) and the
  objects APIs everywhere act on (user, role, repository, branch, bucket, instance, queue,
  ...). A Chinese request is read through it, longest phrase first, and the English words
  are ranked as if typed. It names no tool and no catalogue, and was written from general
  API vocabulary before any labelled request of a real catalogue existed (docs/search.md).

Make it yours: pass your own table to `Lexicon.build` (words your users say for your
objects), or add to `CHINESE`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

CHINESE: Mapping[str, str] = {
    # --- verbs -------------------------------------------------------------------------------
    "新建": "create new", "创建": "create", "新增": "create add", "添加": "add create",
    "增加": "add", "建立": "create", "建一个": "create", "开一个": "create open",
    "注册": "register", "登记": "register",
    "删除": "delete remove", "删掉": "delete remove", "移除": "remove delete",
    "去掉": "remove", "清除": "clear delete", "清空": "purge empty", "销毁": "delete destroy",
    "列出": "list", "列一下": "list", "列表": "list", "清单": "list", "所有": "list all",
    "全部": "list all", "哪些": "list", "有哪些": "list",
    "查看": "get describe", "看看": "get describe", "看一下": "get describe",
    "查一下": "get describe", "查询": "get describe", "获取": "get", "拿到": "get",
    "显示": "get show", "详情": "get details describe", "详细信息": "details describe",
    "信息": "info", "是什么": "get",
    "修改": "update modify", "更改": "update change", "更新": "update", "改成": "update set",
    "改为": "update set", "编辑": "edit update", "调整": "modify update", "设置": "set put configure",
    "设定": "set", "设为": "set", "配置": "configuration configure",
    "搜索": "search", "查找": "search find", "找出": "find search", "搜一下": "search",
    "找一下": "find",
    "启动": "start run", "开启": "enable start", "开始": "start", "运行": "run",
    "执行": "run execute", "调用": "invoke call", "触发": "trigger dispatch",
    "停止": "stop", "停掉": "stop", "暂停": "pause suspend", "恢复": "resume restore",
    "重启": "reboot restart", "重新启动": "reboot restart", "终止": "terminate stop",
    "关机": "stop", "重新运行": "rerun re-run", "重跑": "rerun re-run", "重试": "retry rerun",
    "取消": "cancel", "撤销": "revoke undo", "吊销": "revoke", "回滚": "rollback revert",
    "上传": "upload put", "下载": "download get", "复制": "copy", "拷贝": "copy",
    "移动": "move", "转移": "transfer", "重命名": "rename", "改名": "rename",
    "附加": "attach", "挂载": "attach mount", "绑定": "attach associate",
    "解绑": "detach disassociate", "卸载": "detach uninstall", "分离": "detach",
    "关联": "associate", "取消关联": "disassociate",
    "授权": "authorize grant", "授予": "grant", "允许": "allow", "拒绝": "deny reject",
    "启用": "enable", "禁用": "disable", "关闭": "close disable", "打开": "open enable",
    "重新打开": "reopen", "锁定": "lock", "解锁": "unlock",
    "订阅": "subscribe subscription", "取消订阅": "unsubscribe", "退订": "unsubscribe",
    "发布": "publish release", "发送": "send", "推送": "push send", "接收": "receive",
    "轮询": "poll receive", "标记": "mark tag", "打标签": "tag", "加标签": "tag",
    "合并": "merge", "归档": "archive", "取消归档": "unarchive", "导出": "export",
    "导入": "import", "邀请": "invite invitation", "关注": "follow watch", "取消关注": "unfollow",
    "星标": "star", "收藏": "star", "评论": "comment", "回复": "reply comment",
    "批准": "approve", "审批": "approve review", "审核": "review", "评审": "review",
    "分配": "assign", "指派": "assign", "转让": "transfer", "轮换": "rotate", "加密": "encrypt",
    "解密": "decrypt", "签名": "sign", "生成": "generate create", "验证": "verify validate",
    "校验": "validate verify", "测试": "test", "部署": "deploy deployment", "扩容": "scale",
    "缩容": "scale", "检查": "check", "统计": "count statistics", "多少": "count",
    "数量": "count", "历史": "history", "状态": "status state", "登录": "login sign in",
    "退出": "logout leave", "重置": "reset", "确认": "confirm acknowledge", "等待": "wait",
    "比较": "compare", "对比": "compare", "预览": "preview", "估算": "estimate",
    "计算": "calculate", "同步": "sync", "刷新": "refresh", "清理": "clean delete",
    "还原": "restore", "备份": "backup", "迁移": "migrate", "升级": "upgrade",
    "屏蔽": "block", "封禁": "block ban", "解封": "unblock", "置顶": "pin",
    "取消置顶": "unpin", "转换": "convert", "渲染": "render",
    # --- objects -----------------------------------------------------------------------------
    "用户组": "group", "用户": "user", "组": "group", "角色": "role", "策略": "policy",
    "权限": "permission", "访问密钥": "access key", "密钥": "key secret", "公钥": "public key",
    "私钥": "private key", "证书": "certificate", "令牌": "token", "密码": "password",
    "账号": "account", "账户": "account", "组织": "organization org", "团队": "team",
    "成员": "member", "管理员": "admin administrator", "协作者": "collaborator",
    "仓库": "repository repo", "代码库": "repository repo", "存储库": "repository repo",
    "分支": "branch", "提交": "commit", "标签": "tag label", "议题": "issue", "问题": "issue",
    "工单": "issue ticket", "拉取请求": "pull request", "合并请求": "pull request",
    "代码审查": "review", "审查": "review", "版本": "version release", "发行版": "release",
    "工作流": "workflow", "流水线": "pipeline workflow", "作业": "job", "任务": "task job",
    "制品": "artifact", "构件": "artifact", "缓存": "cache", "环境": "environment",
    "变量": "variable", "机密": "secret", "秘密": "secret", "钩子": "hook webhook",
    "网络钩子": "webhook hook", "回调": "callback webhook", "部署密钥": "deploy key",
    "里程碑": "milestone", "项目": "project", "讨论": "discussion", "通知": "notification",
    "关注者": "follower", "粉丝": "follower", "订阅者": "subscriber watcher",
    "代码片段": "gist snippet", "文件": "file", "目录": "directory folder",
    "文件夹": "folder directory", "内容": "content", "应用": "app application",
    "安装": "installation install", "告警": "alert alarm", "警报": "alert alarm",
    "漏洞": "vulnerability", "安全公告": "advisory", "依赖": "dependency",
    "许可证": "license", "反应": "reaction", "表情": "reaction emoji", "头像": "avatar",
    "邮箱": "email", "邮件": "email", "电子邮件": "email", "短信": "sms", "手机号": "phone",
    "电话": "phone", "签名密钥": "signing key", "运行器": "runner", "自托管": "self hosted",
    "页面": "page", "网站": "website site", "存储桶": "bucket", "桶": "bucket",
    "对象": "object", "实例": "instance", "服务器": "server instance", "虚拟机": "instance vm",
    "数据库": "database db", "集群": "cluster", "快照": "snapshot", "备份": "backup",
    "卷": "volume", "磁盘": "volume disk", "镜像": "image", "容器": "container",
    "函数": "function", "层": "layer", "别名": "alias", "队列": "queue", "消息": "message",
    "主题": "topic", "订阅关系": "subscription", "表": "table", "条目": "item",
    "记录": "record item", "索引": "index", "流": "stream", "日志组": "log group",
    "日志流": "log stream", "日志": "log", "指标": "metric", "监控": "metric monitor",
    "仪表盘": "dashboard", "仪表板": "dashboard", "事件": "event", "规则": "rule",
    "目标": "target", "堆栈": "stack", "模板": "template", "参数": "parameter",
    "域名": "domain", "托管区域": "hosted zone", "解析记录": "record set",
    "负载均衡": "load balancer", "安全组": "security group", "子网": "subnet",
    "网络": "network", "配额": "quota limit", "限制": "limit", "费用": "cost billing",
    "账单": "bill billing invoice", "生命周期": "lifecycle", "版本控制": "versioning",
    "访问控制": "access control acl", "跨域": "cors", "复制规则": "replication",
    "分段上传": "multipart upload", "端点": "endpoint", "死信队列": "dead letter queue",
    "可见性": "visibility", "并发": "concurrency", "触发器": "trigger", "代码": "code",
    "运行时": "runtime", "服务": "service", "定义": "definition", "计划": "schedule plan",
    "定时": "schedule", "会话": "session", "凭证": "credential", "凭据": "credential",
    "身份": "identity", "设备": "device", "登录配置": "login profile", "属性": "attribute",
    "描述": "description", "名称": "name", "大小": "size", "数据": "data", "报告": "report",
    "摘要": "summary", "评分": "score", "优先级": "priority", "请求": "request",
    "签出": "checkout", "检查项": "check", "检查运行": "check run", "状态检查": "status check",
    "保护规则": "protection rule", "分支保护": "branch protection", "许可": "permission",
    "密钥对": "key pair", "弹性": "elastic", "地址": "address", "路由": "route",
    "路由表": "route table", "网关": "gateway", "连接": "connection", "属性值": "value",
    "默认": "default", "公开": "public", "私有": "private", "加星": "star", "置顶的": "pinned",
    "草稿": "draft", "模板仓库": "template repository", "复刻": "fork", "派生": "fork",
    "话题": "topic", "语言": "language", "贡献者": "contributor", "统计数据": "stats statistics",
    "流量": "traffic", "访问量": "views traffic", "克隆": "clone", "引用": "reference ref",
    "树": "tree", "差异": "diff compare", "补丁": "patch", "快捷方式": "shortcut",
    "密钥管理": "key management kms", "加密密钥": "encryption key kms",
}  # fmt: skip
"""Chinese word → the English API words it means. Longer entries win over their parts."""

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")

_QUOTED = re.compile(
    r"\"[^\"\n]+\"|(?<![A-Za-z])'[^'\n]+'(?![A-Za-z])|`[^`\n]+`|“[^”]+”|「[^」]+」|‘[^’]+’"
)
_URL = re.compile(r"\b(?:https?://|www\.)\S+")
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+\.[\w.-]+\b")
_HANDLE = re.compile(r"(?<![\w@])@[A-Za-z0-9][\w-]*")
_PATH = re.compile(r"\b[\w.-]{2,}(?:/[\w.-]{2,})+\b")
_JOINED = re.compile(r"\b[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+\b")
_NAMED = re.compile(r"\b(?:named|called|titled|labelled|labeled)\s+([\w.-]+)", re.I)
_ID = re.compile(r"^[A-Z][A-Z0-9]*-\d")

COMMON_JOINED: frozenset[str] = frozenset(
    """e-mail sign-in sign-out log-in log-out re-run re-open set-up follow-up check-in
    read-only write-only two-factor multi-factor pull-request self-hosted opt-in opt-out
    up-to-date real-time time-to-live add-on add-ons built-in e.g i.e co-author non-default
    pre-release end-to-end""".split()
)
"""Hyphenated words that are English, not names: kept as words (and split by the tokenizer)."""
COMMON_SLASHED: frozenset[str] = frozenset(
    "read/write and/or ci/cd input/output on/off start/stop enable/disable yes/no".split()
)
"""Word pairs with a slash that are English, not an `owner/name` path."""


def split_values(
    text: str, known: Callable[[str], bool] | None = None
) -> tuple[str, list[str]]:
    """The request with the names of things removed, and those names.

    Only what the text itself marks as a name is removed, and an id such as `SO-43319`
    is left to the tokenizer (its prefix names its object). What is left is what ranking
    reads; the values are for slots and arguments, never for choosing a tool.

    Args:
        text: The request.
        known: Whether a word occurs in the catalogue. A hyphenated word all of whose parts
            are known (`dead-letter`, `self-hosted`) is read as words; one with an unknown
            part (`wayne-enterprises`, `prod-db`) as a name. None: every hyphenated word
            not in `COMMON_JOINED` is a name.
    """
    values: list[str] = []

    def take(match: re.Match[str]) -> str:
        if match.re is _NAMED:  # keep the cue word, take the name after it
            values.append(match.group(1))
            return match.group(0)[: match.start(1) - match.start()]
        if match.re is _PATH and match.group(0).lower() in COMMON_SLASHED:
            return match.group(0)
        values.append(match.group(0).strip("\"'`“”「」‘’"))
        return " "

    for pattern in (_QUOTED, _URL, _EMAIL, _HANDLE, _PATH, _NAMED):
        text = pattern.sub(take, text)

    def joined(match: re.Match[str]) -> str:
        word = match.group(0)
        if word.lower() in COMMON_JOINED or _ID.match(word):
            return word
        if known is not None and "-" in word and "_" not in word and "." not in word:
            if all(known(part) for part in word.split("-")):
                return word
        values.append(word)
        return " "

    return _JOINED.sub(joined, text), values


@dataclass(frozen=True)
class Lexicon:
    """A bilingual table compiled for longest-match reading of Chinese runs."""

    table: Mapping[str, tuple[str, ...]]
    longest: int

    @classmethod
    def build(cls, table: Mapping[str, str]) -> Lexicon:
        """Compile a table of Chinese word → space-separated English words."""
        compiled = {word: tuple(english.split()) for word, english in table.items() if word}
        return cls(table=compiled, longest=max((len(w) for w in compiled), default=0))

    def english(self, text: str) -> list[str]:
        """The English words of every lexicon word in the text's Chinese, longest first.

        Each Chinese run is read left to right, taking the longest entry that starts at each
        position (`取消订阅` is unsubscribe, not cancel + subscribe); characters no entry
        starts with are skipped.
        """
        out: list[str] = []
        for run in _CJK_RUN.findall(text):
            i = 0
            while i < len(run):
                for size in range(min(self.longest, len(run) - i), 0, -1):
                    found = self.table.get(run[i : i + size])
                    if found is not None:
                        out.extend(found)
                        i += size
                        break
                else:
                    i += 1
        return out


@cache
def default_lexicon() -> Lexicon:
    """`CHINESE` compiled once per process."""
    return Lexicon.build(CHINESE)
