"""What a policy expression may read, and the mistakes its types show at load.

CEL here has no type checker, so core.policy tries each rule once on a
sample call. Two mistakes never show there:

- a member that does not exist (`args.amout_cents`, `limits.sesion_limit`,
  `value.amount` on a tool with no `value:`) fails on every real call, and a
  rule that fails counts as fired, so every call would be held or denied;
- a comparison of a string with a number (`args.currency == 3`,
  `args.amount_cents in ['100']`) is simply false on every call (and `!=`
  true), so the rule never does what it says.

Both are read here from the expression's tokens, against the members each
variable has at run time (`MEMBER_TYPES`, built by
toolguard.pipeline.policy.policy_activation) and the types the tool's schema
declares for its arguments.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ImproperlyConfigured

# The members of every variable but `args` (the tool's schema) and `facts`
# (a family's own), with their CEL types.
MEMBER_TYPES: dict[str, dict[str, str]] = {
    "tool": {"name": "string", "changes_state": "bool"},
    "principal": {"customer": "string", "key": "string", "customer_age_days": "int"},
    "value": {
        "amount": "int",
        "currency": "string",
        "original_amount": "int",
        "original_currency": "string",
        "beneficiary": "string",
    },
    "session": {"id": "string", "total": "int"},
    "window": {"customer": "int", "key": "int", "beneficiary": "int"},
    "limits": {"approval_threshold": "int", "session_limit": "int", "dual_approval": "int"},
}
SAMPLES = {"string": "x", "int": 1, "double": 1.5, "bool": True}

_JSON_TYPES = {
    "string": "string",
    "integer": "int",
    "number": "double",
    "boolean": "bool",
    "array": "list",
    "object": "map",
    "null": "null",
}
_NUMBERS = frozenset({"int", "uint", "double"})
_TYPE_NAMES = {
    "string": "a string",
    "int": "an integer",
    "uint": "an unsigned integer",
    "double": "a number",
    "bool": "true or false",
    "list": "a list",
    "map": "a map",
    "null": "null",
}

_TOKEN_RE = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<string>[rRbB]{0,2}(?:\"\"\"[\s\S]*?\"\"\"|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'))
  | (?P<double>\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)
  | (?P<uint>(?:0[xX][0-9a-fA-F]+|\d+)[uU])
  | (?P<int>0[xX][0-9a-fA-F]+|\d+)
  | (?P<name>[A-Za-z_]\w*)
  | (?P<op>&&|\|\||==|!=|<=|>=|[-+*/%<>!?:.,()\[\]{}])
  | (?P<other>.)
    """,
    re.VERBOSE,
)
_LITERAL_NAMES = {"true": "bool", "false": "bool", "null": "null"}
# An operand ends a comparison's side where one of these stands next to it
# (anything else, `+` or `.size()`, makes the side a larger expression).
_OPENS = frozenset({"", "(", "[", ",", "&&", "||", "?", ":"})
_CLOSES = frozenset({"", ")", "]", ",", "&&", "||", "?", ":"})
_RELATIONS = frozenset({"==", "!=", "<", "<=", ">", ">="})


class _Token:
    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text


def argument_types(schema: Mapping[str, Any]) -> dict[str, str] | None:
    """Each declared argument's CEL type ("" when the schema allows several); None when no property is declared."""
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        return None
    return {str(name): _schema_type(sub) for name, sub in properties.items()}


def _schema_type(schema: object) -> str:
    if not isinstance(schema, Mapping):
        return ""
    values = schema.get("enum") or ([schema["const"]] if "const" in schema else None)
    if isinstance(values, list) and values:
        kinds = {_python_type(value) for value in values}
        return kinds.pop() if len(kinds) == 1 else ""
    kind = schema.get("type")
    if isinstance(kind, list):
        declared = [k for k in kind if k != "null"]
        kind = declared[0] if len(declared) == 1 else None
    return _JSON_TYPES.get(kind, "") if isinstance(kind, str) else ""


