"""Every call between apps is one `lint-imports` can see: no callable resolved from a dotted string.

A lower app that must reach a flow a higher app owns calls a typed slot in
core/registries.py that the higher app fills in its AppConfig.ready()
(docs/architecture.md, "Registries"). A string-resolved hook (an AppConfig
attribute naming "app.module.function", resolved with import_string) would be
an edge no contract sees; these tests fail on a new one.
"""

from __future__ import annotations

import ast
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Calls that turn a string into code.
RESOLVERS = frozenset({"import_string", "import_module", "__import__", "app_hook", "locate"})

# (file, resolver): the ones left are driven by configuration an operator
# writes, as Django's own settings-driven dotted paths are; no app names
# another app's code in them.
ALLOWED = {
    # A catalog entry's `handler:` (a tool's class, named in the operator's catalog YAML).
    ("core/catalog.py", "import_string"): "catalog handler: entries",
    # settings.TOOLGUARD_UPSTREAM_MODULES: modules an operator lists that register upstream tools.
    ("upstream/apps.py", "import_module"): "TOOLGUARD_UPSTREAM_MODULES",
}

# What an AppConfig may say as a plain string: Django's own attributes, a
# family's catalog file, and the URLconf of a bench endpoint (Django's
# include() takes a module path).
APP_CONFIG_STRINGS = frozenset({"name", "label", "verbose_name", "default_auto_field", "tool_catalog", "bench_urls"})


def app_packages() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages: list[str] = config["tool"]["importlinter"]["root_packages"]
    return packages


def source_files() -> list[Path]:
    return sorted(
        path
        for package in app_packages()
        for path in (ROOT / package).rglob("*.py")
        # A migration imports an earlier one by its numeric module name; no app's code is reached so.
        if "migrations" not in path.parts
    )


def called_name(call: ast.Call) -> str:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return ""


def test_no_code_is_resolved_from_a_string() -> None:
    found = []
    for path in source_files():
        relative = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(), filename=relative)):
            if isinstance(node, ast.Call) and called_name(node) in RESOLVERS:
                if (relative, called_name(node)) not in ALLOWED:
                    found.append(f"{relative}:{node.lineno} {called_name(node)}()")
    assert not found, (
        "code resolved from a string is a call lint-imports cannot see; register a typed "
        "implementation in core/registries.py from the owning app's ready() instead:\n" + "\n".join(found)
    )


def test_the_allowed_resolvers_are_still_there() -> None:
    """An allowance nobody uses any more is removed, so the list says what is left."""
    used = set()
    for path in source_files():
        relative = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(), filename=relative)):
            if isinstance(node, ast.Call) and (relative, called_name(node)) in ALLOWED:
                used.add((relative, called_name(node)))
    assert used == set(ALLOWED)


def test_no_app_config_names_code_by_a_dotted_string() -> None:
    """`held_dispatch = "outbox.services.dispatch_approved"` on an AppConfig is a hook by another name."""
    found = []
    for path in source_files():
        if path.name != "apps.py":
            continue
        relative = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(), filename=relative)):
            if not isinstance(node, ast.ClassDef):
                continue
            for statement in node.body:
                if not isinstance(statement, ast.Assign | ast.AnnAssign) or statement.value is None:
                    continue
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                names = {target.id for target in targets if isinstance(target, ast.Name)}
                strings = [
                    value.value
                    for value in ast.walk(statement.value)
                    if isinstance(value, ast.Constant) and isinstance(value.value, str)
                ]
                if names - APP_CONFIG_STRINGS and any("." in text and " " not in text for text in strings):
                    found.append(f"{relative}:{statement.lineno} {', '.join(sorted(names))}")
    assert not found, "an AppConfig attribute names code by a dotted string:\n" + "\n".join(found)


def test_the_check_sees_a_string_hook() -> None:
    """The scan itself works: the hook this project used to have is found."""
    source = 'from core.tools import app_hook\napp_hook("held_dispatch")(approval=None)\n'
    calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    assert [called_name(call) for call in calls if called_name(call) in RESOLVERS] == ["app_hook"]


# The call pipeline and the outbox read as short steps: a function longer than
# this is split into named ones (docs/architecture.md, "The call pipeline").
MAX_FUNCTION_LINES = 60


def pipeline_files() -> list[Path]:
    return [*sorted((ROOT / "toolguard" / "pipeline").glob("*.py")), ROOT / "outbox" / "services.py"]


def long_functions(source: str, filename: str) -> list[str]:
    """Every function (methods and nested ones too) over the limit, counted from its first decorator to its end."""
    found = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            lines = (node.end_lineno or node.lineno) - first + 1
            if lines > MAX_FUNCTION_LINES:
                found.append(f"{filename}:{node.lineno} {node.name}() is {lines} lines")
    return found


def test_no_pipeline_or_outbox_function_is_longer_than_the_limit() -> None:
    found = []
    for path in pipeline_files():
        relative = path.relative_to(ROOT).as_posix()
        found += long_functions(path.read_text(), relative)
    assert not found, f"split these into named steps of at most {MAX_FUNCTION_LINES} lines:\n" + "\n".join(found)


def test_the_length_check_sees_a_long_function() -> None:
    """The scan itself works: a long method, counted with its decorator and docstring, is found; a short one is not."""
    body = "".join(f"x{n} = {n}\n" for n in range(MAX_FUNCTION_LINES - 2))
    long_method = 'class C:\n    @staticmethod\n    def long():\n        """Doc."""\n' + textwrap.indent(body, " " * 8)
    assert long_functions(long_method, "c.py") == [f"c.py:3 long() is {MAX_FUNCTION_LINES + 1} lines"]
    short = 'def short():\n    """Doc."""\n' + textwrap.indent(body, " " * 4)
    assert long_functions(short, "s.py") == []


def private_imports(source: str) -> list[tuple[int, str]]:
    """(line, `module.name`) for each name with a leading underscore imported from another module.

    Dunder names (`__version__`) are public by convention.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = "." * node.level + (node.module or "")
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                found.append((node.lineno, f"{module}.{alias.name}" if node.module else f"{module}{alias.name}"))
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    """A name with a leading underscore is its module's own; code elsewhere that needs it needs a public function.

    Otherwise the caller depends on what the owner may change without notice,
    and the owner cannot tell who relies on it: across apps, and inside one.
    """
    found = []
    for path in source_files():
        relative = path.relative_to(ROOT).as_posix()
        found += [f"{relative}:{line} imports {name}" for line, name in private_imports(path.read_text())]
    assert not found, "private names imported from another module; make them public:\n" + "\n".join(found)


def test_the_check_sees_a_private_import() -> None:
    """The scan itself works: the import this project used to have is found, public and dunder names are not."""
    source = (
        "from approvals.services import DecisionRefused, _decide_after_step_up\n"
        "from django.conf import __version__\n"
        "from . import _sibling\n"
    )
    assert private_imports(source) == [(1, "approvals.services._decide_after_step_up"), (3, "._sibling")]
