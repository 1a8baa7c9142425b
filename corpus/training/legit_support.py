"""Generator for corpus/training/legit_support.jsonl -- LEGITIMATE customer-support text.

Written for training a text classifier only (toolguard); not an evaluation set.

How the data was made
---------------------
* Everything here was written by hand for this file (no published dataset was used).
  The language data lives in legit_support_en.py (English: large fragment pools plus
  hand-written complete texts) and legit_support_l1.py .. _l4.py (20 other languages:
  es fr de pt / it nl sv ru uk pl / tr ar he fa hi / zh ja ko vi id, each with
  native-script fragment pools written as natural text in that language).
* A small pairing table links each customer problem to the agent answers that fit it, so
  chat transcripts, replies and quoted e-mail threads stay coherent.  Texts that differ
  from an earlier one only in numbers are rejected, so volume comes from different
  fragment combinations.
* Texts are composed from hand-written fragments (greetings, problem statements, requests,
  agent answers, colleague messages, notes, review sentences, FAQ pairs, apology lines,
  closings) plus generated details (names, order/ticket numbers, amounts, dates, made-up
  IBANs, 555-01xx phone numbers, example.com e-mails).  Each register has several
  different structural templates so texts differ in structure, not only in one word.
* Registers (12, roughly equal share): support_ticket, support_reply, email_quoting_email,
  colleague_chat, crm_note, call_center_note, complaint_letter, product_review,
  survey_answer, faq_entry, customer_chat_transcript, apology_letter.
* All texts are LEGITIMATE: they are written between people (customers, agents,
  colleagues).  On purpose they contain words an injection also uses, in their ordinary
  sense ("please ignore my previous email", "I have reset your password", "never share your
  one-time code", "cancel the previous order", "forward this to billing", "urgent: approve
  my refund", "your chatbot gave me the wrong answer", quoted earlier messages, IBANs...).
* Deterministic: random.Random(SEED).  Counts: 196 per register for English and 18 per
  register for each of the 20 other languages = 6,672 legitimate values (English 2,352,
  about 35 %; 556 per register; 216 per non-English language).
  Run:  python corpus/training/legit_support.py
"""
import json
import re
import os
import random
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import legit_support_en  # noqa: E402
import legit_support_l1  # noqa: E402
import legit_support_l2  # noqa: E402
import legit_support_l3  # noqa: E402
import legit_support_l4  # noqa: E402

SEED = 20240611
STEM = "legit_support"
OUT = os.path.join(HERE, STEM + ".jsonl")

REGISTERS = [
    "support_ticket", "support_reply", "email_quoting_email", "colleague_chat",
    "crm_note", "call_center_note", "complaint_letter", "product_review",
    "survey_answer", "faq_entry", "customer_chat_transcript", "apology_letter",
]
PER_REG_EN = 196
PER_REG_OTHER = 18

SCALAR_KEYS = {"names", "products", "sep", "cur", "dec", "thou", "scale", "decimals",
               "datefmt", "iban_cc", "lab", "full", "faq", "months", "pair"}

# Which agent answers fit which customer problem (indices into "issue" / "resp").
# All non-English languages list their 12 problems and 12 answers in the same order.
PAIR_STD = {0: [11, 10], 1: [8, 4, 3], 2: [0, 2], 3: [5], 4: [0, 1], 5: [2, 0, 1], 6: [7, 3],
            7: [10, 6], 8: [3, 4], 9: [4], 10: [10, 11], 11: [9]}


