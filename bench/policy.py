"""Micro benchmark: the banking catalog's CEL policy, evaluated per transfer_funds call.

Prints one JSON object (microseconds per call). One call is what the policy
stage does after its database reads: the value of the call (amount,
currency, beneficiary) and every rule of the policy against one set of
variables. The same expressions under cel-python are timed for comparison
(the runtime toolguard did not pick), when it is installed.

    .venv/bin/python bench/policy.py [--iterations N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")

import django

django.setup()

from core.tools import get_tool  # noqa: E402
from toolguard.pipeline.policy import limits  # noqa: E402

TARGET_US = 30


def _activation(n: int) -> dict[str, Any]:
    arguments = {
        "from_account": "checking-001",
        "to_account": "external-001",
        "amount": 12_500 + n % 1000,
        "currency": "USD",
        "memo": "Invoice 2024/17 - rent for May, thanks!",
        "idempotency_key": str(uuid.uuid4()),
    }
    return {
        "args": arguments,
        "tool": {"name": "transfer_funds", "changes_state": True},
        "principal": {"customer": "user-123", "key": "agent:user-123:0123456789ab", "customer_age_days": 400},
        "session": {"id": "s-1", "total": 250_000},
        "window": {"customer": 600_000, "key": 400_000, "beneficiary": 100_000},
        "limits": limits(),
        "facts": {"own_destination": False, "registered_payee": True},
    }


def _time(evaluate: Callable[[dict[str, Any]], Any], iterations: int) -> list[float]:
    calls = [_activation(n) for n in range(iterations)]
    for activation in calls[: min(500, iterations)]:
        evaluate(activation)
    samples = []
    clock = time.perf_counter_ns
    for activation in calls:
        started = clock()
        evaluate(activation)
        samples.append((clock() - started) / 1000)
    return samples


def _summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50": round(statistics.median(samples), 2),
        "p99": round(statistics.quantiles(samples, n=100)[98], 2),
        "mean": round(statistics.fmean(samples), 2),
    }


def _celpy(iterations: int) -> dict[str, float] | None:
    try:
        import celpy
    except ImportError:
        return None
    tool = get_tool("transfer_funds")
    assert tool is not None and tool.policy is not None
    env = celpy.Environment()
    programs = [env.program(env.compile(e.source)) for e in tool.policy.expressions]

    def evaluate(activation: dict[str, Any]) -> None:
        variables = celpy.json_to_cel(activation)
        for program in programs:
            program.evaluate(variables)

    return _summary(_time(evaluate, max(iterations // 20, 200)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20_000)
    iterations = parser.parse_args().iterations
    tool = get_tool("transfer_funds")
    assert tool is not None and tool.policy is not None and tool.value is not None
    policy, value = tool.policy, tool.value

    def evaluate(activation: dict[str, Any]) -> None:
        value.of(activation["args"])
        policy.evaluate(activation)

    policy_only = _summary(_time(policy.evaluate, iterations))
    total = _summary(_time(evaluate, iterations))
    celpy = _celpy(iterations)
    print(
        json.dumps(
            {
                "iterations": iterations,
                "runtime": f"common-expression-language {version('common-expression-language')}",
                "expressions": len(policy.expressions),
                "policy_us_p50": policy_only["p50"],
                "policy_us_p99": policy_only["p99"],
                "policy_and_value_us_p50": total["p50"],
                "policy_and_value_us_p99": total["p99"],
                "policy_and_value_us_mean": total["mean"],
                "target_us": TARGET_US,
                "within_target": total["p50"] <= TARGET_US,
                "cel_python_us_p50": celpy["p50"] if celpy else None,
                "cel_python_us_p99": celpy["p99"] if celpy else None,
            }
        )
    )


if __name__ == "__main__":
    main()
