"""An independent witness for toolguard's log, speaking C2SP tlog-witness (c2sp.org/tlog-witness).

    python -m toolguard_verify.witness --port 8470 --state-dir /var/lib/tg-witness \\
        --log-origin toolguard.example/audit --log-key audit-signing.pub.pem \\
        [--log-key-history key-history.json]

The witness holds its own Ed25519 key (generated into the state directory
when missing) and its own state: for each log origin, the latest checkpoint
it cosigned, in one JSON file replaced atomically. It cosigns a checkpoint
only when it is signed by the log's key and provably extends the one it
cosigned before, so once it has cosigned a tree, the log can never show a
rewritten or truncated history that this witness will sign.

Endpoints:
- `POST /add-checkpoint`: the tlog-witness request and answers (200 with the
  cosignature line, 400, 403, 404, 409 with `text/x.tlog.size`, 422).
- `GET /latest?origin=O`: JSON of the latest cosigned checkpoint (toolguard's
  convenience, not part of the spec), for verifiers to fetch.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from toolguard_verify.cosignature import sign_cosignature
from toolguard_verify.keys import KeyHistory, KeyHistoryError
from toolguard_verify.merkle import EMPTY_ROOT, verify_consistency
from toolguard_verify.note import (
    ALG_COSIGNATURE_V1,
    NoteError,
    b64,
    b64decode_strict,
    key_id,
    load_public_key,
    parse_checkpoint,
    verify_note,
    vkey,
)

# tlog-witness "add-checkpoint": the client MUST NOT send more than 63 consistency proof lines.
MAX_PROOF_LINES = 63
# A checkpoint with its signatures and 63 proof lines is a few kilobytes; more is not a witness request.
MAX_BODY = 64 * 1024
_OLD_LINE = re.compile(r"old (0|[1-9][0-9]*)")
SIZE_CONTENT_TYPE = "text/x.tlog.size"


@dataclass(frozen=True)
class TrustedLog:
    origin: str
    key_name: str
    public_key: Ed25519PublicKey
    # After the log rotated its key: every key it has had, each only for its tree sizes.
    history: KeyHistory | None = None


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    content_type: str = "text/plain; charset=utf-8"


def _text(status: int, message: str) -> Answer:
    return Answer(status, (message.rstrip("\n") + "\n").encode())


def _json(status: int, value: Any) -> Answer:
    return Answer(status, (json.dumps(value, indent=2) + "\n").encode(), "application/json")


def write_atomically(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write to a temporary file beside `path`, flush it to disk, then rename over `path`.

    A crash leaves either the old file or the new one, never half of one:
    the witness's record is what stops it cosigning a rolled-back log.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


class Witness:
    """The witness's checks and state, apart from HTTP (so they can be driven directly too)."""

    def __init__(
        self,
        name: str,
        private_key: Ed25519PrivateKey,
        state_dir: Path,
        logs: Sequence[TrustedLog],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.name = name
        self.private_key = private_key
        self.state_dir = state_dir
        self.logs = {log.origin: log for log in logs}
        self.clock = clock
        self.vkey = vkey(name, private_key.public_key(), ALG_COSIGNATURE_V1)
        # tlog-witness: checking the old size and persisting the new checkpoint
        # must be one atomic step, or two requests could roll the record back.
        self._lock = threading.Lock()

    def state_path(self, origin: str) -> Path:
        # Origins are URLs-ish: readable slug, plus a hash so two origins never share a file.
        slug = re.sub(r"[^A-Za-z0-9._-]", "_", origin)[:80]
        return self.state_dir / f"{slug}-{hashlib.sha256(origin.encode()).hexdigest()[:12]}.json"

    def load(self, origin: str) -> dict[str, Any] | None:
        try:
            state = json.loads(self.state_path(origin).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        if (
            not isinstance(state, dict)
            or state.get("origin") != origin
            or not isinstance(state.get("size"), int)
            or not isinstance(state.get("root_hash"), str)
        ):
            raise RuntimeError(f"witness state for {origin} is not this witness's record")
        return state

    def _refused(self, origin: str, reason: str, request: str) -> None:
        # tlog-witness: a validly signed checkpoint that fails the checks MAY be
        # kept, as it might be proof of log misbehaviour.
        record = {"time": int(self.clock()), "reason": reason, "request": request}
        with self.state_path(origin).with_suffix(".refused.jsonl").open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record) + "\n")

    def add_checkpoint(self, raw: bytes) -> Answer:
        """tlog-witness "add-checkpoint": check the request in the spec's order and cosign, or refuse."""
        try:
            request = raw.decode("utf-8")
        except UnicodeDecodeError:
            return _text(400, "the request is not UTF-8")
        head, separator, note_text = request.partition("\n\n")
        if not separator:
            return _text(400, "the request has no empty line before the checkpoint")
        lines = head.split("\n")
        matched = _OLD_LINE.fullmatch(lines[0])
        if matched is None:
            return _text(400, "the first line is not 'old <size>'")
        old_size = int(matched.group(1))
        if len(lines) - 1 > MAX_PROOF_LINES:
            return _text(400, f"more than {MAX_PROOF_LINES} consistency proof lines")
        try:
            proof = [b64decode_strict(line, "a consistency proof line") for line in lines[1:]]
            checkpoint = parse_checkpoint(note_text)
        except NoteError as exc:
            return _text(400, str(exc))
        if any(len(value) != 32 for value in proof):
            return _text(400, "a consistency proof line is not a 32-byte hash")
        log = self.logs.get(checkpoint.origin)
        if log is None:
            return _text(404, f"unknown log origin {checkpoint.origin}")
        if log.history is not None:
            try:
                log.history.span_for(note_text, checkpoint)
            except KeyHistoryError as exc:
                return _text(403, str(exc))
        elif not verify_note(note_text, log.key_name, log.public_key):
            return _text(403, f"the checkpoint carries no valid signature by {log.key_name}")
        if old_size > checkpoint.size:
            return _text(400, f"old size {old_size} is larger than the checkpoint's size {checkpoint.size}")
        with self._lock:
            state = self.load(checkpoint.origin)
            latest_size = int(state["size"]) if state else 0
            if old_size != latest_size:
                # The spec's answer: the size this witness last cosigned, so the log can retry from it.
                return Answer(409, f"{latest_size}\n".encode(), SIZE_CONTENT_TYPE)
            latest_root = b64decode_strict(state["root_hash"], "stored root") if state else EMPTY_ROOT
            if old_size == checkpoint.size and latest_root != checkpoint.root_hash and state is not None:
                self._refused(checkpoint.origin, "same size, different root", request)
                return _text(409, f"tree size {old_size} was cosigned with a different root hash")
            if not verify_consistency(old_size, checkpoint.size, latest_root, checkpoint.root_hash, proof):
                self._refused(checkpoint.origin, "consistency proof does not verify", request)
                return _text(
                    422, f"the consistency proof from size {old_size} to size {checkpoint.size} does not verify"
                )
            timestamp = int(self.clock())
            line = sign_cosignature(checkpoint.body, self.name, self.private_key, timestamp)
            record = {
                "origin": checkpoint.origin,
                "size": checkpoint.size,
                "root_hash": b64(checkpoint.root_hash),
                "timestamp": timestamp,
                "checkpoint": note_text + line,
                "cosignature": line,
            }
            # Persisted before answering (tlog-witness): a cosignature the
            # witness forgot would let the log roll back past it.
            write_atomically(self.state_path(checkpoint.origin), (json.dumps(record, indent=2) + "\n").encode())
        return Answer(200, line.encode())

    def latest(self, origin: str | None) -> Answer:
        if origin is None and len(self.logs) == 1:
            origin = next(iter(self.logs))
        if origin is None:
            return _json(400, {"error": "name the log: ?origin=<origin>"})
        if origin not in self.logs:
            return _json(404, {"error": f"unknown log origin {origin}"})
        with self._lock:
            state = self.load(origin)
        if state is None:
            return _json(404, {"error": f"nothing cosigned yet for {origin}"})
        return _json(200, {**state, "witness": self.name, "witness_vkey": self.vkey})


