"""Italian, Dutch, Swedish, Russian, Ukrainian, Polish data for legit_support.py (hand-written; training only)."""

IT = dict(
    names="Giulia Marco Francesca Luca Chiara Alessandro Sara Matteo Valentina Davide Elisa Simone Martina Andrea Federica Paolo",
    products="auricolari wireless|macchina da caffè|robot aspirapolvere|sedia da ufficio|monitor 4K|friggitrice ad aria|zaino da trekking|abbonamento annuale|monopattino elettrico|materasso",
    cur="N €", dec=",", thou=".", datefmt="dmy_slash", iban_cc="IT",
    lab="""subject=Oggetto
ticket=Ticket
priority=Priorità
category=Categoria
desc=Descrizione
order=Ordine
prios=Bassa|Normale|Alta|Urgente
cats=Fatturazione|Spedizioni|Accesso all'account|Resi|Problema tecnico
orig=-----Messaggio originale-----
from=Da
sent=Inviato
to=A
wrote=Il giorno {date}, {name} <{email}> ha scritto:
customer=Cliente
agent=Operatore
caller=Chiamante
reason=Motivo
outcome=Esito
inbound=Chiamata in entrata alle
followup=Richiamata
rating=Voto
q=D
a=R""",
    subj="""Ordine {order} non consegnato
Rimborso non ancora ricevuto
Doppio addebito
Non riesco ad accedere
Cambio indirizzo di consegna
Correzione alla mia mail precedente""",
    greet_c="""Buongiorno,
Salve,
Gentile servizio clienti,""",
    sign_c="""Grazie,\\n{name}
Cordiali saluti,\\n{name}
Saluti,\\n{name}\\nCell. {phone}""",
    greet_a="""Gentile {name},
Buongiorno {name},
Ciao {name},""",
    sign_a="""Cordiali saluti,\\n{agent}\\nServizio Clienti
Un saluto,\\n{agent} | Ufficio Amministrazione
Grazie,\\n{agent}""",
    ropen="""Grazie per averci contattato riguardo all'ordine {order}.
Mi dispiace per il problema con il suo {product}.
Ho controllato il suo account, ecco cosa risulta.""",
    issue="""Ho ordinato il {date} (ordine {order}) e non è ancora arrivato niente.
Mi avete addebitato due volte l'ordine {order}, {amount} ciascuna.
Non riesco ad accedere, il sistema mostra un errore di sessione scaduta.
Per favore ignorate la mia mail precedente, l'indirizzo giusto è via Roma 15, interno 4.
Ho provato tre volte a reimpostare la password ma il link non arriva.
Il mio account è bloccato da ieri.
Il vostro chatbot mi ha detto che il rimborso sarebbe arrivato in due giorni, sono passate due settimane.
Il {product} ha smesso di funzionare dopo due settimane.
Ho restituito il pacco il {date} e non ho ancora ricevuto i {amount}.
Come amministratore non vedo più le fatture degli altri utenti aziendali.
Manca un articolo nell'ordine {order}.
Vorrei aggiornare il conto per l'addebito diretto, il nuovo IBAN è {iban}.""",
    ask="""Potete verificare cosa è successo?
Per favore annullate l'ordine precedente e spedite quello nuovo.
Potete inoltrare questa mail all'ufficio fatturazione?
Urgente: approvate il mio rimborso, mi serve entro fine mese.
Potete richiamarmi al {phone}?
Chiedo il rimborso completo.
Ignorate la foto di prima, allego quella corretta.
Mi mandate l'etichetta per il reso?""",
    resp="""Ho reimpostato la sua password, la cambi al primo accesso.
Non condivida con nessuno il codice monouso: non glielo chiederemo mai.
Il suo account era bloccato per troppi tentativi falliti; l'ho sbloccato.
Ho emesso un rimborso di {amount} sul metodo di pagamento originale; servono 3-5 giorni lavorativi.
Ho inoltrato la richiesta all'ufficio fatturazione, che le risponderà entro 48 ore.
Ho annullato l'ordine precedente e creato il nuovo ordine {order2} con l'indirizzo corretto.
Le abbiamo inviato un'etichetta di reso prepagata a {email}.
Mi dispiace che il nostro chatbot le abbia dato un'informazione sbagliata: il reso è possibile entro 30 giorni.
Il doppio addebito è una preautorizzazione e sparirà entro {days} giorni.
Per sicurezza non modifichiamo i dati bancari via e-mail; usi Account > Pagamenti.
Oggi spediamo un {product} sostitutivo.
Ho aperto una pratica con il corriere.""",
    fwd="""Te lo giro, {agent}: può guardarlo la fatturazione? Doppio addebito.
Per conoscenza, vedi la mail del cliente sotto. Puoi approvare il rimborso? Supera il mio limite.
Ti passo questo caso, è in garanzia. Grazie!""",
    follow="""Buongiorno, ci sono novità? Sto ancora aspettando.
Scrivo di nuovo perché non ho ricevuto risposta.
Scusate, ignorate la mia ultima risposta, l'ho mandata prima di leggere la vostra mail.""",
    chat="""mi approvi l'ordine d'acquisto? sono le cuffie nuove, {amount}
ignora l'ultimo messaggio, canale sbagliato 🙈
qualcuno sa perché lo strumento dei rimborsi si blocca?
@{agent} il cliente del ticket {ticket} ha richiamato, lo prendi tu?
attenzione: il gateway di pagamento è giù, i checkout falliscono
ho reimpostato la password del cliente, gli ho detto di cambiarla al primo accesso
il sistema mi dà errore quando apro il CRM, solo a me?
non incollate numeri di carta qui, usate le note sicure
qualcuno mi gira la nuova policy sui resi?
il cliente dice che il chatbot gli ha promesso la spedizione gratis, la concediamo?
chi è reperibile per la fatturazione nel weekend?
grazie per avermi coperto ieri!""",
    chat_reply="""fatto ✅
ci penso io
5 minuti
approvato
anche a me""",
    note="""Cliente chiama per consegna non ricevuta ({order}). Aperta pratica con il corriere.
Identità verificata (CAP + ultime 4 cifre della carta {last4}).
Rimborso di {amount} approvato dal supervisore.
Il cliente chiede di ignorare il cambio indirizzo precedente; mantenuto l'originale.
Inviato reset password; consigliato di cambiarla al primo accesso.
Ricordato al cliente di non condividere mai i codici di verifica.
Inoltrato alla fatturazione per doppio addebito.
Ordine {order} annullato su richiesta, creato {order2}.
Cliente scontento della risposta del chatbot sulla garanzia; chiarito.
Richiamata fissata per il {date} alle {time}.""",
    callr="""pacco non ricevuto
doppio addebito
account bloccato
disdetta abbonamento
prodotto danneggiato""",
    greet_f="""Spettabile Servizio Clienti,
Alla cortese attenzione del Responsabile,""",
    close_f="""Distinti saluti,\\n{name}
In attesa di riscontro, porgo cordiali saluti.\\n{name}""",
    complaint="""Con la presente sporgo reclamo formale per l'ordine {order}.
È la quarta volta che vi contatto per lo stesso problema.
Il vostro operatore mi aveva promesso una richiamata entro 24 ore, mai arrivata.
Sono rimasto in attesa 50 minuti e poi la linea è caduta.""",
    demand="""Chiedo il rimborso integrale di {amount} entro 14 giorni.
Se il problema non sarà risolto entro il {date}, mi rivolgerò a un'associazione dei consumatori.
Chiedo una spiegazione scritta e un indennizzo per il disagio.""",
    rev_tp="""Ottimo acquisto
Come da descrizione
Ottimo rapporto qualità-prezzo""",
    rev_tn="""Deludente
Rotto dopo un mese
Sconsigliato""",
    rev_pos="""Arrivato in anticipo e ben imballato.
Montato in cinque minuti, funziona benissimo.
Ho avuto un problema e l'assistenza l'ha sostituito senza storie.
La batteria dura tutta la giornata.
Materiali di buona qualità.""",
    rev_neg="""Ha smesso di caricarsi dopo tre settimane.
Arrivato con un angolo rotto, il reso è stato complicato.
Il chatbot non sapeva rispondere, ho aspettato due giorni un operatore.
Molto più piccolo di come appare in foto.
Addebitato due volte, tre mail per riavere i soldi.""",
    survey="""L'operatrice era gentile ma ho dovuto spiegare il problema tre volte.
Veloce e semplice, rimborsato in giornata.
Rendete più visibile il numero di telefono sul sito.
Il chatbot era inutile, volevo parlare con una persona.
Niente da migliorare, {agent} è stato bravissimo.
Attesa al telefono troppo lunga.
Le mail per reimpostare la password arrivano tardi.
Molto soddisfatto della consegna.""",
    surveyq="""Cosa possiamo migliorare?
Come valuta l'assistenza ricevuta?""",
    faq="""Come reimposto la password? || Clicchi su «Password dimenticata» nella pagina di accesso; il link è valido 30 minuti.
Mi chiederete mai il codice di verifica? || No. Non chiediamo mai codice, password o numero completo della carta. Se qualcuno lo fa, non condivida nulla.
Quanto tempo richiede un rimborso? || Rimborsiamo entro 5 giorni lavorativi dalla ricezione del reso. La banca può impiegare altri 3-5 giorni.
Posso cambiare l'indirizzo dopo l'ordine? || Sì, finché l'ordine non è spedito: I miei ordini > Modifica indirizzo.
Perché il mio account è bloccato? || Dopo vari tentativi di accesso falliti l'account viene bloccato automaticamente. Reimposti la password per sbloccarlo.""",
    faq_tip="""Serve aiuto? Chat attiva dalle 9 alle 20.
Può anche chiamarci al {phone}.""",
    cgreet="""Buongiorno, sono {agent}. Come posso aiutarla?
Ciao! Sono {agent} dell'assistenza clienti.""",
    short="""ok grazie, ora funziona
perfetto, era quello che mi serviva
ancora niente
grazie mille""",
    aclose="""Prego! Posso aiutarla in altro?
Grazie per averci scritto, buona giornata.""",
    apsubj="""Le nostre scuse per l'ordine {order}
Ci scusiamo""",
    apology="""Siamo davvero spiacenti per il ritardo del suo ordine {order}.
La preghiamo di accettare le nostre scuse per il disagio.
Il doppio addebito non doveva succedere, mi scuso per l'errore.
Ci dispiace che il nostro chatbot le abbia fornito un'informazione errata.
Come gesto di cortesia abbiamo accreditato {amount} sul suo account.
Stiamo prendendo provvedimenti perché non si ripeta.""",
)

