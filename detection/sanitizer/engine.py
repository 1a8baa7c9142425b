"""The screening engine: cleans every string argument and finds the first
rule that fires, then (optionally) asks the model stage about what passed.

An agent's tool arguments are attacker-reachable text: a memo the model was
told to write by a web page, an account "ID" lifted from an email.  Every
string argument is

* cleaned: invisible and format characters are removed from free text and
  each removal is recorded, so what is stored is what a reviewer sees;
* screened: its canonical forms (see canonical.py), the texts hidden in it
  (base64, hex) and its other spellings (reversed, rot13, leetspeak) are
  matched against the rules in rules/*.yaml.

The canonical forms are used for matching only and never stored.
"""

from __future__ import annotations

import dataclasses
import html
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import unquote

from core.secret_shapes import mask_secrets_in_text
from core.tools import FIELD_KINDS, FieldKind
from detection.sanitizer.canonical import (
    SPACED_OUT_RE,
    STORED_STRIP_RE,
    decode_layers,
    matching_forms,
    respaced_form,
    unescape_backslashes,
)
from detection.sanitizer.decoders import payloads, spellings
from detection.sanitizer.frames import business_frame, unframed_text
from detection.sanitizer.invisible import code_points, is_hidden_payload, reversed_by_override, scan_invisible
from detection.sanitizer.model import InjectionClassifier, located_views
from detection.sanitizer.rules import (
    HIDDEN_PAYLOAD,
    INVALID_IDENTIFIER,
    PATH_TRAVERSAL,
    PROMPT_INJECTION,
    Rule,
    RuleSet,
    load_rules,
)
from detection.sanitizer.semantic import Cascade

# identifier: [A-Za-z0-9_-] only.  free_text: anything, but Markdown/HTML
# links and images to external hosts are refused, because the text may reach
# a model that renders or follows them.  free_text_links: free text that
# never reaches a model (the links rules are skipped).

RULES: tuple[Rule, ...] = load_rules()
_MIN_SPELLING_TRIGGER = 3
_CANONICAL = RuleSet(rule for rule in RULES if rule.form == "canonical")
# Spellings (reversed, rot13, leetspeak) only matter for instructions to a
# model.  A rewritten memo is letter soup where short triggers ("ai", "or")
# turn up by chance; rules gated only by such triggers are left out.
_DIRECTIVE = RuleSet(
    rule
    for rule in RULES
    if rule.form == "canonical"
    and rule.category == PROMPT_INJECTION
    and rule.triggers is not None
    and min(map(len, rule.triggers)) >= _MIN_SPELLING_TRIGGER
)
# A value in a business frame (frames.py) is screened without the rules that
# yield to one: the same rules, minus the broad override and whole-balance
# patterns whose words a correction or a fraud warning also uses.
_CANONICAL_FRAMED = RuleSet(rule for rule in _CANONICAL.rules if not rule.yields)
_DIRECTIVE_FRAMED = RuleSet(rule for rule in _DIRECTIVE.rules if not rule.yields)
_COMPACT = RuleSet(rule for rule in RULES if rule.form == "compact")
_CASED = RuleSet(rule for rule in RULES if rule.form == "cased")
# Synthetic ids for findings no pattern produces.
HIDDEN_PAYLOAD_RULE = "invisible.hidden_payload"
REVERSED_BY_OVERRIDE_RULE = "invisible.right_to_left_override"
INVALID_IDENTIFIER_RULE = "identifier.invalid_characters"
NUL_TRUNCATION_RULE = "path.nul_truncation"
ENCODED_PROSE_RULE = "obfuscation.encoded_prose"
MIXED_SCRIPT_RULE = "obfuscation.mixed_script_words"
MODEL_RULE = "model.injection_classifier"

