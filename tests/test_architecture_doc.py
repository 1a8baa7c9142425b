"""docs/architecture.md shows the import-linter contract of pyproject.toml, and every app is in it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs/architecture.md"
START, END = "<!-- layers:start -->", "<!-- layers:end -->"


def contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    found: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return found


def layers_contract() -> dict[str, Any]:
    layered = [c for c in contracts() if c["type"] == "layers"]
    assert len(layered) == 1, f"expected one layers contract in pyproject.toml, found {len(layered)}"
    return layered[0]


def layer_apps(layer: str) -> list[str]:
    """The apps of one layer: `banking | support | upstream` (independent) or `a : b`."""
    return [name.strip() for name in re.split(r"[|:]", layer) if name.strip()]


def diagram() -> str:
    """The layers top to bottom, one a line, then one line per forbidden contract."""
    lines = [" | ".join(layer_apps(layer)) for layer in layers_contract()["layers"]]
    for contract in contracts():
        if contract["type"] == "forbidden":
            sources, forbidden = ", ".join(contract["source_modules"]), ", ".join(contract["forbidden_modules"])
            lines += ["", f"{sources} never import {forbidden}"]
    return "\n".join(lines)


def documented_diagram(text: str) -> str:
    assert START in text and END in text, f"{DOC.name} has no {START} ... {END} block"
    block = text.split(START, 1)[1].split(END, 1)[0].strip()
    assert block.startswith("```") and block.endswith("```"), f"the block between {START} and {END} is not fenced"
    return block.removeprefix("```").removesuffix("```").strip("\n")


def contract_apps() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    named = set(config["tool"]["importlinter"]["root_packages"])
    for contract in contracts():
        for key in ("source_modules", "forbidden_modules"):
            named |= {module.split(".")[0] for module in contract.get(key, [])}
    return named | {app for layer in layers_contract()["layers"] for app in layer_apps(layer)}


def test_the_layers_diagram_is_the_contract() -> None:
    expected = diagram()
    assert documented_diagram(DOC.read_text()) == expected, (
        f"the diagram in docs/architecture.md is not the contract in pyproject.toml; "
        f"put this between {START} and {END}:\n```\n{expected}\n```"
    )


def test_every_app_in_the_contract_has_its_paragraph() -> None:
    headings = set(re.findall(r"^### (\S+)\s*$", DOC.read_text(), flags=re.MULTILINE))
    missing = sorted(contract_apps() - headings)
    assert missing == [], f"apps in the contract with no `### <app>` paragraph in docs/architecture.md: {missing}"


def test_every_app_has_a_layer() -> None:
    apps = {path.parent.name for path in ROOT.glob("*/apps.py")}
    layered = {app for layer in layers_contract()["layers"] for app in layer_apps(layer)}
    assert {"core", "toolguard"} <= apps, apps
    unlayered = sorted(apps - layered)
    assert unlayered == [], (
        f"top-level apps in no layer of the import-linter contract (pyproject.toml): {unlayered}; "
        "give each a layer, then its paragraph in docs/architecture.md"
    )