class SafeDict(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def prepare(raw):
    """Turn compact data (multi-line strings) into lists/dicts."""
    L = {}
    for k, v in raw.items():
        if k in ("names", "products"):
            if isinstance(v, str):
                sep = "|" if "|" in v else None
                L[k] = [x.strip() for x in (v.split(sep) if sep else v.split()) if x.strip()]
            else:
                L[k] = list(v)
        elif k == "lab":
            d = {}
            for line in v.strip().split("\n"):
                key, _, val = line.partition("=")
                d[key.strip()] = val.strip().replace("\\n", "\n")
            L[k] = d
        elif k == "faq":
            pairs = []
            for line in v.strip().split("\n"):
                q, _, a = line.partition("||")
                pairs.append((q.strip(), a.strip()))
            L[k] = pairs
        elif k == "full":
            L[k] = v
        elif k in SCALAR_KEYS:
            L[k] = v
        elif isinstance(v, str):
            L[k] = [x.strip().replace("\\n", "\n") for x in v.strip().split("\n") if x.strip()]
        else:
            L[k] = v
    L.setdefault("sep", " ")
    L.setdefault("dec", ".")
    L.setdefault("thou", ",")
    L.setdefault("scale", 1)
    L.setdefault("decimals", 2)
    L.setdefault("full", {})
    L.setdefault("pair", PAIR_STD)
    return L


HANDLES = ["m.keller", "anna.b", "jp.tran", "s.ali", "info", "k.novak", "orders", "lina.h",
           "r.costa", "t.yamada", "dmitri.v", "a.rahman", "e.silva", "h.kim", "office",
           "billing", "n.perez", "o.smirnova", "v.rossi", "c.dubois"]
DOMAINS = ["example.com", "example.net", "example.org"]


def fmt_amount(rng, L):
    scale = L["scale"]
    base = rng.choice([rng.uniform(5, 60), rng.uniform(20, 250), rng.uniform(100, 1500)])
    v = base * scale
    if L["decimals"] == 0:
        v = int(round(v, -1 if scale >= 100 else 0))
        s = f"{v:,}"
    else:
        v = round(v, 2) if rng.random() < 0.7 else float(int(v))
        s = f"{v:,.2f}"
    s = s.replace(",", "\u0001").replace(".", L["dec"]).replace("\u0001", L["thou"])
    return L["cur"].replace("N", s)


def fmt_date(rng, L):
    y = rng.choice([2023, 2024, 2024, 2025])
    m = rng.randint(1, 12)
    d = rng.randint(1, 28)
    f = L.get("datefmt", "dmy_slash")
    if f == "us":
        months = L["months"].split()
        return f"{months[m - 1]} {d}" if rng.random() < 0.6 else f"{m}/{d}/{y}"
    if f == "dmy_dot":
        return f"{d:02d}.{m:02d}.{y}"
    if f == "dmy_slash":
        return f"{d:02d}/{m:02d}/{y}"
    if f == "dmy_dash":
        return f"{d:02d}-{m:02d}-{y}"
    if f == "iso":
        return f"{y}-{m:02d}-{d:02d}"
    if f == "cjk":
        return f"{y}年{m}月{d}日"
    if f == "ko":
        return f"{y}년 {m}월 {d}일"
    if f == "month":
        months = L["months"].split()
        return f"{d} {months[m - 1]}"
    return f"{d}/{m}/{y}"


def gen_order(rng):
    t = rng.randrange(5)
    if t == 0:
        return "#" + str(rng.randint(100000, 999999))
    if t == 1:
        return f"ORD-{rng.choice([2023, 2024, 2025])}-{rng.randint(10000, 99999)}"
    if t == 2:
        return "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(2)) + str(rng.randint(1000000, 9999999))
    if t == 3:
        return str(rng.randint(10000000, 99999999))
    return f"SO{rng.randint(100000, 999999)}"


def gen_ticket(rng):
    t = rng.randrange(3)
    if t == 0:
        return "#" + str(rng.randint(10000, 999999))
    if t == 1:
        return f"TCK-{rng.randint(10000, 99999)}"
    return f"INC{rng.randint(1000000, 9999999)}"


def gen_iban(rng, cc):
    digits = "".join(str(rng.randint(0, 9)) for _ in range(18))
    body = f"{cc}{rng.randint(10, 99)}{digits}"
    return " ".join(body[i:i + 4] for i in range(0, len(body), 4))


def make_ctx(rng, L):
    ctx = _make_ctx(rng, L)
    _fix_time2(ctx, rng)
    return ctx


def _make_ctx(rng, L):
    names = L["names"]
    name = rng.choice(names)
    agent = rng.choice([n for n in names if n != name])
    other = rng.choice([n for n in names if n not in (name, agent)])
    return {
        "name": name, "agent": agent, "other": other,
        "order": gen_order(rng), "order2": gen_order(rng), "ticket": gen_ticket(rng),
        "amount": fmt_amount(rng, L), "amount2": fmt_amount(rng, L),
        "date": fmt_date(rng, L), "date2": fmt_date(rng, L),
        "product": rng.choice(L["products"]),
        "iban": gen_iban(rng, L.get("iban_cc", "GB")),
        "phone": f"555-01{rng.randint(0, 99):02d}",
        "email": f"{rng.choice(HANDLES)}{rng.choice(['', str(rng.randint(1, 99))])}@{rng.choice(DOMAINS)}",
        "n": str(rng.randint(2, 5)), "days": str(rng.choice([3, 5, 7, 10, 14])),
        "last4": str(rng.randint(1000, 9999)),
        "time": f"{rng.randint(8, 18):02d}:{rng.randint(0, 59):02d}",
        "time2": "",
        "pct": str(rng.choice([10, 15, 20, 25, 30])),
        "ext": str(rng.randint(100, 999)),
    }


def _fix_time2(ctx, rng):
    h, m = map(int, ctx["time"].split(":"))
    t = h * 60 + m + rng.randint(1, 40)
    ctx["time2"] = f"{min(t // 60, 23):02d}:{t % 60:02d}"


def fill(s, ctx):
    return s.format_map(SafeDict(ctx))


class Comp:
    def __init__(self, rng, L):
        self.rng = rng
        self.L = L
        self.ctx = make_ctx(rng, L)
        self.lab = L["lab"]

    def p(self, key):
        return fill(self.rng.choice(self.L[key]), self.ctx)

    def ps(self, key, k):
        pool = self.L[key]
        k = min(k, len(pool))
        return [fill(x, self.ctx) for x in self.rng.sample(pool, k)]

    def issue_resp(self, k=1):
        """A customer problem plus k agent answers that fit it (pairing table), if known."""
        i = self.rng.randrange(len(self.L["issue"]))
        fit = list(self.L.get("pair", {}).get(i, []))
        self.rng.shuffle(fit)
        rest = [x for x in range(len(self.L["resp"])) if x not in fit]
        self.rng.shuffle(rest)
        idx = (fit + rest)[:k]
        return (fill(self.L["issue"][i], self.ctx), [fill(self.L["resp"][x], self.ctx) for x in idx])

    def j(self, parts):
        return self.L["sep"].join(x for x in parts if x)

    def lb(self, key):
        return fill(self.lab[key], self.ctx)

    def chance(self, x):
        return self.rng.random() < x


# ---------------------------------------------------------------- composers

def c_support_ticket(c):
    r = c.rng.randrange(6)
    if r == 0:
        return (f"{c.lb('subject')}: {c.p('subj')}\n\n{c.p('greet_c')}\n\n"
                f"{c.j([c.p('issue'), c.p('ask')])}\n\n{c.p('sign_c')}")
    if r == 1:
        return c.j([c.p('issue'), c.p('ask') if c.chance(0.6) else ""])
    if r == 2:
        prio = c.rng.choice(c.lab['prios'].split('|'))
        cat = c.rng.choice(c.lab['cats'].split('|'))
        return (f"{c.lb('ticket')}: {c.ctx['ticket']}\n{c.lb('priority')}: {prio}\n"
                f"{c.lb('category')}: {cat}\n{c.lb('desc')}: " + c.j(c.ps('issue', 2)))
    if r == 3:
        return f"[{c.p('subj')}] " + c.j([c.p('issue'), c.p('ask')])
    if r == 4:
        return (f"{c.p('greet_c')}\n" + c.j(c.ps('issue', 2) + [c.p('ask')]) + f"\n{c.p('sign_c')}")
    return (f"{c.lb('subject')}: {c.p('subj')}\n" + c.j([c.p('issue'), c.p('ask')])
            + f"\n{c.lb('order')}: {c.ctx['order']}")


def c_support_reply(c):
    r = c.rng.randrange(4)
    _, fit = c.issue_resp(3)
    if r == 0:
        return f"{c.p('greet_a')}\n\n" + c.j([c.p('ropen')] + fit[:2]) + f"\n\n{c.p('sign_a')}"
    if r == 1:
        return f"{c.p('greet_a')}\n\n" + fit[0] + f"\n\n{c.p('sign_a')}"
    if r == 2:
        return c.j([c.p('ropen'), fit[0]])
    return f"{c.p('greet_a')} " + c.j(fit[:3]) + f"\n{c.p('sign_a')}"


def quote_lines(text, prefix="> "):
    return "\n".join((prefix + ln) if ln.strip() else prefix.rstrip() for ln in text.split("\n"))


def c_email_quoting_email(c):
    rng = c.rng
    top_kind = rng.randrange(3)
    issue, fit = c.issue_resp(2)
    if top_kind == 0:
        top = f"{c.p('greet_a')}\n\n" + c.j(fit[:rng.choice([1, 2])]) + f"\n\n{c.p('sign_a')}"
    elif top_kind == 1:
        top = c.p('fwd')
    else:
        top = c.p('follow') + "\n" + c.ctx['name']
    orig = f"{c.p('greet_c')}\n" + c.j([issue, c.p('ask')]) + f"\n{c.p('sign_c')}"
    style = rng.randrange(3)
    if style == 0:
        hdr = (f"{c.lb('orig')}\n{c.lb('from')}: {c.ctx['name']} <{c.ctx['email']}>\n"
               f"{c.lb('sent')}: {c.ctx['date']} {c.ctx['time']}\n{c.lb('to')}: support@example.com\n"
               f"{c.lb('subject')}: {c.p('subj')}")
        return f"{top}\n\n{hdr}\n\n{orig}"
    if style == 1:
        return f"{top}\n\n{c.lb('wrote')}\n{quote_lines(orig)}"
    # two levels of quoting
    inner_reply = fit[0]
    c.ctx['name2'] = c.ctx['agent']
    hdr1 = c.lb('wrote')
    c.ctx['name'], c.ctx['agent'] = c.ctx['agent'], c.ctx['name']
    c.ctx['date'] = c.ctx['date2']
    hdr2 = c.lb('wrote')
    c.ctx['name'], c.ctx['agent'] = c.ctx['agent'], c.ctx['name']
    body = f"{hdr2}\n{inner_reply}\n\n{quote_lines(orig)}"
    return f"{c.p('follow')}\n\n{hdr1}\n{quote_lines(body)}"


def c_colleague_chat(c):
    rng = c.rng
    r = rng.randrange(4)
    n1, n2 = c.ctx['agent'], c.ctx['other']
    if r == 0:
        return c.p('chat')
    if r == 1:
        return f"{n1}: {c.p('chat')}\n{n2}: {c.p('chat_reply')}"
    if r == 2:
        msgs = c.ps('chat', 2)
        return (f"[{c.ctx['time']}] {n1}: {msgs[0]}\n[{c.ctx['time']}] {n2}: {c.p('chat_reply')}\n"
                f"[{c.ctx['time2']}] {n1}: {msgs[1]}")
    return "\n".join(c.ps('chat', 2))


def c_crm_note(c):
    r = c.rng.randrange(4)
    if r == 0:
        return f"{c.ctx['date2']} — " + c.j(c.ps('note', 2))
    if r == 1:
        return (f"{c.lb('customer')}: {c.ctx['name']} | {c.lb('order')}: {c.ctx['order']}\n"
                + c.j(c.ps('note', 2)))
    if r == 2:
        return c.j(c.ps('note', 1)) + f" ({c.ctx['agent']})"
    return "\n".join("- " + x for x in c.ps('note', c.rng.choice([2, 3])))


def c_call_center_note(c):
    r = c.rng.randrange(3)
    if r == 0:
        return (f"{c.lb('caller')}: {c.ctx['name']}, {c.ctx['phone']}\n{c.lb('reason')}: {c.p('callr')}\n"
                f"{c.lb('outcome')}: " + c.j(c.ps('note', 2)))
    if r == 1:
        reason = c.p('callr')
        return f"{c.lb('inbound')} {c.ctx['time']}. " + c.j([reason[:1].upper() + reason[1:] + ".", c.p('note')])
    return (f"{c.lb('reason')}: {c.p('callr')}. " + c.j(c.ps('note', 2))
            + f" {c.lb('followup')}: {c.ctx['date']}.")


def c_complaint_letter(c):
    rng = c.rng
    parts = [c.p('complaint'), c.p('issue')]
    if rng.random() < 0.5:
        parts.append(c.p('complaint'))
    parts = list(dict.fromkeys(parts))
    body = c.j(parts)
    return f"{c.p('greet_f')}\n\n{body}\n\n{c.p('demand')}\n\n{c.p('close_f')}"


STARS = {5: "★★★★★", 4: "★★★★☆", 3: "★★★☆☆", 2: "★★☆☆☆", 1: "★☆☆☆☆"}


def c_product_review(c):
    rng = c.rng
    stars = rng.choice([5, 5, 4, 4, 3, 2, 1, 1])
    if stars >= 4:
        title, sents = c.p('rev_tp'), c.ps('rev_pos', rng.choice([1, 2, 2, 3]))
    elif stars <= 2:
        title, sents = c.p('rev_tn'), c.ps('rev_neg', rng.choice([1, 2, 2, 3]))
    else:
        title, sents = c.p(rng.choice(['rev_tp', 'rev_tn'])), [c.p('rev_pos'), c.p('rev_neg')]
    body = c.j(sents)
    r = rng.randrange(3)
    if r == 0:
        return f"{STARS[stars]} {title}\n{body}"
    if r == 1:
        return f"{title}\n{body}\n{c.lb('rating')}: {stars}/5"
    return body


def c_survey_answer(c):
    r = c.rng.randrange(3)
    if r == 0:
        return c.p('survey')
    if r == 1:
        return f"{c.p('surveyq')}\n{c.p('survey')}"
    return c.j(c.ps('survey', 2))


def c_faq_entry(c):
    q, a = c.rng.choice(c.L['faq'])
    q, a = fill(q, c.ctx), fill(a, c.ctx)
    tip = c.p('faq_tip') if c.rng.random() < 0.5 else ""
    r = c.rng.randrange(3)
    if r == 0:
        return f"{c.lb('q')}: {q}\n{c.lb('a')}: " + c.j([a, tip])
    if r == 1:
        return f"{q}\n" + c.j([a, tip])
    return f"**{q}**\n\n" + c.j([a, tip])


def c_customer_chat_transcript(c):
    rng = c.rng
    A = f"{c.lb('agent')} ({c.ctx['agent']})" if rng.random() < 0.5 else c.ctx['agent']
    C = c.lb('customer') if rng.random() < 0.6 else c.ctx['name']
    lines = []
    if rng.random() < 0.7:
        lines.append((A, c.p('cgreet')))
    issue, resps = c.issue_resp(2)
    lines.append((C, issue))
    lines.append((A, resps[0]))
    if rng.random() < 0.5:
        lines.append((C, c.p('ask')))
        lines.append((A, resps[1]))
    lines.append((C, c.p('short')))
    if rng.random() < 0.7:
        lines.append((A, c.p('aclose')))
    if rng.random() < 0.3:
        h, m = map(int, c.ctx['time'].split(":"))
        out = []
        for who, what in lines:
            out.append(f"[{h:02d}:{m:02d}] {who}: {what}")
            m += rng.randint(0, 3)
            h, m = (h + m // 60) % 24, m % 60
        return "\n".join(out)
    return "\n".join(f"{who}: {what}" for who, what in lines)


def c_apology_letter(c):
    r = c.rng.randrange(3)
    ap = c.ps('apology', c.rng.choice([2, 3]))
    if r == 0:
        return f"{c.p('greet_a')}\n\n" + c.j(ap) + f"\n\n{c.p('sign_a')}"
    if r == 1:
        return f"{c.lb('subject')}: {c.p('apsubj')}\n\n{c.p('greet_a')}\n\n" + c.j(ap + [c.p('resp')]) + f"\n\n{c.p('sign_a')}"
    return f"{c.p('greet_a')} " + c.j(ap[:2])


def skeleton(text):
    t = re.sub(r"\d", "0", text)
    return re.sub(r"[\w.+-]+@example\.(?:com|net|org)", "E", t)


COMPOSERS = {name: globals()["c_" + name] for name in REGISTERS}


def generate():
    rng = random.Random(SEED)
    langs = {"en": legit_support_en.LANG}
    for mod in (legit_support_l1, legit_support_l2, legit_support_l3, legit_support_l4):
        langs.update(mod.LANGS)
    rows, seen, skels = [], set(), set()
    for code, raw in langs.items():
        L = prepare(raw)
        target = PER_REG_EN if code == "en" else PER_REG_OTHER
        for reg in REGISTERS:
            got = 0
            # hand-written complete texts first
            for t in L["full"].get(reg, []):
                ctx = make_ctx(rng, L)
                text = fill(t, ctx).strip()
                if text and text not in seen and len(text) <= 1500:
                    seen.add(text)
                    skels.add(skeleton(text))
                    rows.append(dict(text=text, label="legitimate", register=reg, lang=code,
                                     family="", source=STEM))
                    got += 1
            tries = 0
            while got < target and tries < target * 60:
                tries += 1
                c = Comp(rng, L)
                text = COMPOSERS[reg](c).strip()
                if "{" in text and "}" in text:
                    raise ValueError(f"unfilled slot in {code}/{reg}: {text!r}")
                skel = skeleton(text)
                if not text or text in seen or len(text) > 1500:
                    continue
                if skel in skels and tries < target * 40:
                    continue  # prefer texts that differ in more than numbers
                seen.add(text)
                skels.add(skel)
                rows.append(dict(text=text, label="legitimate", register=reg, lang=code,
                                 family="", source=STEM))
                got += 1
            if got < target:
                print(f"warning: {code}/{reg} only {got}", file=sys.stderr)
    return rows


def main():
    rows = generate()
    with open(OUT, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")
    print(Counter(r["register"] for r in rows))
    print(Counter(r["lang"] for r in rows))


if __name__ == "__main__":
    main()
