"""Shared slot pools and the fragment composer for legit_office.py (training data only).

Every string here is hand-written for the toolguard training corpus. All organisations,
people, places, account numbers and amounts are invented.
"""

import random
import re

# --------------------------------------------------------------------------------------
# Per-language slot pools: people, organisations, cities, dates, number/currency format.
# --------------------------------------------------------------------------------------
POOLS = {
    "en": dict(
        name=["Sarah Whitfield", "James Okafor", "Priya Raman", "Tom Brennan", "Lucy Harding", "Daniel Mensah",
              "Karen Liu", "Michael Dorsey", "Aisha Patel", "Robert Hale", "Emma Clarke", "Owen Gallagher"],
        org=["Northwind Logistics Ltd", "Bramble & Co. LLP", "Harbourview Systems Inc.", "Castlegate Foods plc",
             "Redfern Analytics LLC", "Pinecrest Property Group", "Meridian Health Partners", "Ashdown Engineering Ltd"],
        city=["Manchester", "Leeds", "Bristol", "Boston", "Denver", "Toronto", "Dublin", "Glasgow"],
        date=["1 March 2025", "15 April 2025", "30 June 2025", "1 September 2025", "31 December 2025",
              "January 12, 2026", "February 3, 2026", "March 31, 2026", "14 July 2025", "October 1, 2025"],
        cur=["GBP {}", "USD {}", "EUR {}", "${}", "£{}", "€{}"], sep=(",", "."),
    ),
    "es": dict(
        name=["María López", "Javier Ortega", "Lucía Fernández", "Carlos Martín", "Elena Ruiz", "Pablo Navarro",
              "Ana Castillo", "Diego Herrera"],
        org=["Grupo Alcor S.L.", "Distribuciones Levante S.A.", "Construcciones Miralba S.L.", "Tecnosur Ibérica S.A.",
             "Consultora Atalaya S.L.", "Bodegas Riberalta S.A."],
        city=["Madrid", "Valencia", "Sevilla", "Bilbao", "Zaragoza", "Málaga"],
        date=["1 de marzo de 2025", "15 de abril de 2025", "30 de junio de 2025", "1 de septiembre de 2025",
              "31 de diciembre de 2025", "12 de enero de 2026", "3 de febrero de 2026"],
        cur=["{} €", "{} EUR"], sep=(".", ","),
    ),
    "fr": dict(
        name=["Claire Dubois", "Julien Moreau", "Sophie Lambert", "Nicolas Girard", "Camille Fournier", "Antoine Roussel",
              "Isabelle Marchand", "Hugo Lefèvre"],
        org=["Société Berthier SAS", "Groupe Alpaval SA", "Cabinet Rivière & Associés", "Transports Vallon SARL",
             "Logiciels Orléa SAS", "Imprimerie du Lys SA"],
        city=["Lyon", "Nantes", "Bordeaux", "Lille", "Toulouse", "Strasbourg"],
        date=["1er mars 2025", "15 avril 2025", "30 juin 2025", "1er septembre 2025", "31 décembre 2025",
              "12 janvier 2026", "3 février 2026"],
        cur=["{} €", "{} EUR"], sep=("\u202f", ","),
    ),
    "de": dict(
        name=["Anna Schneider", "Thomas Becker", "Julia Hoffmann", "Markus Weber", "Katrin Schulz", "Stefan Wagner",
              "Laura Fischer", "Jan Richter"],
        org=["Nordlicht Logistik GmbH", "Bergmann & Söhne KG", "Weißfeld Software AG", "Rheintal Bau GmbH",
             "Hansa Medientechnik GmbH", "Kessler Maschinenbau AG"],
        city=["Hamburg", "München", "Köln", "Stuttgart", "Leipzig", "Frankfurt am Main"],
        date=["1. März 2025", "15. April 2025", "30. Juni 2025", "1. September 2025", "31. Dezember 2025",
              "12. Januar 2026", "3. Februar 2026"],
        cur=["{} EUR", "{} €"], sep=(".", ","),
    ),
    "pt": dict(
        name=["Ana Ribeiro", "João Carvalho", "Mariana Costa", "Pedro Almeida", "Beatriz Souza", "Rafael Mendes",
              "Carla Nunes", "Tiago Ferreira"],
        org=["Transportes Atlântico Lda.", "Grupo Serra Azul S.A.", "Construtora Vale Verde Ltda.",
             "Tecnologia Ipê S.A.", "Consultoria Horizonte Lda.", "Alimentos Boa Terra S.A."],
        city=["Lisboa", "Porto", "São Paulo", "Curitiba", "Belo Horizonte", "Braga"],
        date=["1 de março de 2025", "15 de abril de 2025", "30 de junho de 2025", "1 de setembro de 2025",
              "31 de dezembro de 2025", "12 de janeiro de 2026"],
        cur=["{} €", "R$ {}", "EUR {}"], sep=(".", ","),
    ),
    "it": dict(
        name=["Giulia Russo", "Marco Bianchi", "Francesca Romano", "Luca Colombo", "Chiara Ricci", "Alessandro Greco",
              "Sara Marino", "Davide Conti"],
        org=["Officine Brenta S.r.l.", "Gruppo Valdora S.p.A.", "Studio Legale Ferri & Associati",
             "Logistica Adriatica S.r.l.", "Informatica Sirio S.p.A.", "Cantine Montalto S.r.l."],
        city=["Milano", "Torino", "Bologna", "Verona", "Napoli", "Firenze"],
        date=["1° marzo 2025", "15 aprile 2025", "30 giugno 2025", "1° settembre 2025", "31 dicembre 2025",
              "12 gennaio 2026"],
        cur=["{} €", "EUR {}"], sep=(".", ","),
    ),
    "nl": dict(
        name=["Sanne de Vries", "Pieter Jansen", "Lotte Bakker", "Bram Visser", "Eva Smit", "Daan Mulder",
              "Femke de Boer", "Ruben Dekker"],
        org=["Van Dijk Transport B.V.", "Polderwerk Installaties B.V.", "Kempen Software N.V.",
             "Groenhoven Vastgoed B.V.", "De Waal Adviesgroep B.V."],
        city=["Utrecht", "Rotterdam", "Eindhoven", "Groningen", "Gent", "Antwerpen"],
        date=["1 maart 2025", "15 april 2025", "30 juni 2025", "1 september 2025", "31 december 2025",
              "12 januari 2026"],
        cur=["€ {}", "EUR {}"], sep=(".", ","),
    ),
    "pl": dict(
        name=["Anna Kowalska", "Piotr Nowak", "Katarzyna Wiśniewska", "Tomasz Zieliński", "Magdalena Wójcik",
              "Michał Kamiński", "Agnieszka Lewandowska", "Paweł Szymański"],
        org=["Budimex-Wola Sp. z o.o.", "Mazowiecka Logistyka S.A.", "Softronik Sp. z o.o.", "Grupa Bałtyk S.A.",
             "Kancelaria Nowicki i Wspólnicy"],
        city=["Warszawa", "Kraków", "Wrocław", "Poznań", "Gdańsk", "Łódź"],
        date=["1 marca 2025 r.", "15 kwietnia 2025 r.", "30 czerwca 2025 r.", "1 września 2025 r.",
              "31 grudnia 2025 r.", "12 stycznia 2026 r."],
        cur=["{} zł", "{} PLN", "{} EUR"], sep=("\u00a0", ","),
    ),
    "ru": dict(
        name=["Анна Смирнова", "Дмитрий Иванов", "Елена Кузнецова", "Сергей Попов", "Ольга Васильева",
              "Алексей Соколов", "Мария Морозова", "Игорь Лебедев"],
        org=["ООО «Северный терминал»", "АО «Техностарт»", "ООО «Волга-Логистик»", "ЗАО «Уралпромснаб»",
             "ООО «Альфа-Консалт»"],
        city=["Москва", "Санкт-Петербург", "Казань", "Новосибирск", "Екатеринбург"],
        date=["1 марта 2025 г.", "15 апреля 2025 г.", "30 июня 2025 г.", "1 сентября 2025 г.", "31 декабря 2025 г.",
              "12 января 2026 г."],
        cur=["{} руб.", "{} ₽", "{} EUR"], sep=("\u00a0", ","),
    ),
    "uk": dict(
        name=["Олена Шевченко", "Андрій Коваленко", "Ірина Бондаренко", "Максим Ткаченко", "Наталія Кравченко",
              "Богдан Мельник", "Оксана Лисенко", "Тарас Мороз"],
        org=["ТОВ «Дніпро Логістик»", "ПрАТ «Карпати-Буд»", "ТОВ «Софттех Україна»", "ТОВ «Полтавська агро»",
             "ТОВ «Юрфірма Вектор»"],
        city=["Київ", "Львів", "Харків", "Одеса", "Дніпро", "Вінниця"],
        date=["1 березня 2025 р.", "15 квітня 2025 р.", "30 червня 2025 р.", "1 вересня 2025 р.",
              "31 грудня 2025 р.", "12 січня 2026 р."],
        cur=["{} грн", "{} UAH", "{} EUR"], sep=("\u00a0", ","),
    ),
    "cs": dict(
        name=["Jana Nováková", "Petr Svoboda", "Lucie Dvořáková", "Martin Černý", "Tereza Procházková",
              "Jakub Kučera", "Eva Veselá", "Tomáš Horák"],
        org=["Vltava Logistik s.r.o.", "Stavby Brno a.s.", "Softplus CZ s.r.o.", "Moravské strojírny a.s.",
             "Advokátní kancelář Málek"],
        city=["Praha", "Brno", "Ostrava", "Plzeň", "Olomouc"],
        date=["1. března 2025", "15. dubna 2025", "30. června 2025", "1. září 2025", "31. prosince 2025",
              "12. ledna 2026"],
        cur=["{} Kč", "{} CZK", "{} EUR"], sep=("\u00a0", ","),
    ),
    "sv": dict(
        name=["Anna Lindqvist", "Erik Johansson", "Maja Karlsson", "Oskar Nilsson", "Elin Berg", "Johan Ek",
              "Sara Holm", "Lars Sandberg"],
        org=["Norrsken Logistik AB", "Bergström & Partners AB", "Vasa Mjukvara AB", "Skärgårdsbygg AB",
             "Älvdalens Trä AB"],
        city=["Stockholm", "Göteborg", "Malmö", "Uppsala", "Umeå"],
        date=["1 mars 2025", "15 april 2025", "30 juni 2025", "1 september 2025", "31 december 2025",
              "12 januari 2026"],
        cur=["{} kr", "{} SEK", "{} EUR"], sep=("\u00a0", ","),
    ),
    "ro": dict(
        name=["Ana Popescu", "Andrei Ionescu", "Elena Stan", "Mihai Dumitrescu", "Ioana Georgescu", "Radu Constantin",
              "Cristina Marin", "Vlad Stoica"],
        org=["Carpatica Logistic S.R.L.", "Dunărea Construct S.A.", "Softvision Est S.R.L.", "Agro Bărăgan S.A.",
             "Cabinet de avocatură Pavel"],
        city=["București", "Cluj-Napoca", "Iași", "Timișoara", "Brașov"],
        date=["1 martie 2025", "15 aprilie 2025", "30 iunie 2025", "1 septembrie 2025", "31 decembrie 2025",
              "12 ianuarie 2026"],
        cur=["{} lei", "{} RON", "{} EUR"], sep=(".", ","),
    ),
    "tr": dict(
        name=["Ayşe Yılmaz", "Mehmet Kaya", "Zeynep Demir", "Emre Şahin", "Elif Çelik", "Burak Aydın",
              "Selin Arslan", "Can Öztürk"],
        org=["Anadolu Lojistik A.Ş.", "Boğaziçi Yazılım Ltd. Şti.", "Ege Yapı A.Ş.", "Karadeniz Gıda San. A.Ş.",
             "Marmara Danışmanlık Ltd. Şti."],
        city=["İstanbul", "Ankara", "İzmir", "Bursa", "Antalya"],
        date=["1 Mart 2025", "15 Nisan 2025", "30 Haziran 2025", "1 Eylül 2025", "31 Aralık 2025", "12 Ocak 2026"],
        cur=["{} TL", "{} ₺", "{} EUR"], sep=(".", ","),
    ),
    "ar": dict(
        name=["سارة الأحمد", "محمد العلي", "ليلى حسن", "خالد منصور", "نور الدين يوسف", "ريم القحطاني",
              "عمر الشامي", "هدى سليمان"],
        org=["شركة الأفق للخدمات اللوجستية", "مجموعة النخيل القابضة", "شركة الرواد للبرمجيات",
             "مؤسسة الواحة للمقاولات", "شركة البحر الأحمر للتجارة"],
        city=["الرياض", "دبي", "عمّان", "القاهرة", "الدوحة", "جدة"],
        date=["1 مارس 2025", "15 أبريل 2025", "30 يونيو 2025", "1 سبتمبر 2025", "31 ديسمبر 2025", "12 يناير 2026"],
        cur=["{} ريال", "{} درهم", "{} دولار"], sep=(",", "."),
    ),
    "he": dict(
        name=["נועה כהן", "יוסי לוי", "מיכל אברהם", "אורי מזרחי", "שירה פרץ", "דניאל ביטון", "רונית גבאי", "איתי שלום"],
        org=["גלבוע לוגיסטיקה בע\"מ", "אופק מערכות תוכנה בע\"מ", "כרמל נדל\"ן בע\"מ", "שקד מזון בע\"מ",
             "משרד עורכי דין ברק ושות'"],
        city=["תל אביב", "חיפה", "ירושלים", "באר שבע", "פתח תקווה"],
        date=["1 במרץ 2025", "15 באפריל 2025", "30 ביוני 2025", "1 בספטמבר 2025", "31 בדצמבר 2025",
              "12 בינואר 2026"],
        cur=["{} ₪", "{} ש\"ח", "{} דולר"], sep=(",", "."),
    ),
    "zh": dict(
        name=["王丽", "李强", "张敏", "刘洋", "陈静", "杨帆", "赵磊", "黄婷"],
        org=["华东物流有限公司", "深圳市远航科技有限公司", "北京中禾咨询有限公司", "上海恒信贸易有限公司",
             "杭州云栖软件有限公司"],
        city=["上海", "北京", "深圳", "杭州", "成都", "苏州"],
        date=["2025年3月1日", "2025年4月15日", "2025年6月30日", "2025年9月1日", "2025年12月31日", "2026年1月12日"],
        cur=["人民币{}元", "{}元", "{}美元"], sep=(",", "."),
    ),
    "ja": dict(
        name=["佐藤 美咲", "鈴木 健太", "高橋 由美", "田中 翔", "伊藤 彩", "渡辺 拓也", "山本 真理子", "中村 大輔"],
        org=["株式会社みなと物流", "東和システム株式会社", "株式会社さくら商事", "北斗エンジニアリング株式会社",
             "青葉コンサルティング合同会社"],
        city=["東京", "大阪", "名古屋", "福岡", "札幌", "横浜"],
        date=["2025年3月1日", "2025年4月15日", "2025年6月30日", "2025年9月1日", "2025年12月31日", "2026年1月12日"],
        cur=["{}円", "金{}円"], sep=(",", "."),
    ),
    "ko": dict(
        name=["김민지", "이준호", "박서연", "최현우", "정수빈", "강도윤", "윤지아", "조성민"],
        org=["한빛물류 주식회사", "(주)누리소프트", "대성건설 주식회사", "세움컨설팅 주식회사", "푸른식품 주식회사"],
        city=["서울", "부산", "인천", "대전", "성남", "광주"],
        date=["2025년 3월 1일", "2025년 4월 15일", "2025년 6월 30일", "2025년 9월 1일", "2025년 12월 31일",
              "2026년 1월 12일"],
        cur=["{}원", "금 {}원"], sep=(",", "."),
    ),
    "vi": dict(
        name=["Nguyễn Thị Lan", "Trần Văn Minh", "Lê Thu Hà", "Phạm Quốc Bảo", "Hoàng Mai Anh", "Vũ Đức Thắng",
              "Đặng Ngọc Hân", "Bùi Thanh Tùng"],
        org=["Công ty TNHH Sao Việt", "Công ty Cổ phần Hải Long", "Công ty TNHH Phần mềm Mekong",
             "Công ty CP Xây dựng Trường Sơn", "Công ty TNHH Thương mại Bến Thành"],
        city=["Hà Nội", "TP. Hồ Chí Minh", "Đà Nẵng", "Hải Phòng", "Cần Thơ"],
        date=["ngày 1 tháng 3 năm 2025", "ngày 15/4/2025", "ngày 30/6/2025", "ngày 1 tháng 9 năm 2025",
              "ngày 31/12/2025", "ngày 12/01/2026"],
        cur=["{} đồng", "{} VND", "{} USD"], sep=(".", ","),
    ),
    "id": dict(
        name=["Siti Rahmawati", "Budi Santoso", "Dewi Lestari", "Agus Pratama", "Rina Kurniawati", "Fajar Nugroho",
              "Putri Wulandari", "Hendra Saputra"],
        org=["PT Nusantara Logistik", "PT Cakrawala Teknologi", "CV Sinar Jaya", "PT Bumi Karya Konstruksi",
             "PT Mitra Sejahtera Abadi"],
        city=["Jakarta", "Surabaya", "Bandung", "Medan", "Semarang", "Yogyakarta"],
        date=["1 Maret 2025", "15 April 2025", "30 Juni 2025", "1 September 2025", "31 Desember 2025",
              "12 Januari 2026"],
        cur=["Rp{}", "Rp {}", "USD {}"], sep=(".", ","),
    ),
    "hi": dict(
        name=["प्रिया शर्मा", "राहुल वर्मा", "अनीता सिंह", "विकास गुप्ता", "नेहा जोशी", "अमित पटेल", "सुनीता यादव",
              "रोहित मेहता"],
        org=["भारत लॉजिस्टिक्स प्रा. लि.", "नवयुग सॉफ्टवेयर लिमिटेड", "गंगा इंफ्रा प्रोजेक्ट्स प्रा. लि.",
             "सह्याद्रि ट्रेडिंग कंपनी", "उत्कर्ष कंसल्टिंग एलएलपी"],
        city=["मुंबई", "दिल्ली", "पुणे", "बेंगलुरु", "जयपुर", "लखनऊ"],
        date=["1 मार्च 2025", "15 अप्रैल 2025", "30 जून 2025", "1 सितंबर 2025", "31 दिसंबर 2025", "12 जनवरी 2026"],
        cur=["₹{}", "{} रुपये", "INR {}"], sep=(",", "."),
    ),
}

