"""The pipeline core knows no tool family and no upstream kind: it reaches them through the registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PIPELINE = Path(__file__).resolve().parents[2] / "toolguard" / "pipeline"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted(PIPELINE.rglob("*.py")), ids=lambda p: str(p.relative_to(PIPELINE)))
def test_no_pipeline_module_imports_the_upstream_package_or_a_family(path: Path) -> None:
    forbidden = ("upstream", "banking", "support")
    bad = sorted(name for name in imported(path) if name.startswith(forbidden))
    assert bad == [], f"{path.name} imports {bad}"
