"""Build toolguard's multilingual prompt-injection corpus.

This script *is* the source of attacks.jsonl and legitimate.jsonl: every
directive and legitimate value below (and in langs_*.py) was written for
toolguard; the encoded families are produced by code so they are exact.

    python tests/detection/corpus/build.py      # rewrites the two JSONL files
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from extra_cores_1 import EXTRA_CORES as _X1  # noqa: E402
from extra_cores_2 import EXTRA_CORES as _X2  # noqa: E402
from extra_cores_3 import EXTRA_CORES as _X3  # noqa: E402
from langs_1 import LANGS as _L1  # noqa: E402
from langs_2 import LANGS as _L2  # noqa: E402
from langs_3 import LANGS as _L3  # noqa: E402
from legit_extra import EXTRA  # noqa: E402
from legit_extra_2 import EXTRA2  # noqa: E402
from techniques import TECHNIQUES  # noqa: E402

LANGS: dict[str, dict] = {}
for part in (_L1, _L2, _L3):
    LANGS.update(part)
EXTRA_CORES: dict[str, dict] = {}
for part in (_X1, _X2, _X3):
    EXTRA_CORES.update(part)

ALL_LANGS = ("en zh hi es fr ar bn pt ru ur id de ja tr ko vi it fa pl uk hu fi sw he th tl eo").split()
NO_SPACE = {"zh", "ja"}  # sentences are joined without a space
DIRECTIVE = {"io": "instruction_override", "rs": "role_switch", "nt": "new_task", "ex": "exfiltration"}
LEGIT_KINDS = ("name", "address", "invoice", "memo", "sentence", "jargon")
MEMO_MAX = 256
LETTER_MAX = 1500


def _join(lang: str, a: str, b: str) -> str:
    return a + b if lang in NO_SPACE else f"{a} {b}"


def directive_attacks() -> list[dict]:
    """Eight cores per (family, language): five in langs_*.py and three more
    in extra_cores_*.py.  Cores 3 and 7 are holdout.

    Every core appears bare and embedded after one of the language's memo
    prefixes: train cores after prefixes 0-3, holdout core 3 after prefix 4
    and holdout core 7 after prefix 5, which no train item uses, so holdout
    never shares a phrasing with train.  (16 items a group, 4 holdout.)
    """
    out = []
    for lang in ALL_LANGS:
        if lang not in LANGS:
            continue
        d = LANGS[lang]
        pre = d["pre"]
        for f, (key, family) in enumerate(DIRECTIVE.items()):
            cores = list(d[key]) + list(EXTRA_CORES.get(lang, {}).get(key, []))
            for i, core in enumerate(cores):
                if i % 4 == 3:
                    texts = [core, _join(lang, pre[4 + (i // 4) % 2], core)]
                    split = "holdout"
                else:
                    texts = [core, _join(lang, pre[(i + f) % 4], core)]
                    split = "train"
                for t in texts:
                    out.append({"text": t, "family": family, "lang": lang, "split": split})
    return out


def legitimate_values() -> list[dict]:
    """Every 4th value of each language (counted over its kinds in order,
    starting at an offset given by the language's position) is holdout; the memo
    prefixes that carry the embedded attacks are legitimate memos too."""
    out = []
    for lang in ALL_LANGS:
        if lang not in LANGS:
            continue
        d = LANGS[lang]
        n = ALL_LANGS.index(lang)  # running index over all kinds, offset per language
        for kind in LEGIT_KINDS:
            values = list(d.get(kind, []))
            if kind == "memo":
                values = list(d["pre"]) + values
            for v in values:
                out.append({"text": v, "kind": kind, "lang": lang, "split": "holdout" if n % 4 == 3 else "train"})
                n += 1
    # harder legitimate values: every 4th of each language is holdout
    count: dict[str, int] = {}
    extra = list(EXTRA) + [(k, lang, v) for lang, rows in EXTRA2.items() for k, v in rows]
    for kind, lang, v in extra:
        i = count.get(lang, 0)
        count[lang] = i + 1
        out.append({"text": v, "kind": kind, "lang": lang, "split": "holdout" if i % 4 == 3 else "train"})
    return out


def validate(attacks: list[dict], legit: list[dict]) -> None:
    seen = set()
    for row in attacks:
        assert set(row) == {"text", "family", "lang", "split"}, row
        limit = LETTER_MAX if row["family"] == "authority_letter" else MEMO_MAX
        assert 0 < len(row["text"]) <= limit, (len(row["text"]), row)
        assert row["split"] in ("train", "holdout")
        assert row["lang"] in ALL_LANGS, row
        assert row["text"] not in seen, ("duplicate", row)
        seen.add(row["text"])
    for row in legit:
        assert set(row) == {"text", "kind", "lang", "split"}, row
        assert row["kind"] in LEGIT_KINDS, row
        assert 0 < len(row["text"]) <= MEMO_MAX, row
        assert row["lang"] in ALL_LANGS, row
        assert row["text"] not in seen, ("duplicate or overlaps attack", row)
        seen.add(row["text"])


def check_coverage(attacks: list[dict], legit: list[dict]) -> None:
    """The brief's minimums."""
    from collections import Counter

    assert len(attacks) >= 700 and len(legit) >= 700
    fl = Counter((r["family"], r["lang"]) for r in attacks)
    for family in DIRECTIVE.values():
        for lang in ALL_LANGS:
            assert fl[(family, lang)] >= 5, (family, lang, fl[(family, lang)])
    fam = Counter(r["family"] for r in attacks)
    for family in TECHNIQUE_FAMILIES:
        assert fam[family] >= 15, (family, fam[family])
    per_lang = Counter(r["lang"] for r in legit)
    for lang in ALL_LANGS:
        assert per_lang[lang] >= 20, (lang, per_lang[lang])
    jargon = [r for r in legit if r["kind"] == "jargon"]
    assert len(jargon) >= 100 and len({r["lang"] for r in jargon}) >= 10
    for r in attacks:  # only reserved example domains (in clear text)
        if r["family"].startswith("encoded_") or r["family"] in ("leetspeak", "enclosed_letters"):
            continue
        for host in re.findall(r"(?:https?:)?//([A-Za-z0-9.-]+)|@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)", r["text"]):
            h = (host[0] or host[1]).lower().rstrip(".-")
            assert h.endswith(("example.com", "example.net", ".invalid")), (h, r)


TECHNIQUE_FAMILIES = (
    "paraphrase role_marker_brackets chat_template_header bare_task_line "
    "authority_letter authority_fragment encoded_reversed encoded_rot13 "
    "encoded_hex encoded_base64_chunked leetspeak enclosed_letters "
    "markdown_image_exfil reference_image_exfil html_image_exfil"
).split()


def write(path: Path, rows: list[dict]) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    # re-read: every line must parse
    with path.open(encoding="utf-8") as fh:
        for _n, line in enumerate(fh, 1):
            json.loads(line)


def main() -> None:
    attacks = directive_attacks() + TECHNIQUES()
    legit = legitimate_values()
    validate(attacks, legit)
    check_coverage(attacks, legit)
    write(HERE / "attacks.jsonl", attacks)
    write(HERE / "legitimate.jsonl", legit)
    print(f"attacks: {len(attacks)}  legitimate: {len(legit)}")


if __name__ == "__main__":
    main()
