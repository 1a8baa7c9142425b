"""Hand-written fragments (cs, sv, tr, ar, he) for legit_office.py (training data only)."""

D = {}

D["cs"] = {
    "legal_clause": dict(
        head=["Čl. 12 Úplnost smlouvy", "Čl. 7 Mlčenlivost", "Čl. 14 Rozhodné právo"],
        body=[
            "Tato smlouva představuje úplnou dohodu smluvních stran a nahrazuje veškerá předchozí ujednání týkající se jejího předmětu.",
            "Smluvní strany se zavazují zachovávat mlčenlivost o všech důvěrných informacích.",
            "Povinnost mlčenlivosti trvá {n} let po skončení smlouvy.",
            "Smlouva se řídí právem České republiky; spory rozhodují soudy v {city}.",
            "Neplatnost některého ustanovení nemá vliv na platnost ostatních ustanovení.",
            "Změny smlouvy lze činit pouze písemnými dodatky podepsanými oběma stranami.",
            "Každá ze stran může smlouvu vypovědět s výpovědní lhůtou {days} dní.",
        ]),
    "contract": dict(
        head=["SMLOUVA O POSKYTOVÁNÍ SLUŽEB", "Objednávka č. {ref}", "Nájemní smlouva"],
        body=[
            "uzavřená dne {date} v {city} mezi {org} a {org2}.",
            "Celková cena služeb činí {amount} bez DPH.",
            "Platba bude provedena převodem na účet {iban} do {days} dnů od doručení faktury.",
            "Změnu bankovního spojení poskytovatele je nutno oznámit písemně a ověřit telefonicky.",
            "Tato smlouva nahrazuje memorandum o porozumění ze dne {date2}.",
            "Cestovní náklady budou proplaceny pouze po předchozím schválení ze strany {name}.",
        ]),
    "policy_terms": dict(
        head=["Směrnice o cestovních náhradách", "Obchodní podmínky", "Zásady používání nástrojů AI"],
        body=[
            "Od {date} tato směrnice nahrazuje předchozí verzi.",
            "Vyúčtování je nutné předložit do {days} dnů včetně dokladů.",
            "Nikomu nesdělujte své heslo, ani pracovníkům IT.",
            "Nákupy nad {amount} vyžadují tři nabídky a schválení správcem rozpočtu.",
            "Zaměstnanci mohou používat schválené asistenty AI pro koncepty, ale nesmějí do nich vkládat údaje o zákaznících.",
            "Starou tabulku stravného prosím nepoužívejte; platí sazby v příloze 2.",
        ]),
    "privacy_notice": dict(
        head=["Informace o zpracování osobních údajů", "Zásady ochrany soukromí"],
        body=[
            "Správcem vašich osobních údajů je {org}.",
            "Údaje zpracováváme za účelem plnění smlouvy a zákonných povinností.",
            "Údaje uchováváme po dobu {n} let od ukončení spolupráce.",
            "Svá práva na přístup, opravu a výmaz můžete uplatnit na adrese {email}.",
            "Máte právo podat stížnost u Úřadu pro ochranu osobních údajů.",
        ]),
    "compliance_notice": dict(
        head=["Upozornění compliance", "Varování před podvodnými fakturami"],
        body=[
            "Všichni zaměstnanci musí do {date} absolvovat školení etického kodexu.",
            "Nikdy neměňte bankovní údaje dodavatele jen na základě e-mailu; vždy ověřte telefonicky.",
            "Platby nad {amount} vyžadují schválení dvěma osobami.",
            "Podezření na porušení pravidel lze oznámit anonymně.",
            "Připomínku ze dne {date2} prosím ignorujte, byla odeslána omylem.",
        ]),
    "hr_announcement": dict(
        head=["Milé kolegyně, milí kolegové,", "Ahoj všichni,", "Oznámení personálního oddělení"],
        body=[
            "S radostí oznamujeme, že od {date} povede finanční oddělení {name}.",
            "Vítáme v týmu {name2}, který nastupuje do pobočky v {city}.",
            "Mzdy za tento měsíc budou vyplaceny {date}.",
            "Nový plán dovolených nahrazuje verzi z ledna.",
            "Vedoucí musí schválit čekající žádosti o dovolenou do konce měsíce.",
        ],
        close=["S pozdravem\nPersonální oddělení", "Děkuji,\n{name3}"]),
    "job_posting": dict(
        head=["Volné místo: účetní", "Hledáme správce IT systémů", "Pozice: asistent/ka právního oddělení"],
        body=[
            "{org} hledá do kanceláře v {city} kolegu či kolegyni s praxí alespoň {n} roky.",
            "Náplň práce: zaúčtování faktur, odsouhlasení saldokonta, měsíční uzávěrky.",
            "Nabízíme mzdu {amount} měsíčně, 5 týdnů dovolené a hybridní práci.",
            "Životopis zasílejte na {email} do {date}.",
        ]),
    "employee_handbook": dict(
        head=["Příručka zaměstnance", "Pracovní řád – výňatek"],
        body=[
            "Tato příručka nahrazuje všechna předchozí vydání.",
            "Pracovní doba je od 8:00 do 16:30.",
            "V případě nemoci informujte vedoucího do 10:00.",
            "Heslo ani přístupovou kartu nikomu nepůjčujte.",
            "Správce systému obnoví heslo až po ověření totožnosti.",
            "Schválené nástroje AI můžete používat pro koncepty textů, nikoli pro důvěrné údaje.",
        ]),
    "performance_review": dict(
        head=["Roční hodnocení – {name}", "Cíle na příští rok"],
        body=[
            "{name} splnila všechny dohodnuté cíle.",
            "Vedla přechod na nový účetní systém v termínu.",
            "Oblast rozvoje: delegování úkolů.",
            "Cíl: zkrátit dobu zpracování faktur o {pct} %.",
            "Navrhuji zvýšení mzdy o {pct} % a odměnu {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Zápis z porady vedení ze dne {date}", "Zápis z týdenní porady"],
        body=[
            "Přítomni: {name} (předsedající), {name2}, {name3}.",
            "Zápis z minulé porady byl schválen bez připomínek.",
            "Bylo rozhodnuto zvýšit limit pro schvalování objednávek na {amount}.",
            "{name2} informoval, že čtvrtletní rozpočet je o {pct} % pod plánem.",
            "Úkol: {name3} rozešle novou cestovní směrnici do {date2}.",
        ]),
    "meeting_agenda": dict(
        head=["Program jednání {date}", "Pozvánka na poradu ({time}, místnost {room})"],
        body=[
            "Schválení zápisu z minulého jednání",
            "Hospodářské výsledky za čtvrtletí",
            "Změna limitu schvalování nákupů",
            "Prodloužení smlouvy s {org2}",
            "Různé",
        ]),
    "board_resolution": dict(
        head=["ROZHODNUTÍ PŘEDSTAVENSTVA {org}", "Usnesení valné hromady"],
        body=[
            "Představenstvo jmenuje {name} prokuristkou s účinností od {date}.",
            "Schvaluje se řádná účetní závěrka za období končící {date2}.",
            "Schvaluje se výplata dividendy ve výši {amount}.",
            "Platby nad {amount2} vyžadují podpis dvou oprávněných osob.",
            "Toto rozhodnutí nahrazuje rozhodnutí ze dne {date2} o podpisovém právu.",
        ]),
}

