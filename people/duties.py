"""Separation of duties: who may decide a held request.

A pure rule over plain values, so that every door that can decide (the
review pages, the case page, the REST API, the services) asks the same
question and gets the same answer; approvals.services is the one caller and
every entry point goes through it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from people.roles import REVIEWERS_GROUP


@dataclass(frozen=True)
class Refusal:
    code: str
    message: str


NOT_A_REVIEWER = Refusal("not_a_reviewer", "only reviewers can decide approval requests")
OWN_REQUEST = Refusal("own_request", "a reviewer cannot decide a request made on their own behalf")
DUTY_CONFLICT = Refusal(
    "duty_conflict",
    "you held this agent key's secret within the duty window; another reviewer must decide its requests",
)
DECIDED_BEFORE = Refusal("already_decided_by_you", "you have already decided this request; a second reviewer must")


def decision_refusal(
    *,
    user_id: int,
    groups: Collection[str],
    customer_user_id: int | None = None,
    earlier_deciders: Collection[int] = (),
    custodians: Collection[int] = (),
) -> Refusal | None:
    """Why this person may not decide this request, or None if they may.

    `groups` are the person's groups; `customer_user_id` is the person the
    request was made for, if the customer is one; `earlier_deciders` are the
    people who have already decided it (under dual control, one approval each);
    `custodians` are the people who held the request's agent key within the
    duty window (people.credentials.key_custodians).
    Before the request is read only the person is known: asked without the
    request's facts, the rule answers for the person alone.
    """
    if REVIEWERS_GROUP not in groups:
        return NOT_A_REVIEWER
    if customer_user_id is not None and customer_user_id == user_id:
        return OWN_REQUEST
    if user_id in custodians:
        # One person must not both hold the agent's credential and approve what it asks:
        # with the secret they could make the request and clear it themselves.
        return DUTY_CONFLICT
    if user_id in earlier_deciders:
        return DECIDED_BEFORE
    return None
