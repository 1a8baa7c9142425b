"""Hand-written fragments (es, fr, de, pt) for legit_office.py (training data only)."""

D = {}

D["es"] = {
    "legal_clause": dict(
        head=["Cláusula 12. Acuerdo íntegro.", "Cláusula séptima – Confidencialidad", "14. Ley aplicable y jurisdicción",
              "Cláusula 9.2 – Limitación de responsabilidad"],
        body=[
            "El presente Contrato constituye el acuerdo íntegro entre las partes y sustituye cualquier acuerdo, negociación o entendimiento anterior, verbal o escrito, relativo a su objeto.",
            "Cada parte se obliga a mantener la confidencialidad de la información recibida de la otra y a no revelarla a terceros sin su consentimiento previo por escrito.",
            "La obligación de confidencialidad subsistirá durante {n} años tras la terminación del Contrato.",
            "El presente Contrato se regirá por la legislación española y las partes se someten a los Juzgados y Tribunales de {city}.",
            "Si alguna estipulación fuera declarada nula, se tendrá por no puesta, sin que ello afecte a la validez de las restantes.",
            "Ninguna de las partes podrá ceder sus derechos sin el consentimiento previo y por escrito de la otra parte.",
            "Los retrasos en el pago devengarán un interés de demora del {pct} % anual.",
            "Los títulos de las cláusulas tienen carácter meramente orientativo y no se tendrán en cuenta para su interpretación.",
            "Cualquiera de las partes podrá resolver el Contrato mediante preaviso escrito de {days} días.",
        ]),
    "contract": dict(
        head=["CONTRATO DE PRESTACIÓN DE SERVICIOS", "Contrato de arrendamiento – Local {room}", "Pedido de compra {ref}"],
        body=[
            "En {city}, a {date}, REUNIDOS de una parte {org} y de otra parte {org2}.",
            "El precio total de los servicios asciende a {amount}, IVA no incluido.",
            "El pago se realizará mediante transferencia a la cuenta {iban}, en un plazo de {days} días desde la fecha de factura.",
            "Cualquier modificación de los datos bancarios del proveedor deberá comunicarse por escrito y confirmarse por teléfono antes de su aplicación.",
            "El presente contrato sustituye a la carta de intenciones firmada el {date2}.",
            "La renta mensual será de {amount} y se abonará por adelantado dentro de los cinco primeros días de cada mes.",
            "El proveedor deberá cumplir la política de seguridad de la información del cliente.",
            "Y en prueba de conformidad, firman el presente documento por duplicado en el lugar y fecha indicados.",
            "Las horas extraordinarias solo se facturarán si han sido aprobadas previamente por el responsable del proyecto, {name}.",
        ]),
    "policy_terms": dict(
        head=["Política de viajes y gastos", "Condiciones de uso", "Política de contraseñas", "Uso de herramientas de IA"],
        body=[
            "A partir del {date}, esta política sustituye a la versión anterior, que queda sin efecto.",
            "Todos los gastos deben presentarse en un plazo de {days} días con los justificantes correspondientes.",
            "No compartas tu contraseña con nadie; el departamento de TI nunca te la pedirá.",
            "Las compras superiores a {amount} requieren tres presupuestos y la aprobación del responsable del presupuesto.",
            "El personal puede utilizar los asistentes de IA autorizados para redactar borradores, pero no debe introducir en ellos datos de clientes.",
            "Los vuelos de menos de seis horas se reservarán en clase turista.",
            "Puede devolver los productos en un plazo de {days} días desde la entrega.",
            "Por favor, ignore la tabla de dietas publicada en enero; la nueva tabla figura en el anexo B.",
            "El incumplimiento de esta política puede dar lugar a medidas disciplinarias.",
        ]),
    "privacy_notice": dict(
        head=["Aviso de privacidad", "Información sobre protección de datos", "Política de cookies"],
        body=[
            "{org} es el responsable del tratamiento de sus datos personales.",
            "Tratamos sus datos para gestionar la relación contractual y cumplir nuestras obligaciones legales.",
            "Conservaremos sus datos durante {n} años tras la finalización de la relación.",
            "Puede ejercer sus derechos de acceso, rectificación, supresión y oposición escribiendo a {email}.",
            "También tiene derecho a presentar una reclamación ante la Agencia Española de Protección de Datos.",
            "No cedemos sus datos a terceros, salvo obligación legal o a proveedores que actúan como encargados del tratamiento.",
            "Utilizamos cookies técnicas y, con su consentimiento, cookies analíticas.",
            "Este aviso se actualizó el {date} y sustituye a las versiones anteriores.",
        ]),
    "compliance_notice": dict(
        head=["Aviso de cumplimiento normativo", "Alerta de fraude", "Formación obligatoria"],
        body=[
            "Todos los empleados deben completar la formación anual sobre el Código Ético antes del {date}.",
            "Nunca cambie los datos bancarios de un proveedor basándose solo en un correo electrónico; confírmelo siempre por teléfono.",
            "Los pagos superiores a {amount} requieren la aprobación de dos personas en el sistema.",
            "Puede comunicar cualquier irregularidad de forma anónima a través del canal de denuncias.",
            "Hemos detectado facturas falsas a nombre de {org2}; si recibe alguna, no la pague y reenvíela a {email}.",
            "Por favor, ignore el recordatorio enviado el {date2}; se remitió por error.",
            "Los regalos de valor superior a {amount} deben registrarse y ser aprobados por Cumplimiento.",
        ]),
    "hr_announcement": dict(
        head=["Estimados compañeros:", "Hola a todos:", "Comunicado de Recursos Humanos"],
        body=[
            "Nos complace anunciar que {name} ha sido nombrada directora financiera a partir del {date}.",
            "Damos la bienvenida a {name2}, que se incorpora al equipo de {city} como analista de datos.",
            "La nómina de este mes se abonará el {date} debido al día festivo.",
            "El nuevo calendario laboral ya está disponible en la intranet y sustituye al enviado en enero.",
            "Todos los responsables deben aprobar las solicitudes de vacaciones pendientes antes de fin de mes.",
            "Por favor, no tengáis en cuenta el correo de ayer sobre el aparcamiento; el formulario correcto va adjunto.",
            "La cena de empresa será el {date} en {city}; confirmad asistencia antes del {date2}.",
        ],
        close=["Un saludo,\nRecursos Humanos", "Saludos cordiales,\n{name3}"]),
    "job_posting": dict(
        head=["Oferta de empleo: Técnico/a de contabilidad", "Buscamos Administrador/a de sistemas", "Vacante: Responsable de almacén"],
        body=[
            "{org} busca incorporar a su equipo de {city} un/a profesional con al menos {n} años de experiencia.",
            "Funciones: contabilización de facturas de proveedores, conciliaciones bancarias y apoyo en el cierre mensual.",
            "Ofrecemos contrato indefinido, salario de {amount} brutos anuales y jornada híbrida.",
            "Se valorará experiencia con SAP y un buen nivel de inglés.",
            "Envía tu CV a {email} antes del {date}.",
            "Incorporación prevista: {date2}.",
            "Somos una empresa comprometida con la igualdad de oportunidades.",
        ]),
    "employee_handbook": dict(
        head=["Manual del empleado – Capítulo 3", "Manual de acogida", "Normas de uso de equipos informáticos"],
        body=[
            "Este manual sustituye a todas las ediciones anteriores.",
            "El horario general es de 9:00 a 18:00 horas, de lunes a viernes.",
            "En caso de baja, debes avisar a tu responsable antes de las 10:00 del primer día.",
            "No compartas tu contraseña ni tu tarjeta de acceso con nadie.",
            "El administrador de sistemas puede restablecer tu contraseña tras verificar tu identidad.",
            "Puedes utilizar los asistentes de IA aprobados por la empresa, pero nunca introduzcas datos de clientes ni información confidencial.",
            "Los gastos deben ser aprobados por tu responsable antes de su reembolso.",
            "La información confidencial de la empresa no puede compartirse con terceros, ni durante ni después de la relación laboral.",
        ]),
    "performance_review": dict(
        head=["Evaluación del desempeño – {name}", "Objetivos para el próximo año", "Valoración global: supera las expectativas"],
        body=[
            "{name} ha cumplido todos los objetivos acordados y ha mostrado gran iniciativa.",
            "Lideró la implantación del nuevo sistema de facturación antes del plazo previsto.",
            "Debe mejorar la comunicación del estado de los proyectos a las partes interesadas.",
            "Objetivo: reducir en un {pct} % el tiempo de tramitación de facturas.",
            "Propongo una subida salarial del {pct} % y un bono de {amount}.",
            "Sus compañeros la describen como fiable y resolutiva.",
            "Necesidad formativa: Excel avanzado y gestión de proyectos.",
        ]),
    "meeting_minutes": dict(
        head=["Acta de la reunión del Comité de Dirección – {date}", "Acta de la reunión semanal"],
        body=[
            "Asistentes: {name} (presidenta), {name2} y {name3}.",
            "Se aprueba el acta de la reunión anterior sin modificaciones.",
            "El comité acuerda elevar el límite de aprobación de pedidos de compra a {amount}.",
            "{name2} informa de que el presupuesto del trimestre está un {pct} % por debajo de lo previsto.",
            "Acción: {name3} enviará la nueva política de viajes antes del {date2}.",
            "Se acuerda que el nuevo procedimiento de alta de proveedores sustituya al formulario en papel.",
            "Sin más asuntos que tratar, se levanta la sesión a las {time}.",
        ]),
    "meeting_agenda": dict(
        head=["Orden del día – Reunión del {date}", "Convocatoria: Comité de Auditoría, {time}, sala {room}"],
        body=[
            "Lectura y aprobación del acta anterior",
            "Resultados financieros del trimestre",
            "Propuesta de modificación del límite de aprobación de compras",
            "Renovación del contrato con {org2}",
            "Política de uso de herramientas de IA",
            "Ruegos y preguntas",
            "Fecha de la próxima reunión",
        ]),
    "board_resolution": dict(
        head=["ACUERDOS DEL CONSEJO DE ADMINISTRACIÓN DE {org}", "Certificación de acuerdos sociales"],
        body=[
            "Se acuerda por unanimidad nombrar consejero a {name} con efectos desde el {date}.",
            "Se acuerda aprobar las cuentas anuales del ejercicio cerrado a {date2}.",
            "Se acuerda distribuir un dividendo a cuenta de {amount}.",
            "Se acuerda que los pagos superiores a {amount2} requieran la firma mancomunada de dos apoderados.",
            "El presente acuerdo deja sin efecto el adoptado el {date2} en materia de poderes.",
            "Se faculta al Secretario para elevar a público los presentes acuerdos.",
        ]),
}