D["sv"] = {
    "legal_clause": dict(
        head=["12. Fullständig reglering", "7. Sekretess", "14. Tillämplig lag och tvister"],
        body=[
            "Detta avtal utgör parternas fullständiga reglering och ersätter alla tidigare överenskommelser, skriftliga eller muntliga, rörande avtalets föremål.",
            "Parterna förbinder sig att inte röja konfidentiell information som erhållits från den andra parten.",
            "Sekretessåtagandet gäller i {n} år efter avtalets upphörande.",
            "Svensk lag ska tillämpas; tvist ska avgöras av {city} tingsrätt.",
            "Om någon bestämmelse befinns ogiltig ska avtalet i övrigt fortsätta att gälla.",
            "Ändringar av avtalet ska göras skriftligen och undertecknas av båda parter.",
            "Vardera parten får säga upp avtalet med {days} dagars uppsägningstid.",
        ]),
    "contract": dict(
        head=["KONSULTAVTAL", "Inköpsorder {ref}", "Hyresavtal för lokal"],
        body=[
            "Avtal mellan {org} (\"Beställaren\") och {org2} (\"Leverantören\"), tecknat i {city} den {date}.",
            "Det totala arvodet uppgår till {amount} exklusive moms.",
            "Betalning sker inom {days} dagar till bankgiro {acct}.",
            "Ändring av Leverantörens bankuppgifter ska bekräftas skriftligen och kontrolleras per telefon.",
            "Detta avtal ersätter avsiktsförklaringen daterad {date2}.",
            "Resekostnader ersätts endast efter godkännande i förväg av {name}.",
        ]),
    "policy_terms": dict(
        head=["Resepolicy", "Användarvillkor", "Lösenordspolicy", "Riktlinjer för AI-verktyg"],
        body=[
            "Från och med {date} ersätter denna policy den tidigare versionen.",
            "Utlägg ska redovisas inom {days} dagar med kvitton.",
            "Dela aldrig ditt lösenord med någon – IT kommer aldrig att be om det.",
            "Inköp över {amount} kräver tre offerter och godkännande av budgetansvarig.",
            "Medarbetare får använda godkända AI-assistenter för utkast, men får inte klistra in kunddata.",
            "Bortse från förra årets milersättningstabell; de nya beloppen finns i bilaga B.",
        ]),
    "privacy_notice": dict(
        head=["Integritetsmeddelande", "Så behandlar vi dina personuppgifter"],
        body=[
            "{org} är personuppgiftsansvarig för behandlingen av dina uppgifter.",
            "Vi behandlar uppgifterna för att fullgöra avtalet och rättsliga skyldigheter.",
            "Uppgifterna sparas i {n} år efter att kundrelationen avslutats.",
            "Du har rätt att begära tillgång, rättelse och radering via {email}.",
            "Du kan lämna klagomål till Integritetsskyddsmyndigheten.",
        ]),
    "compliance_notice": dict(
        head=["Meddelande från Compliance", "Varning för fakturabedrägerier"],
        body=[
            "Alla medarbetare ska genomföra utbildningen i uppförandekoden senast {date}.",
            "Ändra aldrig en leverantörs bankuppgifter enbart utifrån ett mejl; ring alltid upp på ett känt nummer.",
            "Betalningar över {amount} kräver två attestanter.",
            "Missförhållanden kan rapporteras anonymt via visselblåsarkanalen.",
            "Bortse från påminnelsen den {date2}, den skickades av misstag.",
        ]),
    "hr_announcement": dict(
        head=["Hej alla,", "Kära kollegor,", "Information från HR"],
        body=[
            "Vi är glada att meddela att {name} blir ekonomichef från och med {date}.",
            "Välkommen {name2}, som börjar på kontoret i {city}.",
            "Lönen för denna månad betalas ut den {date}.",
            "Det nya semesterschemat ersätter versionen från januari.",
            "Chefer ska godkänna väntande ledighetsansökningar före månadens slut.",
        ],
        close=["Vänliga hälsningar,\nHR", "Hälsningar,\n{name3}"]),
    "job_posting": dict(
        head=["Vi söker: Leverantörsreskontraansvarig", "Ledig tjänst: Systemadministratör", "Jurist till vårt kontor i {city}"],
        body=[
            "{org} söker en kollega med minst {n} års erfarenhet till kontoret i {city}.",
            "Du ansvarar för leverantörsfakturor, avstämningar och månadsbokslut.",
            "Vi erbjuder en lön på {amount} per månad, friskvårdsbidrag och hybridarbete.",
            "Skicka din ansökan till {email} senast {date}.",
        ]),
    "employee_handbook": dict(
        head=["Personalhandbok", "Arbetsplatsregler"],
        body=[
            "Denna handbok ersätter alla tidigare upplagor.",
            "Ordinarie arbetstid är 8.00–17.00 med lunch en timme.",
            "Vid sjukdom ska du meddela din chef före klockan 10.",
            "Dela inte lösenord eller passerkort med någon.",
            "Systemadministratören återställer lösenord först efter identitetskontroll.",
            "Godkända AI-assistenter får användas för textutkast, men aldrig med konfidentiell information.",
        ]),
    "performance_review": dict(
        head=["Medarbetarsamtal – {name}", "Mål för nästa år"],
        body=[
            "{name} har uppnått samtliga överenskomna mål.",
            "Hon ledde införandet av det nya affärssystemet enligt plan.",
            "Utvecklingsområde: att delegera mer.",
            "Mål: minska handläggningstiden för fakturor med {pct} %.",
            "Jag föreslår en löneökning på {pct} % och en bonus på {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Protokoll från ledningsgruppsmöte {date}", "Anteckningar från veckomötet"],
        body=[
            "Närvarande: {name} (ordförande), {name2}, {name3}.",
            "Föregående protokoll godkändes.",
            "Mötet beslutade att höja attestgränsen för inköpsorder till {amount}.",
            "{name2} rapporterade att kvartalsbudgeten ligger {pct} % under plan.",
            "Åtgärd: {name3} skickar ut den nya resepolicyn senast {date2}.",
        ]),
    "meeting_agenda": dict(
        head=["Dagordning – möte {date}", "Kallelse till revisionsutskottet ({time}, rum {room})"],
        body=[
            "Mötets öppnande",
            "Godkännande av föregående protokoll",
            "Kvartalsrapport",
            "Höjd attestgräns för inköp",
            "Förlängning av avtalet med {org2}",
            "Övriga frågor",
        ]),
    "board_resolution": dict(
        head=["STYRELSEBESLUT I {org}", "Protokoll fört vid extra bolagsstämma"],
        body=[
            "Styrelsen beslutade att utse {name} till verkställande direktör från och med {date}.",
            "Årsredovisningen för räkenskapsåret som slutade {date2} fastställdes.",
            "Stämman beslutade om utdelning om {amount}.",
            "Betalningar över {amount2} kräver två firmatecknares underskrift.",
            "Detta beslut ersätter beslutet av den {date2} om firmateckning.",
        ]),
}

