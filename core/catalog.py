"""The tool catalog: tools and their policies as YAML.

Families ship their catalog with their app (`tool_catalog` on the AppConfig);
`TOOLGUARD_TOOL_CATALOG` adds files (comma-separated, later ones win). Every
entry is checked and every expression compiled at start-up: a broken entry
stops the process naming the tool and the rule, never a request.

An entry runs either a dotted `handler:` (a ToolHandler class) or an
`upstream:` executor. Upstream kinds come from the app that provides them,
either returned by its AppConfig's `executor_factories()` (UpstreamKinds,
read before any catalog loads, whatever the app order) or registered into
EXECUTOR_FACTORIES; this loader knows none of them.

An upstream kind may also provide a *source* (`source_factories()`, or
SOURCE_FACTORIES): an entry that stands for many tools, discovered upstream
(an MCP server's `prefix`). Its `fields`, `policy` and `results` apply to each
tool; the tools' names and schemas come from the upstream, so such an entry
has no `schema`, `value` or `handler`. Whether they change state is never the
upstream's word: the entry's `changes_state` when the operator states it,
else the source kind's safe default (an MCP tool changes state).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import yaml
from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from core.describe import DescribeSpec
from core.policy import Policy, ValueSpec, did_you_mean, raw_amount_refused, rules_tried
from core.tools import FIELD_KINDS, MODEL_SUSPICION_ACTIONS, RESULT_POLICIES, Tool, ToolHandler, register

NAME_PATTERN = r"^[a-z][a-z0-9_]{0,63}$"


class CatalogError(ImproperlyConfigured):
    """A catalog that cannot load, in one line: file and line, tool, rule, and the problem.

    manage.py and the WSGI entry point print it as that one line and exit
    non-zero, with no traceback: the person who wrote the YAML needs nothing else.
    """


ENTRY_KEYS = frozenset(
    {
        "name",
        "description",
        "changes_state",
        "schema",
        "fields",
        "value",
        "policy",
        "results",
        "model_suspicion",
        "describe",
        "handler",
        "upstream",
    }
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
    description: str
    config: Mapping[str, Any]
    fields: Mapping[str, Any]
    policy: Mapping[str, Any] | None
    results: str
    # The operator's word on whether the tools change state; None: the source kind's default.
    changes_state: bool | None
    install: bool  # false: list the tools without registering them (policy replay drafts)
    where: str


# upstream kind -> factory(its config, whether the entry has a schema of its own) -> None
# when the entry is one tool the executor runs, else
# the source's loader: loader(checked entry) -> its tools (registered by the source when installing).
SourceLoader = Callable[[SourceEntry], list[Tool]]
SourceFactory = Callable[[Mapping[str, Any], bool], SourceLoader | None]
SOURCE_FACTORIES: dict[str, SourceFactory] = {}
SOURCE_ENTRY_KEYS = frozenset({"name", "description", "changes_state", "fields", "policy", "results", "upstream"})


@runtime_checkable
class UpstreamKinds(Protocol):
    """An app (its AppConfig) that runs catalog `upstream:` entries of its kinds.

    Its methods import the app's own factories, so every edge is an import
    `lint-imports` sees; core reads them before loading the catalogs (core's
    ready() runs before a family's).
    """

    def executor_factories(self) -> Mapping[str, ExecutorFactory]: ...

    def source_factories(self) -> Mapping[str, SourceFactory]: ...


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
        if isinstance(config, UpstreamKinds):
            for kind, factory in config.executor_factories().items():
                EXECUTOR_FACTORIES.setdefault(kind, factory)
            for kind, source in config.source_factories().items():
                SOURCE_FACTORIES.setdefault(kind, source)
    tools = []
    for path in catalog_paths():
        tools.extend(catalog_load(path))
    return tools


def catalog_load(path: Path, *, install: bool = True, name: str = "") -> list[Tool]:
    """Read one catalog file; register its tools unless `install` is false (policy replay drafts).

    Errors name `name` (default: the path) and the line of the tool's entry.
    """
    tools = []
    entries, lines = catalog_entries(path, name=name)
    first_line: dict[object, int] = {}
    for entry, line in zip(entries, lines, strict=True):
        source = f"{name or path}:{line}"
        entry_name = entry.get("name") if isinstance(entry, Mapping) else None
        if entry_name is not None and entry_name in first_line:
            # Across files a later entry replaces an earlier one on purpose; in one file it is a slip.
            raise CatalogError(
                f"{source}: tool {entry_name!r} is already defined in this file, line {first_line[entry_name]}"
            )
        if entry_name is not None:
            first_line[entry_name] = line
        try:
            many = _source_tools(entry, source=source, install=install)
            if many is not None:
                tools.extend(many)  # a source registers its own tools, now and whenever it is synced again
                continue
            tool = tool_from_entry(entry, source=source)
        except CatalogError:
            raise
        except ImproperlyConfigured as exc:  # raised by an upstream kind or a policy, which know no file
            raise CatalogError(f"{source}: {exc}") from None
        if install:
            register(tool, replace=True)
        tools.append(tool)
    return tools


def _source_tools(entry: object, *, source: str, install: bool) -> list[Tool] | None:
    """The tools of an entry whose upstream supplies them: many (an MCP `prefix`), or one whose
    schema the upstream gives (an MCP `tool` without `schema`); None for an entry with its own schema."""
    if not isinstance(entry, Mapping) or not isinstance(entry.get("upstream"), Mapping):
        return None
    upstream = entry["upstream"]
    if len(upstream) != 1:
        return None  # tool_from_entry names the problem
    [(kind, config)] = upstream.items()
    factory = SOURCE_FACTORIES.get(kind)
    if factory is None or not isinstance(config, Mapping):
        return None
    loader = factory(config, "schema" in entry)
    if loader is None:
        return None
    name = entry.get("name")
    if not isinstance(name, str) or not re.fullmatch(NAME_PATTERN, name):
        raise CatalogError(f"{source}: tool name {name!r} must match {NAME_PATTERN}")
    where = f"{source}: tool {name!r}"
    unknown = set(entry) - SOURCE_ENTRY_KEYS
    if unknown:
        raise CatalogError(
            f"{where}: {', '.join(sorted(unknown))} cannot be set on an entry whose upstream supplies its tools "
            "(a prefix, or one tool without a schema of its own)"
        )
    changes_state = entry.get("changes_state")
    if changes_state is not None and not isinstance(changes_state, bool):
        raise CatalogError(f"{where}: changes_state must be true or false")
    checked = SourceEntry(
        name=name,
        changes_state=changes_state,
        description=str(entry.get("description", "")),
        config=config,
        fields=_fields(where, entry, {}),  # the tools and their arguments come from upstream
        policy=entry.get("policy"),
        results=_results(where, entry),
        install=install,
        where=where,
    )
    try:
        return loader(checked)
    except ValueError as exc:  # a broken upstream spec or policy, named by the source
        raise CatalogError(f"{where}: {exc}") from None


def _fields(where: str, entry: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    fields = entry.get("fields") or {}
    kinds = sorted(FIELD_KINDS)
    if not isinstance(fields, Mapping):
        raise CatalogError(f"{where}: fields must map argument names to {' or '.join(kinds)}")
    for name, kind in fields.items():
        if kind not in FIELD_KINDS:
            raise CatalogError(
                f"{where}: fields.{name}: {did_you_mean(str(kind), kinds)} is not one of {', '.join(kinds)}"
            )
    declared = schema.get("properties")
    if isinstance(declared, Mapping):
        # A misspelt name would leave the real argument read as the default kind, unnoticed.
        strays = [did_you_mean(str(name), sorted(declared)) for name in fields if name not in declared]
        if strays:
            raise CatalogError(f"{where}: fields name no argument of the schema: {', '.join(strays)}")
    return dict(fields)


def _results(where: str, entry: Mapping[str, Any]) -> str:
    results = entry.get("results", "mark")
    if results not in RESULT_POLICIES:
        raise CatalogError(f"{where}: results must be one of {', '.join(RESULT_POLICIES)}")
    return str(results)


class _DuplicateKey(yaml.YAMLError):
    def __init__(self, key: object, line: int, first: int) -> None:
        super().__init__(f"{key!r} appears twice in one mapping (lines {first} and {line})")
        self.line = line


class _UniqueKeyLoader(yaml.SafeLoader):
    """YAML keeps the last of two equal keys and drops the first without a word: a rule written twice
    under one name, or a tool's setting given twice, would vanish. Here it is an error."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[object, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)  # type: ignore[no-untyped-call]
            if not isinstance(key, str | int | float | bool):
                continue  # a list or a mapping as a key is the schema's business
            line = key_node.start_mark.line + 1
            if key in seen:
                raise _DuplicateKey(key, line, seen[key])
            seen[key] = line
        return super().construct_mapping(node, deep=deep)


def catalog_entries(path: Path, *, name: str = "") -> tuple[list[Mapping[str, Any]], list[int]]:
    """The file's tool entries, and the line each starts on (1-based), for error messages."""
    shown = name or path
    try:
        text = path.read_text(encoding="utf-8")
        # One parse: the document, and its node for each entry's line.
        loader = _UniqueKeyLoader(text)
        try:
            node = loader.get_single_node()  # type: ignore[no-untyped-call]
            document = loader.construct_document(node) if node is not None else None  # type: ignore[no-untyped-call]
        finally:
            loader.dispose()  # type: ignore[no-untyped-call]
    except OSError as exc:
        raise CatalogError(f"tool catalog {shown}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CatalogError(f"tool catalog {shown}: not UTF-8 text") from None
    except _DuplicateKey as exc:
        raise CatalogError(f"tool catalog {shown}:{exc.line}: {exc}") from None
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f":{where.line + 1}" if where is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CatalogError(f"tool catalog {shown}{at}: not valid YAML ({problem})") from None
    if not isinstance(document, Mapping) or not isinstance(document.get("tools"), list):
        raise CatalogError(f"tool catalog {shown}: expected a mapping with a `tools` list")
    lines = [1] * len(document["tools"])
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == "tools" and isinstance(value, yaml.SequenceNode):
                lines = [item.start_mark.line + 1 for item in value.value]
    return list(document["tools"]), lines


def tool_from_entry(entry: object, *, source: str = "catalog") -> Tool:
    if not isinstance(entry, Mapping):
        raise CatalogError(f"{source}: every tool entry must be a mapping")
    name = entry.get("name")
    if not isinstance(name, str) or not re.fullmatch(NAME_PATTERN, name):
        raise CatalogError(f"{source}: tool name {name!r} must match {NAME_PATTERN}")
    where = f"{source}: tool {name!r}"
    unknown = set(entry) - ENTRY_KEYS
    if unknown:
        hints = [did_you_mean(str(key), sorted(ENTRY_KEYS)) for key in sorted(unknown)]
        raise CatalogError(f"{where}: unknown key(s) {', '.join(hints)}")
    changes_state = entry.get("changes_state", False)
    if not isinstance(changes_state, bool):
        raise CatalogError(f"{where}: changes_state must be true or false")
    handler = _handler(where, name, entry)
    # An upstream tool whose schema is the upstream's (an MCP tool's inputSchema) comes
    # through its kind's source factory (SOURCE_FACTORIES), never through here.
    schema = entry.get("schema")
    if not isinstance(schema, Mapping):
        raise CatalogError(f"{where}: schema must be a JSON Schema object")
    try:
        # Before anything reads the schema's types: `type: integr` is the schema's mistake, named as such.
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        at = "".join(f"[{part!r}]" if isinstance(part, int) else f".{part}" for part in exc.path)
        raise CatalogError(f"{where}: schema{at}: {exc.message}") from None
    fields = _fields(where, entry, schema)
    results = _results(where, entry)
    model_suspicion = entry.get("model_suspicion", "")
    if model_suspicion not in ("", *MODEL_SUSPICION_ACTIONS):
        raise CatalogError(f"{where}: model_suspicion must be one of {', '.join(MODEL_SUSPICION_ACTIONS)}")
    try:
        value = ValueSpec.compile(tool=name, spec=entry.get("value"))
        policy = Policy.compile(tool=name, spec=entry.get("policy"), changes_state=changes_state, field_kinds=fields)
        raw_amount_refused(name, value, policy)
        rules_tried(tool=name, policy=policy, value=value, schema=schema, changes_state=changes_state)
        describe = DescribeSpec.compile(tool=name, spec=entry.get("describe"), schema=schema)
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
            model_suspicion=str(model_suspicion),
            describe=describe,
        )
    except (SchemaError, ValueError) as exc:  # a broken schema, or no idempotency_key on a state change
        raise CatalogError(f"{where}: {getattr(exc, 'message', exc)}") from None
    except CatalogError:
        raise
    except ImproperlyConfigured as exc:  # the policy's own messages name the tool and the rule
        raise CatalogError(f"{source}: {exc}") from None


def _handler(where: str, name: str, entry: Mapping[str, Any]) -> ToolHandler:
    if ("handler" in entry) == ("upstream" in entry):
        raise CatalogError(f"{where}: needs exactly one of handler or upstream")
    if "handler" in entry:
        try:
            target = import_string(str(entry["handler"]))
        except ImportError as exc:
            raise CatalogError(f"{where}: handler {entry['handler']!r} cannot be imported ({exc})") from None
        handler = target() if isinstance(target, type) else target
        if not isinstance(handler, ToolHandler):
            raise CatalogError(f"{where}: handler {entry['handler']!r} is not a ToolHandler")
        return handler
    upstream = entry["upstream"]
    if not isinstance(upstream, Mapping) or len(upstream) != 1:
        raise CatalogError(f"{where}: upstream must name exactly one kind, e.g. http or mcp")
    [(kind, config)] = upstream.items()
    factory = EXECUTOR_FACTORIES.get(kind)
    if factory is None:
        known = ", ".join(sorted(EXECUTOR_FACTORIES)) or "none installed"
        raise CatalogError(f"{where}: no executor for upstream kind {kind!r} ({known})")
    try:
        return factory(name, config if isinstance(config, Mapping) else {})
    except CatalogError:
        raise
    except (ImproperlyConfigured, ValueError) as exc:  # the upstream kind knows neither the file nor the tool
        raise CatalogError(f"{where}: {exc}") from None
