"""A syslog-over-TLS collector for the tests (RFC 5425): python siem_tls_collector.py PORT CERT KEY FILE.

Each connection is read to its end (the client's close_notify), its bytes
appended to FILE as they came (the test parses the octet-counted frames),
then the connection is closed as rsyslog closes one: after every byte was read.
"""

from __future__ import annotations

import socket
import ssl
import sys


def main() -> None:
    port, cert, key, path_out = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    with socket.create_server(("127.0.0.1", port)) as server:
        while True:
            raw, _ = server.accept()
            try:
                with context.wrap_socket(raw, server_side=True) as conn:
                    received = bytearray()
                    while chunk := conn.recv(65536):
                        received += chunk
                    with open(path_out, "ab") as out:
                        out.write(received)
                    conn.unwrap().close()
            except (OSError, ssl.SSLError):
                raw.close()  # a client that did not trust us, or went away


if __name__ == "__main__":
    main()