_IDENTIFIER_RE = re.compile(r"[A-Za-z0-9_-]{1,128}")
_SAFE_POINTER_SEGMENT_RE = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_MAX_NESTING = 64
_MAX_PAYLOAD_DEPTH = 2
# Letter-spaced words ("i g n o r e") or long unbroken letter runs
# ("ignorepreviousinstructions") are also matched with separators removed.
_SPACED_LETTERS_RE = re.compile(
    r"(?:^|[\W_])[^\W\d_][\W_]+[^\W\d_][\W_]+[^\W\d_][\W_]+[^\W\d_][\W_]+[^\W\d_](?![^\W_])"
)
_LONG_ASCII_WORD_RE = re.compile(r"[a-z]{20}")
_LONG_WORD_RE = re.compile(r"[^\W\d_]{20}")
_IDENTIFIER_COMPACT_TRIGGER_RE = re.compile(r"[a-z]{20}|(?:[a-z][_-]+){4}[a-z]")
_HEX_KEY_RE = re.compile(r"[0-9A-Fa-f-]+")
_NON_ALNUM_RE = re.compile(r"[\W_]+")
# Base64 or hex that decodes to a sentence (four or more words): nobody
# encodes their own memo, while an instruction is encoded to slip past the
# rules; whatever it says ("send the statement to ..."), it is not shown to
# the person who reads the value.  Keys, IBANs and ids decode to noise.
_PROSE_RE = re.compile(r"[^\W\d_]{2,}(?:[ ,'-]+[^\W\d_]+){3,}")
# A word spelled with Latin letters and Cyrillic or Greek look-alikes
# ("fоrwаrd" with Cyrillic o and a): no language writes a word that way; two
# such words are a disguise, whatever the words say.
_WORD_RE = re.compile(r"[^\W\d_]{2,}")
_LOOKALIKE_SCRIPTS = ("CYRILLIC", "GREEK")
_MIN_MIXED_WORDS = 2
_NUL_TRUNCATION_RE = re.compile(r"\.\w{1,6}\x00|\x00\.\w|/\x00")


@dataclass(frozen=True)
class Modification:
    """One change made to a stored value (never the value itself)."""

    field: str  # JSON-pointer path of the field, e.g. "/memo"
    kind: str  # "invisible_stripped"
    count: int  # how many characters were removed
    code_points: tuple[str, ...]  # distinct code points removed ("U+200B", ...), in code point order


@dataclass(frozen=True)
class Block:
    """Why a call was refused.  Carries the field, category and rule id only:
    the payload is attacker text and must not reach logs, audit rows or reviewers."""

    field: str
    category: str
    rule: str = ""


@dataclass(frozen=True)
class Suspicion:
    """The model stage's finding on a value the rules let through."""

    field: str
    score: float
    rule: str = MODEL_RULE
    category: str = PROMPT_INJECTION
    # [start, end) in the value as stored (cleaned) of the text that scored:
    # the whole value, the sentences a business frame leaves unexplained, or
    # the base64/hex payload whose decoding scored. A held value is shown to
    # its reviewer, so these offsets may be kept with the hold.
    span: tuple[int, int] | None = None
    # The threshold the score was read against, when the model stage has its own (the cascade's).
    threshold: float | None = None


@dataclass(frozen=True)
class SanitizeResult:
    arguments: dict[str, Any]
    modifications: tuple[Modification, ...]
    block: Block | None
    suspicion: Suspicion | None = None


def _match(forms: tuple[str, ...], links: bool, framed: bool = False) -> Rule | None:
    canonical, directive = (_CANONICAL_FRAMED, _DIRECTIVE_FRAMED) if framed else (_CANONICAL, _DIRECTIVE)
    for form in forms:
        rule = canonical.first_match(form, links=links)
        if rule is not None:
            return rule
    for form in forms:
        long_word = _LONG_ASCII_WORD_RE if form.isascii() else _LONG_WORD_RE
        if long_word.search(form) is not None or _SPACED_LETTERS_RE.search(form) is not None:
            rule = _COMPACT.first_match(_NON_ALNUM_RE.sub("", form))
            if rule is not None:
                return rule
    for form in forms:
        for spelling in spellings(form):
            rule = directive.first_match(spelling, links=links)
            if rule is not None:
                return rule
    return None


