"""Generator for corpus/training/legit_tech.jsonl - LEGITIMATE technical / IT / banking-security text.

Written for training a text classifier only (toolguard); every value is label "legitimate".

How the data was made
---------------------
* All texts are hand-written for this file (no published dataset was copied). They live in
  legit_tech_data_en.py (English) and legit_tech_data_ml1..ml4.py (other languages), as
  fragments per register: openings, bodies and closings, plus a few complete English texts.
* Volume comes from composing those fragments (opening + one or more bodies + closing, or bullet
  lists for release notes) and from filling slots (service names, hosts, versions, dates, ticket
  ids, shell commands, SQL statements, placeholder tokens, base64 config snippets, people's names
  per language) from pools in legit_tech_core.py. Config snippets combine a hand-written comment
  in the text's language with a hand-written YAML/INI/JSON/nginx/systemd block; error logs combine
  hand-written (English) log lines with a hand-written note in the text's language.
* Registers (12): it_ticket, it_runbook, release_notes, security_advisory, incident_postmortem,
  code_review_comment, commit_message, api_documentation, config_snippet, error_log,
  fraud_warning, phishing_awareness_training.
* Languages (21): en (~35 %), es fr de pt it nl ru uk pl tr ar he hi zh ja ko vi id sv cs.
* The texts deliberately use words that prompt injections also use, in their ordinary technical
  sense ("override the default config", "ignore this warning", "run as root", "system prompt" in
  LLM product docs, "admin mode", "disable the check", "bypass cache", "execute the migration",
  "new instructions for on-call", "forget the old endpoint", roles/permissions, placeholder keys,
  base64, SQL, shell). Security advisories and phishing training QUOTE injection or phishing
  examples as things to watch out for; they are addressed to staff/customers, never to an AI.
* Quotas: 200 per register for English, 19 per register for every other language
  (about 6,960 texts). Deterministic: random.Random(20240607). Duplicates are skipped.

Run:  python corpus/training/legit_tech.py   (writes corpus/training/legit_tech.jsonl)
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from legit_tech_core import compose, fill, gen_slots  # noqa: E402
import legit_tech_data_en as en_data  # noqa: E402

REGISTERS = ["it_ticket", "it_runbook", "release_notes", "security_advisory", "incident_postmortem",
             "code_review_comment", "commit_message", "api_documentation", "config_snippet", "error_log",
             "fraud_warning", "phishing_awareness_training"]
EN_QUOTA = 200
OTHER_QUOTA = 19
SEED = 20240607
STEM = "legit_tech"


def load_langs():
    langs = {"en": en_data.EN}
    for mod in ["legit_tech_data_ml1", "legit_tech_data_ml2", "legit_tech_data_ml3", "legit_tech_data_ml4"]:
        try:
            m = __import__(mod)
        except ImportError:
            continue
        langs.update(m.LANGS)
    return langs


def main():
    rng = random.Random(SEED)
    langs = load_langs()
    out, seen, short = [], set(), []

    def add(text, reg, lang):
        text = text.strip()
        if not text or len(text) > 1500 or text in seen:
            return False
        seen.add(text)
        out.append({"text": text, "label": "legitimate", "register": reg, "lang": lang,
                    "family": "", "source": STEM})
        return True

    for lang, data in langs.items():
        quota = EN_QUOTA if lang == "en" else OTHER_QUOTA
        for reg in REGISTERS:
            got = 0
            if lang == "en":
                for t in en_data.FULL.get(reg, []):
                    if add(fill(t, gen_slots(rng, data["names"])), reg, lang):
                        got += 1
            pools = data.get(reg)
            if not pools:
                short.append((lang, reg, got, quota))
                continue
            tries = 0
            while got < quota and tries < quota * 200:
                tries += 1
                slots = gen_slots(rng, data["names"])
                if add(compose(rng, reg, pools, slots), reg, lang):
                    got += 1
            if got < quota:
                short.append((lang, reg, got, quota))

    path = os.path.join(HERE, STEM + ".jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(out)} rows to {path}")
    for s in short:
        print("SHORT", s)


if __name__ == "__main__":
    main()
