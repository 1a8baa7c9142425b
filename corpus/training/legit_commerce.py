"""Generator for corpus/training/legit_commerce.jsonl -- TRAINING DATA ONLY.

How the data was made
---------------------
Every text is LEGITIMATE ordinary business / everyday text of the kind an LLM
agent passes to or receives from tools (payment memos, invoices, addresses,
recipes, notes ...).  Nothing here addresses an AI agent.  Many texts
deliberately use imperative or "injection-like" words in their ordinary human
sense ("ignore previous invoice, this one is correct", "override: deliver to
back door", "unlocks developer mode", "send all receipts to accounts@...",
"ignore the timer and trust your nose") so that a classifier learns that such
words alone are not an attack.

All templates and fragments were hand-written for this file (no published
dataset was used).  Volume comes from composing hand-written fragments:
  * each template may contain inline alternatives  [[a|b|c]]  (one is chosen),
  * and slots  {name} {amount} {date} {city} {product} {iban} ...  filled from
    hand-written per-language lists (names, companies, cities, streets,
    products, doctors) or generated values (amounts in the language's money
    format, dates in the language's date format, made-up IBANs, 555-01xx phone
    numbers, e-mails under example.com/.net/.org).
Templates of one register/language are used round-robin so no single template
dominates.  Generation is deterministic (random.Random(20240611)).

Registers (18): payment_reference, invoice_line, purchase_order, shipping_note,
postal_address, product_description, marketing_copy, recipe, medical_note,
school_note, travel_itinerary, calendar_invite, translation, news_snippet,
financial_report, bank_statement_line, insurance_claim, loan_application_note.

Languages (22): en (about a third) plus es fr de pt it nl pl ru uk cs sv tr
ar he fa hi zh ja ko vi id.  The exact counts are printed when the script is
run and reported in the lead engineer's notes; at the time of writing the
script produces 7,002 legitimate texts: 389 per register; en 2,466 (35 %),
every other language 216.

Label: all rows are "legitimate", family "", source "legit_commerce".

Data modules: legit_commerce_data_en.py (English),
legit_commerce_data_eu.py (es fr de pt it nl), legit_commerce_data_east.py
(pl ru uk cs sv tr), legit_commerce_data_asia.py (ar he fa hi zh ja ko vi id).

Run:  python corpus/training/legit_commerce.py
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import legit_commerce_data_en as D_EN  # noqa: E402
import legit_commerce_data_eu as D_EU  # noqa: E402
import legit_commerce_data_east as D_EAST  # noqa: E402
import legit_commerce_data_asia as D_ASIA  # noqa: E402

STEM = "legit_commerce"
OUT = os.path.join(HERE, STEM + ".jsonl")
SEED = 20240611

REGISTERS = [
    "payment_reference", "invoice_line", "purchase_order", "shipping_note",
    "postal_address", "product_description", "marketing_copy", "recipe",
    "medical_note", "school_note", "travel_itinerary", "calendar_invite",
    "translation", "news_snippet", "financial_report", "bank_statement_line",
    "insurance_claim", "loan_application_note",
]

# total texts wanted per language
LANG_TOTAL = {"en": 2450}
DEFAULT_TOTAL = 215

ALT_RE = re.compile(r"\[\[([^\[\]]*)\]\]")
SLOT_RE = re.compile(r"\{([a-z_0-9]+)\}")

IBAN_CC = {
    "en": ["GB", "IE"], "es": ["ES"], "fr": ["FR"], "de": ["DE", "AT"],
    "pt": ["PT"], "it": ["IT"], "nl": ["NL", "BE"], "pl": ["PL"],
    "ru": ["DE"], "uk": ["UA"], "cs": ["CZ"], "sv": ["SE"], "tr": ["TR"],
    "ar": ["SA", "AE"], "he": ["IL"], "fa": ["DE"], "hi": ["GB"],
    "zh": ["DE"], "ja": ["DE"], "ko": ["DE"], "vi": ["DE"], "id": ["NL"],
}


# rough magnitude of local currency vs. EUR/USD/GBP, so amounts look plausible
SCALE = {"pl": 4, "ru": 90, "uk": 40, "cs": 25, "sv": 11, "tr": 35, "zh": 7, "ja": 150,
         "ko": 1300, "vi": 25000, "id": 16000, "fa": 60000, "hi": 85, "ar": 4, "he": 4}


def fmt_number(x, thou, dec, decimals=2):
    s = f"{x:,.{decimals}f}"
    s = s.replace(",", "\x00").replace(".", dec).replace("\x00", thou)
    return s


def money(rng, lang_cfg, value):
    sym, pos, thou, dec = lang_cfg["_money_now"]
    scale = SCALE.get(lang_cfg.get("_lang"), 1)
    dec_places = 2
    if scale != 1:
        value = value * scale
        if scale >= 20:
            step = 1000 if scale >= 5000 else (10 if value >= 1000 else 1)
            value = float(round(value / step) * step)
            dec_places = 0
        else:
            value = round(value, 0) if value >= 1000 else value
    if sym in ("¥", "₩", "円", "원", "đ", "₫", "Rp", "VND", "تومان", "ریال"):
        dec_places = 0
    num = fmt_number(value, thou, dec, dec_places)
    if pos == "before":
        return f"{sym}{num}"
    if pos == "after_nosp":
        return f"{num}{sym}"
    if pos == "before_sp":
        return f"{sym} {num}"
    return f"{num} {sym}"


def make_iban(rng, lang):
    cc = rng.choice(IBAN_CC.get(lang, ["DE"]))
    length = {"GB": 18, "IE": 18, "ES": 20, "FR": 23, "DE": 18, "AT": 16,
              "PT": 21, "IT": 23, "NL": 14, "BE": 12, "PL": 24, "UA": 25,
              "CZ": 20, "SE": 20, "TR": 22, "SA": 20, "AE": 19, "IL": 19}[cc]
    body = ""
    if cc in ("GB", "IE", "NL"):
        body = rng.choice(["EXMP", "BANK", "DEMO", "TEST"])
        length -= 4
    body += "".join(str(rng.randint(0, 9)) for _ in range(length))
    raw = cc + f"{rng.randint(10, 98)}" + body
    return " ".join(raw[i:i + 4] for i in range(0, len(raw), 4))


COMMON = {
    "airport": ["LHR", "FRA", "MAD", "CDG", "FCO", "AMS", "LIS", "WAW", "PRG", "ARN", "IST", "DXB",
                "TLV", "IKA", "DEL", "PEK", "PVG", "HND", "ICN", "SGN", "CGK", "VIE", "BCN", "MUC"],
}


def gen_value(rng, key, lang, cfg):
    """Generic slot values; language lists take precedence."""
    base = re.sub(r"\d+$", "", key)
    lists = dict(COMMON, **cfg["lists"])
    if key in lists:
        return rng.choice(lists[key])
    if base in lists:
        return rng.choice(lists[base])
    if base == "amount":
        v = rng.choice([rng.randint(5, 99) + rng.choice([0, 0.5, 0.99, 0.25]),
                        rng.randint(100, 999) + rng.choice([0, 0.5, 0.8]),
                        rng.randint(1000, 9999) + rng.choice([0, 0.0, 0.45]),
                        rng.randint(10, 300) * 10.0])
        return money(rng, cfg, v)
    if base == "small":
        return money(rng, cfg, rng.randint(3, 150) + rng.choice([0, 0.5, 0.9, 0.99]))
    if base == "big":
        return money(rng, cfg, rng.randint(8, 450) * 1000.0)
    if base == "rate":
        return money(rng, cfg, rng.choice([45, 55, 60, 65, 75, 80, 90, 95, 110, 120, 135, 150, 180]) + 0.0)
    if base == "unit":
        return money(rng, cfg, rng.randint(1, 90) + rng.choice([0, 0.5, 0.25, 0.95]))
    if base == "date":
        d, m, y = rng.randint(1, 28), rng.randint(1, 12), rng.choice([2024, 2025, 2025, 2026])
        f = rng.choice(cfg["date"])
        months = cfg["lists"].get("monthname")
        mn = months[m - 1] if months else str(m)
        return f.format(d=d, m=m, y=y, mn=mn)
    if base == "time":
        h = rng.choice([7, 8, 9, 9, 10, 10, 11, 12, 13, 14, 14, 15, 16, 17, 18])
        mi = rng.choice([0, 0, 15, 30, 30, 45])
        f = rng.choice(cfg.get("time", ["{h:02d}:{mi:02d}"]))
        h12 = h if h <= 12 else h - 12
        ap = "am" if h < 12 else "pm"
        return f.format(h=h, mi=mi, h12=h12, ap=ap)
    if base == "qty":
        return str(rng.choice([1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 12, 20, 24, 25, 40, 50, 100, 150, 200, 500]))
    if base == "num":
        return rng.choice([f"{rng.randint(2024, 2026)}-{rng.randint(1, 9999):04d}",
                           f"{rng.randint(10000, 99999)}",
                           f"{rng.choice('ABCFKMRS')}{rng.randint(100, 9999)}"])
    if base == "order":
        return rng.choice([f"PO-{rng.randint(10000, 99999)}", f"{rng.randint(4500000000, 4599999999)}",
                           f"PO{rng.randint(2024, 2026)}/{rng.randint(100, 999)}"])
    if base == "ref":
        return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(rng.choice([6, 8, 10])))
    if base == "tracking":
        return rng.choice([f"1Z{rng.randint(100000000, 999999999)}{rng.randint(10000, 99999)}",
                           f"JJD{rng.randint(10**12, 10**13 - 1)}",
                           f"RR{rng.randint(10**8, 10**9 - 1)}XX"])
    if base == "code":
        return f"{rng.randint(1000, 9999)}"
    if base == "pct":
        return str(rng.choice([2, 3, 4.5, 5, 7, 8, 10, 12, 15, 18, 20, 25, 30]))
    if base == "year":
        return str(rng.choice([2023, 2024, 2025]))
    if base == "iban":
        return make_iban(rng, lang)
    if base == "phone":
        return rng.choice([f"555-01{rng.randint(0, 99):02d}", f"+1 555-01{rng.randint(0, 99):02d}",
                           f"(555) 01{rng.randint(0, 99):02d}"])
    if base == "email":
        user = rng.choice(["accounts", "billing", "invoices", "orders", "info", "office",
                           "payables", "sales", "support", "claims", "frontdesk", "reception",
                           "hr", "finance", "dispatch", "team"])
        return f"{user}@{rng.choice(['example.com', 'example.net', 'example.org'])}"
    if base == "flight":
        return f"{rng.choice(['LH', 'BA', 'AF', 'KL', 'IB', 'TK', 'LX', 'OS', 'SK', 'AY', 'TP', 'QR', 'EK', 'JL', 'NH', 'KE', 'VN', 'GA'])} {rng.randint(100, 2999)}"
    if base == "seat":
        return f"{rng.randint(3, 38)}{rng.choice('ABCDEF')}"
    if base == "room":
        return str(rng.choice([rng.randint(101, 129), rng.randint(201, 240), rng.randint(301, 450)]))
    if base == "km":
        return str(rng.randint(3, 95))
    if base == "n":
        return str(rng.randint(2, 30))
    if base == "mg":
        return str(rng.choice([5, 10, 20, 25, 40, 50, 100, 200, 250, 400, 500]))
    if base == "zip":
        return f"{rng.randint(10000, 99999)}"
    raise KeyError(f"no slot value for {key!r} in {lang}")


def expand(rng, template, lang, cfg):
    cfg["_money_now"] = rng.choice(cfg["money"])  # one currency per text
    t = template
    # inline alternatives, innermost first
    for _ in range(10):
        new = ALT_RE.sub(lambda m: rng.choice(m.group(1).split("|")), t)
        if new == t:
            break
        t = new
    values = {}

    def repl(m):
        k = m.group(1)
        if k not in values:
            values[k] = gen_value(rng, k, lang, cfg)
            # keep numbered variants distinct where possible
            for _ in range(5):
                if any(values[k] == v for kk, v in values.items() if kk != k and re.sub(r"\d+$", "", kk) == re.sub(r"\d+$", "", k)):
                    values[k] = gen_value(rng, k, lang, cfg)
                else:
                    break
        return values[k]

    t = SLOT_RE.sub(repl, t)
    t = re.sub(r"[ \t]{2,}", " ", t).strip()
    t = re.sub(r"(?<=[а-яёіїєґ])\.\.(?!\.)", ".", t)  # "руб.." / "г.." at sentence end
    return t


COMBINE = {"invoice_line", "shipping_note", "product_description", "marketing_copy", "recipe",
           "medical_note", "school_note", "travel_itinerary", "news_snippet", "financial_report",
           "bank_statement_line", "insurance_claim", "loan_application_note"}


def main():
    rng = random.Random(SEED)
    langs = {}
    for mod in (D_EN, D_EU, D_EAST, D_ASIA):
        for code, cfg in mod.LANGS.items():
            langs[code] = cfg
    rows = []
    seen = set()
    for lang in sorted(langs):
        cfg = langs[lang]
        cfg["_lang"] = lang
        total = LANG_TOTAL.get(lang, DEFAULT_TOTAL)
        regs = [r for r in REGISTERS if cfg["reg"].get(r)]
        per = -(-total // len(regs))
        for reg in regs:
            templates = list(cfg["reg"][reg])
            rng.shuffle(templates)
            got = 0
            attempts = 0
            i = 0
            while got < per and attempts < per * 40:
                tpl = templates[i % len(templates)]
                i += 1
                # composition: sometimes join 2-3 templates of the same register
                # (slots are shared, so names/dates stay consistent in one text)
                p_join = 0.12 if lang == "en" else 0.3
                if reg in COMBINE and len(templates) >= 3 and rng.random() < p_join:
                    extra = rng.sample([t for t in templates if t != tpl], rng.choice([1, 1, 2]))
                    sep = "\n" if reg in ("bank_statement_line", "invoice_line") else " "
                    # give the added parts their own reference numbers and amounts
                    extra = [re.sub(r"\{(ref|num|order|code|amount|small|big|tracking)(\d?)\}",
                                    lambda m: "{" + m.group(1) + (m.group(2) or "") + "7}", t) for t in extra]
                    tpl = sep.join([tpl] + extra)
                attempts += 1
                text = expand(rng, tpl, lang, cfg)
                if not (1 <= len(text) <= 1500) or text in seen:
                    continue
                seen.add(text)
                rows.append({"text": text, "label": "legitimate", "register": reg,
                             "lang": lang, "family": "", "source": STEM})
                got += 1
            if got < per:
                print(f"warning: {lang}/{reg}: only {got} of {per}", file=sys.stderr)
    rng.shuffle(rows)
    with open(OUT, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")


if __name__ == "__main__":
    main()
