"""The README's worked example runs as written and prints what the README says."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "toolguard_verify" / "README.md"


def worked_example() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## Worked example") : text.index("## Witness")]


def test_the_worked_example(tmp_path: Path) -> None:
    section = worked_example()
    script = re.search(r"```python\n(.*?)```", section, re.S)
    assert script is not None
    subprocess.run([sys.executable, "-c", script.group(1)], cwd=tmp_path, check=True, timeout=120)
    command = str(Path(sys.executable).parent / "toolguard-verify")
    # "$ toolguard-verify …" lines, each followed by the one line it prints.
    shown = re.findall(r"^    \$ toolguard-verify (.*)\n    (.*)$", section, re.M)
    assert len(shown) >= 5
    for number, (arguments, printed) in enumerate(shown):
        if number == 3:
            # The README's edits before the failing runs: the amount changed, the export's second line deleted.
            receipt = tmp_path / "receipt.json"
            receipt.write_text(receipt.read_text().replace('"100.00"', '"900.00"'))
            export = tmp_path / "export.jsonl"
            lines = export.read_text().splitlines(keepends=True)
            export.write_text("".join(lines[:1] + lines[2:]))
        done = subprocess.run(
            [command, *shlex.split(arguments)], cwd=tmp_path, capture_output=True, text=True, timeout=120
        )
        assert done.stdout == printed + "\n", arguments
        assert done.returncode == (0 if printed.startswith("verified: ") else 1)