def _python_type(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "double"
    if isinstance(value, str):
        return "string"
    return "null" if value is None else ""


def _tokens(source: str) -> list[_Token]:
    tokens = []
    for match in _TOKEN_RE.finditer(source):
        kind = match.lastgroup or "other"
        if kind != "space":
            tokens.append(_Token(kind, match.group()))
    return tokens


def expression_checked(*, where: str, source: str, arguments: Mapping[str, str] | None, has_value: bool) -> None:
    """Refuse a member that does not exist and a comparison its operands' types decide; `where` names tool and rule."""
    tokens = _tokens(source)
    _members_checked(where, tokens, arguments, has_value)
    _comparisons_checked(where, tokens, arguments)


def _text(tokens: list[_Token], index: int) -> str:
    return tokens[index].text if 0 <= index < len(tokens) else ""


def _member_at(tokens: list[_Token], index: int) -> tuple[str, str] | None:
    """(variable, member) when `variable.member` or `variable["member"]` starts at index."""
    token = tokens[index]
    if token.kind != "name" or (token.text not in MEMBER_TYPES and token.text != "args"):
        return None
    if _text(tokens, index - 1) == ".":  # a member of something else: `x.args`
        return None
    if _text(tokens, index + 1) == "." and index + 2 < len(tokens) and tokens[index + 2].kind == "name":
        return token.text, tokens[index + 2].text
    if _text(tokens, index + 1) == "[" and index + 2 < len(tokens) and tokens[index + 2].kind == "string":
        if _text(tokens, index + 3) == "]":
            return token.text, tokens[index + 2].text.lstrip("rRbB")[1:-1]
    return None


def _members_checked(where: str, tokens: list[_Token], arguments: Mapping[str, str] | None, has_value: bool) -> None:
    for index in range(len(tokens)):
        found = _member_at(tokens, index)
        if found is None:
            continue
        variable, member = found
        if variable == "value" and not has_value:
            raise ImproperlyConfigured(
                f"{where}: reads value.{member}, but the tool has no `value:` naming its amount argument"
            )
        known = arguments if variable == "args" else MEMBER_TYPES[variable]
        if known is None or member in known:
            continue
        close = difflib.get_close_matches(member, list(known), n=1)
        hint = f" (did you mean {variable}.{close[0]}?)" if close else ""
        if variable == "args":
            raise ImproperlyConfigured(f"{where}: args.{member} is not an argument the tool's schema declares{hint}")
        raise ImproperlyConfigured(
            f"{where}: {variable} has no member {member}{hint}; it has {', '.join(sorted(known))}"
        )


def _operand_ending(tokens: list[_Token], end: int, arguments: Mapping[str, str] | None) -> tuple[int, str] | None:
    """(first index, CEL type) of a literal or a `variable.member` ending at `end`, if one does."""
    if end < 0:
        return None
    literal = _literal_type(tokens[end])
    if literal is not None:
        start = end - 1 if _text(tokens, end - 1) == "-" and literal in _NUMBERS else end
        return start, literal
    for start in (end - 2, end - 3):  # `variable.member`, `variable["member"]`
        operand = _operand_starting(tokens, start, arguments) if start >= 0 else None
        if operand is not None and operand[0] == end and _member_at(tokens, start) is not None:
            return start, operand[1]
    return None


def _operand_starting(tokens: list[_Token], start: int, arguments: Mapping[str, str] | None) -> tuple[int, str] | None:
    """(last index, CEL type) of a literal or a `variable.member` starting at `start`, if one does."""
    if start >= len(tokens):
        return None
    if tokens[start].text == "-" and start + 1 < len(tokens) and _literal_type(tokens[start + 1]) in _NUMBERS:
        return start + 1, _literal_type(tokens[start + 1]) or ""
    literal = _literal_type(tokens[start])
    if literal is not None:
        return start, literal
    found = _member_at(tokens, start)
    if found is None:
        return None
    variable, member = found
    end = start + 2 if _text(tokens, start + 1) == "." else start + 3
    types = arguments if variable == "args" else MEMBER_TYPES[variable]
    return end, (types or {}).get(member, "")


def _literal_type(token: _Token) -> str | None:
    if token.kind in ("string", "double", "uint", "int"):
        return token.kind
    return _LITERAL_NAMES.get(token.text) if token.kind == "name" else None


def _compatible(left: str, right: str) -> bool:
    return not left or not right or left == right or "null" in (left, right) or {left, right} <= _NUMBERS


def _comparisons_checked(where: str, tokens: list[_Token], arguments: Mapping[str, str] | None) -> None:
    for index, token in enumerate(tokens):
        if token.text not in _RELATIONS and token.text != "in":
            continue
        left = _operand_ending(tokens, index - 1, arguments)
        if left is None or _text(tokens, left[0] - 1) not in _OPENS:
            continue
        left_text = " ".join(t.text for t in tokens[left[0] : index]).replace(" . ", ".").replace("- ", "-")
        if token.text == "in":
            elements = _list_literal(tokens, index + 1)
            if elements is None or not elements[1]:
                continue
            end, kinds = elements
            if _text(tokens, end + 1) in _CLOSES and not any(_compatible(left[1], kind) for kind in kinds):
                raise ImproperlyConfigured(
                    f"{where}: {left_text} is {_TYPE_NAMES.get(left[1], left[1])} and the list holds "
                    f"{' and '.join(sorted({_TYPE_NAMES.get(k, k) for k in kinds}))}: `in` is never true"
                )
            continue
        right = _operand_starting(tokens, index + 1, arguments)
        if right is None or _text(tokens, right[0] + 1) not in _CLOSES or _compatible(left[1], right[1]):
            continue
        right_text = " ".join(t.text for t in tokens[index + 1 : right[0] + 1]).replace(" . ", ".").replace("- ", "-")
        outcome = {"==": "is never true", "!=": "is always true"}.get(token.text, "fails on every call")
        raise ImproperlyConfigured(
            f"{where}: {left_text} is {_TYPE_NAMES.get(left[1], left[1])} and {right_text} "
            f"{_TYPE_NAMES.get(right[1], right[1])}: `{token.text}` between them {outcome}"
        )


def _list_literal(tokens: list[_Token], start: int) -> tuple[int, set[str]] | None:
    """(index of `]`, element types) of a list of literals starting at `start`."""
    if _text(tokens, start) != "[":
        return None
    kinds: set[str] = set()
    index = start + 1
    while index < len(tokens):
        if tokens[index].text == "]":
            return index, kinds
        operand = _operand_starting(tokens, index, None)
        if operand is None or _literal_type(tokens[operand[0]]) is None:
            return None
        kinds.add(operand[1])
        index = operand[0] + 1
        if _text(tokens, index) == ",":
            index += 1
    return None
