"""Every call between apps is one `lint-imports` can see: no callable resolved from a dotted string.

A lower app that must reach a flow a higher app owns calls a typed slot in
core/registries.py that the higher app fills in its AppConfig.ready()
(docs/architecture.md, "Registries"). A string-resolved hook (an AppConfig
attribute naming "app.module.function", resolved with import_string) would be
an edge no contract sees; these tests fail on a new one.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import textwrap
import tomllib
from pathlib import Path

import psycopg

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


# --- psycopg: its public API only --------------------------------------------------------
#
# The round trips live behind core/pipelining.py, on psycopg's public API (pipeline mode,
# autocommit, statements). A private name (psycopg's `_start_query`, a connection's `_pipeline`)
# or a subclass of one of its classes works until a minor release renames it; these tests fail
# on one anywhere in the project's code, tests included.


@functools.cache
def psycopg_private_names() -> frozenset[str]:
    """Every underscore name psycopg's own source defines or reaches (dunders aside): its internals."""
    names = set()
    for path in Path(psycopg.__file__).resolve().parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                name = node.attr
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = node.name
            else:
                continue
            if name.startswith("_") and not name.endswith("__"):
                names.add(name)
    return frozenset(names)


def project_files() -> list[Path]:
    found = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / line for line in found.splitlines() if line and (ROOT / line).exists()]


def psycopg_private_uses(source: str) -> list[tuple[int, str]]:
    """Where `source` reaches into psycopg: a private module or name imported, one of its
    classes subclassed, or a private psycopg attribute read or set on anything but the
    code's own `self`/`cls` (an own class may name its own attributes as it likes)."""
    tree = ast.parse(source)
    private = psycopg_private_names()
    from_psycopg = set()  # names bound to psycopg or to something imported from it
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "psycopg":
                    from_psycopg.add((alias.asname or alias.name).split(".")[0])
                    if any(part.startswith("_") for part in alias.name.split(".")):
                        found.append((node.lineno, f"import {alias.name}"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "psycopg":
            module = node.module or ""
            for alias in node.names:
                from_psycopg.add(alias.asname or alias.name)
                if any(part.startswith("_") for part in [*module.split("."), alias.name]):
                    found.append((node.lineno, f"from {module} import {alias.name}"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                root = base
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and root.id in from_psycopg:
                    found.append((node.lineno, f"class {node.name}({ast.unparse(base)})"))
        elif isinstance(node, ast.Attribute) and node.attr in private:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_private_psycopg_name_is_used() -> None:
    found = []
    for path in project_files():
        for line, what in psycopg_private_uses(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT).as_posix()}:{line} {what}")
    assert not found, (
        "psycopg's internals change in minor releases: use its public API, behind core/pipelining.py:\n"
        + "\n".join(found)
    )


def test_the_check_sees_a_private_psycopg_name() -> None:
    """The scan itself works: what this project's pipelining used to do is found, line by line."""
    source = (
        "import types\n"
        "import psycopg\n"
        "from psycopg._pipeline_base import BasePipeline\n"
        "class _Pipeline(psycopg.Pipeline):\n"
        "    def _fetch_gen(self, *, flush):\n"
        "        yield from super()._fetch_gen(flush=flush)\n"
        "def patch(conn, start):\n"
        "    conn._start_query = types.MethodType(start, conn)\n"
        "    return conn._pipeline\n"
    )
    assert sorted(psycopg_private_uses(source)) == [
        (3, "from psycopg._pipeline_base import BasePipeline"),
        (4, "class _Pipeline(psycopg.Pipeline)"),
        (6, "super()._fetch_gen"),
        (8, "conn._start_query"),
        (9, "conn._pipeline"),
    ]
    # psycopg's public API passes.
    public = "import psycopg\ndef flight(conn):\n    conn.autocommit = True\n    with conn.pipeline() as p:\n        p.sync()\n"
    assert psycopg_private_uses(public) == []
