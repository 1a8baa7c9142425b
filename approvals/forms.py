"""Forms of the reviewer pages.

The forms only check shape; every rule about who may decide what, and when,
lives in approvals.services.approval_decide so the pages and the API agree.
"""

from __future__ import annotations

import uuid

from django import forms

from approvals.models import ApprovalDecision

REASON_MAX_LENGTH = 2000


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(choices=ApprovalDecision.Decision.choices)
    reason = forms.CharField(
        required=False,
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "What you checked, and why you decided so"}),
    )
    # Required for a rejection; the service says so, with the same message as the API.
    reason_code = forms.ChoiceField(
        required=False, choices=[("", "— choose when rejecting —"), *ApprovalDecision.ReasonCode.choices]
    )
    # The version of the request the page was drawn from: a decision taken on
    # a stale page (decided, expired, a second approval since) is refused.
    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # The second factor's code, asked for by the step-up page before a large approval.
    otp_token = forms.CharField(required=False, max_length=16)


class CaseDecisionForm(forms.Form):
    """A decision over every pending request of a case, as drawn on the case page."""

    decision = forms.ChoiceField(choices=ApprovalDecision.Decision.choices)
    reason = forms.CharField(
        required=False,
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "What you checked, and why you decided so"}),
    )
    reason_code = forms.ChoiceField(
        required=False, choices=[("", "— choose when rejecting —"), *ApprovalDecision.ReasonCode.choices]
    )
    # "id:version" for each request the page showed; a request changed since is refused.
    requests = forms.CharField(widget=forms.HiddenInput, max_length=200 * 48)
    otp_token = forms.CharField(required=False, max_length=16)

    def clean_requests(self) -> dict[str, int]:
        shown: dict[str, int] = {}
        for part in self.cleaned_data["requests"].split(","):
            ident, _, version = part.partition(":")
            try:
                shown[str(uuid.UUID(ident))] = int(version)
            except ValueError:
                raise forms.ValidationError("the list of requests is malformed; reload the case") from None
        return shown
