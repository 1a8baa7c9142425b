"""The tool catalog: tools and their policies as YAML.

Families ship their catalog with their app (`tool_catalog` on the AppConfig);
`TOOLGUARD_TOOL_CATALOG` adds files (comma-separated, later ones win). Every
entry is checked and every expression compiled at start-up: a broken entry
stops the process naming the tool and the rule, never a request.

An entry runs either a dotted `handler:` (a ToolHandler class) or an
`upstream:` executor. Upstream kinds come from the app that provides them,
either declared on its AppConfig (`executor_factories = {"http": "dotted.factory"}`,
read before any catalog loads, whatever the app order) or registered into
EXECUTOR_FACTORIES; this loader knows none of them.

An upstream kind may also provide a *source* (`source_factories`, or
SOURCE_FACTORIES): an entry that stands for many tools, discovered upstream
(an MCP server's `prefix`). Its `fields`, `policy` and `results` apply to each
tool; the tools' names, schemas and whether they change state come from the
upstream, so such an entry has no `schema`, `changes_state`, `value` or `handler`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string
from jsonschema.exceptions import SchemaError

from core.policy import Policy, ValueSpec, raw_amount_refused
from core.tools import FIELD_KINDS, RESULT_POLICIES, Tool, ToolHandler, register

NAME_PATTERN = r"^[a-z][a-z0-9_]{0,63}$"
ENTRY_KEYS = frozenset(
    {"name", "description", "changes_state", "schema", "fields", "value", "policy", "results", "handler", "upstream"}
)
# The sanitizer's field kinds (docs/detection.md): free_text_links is free text
# that never reaches a model, where Markdown/HTML links and images are allowed.

# upstream kind ("http", "mcp"...) -> factory(tool name, its config) -> handler.
ExecutorFactory = Callable[[str, Mapping[str, Any]], ToolHandler]
EXECUTOR_FACTORIES: dict[str, ExecutorFactory] = {}


@dataclass(frozen=True)
class SourceEntry:
    """A catalog entry standing for many upstream tools, checked and handed to its kind's source factory."""

    name: str
    config: Mapping[str, Any]
    fields: Mapping[str, Any]
    policy: Mapping[str, Any] | None
    results: str
    install: bool  # false: list the tools without registering them (policy replay drafts)
    where: str


# upstream kind -> factory(its config) -> None when the config names one tool, else
# the source's loader: loader(checked entry) -> its tools (registered by the source when installing).
SourceLoader = Callable[[SourceEntry], list[Tool]]
SourceFactory = Callable[[Mapping[str, Any]], SourceLoader | None]
SOURCE_FACTORIES: dict[str, SourceFactory] = {}
SOURCE_ENTRY_KEYS = frozenset({"name", "description", "fields", "policy", "results", "upstream"})


def executor_factory_register(kind: str, factory: ExecutorFactory) -> None:
    EXECUTOR_FACTORIES[kind] = factory


def catalog_paths() -> list[Path]:
    """Every family's own catalog in INSTALLED_APPS order, then the configured files."""
    declared = (getattr(config, "tool_catalog", None) for config in apps.get_app_configs())
    paths = [Path(path) for path in declared if path]
    return paths + [Path(path) for path in settings.TOOLGUARD_TOOL_CATALOG]


def catalogs_load() -> list[Tool]:
    """Load every catalog at start-up; later entries of the same name replace earlier ones."""
    for config in apps.get_app_configs():
        for kind, dotted in getattr(config, "executor_factories", {}).items():
            EXECUTOR_FACTORIES.setdefault(kind, import_string(dotted))
        for kind, dotted in getattr(config, "source_factories", {}).items():
            SOURCE_FACTORIES.setdefault(kind, import_string(dotted))
    tools = []
    for path in catalog_paths():
        tools.extend(catalog_load(path))
    return tools


def catalog_load(path: Path, *, install: bool = True) -> list[Tool]:
    """Read one catalog file; register its tools unless `install` is false (policy replay drafts)."""
    tools = []
    for entry in catalog_entries(path):
        many = _source_tools(entry, source=str(path), install=install)
        if many is not None:
            tools.extend(many)  # a source registers its own tools, now and whenever it is synced again
            continue
        tool = tool_from_entry(entry, source=str(path))
        if install:
            register(tool, replace=True)
        tools.append(tool)
    return tools