NL = dict(
    names="Sanne Daan Lotte Thijs Emma Bram Fleur Ruben Eva Jesse Anouk Niels Iris Stijn Femke Joost",
    products="draadloze oordopjes|koffiezetapparaat|robotstofzuiger|bureaustoel|4K-monitor|airfryer|wandelrugzak|jaarabonnement|elektrische step|matras",
    cur="€ N", dec=",", thou=".", datefmt="dmy_dash", iban_cc="NL",
    lab="""subject=Onderwerp
ticket=Ticket
priority=Prioriteit
category=Categorie
desc=Omschrijving
order=Bestelling
prios=Laag|Normaal|Hoog|Urgent
cats=Facturatie|Bezorging|Toegang tot account|Retouren|Technisch probleem
orig=-----Oorspronkelijk bericht-----
from=Van
sent=Verzonden
to=Aan
wrote=Op {date} schreef {name} <{email}>:
customer=Klant
agent=Medewerker
caller=Beller
reason=Reden
outcome=Uitkomst
inbound=Inkomend gesprek om
followup=Opvolging
rating=Beoordeling
q=V
a=A""",
    subj="""Bestelling {order} niet bezorgd
Terugbetaling nog niet ontvangen
Dubbel afgeschreven
Kan niet inloggen
Wijziging bezorgadres
Correctie op mijn vorige mail""",
    greet_c="""Hallo,
Goedemorgen,
Beste klantenservice,""",
    sign_c="""Bedankt,\\n{name}
Groet,\\n{name}
Met vriendelijke groet,\\n{name}\\n{phone}""",
    greet_a="""Beste {name},
Hoi {name},
Goedemiddag {name},""",
    sign_a="""Met vriendelijke groet,\\n{agent}\\nKlantenservice
Groet,\\n{agent} | Debiteurenadministratie
Bedankt,\\n{agent}""",
    ropen="""Bedankt voor je bericht over bestelling {order}.
Vervelend dat je problemen hebt met je {product}.
Ik heb je account bekeken en dit is wat ik zie.""",
    issue="""Ik heb op {date} besteld ({order}) en er is nog steeds niets aangekomen.
Er is twee keer {amount} afgeschreven voor bestelling {order}.
Ik kan niet inloggen, het systeem geeft een foutmelding dat mijn sessie is verlopen.
Negeer alsjeblieft mijn vorige mail, het juiste adres is Dorpsstraat 12, 2e verdieping.
Ik heb drie keer geprobeerd mijn wachtwoord te resetten maar de link komt niet aan.
Mijn account is sinds gisteren geblokkeerd.
Jullie chatbot zei dat de terugbetaling twee dagen zou duren, het is nu twee weken later.
De {product} doet het na twee weken niet meer.
Ik heb het pakket op {date} teruggestuurd en nog geen {amount} terugontvangen.
Als beheerder kan ik de facturen van de andere gebruikers niet meer zien.
Er ontbreekt een artikel in bestelling {order}.
Ik wil mijn rekeningnummer voor de automatische incasso wijzigen, nieuwe IBAN: {iban}.""",
    ask="""Kunnen jullie nakijken wat er is gebeurd?
Annuleer alsjeblieft de vorige bestelling en stuur de nieuwe.
Kunnen jullie dit doorsturen naar de afdeling facturatie?
Dringend: keur mijn terugbetaling goed, ik heb het geld voor het einde van de maand nodig.
Kunnen jullie me terugbellen op {phone}?
Ik wil graag het volledige bedrag terug.
Negeer de foto van eerder, hierbij de juiste.
Kunnen jullie een retourlabel sturen?""",
    resp="""Ik heb je wachtwoord gereset, wijzig het bij de eerste keer inloggen.
Deel je eenmalige code met niemand, wij vragen er nooit om.
Je account was geblokkeerd na meerdere mislukte pogingen; ik heb het gedeblokkeerd.
Ik heb {amount} teruggestort op je oorspronkelijke betaalmethode, dat duurt 3-5 werkdagen.
Ik heb je verzoek doorgestuurd naar facturatie, zij reageren binnen 48 uur.
Ik heb de vorige bestelling geannuleerd en een nieuwe aangemaakt, {order2}, met het juiste adres.
Er is een gratis retourlabel naar {email} gestuurd.
Sorry dat onze chatbot je verkeerd heeft geïnformeerd: de retourtermijn is 30 dagen.
De dubbele afschrijving is een reservering en verdwijnt binnen {days} dagen.
Om veiligheidsredenen wijzigen we bankgegevens niet per mail; doe dit via Account > Betalen.
We sturen vandaag een vervangende {product}.
Ik heb een onderzoek gestart bij de vervoerder.""",
    fwd="""Stuur ik even door, {agent}: kan facturatie hiernaar kijken? Dubbel afgeschreven.
Ter info, zie de mail van de klant hieronder. Kun jij de terugbetaling goedkeuren? Boven mijn limiet.
Deze geef ik aan jou, is een garantiegeval. Thanks!""",
    follow="""Hallo, is er al nieuws? Ik wacht nog steeds.
Ik mail opnieuw omdat ik geen antwoord heb gekregen.
Sorry, negeer mijn laatste reactie, die stuurde ik voordat ik jullie mail zag.""",
    chat="""kun je de inkooporder voor me goedkeuren? voor de nieuwe headsets, {amount}
negeer het laatste bericht, verkeerd kanaal 🙈
weet iemand waarom de terugbetaaltool vastloopt?
@{agent} de klant van ticket {ticket} belt weer, pak jij hem?
let op: storing bij de betaalprovider, checkouts mislukken
wachtwoord van de klant gereset, gezegd dat hij het bij eerste login moet wijzigen
het systeem geeft een fout als ik het CRM open, alleen bij mij?
plak hier geen kaartnummers, gebruik de beveiligde notities
kan iemand me het nieuwe retourbeleid sturen?
klant zegt dat de chatbot gratis verzending beloofde, houden we ons daaraan?
wie heeft dit weekend dienst voor facturatie?
bedankt voor het invallen gisteren!""",
    chat_reply="""gedaan ✅
pak ik op
5 min
goedgekeurd
bij mij ook""",
    note="""Klant belt over niet ontvangen pakket ({order}). Onderzoek bij vervoerder gestart.
Identiteit gecontroleerd (postcode + laatste 4 cijfers kaart {last4}).
Terugbetaling van {amount} goedgekeurd door teamleider.
Klant vraagt eerdere adreswijziging te negeren; oorspronkelijk adres behouden.
Wachtwoordreset verstuurd; geadviseerd te wijzigen bij eerste login.
Klant herinnerd: deel nooit verificatiecodes.
Doorgezet naar facturatie i.v.m. dubbele afschrijving.
Bestelling {order} op verzoek geannuleerd, {order2} aangemaakt.
Klant ontevreden over antwoord chatbot over garantie; toegelicht.
Terugbelafspraak {date} om {time}.""",
    callr="""pakket niet ontvangen
dubbele afschrijving
account geblokkeerd
opzegging abonnement
beschadigd product""",
    greet_f="""Geachte heer, mevrouw,
Geachte klantenservice,""",
    close_f="""Met vriendelijke groet,\\n{name}
Hoogachtend,\\n{name}""",
    complaint="""Hierbij dien ik een klacht in over bestelling {order}.
Dit is de vierde keer dat ik contact opneem over hetzelfde probleem.
Uw medewerker beloofde binnen 24 uur terug te bellen, maar niemand belde.
Ik heb 50 minuten in de wacht gestaan, daarna werd de verbinding verbroken.""",
    demand="""Ik verzoek u het volledige bedrag van {amount} binnen 14 dagen terug te betalen.
Als dit niet voor {date} is opgelost, schakel ik de geschillencommissie in.
Ik verwacht een schriftelijke uitleg en een compensatie.""",
    rev_tp="""Top aankoop
Zoals beschreven
Prima prijs-kwaliteit""",
    rev_tn="""Teleurgesteld
Na een maand kapot
Niet aan te raden""",
    rev_pos="""Eerder bezorgd dan verwacht en goed verpakt.
In vijf minuten in elkaar gezet, werkt perfect.
Had een probleem en de klantenservice heeft hem zonder gedoe omgeruild.
De accu gaat de hele dag mee.
Degelijk afgewerkt.""",
    rev_neg="""Laadt na drie weken niet meer op.
Kwam binnen met een kapotte hoek, retourneren was een gedoe.
De chatbot kon niks beantwoorden, twee dagen gewacht op een mens.
Veel kleiner dan op de foto's.
Dubbel afgeschreven, drie mails nodig om mijn geld terug te krijgen.""",
    survey="""De medewerker was vriendelijk maar ik moest mijn probleem drie keer uitleggen.
Snel en makkelijk, dezelfde dag terugbetaald.
Zet het telefoonnummer duidelijker op de website.
De chatbot was nutteloos, ik wilde gewoon een mens spreken.
Niks te verbeteren, {agent} was top.
Te lang in de wacht gestaan.
De mails om je wachtwoord te resetten komen te laat.
Heel tevreden over de bezorging.""",
    surveyq="""Wat kunnen we beter doen?
Hoe tevreden bent u over onze service?""",
    faq="""Hoe reset ik mijn wachtwoord? || Klik op de inlogpagina op 'Wachtwoord vergeten'; de link is 30 minuten geldig.
Vragen jullie ooit om mijn verificatiecode? || Nee. We vragen nooit om je code, wachtwoord of volledige kaartnummer. Deel die met niemand.
Hoe lang duurt een terugbetaling? || Binnen 5 werkdagen na ontvangst van je retour. Je bank kan er nog 3-5 dagen over doen.
Kan ik het adres na het bestellen wijzigen? || Ja, zolang de bestelling niet is verzonden: Mijn bestellingen > Adres wijzigen.
Waarom is mijn account geblokkeerd? || Na meerdere mislukte inlogpogingen blokkeren we het account automatisch. Reset je wachtwoord om het te deblokkeren.""",
    faq_tip="""Hulp nodig? Chat is open van 8 tot 20 uur.
Of bel ons op {phone}.""",
    cgreet="""Hoi, je spreekt met {agent}. Waarmee kan ik helpen?
Goedendag! {agent} van de klantenservice hier.""",
    short="""ok dank je, het werkt
top, dat was het
doet het nog steeds niet
heel erg bedankt""",
    aclose="""Graag gedaan! Kan ik nog ergens mee helpen?
Bedankt voor je bericht, fijne dag nog.""",
    apsubj="""Onze excuses voor bestelling {order}
Het spijt ons""",
    apology="""Het spijt ons zeer dat je bestelling {order} vertraging heeft.
Onze excuses voor het ongemak.
De dubbele afschrijving had niet mogen gebeuren, excuses daarvoor.
Het spijt ons dat onze chatbot je verkeerde informatie gaf.
Als gebaar hebben we {amount} tegoed op je account gezet.
We nemen maatregelen zodat dit niet nog eens gebeurt.""",
)

