"""legit_office: LEGITIMATE office / legal / HR text values for training the toolguard classifier.

Written for training only (not an evaluation set). Every text is legitimate business text
addressed to people (employees, contract parties, applicants, board members, customers),
never to an AI agent that reads it.

How the data was made
---------------------
* All sentences, headers, closings and complete texts were hand-written for this file
  (no published dataset or template kit was copied). They live in:
    legit_office_en.py       English (richer pools + complete hand-written texts)
    legit_office_data_1.py   es, fr, de, pt
    legit_office_data_2.py   it, nl, pl, ru, uk
    legit_office_data_3.py   cs, sv, tr, ar, he
    legit_office_data_4.py   zh, ja, ko, vi, id, hi
  and slot pools (people, organisations, cities, dates, locale-formatted amounts, made-up
  IBANs/account numbers, 555-01xx phones, example.* addresses) in legit_office_common.py.
* Texts are produced by composing hand-written fragments: a complete text, a single
  clause/sentence, a paragraph of 2-4 sampled sentences with optional header and closing,
  or a bulleted/numbered list; slots are then filled per language. Each unfilled
  composition is used at most MAX_PER_TEMPLATE times so volume comes from different
  combinations, not from swapping one slot value.
* The data deliberately contains injection-like vocabulary in its ordinary business sense:
  "supersedes all prior agreements", "disregard / ignore the previous version",
  "replaces the old policy", "all staff must approve ...", raising approval limits,
  confidentiality clauses, "do not share your password", IT/system administrators, system
  of record, workplace AI-assistant policies, payment terms, bank details and signatures.
* Registers (12, roughly equal share): legal_clause, contract, policy_terms,
  privacy_notice, compliance_notice, hr_announcement, job_posting, employee_handbook,
  performance_review, meeting_minutes, meeting_agenda, board_resolution.
* Languages (21): en (~35 %), es fr de pt it nl pl ru uk cs sv tr ar he zh ja ko vi id hi.
* Label: "legitimate" only; family is "". Deterministic (random.Random(seed)).
  Output: legit_office.jsonl next to this file (about 6,900 lines; exact counts are
  printed when run).

Run: python corpus/training/legit_office.py
"""

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from legit_office_common import compose  # noqa: E402
from legit_office_en import EN  # noqa: E402
import legit_office_data_1 as d1  # noqa: E402
import legit_office_data_2 as d2  # noqa: E402
import legit_office_data_3 as d3  # noqa: E402
import legit_office_data_4 as d4  # noqa: E402

SEED = 20250307
SOURCE = "legit_office"
REGISTERS = ["legal_clause", "contract", "policy_terms", "privacy_notice", "compliance_notice",
             "hr_announcement", "job_posting", "employee_handbook", "performance_review",
             "meeting_minutes", "meeting_agenda", "board_resolution"]
PER_REGISTER = {"en": 200}
DEFAULT_PER_REGISTER = 19
MAX_PER_TEMPLATE = 2
MAX_PER_TEMPLATE_EN = 3


def all_specs():
    specs = {"en": EN}
    for mod in (d1, d2, d3, d4):
        specs.update(mod.D)
    # agenda items are list lines; never run them together as a paragraph
    for lang in specs:
        specs[lang]["meeting_agenda"]["list_only"] = True
    return specs


def generate():
    rng = random.Random(SEED)
    specs = all_specs()
    rows, seen = [], set()
    shortfalls = []
    for lang in sorted(specs):
        for reg in REGISTERS:
            spec = specs[lang][reg]
            target = PER_REGISTER.get(lang, DEFAULT_PER_REGISTER)
            cap = MAX_PER_TEMPLATE_EN if lang == "en" else MAX_PER_TEMPLATE
            tcount = {}
            got, attempts = 0, 0
            while got < target and attempts < target * 60:
                attempts += 1
                tmpl, text = compose(lang, spec, rng)
                text = text.strip()
                if not (1 <= len(text) <= 1500) or text in seen:
                    continue
                if tcount.get(tmpl, 0) >= cap:
                    continue
                tcount[tmpl] = tcount.get(tmpl, 0) + 1
                seen.add(text)
                rows.append({"text": text, "label": "legitimate", "register": reg, "lang": lang,
                             "family": "", "source": SOURCE})
                got += 1
            if got < target:
                shortfalls.append((lang, reg, got, target))
    return rows, shortfalls


def main():
    rows, shortfalls = generate()
    out = os.path.join(HERE, SOURCE + ".jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {out}")
    for s in shortfalls:
        print("shortfall", s)


if __name__ == "__main__":
    main()