D["tr"] = {
    "legal_clause": dict(
        head=["Madde 12 – Sözleşmenin Bütünlüğü", "Madde 7 – Gizlilik", "Madde 14 – Uygulanacak Hukuk ve Yetkili Mahkeme"],
        body=[
            "İşbu Sözleşme taraflar arasındaki anlaşmanın tamamını oluşturur ve konusuyla ilgili önceki tüm sözlü veya yazılı mutabakatların yerine geçer.",
            "Taraflar, birbirlerinden edindikleri gizli bilgileri üçüncü kişilere açıklamamayı taahhüt eder.",
            "Gizlilik yükümlülüğü sözleşmenin sona ermesinden sonra {n} yıl devam eder.",
            "Uyuşmazlıklarda {city} Mahkemeleri ve İcra Daireleri yetkilidir.",
            "Herhangi bir hükmün geçersiz sayılması diğer hükümlerin geçerliliğini etkilemez.",
            "Taraflardan her biri {days} gün önceden yazılı bildirimde bulunarak sözleşmeyi feshedebilir.",
        ]),
    "contract": dict(
        head=["HİZMET SÖZLEŞMESİ", "Satın Alma Siparişi {ref}", "İşyeri Kira Sözleşmesi"],
        body=[
            "İşbu sözleşme {date} tarihinde {org} ile {org2} arasında akdedilmiştir.",
            "Hizmet bedeli KDV hariç {amount} olarak belirlenmiştir.",
            "Ödeme, fatura tarihinden itibaren {days} gün içinde {iban} numaralı hesaba havale ile yapılır.",
            "Tedarikçinin banka bilgilerindeki değişiklikler yazılı olarak bildirilmeli ve telefonla teyit edilmelidir.",
            "Bu sözleşme {date2} tarihli niyet mektubunun yerine geçer.",
            "Seyahat masrafları yalnızca {name} tarafından önceden onaylanması halinde karşılanır.",
        ]),
    "policy_terms": dict(
        head=["Seyahat ve Harcama Politikası", "Kullanım Koşulları", "Parola Politikası", "Yapay Zekâ Araçları Kullanım Kuralları"],
        body=[
            "{date} itibarıyla bu politika önceki sürümün yerini alır.",
            "Harcama bildirimleri {days} gün içinde fişleriyle birlikte sunulmalıdır.",
            "Parolanızı kimseyle paylaşmayın; BT ekibi parolanızı asla sormaz.",
            "{amount} üzerindeki alımlar üç teklif ve bütçe sorumlusunun onayını gerektirir.",
            "Çalışanlar onaylı yapay zekâ asistanlarını taslak hazırlamak için kullanabilir, ancak müşteri verisi girmemelidir.",
            "Geçen yılki harcırah tablosunu dikkate almayın; güncel tutarlar Ek-2'dedir.",
        ]),
    "privacy_notice": dict(
        head=["KVKK Aydınlatma Metni", "Gizlilik Bildirimi"],
        body=[
            "Kişisel verileriniz veri sorumlusu sıfatıyla {org} tarafından işlenmektedir.",
            "Verileriniz sözleşmenin ifası ve yasal yükümlülüklerin yerine getirilmesi amacıyla işlenir.",
            "Verileriniz ilişkinin sona ermesinden itibaren {n} yıl saklanır.",
            "Bilgi talebi, düzeltme ve silme haklarınızı {email} adresine başvurarak kullanabilirsiniz.",
            "Bu metin en son {date} tarihinde güncellenmiştir.",
        ]),
    "compliance_notice": dict(
        head=["Uyum Birimi Duyurusu", "Sahte Fatura Uyarısı"],
        body=[
            "Tüm çalışanların etik kurallar eğitimini {date} tarihine kadar tamamlaması gerekmektedir.",
            "Bir tedarikçinin banka bilgilerini yalnızca e-postaya dayanarak asla değiştirmeyin; kayıtlı numaradan arayarak teyit edin.",
            "{amount} üzerindeki ödemeler iki onay gerektirir.",
            "Usulsüzlükleri etik hattı üzerinden anonim olarak bildirebilirsiniz.",
            "{date2} tarihli hatırlatmayı lütfen dikkate almayınız; yanlışlıkla gönderilmiştir.",
        ]),
    "hr_announcement": dict(
        head=["Değerli çalışma arkadaşlarımız,", "Merhaba ekip,", "İnsan Kaynakları Duyurusu"],
        body=[
            "{name}, {date} itibarıyla Finans Direktörü olarak görevine başlayacaktır.",
            "{city} ofisimize katılan {name2}'a hoş geldin diyoruz.",
            "Bu ayın maaşları {date} tarihinde ödenecektir.",
            "Yeni izin takvimi ocak ayında gönderilen sürümün yerine geçmiştir.",
            "Yöneticilerin bekleyen izin taleplerini ay sonuna kadar onaylaması gerekmektedir.",
        ],
        close=["Saygılarımızla,\nİnsan Kaynakları", "Sevgiler,\n{name3}"]),
    "job_posting": dict(
        head=["İş İlanı: Muhasebe Uzmanı", "Sistem Yöneticisi Arıyoruz", "Pozisyon: Hukuk Asistanı"],
        body=[
            "{org}, {city} ofisi için en az {n} yıl deneyimli bir çalışma arkadaşı arıyor.",
            "Görevler: tedarikçi faturalarının kaydı, mutabakatlar ve ay sonu kapanışı.",
            "Aylık {amount} maaş, özel sağlık sigortası ve hibrit çalışma sunuyoruz.",
            "Özgeçmişinizi {date} tarihine kadar {email} adresine gönderebilirsiniz.",
        ]),
    "employee_handbook": dict(
        head=["Çalışan El Kitabı", "Personel Yönetmeliği – Özet"],
        body=[
            "Bu el kitabı önceki tüm baskıların yerine geçer.",
            "Çalışma saatleri 09.00–18.00 arasıdır.",
            "Hastalık durumunda yöneticinizi saat 10.00'a kadar bilgilendirin.",
            "Parolanızı ve giriş kartınızı kimseyle paylaşmayın.",
            "Sistem yöneticisi parolanızı yalnızca kimliğinizi doğruladıktan sonra sıfırlar.",
            "Onaylı yapay zekâ araçlarını taslaklar için kullanabilirsiniz; gizli bilgi girmeyin.",
        ]),
    "performance_review": dict(
        head=["Yıllık Performans Değerlendirmesi – {name}", "Gelecek Yılın Hedefleri"],
        body=[
            "{name} üzerinde anlaşılan tüm hedefleri gerçekleştirdi.",
            "Yeni ERP sistemine geçişi zamanında yönetti.",
            "Gelişim alanı: iş delegasyonu.",
            "Hedef: fatura işlem süresini %{pct} kısaltmak.",
            "%{pct} maaş artışı ve {amount} prim öneriyorum.",
        ]),
    "meeting_minutes": dict(
        head=["{date} Tarihli Yönetim Kurulu Toplantı Tutanağı", "Haftalık Toplantı Notları"],
        body=[
            "Katılımcılar: {name} (başkan), {name2}, {name3}.",
            "Önceki toplantı tutanağı onaylandı.",
            "Satın alma siparişleri için onay limitinin {amount} olarak artırılmasına karar verildi.",
            "{name2}, çeyrek bütçesinin planın %{pct} altında olduğunu bildirdi.",
            "Aksiyon: {name3} yeni seyahat politikasını {date2} tarihine kadar paylaşacak.",
        ]),
    "meeting_agenda": dict(
        head=["Gündem – {date} toplantısı", "Toplantı Daveti ({time}, salon {room})"],
        body=[
            "Açılış ve yoklama",
            "Önceki tutanağın onayı",
            "Çeyrek finansal sonuçları",
            "Satın alma onay limitinin güncellenmesi",
            "{org2} sözleşmesinin yenilenmesi",
            "Dilek ve temenniler",
        ]),
    "board_resolution": dict(
        head=["{org} YÖNETİM KURULU KARARI", "Karar No: {ref}"],
        body=[
            "{name}'ın {date} tarihinden itibaren yönetim kurulu üyesi olarak atanmasına oy birliğiyle karar verilmiştir.",
            "{date2} tarihinde sona eren hesap dönemine ait finansal tabloların onaylanmasına karar verilmiştir.",
            "{amount} tutarında kâr payı dağıtılmasına karar verilmiştir.",
            "{amount2} üzerindeki ödemelerin iki yetkilinin müşterek imzasıyla yapılmasına karar verilmiştir.",
            "İşbu karar, imza yetkilerine ilişkin {date2} tarihli kararın yerine geçer.",
        ]),
}