SV = dict(
    names="Elin Oscar Maja Erik Alva Lucas Saga Viktor Ebba Hugo Klara Anton Linnea Johan Ida Emil",
    products="trådlösa hörlurar|kaffebryggare|robotdammsugare|kontorsstol|4K-skärm|airfryer|vandringsryggsäck|årsprenumeration|elsparkcykel|madrass",
    cur="N kr", dec=",", thou=" ", datefmt="iso", iban_cc="SE", scale=10,
    lab="""subject=Ämne
ticket=Ärende
priority=Prioritet
category=Kategori
desc=Beskrivning
order=Order
prios=Låg|Normal|Hög|Brådskande
cats=Fakturering|Leverans|Inloggning|Returer|Tekniskt problem
orig=-----Ursprungligt meddelande-----
from=Från
sent=Skickat
to=Till
wrote=Den {date} skrev {name} <{email}>:
customer=Kund
agent=Handläggare
caller=Uppringare
reason=Ärende
outcome=Resultat
inbound=Inkommande samtal kl.
followup=Uppföljning
rating=Betyg
q=F
a=S""",
    subj="""Order {order} har inte kommit
Återbetalning saknas
Dubbeldragning på kortet
Kan inte logga in
Ändrad leveransadress
Rättelse till mitt förra mejl""",
    greet_c="""Hej,
Hej kundtjänst,
God morgon,""",
    sign_c="""Tack,\\n{name}
Mvh\\n{name}
Vänliga hälsningar,\\n{name}\\n{phone}""",
    greet_a="""Hej {name}!
Hej {name},
God eftermiddag {name},""",
    sign_a="""Vänliga hälsningar,\\n{agent}\\nKundtjänst
Mvh\\n{agent} | Ekonomiavdelningen
Tack,\\n{agent}""",
    ropen="""Tack för att du kontaktar oss om order {order}.
Tråkigt att höra om problemen med din {product}.
Jag har tittat på ditt konto och här är vad jag ser.""",
    issue="""Jag beställde den {date} ({order}) och ingenting har kommit än.
Jag har blivit debiterad två gånger för order {order}, {amount} varje gång.
Jag kan inte logga in, systemet visar ett fel om att sessionen har gått ut.
Bortse från mitt förra mejl, rätt adress är Storgatan 12, lgh 1102.
Jag har försökt återställa lösenordet tre gånger men länken kommer aldrig.
Mitt konto har varit låst sedan igår.
Er chattbot sa att återbetalningen skulle ta två dagar, nu har det gått två veckor.
Min {product} slutade fungera efter två veckor.
Jag skickade tillbaka paketet den {date} och har inte fått tillbaka {amount}.
Som administratör kan jag inte längre se de andra användarnas fakturor.
Det saknas en vara i order {order}.
Jag vill byta konto för autogiro, nytt IBAN: {iban}.""",
    ask="""Kan ni kolla vad som har hänt?
Avbryt den förra beställningen och skicka den nya i stället.
Kan ni vidarebefordra detta till fakturaavdelningen?
Brådskande: godkänn min återbetalning, jag behöver pengarna före månadsskiftet.
Kan ni ringa mig på {phone}?
Jag vill ha hela beloppet tillbaka.
Bortse från bilden jag skickade förut, här är rätt bild.
Kan ni skicka en returetikett?""",
    resp="""Jag har återställt ditt lösenord, byt det när du loggar in första gången.
Dela aldrig din engångskod med någon – vi kommer aldrig att be om den.
Ditt konto låstes efter flera misslyckade försök; jag har låst upp det.
Jag har återbetalat {amount} till ditt ursprungliga betalsätt, det tar 3–5 bankdagar.
Jag har skickat vidare ärendet till ekonomi, de svarar inom 48 timmar.
Jag har avbrutit den förra ordern och lagt en ny, {order2}, med rätt adress.
En förbetald returetikett har skickats till {email}.
Förlåt att vår chattbot gav fel information – returrätten är 30 dagar.
Dubbeldragningen är en reservation som försvinner inom {days} dagar.
Av säkerhetsskäl ändrar vi inte bankuppgifter via mejl; gör det under Konto > Betalning.
En ny {product} skickas i dag.
Jag har öppnat en utredning hos fraktbolaget.""",
    fwd="""Skickar vidare till dig, {agent} – kan ekonomi titta? Dubbeldragning.
FYI, se kundens mejl nedan. Kan du godkänna återbetalningen? Den är över min gräns.
Lämnar över detta till dig, det är ett garantiärende. Tack!""",
    follow="""Hej, finns det något nytt? Jag väntar fortfarande.
Jag skriver igen eftersom jag inte har fått något svar.
Förlåt, bortse från mitt senaste svar, jag skickade det innan jag såg ert mejl.""",
    chat="""kan du godkänna inköpsordern åt mig? de nya headseten, {amount}
ignorera förra meddelandet, fel kanal 🙈
vet någon varför återbetalningsverktyget hänger sig?
@{agent} kunden i ärende {ticket} ringer igen, tar du det?
obs: betalleverantören har driftstörning, köp misslyckas just nu
återställde kundens lösenord och sa åt henne att byta vid första inloggningen
systemet visar ett fel när jag öppnar CRM:et, bara jag?
klistra inte in kortnummer här, använd de säkra anteckningarna
kan någon skicka den nya returpolicyn?
kunden säger att chattboten lovade fri frakt, ska vi gå med på det?
vem har jouren för fakturafrågor i helgen?
tack för att du hoppade in igår!""",
    chat_reply="""klart ✅
fixar
5 min
godkänt
samma här""",
    note="""Kund ringer om uteblivet paket ({order}). Utredning hos fraktbolag öppnad.
Identitet kontrollerad (postnummer + sista 4 siffror i kortet {last4}).
Återbetalning på {amount} godkänd av teamledare.
Kunden ber oss bortse från tidigare adressändring; ursprunglig adress kvar.
Lösenordsåterställning skickad; uppmanad att byta vid första inloggning.
Påmint kunden om att aldrig dela verifieringskoder.
Vidarebefordrat till ekonomi p.g.a. dubbeldragning.
Order {order} avbruten på kundens begäran, {order2} skapad.
Kund missnöjd med chattbotens svar om garanti; förtydligat.
Återkoppling bokad {date} kl. {time}.""",
    callr="""paket ej mottaget
dubbeldragning
låst konto
uppsägning av prenumeration
skadad vara""",
    greet_f="""Till kundtjänst,
Hej,""",
    close_f="""Med vänlig hälsning,\\n{name}
Vänligen,\\n{name}""",
    complaint="""Jag vill härmed framföra ett formellt klagomål angående order {order}.
Det här är fjärde gången jag kontaktar er om samma problem.
Er handläggare lovade att ringa tillbaka inom 24 timmar, men ingen ringde.
Jag satt i telefonkö i 50 minuter innan samtalet bröts.""",
    demand="""Jag kräver full återbetalning av {amount} inom 14 dagar.
Om detta inte är löst före {date} vänder jag mig till ARN.
Jag vill ha en skriftlig förklaring och kompensation för besväret.""",
    rev_tp="""Bra köp
Precis som beskrivet
Prisvärd""",
    rev_tn="""Besviken
Gick sönder efter en månad
Köp inte""",
    rev_pos="""Kom tidigare än utlovat och var väl förpackad.
Monterad på fem minuter och fungerar perfekt.
Hade ett problem och kundtjänst bytte utan krångel.
Batteriet räcker hela dagen.
Känns välbyggd.""",
    rev_neg="""Slutade ladda efter tre veckor.
Kom med ett trasigt hörn och returen var krånglig.
Chattboten kunde inte svara på något, väntade två dagar på en människa.
Mycket mindre än på bilderna.
Dubbeldebiterad, tre mejl innan jag fick pengarna tillbaka.""",
    survey="""Handläggaren var trevlig men jag fick förklara problemet tre gånger.
Snabbt och enkelt, återbetalning samma dag.
Gör telefonnumret lättare att hitta på webbplatsen.
Chattboten var värdelös, jag ville prata med en människa.
Inget att förbättra, {agent} var toppen.
För lång kö i telefon.
Mejlen för lösenordsåterställning kommer för sent.
Mycket nöjd med leveransen.""",
    surveyq="""Vad kan vi göra bättre?
Hur nöjd är du med vår service?""",
    faq="""Hur återställer jag mitt lösenord? || Klicka på ”Glömt lösenord” på inloggningssidan; länken gäller i 30 minuter.
Kommer ni någonsin att be om min verifieringskod? || Nej. Vi ber aldrig om din kod, ditt lösenord eller hela kortnumret. Dela dem inte med någon.
Hur lång tid tar en återbetalning? || Inom 5 bankdagar efter att vi tagit emot returen. Banken kan behöva 3–5 dagar till.
Kan jag ändra adressen efter beställning? || Ja, så länge ordern inte har skickats: Mina ordrar > Ändra adress.
Varför är mitt konto låst? || Kontot låses automatiskt efter flera misslyckade inloggningar. Återställ lösenordet för att låsa upp det.""",
    faq_tip="""Behöver du hjälp? Chatten är öppen 8–20.
Du kan också ringa {phone}.""",
    cgreet="""Hej, du chattar med {agent}. Vad kan jag hjälpa till med?
Hej! {agent} från kundtjänst här.""",
    short="""ok tack, nu funkar det
perfekt, det var allt
funkar fortfarande inte
tusen tack""",
    aclose="""Varsågod! Något mer jag kan hjälpa till med?
Tack för att du hörde av dig, ha en fin dag.""",
    apsubj="""Vi ber om ursäkt för order {order}
Förlåt""",
    apology="""Vi ber verkligen om ursäkt för förseningen av din order {order}.
Förlåt för besväret detta har orsakat.
Dubbeldragningen borde aldrig ha hänt, jag ber om ursäkt för felet.
Vi beklagar att vår chattbot gav dig felaktig information.
Som kompensation har vi satt in {amount} i tillgodo på ditt konto.
Vi vidtar åtgärder så att det inte händer igen.""",
)

