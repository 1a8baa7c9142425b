"""Forms of the reviewer pages.

The forms only check shape; every rule about who may decide what, and when,
lives in approvals.services.approval_decide so the pages and the API agree.
"""

from __future__ import annotations

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
