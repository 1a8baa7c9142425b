"""The toolguard-verify command as installed, and the package on its own: no Django, no toolguard app."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from toolguard_verify.cli import main
from toolguard_verify.cosignature import sign_cosignature
from toolguard_verify.note import ALG_COSIGNATURE_V1, add_signatures, b64, vkey

from tests.verify.fakelog import ORIGIN, FakeLog

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "toolguard_verify"


def console_script() -> str:
    """The installed `toolguard-verify` (requirements-dev.txt installs the package editable)."""
    found = Path(sys.executable).parent / "toolguard-verify"
    assert found.exists(), "toolguard-verify is not installed: pip install -r requirements-dev.txt"
    return str(found)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([console_script(), *args], capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_the_console_script_checks_a_receipt_file(tmp_path: Path) -> None:
    log = FakeLog(size=9)
    good = tmp_path / "receipt.json"
    good.write_text(json.dumps(log.receipt(6)))
    key = str(log.pem(tmp_path))

    done = run("receipt", str(good), "--key", key, "--origin", ORIGIN)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("\n") == 1
    assert done.stdout.startswith(
        "verified: entry 7 (its id is toolguard's label, not covered by its hash): its fields hash to its hash, "
        "leaf 6 included in "
    )
    assert f"{ORIGIN} at tree size 9" in done.stdout

    changed = log.receipt(6)
    changed["entry"]["details"]["arguments"]["amount"] = 1
    bad = tmp_path / "changed.json"
    bad.write_text(json.dumps(changed))
    done = run("receipt", str(bad), "--key", log.vkey)
    assert done.returncode == 1
    assert done.stdout == (
        "FAILED: entry 7 (leaf 6): the entry's fields do not hash to its hash (the entry was changed)\n"
    )

    done = run("receipt", str(bad), "--key", log.vkey, "--json")
    assert done.returncode == 1
    assert json.loads(done.stdout)["verified"] is False


def test_a_receipt_never_says_it_verified_an_id_its_hash_does_not_cover(tmp_path: Path) -> None:
    """Issue 36: `toolguard-verify receipt` printed "verified: entry 999999" for an id the hash does not cover."""
    log = FakeLog(size=9)
    relabelled = log.receipt(6)
    relabelled["entry"]["id"] = 999999
    path = tmp_path / "relabelled.json"
    path.write_text(json.dumps(relabelled))
    done = run("receipt", str(path), "--key", log.vkey)
    # The proof still holds for what it covers (leaf 6 and its entry's fields); the id is named as a label only.
    assert done.returncode == 0, done.stdout
    assert "verified: entry 999999:" not in done.stdout
    assert done.stdout.startswith("verified: entry 999999 (its id is toolguard's label, not covered by its hash): ")
    answer = json.loads(run("receipt", str(path), "--key", log.vkey, "--json").stdout)
    assert (answer["verified"], answer["entry_id_verified"], answer["leaf_index"]) == (True, False, 6)
    assert answer["leaf_hash"] == log.receipt(6)["leaf_hash"]
    # What an agent's answer carries is the leaf hash: checked against it, another entry's receipt fails.
    kept = log.receipt(2)["leaf_hash"]
    done = run("receipt", str(path), "--key", log.vkey, "--leaf-hash", kept)
    assert (done.returncode, done.stdout) == (
        1,
        f"FAILED: the receipt proves leaf 6 with leaf hash {answer['leaf_hash']}, not the leaf hash {kept} "
        "asked about: it is the receipt of another entry\n",
    )
    assert run("receipt", str(path), "--key", log.vkey, "--leaf-hash", answer["leaf_hash"]).returncode == 0


def test_the_console_script_checks_an_export(tmp_path: Path) -> None:
    log = FakeLog(size=9)
    lines = log.export([0, 2, 4, 8], {"tool": "transfer_funds"})
    export = tmp_path / "export.jsonl"
    export.write_text("".join(lines))
    done = run("export", str(export), "--key", log.vkey, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    answer = json.loads(done.stdout)
    assert (answer["verified"], answer["rows"], answer["leaf_indexes"]) == (True, 4, [0, 2, 4, 8])

    export.write_text("".join(lines[:3] + lines[4:]))  # leaf 4 left out
    done = run("export", str(export), "--key", log.vkey)
    assert (done.returncode, done.stdout) == (
        1,
        "FAILED: leaf 4: in the signed header's row list but not in the export (a row was removed)\n",
    )


def test_checkpoints_and_cosignatures(tmp_path: Path, capsys: object) -> None:
    log = FakeLog(size=11)
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(log.checkpoint(6))
    new.write_text(json.dumps({"checkpoint": log.checkpoint(11)}))  # the API's shape
    proof = tmp_path / "proof.json"
    proof.write_text(json.dumps({"from": 6, "to": 11, "consistency_path": [b64(h) for h in log.consistency(6, 11)]}))
    assert main(["checkpoints", str(old), str(new), "--key", log.vkey, "--proof", str(proof)]) == 0
    lines = tmp_path / "proof.txt"
    lines.write_text("".join(b64(h) + "\n" for h in log.consistency(6, 11)))
    assert main(["checkpoints", str(old), str(new), "--key", log.vkey, "--proof", str(lines)]) == 0

    # Another history of the same size, consistently signed by the log: the proof cannot bridge it.
    forked = FakeLog(size=11, key=log.key, customer="rewritten")
    old.write_text(forked.checkpoint(6))
    assert main(["checkpoints", str(old), str(new), "--key", log.vkey, "--proof", str(proof)]) == 1

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    witness = Ed25519PrivateKey.generate()
    cp = log.checkpoint()
    cosigned = tmp_path / "cosigned.txt"
    cosigned.write_text(add_signatures(cp, sign_cosignature(cp.split("\n\n")[0] + "\n", "w.test/1", witness, 1234)))
    witness_vkey = vkey("w.test/1", witness.public_key(), ALG_COSIGNATURE_V1)
    assert main(["cosignature", str(cosigned), "--witness-key", witness_vkey, "--key", log.vkey]) == 0
    other = vkey("w.test/1", Ed25519PrivateKey.generate().public_key(), ALG_COSIGNATURE_V1)
    assert main(["cosignature", str(cosigned), "--witness-key", other]) == 1
    out = capsys.readouterr().out.splitlines()  # type: ignore[attr-defined]
    assert out[0].startswith(f"verified: {ORIGIN} at tree size 11 extends tree size 6 (consistency proof of ")
    assert out[2].startswith("FAILED: the log at size 11 does not extend the log at size 6")
    assert out[3].startswith("verified: witness w.test/1 (key id ")
    assert out[3].endswith(f"cosigned {ORIGIN} at tree size 11 at unix time 1234; log signature by {ORIGIN} key "
                           f"{vkey(ORIGIN, log.key.public_key()).split('+')[1]} verified")  # fmt: skip
    assert out[4].startswith("FAILED: no valid cosignature by witness w.test/1")


def test_the_package_stands_alone(tmp_path: Path) -> None:
    """Imported from its source directory with nothing installed: every module loads, and no Django."""
    probe = (
        "import sys, importlib\n"
        "for name in ('toolguard_verify', 'toolguard_verify.cli', 'toolguard_verify.witness', 'toolguard_verify.export'):\n"
        "    importlib.import_module(name)\n"
        "import toolguard_verify\n"
        "print(toolguard_verify.__file__)\n"
        "apps = {'django', 'rest_framework', 'audit', 'core', 'toolguard', 'people'}\n"
        "print(sorted(apps & {m.split('.')[0] for m in sys.modules}))\n"
    )
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(PACKAGE / "src")
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path, env=env, timeout=120
    ).stdout.splitlines()
    assert out == [str(PACKAGE / "src" / "toolguard_verify" / "__init__.py"), "[]"]


def test_it_builds_and_installs_with_pip(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--target", str(target), str(source)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    metadata = next(target.glob("toolguard_verify-0.1.0.dist-info"))
    assert "Requires-Dist: cryptography==50.0.2" in (metadata / "METADATA").read_text()
    assert "toolguard-verify = toolguard_verify.cli:main" in (metadata / "entry_points.txt").read_text()
    script = target / "bin" / "toolguard-verify"
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([str(script), "--help"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and "receipt" in done.stdout
