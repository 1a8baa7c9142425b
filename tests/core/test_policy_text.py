"""Policy text helpers read the canonical form the sanitizer screens, not the raw string."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

from core.canonical import canonical_form as core_canonical_form
from core.policy import Policy
from core.policy_text import TEXT_FUNCTIONS, canonical, contains_link, contains_text
from detection.sanitizer import canonical_form as detection_canonical_form

ZWSP, ZWJ, SOFT_HYPHEN = "\u200b", "\u200d", "\u00ad"


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


# The canonical-form families a raw `contains('https://')` misses; each must be seen as a link.
LINKS = {
    "lower case scheme": "Reset here: https://evil.example/login",
    "upper case scheme": "Reset here: HTTPS://EVIL.EXAMPLE/LOGIN",
    "mixed case scheme": "Reset here: hTtPs://evil.example/login",
    "http": "see Http://evil.example",
    "other scheme": "get it from FTP://files.example/x",
    "full-width": "Reset here: " + full_width("https://evil.example/login"),
    "full-width scheme-less": full_width("track.example/abc"),
    "zero-width in the scheme": f"Reset here: ht{ZWSP}tps://evil.example/login",
    "joiner and soft hyphen in the host": f"https://ev{ZWJ}il.exa{SOFT_HYPHEN}mple/login",
    "percent-encoded": "go to https%3A%2F%2Fevil.example%2Flogin",
    "entity-encoded": "go to &#104;ttps://evil.example/login",
    "cyrillic look-alike scheme": "Reset: \u04bbttps://evil.example/login",
    "scheme-relative": "open //evil.example/x",
    "scheme-less host and path": "Track your parcel: track.example/abc",
    "scheme-less upper case": "Track your parcel: TRACK.EXAMPLE/ABC",
    "zero-width in a scheme-less host": f"track{ZWSP}.example/abc",
    "ideographic full stop": "track\u3002example/abc",
    "www": "visit www.x.com today",
    "www upper case": "visit WWW.X.COM today",
    "bare host": "pay at pay-me.com now",
    "host and port": "connect to 10.0.0.1:8080",
    "host and query": "pay.example?ref=1",
    "javascript": "javascript:alert(1)",
    "idn host with path": "\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/\u043f\u0443\u0442\u044c",
}

# Ordinary text that must not read as a link.
PROSE = {
    "section number": "see section 3.2 of the terms",
    "abbreviation": "e.g. the total, i.e. what you paid",
    "amount": "an amount of 1.000,50 EUR was refunded",
    "version": "fixed in v2.1.4",
    "title": "Mr. Smith and Dr. Jones",
    "e-mail address": "write to jane@example.com",
    "file name": "the attached report.pdf explains it",
    "file name ending a sentence": "See report.pdf.",
    "file name whose extension is a domain": "run setup.sh, main.py, then unzip photos.zip",
    "missing space after a full stop": "Thanks.Best regards. Done.It works",
    "slashes and colons": "24/7 support, and/or a 3:1 ratio, 1.5/2 stars",
    "a language named": "We use JavaScript: it is fine",
    "empty": "",
}


@pytest.mark.parametrize("text", LINKS.values(), ids=LINKS.keys())
def test_contains_link_sees_every_spelling_of_a_link(text: str) -> None:
    assert contains_link(text)


@pytest.mark.parametrize("text", PROSE.values(), ids=PROSE.keys())
def test_ordinary_prose_is_not_a_link(text: str) -> None:
    assert not contains_link(text)


def test_a_file_name_with_a_path_after_it_is_a_link() -> None:
    assert contains_link("photos.zip/x") and contains_link("report.pdf/download")


@pytest.mark.parametrize(
    "text",
    [
        "URGENT: pay now",
        "Urgent: pay now",
        full_width("urgent") + ": pay now",
        f"ur{ZWSP}gent: pay now",
        "urg\u0435nt: pay now",  # a Cyrillic e
        "\U0001f144RGENT: pay now",  # a squared capital U
        "urgent%21 pay now",
    ],
)
def test_contains_text_and_canonical_read_the_canonical_form(text: str) -> None:
    assert contains_text(text, "urgent")
    assert contains_text(text, "URGENT")
    assert "urgent" in canonical(text)


def test_contains_text_does_not_find_what_is_not_there() -> None:
    assert not contains_text("the total is due", "urgent")
    assert not contains_text("", "urgent")


def test_helpers_look_inside_lists_and_maps() -> None:
    arguments: dict[str, Any] = {"subject": "Hello", "lines": ["fine", "see TRACK.EXAMPLE/abc"], "n": 3}
    assert contains_link(arguments) and contains_text(arguments, "hello")
    assert not contains_link({"subject": "Hello", "n": 3})


def test_the_helpers_read_the_sanitizers_canonical_form() -> None:
    # One implementation: detection's public name is core's function.
    assert detection_canonical_form is core_canonical_form
    text = "HT" + ZWSP + "TPS://" + full_width("Evil")
    assert canonical(text) == core_canonical_form(text, fold_lookalikes=True) == "https://evil"


def test_every_text_helper_is_callable_from_a_rule() -> None:
    rules = {
        "canonical": "canonical(args.body).contains('https://')",
        "contains_text": "contains_text(args.body, 'https://')",
        "contains_link": "contains_link(args.body)",
    }
    assert set(rules) == set(TEXT_FUNCTIONS)
    policy = Policy.compile(tool="t1", spec={"hold_when": rules}, changes_state=True, field_kinds={"body": "free_text"})
    for family, text in LINKS.items():
        if "https://" not in core_canonical_form(text, fold_lookalikes=True):
            continue
        assert set(policy.evaluate({"args": {"body": text}}).held) == set(rules), family
    assert policy.evaluate({"args": {"body": "see section 3.2"}}).held == ()


def test_the_shipped_email_rule_reads_the_canonical_form() -> None:
    from core.tools import get_tool

    tool = get_tool("send_customer_email")
    assert tool is not None
    [rule] = [rule for rule in tool.policy.hold_when if rule.name == "contains_link"]
    policy = Policy(hold_when=(rule,))
    for family, text in LINKS.items():
        assert policy.evaluate({"args": {"subject": "Your order", "body": text}}).held == ("contains_link",), family
    for family, text in PROSE.items():
        assert policy.evaluate({"args": {"subject": "Your order", "body": text}}).held == (), family


@pytest.mark.parametrize(
    "source",
    [
        "args.body.contains('https://')",
        "args.body.lowerAscii().contains('http')",
        "args['body'].startsWith('http')",
        "matches(args.body, 'https?://')",
        "args.note.endsWith('.com')",  # not declared: free text to the sanitizer too
    ],
)
def test_a_rule_reading_free_text_raw_stops_start_up(source: str) -> None:
    with pytest.raises(ImproperlyConfigured, match=r"rule 'raw'.*contains_link\(\)"):
        Policy.compile(
            tool="t1", spec={"hold_when": {"raw": source}}, changes_state=True, field_kinds={"body": "free_text"}
        )


def test_an_identifier_may_be_read_raw() -> None:
    policy = Policy.compile(
        tool="t1",
        spec={"deny_when": {"closed": "args.order_id.startsWith('X')"}},
        changes_state=True,
        field_kinds={"order_id": "identifier"},
    )
    assert policy.evaluate({"args": {"order_id": "X1"}}).denied == ("closed",)


def test_a_helper_given_no_text_fails_closed() -> None:
    policy = Policy.compile(tool="t1", spec={"hold_when": {"odd": "canonical(args.n) == ''"}}, changes_state=True)
    assert policy.evaluate({"args": {"n": 3}}).held == ("odd",)
