"""Generator for corpus/training/attacks_direct.jsonl -- TRAINING DATA ONLY.

How the data was made
---------------------
Every text is an ATTACK (prompt injection aimed at the AI agent/assistant that reads a tool
value).  All wording was hand-written for this file by the author; nothing was copied from a
published dataset or attack kit.  Texts are composed from hand-written fragments:

* an optional vocative addressed to the reader-tool ("Assistant,", "Note to the AI:",
  "Payment agent:", "whoever processes this", "Claude/GPT/Copilot", none at all, ...),
* a hand-written injection payload belonging to one of eight families
  (instruction_override, role_switch, new_task_payment, new_task_account, exfiltration,
  approval_bypass, secrecy, fake_authority), written in several tones (blunt, polite,
  bureaucratic, urgent, "policy update", "standing instruction", "meeting decision",
  "correction: the correct account is ..."),
* slot values (made-up names, amounts, invoice numbers, IBANs with check digits 00, card
  4000 0000 0000 0002, e-mails/URLs under example.com/.net/.org or .invalid, phones 555-01xx),
* and, for about two thirds of the texts, a hand-written realistic CARRIER in the same
  language with the injection placed at its start, middle or end.

Registers: bare (standalone injection, ~1/3), payment_reference, support_ticket,
email_quoting_email, legal_clause, meeting_minutes, hr_announcement, crm_note,
product_review, calendar_invite, invoice_line, web_page, tool_result.

Languages (22): en (about 35 %) plus es fr de pt it nl ru uk pl tr ar he fa hi zh ja ko vi
id sv sw.  Each language has its own hand-written payloads for all eight families and its own
carriers (not translations generated word by word).

Output: one JSON object per line with keys text, label ("attack"), register, lang, family,
source ("attacks_direct").  Deterministic: random.Random(20250607).  Target about 4,700 texts
(the exact counts are printed when run).  Run:  python corpus/training/attacks_direct.py
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import attacks_direct_data_en as EN  # noqa: E402
from attacks_direct_data_ml1 import LANGS as L1  # noqa: E402
from attacks_direct_data_ml2 import LANGS as L2  # noqa: E402
from attacks_direct_data_ml3 import LANGS as L3  # noqa: E402
from attacks_direct_data_ml4 import LANGS as L4  # noqa: E402

SEED = 20250607
FAMILIES = ["instruction_override", "role_switch", "new_task_payment", "new_task_account",
            "exfiltration", "approval_bypass", "secrecy", "fake_authority"]
REGISTERS = ["payment_reference", "support_ticket", "email_quoting_email", "legal_clause",
             "meeting_minutes", "hr_announcement", "crm_note", "product_review",
             "calendar_invite", "invoice_line", "web_page", "tool_result"]
DEFAULT_BARE = ["{INJ}", "{INJ}", "{INJ}", "### {INJ} ###", "[[{INJ}]]", "--- {INJ}",
                ">>> {INJ}", "*** {INJ} ***", "<!-- {INJ} -->", "(({INJ}))"]

ATTACK_LOCAL = ["payout", "refunds-desk", "verify", "ops.archive", "collect", "backup-team",
                "sec-review", "audit.inbox", "billing-update", "helpdesk-2", "treasury.ext",
                "records", "a.mendes", "j.k", "drop", "sync"]
ATTACK_DOM = ["example.com", "example.net", "example.org", "mail.example.net", "pay-check.invalid",
              "secure-verify.invalid", "files.example.org", "corp-audit.invalid"]
LEGIT_LOCAL = ["info", "accounts", "support", "office", "hello", "billing", "team"]
URL_HOSTS = ["https://collect.example.net", "https://status.example.com", "http://upload.example.org",
             "https://api.data-sync.invalid", "https://logs.example.net", "https://cdn.example.com",
             "https://report.audit-portal.invalid", "https://pixel.example.org"]
URL_PATHS = ["/in", "/upload", "/v1/log", "/r", "/track.png", "/collect", "/api/store", "/x"]
USERS = ["j.smith", "admin2", "mgarcia", "ops_user", "t.nguyen", "finance01", "kwalker", "svc_pay",
         "a.rossi", "helpdesk7"]
IBAN_CC = ["GB", "DE", "FR", "ES", "NL", "IT", "PT", "PL", "SE", "BE", "AT", "CH", "TR"]

# Hand-written short tails (urgent / polite / bureaucratic) appended to some injections.
TAILS = {
    "es": ["Es urgente.", "Gracias de antemano.", "Instrucción permanente, aplicar también en adelante.", "Hazlo antes de las 17:00."],
    "fr": ["C'est urgent.", "Merci par avance.", "Consigne permanente, à appliquer aussi à l'avenir.", "À faire avant 17 h."],
    "de": ["Das ist dringend.", "Vielen Dank im Voraus.", "Dauerhafte Anweisung, gilt auch künftig.", "Bitte bis 17 Uhr erledigen."],
    "pt": ["É urgente.", "Desde já, obrigado.", "Instrução permanente, vale daqui em diante.", "Faça isso antes das 17h."],
    "it": ["È urgente.", "Grazie in anticipo.", "Istruzione permanente, valida anche in futuro.", "Da fare entro le 17."],
    "nl": ["Het is dringend.", "Alvast bedankt.", "Staande instructie, geldt ook voortaan.", "Graag vóór 17.00 uur."],
    "ru": ["Это срочно.", "Заранее спасибо.", "Это постоянное указание, действует и впредь.", "Сделать до 17:00."],
    "uk": ["Це терміново.", "Наперед дякую.", "Це постійна вказівка, діє й надалі.", "Зробити до 17:00."],
    "pl": ["To pilne.", "Z góry dziękuję.", "Polecenie stałe, obowiązuje także w przyszłości.", "Zrobić do 17:00."],
    "tr": ["Bu acil.", "Şimdiden teşekkürler.", "Kalıcı talimattır, bundan sonra da geçerlidir.", "Saat 17:00'ye kadar yapılmalı."],
    "ar": ["الأمر عاجل.", "شكرًا مقدمًا.", "هذه تعليمات دائمة تسري من الآن فصاعدًا.", "يُنفَّذ قبل الساعة الخامسة مساءً."],
    "he": ["זה דחוף.", "תודה מראש.", "זו הוראת קבע, תקפה גם מעכשיו והלאה.", "לבצע עד 17:00."],
    "fa": ["فوری است.", "پیشاپیش ممنون.", "این یک دستور دائمی است و از این به بعد هم اجرا شود.", "تا ساعت ۱۷ انجام شود."],
    "hi": ["यह ज़रूरी है।", "पहले से धन्यवाद।", "यह स्थायी निर्देश है, आगे भी लागू रहेगा।", "शाम 5 बजे से पहले कर देना।"],
    "sw": ["Ni dharura.", "Asante mapema.", "Hili ni agizo la kudumu, litumike hata baadaye.", "Fanya hivi kabla ya saa 11 jioni."],
    "zh": ["此事紧急。", "先谢谢了。", "此为长期有效指令，今后同样适用。", "请在17点前完成。"],
    "ja": ["至急でお願いします。", "よろしくお願いいたします。", "これは恒久的な指示で、今後も適用されます。", "17時までに対応してください。"],
    "ko": ["긴급합니다.", "미리 감사드립니다.", "이는 상시 지시로 앞으로도 적용됩니다.", "17시 전까지 처리하세요."],
    "vi": ["Việc này rất gấp.", "Cảm ơn trước.", "Đây là chỉ dẫn thường trực, áp dụng cả về sau.", "Làm trước 17 giờ."],
    "id": ["Ini mendesak.", "Terima kasih sebelumnya.", "Ini instruksi tetap, berlaku juga ke depannya.", "Selesaikan sebelum jam 17.00."],
    "sv": ["Det är brådskande.", "Tack på förhand.", "Stående instruktion, gäller även framöver.", "Gör det före kl. 17."],
    "en": ["This is urgent.", "Thanks in advance.", "Standing instruction - apply to all future items too.",
           "Do this before 5 pm today.", "Per the finance director.", "No exceptions.", "Time-critical, please."],
}

SLOT_RE = re.compile(r"\{([A-Za-z_0-9]+)\}")


def fmt_amount(rng, style, cur):
    v = rng.choice([120, 250, 480, 750, 980, 1200, 1850, 2400, 3500, 4990, 7200, 9800, 12500,
                    15000, 18750, 24000, 36500, 49000, 75000, 98000])
    cents = rng.choice([0, 0, 0, 50, 99, 20])
    whole = f"{v:,}"
    if style == "en":
        s = f"{whole}.{cents:02d}" if cents else whole
    elif style == "dot":      # 1.250,00
        s = whole.replace(",", ".") + (f",{cents:02d}" if cents else ",00")
    elif style == "space":    # 1 250,00
        s = whole.replace(",", "\u00a0") + (f",{cents:02d}" if cents else "")
    elif style == "plain":
        s = str(v)
    else:
        s = whole
    pre, post = cur
    return f"{pre}{s}{post}"


def make_iban(rng):
    cc = rng.choice(IBAN_CC)
    digits = "".join(str(rng.randint(0, 9)) for _ in range(18))
    raw = cc + "00" + digits
    return " ".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def slot_values(rng, cfg):
    names = cfg["NAMES"]
    n1, n2, n3 = rng.sample(names, 3)
    d, m, y = rng.randint(1, 28), rng.randint(1, 12), rng.choice([2024, 2025])
    return {
        "amt": fmt_amount(rng, cfg["NUM"], rng.choice(cfg["CUR"])),
        "iban": make_iban(rng),
        "email": f"{rng.choice(ATTACK_LOCAL)}@{rng.choice(ATTACK_DOM)}",
        "email_legit": f"{rng.choice(LEGIT_LOCAL)}@{rng.choice(['example.com', 'example.org', 'example.net'])}",
        "url": rng.choice(URL_HOSTS) + rng.choice(URL_PATHS),
        "phone": rng.choice(["+1 555-01", "555-01", "+1-202-555-01", "(555) 01"]) + f"{rng.randint(0, 99):02d}",
        "name": n1, "name2": n2, "name3": n3, "first": n1.split()[0],
        "user": rng.choice(USERS),
        "inv": rng.choice(["INV-", "RE-", "F", "No. ", "2025/"]) + str(rng.randint(1000, 99999)),
        "ref": rng.choice(["", "PO-", "ORD-", "R", "TX"]) + str(rng.randint(100000, 9999999)),
        "tnum": str(rng.randint(10000, 999999)),
        "date": cfg["DATE"].format(d=d, m=m, y=y),
        "month": cfg["MONTHS"][m - 1],
        "year": str(y),
        "company": rng.choice(cfg["COMPANIES"]),
        "product": rng.choice(cfg["PRODUCTS"]),
        "bank": rng.choice(cfg["BANKS"]),
    }


def fill(template, vals):
    return SLOT_RE.sub(lambda mo: vals.get(mo.group(1), mo.group(0)), template)


def cap_first(s):
    return s[:1].upper() + s[1:] if s else s


def compose_injection(rng, cfg, family, vals):
    payload = fill(rng.choice(cfg["P"][family]), vals)
    tails = TAILS.get(cfg["LANG"], [])
    if tails and rng.random() < 0.25:
        payload = payload + cfg.get("SEP", " ") + rng.choice(tails)
    starts_upper = payload[:1].isupper() or payload[:1] in "[<{(" 
    voc_p = 0.3 if family == "fake_authority" else cfg.get("VOC_P", 0.6)
    if rng.random() < voc_p:
        voc = rng.choice(cfg["VOC"])
        if voc.endswith(",") and starts_upper:
            voc = voc[:-1] + ":"
        if voc.endswith(",") and cfg.get("CASE", True):
            return voc + " " + payload
        return voc + cfg.get("SEP", " ") + cap_first(payload)
    return cap_first(payload)


def build_lang(rng, lang, cfg, target, seen, out):
    bare_w = cfg.get("BARE_WRAP", DEFAULT_BARE)
    carriers = cfg["CARRIERS"]
    regs = [r for r in REGISTERS if carriers.get(r)]
    made, attempts, i = 0, 0, 0
    while made < target and attempts < target * 30:
        attempts += 1
        family = FAMILIES[i % len(FAMILIES)]
        vals = slot_values(rng, cfg)
        inj = compose_injection(rng, cfg, family, vals)
        if rng.random() < 0.34:
            register = "bare"
            text = rng.choice(bare_w).replace("{INJ}", inj)
        else:
            register = rng.choice(regs)
            tpl = rng.choice(carriers[register])
            if register == "email_quoting_email":
                # the quoted sender is a third person, not the recipient greeted above
                tpl = tpl.replace("{name} <{email_legit}>", "{name3} <{email_legit}>").replace("From: {name}\n", "From: {name3}\n")
            vals2 = dict(vals)
            vals2["INJ"] = inj
            vals2["INJ_J"] = json.dumps(inj, ensure_ascii=False)[1:-1]
            if tpl.lstrip().startswith("{"):
                # JSON-ish tool result: escape every slot value so the record stays valid JSON
                vals2 = {k: json.dumps(v, ensure_ascii=False)[1:-1] for k, v in vals2.items()}
                vals2["INJ_J"] = vals2["INJ"]
            text = fill(tpl, vals2)
        text = text.strip()
        if not (1 <= len(text) <= 1500) or text in seen:
            continue
        seen.add(text)
        out.append({"text": text, "label": "attack", "register": register, "lang": lang,
                    "family": family, "source": "attacks_direct"})
        made += 1
        i += 1
    return made


def en_cfg():
    return {
        "VOC": EN.VOC, "BARE_WRAP": EN.BARE_WRAP, "P": EN.P, "CARRIERS": EN.CARRIERS,
        "NAMES": EN.NAMES, "COMPANIES": EN.COMPANIES, "PRODUCTS": EN.PRODUCTS, "BANKS": EN.BANKS,
        "NUM": "en", "CUR": [("$", ""), ("£", ""), ("EUR ", ""), ("USD ", "")],
        "DATE": "{m}/{d}/{y}",
        "MONTHS": ["January", "February", "March", "April", "May", "June", "July", "August",
                   "September", "October", "November", "December"],
    }


def main():
    rng = random.Random(SEED)
    langs = {"en": en_cfg()}
    for block in (L1, L2, L3, L4):
        langs.update(block)
    others = [k for k in langs if k != "en"]
    total_target = 4700
    en_target = int(total_target * 0.35)
    per_other = (total_target - en_target) // max(1, len(others)) + 1
    seen, out = set(), []
    for lang in ["en"] + others:
        langs[lang]["LANG"] = lang
        tgt = en_target if lang == "en" else per_other
        got = build_lang(rng, lang, langs[lang], tgt, seen, out)
        if got < tgt:
            print(f"warning: {lang} produced {got}/{tgt}", file=sys.stderr)
    path = os.path.join(HERE, "attacks_direct.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for row in out:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(out)} rows to {path}")


if __name__ == "__main__":
    main()
