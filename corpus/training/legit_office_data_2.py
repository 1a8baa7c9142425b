"""Hand-written fragments (it, nl, pl, ru, uk) for legit_office.py (training data only)."""

D = {}

D["it"] = {
    "legal_clause": dict(
        head=["Art. 12 – Intero accordo", "Art. 7 – Riservatezza", "Art. 14 – Legge applicabile e foro competente"],
        body=[
            "Il presente Contratto costituisce l'intero accordo tra le parti e sostituisce ogni precedente intesa, scritta o orale, relativa al medesimo oggetto.",
            "Le parti si impegnano a mantenere riservate le informazioni ricevute e a non divulgarle a terzi senza previo consenso scritto.",
            "L'obbligo di riservatezza resterà in vigore per {n} anni dalla cessazione del Contratto.",
            "Il presente Contratto è regolato dalla legge italiana; foro competente esclusivo è quello di {city}.",
            "L'eventuale nullità di una clausola non comporterà la nullità dell'intero Contratto.",
            "In caso di ritardato pagamento saranno dovuti gli interessi di mora nella misura del {pct}% annuo.",
            "Le rubriche degli articoli hanno valore puramente indicativo e non rilevano ai fini interpretativi.",
            "Ciascuna parte potrà recedere con preavviso scritto di {days} giorni.",
        ]),
    "contract": dict(
        head=["CONTRATTO DI FORNITURA DI SERVIZI", "Ordine di acquisto {ref}", "Contratto di locazione commerciale"],
        body=[
            "Tra {org}, di seguito «Committente», e {org2}, di seguito «Fornitore», si conviene quanto segue.",
            "Il corrispettivo complessivo è pari a {amount} oltre IVA.",
            "Il pagamento avverrà mediante bonifico sul conto IBAN {iban} entro {days} giorni dalla data fattura.",
            "Eventuali variazioni delle coordinate bancarie del Fornitore dovranno essere comunicate per iscritto e verificate telefonicamente.",
            "Il presente contratto sostituisce la lettera d'intenti sottoscritta il {date2}.",
            "Letto, confermato e sottoscritto a {city}, il {date}.",
            "Le spese di trasferta saranno rimborsate solo se preventivamente autorizzate da {name}.",
        ]),
    "policy_terms": dict(
        head=["Policy viaggi e trasferte", "Condizioni generali d'uso", "Policy password", "Linee guida sull'uso dell'IA generativa"],
        body=[
            "Dal {date} la presente policy sostituisce integralmente la versione precedente.",
            "Le note spese devono essere presentate entro {days} giorni con le relative ricevute.",
            "Non comunicare mai la tua password a nessuno, nemmeno all'assistenza IT.",
            "Gli acquisti superiori a {amount} richiedono tre preventivi e l'approvazione del responsabile di budget.",
            "Il personale può usare gli assistenti IA approvati per le bozze, senza inserire dati dei clienti.",
            "Si prega di non considerare più la tabella dei rimborsi chilometrici dello scorso anno.",
            "La violazione della presente policy può comportare provvedimenti disciplinari.",
        ]),
    "privacy_notice": dict(
        head=["Informativa sulla privacy", "Informativa ai sensi dell'art. 13 GDPR", "Cookie policy"],
        body=[
            "Titolare del trattamento è {org}.",
            "I dati sono trattati per l'esecuzione del contratto e per adempiere agli obblighi di legge.",
            "I dati saranno conservati per {n} anni dalla cessazione del rapporto.",
            "Può esercitare i diritti di accesso, rettifica e cancellazione scrivendo a {email}.",
            "Ha inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali.",
            "La presente informativa è stata aggiornata il {date}.",
        ]),
    "compliance_notice": dict(
        head=["Avviso di compliance", "Allerta frodi", "Formazione obbligatoria"],
        body=[
            "Tutti i dipendenti devono completare la formazione sul Modello 231 entro il {date}.",
            "Non modificare mai le coordinate bancarie di un fornitore sulla base di una sola e-mail; verifica sempre telefonicamente.",
            "I pagamenti superiori a {amount} richiedono una doppia approvazione.",
            "Le segnalazioni possono essere inviate in forma anonima tramite il canale whistleblowing.",
            "Si prega di ignorare il promemoria inviato il {date2}, trasmesso per errore.",
        ]),
    "hr_announcement": dict(
        head=["Gentili colleghe e colleghi,", "Ciao a tutti,", "Comunicazione HR"],
        body=[
            "Siamo lieti di annunciare che dal {date} {name} assumerà il ruolo di responsabile amministrativa.",
            "Diamo il benvenuto a {name2}, che entra a far parte del team di {city}.",
            "Gli stipendi di questo mese saranno accreditati il {date}.",
            "Il nuovo calendario delle ferie sostituisce quello inviato a gennaio.",
            "I responsabili devono approvare le richieste di ferie in sospeso entro fine mese.",
            "Non tenete conto dell'e-mail di ieri sui parcheggi; il modulo corretto è in allegato.",
        ],
        close=["Cordiali saluti,\nUfficio Risorse Umane", "Un saluto,\n{name3}"]),
    "job_posting": dict(
        head=["Offerta di lavoro: Addetto/a contabilità fornitori", "Cerchiamo: Amministratore di sistema", "Posizione: Assistente legale"],
        body=[
            "{org} ricerca per la sede di {city} una figura con almeno {n} anni di esperienza.",
            "Attività: registrazione fatture, riconciliazioni bancarie, supporto alle chiusure mensili.",
            "Offriamo contratto a tempo indeterminato, RAL di {amount} e smart working.",
            "Costituisce titolo preferenziale la conoscenza di SAP.",
            "Inviare il CV a {email} entro il {date}.",
        ]),
    "employee_handbook": dict(
        head=["Manuale del dipendente", "Regolamento aziendale – estratto"],
        body=[
            "Il presente manuale sostituisce tutte le edizioni precedenti.",
            "L'orario di lavoro è dalle 9:00 alle 18:00, dal lunedì al venerdì.",
            "In caso di malattia, avvisa il tuo responsabile entro le 10:00.",
            "Non condividere la password né il badge aziendale.",
            "L'amministratore di sistema reimposta le password solo dopo aver verificato l'identità.",
            "Puoi usare gli assistenti IA approvati, ma non inserire mai informazioni riservate.",
            "Le spese devono essere approvate dal responsabile prima del rimborso.",
        ]),
    "performance_review": dict(
        head=["Valutazione annuale – {name}", "Obiettivi per il prossimo anno"],
        body=[
            "{name} ha raggiunto tutti gli obiettivi concordati.",
            "Ha guidato con successo la migrazione al nuovo gestionale.",
            "Area di miglioramento: delega e comunicazione con gli stakeholder.",
            "Obiettivo: ridurre del {pct}% i tempi di registrazione delle fatture.",
            "Propongo un aumento del {pct}% e un bonus di {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Verbale della riunione del comitato direttivo del {date}", "Verbale riunione settimanale"],
        body=[
            "Presenti: {name} (presidente), {name2}, {name3}.",
            "Il verbale della seduta precedente è approvato all'unanimità.",
            "Il comitato delibera di innalzare il limite di approvazione degli ordini d'acquisto a {amount}.",
            "{name2} riferisce che il budget trimestrale è inferiore del {pct}% alle previsioni.",
            "Azione: {name3} invierà la nuova policy viaggi entro il {date2}.",
            "La riunione si chiude alle {time}.",
        ]),
    "meeting_agenda": dict(
        head=["Ordine del giorno – riunione del {date}", "Convocazione comitato audit ({time}, sala {room})"],
        body=[
            "Approvazione del verbale precedente",
            "Risultati del trimestre",
            "Proposta di modifica del limite di approvazione acquisti",
            "Rinnovo del contratto con {org2}",
            "Linee guida sull'uso dell'IA",
            "Varie ed eventuali",
        ]),
    "board_resolution": dict(
        head=["DELIBERA DEL CONSIGLIO DI AMMINISTRAZIONE DI {org}", "Estratto del verbale di assemblea"],
        body=[
            "Il Consiglio delibera di nominare {name} consigliera con effetto dal {date}.",
            "Il Consiglio approva il bilancio dell'esercizio chiuso al {date2}.",
            "Si delibera la distribuzione di un dividendo di {amount}.",
            "I pagamenti superiori a {amount2} richiederanno la firma congiunta di due procuratori.",
            "La presente delibera sostituisce quella del {date2} in materia di poteri di firma.",
        ]),
}

