from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from approvals.models import ApprovalDecision, ApprovalRequest
from audit.receipts import decision_reference
from audit.serializers import AuditReferenceSerializer
from core.fields import JSONIntegerField


class ApprovalDecisionSerializer(serializers.ModelSerializer):
    audit = serializers.SerializerMethodField(help_text="The audit entry recording this decision's outcome")

    class Meta:
        model = ApprovalDecision
        fields = ["reviewer_label", "decision", "reason_code", "reason", "created_at", "audit"]

    @extend_schema_field(AuditReferenceSerializer(allow_null=True))
    def get_audit(self, decision: ApprovalDecision) -> dict[str, Any] | None:
        return decision_reference(approval_id=str(decision.approval_id), reviewer_label=decision.reviewer_label)


class ApprovalSerializer(serializers.ModelSerializer):
    customer = serializers.CharField(source="customer.external_id")
    decisions = ApprovalDecisionSerializer(many=True, read_only=True)
    approvals_received = serializers.SerializerMethodField()
    # The name clients knew before values were generic; the same number as value_cents.
    amount_cents = serializers.IntegerField(source="value_cents", read_only=True, allow_null=True)

    class Meta:
        model = ApprovalRequest
        fields = [
            "id",
            "status",
            "tool",
            "customer",
            "session_id",
            "requested_by",
            "arguments",
            "held_ref",
            "summary",
            "value_cents",
            "amount_cents",
            "currency",
            "reporting_cents",
            "reporting_currency",
            "beneficiary",
            "rules",
            "risk_flags",
            "sanitizer_modifications",
            "required_approvals",
            "approvals_received",
            "version",
            "outcome",
            "failure_reason",
            "created_at",
            "expires_at",
            "decided_at",
            "decisions",
        ]

    def get_approvals_received(self, approval: ApprovalRequest) -> int:
        return sum(1 for d in approval.decisions.all() if d.decision == ApprovalDecision.Decision.APPROVE)


class DecisionOutputSerializer(ApprovalSerializer):
    """The request after a decision, with the entry recording this decision: the reviewer's receipt."""

    audit = AuditReferenceSerializer(allow_null=True, read_only=True)

    class Meta(ApprovalSerializer.Meta):
        fields = [*ApprovalSerializer.Meta.fields, "audit"]


class DecisionInputSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=ApprovalDecision.Decision.choices)
    reason_code = serializers.ChoiceField(choices=ApprovalDecision.ReasonCode.choices, required=False, allow_blank=True)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    version = JSONIntegerField(required=False, min_value=1, help_text="The version the reviewer saw")
    otp = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=16,
        help_text="The reviewer's current TOTP code: required to approve above TOOLGUARD_STEP_UP_CENTS",
    )

    def validated(self) -> dict[str, Any]:
        data = dict(self.validated_data)
        data.setdefault("reason_code", "")
        data.setdefault("reason", "")
        data.setdefault("version", None)
        data.pop("otp", None)
        return data