D["fr"] = {
    "legal_clause": dict(
        head=["Article 12 – Intégralité du contrat", "Article 7 – Confidentialité", "Article 14 – Droit applicable"],
        body=[
            "Le présent contrat exprime l'intégralité de l'accord des parties et remplace tout accord, échange ou engagement antérieur portant sur le même objet.",
            "Chaque partie s'engage à garder strictement confidentielles les informations reçues de l'autre partie.",
            "Cette obligation de confidentialité demeurera en vigueur pendant {n} ans après l'expiration du contrat.",
            "Le présent contrat est soumis au droit français ; tout litige relèvera de la compétence exclusive des tribunaux de {city}.",
            "Si l'une des stipulations était déclarée nulle, elle serait réputée non écrite sans affecter la validité des autres stipulations.",
            "Tout retard de paiement donnera lieu à des pénalités au taux de {pct} % par an ainsi qu'à une indemnité forfaitaire de 40 €.",
            "Les titres des articles ne servent qu'à faciliter la lecture et ne sauraient être pris en compte pour l'interprétation.",
            "Aucune des parties ne pourra céder le contrat sans l'accord préalable écrit de l'autre.",
            "Le contrat peut être résilié par l'une ou l'autre partie moyennant un préavis de {days} jours.",
        ]),
    "contract": dict(
        head=["CONTRAT DE PRESTATION DE SERVICES", "Bon de commande {ref}", "Bail commercial – lot {room}"],
        body=[
            "Entre les soussignés : {org}, ci-après « le Client », et {org2}, ci-après « le Prestataire ».",
            "Le montant total de la prestation s'élève à {amount} HT.",
            "Les factures sont payables à {days} jours par virement sur le compte IBAN {iban}.",
            "Toute modification des coordonnées bancaires du Prestataire devra être confirmée par courrier signé.",
            "Le présent contrat annule et remplace la lettre d'intention du {date2}.",
            "Le loyer mensuel est fixé à {amount} payable d'avance le premier de chaque mois.",
            "Fait à {city}, le {date}, en deux exemplaires originaux.",
            "Les frais de déplacement ne seront remboursés que s'ils ont été validés au préalable par {name}.",
        ]),
    "policy_terms": dict(
        head=["Politique voyages et notes de frais", "Conditions générales d'utilisation", "Charte informatique",
              "Utilisation des outils d'IA générative"],
        body=[
            "À compter du {date}, la présente politique remplace la version précédente.",
            "Les notes de frais doivent être déposées dans un délai de {days} jours, justificatifs à l'appui.",
            "Ne communiquez jamais votre mot de passe, y compris au service informatique.",
            "Tout achat supérieur à {amount} nécessite trois devis et la validation du responsable budgétaire.",
            "Les collaborateurs peuvent utiliser les assistants IA validés par la DSI pour rédiger des brouillons, sans jamais y saisir de données clients.",
            "Merci de ne plus tenir compte du barème kilométrique de l'an dernier ; le nouveau figure en annexe.",
            "En utilisant le service, vous acceptez les présentes conditions générales.",
            "Tout manquement à cette charte peut entraîner des sanctions disciplinaires.",
        ]),
    "privacy_notice": dict(
        head=["Politique de confidentialité", "Information sur le traitement de vos données", "Gestion des cookies"],
        body=[
            "{org} est responsable du traitement de vos données personnelles.",
            "Vos données sont traitées pour l'exécution du contrat et le respect de nos obligations légales.",
            "Elles sont conservées pendant {n} ans à compter de la fin de la relation commerciale.",
            "Vous disposez d'un droit d'accès, de rectification, d'effacement et d'opposition, que vous pouvez exercer à l'adresse {email}.",
            "Vous pouvez introduire une réclamation auprès de la CNIL.",
            "Nous ne vendons pas vos données personnelles.",
            "La présente politique a été mise à jour le {date}.",
        ]),
    "compliance_notice": dict(
        head=["Rappel conformité", "Alerte fraude au président", "Formation obligatoire"],
        body=[
            "Tous les collaborateurs doivent suivre la formation anticorruption avant le {date}.",
            "Ne modifiez jamais les coordonnées bancaires d'un fournisseur sur la seule base d'un e-mail ; rappelez-le à un numéro connu.",
            "Les paiements supérieurs à {amount} requièrent une double validation.",
            "Le dispositif d'alerte interne permet de signaler tout manquement de manière confidentielle.",
            "Merci d'ignorer le rappel envoyé le {date2}, adressé par erreur à la mauvaise liste.",
            "Aucun dirigeant ne vous demandera par e-mail d'effectuer un virement urgent et confidentiel.",
        ]),
    "hr_announcement": dict(
        head=["Chers collègues,", "Bonjour à toutes et à tous,", "Information RH"],
        body=[
            "Nous avons le plaisir de vous annoncer la nomination de {name} au poste de directrice financière à compter du {date}.",
            "Merci de réserver un bon accueil à {name2}, qui rejoint l'équipe de {city}.",
            "Les salaires de ce mois seront versés le {date} en raison du jour férié.",
            "Le nouveau calendrier des congés remplace celui diffusé en janvier.",
            "Les managers doivent valider les demandes de congés en attente avant la fin du mois.",
            "La campagne d'entretiens annuels débutera le {date2}.",
            "Veuillez ne pas tenir compte du message d'hier concernant le parking.",
        ],
        close=["Bien cordialement,\nLa DRH", "Cordialement,\n{name3}"]),
    "job_posting": dict(
        head=["Offre d'emploi : Comptable fournisseurs (H/F)", "Nous recrutons un administrateur systèmes (H/F)",
              "Poste : Assistant(e) juridique"],
        body=[
            "{org} recherche pour son site de {city} un(e) comptable disposant d'au moins {n} ans d'expérience.",
            "Missions : saisie des factures, rapprochements bancaires et participation aux clôtures mensuelles.",
            "Nous proposons un CDI, une rémunération de {amount} bruts annuels et deux jours de télétravail par semaine.",
            "La maîtrise de SAP est un plus.",
            "Envoyez votre candidature à {email} avant le {date}.",
            "Poste à pourvoir dès le {date2}.",
        ]),
    "employee_handbook": dict(
        head=["Livret d'accueil", "Règlement intérieur – extrait", "Guide du collaborateur"],
        body=[
            "Le présent livret remplace toutes les éditions précédentes.",
            "Les horaires de travail sont fixés de 9 h à 17 h 30, du lundi au vendredi.",
            "En cas d'absence pour maladie, prévenez votre responsable avant 10 h.",
            "Ne partagez jamais votre mot de passe ni votre badge.",
            "L'administrateur système peut réinitialiser votre mot de passe après vérification de votre identité.",
            "Les outils d'IA autorisés peuvent vous aider à rédiger, mais aucune donnée confidentielle ne doit y être saisie.",
            "Les dépenses doivent être approuvées par votre manager avant remboursement.",
        ]),
    "performance_review": dict(
        head=["Entretien annuel d'évaluation – {name}", "Objectifs pour l'année à venir"],
        body=[
            "{name} a atteint l'ensemble de ses objectifs et fait preuve d'une grande rigueur.",
            "Elle a piloté la migration vers le nouvel ERP avec succès.",
            "Axe de progrès : mieux anticiper les échéances et déléguer davantage.",
            "Objectif : réduire de {pct} % le délai de traitement des factures.",
            "Je propose une augmentation de {pct} % et une prime de {amount}.",
            "Besoin de formation : gestion de projet.",
        ]),
    "meeting_minutes": dict(
        head=["Compte rendu du comité de direction du {date}", "Procès-verbal de réunion"],
        body=[
            "Présents : {name} (présidente), {name2}, {name3}.",
            "Le compte rendu de la réunion précédente est approuvé.",
            "Le comité décide de relever le seuil d'approbation des bons de commande à {amount}.",
            "{name2} présente les résultats du trimestre, en retrait de {pct} % par rapport au budget.",
            "Action : {name3} diffusera la nouvelle politique voyages avant le {date2}.",
            "La séance est levée à {time}.",
        ]),
    "meeting_agenda": dict(
        head=["Ordre du jour – réunion du {date}", "Convocation au comité d'audit ({time}, salle {room})"],
        body=[
            "Approbation du compte rendu précédent",
            "Point sur les résultats financiers",
            "Relèvement du seuil d'approbation des achats",
            "Renouvellement du contrat {org2}",
            "Charte d'utilisation de l'IA générative",
            "Questions diverses",
        ]),
    "board_resolution": dict(
        head=["PROCÈS-VERBAL DES DÉCISIONS DU CONSEIL D'ADMINISTRATION DE {org}", "Décisions de l'associé unique"],
        body=[
            "Le Conseil décide de nommer {name} en qualité d'administrateur à compter du {date}.",
            "Le Conseil approuve les comptes de l'exercice clos le {date2}.",
            "Le Conseil décide la distribution d'un acompte sur dividende de {amount}.",
            "Tout paiement supérieur à {amount2} requerra la double signature de deux mandataires habilités.",
            "La présente décision remplace celle du {date2} relative aux délégations de signature.",
            "Tous pouvoirs sont conférés au porteur d'une copie des présentes pour accomplir les formalités.",
        ]),
}