D["nl"] = {
    "legal_clause": dict(
        head=["Artikel 12 – Volledige overeenkomst", "Artikel 7 – Geheimhouding", "Artikel 14 – Toepasselijk recht"],
        body=[
            "Deze overeenkomst bevat alle afspraken tussen partijen en vervangt alle eerdere afspraken, mondeling of schriftelijk, over hetzelfde onderwerp.",
            "Partijen verplichten zich tot geheimhouding van alle vertrouwelijke informatie die zij van elkaar ontvangen.",
            "De geheimhoudingsplicht blijft {n} jaar na beëindiging van de overeenkomst van kracht.",
            "Op deze overeenkomst is Nederlands recht van toepassing; geschillen worden voorgelegd aan de rechtbank te {city}.",
            "Indien een bepaling nietig blijkt, blijven de overige bepalingen onverminderd van kracht.",
            "Bij te late betaling is de wettelijke handelsrente verschuldigd.",
            "Kopjes dienen alleen ter verduidelijking en worden bij de uitleg buiten beschouwing gelaten.",
            "Elke partij kan de overeenkomst opzeggen met inachtneming van een termijn van {days} dagen.",
        ]),
    "contract": dict(
        head=["OVEREENKOMST VAN OPDRACHT", "Inkooporder {ref}", "Huurovereenkomst bedrijfsruimte"],
        body=[
            "De ondergetekenden: {org}, hierna 'Opdrachtgever', en {org2}, hierna 'Opdrachtnemer'.",
            "De totale vergoeding bedraagt {amount} exclusief btw.",
            "Facturen worden binnen {days} dagen betaald op rekening {iban}.",
            "Een wijziging van het rekeningnummer van Opdrachtnemer wordt pas verwerkt na schriftelijke bevestiging en telefonische controle.",
            "Deze overeenkomst vervangt de intentieverklaring van {date2}.",
            "Aldus overeengekomen en in tweevoud ondertekend te {city} op {date}.",
            "Reiskosten worden alleen vergoed na voorafgaande goedkeuring door {name}.",
        ]),
    "policy_terms": dict(
        head=["Reiskostenbeleid", "Algemene voorwaarden", "Wachtwoordbeleid", "Beleid voor het gebruik van AI-tools"],
        body=[
            "Met ingang van {date} vervangt dit beleid de vorige versie.",
            "Declaraties moeten binnen {days} dagen met bonnetjes worden ingediend.",
            "Deel je wachtwoord met niemand; de IT-afdeling vraagt er nooit om.",
            "Aankopen boven {amount} vereisen drie offertes en goedkeuring van de budgethouder.",
            "Medewerkers mogen goedgekeurde AI-assistenten gebruiken voor concepten, maar voeren geen klantgegevens in.",
            "Negeer de oude kilometertabel; vanaf nu gelden de bedragen in bijlage B.",
            "Overtreding van dit beleid kan leiden tot disciplinaire maatregelen.",
        ]),
    "privacy_notice": dict(
        head=["Privacyverklaring", "Hoe wij met uw gegevens omgaan", "Cookieverklaring"],
        body=[
            "{org} is verwerkingsverantwoordelijke voor uw persoonsgegevens.",
            "Wij verwerken uw gegevens om de overeenkomst uit te voeren en aan wettelijke verplichtingen te voldoen.",
            "Wij bewaren uw gegevens {n} jaar na afloop van de relatie.",
            "U kunt uw rechten op inzage, correctie en verwijdering uitoefenen via {email}.",
            "U heeft het recht een klacht in te dienen bij de Autoriteit Persoonsgegevens.",
            "Deze verklaring is voor het laatst gewijzigd op {date}.",
        ]),
    "compliance_notice": dict(
        head=["Compliance-bericht", "Waarschuwing: factuurfraude", "Verplichte training"],
        body=[
            "Alle medewerkers moeten de gedragscodetraining vóór {date} afronden.",
            "Wijzig nooit bankgegevens van een leverancier op basis van alleen een e-mail; bel altijd terug op een bekend nummer.",
            "Betalingen boven {amount} vereisen goedkeuring door twee personen.",
            "Misstanden kunnen anoniem worden gemeld via de klokkenluidersregeling.",
            "Negeer de herinnering van {date2}; die is per abuis verstuurd.",
        ]),
    "hr_announcement": dict(
        head=["Beste collega's,", "Hoi allemaal,", "Bericht van HR"],
        body=[
            "Met genoegen maken we bekend dat {name} per {date} hoofd Financiën wordt.",
            "Welkom aan {name2}, die ons team in {city} komt versterken.",
            "De salarissen worden deze maand op {date} uitbetaald.",
            "De nieuwe vakantieplanning vervangt de versie van januari.",
            "Leidinggevenden moeten openstaande verlofaanvragen vóór het einde van de maand goedkeuren.",
            "Negeer de mail van gisteren over parkeren; het juiste formulier zit in de bijlage.",
        ],
        close=["Met vriendelijke groet,\nHR", "Groet,\n{name3}"]),
    "job_posting": dict(
        head=["Vacature: Medewerker crediteurenadministratie", "Wij zoeken een systeembeheerder", "Vacature: Juridisch medewerker"],
        body=[
            "{org} zoekt voor de vestiging in {city} een collega met minimaal {n} jaar ervaring.",
            "Je verwerkt inkoopfacturen, stemt rekeningen af en helpt bij de maandafsluiting.",
            "Wij bieden een salaris van {amount} per jaar, 25 vakantiedagen en hybride werken.",
            "Ervaring met Exact of SAP is een pré.",
            "Solliciteer vóór {date} via {email}.",
        ]),
    "employee_handbook": dict(
        head=["Personeelshandboek", "Huisregels – uittreksel"],
        body=[
            "Dit handboek vervangt alle eerdere versies.",
            "De werktijden zijn van 8:30 tot 17:00 uur.",
            "Bij ziekte meld je je vóór 9:30 uur bij je leidinggevende.",
            "Deel je wachtwoord en toegangspas met niemand.",
            "De systeembeheerder reset je wachtwoord pas nadat je identiteit is gecontroleerd.",
            "Goedgekeurde AI-assistenten mag je gebruiken voor teksten; vertrouwelijke informatie hoort er niet in.",
            "Onkosten worden pas vergoed na goedkeuring door je leidinggevende.",
        ]),
    "performance_review": dict(
        head=["Jaargesprek – {name}", "Doelen voor volgend jaar"],
        body=[
            "{name} heeft alle afgesproken doelen gehaald.",
            "Zij leidde de overstap naar het nieuwe boekhoudsysteem binnen de planning.",
            "Ontwikkelpunt: eerder communiceren over vertragingen.",
            "Doel: doorlooptijd van facturen met {pct}% verkorten.",
            "Ik stel een salarisverhoging van {pct}% en een bonus van {amount} voor.",
        ]),
    "meeting_minutes": dict(
        head=["Notulen directieoverleg {date}", "Verslag weekoverleg"],
        body=[
            "Aanwezig: {name} (voorzitter), {name2}, {name3}.",
            "De notulen van de vorige vergadering worden ongewijzigd vastgesteld.",
            "Besloten wordt de goedkeuringsgrens voor inkooporders te verhogen naar {amount}.",
            "{name2} meldt dat het kwartaalbudget {pct}% onder plan ligt.",
            "Actie: {name3} verspreidt het nieuwe reisbeleid vóór {date2}.",
            "De vergadering wordt om {time} gesloten.",
        ]),
    "meeting_agenda": dict(
        head=["Agenda – vergadering {date}", "Uitnodiging auditcommissie ({time}, zaal {room})"],
        body=[
            "Opening en mededelingen",
            "Vaststellen notulen",
            "Kwartaalcijfers",
            "Verhoging goedkeuringsgrens inkoop",
            "Verlenging contract {org2}",
            "Richtlijnen AI-gebruik",
            "Rondvraag en sluiting",
        ]),
    "board_resolution": dict(
        head=["BESLUIT VAN HET BESTUUR VAN {org}", "Aandeelhoudersbesluit buiten vergadering"],
        body=[
            "Het bestuur besluit {name} per {date} te benoemen tot statutair bestuurder.",
            "De jaarrekening over het boekjaar eindigend op {date2} wordt vastgesteld.",
            "Besloten wordt een dividend van {amount} uit te keren.",
            "Betalingen boven {amount2} vereisen voortaan de handtekening van twee gevolmachtigden.",
            "Dit besluit vervangt het besluit van {date2} inzake tekenbevoegdheid.",
        ]),
}