AMOUNT_BASES = [250, 480, 1200, 1500, 2750, 3400, 5000, 7800, 12500, 18000, 25000, 40000, 50000, 75000,
                120000, 250000]


FOREIGN_CUR = ("EUR", "USD", "$", "美元", "دولار", "דולר")


def fmt_amount(lang, rng):
    p = POOLS[lang]
    n = rng.choice(AMOUNT_BASES)
    cur = rng.choice(p["cur"])
    mult = {"ja": 100, "ko": 1000, "vi": 20000, "id": 10000, "ru": 80, "hi": 80, "cs": 25, "uk": 40,
            "tr": 30, "sv": 10}.get(lang, 1)
    if not any(f in cur for f in FOREIGN_CUR):
        n *= mult
    th, dec = p["sep"]
    s = f"{n:,}".replace(",", th)
    if rng.random() < 0.25 and lang not in ("ja", "ko", "vi", "id"):
        s += dec + rng.choice(["00", "50"])
    return cur.format(s)


def make_slots(lang, rng):
    p = POOLS[lang]
    names = rng.sample(p["name"], 3)
    orgs = rng.sample(p["org"], 2)
    dates = rng.sample(p["date"], 2)
    return {
        "name": names[0], "name2": names[1], "name3": names[2],
        "org": orgs[0], "org2": orgs[1],
        "city": rng.choice(p["city"]),
        "date": dates[0], "date2": dates[1],
        "amount": fmt_amount(lang, rng), "amount2": fmt_amount(lang, rng),
        "days": rng.choice([5, 7, 10, 14, 15, 30, 45, 60, 90]),
        "pct": rng.choice([2, 3, 5, 8, 10, 15, 20, 25]),
        "n": rng.choice([2, 3, 4, 5, 6, 12, 24]),
        "year": rng.choice([2025, 2026]),
        "time": rng.choice(["09:00", "09:30", "10:00", "11:15", "13:30", "14:00", "15:30", "16:00"]),
        "room": rng.choice(["3.14", "B-201", "4A", "Orion", "Atlas", "2.07", "Nord", "12F-3"]),
        "ref": rng.choice(["PO-2025-0148", "CT-0921", "HR-POL-07", "REF 44-1187", "INV-88213", "MSA-2024-031",
                           "DPA-12", "RES-2025-09", "Q3-REV-5", "FIN-SOP-11"]),
        "iban": rng.choice(["GB00 EXMP 0000 1234 5678 90", "DE00 5001 0000 0012 3456 78",
                            "FR00 3000 4000 0500 0012 3456 789", "NL00 EXMP 0123 4567 89",
                            "ES00 0000 0000 1234 5678 9012", "IT00 X000 0000 0001 2345 6789 012"]),
        "acct": rng.choice(["12345678", "00012094", "40-00-01 / 55550123", "7766 0012 4410", "0049-221-8807"]),
        "phone": rng.choice(["555-0101", "555-0114", "555-0127", "555-0139", "555-0142", "555-0158", "555-0163",
                             "555-0176", "555-0188", "555-0199"]),
        "email": rng.choice(["hr@example.com", "legal@example.org", "payroll@example.net", "it-support@example.com",
                             "privacy@example.org", "board.secretary@example.net", "careers@example.com",
                             "compliance@example.org"]),
        "url": rng.choice(["https://intranet.example.com/policies", "https://careers.example.org/jobs",
                           "https://www.example.net/privacy", "https://portal.example.com/hr",
                           "https://docs.example.org/handbook"]),
    }