def screen_text(decoded: str, *, links: bool = True, depth: int = 0, framed: bool = False) -> Rule | None:
    """The first rule that fires on already-decoded text, looking inside
    base64 and hex payloads too.  `links`: whether the links rules apply;
    `framed`: the value is in a business frame (the rules that yield to one
    stand down; a payload inside it never is in one)."""
    forms = matching_forms(decoded)
    rule = _match(forms, links, framed)
    # Letters spelled out one by one; the folded form also sees spaced-out
    # symbols that stand for letters (regional indicators, "🇮 🇬 🇳").
    if rule is None and any(SPACED_OUT_RE.search(text) is not None for text in (decoded, forms[-1])):
        rule = _DIRECTIVE.first_match(respaced_form(decoded), links=links)
    if rule is None:
        # Case matters for a few markers: "SYSTEM:" mid-sentence is a role
        # marker, "the payment system: ..." is prose.
        rule = _CASED.first_match(decoded)
    if rule is None and depth < _MAX_PAYLOAD_DEPTH:
        for text in payloads(decoded):
            if is_hidden_payload(text):
                return _HIDDEN
            inner = decode_layers(text)
            rule = screen_text(inner, links=links, depth=depth + 1)
            if rule is None and _PROSE_RE.search(inner) is not None:
                rule = _ENCODED_PROSE
            if rule is not None:
                break
    if rule is None and depth == 0 and _mixed_script_words(decoded) >= _MIN_MIXED_WORDS:
        rule = _MIXED_SCRIPT
    return rule


def _mixed_script_words(text: str) -> int:
    """How many words mix Latin letters with Cyrillic or Greek ones."""
    if text.isascii():
        return 0
    count = 0
    for word in _WORD_RE.findall(text):
        if word.isascii():
            continue
        scripts = {unicodedata.name(c, "").partition(" ")[0] for c in word}
        if "LATIN" in scripts and any(name in scripts for name in _LOOKALIKE_SCRIPTS):
            count += 1
    return count


def _texts(decoded: str, depth: int = 0) -> list[tuple[str, str]]:
    """Every (form, text) the engine matches for a decoded value."""
    forms = matching_forms(decoded)
    texts = [("canonical", form) for form in forms]
    texts += [("compact", _NON_ALNUM_RE.sub("", form)) for form in forms]
    texts += [("spelling", spelling) for form in forms for spelling in spellings(form)]
    texts.append(("cased", decoded))
    if any(SPACED_OUT_RE.search(text) is not None for text in (decoded, forms[-1])):
        texts.append(("spelling", respaced_form(decoded)))
    if depth < _MAX_PAYLOAD_DEPTH:
        for text in payloads(decoded):
            texts += _texts(decode_layers(text), depth + 1)
    return texts


def rules_firing(value: str) -> tuple[str, ...]:
    """Ids of every rule that matches some form of `value`, without trigger
    gating or first-match: what a rule author checks a new rule against."""
    texts = _texts(decode_layers(value))
    fired = []
    for rule in RULES:
        forms = ("canonical", "spelling") if rule.form == "canonical" else (rule.form,)
        if any(kind in forms and rule.matches(text) for kind, text in texts):
            fired.append(rule.id)
    return tuple(fired)


def _nul_truncation(value: str) -> bool:
    """A NUL byte that cuts a file name short ("shell.php%00.jpg").  Matching
    forms drop NULs like other controls, so this looks at the value with
    only percent, entity and backslash decoding applied."""
    if "%" not in value and "&#" not in value and "\x00" not in value and "\\" not in value:
        return False
    text = value
    for _ in range(3):
        text = unescape_backslashes(html.unescape(unquote(text)))
    return "\x00" in text and _NUL_TRUNCATION_RE.search(text) is not None


@lru_cache(maxsize=4096)
def _identifier_rule(value: str) -> Rule | None:
    """The rule a well-formed identifier fires.  Cached: account numbers and
    currency codes repeat on nearly every call; the cache is bounded."""
    form = value.lower()
    rule = _CANONICAL.first_match(form)
    if rule is None and _IDENTIFIER_COMPACT_TRIGGER_RE.search(form) is not None:
        rule = _COMPACT.first_match(_NON_ALNUM_RE.sub("", form))
    # Hex keys and UUIDs are never base64 text: encoded printable text puts
    # letters outside a-f into nearly every 4-character group.
    if rule is None and len(value) >= 16 and _HEX_KEY_RE.fullmatch(value) is None:
        for text in payloads(value):
            rule = _HIDDEN if is_hidden_payload(text) else screen_text(decode_layers(text), depth=1)
            if rule is not None:
                break
    return rule