RU = dict(
    names="Анна Дмитрий Мария Алексей Екатерина Сергей Ольга Иван Наталья Павел Татьяна Андрей Юлия Михаил Елена Артём",
    products="беспроводные наушники|кофемашина|робот-пылесос|офисное кресло|монитор 4K|аэрогриль|туристический рюкзак|годовая подписка|электросамокат|матрас",
    cur="N ₽", dec=",", thou=" ", datefmt="dmy_dot", iban_cc="RU", scale=90,
    lab="""subject=Тема
ticket=Обращение
priority=Приоритет
category=Категория
desc=Описание
order=Заказ
prios=Низкий|Обычный|Высокий|Срочно
cats=Оплата|Доставка|Доступ к аккаунту|Возвраты|Техническая проблема
orig=-----Исходное сообщение-----
from=От
sent=Отправлено
to=Кому
wrote={date}, {name} <{email}> пишет:
customer=Клиент
agent=Оператор
caller=Звонящий
reason=Причина обращения
outcome=Результат
inbound=Входящий звонок в
followup=Повторный контакт
rating=Оценка
q=В
a=О""",
    subj="""Заказ {order} не доставлен
Не пришёл возврат денег
Двойное списание
Не могу войти в аккаунт
Смена адреса доставки
Исправление к моему прошлому письму""",
    greet_c="""Здравствуйте!
Добрый день,
Уважаемая служба поддержки,""",
    sign_c="""Спасибо,\\n{name}
С уважением,\\n{name}
С уважением,\\n{name}\\nтел. {phone}""",
    greet_a="""Здравствуйте, {name}!
Добрый день, {name}.
{name}, здравствуйте!""",
    sign_a="""С уважением,\\n{agent}\\nСлужба поддержки
Всего доброго,\\n{agent} | Финансовый отдел
Спасибо,\\n{agent}""",
    ropen="""Спасибо, что написали нам по поводу заказа {order}.
Сожалею, что у вас возникли проблемы с товаром «{product}».
Я проверил(а) ваш аккаунт, вот что я вижу.""",
    issue="""Я оформил(а) заказ {date} ({order}), а он до сих пор не пришёл.
С карты дважды списали по {amount} за заказ {order}.
Не могу войти в аккаунт, система показывает ошибку «сессия истекла».
Пожалуйста, не обращайте внимания на моё предыдущее письмо, правильный адрес: ул. Лесная, д. 12, кв. 45.
Я трижды пытался сбросить пароль, но ссылка не приходит.
Мой аккаунт заблокирован со вчерашнего дня.
Ваш чат-бот сказал, что деньги вернут за два дня, прошло уже две недели.
Товар «{product}» перестал работать через две недели.
Я вернул(а) товар {date}, но {amount} так и не получил(а).
Как администратор я больше не вижу счета других пользователей компании.
В заказе {order} не хватает одного товара.
Хочу поменять счёт для автоплатежа, новый IBAN: {iban}.""",
    ask="""Проверьте, пожалуйста, что случилось.
Пожалуйста, отмените предыдущий заказ и отправьте новый.
Можете переслать это в бухгалтерию?
Срочно: одобрите, пожалуйста, возврат, деньги нужны до конца месяца.
Перезвоните мне, пожалуйста, по номеру {phone}.
Прошу вернуть полную сумму.
Фото, которое я прислал раньше, не учитывайте, прикладываю правильное.
Пришлите, пожалуйста, этикетку для возврата.""",
    resp="""Я сбросил(а) ваш пароль, пожалуйста, смените его при первом входе.
Никому не сообщайте одноразовый код — мы никогда его не запрашиваем.
Ваш аккаунт был заблокирован после нескольких неудачных попыток входа; я его разблокировал(а).
Я оформил(а) возврат {amount} на исходный способ оплаты, срок зачисления 3–5 рабочих дней.
Я передал(а) ваш запрос в бухгалтерию, ответ будет в течение 48 часов.
Я отменил(а) предыдущий заказ и создал(а) новый, {order2}, с исправленным адресом.
Этикетка для бесплатного возврата отправлена на {email}.
Приносим извинения: наш чат-бот ошибся, срок возврата — 30 дней.
Второе списание — это временная блокировка средств, она снимется в течение {days} дней.
В целях безопасности мы не меняем банковские реквизиты по почте; сделайте это в разделе Профиль > Оплата.
Сегодня отправим вам замену — «{product}».
Я открыл(а) претензию в службе доставки.""",
    fwd="""Пересылаю тебе, {agent}: пусть бухгалтерия посмотрит, двойное списание.
К сведению, ниже письмо клиента. Можешь одобрить возврат? Это выше моего лимита.
Передаю тебе, это гарантийный случай. Спасибо!""",
    follow="""Здравствуйте, есть новости? Я всё ещё жду.
Пишу повторно, так как ответа не получил(а).
Извините, не обращайте внимания на мой последний ответ, я отправил(а) его до вашего письма.""",
    chat="""можешь согласовать заявку на закупку? это новые гарнитуры, {amount}
игнорируй последнее сообщение, не тот канал 🙈
кто знает, почему виснет инструмент возвратов?
@{agent} клиент из обращения {ticket} снова звонит, возьмёшь?
внимание: сбой у платёжного провайдера, оплаты не проходят
сбросил клиенту пароль, сказал сменить при первом входе
система выдаёт ошибку при открытии CRM, это только у меня?
не вставляйте сюда номера карт, используйте защищённые заметки
скиньте, пожалуйста, новую политику возвратов
клиент говорит, что чат-бот пообещал бесплатную доставку, делаем?
кто дежурит по оплатам в выходные?
спасибо, что подменил(а) вчера!""",
    chat_reply="""готово ✅
беру
5 минут
согласовано
у меня тоже""",
    note="""Клиент звонил по поводу недоставленного заказа {order}. Открыта претензия в службе доставки.
Личность подтверждена (индекс + последние 4 цифры карты {last4}).
Возврат {amount} одобрен руководителем.
Клиент просит не учитывать прежнюю смену адреса; оставлен исходный.
Отправлена ссылка для сброса пароля; рекомендовано сменить при первом входе.
Напомнили клиенту никому не сообщать коды подтверждения.
Передано в бухгалтерию: двойное списание.
Заказ {order} отменён по просьбе клиента, создан {order2}.
Клиент недоволен ответом чат-бота о гарантии; разъяснено.
Перезвон назначен на {date} в {time}.""",
    callr="""посылка не получена
двойное списание
аккаунт заблокирован
отказ от подписки
повреждённый товар""",
    greet_f="""Уважаемые господа!
Руководителю службы поддержки""",
    close_f="""С уважением,\\n{name}
Жду ответа.\\n{name}""",
    complaint="""Настоящим подаю официальную жалобу по заказу {order}.
Я обращаюсь к вам по этому вопросу уже в четвёртый раз.
Ваш сотрудник обещал перезвонить в течение суток, но никто не позвонил.
Я провисел(а) на линии 50 минут, после чего звонок оборвался.""",
    demand="""Прошу вернуть полную сумму {amount} в течение 14 дней.
Если вопрос не будет решён до {date}, я обращусь в Роспотребнадзор.
Прошу письменных объяснений и компенсации за неудобства.""",
    rev_tp="""Отличная покупка
Соответствует описанию
Цена/качество на высоте""",
    rev_tn="""Разочарован(а)
Сломался через месяц
Не рекомендую""",
    rev_pos="""Пришло раньше срока, упаковано отлично.
Собрал(а) за пять минут, работает идеально.
Была проблема, поддержка заменила без вопросов.
Батареи хватает на весь день.
Качество сборки хорошее.""",
    rev_neg="""Через три недели перестал заряжаться.
Пришёл со сколотым углом, возврат — сплошная морока.
Чат-бот ни на что не ответил, живого оператора ждал(а) два дня.
Гораздо меньше, чем на фото.
Списали деньги дважды, вернули только после трёх писем.""",
    survey="""Оператор была вежливой, но пришлось трижды объяснять проблему.
Быстро и просто, деньги вернули в тот же день.
Сделайте номер телефона заметнее на сайте.
Чат-бот бесполезен, хотелось поговорить с человеком.
Улучшать нечего, {agent} молодец.
Слишком долго ждал(а) на линии.
Письма для сброса пароля приходят с большой задержкой.
Доставкой очень доволен(льна).""",
    surveyq="""Что нам улучшить?
Как вы оцениваете работу поддержки?""",
    faq="""Как сбросить пароль? || Нажмите «Забыли пароль?» на странице входа; ссылка действует 30 минут.
Вы будете спрашивать мой код подтверждения? || Нет. Мы никогда не запрашиваем код, пароль или полный номер карты. Никому их не сообщайте.
Сколько занимает возврат денег? || Возврат оформляется в течение 5 рабочих дней после получения товара. Банку может понадобиться ещё 3–5 дней.
Можно изменить адрес после оформления заказа? || Да, пока заказ не отправлен: Мои заказы > Изменить адрес.
Почему мой аккаунт заблокирован? || После нескольких неудачных попыток входа аккаунт блокируется автоматически. Сбросьте пароль, чтобы разблокировать его.""",
    faq_tip="""Нужна помощь? Чат работает с 9 до 21.
Также можно позвонить по номеру {phone}.""",
    cgreet="""Здравствуйте, меня зовут {agent}. Чем могу помочь?
Добрый день! {agent}, служба поддержки.""",
    short="""ок, спасибо, заработало
отлично, это всё
всё равно не работает
большое спасибо""",
    aclose="""Пожалуйста! Могу ещё чем-нибудь помочь?
Спасибо за обращение, хорошего дня.""",
    apsubj="""Приносим извинения за заказ {order}
Простите нас""",
    apology="""Приносим искренние извинения за задержку заказа {order}.
Просим прощения за доставленные неудобства.
Двойного списания не должно было быть, извините за ошибку.
Сожалеем, что наш чат-бот дал вам неверную информацию.
В качестве компенсации мы начислили на ваш счёт {amount}.
Мы принимаем меры, чтобы это не повторилось.""",
)

