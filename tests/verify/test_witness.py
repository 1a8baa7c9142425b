"""The witness as a real process over HTTP: it cosigns a growing log, refuses a rewritten or truncated one
with tlog-witness's status codes, and keeps its record across a restart."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from toolguard_verify.cosignature import verify_cosignature
from toolguard_verify.note import add_signatures, b64, checkpoint_body, parse_vkey

from tests.verify.fakelog import ORIGIN, FakeLog

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.live


class WitnessProcess:
    def __init__(self, state_dir: Path, log_key: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "toolguard_verify" / "src")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "toolguard_verify.witness", "--port", "0", "--state-dir", str(state_dir),
             "--name", "witness.test/w1", "--log-origin", ORIGIN, "--log-key", log_key],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=state_dir.parent, env=env,
        )  # fmt: skip
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(lines,), daemon=True).start()
        self.printed: list[str] = []
        deadline = time.monotonic() + 90  # a loaded machine starts Python slowly; nothing here is timed
        while not (self.printed and self.printed[-1].startswith("listening on ")):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"the witness did not start: {self.printed}")
            try:
                self.printed.append(lines.get(timeout=1).rstrip("\n"))
            except queue.Empty:
                continue
        self.url = self.printed[-1].removeprefix("listening on ")
        self.vkey = next(line.removeprefix("vkey ") for line in self.printed if line.startswith("vkey "))
        self.http = httpx.Client(base_url=self.url, timeout=60)

    def _read(self, lines: queue.Queue[str]) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            lines.put(line)

    def add(self, old: int, proof: list[bytes], checkpoint: str) -> httpx.Response:
        body = f"old {old}\n" + "".join(b64(h) + "\n" for h in proof) + "\n" + checkpoint
        return self.http.post("/add-checkpoint", content=body.encode())

    def stop(self) -> None:
        if hasattr(self, "http"):
            self.http.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=30)


@pytest.fixture
def log() -> FakeLog:
    return FakeLog(size=16)


@pytest.fixture
def witness(tmp_path: Path, log: FakeLog) -> Iterator[WitnessProcess]:
    process = WitnessProcess(tmp_path / "state", log.vkey)
    yield process
    process.stop()


def cosigned_by(response: httpx.Response, checkpoint: str, witness_vkey: str) -> int:
    """The cosignature's timestamp, after checking it as a client would (appended to the checkpoint)."""
    assert response.status_code == 200, response.text
    assert response.text.startswith("\u2014 witness.test/w1 ") and response.text.endswith("\n")
    key = parse_vkey(witness_vkey)
    found = verify_cosignature(add_signatures(checkpoint, response.text), key.name, key.public_key)
    assert found is not None
    return found.timestamp


def test_it_cosigns_a_growing_log_and_keeps_its_record_across_a_restart(
    tmp_path: Path, log: FakeLog, witness: WitnessProcess
) -> None:
    assert any(line.startswith("generated witness key ") for line in witness.printed)
    assert parse_vkey(witness.vkey).algorithm == 0x04
    before = int(time.time())
    assert cosigned_by(witness.add(0, [], log.checkpoint(5)), log.checkpoint(5), witness.vkey) >= before
    cosigned_by(witness.add(5, log.consistency(5, 9), log.checkpoint(9)), log.checkpoint(9), witness.vkey)
    # The same tree again: cosigned again (a fresh timestamp on the same statement).
    cosigned_by(witness.add(9, [], log.checkpoint(9)), log.checkpoint(9), witness.vkey)
    # A stale old size: 409 with the size it last cosigned, so the log can retry from there.
    stale = witness.add(5, log.consistency(5, 12), log.checkpoint(12))
    assert (stale.status_code, stale.headers["content-type"], stale.text) == (409, "text/x.tlog.size", "9\n")

    latest = witness.http.get("/latest", params={"origin": ORIGIN}).json()
    assert (latest["size"], latest["root_hash"], latest["witness_vkey"]) == (9, b64(log.root(9)), witness.vkey)
    key = parse_vkey(witness.vkey)
    assert verify_cosignature(latest["checkpoint"], key.name, key.public_key) is not None

    witness.stop()
    again = WitnessProcess(tmp_path / "state", log.vkey)
    try:
        assert again.vkey == witness.vkey  # its own key, kept in its state directory
        assert not any(line.startswith("generated") for line in again.printed)
        assert again.http.get("/latest").json()["size"] == 9
        restarted = again.add(0, [], log.checkpoint(3))
        assert (restarted.status_code, restarted.text) == (409, "9\n")
        cosigned_by(again.add(9, log.consistency(9, 16), log.checkpoint(16)), log.checkpoint(16), again.vkey)
        assert again.http.get("/latest", params={"origin": ORIGIN}).json()["size"] == 16
    finally:
        again.stop()


def test_it_refuses_a_rewritten_or_truncated_log(tmp_path: Path, log: FakeLog, witness: WitnessProcess) -> None:
    cosigned_by(witness.add(0, [], log.checkpoint(8)), log.checkpoint(8), witness.vkey)
    # The log's key signing another history (what a rewrite looks like from outside).
    rewritten = FakeLog(size=16, key=log.key, customer="rewritten")

    # Grown from a rewritten past: no proof links it to the tree the witness cosigned.
    for proof in (rewritten.consistency(8, 12), log.consistency(8, 12)):
        refused = witness.add(8, proof, rewritten.checkpoint(12))
        assert refused.status_code == 422, refused.text
    # The same size with another root.
    assert witness.add(8, [], rewritten.checkpoint(8)).status_code == 409
    # Truncated: smaller than what the witness holds.
    assert witness.add(8, [], log.checkpoint(5)).status_code == 400  # old size above the checkpoint's
    truncated = witness.add(5, [], log.checkpoint(5))
    assert (truncated.status_code, truncated.text) == (409, "8\n")

    # Not the log's signature, not a known log, not a request.
    assert (
        witness.add(8, log.consistency(8, 12), log.checkpoint(12, key=Ed25519PrivateKey.generate())).status_code == 403
    )
    stranger = FakeLog(size=4, origin="elsewhere.test/log")
    assert witness.add(0, [], stranger.checkpoint()).status_code == 404
    assert witness.http.post("/add-checkpoint", content=b"old 8\n" + log.checkpoint(12).encode()).status_code == 400
    assert witness.add(8, [log.root()] * 64, log.checkpoint(12)).status_code == 400
    unsigned = checkpoint_body(ORIGIN, 12, log.root(12))
    assert witness.add(8, log.consistency(8, 12), unsigned).status_code == 400

    # None of that moved its record, and the genuine log still grows.
    assert witness.http.get("/latest").json()["size"] == 8
    cosigned_by(witness.add(8, log.consistency(8, 12), log.checkpoint(12)), log.checkpoint(12), witness.vkey)

    # The refusals of validly signed checkpoints are kept as evidence.
    (evidence,) = (tmp_path / "state").glob("*.refused.jsonl")
    reasons = [json.loads(line)["reason"] for line in evidence.read_text().splitlines()]
    assert reasons == ["consistency proof does not verify"] * 2 + ["same size, different root"]

    # A damaged record: it cosigns nothing (500) rather than start again from nothing.
    (record,) = (tmp_path / "state").glob("*.json")
    record.write_text("{")
    assert witness.add(12, log.consistency(12, 16), log.checkpoint(16)).status_code == 500
    assert witness.add(0, [], log.checkpoint(16)).status_code == 500
    assert witness.http.get("/latest").status_code == 500
