"""A state-changing call at its decision, inside its transaction: what each way it can go needs.

The write phase (state_changing.py) decides, then hands this to the way the
call goes: held for a reviewer (approval_hold.py), committed as dispatching
to an upstream (dispatching.py), or executed (state_changing.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.idempotency import IdempotencyScope
from core.pipelining import CommitFlight
from core.tools import Tool, ToolContext
from toolguard.pipeline.call import Call
from toolguard.pipeline.policy import PolicyCheck


@dataclass(frozen=True)
class Decided:
    call: Call
    tool: Tool
    # The handler's view of the call, with what its authorize step read.
    ctx: ToolContext
    scope: IdempotencyScope
    # The arguments' hash, stored with the key's record: a retry with other arguments is told so.
    args_hash: str
    check: PolicyCheck
    # The call's time: its rows and its value entry's window bucket.
    now: datetime
    # The transaction, sent as one pipeline: `start()` sends what follows with its COMMIT.
    flight: CommitFlight
