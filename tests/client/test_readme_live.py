"""Every Python block and every curl command in the README runs as written.

The blocks run against gunicorn with the demo's account names swapped for
this test's bank and the README's address for the live server's. Where a block
asks a model, the SDK's own client is pointed by its documented environment
variable at tests/client/model_server.py, which answers as the provider's API
does (a call of the balance tool) and refuses tools that are not in the
provider's shape.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import Bank
from tests.live import ROOT, Gunicorn, free_port, stop_process, wait_http

pytestmark = pytest.mark.live

README = ROOT / "README.md"
README_URL = "http://127.0.0.1:8000"


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def python_blocks() -> list[str]:
    return blocks("python")


def curl_commands() -> list[str]:
    """The README's curl commands, each with its continuation lines joined."""
    commands = []
    for block in blocks("sh"):
        for command in re.split(r"\n(?=\S)", block.strip()):
            if command.startswith("curl "):
                commands.append(command)
    return commands


def test_the_readme_has_the_blocks_this_test_runs() -> None:
    # The README names this test as the one that runs its blocks: losing them here would silently run nothing.
    assert len(python_blocks()) >= 8
    assert len(curl_commands()) >= 3
    for block in python_blocks():
        # Each block stands alone: it imports what it uses and never a private helper.
        assert "import " in block, block[:80]
        assert "mcp.shared._" not in block and "create_mcp_http_client" not in block


@pytest.fixture(scope="module")
def model_server() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "client" / "model_server.py"), str(port)])
    try:
        wait_http(f"http://127.0.0.1:{port}/health", proc=proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(proc)


def readme_env(model_url: str, key: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        KEY=key,
        OPENAI_API_KEY="sk-readme",
        OPENAI_BASE_URL=f"{model_url}/v1",
        ANTHROPIC_API_KEY="sk-ant-readme",
        ANTHROPIC_BASE_URL=model_url,
        GEMINI_API_KEY="readme",
        GOOGLE_GEMINI_BASE_URL=model_url,
        # The Agents SDK would send its traces to OpenAI, which this machine cannot reach.
        OPENAI_AGENTS_DISABLE_TRACING="1",
    )
    env.pop("GOOGLE_API_KEY", None)
    # toolguard_client is importable as `pip install ./toolguard_client` makes it (tests/client
    # checks that install itself); the blocks run from an empty folder.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def localise(text: str, server: Gunicorn, suffix: str) -> str:
    return (
        text.replace(README_URL, server.url)
        .replace("checking-001", f"checking{suffix}")
        .replace("savings-001", f"savings{suffix}")
    )


@pytest.mark.parametrize("number", range(len(python_blocks())))
def test_python_block_runs(
    number: int, server: Gunicorn, live: tuple[Bank, str], model_server: str, tmp_path: Any
) -> None:
    bank, suffix = live
    block = python_blocks()[number]
    script = tmp_path / f"readme_{number}.py"
    script.write_text(localise(block, server, suffix))
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=180,
        env=readme_env(model_server, bank.alice_key),
        cwd=tmp_path,
    )
    assert done.returncode == 0, f"README block {number} failed:\n{block}\n--- stderr ---\n{done.stderr[-3000:]}"
    printed = done.stdout.strip().splitlines()
    assert printed, f"README block {number} printed nothing:\n{block}"
    # Every block asks for a balance: toolguard completed the call, and the block's last line says so.
    assert "completed" in printed[-1], (number, done.stdout)
    assert "is_error" not in printed[-1] and "True" not in printed[-1], printed[-1]


@pytest.mark.parametrize("number", range(len(curl_commands())))
def test_curl_command_runs(number: int, server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, suffix = live
    command = localise(curl_commands()[number], server, suffix)
    done = subprocess.run(
        ["bash", "-c", command.replace("\\\n", " ")],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "KEY": bank.alice_key},
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == "completed", answer