def _synthetic(rule_id: str, category: str) -> Rule:
    return Rule(
        id=rule_id,
        family=rule_id.partition(".")[0],
        category=category,
        severity="high",
        form="canonical",
        scope="always",
        lang=None,
        regex=re.compile("(?!)"),
        triggers=None,
        block=(),
        passes=(),
        source="engine.py",
    )


_HIDDEN = _synthetic(HIDDEN_PAYLOAD_RULE, HIDDEN_PAYLOAD)
_ENCODED_PROSE = _synthetic(ENCODED_PROSE_RULE, HIDDEN_PAYLOAD)
_MIXED_SCRIPT = _synthetic(MIXED_SCRIPT_RULE, HIDDEN_PAYLOAD)


@lru_cache(maxsize=1024)
def _safe_segment(segment: str) -> bool:
    return _SAFE_POINTER_SEGMENT_RE.fullmatch(segment) is not None


def _pointer(parent: str, key: object, index: int) -> str:
    """JSON-pointer child path.  A dict key that is not a plain name could be
    the payload itself, so it is replaced by its position ("~k3")."""
    segment = str(key)
    if isinstance(key, int) or _safe_segment(segment):
        return f"{parent}/{segment}"
    return f"{parent}/~k{index}"


class _Walker:
    def __init__(self, classifier: InjectionClassifier | None, threshold: float) -> None:
        self.modifications: list[Modification] = []
        self.block: Block | None = None
        self.suspicion: Suspicion | None = None
        # The text of the value that made the suspicion, to be located in what is stored.
        self.suspect_text = ""
        self.classifier = classifier
        self.threshold = threshold

    def _refuse(self, path: str, category: str, rule_id: str) -> None:
        if self.block is None:
            self.block = Block(field=path, category=category, rule=rule_id)

    def _refuse_rule(self, path: str, rule: Rule | None) -> None:
        if rule is not None:
            self._refuse(path, rule.category, rule.id)

    def _ask_model(self, text: str, path: str) -> None:
        if self.classifier is None or self.suspicion is not None or self.block is not None:
            return
        # A key or token pasted into a value is random characters, not words: the model
        # reads it as the stored value shows it ([redacted]), so the verdict on the words
        # around it does not turn on the characters a key happened to get.
        text = mask_secrets_in_text(text)
        if isinstance(self.classifier, Cascade):
            # The default model stage (semantic.py): the cheap stage clears,
            # the semantic stage decides; no frame stands its verdict down.
            found = self.classifier.screen(text)
            if found is not None:
                self.suspicion = Suspicion(
                    field=path, score=round(found[0], 4), threshold=round(self.classifier.threshold, 4)
                )
                self.suspect_text = found[1]
            return
        score, where = self._score(text)
        if score >= self.threshold and business_frame(text) is not None:
            # A value in a business frame addresses no model (frames.py): the
            # classifier, which reads words rather than who is addressed,
            # would hold the correction or fraud warning for the words it
            # shares with an override.  It still reads every sentence the
            # frame does not explain.  The frame is only looked for once the
            # score is high: most values never pay for it.
            unexplained = unframed_text(text)
            score, where = self._score(unexplained) if unexplained else (0.0, "")
        if score >= self.threshold:
            self.suspicion = Suspicion(field=path, score=round(score, 4))
            self.suspect_text = where

    def _score(self, text: str) -> tuple[float, str]:
        """The highest score of the texts the model reads, and where in `text` that text is."""
        assert self.classifier is not None
        return max(((self.classifier.score(view), where) for where, view in located_views(text)), key=lambda s: s[0])

    def _locate_suspicion(self, path: str, stored: str) -> None:
        """Offsets of the text that scored in the value as stored; the whole value when it is not there as written
        (it was decoded, or a frame's sentences were joined)."""
        if self.suspicion is None or self.suspicion.field != path or self.suspicion.span is not None:
            return
        start = stored.find(self.suspect_text) if self.suspect_text else -1
        span = (start, start + len(self.suspect_text)) if start >= 0 else (0, len(stored))
        self.suspicion = dataclasses.replace(self.suspicion, span=span)

    def string(self, value: str, path: str, kind: str) -> str:
        if kind == "identifier":
            if _IDENTIFIER_RE.fullmatch(value) is None:
                self._refuse(path, INVALID_IDENTIFIER, INVALID_IDENTIFIER_RULE)
            elif self.block is None:
                self._refuse_rule(path, _identifier_rule(value))
            return value
        scan = scan_invisible(value)
        if scan.removed:
            self.modifications.append(
                Modification(
                    field=path,
                    kind="invisible_stripped",
                    count=len(scan.removed),
                    code_points=code_points(scan.removed),
                )
            )
        if scan.hidden:
            self._refuse(path, HIDDEN_PAYLOAD, HIDDEN_PAYLOAD_RULE)
        elif self.block is None:
            if _nul_truncation(value):
                self._refuse(path, PATH_TRAVERSAL, NUL_TRUNCATION_RULE)
            else:
                decoded = decode_layers(value)
                links = kind == "free_text"
                rule = screen_text(decoded, links=links)
                # Only a rule that yields to a business frame makes the frame
                # worth looking for; in one, the value is screened again
                # without those rules (every other rule still runs).
                if rule is not None and rule.yields and business_frame(decoded) is not None:
                    rule = screen_text(decoded, links=links, framed=True)
                self._refuse_rule(path, rule)
                if self.block is None and reversed_by_override(value):
                    self._refuse(path, HIDDEN_PAYLOAD, REVERSED_BY_OVERRIDE_RULE)
                self._ask_model(decoded, path)
                self._locate_suspicion(path, scan.cleaned)
        return scan.cleaned

    def key(self, key: str, path: str) -> None:
        """Nested keys are shown to the model as well; they are not rewritten,
        so any invisible character in one is refused outright."""
        if STORED_STRIP_RE.search(key) is not None:
            self._refuse(path, HIDDEN_PAYLOAD, HIDDEN_PAYLOAD_RULE)
        elif self.block is None:
            self._refuse_rule(path, screen_text(decode_layers(key), links=True))

    def value(self, value: Any, path: str, kind: str, depth: int) -> Any:
        if isinstance(value, str):
            return self.string(value, path, kind)
        if depth > _MAX_NESTING:
            raise ValueError("arguments are nested too deeply to sanitize")
        if isinstance(value, Mapping):
            out: dict[Any, Any] = {}
            for index, (key, item) in enumerate(value.items()):
                child = _pointer(path, key, index)
                if isinstance(key, str):
                    self.key(key, child)
                out[key] = self.value(item, child, kind, depth + 1)
            return out
        if isinstance(value, (list, tuple)):
            items = [self.value(item, f"{path}/{i}", kind, depth + 1) for i, item in enumerate(value)]
            return items if isinstance(value, list) else tuple(items)
        return value