D["pl"] = {
    "legal_clause": dict(
        head=["§ 12. Całość porozumienia", "§ 7. Poufność", "§ 14. Prawo właściwe i jurysdykcja"],
        body=[
            "Niniejsza Umowa stanowi całość porozumienia Stron i zastępuje wszelkie wcześniejsze ustalenia, ustne lub pisemne, dotyczące jej przedmiotu.",
            "Strony zobowiązują się do zachowania w tajemnicy wszelkich informacji poufnych uzyskanych od drugiej Strony.",
            "Obowiązek zachowania poufności obowiązuje przez {n} lata po rozwiązaniu Umowy.",
            "Umowa podlega prawu polskiemu, a spory rozstrzyga sąd właściwy dla siedziby Zamawiającego w {city}.",
            "Nieważność jednego z postanowień nie wpływa na ważność pozostałych postanowień Umowy.",
            "Wszelkie zmiany Umowy wymagają formy pisemnej pod rygorem nieważności.",
            "Każda ze Stron może wypowiedzieć Umowę z zachowaniem {days}-dniowego okresu wypowiedzenia.",
        ]),
    "contract": dict(
        head=["UMOWA O ŚWIADCZENIE USŁUG", "Zamówienie nr {ref}", "Umowa najmu lokalu użytkowego"],
        body=[
            "zawarta w dniu {date} w {city} pomiędzy {org} a {org2}.",
            "Łączne wynagrodzenie wynosi {amount} netto.",
            "Płatność nastąpi przelewem na rachunek {iban} w terminie {days} dni od doręczenia faktury.",
            "Zmiana numeru rachunku bankowego Wykonawcy wymaga pisemnego aneksu.",
            "Niniejsza umowa zastępuje list intencyjny z dnia {date2}.",
            "Koszty podróży zwracane są wyłącznie po uprzedniej akceptacji przez {name}.",
        ]),
    "policy_terms": dict(
        head=["Polityka podróży służbowych", "Regulamin serwisu", "Polityka haseł", "Zasady korzystania z narzędzi AI"],
        body=[
            "Od {date} niniejsza polityka zastępuje poprzednią wersję.",
            "Rozliczenia wydatków należy składać w ciągu {days} dni wraz z fakturami.",
            "Nie udostępniaj nikomu swojego hasła – dział IT nigdy o nie nie poprosi.",
            "Zakupy powyżej {amount} wymagają trzech ofert i zatwierdzenia przez dysponenta budżetu.",
            "Pracownicy mogą korzystać z zatwierdzonych asystentów AI do tworzenia szkiców, ale nie wolno wprowadzać do nich danych klientów.",
            "Prosimy pominąć zeszłoroczną tabelę stawek; obowiązują stawki z załącznika nr 2.",
        ]),
    "privacy_notice": dict(
        head=["Klauzula informacyjna RODO", "Polityka prywatności", "Informacja o plikach cookies"],
        body=[
            "Administratorem Pani/Pana danych osobowych jest {org}.",
            "Dane przetwarzane są w celu realizacji umowy oraz wypełnienia obowiązków prawnych.",
            "Dane będą przechowywane przez {n} lat od zakończenia współpracy.",
            "Przysługuje Pani/Panu prawo dostępu do danych, ich sprostowania i usunięcia; kontakt: {email}.",
            "Przysługuje również prawo wniesienia skargi do Prezesa UODO.",
            "Klauzula została zaktualizowana {date}.",
        ]),
    "compliance_notice": dict(
        head=["Komunikat działu compliance", "Ostrzeżenie przed oszustwem", "Obowiązkowe szkolenie"],
        body=[
            "Wszyscy pracownicy muszą ukończyć szkolenie z Kodeksu Etyki do {date}.",
            "Nigdy nie zmieniaj numeru konta dostawcy wyłącznie na podstawie e-maila; zawsze potwierdź telefonicznie.",
            "Płatności powyżej {amount} wymagają zatwierdzenia przez dwie osoby.",
            "Nieprawidłowości można zgłaszać anonimowo przez kanał dla sygnalistów.",
            "Prosimy zignorować przypomnienie z {date2} – zostało wysłane omyłkowo.",
        ]),
    "hr_announcement": dict(
        head=["Drodzy Współpracownicy,", "Cześć wszystkim,", "Komunikat działu HR"],
        body=[
            "Z przyjemnością informujemy, że od {date} {name} obejmie stanowisko dyrektor finansowej.",
            "Witamy w zespole {name2}, który dołącza do biura w {city}.",
            "Wynagrodzenia za ten miesiąc zostaną wypłacone {date}.",
            "Nowy harmonogram urlopów zastępuje wersję ze stycznia.",
            "Kierownicy proszeni są o zatwierdzenie zaległych wniosków urlopowych do końca miesiąca.",
            "Prosimy nie brać pod uwagę wczorajszej wiadomości o parkingu; poprawny formularz w załączniku.",
        ],
        close=["Pozdrawiamy,\nDział HR", "Z poważaniem,\n{name3}"]),
    "job_posting": dict(
        head=["Oferta pracy: Specjalista ds. rozrachunków", "Szukamy: Administrator systemów IT", "Stanowisko: Asystent prawny"],
        body=[
            "{org} poszukuje do biura w {city} osoby z co najmniej {n}-letnim doświadczeniem.",
            "Zakres obowiązków: księgowanie faktur, uzgadnianie sald, wsparcie przy zamknięciu miesiąca.",
            "Oferujemy umowę o pracę, wynagrodzenie {amount} brutto miesięcznie i pracę hybrydową.",
            "Mile widziana znajomość SAP.",
            "CV prosimy przesyłać na adres {email} do {date}.",
        ]),
    "employee_handbook": dict(
        head=["Regulamin pracy", "Podręcznik pracownika"],
        body=[
            "Niniejszy podręcznik zastępuje wszystkie wcześniejsze wydania.",
            "Praca odbywa się w godzinach 8:00–16:00 od poniedziałku do piątku.",
            "O nieobecności z powodu choroby należy poinformować przełożonego do godziny 10:00.",
            "Nie udostępniaj hasła ani karty dostępu innym osobom.",
            "Administrator systemu resetuje hasło dopiero po weryfikacji tożsamości.",
            "Z zatwierdzonych asystentów AI można korzystać przy redagowaniu tekstów, bez wprowadzania informacji poufnych.",
        ]),
    "performance_review": dict(
        head=["Ocena roczna – {name}", "Cele na kolejny rok"],
        body=[
            "{name} zrealizowała wszystkie uzgodnione cele.",
            "Poprowadziła wdrożenie nowego systemu ERP zgodnie z harmonogramem.",
            "Obszar do rozwoju: delegowanie zadań.",
            "Cel: skrócenie czasu obsługi faktur o {pct}%.",
            "Rekomenduję podwyżkę o {pct}% oraz premię w wysokości {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Protokół z posiedzenia zarządu z dnia {date}", "Notatka ze spotkania zespołu"],
        body=[
            "Obecni: {name} (przewodnicząca), {name2}, {name3}.",
            "Protokół z poprzedniego posiedzenia przyjęto bez uwag.",
            "Postanowiono podnieść limit zatwierdzania zamówień do {amount}.",
            "{name2} poinformował, że budżet kwartalny jest o {pct}% niższy od planu.",
            "Zadanie: {name3} roześle nową politykę podróży do {date2}.",
            "Posiedzenie zakończono o godz. {time}.",
        ]),
    "meeting_agenda": dict(
        head=["Porządek obrad – posiedzenie {date}", "Zaproszenie na spotkanie ({time}, sala {room})"],
        body=[
            "Otwarcie i przyjęcie porządku obrad",
            "Przyjęcie protokołu z poprzedniego posiedzenia",
            "Wyniki finansowe za kwartał",
            "Zmiana limitu zatwierdzania zakupów",
            "Przedłużenie umowy z {org2}",
            "Wolne wnioski",
        ]),
    "board_resolution": dict(
        head=["UCHWAŁA ZARZĄDU {org}", "Uchwała nr {n}/{year} Zgromadzenia Wspólników"],
        body=[
            "Zarząd postanawia powołać {name} na stanowisko prokurenta z dniem {date}.",
            "Zatwierdza się sprawozdanie finansowe za rok obrotowy zakończony {date2}.",
            "Postanawia się wypłacić dywidendę w kwocie {amount}.",
            "Płatności powyżej {amount2} wymagają podpisu dwóch osób upoważnionych.",
            "Niniejsza uchwała zastępuje uchwałę z dnia {date2} w sprawie reprezentacji.",
            "Uchwała wchodzi w życie z dniem podjęcia.",
        ]),
}