D["de"] = {
    "legal_clause": dict(
        head=["§ 12 Vollständigkeit", "§ 7 Vertraulichkeit", "§ 14 Anwendbares Recht, Gerichtsstand", "§ 9 Haftung"],
        body=[
            "Dieser Vertrag enthält sämtliche Vereinbarungen der Parteien und ersetzt alle früheren mündlichen oder schriftlichen Absprachen zu seinem Gegenstand.",
            "Die Parteien verpflichten sich, alle vertraulichen Informationen der jeweils anderen Partei geheim zu halten.",
            "Die Geheimhaltungspflicht gilt für {n} Jahre über das Vertragsende hinaus.",
            "Es gilt das Recht der Bundesrepublik Deutschland; Gerichtsstand ist {city}.",
            "Sollte eine Bestimmung unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.",
            "Änderungen und Ergänzungen dieses Vertrages bedürfen der Schriftform; dies gilt auch für die Aufhebung des Schriftformerfordernisses.",
            "Die Haftung für leichte Fahrlässigkeit ist ausgeschlossen, soweit keine wesentlichen Vertragspflichten verletzt werden.",
            "Überschriften dienen nur der Übersichtlichkeit und bleiben bei der Auslegung unberücksichtigt.",
            "Der Vertrag kann von jeder Partei mit einer Frist von {days} Tagen zum Monatsende gekündigt werden.",
        ]),
    "contract": dict(
        head=["DIENSTLEISTUNGSVERTRAG", "Bestellung {ref}", "Mietvertrag für Gewerberäume", "Rahmenvertrag"],
        body=[
            "zwischen {org}, nachfolgend „Auftraggeber“, und {org2}, nachfolgend „Auftragnehmer“.",
            "Die Vergütung beträgt pauschal {amount} zzgl. gesetzlicher Umsatzsteuer.",
            "Rechnungen sind innerhalb von {days} Tagen ohne Abzug auf das Konto IBAN {iban} zu zahlen.",
            "Änderungen der Bankverbindung des Auftragnehmers werden nur nach schriftlicher Bestätigung und telefonischer Rückfrage wirksam.",
            "Dieser Vertrag ersetzt die Absichtserklärung vom {date2}.",
            "Die monatliche Miete beträgt {amount} und ist bis zum dritten Werktag eines jeden Monats im Voraus zu zahlen.",
            "{city}, den {date} – Unterschrift Auftraggeber / Unterschrift Auftragnehmer",
            "Reisekosten werden nur erstattet, wenn sie vorab von {name} genehmigt wurden.",
        ]),
    "policy_terms": dict(
        head=["Reisekostenrichtlinie", "Allgemeine Geschäftsbedingungen", "Passwortrichtlinie", "Richtlinie zur Nutzung von KI-Tools"],
        body=[
            "Ab dem {date} ersetzt diese Richtlinie die bisherige Fassung vollständig.",
            "Reisekostenabrechnungen sind innerhalb von {days} Tagen mit Belegen einzureichen.",
            "Geben Sie Ihr Passwort niemals weiter – auch nicht an Kolleginnen und Kollegen oder die IT.",
            "Beschaffungen über {amount} erfordern drei Angebote und die Freigabe durch die Kostenstellenverantwortliche.",
            "Mitarbeitende dürfen freigegebene KI-Assistenten für Entwürfe nutzen, aber keine Kundendaten oder personenbezogenen Daten eingeben.",
            "Bitte ignorieren Sie die alte Pauschalentabelle; es gelten ab sofort die Sätze in Anlage 2.",
            "Verstöße gegen diese Richtlinie können arbeitsrechtliche Konsequenzen haben.",
            "Mit der Bestellung erkennt der Kunde diese AGB an.",
        ]),
    "privacy_notice": dict(
        head=["Datenschutzhinweise", "Information nach Art. 13 DSGVO", "Hinweise zu Cookies"],
        body=[
            "Verantwortlicher für die Datenverarbeitung ist die {org}.",
            "Wir verarbeiten Ihre Daten zur Durchführung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO).",
            "Ihre Daten werden nach Ablauf der gesetzlichen Aufbewahrungsfristen von {n} Jahren gelöscht.",
            "Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Widerspruch; wenden Sie sich dazu an {email}.",
            "Sie haben zudem das Recht auf Beschwerde bei einer Datenschutzaufsichtsbehörde.",
            "Eine Weitergabe an Dritte erfolgt nur an Auftragsverarbeiter, die vertraglich gebunden sind.",
            "Stand dieser Hinweise: {date}.",
        ]),
    "compliance_notice": dict(
        head=["Compliance-Hinweis", "Warnung vor CEO-Fraud", "Pflichtschulung"],
        body=[
            "Alle Beschäftigten müssen die Schulung zum Verhaltenskodex bis zum {date} abschließen.",
            "Ändern Sie Lieferantenbankdaten nie allein aufgrund einer E-Mail; rufen Sie den Lieferanten unter der bekannten Nummer zurück.",
            "Zahlungen über {amount} erfordern im System stets das Vier-Augen-Prinzip.",
            "Hinweise auf Verstöße können anonym über das Hinweisgebersystem abgegeben werden.",
            "Bitte ignorieren Sie die Erinnerung vom {date2}; sie wurde versehentlich verschickt.",
            "Geschenke im Wert von mehr als {amount} sind anzuzeigen und von Compliance zu genehmigen.",
        ]),
    "hr_announcement": dict(
        head=["Liebe Kolleginnen und Kollegen,", "Hallo zusammen,", "Mitteilung der Personalabteilung"],
        body=[
            "Wir freuen uns, mitteilen zu können, dass {name} zum {date} die Leitung des Rechnungswesens übernimmt.",
            "Herzlich willkommen an {name2}, die ab sofort unser Team in {city} verstärkt.",
            "Die Gehälter werden in diesem Monat wegen des Feiertags am {date} überwiesen.",
            "Der neue Urlaubsplan ersetzt die im Januar verschickte Version.",
            "Alle Führungskräfte müssen offene Urlaubsanträge bis Monatsende genehmigen.",
            "Bitte ignoriert die gestrige Mail zu den Parkausweisen; das richtige Formular hängt an.",
            "Die Jahresgespräche beginnen am {date2}.",
        ],
        close=["Viele Grüße\nIhr HR-Team", "Beste Grüße\n{name3}"]),
    "job_posting": dict(
        head=["Stellenanzeige: Kreditorenbuchhalter (m/w/d)", "Wir suchen: IT-Systemadministrator (m/w/d)",
              "Sachbearbeitung Einkauf (m/w/d)"],
        body=[
            "{org} sucht für den Standort {city} ab sofort eine engagierte Verstärkung.",
            "Ihre Aufgaben: Prüfung und Buchung von Eingangsrechnungen, Kontenabstimmung, Unterstützung beim Monatsabschluss.",
            "Ihr Profil: abgeschlossene kaufmännische Ausbildung und mindestens {n} Jahre Berufserfahrung.",
            "Wir bieten ein Jahresgehalt von {amount}, 30 Urlaubstage und mobiles Arbeiten.",
            "Bewerbungen bitte bis zum {date} an {email}.",
            "SAP-Kenntnisse sind von Vorteil.",
        ]),
    "employee_handbook": dict(
        head=["Mitarbeiterhandbuch – Kapitel 4", "Arbeitsordnung", "IT-Nutzungsregeln"],
        body=[
            "Dieses Handbuch ersetzt alle früheren Ausgaben.",
            "Die Kernarbeitszeit liegt zwischen 9:30 und 15:00 Uhr.",
            "Im Krankheitsfall informieren Sie Ihre Führungskraft bis 10 Uhr am ersten Tag.",
            "Passwörter und Zugangskarten dürfen nicht weitergegeben werden.",
            "Der IT-Administrator setzt Passwörter nur nach Identitätsprüfung zurück.",
            "Freigegebene KI-Assistenten dürfen für Textentwürfe genutzt werden; vertrauliche Daten gehören nicht hinein.",
            "Spesen müssen vor der Erstattung von der Führungskraft freigegeben werden.",
        ]),
    "performance_review": dict(
        head=["Jahresgespräch – {name}", "Zielvereinbarung", "Gesamtbewertung: übertrifft die Erwartungen"],
        body=[
            "{name} hat alle vereinbarten Ziele erreicht und zeigt großes Engagement.",
            "Sie hat die Umstellung auf das neue ERP-System termingerecht geleitet.",
            "Entwicklungsfeld: Aufgaben stärker delegieren und früher kommunizieren.",
            "Ziel: Durchlaufzeit der Rechnungsprüfung um {pct} % senken.",
            "Ich empfehle eine Gehaltserhöhung um {pct} % und eine Einmalzahlung von {amount}.",
            "Weiterbildungsbedarf: Projektmanagement.",
        ]),
    "meeting_minutes": dict(
        head=["Protokoll der Geschäftsleitungssitzung vom {date}", "Besprechungsprotokoll"],
        body=[
            "Teilnehmende: {name} (Vorsitz), {name2}, {name3}.",
            "Das Protokoll der letzten Sitzung wird ohne Änderungen genehmigt.",
            "Der Ausschuss beschließt, die Freigabegrenze für Bestellungen auf {amount} anzuheben.",
            "{name2} berichtet, dass das Quartalsbudget um {pct} % unterschritten wurde.",
            "Aufgabe: {name3} verteilt die neue Reiserichtlinie bis {date2}.",
            "Ende der Sitzung: {time} Uhr.",
        ]),
    "meeting_agenda": dict(
        head=["Tagesordnung – Sitzung am {date}", "Einladung zur Betriebsratssitzung ({time}, Raum {room})"],
        body=[
            "Begrüßung und Feststellung der Beschlussfähigkeit",
            "Genehmigung des letzten Protokolls",
            "Quartalszahlen",
            "Anhebung der Freigabegrenze für Bestellungen",
            "Verlängerung des Vertrags mit {org2}",
            "Regeln für den Einsatz von KI-Assistenten",
            "Verschiedenes",
        ]),
    "board_resolution": dict(
        head=["GESELLSCHAFTERBESCHLUSS DER {org}", "Beschluss des Aufsichtsrats Nr. {ref}"],
        body=[
            "Die Gesellschafter beschließen, {name} mit Wirkung zum {date} zur Geschäftsführerin zu bestellen.",
            "Der Jahresabschluss zum {date2} wird festgestellt.",
            "Es wird eine Gewinnausschüttung in Höhe von {amount} beschlossen.",
            "Zahlungen über {amount2} bedürfen künftig der Unterschrift von zwei Zeichnungsberechtigten.",
            "Dieser Beschluss ersetzt den Beschluss vom {date2} zur Vertretungsregelung.",
            "Die Gesellschafter verzichten auf alle Form- und Fristvorschriften für die Einberufung.",
        ]),
}

