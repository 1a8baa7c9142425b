"""People's API authentication: HTTP Basic (a PBKDF2 check per request) against a
personal API token (one SHA-256 and an indexed lookup). Prints one JSON object.

    .venv/bin/python bench/people_auth.py [--requests 30]

Uses a PostgreSQL database of its own (toolguard_bench_people); the
authentication classes run in-process, exactly as DRF calls them per request.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import log, machine, manage, postgres_recreate

PASSWORD = "bench-reviewer-password"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args()
    database_url = postgres_recreate("toolguard_bench_people")
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "toolguard.settings"}
    env.pop("REDIS_URL", None)
    log("migrating")
    manage("migrate", "--noinput", env=env)
    os.environ.update({"DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "toolguard.settings"})
    os.environ.pop("REDIS_URL", None)

    import django

    django.setup()
    from django.contrib.auth.models import Group, User
    from rest_framework.authentication import BasicAuthentication
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory

    from people.auth import PersonalTokenAuthentication
    from people.models import PersonalToken

    user = User.objects.create_user("bench-reviewer", password=PASSWORD)
    user.groups.add(Group.objects.get(name="reviewers"))
    _, raw = PersonalToken.objects.issue(user=user, name="bench")
    factory = APIRequestFactory()
    basic = "Basic " + base64.b64encode(f"bench-reviewer:{PASSWORD}".encode()).decode()

    def per_request_ms(header: str, authenticator: object) -> float:
        timings = []
        for _ in range(args.requests):
            request = Request(factory.get("/api/v1/approvals", HTTP_AUTHORIZATION=header))
            start = time.perf_counter()
            result = authenticator.authenticate(request)  # type: ignore[attr-defined]
            timings.append((time.perf_counter() - start) * 1000)
            assert result is not None and result[0].pk == user.pk
        return round(statistics.median(timings), 2)

    log(f"{args.requests} authentications each way")
    basic_ms = per_request_ms(basic, BasicAuthentication())
    token_ms = per_request_ms(f"Bearer {raw}", PersonalTokenAuthentication())
    print(
        json.dumps(
            {
                "bench": "people_auth",
                "requests": args.requests,
                "basic_median_ms": basic_ms,
                "token_median_ms": token_ms,
                "speedup": round(basic_ms / token_ms, 1) if token_ms else None,
                "machine": machine(),
            }
        )
    )


if __name__ == "__main__":
    main()