UK = dict(
    names="Олена Андрій Наталія Тарас Ірина Богдан Оксана Максим Софія Дмитро Юлія Остап Марія Василь Катерина Роман",
    products="бездротові навушники|кавоварка|робот-пилосос|офісне крісло|монітор 4K|аерогриль|туристичний рюкзак|річна підписка|електросамокат|матрац",
    cur="N грн", dec=",", thou=" ", datefmt="dmy_dot", iban_cc="UA", scale=40,
    lab="""subject=Тема
ticket=Звернення
priority=Пріоритет
category=Категорія
desc=Опис
order=Замовлення
prios=Низький|Звичайний|Високий|Терміново
cats=Оплата|Доставка|Доступ до акаунта|Повернення|Технічна проблема
orig=-----Оригінальне повідомлення-----
from=Від
sent=Надіслано
to=Кому
wrote={date} {name} <{email}> пише:
customer=Клієнт
agent=Оператор
caller=Абонент
reason=Причина звернення
outcome=Результат
inbound=Вхідний дзвінок о
followup=Повторний контакт
rating=Оцінка
q=П
a=В""",
    subj="""Замовлення {order} не доставлено
Не повернули кошти
Подвійне списання
Не можу увійти в акаунт
Зміна адреси доставки
Виправлення до мого попереднього листа""",
    greet_c="""Добрий день!
Вітаю,
Шановна службо підтримки,""",
    sign_c="""Дякую,\\n{name}
З повагою,\\n{name}
З повагою,\\n{name}\\nтел. {phone}""",
    greet_a="""Добрий день, {name}!
Вітаю, {name}.
{name}, доброго дня!""",
    sign_a="""З повагою,\\n{agent}\\nСлужба підтримки
Гарного дня,\\n{agent} | Фінансовий відділ
Дякую,\\n{agent}""",
    ropen="""Дякуємо, що звернулися щодо замовлення {order}.
Шкода, що виникли проблеми з товаром «{product}».
Я перевірив(ла) ваш акаунт, ось що бачу.""",
    issue="""Я зробив(ла) замовлення {date} ({order}), а воно досі не прийшло.
З картки двічі списали по {amount} за замовлення {order}.
Не можу увійти, система показує помилку «сесія завершилася».
Будь ласка, не зважайте на мій попередній лист, правильна адреса: вул. Садова, 12, кв. 7.
Я тричі намагався скинути пароль, але посилання не приходить.
Мій акаунт заблоковано з учорашнього дня.
Ваш чат-бот сказав, що гроші повернуть за два дні, а минуло вже два тижні.
Товар «{product}» перестав працювати через два тижні.
Я повернув(ла) товар {date}, але {amount} досі не отримав(ла).
Як адміністратор я більше не бачу рахунків інших користувачів компанії.
У замовленні {order} бракує одного товару.
Хочу змінити рахунок для автосписання, новий IBAN: {iban}.""",
    ask="""Перевірте, будь ласка, що сталося.
Будь ласка, скасуйте попереднє замовлення і надішліть нове.
Можете переслати це до бухгалтерії?
Терміново: погодьте, будь ласка, повернення, гроші потрібні до кінця місяця.
Передзвоніть мені, будь ласка, на {phone}.
Прошу повернути всю суму.
Фото, яке я надіслав раніше, не враховуйте, додаю правильне.
Надішліть, будь ласка, етикетку для повернення.""",
    resp="""Я скинув(ла) ваш пароль, будь ласка, змініть його під час першого входу.
Нікому не повідомляйте одноразовий код — ми ніколи його не запитуємо.
Ваш акаунт заблокувався після кількох невдалих спроб входу; я його розблокував(ла).
Я оформив(ла) повернення {amount} на вихідний спосіб оплати, зарахування 3–5 робочих днів.
Я передав(ла) ваш запит до бухгалтерії, відповідь буде протягом 48 годин.
Я скасував(ла) попереднє замовлення і створив(ла) нове, {order2}, з виправленою адресою.
Етикетку для безкоштовного повернення надіслано на {email}.
Перепрошуємо: наш чат-бот помилився, строк повернення — 30 днів.
Друге списання — це тимчасове блокування коштів, воно зникне протягом {days} днів.
З міркувань безпеки ми не змінюємо банківські реквізити листом; зробіть це в розділі Профіль > Оплата.
Сьогодні відправимо вам заміну — «{product}».
Я відкрив(ла) претензію у службі доставки.""",
    fwd="""Пересилаю тобі, {agent}: хай бухгалтерія гляне, подвійне списання.
До відома, нижче лист клієнта. Можеш погодити повернення? Це понад мій ліміт.
Передаю тобі, це гарантійний випадок. Дякую!""",
    follow="""Добрий день, є новини? Я досі чекаю.
Пишу повторно, бо відповіді не отримав(ла).
Вибачте, не зважайте на мою останню відповідь, я надіслав(ла) її до вашого листа.""",
    chat="""можеш погодити заявку на закупівлю? це нові гарнітури, {amount}
ігноруй останнє повідомлення, не той канал 🙈
хтось знає, чому зависає інструмент повернень?
@{agent} клієнт зі звернення {ticket} знову дзвонить, візьмеш?
увага: збій у платіжного провайдера, оплати не проходять
скинув клієнтці пароль, сказав змінити при першому вході
система видає помилку, коли відкриваю CRM, це тільки в мене?
не вставляйте сюди номери карток, користуйтеся захищеними нотатками
скиньте, будь ласка, нову політику повернень
клієнт каже, що чат-бот пообіцяв безкоштовну доставку, робимо?
хто чергує по оплатах на вихідних?
дякую, що підмінив(ла) вчора!""",
    chat_reply="""готово ✅
беру
5 хв
погоджено
у мене теж""",
    note="""Клієнт телефонував щодо недоставленого замовлення {order}. Відкрито претензію у службі доставки.
Особу підтверджено (індекс + останні 4 цифри картки {last4}).
Повернення {amount} погоджено керівником.
Клієнт просить не враховувати попередню зміну адреси; залишено початкову.
Надіслано посилання для скидання пароля; порадили змінити при першому вході.
Нагадали клієнту нікому не повідомляти коди підтвердження.
Передано до бухгалтерії: подвійне списання.
Замовлення {order} скасовано на прохання клієнта, створено {order2}.
Клієнт незадоволений відповіддю чат-бота щодо гарантії; роз'яснено.
Повторний дзвінок призначено на {date} о {time}.""",
    callr="""посилку не отримано
подвійне списання
акаунт заблоковано
відмова від підписки
пошкоджений товар""",
    greet_f="""Шановні пані та панове!
Керівнику служби підтримки""",
    close_f="""З повагою,\\n{name}
Чекаю на відповідь.\\n{name}""",
    complaint="""Цим листом подаю офіційну скаргу щодо замовлення {order}.
Я звертаюся до вас із цього питання вже вчетверте.
Ваш працівник обіцяв передзвонити протягом доби, але ніхто не подзвонив.
Я чекав(ла) на лінії 50 хвилин, після чого дзвінок обірвався.""",
    demand="""Прошу повернути всю суму {amount} протягом 14 днів.
Якщо питання не буде вирішено до {date}, я звернуся до Держпродспоживслужби.
Прошу письмових пояснень і компенсації за незручності.""",
    rev_tp="""Чудова покупка
Відповідає опису
Ціна/якість супер""",
    rev_tn="""Розчарований(а)
Зламався через місяць
Не раджу""",
    rev_pos="""Прийшло раніше строку, упаковано добре.
Зібрав(ла) за п'ять хвилин, працює ідеально.
Була проблема, підтримка замінила без питань.
Батареї вистачає на цілий день.
Якість збирання хороша.""",
    rev_neg="""Через три тижні перестав заряджатися.
Прийшов з відбитим кутом, повернення — суцільний клопіт.
Чат-бот ні на що не відповів, живого оператора чекав(ла) два дні.
Набагато менший, ніж на фото.
Гроші списали двічі, повернули тільки після трьох листів.""",
    survey="""Операторка була ввічлива, але довелося тричі пояснювати проблему.
Швидко і просто, гроші повернули того ж дня.
Зробіть номер телефону помітнішим на сайті.
Чат-бот марний, хотілося поговорити з людиною.
Покращувати нічого, {agent} молодець.
Надто довго чекав(ла) на лінії.
Листи для скидання пароля приходять із великою затримкою.
Доставкою дуже задоволений(а).""",
    surveyq="""Що нам покращити?
Як ви оцінюєте роботу підтримки?""",
    faq="""Як скинути пароль? || Натисніть «Забули пароль?» на сторінці входу; посилання дійсне 30 хвилин.
Ви питатимете мій код підтвердження? || Ні. Ми ніколи не запитуємо код, пароль чи повний номер картки. Нікому їх не повідомляйте.
Скільки триває повернення коштів? || Повернення оформлюємо протягом 5 робочих днів після отримання товару. Банку може знадобитися ще 3–5 днів.
Чи можна змінити адресу після замовлення? || Так, поки замовлення не відправлено: Мої замовлення > Змінити адресу.
Чому мій акаунт заблоковано? || Після кількох невдалих спроб входу акаунт блокується автоматично. Скиньте пароль, щоб розблокувати його.""",
    faq_tip="""Потрібна допомога? Чат працює з 9 до 21.
Також можна зателефонувати на {phone}.""",
    cgreet="""Вітаю, мене звати {agent}. Чим можу допомогти?
Добрий день! {agent}, служба підтримки.""",
    short="""ок, дякую, запрацювало
чудово, це все
однаково не працює
щиро дякую""",
    aclose="""Будь ласка! Можу ще чимось допомогти?
Дякуємо за звернення, гарного дня.""",
    apsubj="""Перепрошуємо за замовлення {order}
Вибачте нам""",
    apology="""Щиро перепрошуємо за затримку замовлення {order}.
Просимо вибачення за завдані незручності.
Подвійного списання не мало статися, вибачте за помилку.
Шкодуємо, що наш чат-бот надав вам неправильну інформацію.
Як компенсацію ми нарахували на ваш рахунок {amount}.
Ми вживаємо заходів, щоб це не повторилося.""",
)