def sanitize_arguments(
    arguments: Mapping[str, Any],
    field_kinds: Mapping[str, FieldKind],
    *,
    classifier: InjectionClassifier | None = None,
    threshold: float = 0.5,
) -> SanitizeResult:
    """Clean and screen one call's arguments.

    `field_kinds` names the kind of each top-level argument; string arguments
    not listed are free text.  Strings nested in objects and arrays inherit
    the kind of their top-level argument.  Non-string values pass through
    untouched.  The first block found is reported; all fields are still
    cleaned.  With a `classifier`, free text the rules let through is scored
    and the first value scoring at or above `threshold` is reported as a
    suspicion (what to do with it is the caller's policy).
    """
    for name, kind in field_kinds.items():
        if kind not in FIELD_KINDS:
            raise ValueError(f"unknown field kind {kind!r} for {name!r}")
    walker = _Walker(classifier, threshold)
    cleaned: dict[str, Any] = {}
    for index, (name, value) in enumerate(arguments.items()):
        kind = field_kinds.get(name, "free_text")
        path = _pointer("", name, index)
        if isinstance(value, str):
            cleaned[name] = walker.string(value, path, kind)
        elif isinstance(value, (Mapping, list, tuple)):
            cleaned[name] = walker.value(value, path, kind, 1)
        else:
            cleaned[name] = value
    suspicion = walker.suspicion if walker.block is None else None
    return SanitizeResult(
        arguments=cleaned, modifications=tuple(walker.modifications), block=walker.block, suspicion=suspicion
    )