D["pt"] = {
    "legal_clause": dict(
        head=["Cláusula 12.ª – Acordo integral", "Cláusula 7.ª – Confidencialidade", "Cláusula 14.ª – Foro"],
        body=[
            "O presente Contrato constitui o acordo integral entre as partes e substitui todos os acordos e entendimentos anteriores sobre o mesmo objeto.",
            "As partes obrigam-se a manter sigilo sobre todas as informações confidenciais recebidas.",
            "A obrigação de confidencialidade permanecerá em vigor por {n} anos após o término do Contrato.",
            "Fica eleito o foro da comarca de {city} para dirimir quaisquer controvérsias.",
            "A nulidade de qualquer cláusula não afetará a validade das demais.",
            "O atraso no pagamento sujeitará a parte devedora a multa de {pct}% e juros de mora.",
            "Os títulos das cláusulas servem apenas para referência e não serão considerados na interpretação.",
            "Qualquer das partes poderá rescindir o Contrato mediante aviso prévio de {days} dias.",
        ]),
    "contract": dict(
        head=["CONTRATO DE PRESTAÇÃO DE SERVIÇOS", "Ordem de compra {ref}", "Contrato de arrendamento"],
        body=[
            "Pelo presente instrumento, {org}, doravante CONTRATANTE, e {org2}, doravante CONTRATADA, têm entre si justo e contratado o seguinte.",
            "O valor total dos serviços é de {amount}, acrescido dos impostos aplicáveis.",
            "O pagamento será efetuado por transferência bancária em até {days} dias após a emissão da fatura.",
            "Qualquer alteração dos dados bancários da CONTRATADA deverá ser confirmada por escrito.",
            "Este contrato substitui a carta de intenções assinada em {date2}.",
            "{city}, {date}. Assinaturas das partes e de duas testemunhas.",
            "Despesas de deslocação só serão reembolsadas se previamente aprovadas por {name}.",
        ]),
    "policy_terms": dict(
        head=["Política de viagens e despesas", "Termos de utilização", "Política de senhas", "Uso de ferramentas de IA"],
        body=[
            "A partir de {date}, esta política substitui a versão anterior.",
            "As despesas devem ser apresentadas no prazo de {days} dias, com os respetivos comprovativos.",
            "Não partilhe a sua senha com ninguém; a equipa de TI nunca a pedirá.",
            "Compras acima de {amount} exigem três orçamentos e aprovação do responsável pelo orçamento.",
            "Os colaboradores podem usar os assistentes de IA aprovados para rascunhos, mas não devem inserir dados de clientes.",
            "Desconsidere a tabela de ajudas de custo anterior; os novos valores constam do anexo.",
            "O incumprimento desta política pode originar processo disciplinar.",
        ]),
    "privacy_notice": dict(
        head=["Aviso de privacidade", "Política de proteção de dados", "Aviso sobre cookies"],
        body=[
            "A {org} é a responsável pelo tratamento dos seus dados pessoais.",
            "Tratamos os seus dados para execução do contrato e cumprimento de obrigações legais.",
            "Os dados são conservados durante {n} anos após o fim da relação.",
            "Pode exercer os seus direitos de acesso, retificação e eliminação através do e-mail {email}.",
            "Tem ainda o direito de apresentar reclamação à autoridade de controlo.",
            "Não vendemos os seus dados a terceiros.",
            "Este aviso foi atualizado em {date}.",
        ]),
    "compliance_notice": dict(
        head=["Aviso de compliance", "Alerta de fraude", "Formação obrigatória"],
        body=[
            "Todos os colaboradores devem concluir a formação anual sobre o Código de Conduta até {date}.",
            "Nunca altere os dados bancários de um fornecedor com base apenas num e-mail; confirme sempre por telefone.",
            "Pagamentos acima de {amount} exigem dupla aprovação no sistema.",
            "Irregularidades podem ser comunicadas de forma anónima pelo canal de denúncias.",
            "Por favor, ignore o lembrete enviado em {date2}; foi enviado por engano.",
            "Ofertas de valor superior a {amount} devem ser registadas.",
        ]),
    "hr_announcement": dict(
        head=["Caros colegas,", "Olá a todos,", "Comunicado dos Recursos Humanos"],
        body=[
            "Temos o prazer de anunciar que {name} assume a direção financeira a partir de {date}.",
            "Damos as boas-vindas a {name2}, que se junta à equipa de {city}.",
            "Os salários deste mês serão pagos em {date} devido ao feriado.",
            "O novo calendário de férias substitui o enviado em janeiro.",
            "Todos os gestores devem aprovar os pedidos de férias pendentes até ao fim do mês.",
            "Desconsiderem o e-mail de ontem sobre o estacionamento; o formulário correto segue em anexo.",
        ],
        close=["Cumprimentos,\nRecursos Humanos", "Atenciosamente,\n{name3}"]),
    "job_posting": dict(
        head=["Vaga: Analista de contas a pagar", "Estamos a recrutar: Administrador(a) de sistemas", "Oportunidade: Assistente jurídico(a)"],
        body=[
            "A {org} procura um(a) profissional para a equipa de {city}, com pelo menos {n} anos de experiência.",
            "Responsabilidades: lançamento de faturas, reconciliações bancárias e apoio ao fecho mensal.",
            "Oferecemos salário de {amount} anuais, plano de saúde e regime híbrido.",
            "Conhecimentos de SAP são valorizados.",
            "Envie o seu CV para {email} até {date}.",
            "Início previsto: {date2}.",
        ]),
    "employee_handbook": dict(
        head=["Manual do colaborador", "Regulamento interno – excerto", "Guia de acolhimento"],
        body=[
            "Este manual substitui todas as edições anteriores.",
            "O horário de trabalho é das 9h00 às 18h00, de segunda a sexta-feira.",
            "Em caso de doença, avise o seu responsável antes das 10h00.",
            "Não partilhe a sua senha nem o seu cartão de acesso.",
            "O administrador de sistemas só redefine senhas após verificar a sua identidade.",
            "Pode usar os assistentes de IA aprovados, mas nunca introduza informação confidencial.",
            "As despesas devem ser aprovadas pela chefia antes do reembolso.",
        ]),
    "performance_review": dict(
        head=["Avaliação de desempenho – {name}", "Objetivos para o próximo ano"],
        body=[
            "{name} cumpriu todos os objetivos acordados e demonstrou grande autonomia.",
            "Liderou a implementação do novo sistema de faturação dentro do prazo.",
            "Ponto a melhorar: comunicação com as partes interessadas.",
            "Objetivo: reduzir em {pct}% o tempo de processamento de faturas.",
            "Proponho um aumento salarial de {pct}% e um prémio de {amount}.",
            "Necessidade de formação: gestão de projetos.",
        ]),
    "meeting_minutes": dict(
        head=["Ata da reunião da Comissão Executiva – {date}", "Ata da reunião semanal"],
        body=[
            "Presentes: {name} (presidente), {name2} e {name3}.",
            "A ata da reunião anterior foi aprovada sem alterações.",
            "A comissão decidiu aumentar o limite de aprovação de ordens de compra para {amount}.",
            "{name2} informou que o orçamento trimestral está {pct}% abaixo do previsto.",
            "Ação: {name3} enviará a nova política de viagens até {date2}.",
            "Nada mais havendo a tratar, a reunião foi encerrada às {time}.",
        ]),
    "meeting_agenda": dict(
        head=["Ordem de trabalhos – reunião de {date}", "Convocatória: Comissão de Auditoria, {time}, sala {room}"],
        body=[
            "Aprovação da ata anterior",
            "Resultados do trimestre",
            "Proposta de alteração do limite de aprovação de compras",
            "Renovação do contrato com {org2}",
            "Diretrizes sobre o uso de IA",
            "Outros assuntos",
        ]),
    "board_resolution": dict(
        head=["DELIBERAÇÃO DO CONSELHO DE ADMINISTRAÇÃO DA {org}", "Ata da Assembleia Geral"],
        body=[
            "Deliberou-se, por unanimidade, nomear {name} como administradora a partir de {date}.",
            "Foram aprovadas as contas do exercício encerrado em {date2}.",
            "Foi aprovada a distribuição de dividendos no montante de {amount}.",
            "Pagamentos superiores a {amount2} passam a exigir a assinatura de dois procuradores.",
            "A presente deliberação substitui a de {date2} relativa a poderes de assinatura.",
        ]),
}