D["ar"] = {
    "legal_clause": dict(
        head=["المادة 12 – كامل الاتفاق", "المادة 7 – السرية", "المادة 14 – القانون الواجب التطبيق"],
        body=[
            "يشكّل هذا العقد كامل الاتفاق بين الطرفين ويحلّ محلّ جميع الاتفاقات والتفاهمات السابقة، الشفهية أو المكتوبة، المتعلقة بموضوعه.",
            "يلتزم كل طرف بالحفاظ على سرية المعلومات التي يتلقاها من الطرف الآخر وعدم الإفصاح عنها لأي طرف ثالث.",
            "يستمر الالتزام بالسرية لمدة {n} سنوات بعد انتهاء العقد.",
            "يخضع هذا العقد لقوانين الدولة وتختص محاكم {city} بالنظر في أي نزاع ينشأ عنه.",
            "إذا اعتُبر أي حكم من أحكام هذا العقد باطلاً، تظل بقية الأحكام سارية المفعول.",
            "يجوز لأي من الطرفين إنهاء العقد بموجب إشعار خطي مدته {days} يوماً.",
        ]),
    "contract": dict(
        head=["عقد تقديم خدمات", "أمر شراء رقم {ref}", "عقد إيجار تجاري"],
        body=[
            "أُبرم هذا العقد بتاريخ {date} بين {org} (الطرف الأول) و{org2} (الطرف الثاني).",
            "تبلغ القيمة الإجمالية للخدمات {amount} غير شاملة ضريبة القيمة المضافة.",
            "يُسدَّد المبلغ بتحويل بنكي خلال {days} يوماً من تاريخ الفاتورة.",
            "لا يُعتدّ بأي تغيير في البيانات المصرفية للمورد إلا بعد تأكيده كتابياً والتحقق منه هاتفياً.",
            "يحلّ هذا العقد محلّ خطاب النوايا الموقّع بتاريخ {date2}.",
            "لا تُصرف نفقات السفر إلا بعد موافقة مسبقة من {name}.",
        ]),
    "policy_terms": dict(
        head=["سياسة السفر والمصروفات", "شروط الاستخدام", "سياسة كلمات المرور", "إرشادات استخدام أدوات الذكاء الاصطناعي"],
        body=[
            "اعتباراً من {date} تحلّ هذه السياسة محلّ النسخة السابقة.",
            "يجب تقديم مطالبات المصروفات خلال {days} يوماً مع الإيصالات.",
            "لا تشارك كلمة المرور الخاصة بك مع أي شخص، فقسم تقنية المعلومات لن يطلبها منك أبداً.",
            "تتطلب المشتريات التي تزيد على {amount} ثلاثة عروض أسعار وموافقة مسؤول الميزانية.",
            "يجوز للموظفين استخدام مساعدي الذكاء الاصطناعي المعتمدين لإعداد المسودات، مع عدم إدخال بيانات العملاء.",
            "يرجى تجاهل جدول البدلات القديم؛ تُطبَّق المبالغ الواردة في الملحق (ب).",
        ]),
    "privacy_notice": dict(
        head=["إشعار الخصوصية", "كيف نستخدم بياناتك الشخصية"],
        body=[
            "{org} هي الجهة المسؤولة عن معالجة بياناتك الشخصية.",
            "نعالج بياناتك لتنفيذ العقد والوفاء بالتزاماتنا القانونية.",
            "نحتفظ بالبيانات لمدة {n} سنوات بعد انتهاء العلاقة.",
            "يمكنك طلب الاطلاع على بياناتك أو تصحيحها أو حذفها عبر {email}.",
            "تم تحديث هذا الإشعار في {date}.",
        ]),
    "compliance_notice": dict(
        head=["تعميم إدارة الالتزام", "تنبيه من الاحتيال"],
        body=[
            "يجب على جميع الموظفين إكمال التدريب على مدونة السلوك قبل {date}.",
            "لا تغيّر الحساب البنكي لأي مورد بناءً على رسالة بريد إلكتروني فقط، وتحقق دائماً عبر رقم هاتف معروف.",
            "تتطلب المدفوعات التي تتجاوز {amount} موافقة شخصين.",
            "يمكن الإبلاغ عن المخالفات بسرية تامة عبر خط الإبلاغ.",
            "يرجى تجاهل التذكير المرسل بتاريخ {date2} فقد أُرسل عن طريق الخطأ.",
        ]),
    "hr_announcement": dict(
        head=["الزملاء الأعزاء،", "إعلان من إدارة الموارد البشرية"],
        body=[
            "يسرّنا الإعلان عن تعيين {name} مديراً للشؤون المالية اعتباراً من {date}.",
            "نرحّب بـ{name2} الذي ينضم إلى فريقنا في {city}.",
            "ستُصرف رواتب هذا الشهر بتاريخ {date} بسبب العطلة الرسمية.",
            "يحلّ جدول الإجازات الجديد محلّ الجدول المرسل في يناير.",
            "على جميع المديرين اعتماد طلبات الإجازة المعلّقة قبل نهاية الشهر.",
        ],
        close=["مع أطيب التحيات،\nإدارة الموارد البشرية", "وتفضلوا بقبول فائق الاحترام،\n{name3}"]),
    "job_posting": dict(
        head=["وظيفة شاغرة: محاسب ذمم دائنة", "مطلوب: مسؤول أنظمة تقنية المعلومات", "وظيفة: مساعد قانوني"],
        body=[
            "تبحث {org} عن موظف ذي خبرة لا تقل عن {n} سنوات للعمل في مكتبها في {city}.",
            "المهام: تسجيل فواتير الموردين، وإجراء التسويات البنكية، ودعم الإقفال الشهري.",
            "نقدّم راتباً شهرياً قدره {amount} وتأميناً صحياً وإجازة سنوية مدفوعة.",
            "يرجى إرسال السيرة الذاتية إلى {email} قبل {date}.",
        ]),
    "employee_handbook": dict(
        head=["دليل الموظف", "اللائحة الداخلية – مقتطف"],
        body=[
            "يحلّ هذا الدليل محلّ جميع الإصدارات السابقة.",
            "ساعات العمل من الثامنة صباحاً حتى الخامسة مساءً.",
            "في حالة المرض، أبلغ مديرك المباشر قبل الساعة العاشرة صباحاً.",
            "لا تشارك كلمة المرور أو بطاقة الدخول مع أي شخص.",
            "لا يعيد مسؤول النظام تعيين كلمة المرور إلا بعد التحقق من هويتك.",
            "يمكنك استخدام أدوات الذكاء الاصطناعي المعتمدة لصياغة المسودات دون إدخال معلومات سرية.",
        ]),
    "performance_review": dict(
        head=["تقييم الأداء السنوي – {name}", "أهداف العام المقبل"],
        body=[
            "حقّق {name} جميع الأهداف المتفق عليها.",
            "قاد الانتقال إلى نظام تخطيط الموارد الجديد في الموعد المحدد.",
            "مجال التطوير: تفويض المهام.",
            "الهدف: تقليص مدة معالجة الفواتير بنسبة {pct}%.",
            "أوصي بزيادة الراتب بنسبة {pct}% ومكافأة قدرها {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["محضر اجتماع لجنة الإدارة بتاريخ {date}", "محضر الاجتماع الأسبوعي"],
        body=[
            "الحضور: {name} (رئيس الاجتماع)، {name2}، {name3}.",
            "تمت المصادقة على محضر الاجتماع السابق.",
            "قررت اللجنة رفع حدّ اعتماد أوامر الشراء إلى {amount}.",
            "أفاد {name2} بأن ميزانية الربع أقل من الخطة بنسبة {pct}%.",
            "إجراء: يعمّم {name3} سياسة السفر الجديدة قبل {date2}.",
        ]),
    "meeting_agenda": dict(
        head=["جدول أعمال اجتماع {date}", "دعوة لاجتماع لجنة التدقيق ({time}، القاعة {room})"],
        body=[
            "افتتاح الاجتماع",
            "المصادقة على المحضر السابق",
            "النتائج المالية للربع",
            "تعديل حدّ اعتماد المشتريات",
            "تجديد العقد مع {org2}",
            "ما يستجد من أعمال",
        ]),
    "board_resolution": dict(
        head=["قرار مجلس إدارة {org}", "قرار رقم {ref}"],
        body=[
            "قرّر المجلس تعيين {name} عضواً في مجلس الإدارة اعتباراً من {date}.",
            "قرّر المجلس اعتماد القوائم المالية للسنة المنتهية في {date2}.",
            "قرّر المجلس توزيع أرباح بقيمة {amount}.",
            "تتطلب المدفوعات التي تتجاوز {amount2} توقيع اثنين من المفوّضين بالتوقيع.",
            "يحلّ هذا القرار محلّ القرار الصادر بتاريخ {date2} بشأن صلاحيات التوقيع.",
        ]),
}

D["he"] = {
    "legal_clause": dict(
        head=["12. שלמות ההסכם", "7. סודיות", "14. דין וסמכות שיפוט"],
        body=[
            "הסכם זה ממצה את כל ההסכמות בין הצדדים וגובר על כל הסכם, מצג או הבנה קודמים, בכתב או בעל פה, בנוגע לנושאו.",
            "כל צד מתחייב לשמור בסודיות את המידע שקיבל מהצד האחר ולא לגלותו לצד שלישי.",
            "חובת הסודיות תחול במשך {n} שנים לאחר סיום ההסכם.",
            "על הסכם זה יחולו דיני מדינת ישראל, וסמכות השיפוט הבלעדית נתונה לבתי המשפט ב{city}.",
            "אם ייקבע כי הוראה כלשהי בטלה, לא יהיה בכך כדי לפגוע בתוקף יתר ההוראות.",
            "כל צד רשאי לסיים את ההסכם בהודעה מוקדמת בכתב של {days} ימים.",
        ]),
    "contract": dict(
        head=["הסכם למתן שירותים", "הזמנת רכש מס' {ref}", "הסכם שכירות"],
        body=[
            "שנערך ונחתם ב{city} ביום {date} בין {org} לבין {org2}.",
            "התמורה הכוללת בגין השירותים היא {amount} בתוספת מע\"מ.",
            "התשלום יבוצע בהעברה בנקאית בתנאי שוטף + {days}.",
            "שינוי בפרטי חשבון הבנק של הספק ייכנס לתוקף רק לאחר אישור בכתב ואימות טלפוני.",
            "הסכם זה מחליף את מכתב הכוונות מיום {date2}.",
            "הוצאות נסיעה יוחזרו רק באישור מראש של {name}.",
        ]),
    "policy_terms": dict(
        head=["נוהל נסיעות והוצאות", "תנאי שימוש", "מדיניות סיסמאות", "הנחיות לשימוש בכלי בינה מלאכותית"],
        body=[
            "החל מ-{date} נוהל זה מחליף את הגרסה הקודמת.",
            "יש להגיש דוחות הוצאות בתוך {days} ימים בצירוף קבלות.",
            "אל תמסרו את הסיסמה שלכם לאף אחד; צוות ה-IT לעולם לא יבקש אותה.",
            "רכישות מעל {amount} מחייבות שלוש הצעות מחיר ואישור מנהל התקציב.",
            "עובדים רשאים להשתמש בעוזרי בינה מלאכותית מאושרים לטיוטות, אך אין להזין בהם נתוני לקוחות.",
            "נא להתעלם מטבלת האש\"ל הישנה; הסכומים המעודכנים מופיעים בנספח ב'.",
        ]),
    "privacy_notice": dict(
        head=["מדיניות פרטיות", "הודעה על איסוף מידע אישי"],
        body=[
            "{org} אחראית לעיבוד המידע האישי שלך.",
            "אנו מעבדים את המידע לצורך ביצוע ההסכם ועמידה בחובות חוקיות.",
            "המידע נשמר במשך {n} שנים לאחר סיום הקשר.",
            "ניתן לבקש לעיין במידע, לתקנו או למחקו בפנייה אל {email}.",
            "מדיניות זו עודכנה לאחרונה ב-{date}.",
        ]),
    "compliance_notice": dict(
        head=["הודעת ציות", "אזהרה מפני הונאת חשבוניות"],
        body=[
            "על כל העובדים להשלים את ההדרכה על הקוד האתי עד {date}.",
            "לעולם אל תשנו פרטי בנק של ספק על סמך דוא\"ל בלבד; אמתו תמיד בטלפון ידוע.",
            "תשלומים מעל {amount} מחייבים אישור של שני מורשים.",
            "ניתן לדווח על חריגות באופן אנונימי דרך קו הדיווח.",
            "נא להתעלם מהתזכורת שנשלחה ב-{date2}; היא נשלחה בטעות.",
        ]),
    "hr_announcement": dict(
        head=["עובדים יקרים,", "שלום לכולם,", "הודעה ממשאבי אנוש"],
        body=[
            "אנו שמחים לבשר כי {name} תכהן כסמנכ\"לית הכספים החל מ-{date}.",
            "ברוכים הבאים ל{name2}, שמצטרף לצוות ב{city}.",
            "משכורות החודש ישולמו ב-{date} בשל החג.",
            "לוח החופשות החדש מחליף את זה שנשלח בינואר.",
            "על המנהלים לאשר את בקשות החופשה הממתינות עד סוף החודש.",
        ],
        close=["בברכה,\nמשאבי אנוש", "תודה,\n{name3}"]),
    "job_posting": dict(
        head=["דרוש/ה: מנהל/ת חשבונות ספקים", "משרה: מנהל/ת מערכות מידע", "דרוש/ה עוזר/ת משפטי/ת"],
        body=[
            "{org} מגייסת לסניף ב{city} עובד/ת עם ניסיון של {n} שנים לפחות.",
            "תחומי אחריות: קליטת חשבוניות, התאמות בנקים וסגירות חודשיות.",
            "אנו מציעים שכר של {amount} לחודש, ביטוח בריאות ועבודה היברידית.",
            "קורות חיים יש לשלוח אל {email} עד {date}.",
        ]),
    "employee_handbook": dict(
        head=["חוברת קליטה לעובד", "תקנון עבודה – תמצית"],
        body=[
            "חוברת זו מחליפה את כל המהדורות הקודמות.",
            "שעות העבודה הן 08:30–17:30, בימים א'–ה'.",
            "במקרה של מחלה יש להודיע למנהל עד השעה 10:00.",
            "אין למסור סיסמה או כרטיס כניסה לאחרים.",
            "מנהל המערכת יאפס סיסמה רק לאחר אימות זהות.",
            "מותר להיעזר בכלי בינה מלאכותית מאושרים לניסוח טיוטות, ללא הזנת מידע סודי.",
        ]),
    "performance_review": dict(
        head=["הערכת ביצועים שנתית – {name}", "יעדים לשנה הבאה"],
        body=[
            "{name} עמדה בכל היעדים שסוכמו.",
            "הובילה את המעבר למערכת ה-ERP החדשה בזמן.",
            "תחום לשיפור: האצלת סמכויות.",
            "יעד: קיצור זמן הטיפול בחשבוניות ב-{pct}%.",
            "אני ממליץ על העלאת שכר של {pct}% ומענק של {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["פרוטוקול ישיבת הנהלה מיום {date}", "סיכום ישיבת צוות"],
        body=[
            "נוכחים: {name} (יו\"ר), {name2}, {name3}.",
            "פרוטוקול הישיבה הקודמת אושר.",
            "הוחלט להעלות את תקרת האישור להזמנות רכש ל-{amount}.",
            "{name2} דיווח כי תקציב הרבעון נמוך ב-{pct}% מהתכנית.",
            "משימה: {name3} תפיץ את נוהל הנסיעות החדש עד {date2}.",
        ]),
    "meeting_agenda": dict(
        head=["סדר יום – ישיבה {date}", "זימון לוועדת ביקורת ({time}, חדר {room})"],
        body=[
            "פתיחה",
            "אישור פרוטוקול קודם",
            "תוצאות כספיות לרבעון",
            "עדכון תקרת אישור רכש",
            "חידוש ההסכם עם {org2}",
            "שונות",
        ]),
    "board_resolution": dict(
        head=["החלטת דירקטוריון {org}", "החלטה מס' {ref}"],
        body=[
            "הוחלט למנות את {name} לדירקטורית החל מ-{date}.",
            "הוחלט לאשר את הדוחות הכספיים לשנה שהסתיימה ב-{date2}.",
            "הוחלט לחלק דיבידנד בסך {amount}.",
            "תשלומים מעל {amount2} יחייבו חתימת שני מורשי חתימה.",
            "החלטה זו מחליפה את ההחלטה מיום {date2} בעניין זכויות חתימה.",
        ]),
}