class Handler(BaseHTTPRequestHandler):
    server_version = "toolguard-witness/0.1"
    # tlog-witness: witnesses SHOULD support keep-alive connections (every answer carries its length).
    protocol_version = "HTTP/1.1"
    witness: Witness  # set on the subclass made by `serve`

    def _send(self, answer: Answer, *, close: bool = False) -> None:
        self.send_response(answer.status)
        self.send_header("Content-Type", answer.content_type)
        self.send_header("Content-Length", str(len(answer.body)))
        if close:
            # The request body was left unread, so this connection cannot carry another request.
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(answer.body)

    def do_POST(self) -> None:
        length = self.headers.get("Content-Length", "")
        if urlsplit(self.path).path != "/add-checkpoint":
            self._send(_text(404, "not found"), close=True)
        elif not length.isdigit():
            self._send(_text(411, "Content-Length required"), close=True)
        elif int(length) > MAX_BODY:
            self._send(_text(413, f"a witness request is at most {MAX_BODY} bytes"), close=True)
        else:
            body = self.rfile.read(int(length))
            self._send(self._guarded(lambda: self.witness.add_checkpoint(body)))

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path != "/latest":
            self._send(_text(404, "not found"))
            return
        origins = parse_qs(url.query).get("origin")
        self._send(self._guarded(lambda: self.witness.latest(origins[0] if origins else None)))

    @staticmethod
    def _guarded(run: Callable[[], Answer]) -> Answer:
        try:
            return run()
        except (OSError, RuntimeError, ValueError) as exc:
            # An unreadable or unwritable record: cosign nothing rather than guess what was cosigned.
            sys.stderr.write(f"witness state error: {exc}\n")
            return _text(500, "the witness cannot read or write its record")

    def log_message(self, format: str, *args: Any) -> None:
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