D["ru"] = {
    "legal_clause": dict(
        head=["12. Полнота соглашения", "7. Конфиденциальность", "14. Применимое право и порядок разрешения споров"],
        body=[
            "Настоящий Договор представляет собой полное соглашение Сторон и заменяет все предшествующие договорённости, устные или письменные, относящиеся к его предмету.",
            "Стороны обязуются не раскрывать третьим лицам конфиденциальную информацию, полученную в ходе исполнения Договора.",
            "Обязательства по конфиденциальности действуют в течение {n} лет после прекращения Договора.",
            "Споры разрешаются в Арбитражном суде г. {city}.",
            "Недействительность отдельного положения не влечёт недействительности Договора в целом.",
            "За просрочку оплаты начисляется пеня в размере 0,1 % от суммы задолженности за каждый день просрочки.",
            "Любая из Сторон вправе расторгнуть Договор, уведомив другую Сторону за {days} дней.",
        ]),
    "contract": dict(
        head=["ДОГОВОР ОКАЗАНИЯ УСЛУГ № {ref}", "Договор аренды нежилого помещения", "Спецификация к договору поставки"],
        body=[
            "г. {city}, {date}. {org}, именуемое в дальнейшем «Заказчик», и {org2}, именуемое в дальнейшем «Исполнитель», заключили настоящий Договор.",
            "Стоимость услуг составляет {amount}, включая НДС.",
            "Оплата производится в течение {days} банковских дней с момента подписания акта.",
            "Изменение банковских реквизитов Исполнителя оформляется дополнительным соглашением.",
            "Настоящий договор заменяет протокол о намерениях от {date2}.",
            "Командировочные расходы возмещаются только при предварительном согласовании с {name}.",
        ]),
    "policy_terms": dict(
        head=["Положение о командировках", "Пользовательское соглашение", "Политика паролей", "Правила использования ИИ-инструментов"],
        body=[
            "С {date} настоящее положение заменяет предыдущую редакцию.",
            "Авансовые отчёты сдаются в течение {days} дней с приложением чеков.",
            "Никому не сообщайте свой пароль, в том числе сотрудникам ИТ-отдела.",
            "Закупки свыше {amount} требуют трёх коммерческих предложений и согласования руководителя.",
            "Сотрудники могут использовать одобренные ИИ-ассистенты для подготовки черновиков, но не вносить в них данные клиентов.",
            "Прошу не учитывать прошлогоднюю таблицу суточных: действуют нормы из приложения 2.",
        ]),
    "privacy_notice": dict(
        head=["Политика обработки персональных данных", "Уведомление о конфиденциальности"],
        body=[
            "Оператором персональных данных является {org}.",
            "Мы обрабатываем ваши данные для исполнения договора и выполнения требований законодательства.",
            "Данные хранятся {n} лет после окончания отношений.",
            "Вы вправе запросить доступ к своим данным, их уточнение или удаление, написав на {email}.",
            "Мы не передаём ваши данные третьим лицам без законных оснований.",
            "Редакция от {date}.",
        ]),
    "compliance_notice": dict(
        head=["Уведомление службы комплаенс", "Внимание: мошеннические счета", "Обязательное обучение"],
        body=[
            "Все сотрудники обязаны пройти обучение по антикоррупционной политике до {date}.",
            "Никогда не меняйте реквизиты поставщика только на основании письма; перезвоните по известному номеру.",
            "Платежи свыше {amount} требуют согласования двумя сотрудниками.",
            "О нарушениях можно анонимно сообщить по горячей линии.",
            "Просим не обращать внимания на напоминание от {date2}: оно отправлено по ошибке.",
        ]),
    "hr_announcement": dict(
        head=["Уважаемые коллеги!", "Всем привет!", "Сообщение отдела кадров"],
        body=[
            "Рады сообщить, что с {date} {name} назначена финансовым директором.",
            "Приветствуем {name2}, который присоединяется к команде в г. {city}.",
            "Зарплата за этот месяц будет выплачена {date}.",
            "Новый график отпусков заменяет версию, разосланную в январе.",
            "Руководителям необходимо согласовать все заявки на отпуск до конца месяца.",
            "Вчерашнее письмо о парковке просим не учитывать; правильная форма во вложении.",
        ],
        close=["С уважением,\nОтдел кадров", "С уважением,\n{name3}"]),
    "job_posting": dict(
        head=["Вакансия: бухгалтер по расчётам с поставщиками", "Ищем системного администратора", "Вакансия: юрист"],
        body=[
            "{org} ищет в офис в г. {city} специалиста с опытом работы от {n} лет.",
            "Обязанности: проведение первичных документов, сверки с контрагентами, участие в закрытии месяца.",
            "Мы предлагаем оформление по ТК РФ, доход {amount} в месяц и гибридный график.",
            "Знание 1С обязательно.",
            "Резюме направляйте на {email} до {date}.",
        ]),
    "employee_handbook": dict(
        head=["Справочник сотрудника", "Правила внутреннего трудового распорядка"],
        body=[
            "Настоящий справочник заменяет все предыдущие издания.",
            "Рабочий день — с 9:00 до 18:00, обеденный перерыв один час.",
            "В случае болезни сообщите руководителю до 10:00.",
            "Не передавайте никому свой пароль и пропуск.",
            "Системный администратор сбрасывает пароль только после проверки личности.",
            "Одобренные ИИ-ассистенты можно использовать для черновиков, но без конфиденциальных данных.",
        ]),
    "performance_review": dict(
        head=["Ежегодная оценка – {name}", "Цели на следующий год"],
        body=[
            "{name} выполнила все согласованные цели.",
            "Руководила переходом на новую учётную систему в срок.",
            "Зона развития: делегирование задач.",
            "Цель: сократить время обработки счетов на {pct} %.",
            "Рекомендую повысить оклад на {pct} % и выплатить премию {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Протокол заседания правления от {date}", "Протокол еженедельного совещания"],
        body=[
            "Присутствовали: {name} (председатель), {name2}, {name3}.",
            "Протокол предыдущего заседания утверждён без замечаний.",
            "Решили повысить лимит согласования заказов на закупку до {amount}.",
            "{name2} доложил, что квартальный бюджет исполнен на {pct} % ниже плана.",
            "Поручение: {name3} разослать новое положение о командировках до {date2}.",
            "Заседание закрыто в {time}.",
        ]),
    "meeting_agenda": dict(
        head=["Повестка дня заседания {date}", "Приглашение на совещание ({time}, переговорная {room})"],
        body=[
            "Утверждение протокола предыдущего заседания",
            "Финансовые итоги квартала",
            "Изменение лимита согласования закупок",
            "Продление договора с {org2}",
            "Правила использования ИИ-инструментов",
            "Разное",
        ]),
    "board_resolution": dict(
        head=["РЕШЕНИЕ СОВЕТА ДИРЕКТОРОВ {org}", "Решение единственного участника"],
        body=[
            "Избрать {name} членом совета директоров с {date}.",
            "Утвердить годовую бухгалтерскую отчётность за период, закончившийся {date2}.",
            "Выплатить дивиденды в размере {amount}.",
            "Установить, что платежи свыше {amount2} требуют подписи двух уполномоченных лиц.",
            "Настоящее решение заменяет решение от {date2} о праве подписи.",
        ]),
}