class SafeDict(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def fill(text, slots):
    out = text.format_map(SafeDict(slots))
    # a slot value ending in "." (e.g. "2025 г.", "Inc.") followed by a full stop
    return re.sub(r"(?<!\.)\.\.(?!\.)", ".", out)


# --------------------------------------------------------------------------------------
# Composer. A register spec (dict) may have:
#   full:  list of complete hand-written texts (may contain slots)
#   head:  optional headers/openings
#   body:  sentences; 1..k are sampled and joined
#   close: optional closing lines/sign-offs
#   items: list items for bulleted layouts (falls back to body)
# --------------------------------------------------------------------------------------
SENT_JOIN = {"zh": "", "ja": "", "th": ""}


def compose(lang, spec, rng):
    """Return (template, text): the unfilled composition and the slot-filled text."""
    slots = make_slots(lang, rng)
    t = _compose_template(lang, spec, rng)
    return t, fill(t, slots)


def _compose_template(lang, spec, rng):
    full = spec.get("full", [])
    body = spec.get("body", [])
    heads = spec.get("head", [])
    closes = spec.get("close", [])
    items = spec.get("items", []) or body
    joiner = SENT_JOIN.get(lang, " ")
    r = rng.random()
    if full and (r < 0.18 or not body):
        return rng.choice(full)
    style = rng.random()
    if spec.get("list_only"):
        style = 0.8 if rng.random() < 0.85 else 0.0
    if style < 0.22:
        # single sentence, optionally with a header
        t = rng.choice(body)
        if heads and rng.random() < 0.3:
            t = rng.choice(heads) + "\n" + t
        return t
    if style < 0.75:
        k = rng.choice([2, 2, 3, 3, 4])
        sents = rng.sample(body, min(k, len(body)))
        text = joiner.join(sents)
        if heads and rng.random() < 0.55:
            text = rng.choice(heads) + "\n" + text
        if closes and rng.random() < 0.5:
            text += "\n" + rng.choice(closes)
        return text
    # list layout
    k = rng.choice([2, 3, 3, 4, 5])
    its = rng.sample(items, min(k, len(items)))
    bullet = rng.choice(["- ", "• ", "* ", "#"])
    lines = []
    if heads:
        lines.append(rng.choice(heads))
    for i, it in enumerate(its, 1):
        lines.append((f"{i}. " if bullet == "#" else bullet) + it)
    if closes and rng.random() < 0.6:
        lines.append(rng.choice(closes))
    return "\n".join(lines)
