"""Detection rules as data: loading `rules/*.yaml` and matching them fast.

A rule file holds one family of rules (SQL, shell, instruction override,
role markers, ...).  Each rule has an id, a category (what a block reports),
a severity, a regular expression written against the canonical form, the
trigger literals one of which every match contains, and its own examples:
`block` values it must stop and `pass` neighbours it must let through.  A
rule without a block example, with an unknown key or a pattern that does
not compile, stops the import: a rule nobody can show firing is not loaded.

Hundreds of patterns cannot each scan every value on every call.  One
Aho-Corasick pass finds the triggers present in a form; only the rules they
point at run.  Triggers are declared in the rule (see docs/detection.md),
never derived from regex internals.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import ahocorasick
import yaml

RULES_DIR = Path(__file__).resolve().parent / "rules"
# The same safe constructor, on libyaml's parser where PyYAML was built with it: every
# process that imports the engine (each gunicorn worker, each manage.py command) parses
# these files at start, and the pure-Python parser takes most of a second for them.
_LIBYAML = bool(getattr(yaml, "__with_libyaml__", False))

Form = Literal["canonical", "compact", "cased"]
Scope = Literal["always", "links"]
Severity = Literal["high", "medium", "low"]

SQL_INJECTION = "sql_injection"
COMMAND_INJECTION = "command_injection"
PATH_TRAVERSAL = "path_traversal"
PROMPT_INJECTION = "prompt_injection"
HIDDEN_PAYLOAD = "hidden_payload"
INVALID_IDENTIFIER = "invalid_identifier"
CATEGORIES: tuple[str, ...] = (
    SQL_INJECTION,
    COMMAND_INJECTION,
    PATH_TRAVERSAL,
    PROMPT_INJECTION,
    HIDDEN_PAYLOAD,
    INVALID_IDENTIFIER,
)
_SEVERITIES = ("high", "medium", "low")
_FORMS = ("canonical", "compact", "cased")
_SCOPES = ("always", "links")

# Macros a pattern may use.  "_" separates words too (ignore_previous), and a
# phrase may not run over a sentence end ("Ignore the fee. Rules say ...").
_B = r"(?<![^\W_])"
_E = r"(?![^\W_])"
_SEP = r"(?:[^\w.!?;]|_|\.(?=\w))+"
_WORD = r"[^\W_]+(?:'[^\W_]+)?"
_MACRO_RE = re.compile(r"%(B|E|SEP|WORD|GAP[1-9]|[a-z][a-z0-9_]*)%")

_FILE_KEYS = {"family", "category", "severity", "form", "scope", "priority", "terms", "rules"}
_RULE_KEYS = {"id", "category", "severity", "form", "lang", "pattern", "triggers", "block", "pass", "note", "yields"}
_REGEX_META_RE = re.compile(r"[\\.^$*+?{}\[\]|()]")
_ID_RE = re.compile(r"[a-z][a-z0-9_]*\.[a-z0-9_]+")


class RuleError(ValueError):
    """A rule file that cannot be loaded; the message names the file and rule."""


@dataclass(frozen=True)
class Rule:
    id: str
    family: str
    category: str
    severity: str
    form: str
    scope: str
    lang: str | None
    regex: re.Pattern[str]
    triggers: frozenset[str] | None  # None: the rule runs on every value
    block: tuple[str, ...]
    passes: tuple[str, ...]
    source: str
    # Stands down on a value in a business frame (frames.py): a correction,
    # help on a software warning, a fraud warning, a plain amount.
    yields: bool = False

    def matches(self, form: str) -> bool:
        return self.regex.search(form) is not None


def _gap(words: int) -> str:
    """A separator, optionally with up to `words` filler words."""
    return rf"(?:{_SEP}{_WORD}){{0,{words}}}?{_SEP}"


def _expand(pattern: str, terms: dict[str, tuple[str, ...]], where: str) -> str:
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "B":
            return _B
        if name == "E":
            return _E
        if name == "SEP":
            return _SEP
        if name == "WORD":
            return _WORD
        if name.startswith("GAP"):
            return _gap(int(name[3:]))
        if name not in terms:
            raise RuleError(f"{where}: unknown term %{name}%")
        return _alternation(terms[name])

    # Patterns are matched against NFKC, casefolded text: normalize them the
    # same way (Hindi nukta letters decompose, final sigma becomes sigma).
    return unicodedata.normalize("NFKC", _MACRO_RE.sub(replace, pattern)).replace("\u03c2", "\u03c3")


def _strings(value: Any, where: str, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        raise RuleError(f"{where}: {key} must be a list of non-empty strings")
    return tuple(value)


def _terms(raw: Any, where: str) -> dict[str, tuple[str, ...]]:
    """Named phrase lists.  An entry "%name%" takes in every phrase of a term
    defined above it, so a rule across languages reuses each language's list
    (send: ['%en_send%', '%es_send%']) instead of a copy of it."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise RuleError(f"{where}: terms must be a mapping of name to a list of phrases")
    terms: dict[str, tuple[str, ...]] = {}
    for name, words in raw.items():
        phrases: list[str] = []
        for word in _strings(words, where, f"terms.{name}"):
            match = _MACRO_RE.fullmatch(word)
            if match is None:
                phrases.append(word)
            elif match.group(1) in terms:
                phrases.extend(terms[match.group(1)])
            else:
                raise RuleError(f"{where}: terms.{name} names {word}, which is not a term defined above it")
        terms[str(name)] = tuple(dict.fromkeys(phrases))
    return terms