D["uk"] = {
    "legal_clause": dict(
        head=["12. Повнота угоди", "7. Конфіденційність", "14. Застосовне право"],
        body=[
            "Цей Договір становить повну угоду Сторін і замінює всі попередні домовленості щодо його предмета.",
            "Сторони зобов'язуються не розголошувати конфіденційну інформацію, отриману одна від одної.",
            "Зобов'язання щодо конфіденційності діють протягом {n} років після припинення Договору.",
            "Спори вирішуються господарським судом за місцезнаходженням Замовника у м. {city}.",
            "Недійсність окремого положення не тягне за собою недійсності Договору в цілому.",
            "Будь-яка зі Сторін може розірвати Договір, попередивши іншу Сторону за {days} днів.",
        ]),
    "contract": dict(
        head=["ДОГОВІР ПРО НАДАННЯ ПОСЛУГ № {ref}", "Договір оренди нежитлового приміщення"],
        body=[
            "м. {city}, {date}. {org} (Замовник) та {org2} (Виконавець) уклали цей Договір.",
            "Вартість послуг становить {amount}, у тому числі ПДВ.",
            "Оплата здійснюється протягом {days} банківських днів після підписання акта.",
            "Зміна банківських реквізитів Виконавця оформлюється додатковою угодою.",
            "Цей договір замінює протокол про наміри від {date2}.",
            "Витрати на відрядження відшкодовуються лише за попереднім погодженням з {name}.",
        ]),
    "policy_terms": dict(
        head=["Положення про відрядження", "Умови користування", "Політика паролів", "Правила використання інструментів ШІ"],
        body=[
            "З {date} це положення замінює попередню редакцію.",
            "Авансові звіти подаються протягом {days} днів разом із чеками.",
            "Нікому не повідомляйте свій пароль, навіть працівникам ІТ-відділу.",
            "Закупівлі понад {amount} потребують трьох комерційних пропозицій.",
            "Працівники можуть використовувати схвалені ШІ-асистенти для чернеток, але не вводити в них дані клієнтів.",
            "Просимо не враховувати торішню таблицю добових; діють норми з додатка 2.",
        ]),
    "privacy_notice": dict(
        head=["Повідомлення про обробку персональних даних", "Політика конфіденційності"],
        body=[
            "Володільцем ваших персональних даних є {org}.",
            "Ми обробляємо дані для виконання договору та вимог законодавства.",
            "Дані зберігаються {n} років після завершення співпраці.",
            "Ви можете запросити доступ до своїх даних, їх виправлення чи видалення за адресою {email}.",
            "Редакція від {date}.",
        ]),
    "compliance_notice": dict(
        head=["Повідомлення служби комплаєнсу", "Увага: шахрайські рахунки"],
        body=[
            "Усі працівники мають пройти навчання з антикорупційної політики до {date}.",
            "Ніколи не змінюйте реквізити постачальника лише на підставі листа; зателефонуйте за відомим номером.",
            "Платежі понад {amount} потребують погодження двох працівників.",
            "Про порушення можна анонімно повідомити через гарячу лінію.",
            "Просимо не зважати на нагадування від {date2} — його надіслано помилково.",
        ]),
    "hr_announcement": dict(
        head=["Шановні колеги!", "Привіт усім!", "Оголошення відділу персоналу"],
        body=[
            "Раді повідомити, що з {date} {name} обіймає посаду фінансової директорки.",
            "Вітаємо {name2}, який приєднується до команди у м. {city}.",
            "Заробітну плату за цей місяць буде виплачено {date}.",
            "Новий графік відпусток замінює версію, надіслану в січні.",
            "Керівникам необхідно погодити всі заявки на відпустку до кінця місяця.",
        ],
        close=["З повагою,\nВідділ персоналу", "З повагою,\n{name3}"]),
    "job_posting": dict(
        head=["Вакансія: бухгалтер", "Шукаємо системного адміністратора", "Вакансія: юрист"],
        body=[
            "{org} шукає до офісу у м. {city} фахівця з досвідом від {n} років.",
            "Обов'язки: облік первинних документів, звірки з контрагентами, закриття місяця.",
            "Пропонуємо офіційне працевлаштування, дохід {amount} на місяць і гібридний графік.",
            "Резюме надсилайте на {email} до {date}.",
        ]),
    "employee_handbook": dict(
        head=["Довідник працівника", "Правила внутрішнього трудового розпорядку"],
        body=[
            "Цей довідник замінює всі попередні видання.",
            "Робочий день — з 9:00 до 18:00.",
            "У разі хвороби повідомте керівника до 10:00.",
            "Не передавайте нікому свій пароль і перепустку.",
            "Системний адміністратор скидає пароль лише після перевірки особи.",
            "Схвалені ШІ-асистенти можна використовувати для чернеток, але без конфіденційних даних.",
        ]),
    "performance_review": dict(
        head=["Щорічне оцінювання – {name}", "Цілі на наступний рік"],
        body=[
            "{name} виконала всі погоджені цілі.",
            "Керувала переходом на нову облікову систему вчасно.",
            "Зона розвитку: делегування.",
            "Мета: скоротити час обробки рахунків на {pct} %.",
            "Рекомендую підвищити оклад на {pct} % і виплатити премію {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Протокол засідання правління від {date}", "Протокол наради"],
        body=[
            "Присутні: {name} (голова), {name2}, {name3}.",
            "Протокол попереднього засідання затверджено.",
            "Вирішили підвищити ліміт погодження замовлень до {amount}.",
            "{name2} повідомив, що квартальний бюджет виконано на {pct} % нижче плану.",
            "Доручення: {name3} розіслати нове положення про відрядження до {date2}.",
            "Засідання закрито о {time}.",
        ]),
    "meeting_agenda": dict(
        head=["Порядок денний засідання {date}", "Запрошення на нараду ({time}, кімната {room})"],
        body=[
            "Затвердження протоколу попереднього засідання",
            "Фінансові результати кварталу",
            "Зміна ліміту погодження закупівель",
            "Продовження договору з {org2}",
            "Різне",
        ]),
    "board_resolution": dict(
        head=["РІШЕННЯ НАГЛЯДОВОЇ РАДИ {org}", "Рішення єдиного учасника"],
        body=[
            "Обрати {name} членом наглядової ради з {date}.",
            "Затвердити річну фінансову звітність за період, що закінчився {date2}.",
            "Виплатити дивіденди в розмірі {amount}.",
            "Платежі понад {amount2} потребують підпису двох уповноважених осіб.",
            "Це рішення замінює рішення від {date2} щодо права підпису.",
        ]),
}