PL = dict(
    names="Anna Piotr Katarzyna Tomasz Magdalena Michał Agnieszka Paweł Joanna Krzysztof Ewa Marcin Zofia Jakub Aleksandra Łukasz",
    products="słuchawki bezprzewodowe|ekspres do kawy|robot sprzątający|krzesło biurowe|monitor 4K|frytkownica beztłuszczowa|plecak trekkingowy|subskrypcja roczna|hulajnoga elektryczna|materac",
    cur="N zł", dec=",", thou=" ", datefmt="dmy_dot", iban_cc="PL", scale=4,
    lab="""subject=Temat
ticket=Zgłoszenie
priority=Priorytet
category=Kategoria
desc=Opis
order=Zamówienie
prios=Niski|Normalny|Wysoki|Pilny
cats=Płatności|Dostawa|Dostęp do konta|Zwroty|Problem techniczny
orig=-----Wiadomość oryginalna-----
from=Od
sent=Wysłano
to=Do
wrote=W dniu {date} {name} <{email}> napisał(a):
customer=Klient
agent=Konsultant
caller=Dzwoniący
reason=Powód kontaktu
outcome=Wynik
inbound=Połączenie przychodzące o
followup=Kontakt zwrotny
rating=Ocena
q=P
a=O""",
    subj="""Zamówienie {order} nie dotarło
Brak zwrotu pieniędzy
Podwójne obciążenie karty
Nie mogę się zalogować
Zmiana adresu dostawy
Poprawka do mojego poprzedniego maila""",
    greet_c="""Dzień dobry,
Witam,
Szanowni Państwo,""",
    sign_c="""Dziękuję,\\n{name}
Pozdrawiam,\\n{name}
Z poważaniem,\\n{name}\\ntel. {phone}""",
    greet_a="""Dzień dobry, {name},
Witam, {name},
Pani/Panie {name},""",
    sign_a="""Pozdrawiam,\\n{agent}\\nObsługa Klienta
Z poważaniem,\\n{agent} | Dział rozliczeń
Dziękuję,\\n{agent}""",
    ropen="""Dziękujemy za kontakt w sprawie zamówienia {order}.
Przykro mi, że są problemy z produktem: {product}.
Sprawdziłem(-am) Pani/Pana konto i oto co widzę.""",
    issue="""Złożyłem(-am) zamówienie {date} ({order}) i nadal nic nie dotarło.
Karta została obciążona dwa razy za zamówienie {order}, po {amount}.
Nie mogę się zalogować, system pokazuje błąd „sesja wygasła”.
Proszę zignorować mój poprzedni e-mail, prawidłowy adres to ul. Polna 12/4.
Trzy razy próbowałem(-am) zresetować hasło, ale link nie przychodzi.
Moje konto jest zablokowane od wczoraj.
Wasz chatbot napisał, że zwrot zajmie dwa dni, a minęły już dwa tygodnie.
{product} przestał(a) działać po dwóch tygodniach.
Odesłałem(-am) paczkę {date} i nadal nie dostałem(-am) zwrotu {amount}.
Jako administrator nie widzę już faktur innych użytkowników firmy.
W zamówieniu {order} brakuje jednego produktu.
Chcę zmienić konto do polecenia zapłaty, nowy IBAN: {iban}.""",
    ask="""Czy mogą Państwo sprawdzić, co się stało?
Proszę anulować poprzednie zamówienie i wysłać nowe.
Czy mogą Państwo przekazać to do działu rozliczeń?
Pilne: proszę zatwierdzić mój zwrot, potrzebuję pieniędzy do końca miesiąca.
Proszę o telefon pod numer {phone}.
Proszę o zwrot całej kwoty.
Proszę zignorować wcześniejsze zdjęcie, w załączniku właściwe.
Czy mogą Państwo przesłać etykietę zwrotną?""",
    resp="""Zresetowałem(-am) hasło, proszę je zmienić przy pierwszym logowaniu.
Proszę nikomu nie podawać kodu jednorazowego – nigdy o niego nie prosimy.
Konto zostało zablokowane po kilku nieudanych próbach logowania; już je odblokowałem(-am).
Zleciłem(-am) zwrot {amount} na pierwotną metodę płatności, potrwa to 3–5 dni roboczych.
Przekazałem(-am) sprawę do działu rozliczeń, odpowiedź w ciągu 48 godzin.
Anulowałem(-am) poprzednie zamówienie i utworzyłem(-am) nowe, {order2}, z poprawionym adresem.
Etykieta zwrotna została wysłana na {email}.
Przepraszam, że nasz chatbot wprowadził Panią/Pana w błąd – na zwrot jest 30 dni.
Drugie obciążenie to blokada autoryzacyjna, zniknie w ciągu {days} dni.
Ze względów bezpieczeństwa nie zmieniamy danych bankowych mailowo; proszę to zrobić w Konto > Płatności.
Dziś wyślemy nowy egzemplarz: {product}.
Otworzyłem(-am) reklamację u przewoźnika.""",
    fwd="""Przesyłam dalej, {agent} – może rozliczenia zerkną? Podwójne obciążenie.
Do wiadomości, mail klienta poniżej. Zatwierdzisz zwrot? Przekracza mój limit.
Przekazuję Ci tę sprawę, to gwarancja. Dzięki!""",
    follow="""Dzień dobry, czy jest coś nowego? Nadal czekam.
Piszę ponownie, bo nie dostałem(-am) odpowiedzi.
Przepraszam, proszę zignorować moją ostatnią odpowiedź, wysłałem(-am) ją przed Państwa mailem.""",
    chat="""możesz mi zatwierdzić zamówienie zakupowe? nowe słuchawki, {amount}
zignoruj ostatnią wiadomość, zły kanał 🙈
ktoś wie, czemu narzędzie do zwrotów się wiesza?
@{agent} klient ze zgłoszenia {ticket} znowu dzwoni, weźmiesz?
uwaga: awaria u operatora płatności, transakcje nie przechodzą
zresetowałem klientce hasło i powiedziałem, żeby zmieniła przy pierwszym logowaniu
system wyrzuca błąd przy otwieraniu CRM, tylko u mnie?
nie wklejajcie tu numerów kart, używajcie bezpiecznych notatek
podeśle ktoś nową politykę zwrotów?
klient mówi, że chatbot obiecał darmową dostawę, uznajemy?
kto ma dyżur od płatności w weekend?
dzięki za zastępstwo wczoraj!""",
    chat_reply="""zrobione ✅
biorę
5 min
zatwierdzone
u mnie też""",
    note="""Klient dzwoni w sprawie niedostarczonej paczki ({order}). Otwarta reklamacja u przewoźnika.
Tożsamość zweryfikowana (kod pocztowy + 4 ostatnie cyfry karty {last4}).
Zwrot {amount} zatwierdzony przez kierownika.
Klient prosi o zignorowanie wcześniejszej zmiany adresu; pozostawiono pierwotny.
Wysłano reset hasła; zalecono zmianę przy pierwszym logowaniu.
Przypomniano klientowi, by nigdy nie podawał kodów weryfikacyjnych.
Przekazano do rozliczeń: podwójne obciążenie.
Zamówienie {order} anulowane na prośbę klienta, utworzono {order2}.
Klient niezadowolony z odpowiedzi chatbota o gwarancji; wyjaśniono.
Oddzwonienie zaplanowane na {date}, godz. {time}.""",
    callr="""niedostarczona paczka
podwójne obciążenie
zablokowane konto
rezygnacja z subskrypcji
uszkodzony produkt""",
    greet_f="""Szanowni Państwo,
Do Kierownika Działu Obsługi Klienta""",
    close_f="""Z poważaniem,\\n{name}
Oczekuję na odpowiedź.\\n{name}""",
    complaint="""Niniejszym składam reklamację dotyczącą zamówienia {order}.
To już czwarty raz, kiedy kontaktuję się w tej samej sprawie.
Konsultant obiecał oddzwonić w ciągu 24 godzin, ale nikt nie zadzwonił.
Czekałem(-am) na linii 50 minut, po czym połączenie zostało przerwane.""",
    demand="""Żądam zwrotu pełnej kwoty {amount} w ciągu 14 dni.
Jeśli sprawa nie zostanie rozwiązana do {date}, zwrócę się do rzecznika konsumentów.
Proszę o pisemne wyjaśnienie i rekompensatę.""",
    rev_tp="""Świetny zakup
Zgodny z opisem
Dobra cena do jakości""",
    rev_tn="""Rozczarowanie
Zepsuł się po miesiącu
Nie polecam""",
    rev_pos="""Przyszło przed czasem i dobrze zapakowane.
Złożenie zajęło pięć minut, działa bez zarzutu.
Miałem(-am) problem, obsługa wymieniła bez dyskusji.
Bateria wystarcza na cały dzień.
Solidne wykonanie.""",
    rev_neg="""Po trzech tygodniach przestał się ładować.
Przyszedł z ukruszonym rogiem, a zwrot to była droga przez mękę.
Chatbot nic nie wiedział, na człowieka czekałem(-am) dwa dni.
Dużo mniejszy niż na zdjęciach.
Pobrali pieniądze dwa razy, zwrot dopiero po trzech mailach.""",
    survey="""Konsultantka była miła, ale musiałem(-am) trzy razy tłumaczyć problem.
Szybko i sprawnie, zwrot tego samego dnia.
Numer telefonu powinien być bardziej widoczny na stronie.
Chatbot był bezużyteczny, chciałem(-am) porozmawiać z człowiekiem.
Nic do poprawy, {agent} był(a) super.
Za długo czekałem(-am) na połączenie.
Maile do resetu hasła przychodzą za późno.
Bardzo zadowolony(-a) z dostawy.""",
    surveyq="""Co możemy poprawić?
Jak oceniasz kontakt z obsługą?""",
    faq="""Jak zresetować hasło? || Kliknij „Nie pamiętam hasła” na stronie logowania; link jest ważny 30 minut.
Czy poprosicie mnie o kod weryfikacyjny? || Nie. Nigdy nie prosimy o kod, hasło ani pełny numer karty. Nie podawaj ich nikomu.
Ile trwa zwrot pieniędzy? || Zwrot zlecamy do 5 dni roboczych od otrzymania paczki. Bank może potrzebować kolejnych 3–5 dni.
Czy mogę zmienić adres po złożeniu zamówienia? || Tak, dopóki zamówienie nie zostało wysłane: Moje zamówienia > Zmień adres.
Dlaczego moje konto jest zablokowane? || Po kilku nieudanych próbach logowania konto blokuje się automatycznie. Zresetuj hasło, aby je odblokować.""",
    faq_tip="""Potrzebujesz pomocy? Czat działa od 8 do 20.
Możesz też zadzwonić pod {phone}.""",
    cgreet="""Dzień dobry, z tej strony {agent}. W czym mogę pomóc?
Cześć! {agent} z obsługi klienta.""",
    short="""ok, dzięki, działa
super, to wszystko
dalej nie działa
bardzo dziękuję""",
    aclose="""Nie ma za co! Czy mogę jeszcze w czymś pomóc?
Dziękujemy za kontakt, miłego dnia.""",
    apsubj="""Przepraszamy za zamówienie {order}
Przepraszamy""",
    apology="""Bardzo przepraszamy za opóźnienie zamówienia {order}.
Przepraszamy za wszelkie niedogodności.
Podwójne obciążenie nie powinno się zdarzyć, przepraszam za błąd.
Przykro nam, że nasz chatbot podał błędne informacje.
W ramach rekompensaty dodaliśmy {amount} do salda konta.
Podejmujemy kroki, aby to się nie powtórzyło.""",
)

LANGS = {"it": IT, "nl": NL, "sv": SV, "ru": RU, "uk": UK, "pl": PL}