def _source_tools(entry: object, *, source: str, install: bool) -> list[Tool] | None:
    """The tools of an entry that stands for many (an MCP `prefix`); None for a one-tool entry."""
    if not isinstance(entry, Mapping) or not isinstance(entry.get("upstream"), Mapping):
        return None
    upstream = entry["upstream"]
    if len(upstream) != 1:
        return None  # tool_from_entry names the problem
    [(kind, config)] = upstream.items()
    factory = SOURCE_FACTORIES.get(kind)
    if factory is None or not isinstance(config, Mapping):
        return None
    loader = factory(config)
    if loader is None:
        return None
    name = entry.get("name")
    if not isinstance(name, str) or not re.fullmatch(NAME_PATTERN, name):
        raise ImproperlyConfigured(f"{source}: tool name {name!r} must match {NAME_PATTERN}")
    where = f"{source}: tool {name!r}"
    unknown = set(entry) - SOURCE_ENTRY_KEYS
    if unknown:
        raise ImproperlyConfigured(
            f"{where}: {', '.join(sorted(unknown))} cannot be set on an entry standing for many upstream tools"
        )
    checked = SourceEntry(
        name=name,
        config=config,
        fields=_fields(where, entry),
        policy=entry.get("policy"),
        results=_results(where, entry),
        install=install,
        where=where,
    )
    try:
        return loader(checked)
    except ValueError as exc:  # a broken upstream spec or policy, named by the source
        raise ImproperlyConfigured(f"{where}: {exc}") from None


def _fields(where: str, entry: Mapping[str, Any]) -> dict[str, Any]:
    fields = entry.get("fields") or {}
    if not isinstance(fields, Mapping) or not set(fields.values()) <= set(FIELD_KINDS):
        raise ImproperlyConfigured(f"{where}: fields must map argument names to {' or '.join(sorted(FIELD_KINDS))}")
    return dict(fields)


def _results(where: str, entry: Mapping[str, Any]) -> str:
    results = entry.get("results", "mark")
    if results not in RESULT_POLICIES:
        raise ImproperlyConfigured(f"{where}: results must be one of {', '.join(RESULT_POLICIES)}")
    return str(results)


def catalog_entries(path: Path) -> list[Mapping[str, Any]]:
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ImproperlyConfigured(f"tool catalog {path}: cannot read it ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        raise ImproperlyConfigured(f"tool catalog {path}: not valid YAML ({exc})") from None
    if not isinstance(document, Mapping) or not isinstance(document.get("tools"), list):
        raise ImproperlyConfigured(f"tool catalog {path}: expected a mapping with a `tools` list")
    return list(document["tools"])


def tool_from_entry(entry: object, *, source: str = "catalog") -> Tool:
    if not isinstance(entry, Mapping):
        raise ImproperlyConfigured(f"{source}: every tool entry must be a mapping")
    name = entry.get("name")
    if not isinstance(name, str) or not re.fullmatch(NAME_PATTERN, name):
        raise ImproperlyConfigured(f"{source}: tool name {name!r} must match {NAME_PATTERN}")
    where = f"{source}: tool {name!r}"
    unknown = set(entry) - ENTRY_KEYS
    if unknown:
        raise ImproperlyConfigured(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    changes_state = entry.get("changes_state", False)
    if not isinstance(changes_state, bool):
        raise ImproperlyConfigured(f"{where}: changes_state must be true or false")
    handler = _handler(where, name, entry)
    schema = entry.get("schema")
    if schema is None:
        # An upstream executor may know the schema itself (an MCP tool's inputSchema).
        schema = getattr(handler, "input_schema", None)
    if not isinstance(schema, Mapping):
        raise ImproperlyConfigured(f"{where}: schema must be a JSON Schema object")
    fields = _fields(where, entry)
    results = _results(where, entry)
    try:
        value = ValueSpec.compile(tool=name, spec=entry.get("value"))
        policy = Policy.compile(tool=name, spec=entry.get("policy"), changes_state=changes_state, field_kinds=fields)
        raw_amount_refused(name, value, policy)
        return Tool(
            name=name,
            description=str(entry.get("description", "")),
            schema=dict(schema),
            changes_state=changes_state,
            field_kinds=dict(fields),
            handler=handler,
            value=value,
            policy=policy,
            results=results,
        )
    except (SchemaError, ValueError) as exc:  # a broken schema, or no idempotency_key on a state change
        raise ImproperlyConfigured(f"{where}: {getattr(exc, 'message', exc)}") from None


def _handler(where: str, name: str, entry: Mapping[str, Any]) -> ToolHandler:
    if ("handler" in entry) == ("upstream" in entry):
        raise ImproperlyConfigured(f"{where}: needs exactly one of handler or upstream")
    if "handler" in entry:
        try:
            target = import_string(str(entry["handler"]))
        except ImportError as exc:
            raise ImproperlyConfigured(f"{where}: handler {entry['handler']!r} cannot be imported ({exc})") from None
        handler = target() if isinstance(target, type) else target
        if not isinstance(handler, ToolHandler):
            raise ImproperlyConfigured(f"{where}: handler {entry['handler']!r} is not a ToolHandler")
        return handler
    upstream = entry["upstream"]
    if not isinstance(upstream, Mapping) or len(upstream) != 1:
        raise ImproperlyConfigured(f"{where}: upstream must name exactly one kind, e.g. http or mcp")
    [(kind, config)] = upstream.items()
    factory = EXECUTOR_FACTORIES.get(kind)
    if factory is None:
        known = ", ".join(sorted(EXECUTOR_FACTORIES)) or "none installed"
        raise ImproperlyConfigured(f"{where}: no executor for upstream kind {kind!r} ({known})")
    return factory(name, config if isinstance(config, Mapping) else {})