def _alternation(phrases: tuple[str, ...]) -> str:
    # Longest first, so that "ignore all" is preferred over "ignore".
    return "(?:" + "|".join(sorted(phrases, key=len, reverse=True)) + ")"


def _triggers(raw: Any, terms: dict[str, tuple[str, ...]], where: str) -> tuple[str, ...]:
    """Trigger literals; an entry "%name%" stands for every phrase of that
    term (which must then be plain text, not a regex)."""
    triggers: list[str] = []
    for trigger in _strings(raw, where, "triggers"):
        match = _MACRO_RE.fullmatch(trigger)
        if match is None or match.group(1) not in terms:
            triggers.append(trigger)  # a literal, even one like "%appdata%"
            continue
        for phrase in terms[match.group(1)]:
            if _REGEX_META_RE.search(phrase) is not None:
                raise RuleError(f"{where}: term {trigger} holds a regex ({phrase!r}) and cannot be a trigger")
            triggers.append(phrase)
    return tuple(triggers)


def _choice(value: Any, allowed: tuple[str, ...], where: str, key: str) -> str:
    if value not in allowed:
        raise RuleError(f"{where}: {key} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _flag(value: Any, where: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(f"{where}: {key} must be true or false")
    return value


def load_file(path: Path) -> tuple[int, list[Rule]]:
    """The file's priority and its rules."""
    text = path.read_text(encoding="utf-8")
    document = yaml.load(text, Loader=yaml.CSafeLoader) if _LIBYAML else yaml.safe_load(text)
    where = path.name
    if not isinstance(document, dict) or not isinstance(document.get("rules"), list):
        raise RuleError(f"{where}: a rule file is a mapping with a list of rules")
    unknown = set(document) - _FILE_KEYS
    if unknown:
        raise RuleError(f"{where}: unknown keys {sorted(unknown)}")
    priority = document.get("priority", 50)
    if not isinstance(priority, int):
        raise RuleError(f"{where}: priority must be an integer")
    terms = _terms(document.get("terms"), where)
    family = str(document.get("family") or path.stem)
    rules: list[Rule] = []
    for raw in document["rules"]:
        if not isinstance(raw, dict):
            raise RuleError(f"{where}: each rule is a mapping")
        rule_where = f"{where}: rule {raw.get('id', '?')}"
        unknown = set(raw) - _RULE_KEYS
        if unknown:
            raise RuleError(f"{rule_where}: unknown keys {sorted(unknown)}")
        rule_id = raw.get("id")
        if not isinstance(rule_id, str) or _ID_RE.fullmatch(rule_id) is None:
            raise RuleError(f"{rule_where}: id must look like family.name")
        block = _strings(raw.get("block"), rule_where, "block")
        if not block:
            raise RuleError(f"{rule_where}: a rule needs at least one block example")
        pattern = raw.get("pattern")
        if not isinstance(pattern, str) or not pattern:
            raise RuleError(f"{rule_where}: pattern is required")
        try:
            regex = re.compile(_expand(pattern, terms, rule_where), re.DOTALL)
        except re.error as error:
            raise RuleError(f"{rule_where}: pattern does not compile: {error}") from error
        triggers = _triggers(raw.get("triggers"), terms, rule_where)
        form = _choice(raw.get("form", document.get("form", "canonical")), _FORMS, rule_where, "form")
        if form != "cased":
            triggers = tuple(unicodedata.normalize("NFKC", t).casefold() for t in triggers)
        rules.append(
            Rule(
                id=rule_id,
                family=family,
                category=_choice(raw.get("category", document.get("category")), CATEGORIES, rule_where, "category"),
                severity=_choice(
                    raw.get("severity", document.get("severity", "high")), _SEVERITIES, rule_where, "severity"
                ),
                form=form,
                scope=_choice(document.get("scope", "always"), _SCOPES, rule_where, "scope"),
                lang=raw.get("lang"),
                regex=regex,
                triggers=frozenset(triggers) or None,
                block=block,
                passes=_strings(raw.get("pass"), rule_where, "pass"),
                source=path.name,
                yields=_flag(raw.get("yields", False), rule_where, "yields"),
            )
        )
    return priority, rules


def load_rules(directory: Path = RULES_DIR) -> tuple[Rule, ...]:
    # Files with a lower `priority` (default 50) come first, then by name.
    files = sorted(((*load_file(path), path.name) for path in directory.glob("*.yaml")), key=lambda f: (f[0], f[2]))
    rules = [rule for _, file_rules, _ in files for rule in file_rules]
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            raise RuleError(f"{rule.source}: rule id {rule.id} is used twice")
        seen.add(rule.id)
    return tuple(rules)


def _automaton(triggers: dict[str, set[int]]) -> Any:
    """An Aho-Corasick automaton: one pass over a form reports every trigger
    in it, overlapping ones included, whatever their number."""
    automaton = ahocorasick.Automaton()
    for trigger, indexes in triggers.items():
        automaton.add_word(trigger, frozenset(indexes))
    if triggers:
        automaton.make_automaton()
    return automaton


class RuleSet:
    """Rules of one form, in file order, behind one trigger scan."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        # When several rules fire, the one reported is the first in category
        # order (SQL, shell, path, prompt), then file order.
        self.rules: tuple[Rule, ...] = tuple(sorted(rules, key=lambda rule: CATEGORIES.index(rule.category)))
        self.always: tuple[int, ...] = tuple(i for i, rule in enumerate(self.rules) if rule.triggers is None)
        by_trigger: dict[str, set[int]] = {}
        for index, rule in enumerate(self.rules):
            for trigger in rule.triggers or ():
                by_trigger.setdefault(trigger, set()).add(index)
        self._automaton = _automaton(by_trigger)
        self._empty = not by_trigger

    def candidates(self, form: str) -> list[int]:
        """Indexes of the rules whose triggers occur in `form`, in rule order."""
        active: set[int] = set(self.always)
        if not self._empty:
            for _, indexes in self._automaton.iter(form):
                active |= indexes
        return sorted(active)

    def first_match(self, form: str, *, links: bool = True) -> Rule | None:
        for index in self.candidates(form):
            rule = self.rules[index]
            if (links or rule.scope != "links") and rule.regex.search(form) is not None:
                return rule
        return None

    def first_match_ungated(self, form: str) -> Rule | None:
        """Reference behaviour without the trigger scan (tests check the two agree)."""
        return next((rule for rule in self.rules if rule.regex.search(form) is not None), None)