def load_or_create_key(path: Path) -> tuple[Ed25519PrivateKey, bool]:
    """The witness's private key from a PEM file, generated (mode 0600) when the file does not exist."""
    if path.exists():
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise SystemExit(f"{path} is not an Ed25519 private key")
        return key, False
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, pem, mode=0o600)
    return key, True


def trusted_logs(origins: Sequence[str], keys: Sequence[str], histories: Sequence[str] = ()) -> list[TrustedLog]:
    """The logs this witness cosigns for; a log that rotated its key is given its key history too.

    A history is believed only when it holds the log's --log-key and each of
    its rotations is signed by both keys (toolguard_verify.keys).
    """
    if len(origins) != len(keys):
        raise SystemExit("give one --log-key for each --log-origin")
    loaded: dict[str, Any] = {}
    for path in histories:
        try:
            document = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SystemExit(f"--log-key-history {path}: {exc}") from None
        loaded[str(document.get("origin")) if isinstance(document, dict) else ""] = document
    logs = []
    for origin, source in zip(origins, keys, strict=True):
        try:
            name, public_key = load_public_key(source)
        except NoteError as exc:
            raise SystemExit(f"--log-key for {origin}: {exc}") from None
        history = None
        if origin in loaded:
            try:
                history = KeyHistory.load(loaded.pop(origin), public_key)
            except KeyHistoryError as exc:
                raise SystemExit(f"--log-key-history for {origin}: {exc}") from None
        # DESIGN: the log signs under the key name of its origin; a vkey names it.
        logs.append(TrustedLog(origin, name or origin, public_key, history))
    if loaded:
        raise SystemExit(f"--log-key-history for an origin not given as --log-origin: {', '.join(loaded)}")
    return logs


def serve(witness: Witness, host: str, port: int) -> ThreadingHTTPServer:
    handler = type("WitnessHandler", (Handler,), {"witness": witness})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m toolguard_verify.witness", description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8470, help="0 picks a free port (printed)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--state-dir", required=True, type=Path)
    parser.add_argument("--key-file", type=Path, help="PEM Ed25519 private key (default: <state-dir>/witness-key.pem)")
    parser.add_argument("--name", default="toolguard-witness", help="the witness's key name (a schema-less URL)")
    parser.add_argument("--log-origin", action="append", required=True, help="a log's origin line (repeatable)")
    parser.add_argument(
        "--log-key", action="append", required=True, help="that log's public key: vkey, or PEM file (repeatable)"
    )
    parser.add_argument(
        "--log-key-history",
        action="append",
        default=[],
        help="a log's key history after it rotated its key (JSON, from manage.py audit_key_rotate; repeatable): "
        "its checkpoints verify with the key whose tree sizes hold them",
    )
    args = parser.parse_args(argv)
    args.state_dir.mkdir(parents=True, exist_ok=True)
    key_file = args.key_file or args.state_dir / "witness-key.pem"
    private_key, generated = load_or_create_key(key_file)
    logs = trusted_logs(args.log_origin, args.log_key, args.log_key_history)
    witness = Witness(args.name, private_key, args.state_dir, logs)
    (args.state_dir / "witness.vkey").write_text(witness.vkey + "\n", encoding="utf-8")
    server = serve(witness, args.host, args.port)
    host, port = str(server.server_address[0]), int(server.server_address[1])
    if generated:
        print(f"generated witness key {key_file}")
    print(f"witness {witness.name}")
    print(f"vkey {witness.vkey}")
    for log in witness.logs.values():
        print(f"log {log.origin} key {log.key_name} {key_id(log.key_name, log.public_key).hex()}")
    print(f"listening on http://{host}:{port}", flush=True)

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
