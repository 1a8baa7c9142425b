"""Spanish, French, German, Portuguese data for legit_support.py (hand-written; training only)."""

ES = dict(
    names="Lucía Pablo Carmen Javier Marta Diego Sofía Alejandro Elena Raúl Nuria Sergio Paula Andrés Inés Miguel",
    products="auriculares inalámbricos|cafetera|aspiradora robot|silla de oficina|monitor 4K|freidora de aire|mochila de montaña|suscripción anual|patinete eléctrico|colchón viscoelástico",
    cur="N €", dec=",", thou=".", datefmt="dmy_slash", iban_cc="ES",
    lab="""subject=Asunto
ticket=Incidencia
priority=Prioridad
category=Categoría
desc=Descripción
order=Pedido
prios=Baja|Normal|Alta|Urgente
cats=Facturación|Envíos|Acceso a la cuenta|Devoluciones|Incidencia técnica
orig=-----Mensaje original-----
from=De
sent=Enviado
to=Para
wrote=El {date}, {name} <{email}> escribió:
customer=Cliente
agent=Agente
caller=Llamante
reason=Motivo
outcome=Resolución
inbound=Llamada entrante a las
followup=Seguimiento
rating=Valoración
q=P
a=R""",
    subj="""Pedido {order} sin entregar
Reembolso pendiente
Cobro duplicado
No puedo acceder a mi cuenta
Cambio de dirección de envío
Corrección a mi correo anterior""",
    greet_c="""Hola,
Buenos días:
Estimado equipo de atención al cliente:""",
    sign_c="""Gracias,\\n{name}
Un saludo,\\n{name}
Atentamente,\\n{name}\\nTel. {phone}""",
    greet_a="""Hola, {name}:
Estimado/a {name}:
Buenas tardes, {name}:""",
    sign_a="""Un saludo,\\n{agent}\\nAtención al cliente
Atentamente,\\n{agent} | Departamento de Facturación
Gracias,\\n{agent}""",
    ropen="""Gracias por ponerse en contacto con nosotros sobre el pedido {order}.
Siento mucho las molestias con su {product}.
He revisado su cuenta y le comento lo que he visto.""",
    issue="""Hice un pedido el {date} ({order}) y todavía no ha llegado.
Me han cobrado dos veces el pedido {order}, {amount} cada vez.
No puedo entrar en mi cuenta, el sistema muestra un error de sesión caducada.
Por favor, ignoren mi correo anterior: la dirección correcta es calle Mayor 12, 3.º B.
He intentado restablecer la contraseña tres veces y no me llega el enlace.
Mi cuenta está bloqueada desde ayer y no sé por qué.
Su chatbot me dijo que el reembolso tardaría dos días y ya han pasado dos semanas.
La {product} dejó de funcionar a las dos semanas.
Devolví el pedido el {date} y aún no me han devuelto los {amount}.
Como administrador no puedo ver las facturas de los demás usuarios de la empresa.
Falta un artículo en el pedido {order}.
Necesito cambiar la cuenta de domiciliación, el nuevo IBAN es {iban}.""",
    ask="""¿Podrían revisar qué ha pasado?
Por favor, cancelen el pedido anterior y envíen el nuevo.
¿Pueden reenviar esto al departamento de facturación?
Urgente: aprueben mi reembolso, por favor, lo necesito antes de fin de mes.
¿Me pueden llamar al {phone}?
Quiero el reembolso completo, por favor.
No hagan caso de la foto que mandé antes, adjunto la buena.
¿Me pueden enviar una etiqueta de devolución?""",
    resp="""He restablecido su contraseña; por favor, cámbiela en el primer inicio de sesión.
No comparta su código de un solo uso con nadie: nunca se lo pediremos.
Su cuenta se bloqueó tras varios intentos fallidos; ya la he desbloqueado.
He emitido un reembolso de {amount} a su método de pago original; tardará de 3 a 5 días hábiles.
He reenviado su solicitud al equipo de facturación, que le responderá en 48 horas.
He cancelado el pedido anterior y he creado uno nuevo, {order2}, con la dirección corregida.
Le hemos enviado una etiqueta de devolución prepagada a {email}.
Lamento que nuestro chatbot le diera información incorrecta: el plazo de devolución es de 30 días.
El cargo duplicado es una retención temporal y desaparecerá en {days} días.
Por seguridad no podemos cambiar datos bancarios por correo; hágalo en Ajustes > Facturación.
Le enviaremos hoy un/a {product} de sustitución.
He abierto una reclamación con la empresa de transporte.""",
    fwd="""Te reenvío esto, {agent}: ¿lo puede mirar facturación? Es un cobro duplicado.
Para tu información, mira el correo del cliente abajo. ¿Puedes aprobar el reembolso? Supera mi límite.
Te paso este caso, es de garantía. ¡Gracias!""",
    follow="""Hola, ¿hay alguna novedad? Sigo esperando.
Les escribo de nuevo porque no he recibido respuesta.
Perdón, ignoren mi última respuesta, la envié antes de ver su correo.""",
    chat="""¿me apruebas el pedido de compra? son los cascos nuevos, {amount}
ignora el último mensaje, canal equivocado 🙈
¿alguien sabe por qué se cuelga la herramienta de reembolsos?
@{agent} el cliente de la incidencia {ticket} vuelve a llamar, ¿lo coges tú?
aviso: la pasarela de pago está caída, habrá fallos en el checkout
he reseteado la contraseña del cliente, le he dicho que la cambie al entrar
el sistema me da error al abrir el CRM, ¿os pasa a vosotros?
no peguéis números de tarjeta aquí, usad las notas seguras
¿me reenviáis la nueva política de devoluciones?
el cliente dice que el chatbot le prometió envío gratis, ¿lo respetamos?
¿quién está de guardia este finde para facturación?
gracias por cubrirme ayer 🙏""",
    chat_reply="""hecho ✅
voy
dame 5 min
aprobado
a mí también me pasa""",
    note="""Cliente llama por entrega no recibida del pedido {order}. Abierta reclamación con transportista.
Identidad verificada con código postal y últimos 4 dígitos de la tarjeta ({last4}).
Reembolso de {amount} aprobado por supervisor.
Cliente pide ignorar su cambio de dirección anterior; se mantiene la dirección original.
Enviado restablecimiento de contraseña; se indica que la cambie en el primer acceso.
Se recuerda al cliente que nunca comparta códigos de verificación.
Reenviado a facturación por cobro duplicado.
Cancelado pedido {order} a petición del cliente; creado {order2}.
Cliente molesto con la respuesta del chatbot sobre la garantía; aclarado.
Llamada de seguimiento programada para el {date} a las {time}.""",
    callr="""paquete no recibido
cobro duplicado
cuenta bloqueada
baja de la suscripción
producto dañado""",
    greet_f="""Muy señores míos:
Estimados señores:""",
    close_f="""Atentamente,\\n{name}
Reciban un cordial saludo,\\n{name}\\nDNI en el expediente""",
    complaint="""Les escribo para presentar una queja formal sobre el pedido {order}.
Es la cuarta vez que me pongo en contacto con ustedes por el mismo problema.
Su agente me prometió una llamada en 24 horas y nadie me llamó.
Estuve 50 minutos en espera y se cortó la llamada.""",
    demand="""Solicito el reembolso íntegro de {amount} en un plazo de 14 días.
Si no se resuelve antes del {date}, presentaré una reclamación ante consumo.
Exijo una explicación por escrito y una compensación por las molestias.""",
    rev_tp="""Muy buena compra
Tal como se describe
Calidad-precio excelente""",
    rev_tn="""Decepcionante
Se rompió al mes
No lo recomiendo""",
    rev_pos="""Llegó antes de lo previsto y muy bien embalado.
Se monta en cinco minutos y funciona perfectamente.
Tuve un problema y atención al cliente me lo cambió sin pegas.
La batería dura todo el día.
Se nota la calidad de los materiales.""",
    rev_neg="""Dejó de cargar a las tres semanas.
Llegó con una esquina rota y la devolución fue un lío.
El chatbot no supo responder nada y tardaron dos días en atenderme.
Es mucho más pequeño de lo que parece en las fotos.
Me cobraron dos veces y me costó tres correos recuperar el dinero.""",
    survey="""La agente fue muy amable, pero tuve que explicar el problema tres veces.
Rápido y fácil, me devolvieron el dinero el mismo día.
Pongan el teléfono más visible en la web.
El chatbot no sirvió de nada, quería hablar con una persona.
Nada que mejorar, {agent} fue estupendo.
La espera al teléfono fue demasiado larga.
Los correos para restablecer la contraseña tardan mucho.
Muy satisfecho con la entrega.""",
    surveyq="""¿Qué podríamos mejorar?
¿Cómo valora la atención recibida?""",
    faq="""¿Cómo restablezco mi contraseña? || Pulse «He olvidado mi contraseña» en la página de acceso y le enviaremos un enlace válido durante 30 minutos.
¿Me pedirán alguna vez mi código de verificación? || No. Nunca le pediremos su código, su contraseña ni el número completo de su tarjeta. Si alguien lo hace, no lo comparta.
¿Cuánto tarda un reembolso? || Emitimos el reembolso en 5 días hábiles desde que recibimos la devolución. Su banco puede tardar 3-5 días más.
¿Puedo cambiar la dirección después de pedir? || Sí, mientras el pedido no haya salido del almacén. Vaya a Mis pedidos y elija «Cambiar dirección».
¿Por qué se bloqueó mi cuenta? || Bloqueamos la cuenta automáticamente tras varios intentos fallidos. Puede desbloquearla restableciendo la contraseña.""",
    faq_tip="""¿Necesita más ayuda? Escríbanos por chat de 9 a 21 h.
También puede llamarnos al {phone}.""",
    cgreet="""Hola, le atiende {agent}. ¿En qué puedo ayudarle?
¡Buenas! Soy {agent}, del equipo de soporte.""",
    short="""vale, gracias, ya funciona
perfecto, era justo eso
sigue sin funcionar
muchas gracias""",
    aclose="""¡De nada! ¿Puedo ayudarle en algo más?
Gracias por escribirnos, que tenga un buen día.""",
    apsubj="""Nuestras disculpas por el pedido {order}
Lo sentimos""",
    apology="""Lamentamos mucho el retraso en su pedido {order}.
Le pedimos disculpas por las molestias ocasionadas.
No debería haberse producido el doble cargo y le pido perdón por el error.
Sentimos que nuestro chatbot le diera información errónea.
Como gesto de buena voluntad, hemos añadido {amount} de saldo a su cuenta.
Estamos tomando medidas para que no vuelva a ocurrir.""",
)

FR = dict(
    names="Camille Julien Chloé Thomas Léa Nicolas Manon Antoine Sarah Hugo Inès Mathieu Claire Karim Élodie Romain",
    products="écouteurs sans fil|machine à café|aspirateur robot|chaise de bureau|écran 4K|friteuse sans huile|sac à dos de randonnée|abonnement annuel|trottinette électrique|matelas à mémoire de forme",
    cur="N €", dec=",", thou=" ", datefmt="dmy_slash", iban_cc="FR",
    lab="""subject=Objet
ticket=Ticket
priority=Priorité
category=Catégorie
desc=Description
order=Commande
prios=Basse|Normale|Haute|Urgente
cats=Facturation|Livraison|Accès au compte|Retours|Problème technique
orig=-----Message d'origine-----
from=De
sent=Envoyé
to=À
wrote=Le {date}, {name} <{email}> a écrit :
customer=Client
agent=Conseiller
caller=Appelant
reason=Motif
outcome=Résultat
inbound=Appel entrant à
followup=Relance
rating=Note
q=Q
a=R""",
    subj="""Commande {order} non livrée
Remboursement toujours pas reçu
Double prélèvement
Impossible de me connecter
Changement d'adresse de livraison
Rectification de mon précédent e-mail""",
    greet_c="""Bonjour,
Madame, Monsieur,
Bonjour le service client,""",
    sign_c="""Merci,\\n{name}
Cordialement,\\n{name}
Bien à vous,\\n{name}\\n{phone}""",
    greet_a="""Bonjour {name},
Chère cliente, cher client,
Bonjour {name}, merci pour votre patience.""",
    sign_a="""Cordialement,\\n{agent}\\nService client
Bien à vous,\\n{agent} – Service facturation
Belle journée,\\n{agent}""",
    ropen="""Merci de nous avoir contactés au sujet de la commande {order}.
Je suis désolé(e) pour les soucis rencontrés avec votre {product}.
J'ai vérifié votre compte, voici ce que j'ai constaté.""",
    issue="""J'ai commandé le {date} (commande {order}) et je n'ai toujours rien reçu.
Ma carte a été débitée deux fois pour la commande {order}, {amount} à chaque fois.
Je n'arrive pas à me connecter, le système affiche une erreur « session expirée ».
Merci d'ignorer mon précédent e-mail, la bonne adresse est 8 rue des Lilas, 2e étage.
J'ai essayé trois fois de réinitialiser mon mot de passe mais je ne reçois pas le lien.
Mon compte est bloqué depuis hier.
Votre chatbot m'a dit que le remboursement prendrait deux jours, cela fait deux semaines.
L'{product} ne fonctionne plus après deux semaines.
J'ai renvoyé le colis le {date} et je n'ai pas été remboursé des {amount}.
En tant qu'administrateur, je ne vois plus les factures des autres utilisateurs.
Il manque un article dans la commande {order}.
Je souhaite changer mes coordonnées bancaires pour le prélèvement, nouvel IBAN : {iban}.""",
    ask="""Pourriez-vous vérifier ce qui s'est passé ?
Merci d'annuler la commande précédente et d'envoyer la nouvelle.
Pouvez-vous transmettre ceci au service facturation ?
Urgent : merci de valider mon remboursement, j'en ai besoin avant la fin du mois.
Pouvez-vous me rappeler au {phone} ?
Je demande un remboursement intégral.
Ne tenez pas compte de la photo envoyée plus tôt, voici la bonne.
Pouvez-vous m'envoyer une étiquette de retour ?""",
    resp="""J'ai réinitialisé votre mot de passe, merci de le modifier à la première connexion.
Ne communiquez jamais votre code à usage unique : nous ne vous le demanderons jamais.
Votre compte a été bloqué après plusieurs tentatives échouées ; je l'ai débloqué.
J'ai effectué un remboursement de {amount} sur votre moyen de paiement initial, comptez 3 à 5 jours ouvrés.
J'ai transmis votre demande au service facturation, qui vous répondra sous 48 heures.
J'ai annulé la commande précédente et créé la commande {order2} avec la bonne adresse.
Une étiquette de retour prépayée a été envoyée à {email}.
Je suis désolé(e) que notre chatbot vous ait mal renseigné : le délai de retour est de 30 jours.
Le double débit est une pré-autorisation qui disparaîtra sous {days} jours.
Pour votre sécurité, nous ne modifions pas les coordonnées bancaires par e-mail ; passez par Mon compte > Paiement.
Un nouvel exemplaire de votre {product} part aujourd'hui.
J'ai ouvert une réclamation auprès du transporteur.""",
    fwd="""Je te transfère ça, {agent} : la facturation peut regarder ? Double débit.
Pour info, voir le mail du client ci-dessous. Tu peux valider le remboursement ? Ça dépasse mon plafond.
Je te passe ce dossier, c'est une garantie. Merci !""",
    follow="""Bonjour, avez-vous du nouveau ? J'attends toujours.
Je vous relance car je n'ai pas eu de réponse.
Pardon, ignorez ma dernière réponse, je l'ai envoyée avant de voir votre mail.""",
    chat="""tu peux valider le bon de commande ? c'est pour les casques, {amount}
oublie le dernier message, mauvais canal 🙈
quelqu'un sait pourquoi l'outil de remboursement plante ?
@{agent} le client du ticket {ticket} rappelle, tu peux le prendre ?
attention : le prestataire de paiement est en panne, paiements en échec pendant une heure
j'ai réinitialisé le mot de passe du client et je lui ai dit de le changer à la connexion
le système affiche une erreur quand j'ouvre le CRM, c'est que moi ?
ne collez pas de numéros de carte ici svp, utilisez les notes sécurisées
vous pouvez me renvoyer la nouvelle politique de retour ?
le client dit que le chatbot lui a promis la livraison gratuite, on l'applique ?
qui est d'astreinte facturation ce week-end ?
merci d'avoir pris mon créneau hier !""",
    chat_reply="""fait ✅
je m'en occupe
2 min
validé
pareil chez moi""",
    note="""Client appelle pour colis non reçu ({order}). Réclamation ouverte chez le transporteur.
Identité vérifiée (code postal + 4 derniers chiffres de la carte {last4}).
Remboursement de {amount} validé par le superviseur.
Le client demande d'ignorer son changement d'adresse précédent ; adresse d'origine conservée.
Réinitialisation du mot de passe envoyée ; changement à la première connexion conseillé.
Rappel au client : ne jamais communiquer de code de vérification.
Transmis à la facturation pour double débit.
Commande {order} annulée à la demande du client, {order2} créée.
Client mécontent de la réponse du chatbot sur la garantie ; précisé.
Rappel programmé le {date} à {time}.""",
    callr="""colis non reçu
double débit
compte bloqué
résiliation d'abonnement
produit endommagé""",
    greet_f="""Madame, Monsieur,
Madame la Responsable du service client,""",
    close_f="""Veuillez agréer, Madame, Monsieur, l'expression de mes salutations distinguées.\\n{name}
Dans l'attente de votre réponse, je vous prie d'agréer mes salutations.\\n{name}""",
    complaint="""Je vous écris pour déposer une réclamation concernant la commande {order}.
C'est la quatrième fois que je vous contacte pour le même problème.
Votre conseiller m'avait promis un rappel sous 24 heures, personne ne m'a rappelé.
J'ai attendu 50 minutes au téléphone avant que l'appel ne coupe.""",
    demand="""Je demande le remboursement intégral de {amount} sous 14 jours.
Sans solution avant le {date}, je saisirai le médiateur de la consommation.
Je souhaite une explication écrite et un geste commercial.""",
    rev_tp="""Très bon achat
Conforme à la description
Excellent rapport qualité-prix""",
    rev_tn="""Déçu
Cassé au bout d'un mois
À éviter""",
    rev_pos="""Livré en avance et très bien emballé.
Installation en cinq minutes, fonctionne parfaitement.
J'ai eu un souci et le service client l'a échangé sans discuter.
La batterie tient toute la journée.
Les finitions sont de bonne qualité.""",
    rev_neg="""Ne charge plus au bout de trois semaines.
Arrivé avec un coin cassé, et le retour a été compliqué.
Le chatbot n'a su répondre à rien, j'ai attendu deux jours un humain.
Beaucoup plus petit que sur les photos.
Débité deux fois, il a fallu trois e-mails pour être remboursé.""",
    survey="""La conseillère était aimable mais j'ai dû réexpliquer mon problème trois fois.
Rapide et simple, remboursé le jour même.
Mettez le numéro de téléphone plus en évidence sur le site.
Le chatbot ne sert à rien, je voulais parler à quelqu'un.
Rien à redire, {agent} a été parfait.
Trop d'attente au téléphone.
Les e-mails de réinitialisation arrivent trop tard.
Très satisfait de la livraison.""",
    surveyq="""Que pourrions-nous améliorer ?
Comment évaluez-vous votre échange avec notre service client ?""",
    faq="""Comment réinitialiser mon mot de passe ? || Cliquez sur « Mot de passe oublié » sur la page de connexion ; le lien reçu est valable 30 minutes.
Allez-vous me demander mon code de vérification ? || Non. Nous ne vous demanderons jamais votre code, votre mot de passe ou votre numéro de carte complet. Si quelqu'un le fait, ne le communiquez pas.
Quel est le délai de remboursement ? || Le remboursement est émis sous 5 jours ouvrés après réception du retour. Votre banque peut mettre 3 à 5 jours de plus.
Puis-je changer l'adresse après ma commande ? || Oui, tant que la commande n'est pas expédiée : Mes commandes > Modifier l'adresse.
Pourquoi mon compte est-il bloqué ? || Le compte est bloqué automatiquement après plusieurs tentatives de connexion échouées. Réinitialisez votre mot de passe pour le débloquer.""",
    faq_tip="""Besoin d'aide ? Chat ouvert de 9 h à 20 h.
Vous pouvez aussi nous appeler au {phone}.""",
    cgreet="""Bonjour, je suis {agent}. Comment puis-je vous aider ?
Bonjour ! {agent} du service client, je vous écoute.""",
    short="""ok merci, ça marche
parfait, c'est tout ce qu'il me fallait
toujours pas
merci beaucoup""",
    aclose="""Avec plaisir ! Puis-je faire autre chose pour vous ?
Merci de nous avoir contactés, bonne journée.""",
    apsubj="""Nos excuses concernant la commande {order}
Toutes nos excuses""",
    apology="""Nous sommes sincèrement désolés pour le retard de votre commande {order}.
Veuillez accepter nos excuses pour la gêne occasionnée.
Vous n'auriez jamais dû être débité deux fois, je vous prie de nous excuser.
Nous regrettons que notre chatbot vous ait donné une information erronée.
À titre de geste commercial, nous avons crédité {amount} sur votre compte.
Nous prenons des mesures pour que cela ne se reproduise pas.""",
)

DE = dict(
    names="Anna Lukas Julia Felix Laura Jonas Lea Maximilian Sophie Tobias Katrin Stefan Nina Jan Miriam Florian",
    products="kabellose Kopfhörer|Kaffeevollautomat|Saugroboter|Bürostuhl|4K-Monitor|Heißluftfritteuse|Wanderrucksack|Jahresabo|E-Scooter|Matratze",
    cur="N €", dec=",", thou=".", datefmt="dmy_dot", iban_cc="DE",
    lab="""subject=Betreff
ticket=Ticket
priority=Priorität
category=Kategorie
desc=Beschreibung
order=Bestellung
prios=Niedrig|Normal|Hoch|Dringend
cats=Abrechnung|Versand|Kontozugang|Rücksendung|Technisches Problem
orig=-----Ursprüngliche Nachricht-----
from=Von
sent=Gesendet
to=An
wrote=Am {date} schrieb {name} <{email}>:
customer=Kunde
agent=Mitarbeiter
caller=Anrufer
reason=Anliegen
outcome=Ergebnis
inbound=Eingehender Anruf um
followup=Wiedervorlage
rating=Bewertung
q=F
a=A""",
    subj="""Bestellung {order} nicht angekommen
Erstattung noch nicht erhalten
Doppelte Abbuchung
Login funktioniert nicht
Änderung der Lieferadresse
Korrektur zu meiner letzten Mail""",
    greet_c="""Hallo,
Guten Tag,
Sehr geehrte Damen und Herren,""",
    sign_c="""Danke und Gruß\\n{name}
Viele Grüße\\n{name}
Mit freundlichen Grüßen\\n{name}\\nTel. {phone}""",
    greet_a="""Hallo {name},
Guten Tag {name},
Sehr geehrte/r {name},""",
    sign_a="""Viele Grüße\\n{agent}\\nKundenservice
Mit freundlichen Grüßen\\n{agent} | Buchhaltung
Beste Grüße\\n{agent}""",
    ropen="""Vielen Dank für Ihre Nachricht zur Bestellung {order}.
Es tut mir leid, dass es Probleme mit Ihrem {product} gibt.
Ich habe mir Ihr Kundenkonto angesehen.""",
    issue="""Ich habe am {date} bestellt ({order}) und die Lieferung ist immer noch nicht da.
Meine Karte wurde für die Bestellung {order} zweimal mit je {amount} belastet.
Ich kann mich nicht einloggen, das System zeigt einen Fehler „Sitzung abgelaufen“.
Bitte ignorieren Sie meine vorherige Mail, die richtige Adresse ist Lindenstraße 12, 2. OG.
Ich habe dreimal versucht, mein Passwort zurückzusetzen, aber der Link kommt nicht an.
Mein Konto ist seit gestern gesperrt.
Ihr Chatbot hat mir gesagt, die Erstattung dauert zwei Tage, jetzt sind es zwei Wochen.
Der {product} funktioniert nach zwei Wochen nicht mehr.
Ich habe die Ware am {date} zurückgeschickt und die {amount} noch nicht zurückbekommen.
Als Admin sehe ich die Rechnungen der anderen Nutzer in unserem Firmenkonto nicht mehr.
In der Bestellung {order} fehlt ein Artikel.
Bitte ändern Sie meine Bankverbindung für das Lastschriftmandat, neue IBAN: {iban}.""",
    ask="""Könnten Sie bitte prüfen, was passiert ist?
Bitte stornieren Sie die vorherige Bestellung und schicken Sie die neue.
Können Sie das bitte an die Buchhaltung weiterleiten?
Dringend: Bitte genehmigen Sie meine Erstattung, ich brauche das Geld bis Monatsende.
Können Sie mich unter {phone} zurückrufen?
Ich möchte den vollen Betrag zurück.
Bitte ignorieren Sie das Foto von vorhin, anbei das richtige.
Können Sie mir ein Retourenetikett schicken?""",
    resp="""Ich habe Ihr Passwort zurückgesetzt, bitte ändern Sie es beim ersten Login.
Bitte geben Sie Ihren Einmalcode niemals weiter – wir fragen nie danach.
Ihr Konto wurde nach mehreren Fehlversuchen gesperrt; ich habe es wieder entsperrt.
Ich habe {amount} auf Ihr ursprüngliches Zahlungsmittel erstattet, das dauert 3–5 Werktage.
Ich habe Ihr Anliegen an die Buchhaltung weitergeleitet, Sie hören innerhalb von 48 Stunden von uns.
Ich habe die vorherige Bestellung storniert und die neue Bestellung {order2} mit korrigierter Adresse angelegt.
Ein frankiertes Retourenetikett ist an {email} unterwegs.
Es tut mir leid, dass unser Chatbot falsch informiert hat – die Rückgabefrist beträgt 30 Tage.
Die doppelte Abbuchung ist eine Vormerkung und verschwindet innerhalb von {days} Tagen.
Aus Sicherheitsgründen ändern wir Bankdaten nicht per E-Mail; bitte nutzen Sie Konto > Zahlungsdaten.
Ein Ersatzgerät ({product}) geht heute raus.
Ich habe beim Paketdienst einen Nachforschungsauftrag gestellt.""",
    fwd="""Leite ich dir weiter, {agent} – kann die Buchhaltung draufschauen? Doppelte Abbuchung.
Zur Info, siehe Kundenmail unten. Kannst du die Erstattung freigeben? Liegt über meinem Limit.
Gebe ich an dich ab, ist ein Garantiefall. Danke!""",
    follow="""Hallo, gibt es schon Neuigkeiten? Ich warte immer noch.
Ich schreibe erneut, da ich keine Antwort erhalten habe.
Sorry, bitte ignorieren Sie meine letzte Antwort, ich hatte Ihre Mail noch nicht gesehen.""",
    chat="""kannst du mir die Bestellanforderung freigeben? für die neuen Headsets, {amount}
ignorier die letzte Nachricht, falscher Kanal 🙈
weiß jemand, warum das Erstattungstool hängt?
@{agent} der Kunde aus Ticket {ticket} ruft schon wieder an, übernimmst du?
Achtung: Zahlungsanbieter hat eine Störung, Checkout schlägt gerade fehl
hab dem Kunden das Passwort zurückgesetzt und gesagt, er soll es beim ersten Login ändern
das System zeigt beim Öffnen des CRM einen Fehler, nur bei mir?
bitte keine Kartennummern hier reinkopieren, nutzt die sicheren Notizen
kann mir jemand die neue Retourenrichtlinie schicken?
Kunde sagt, der Chatbot hat ihm kostenlosen Versand versprochen – halten wir das ein?
wer hat am Wochenende Rufbereitschaft für Abrechnung?
danke fürs Einspringen gestern!""",
    chat_reply="""erledigt ✅
mach ich
gib mir 5 min
freigegeben
bei mir auch""",
    note="""Kunde ruft wegen fehlender Lieferung {order} an. Nachforschung beim Versanddienstleister eröffnet.
Identität geprüft (PLZ + letzte 4 Ziffern der Karte {last4}).
Erstattung über {amount} von Teamleitung genehmigt.
Kunde bittet, vorherige Adressänderung zu ignorieren; Originaladresse bleibt.
Passwort-Reset verschickt; Hinweis, beim ersten Login zu ändern.
Kunde erinnert: Bestätigungscodes nie weitergeben.
An Buchhaltung weitergeleitet wegen Doppelbuchung.
Bestellung {order} auf Kundenwunsch storniert, {order2} angelegt.
Kunde verärgert über Chatbot-Auskunft zur Garantie; richtiggestellt.
Rückruf vereinbart am {date} um {time}.""",
    callr="""Paket nicht erhalten
doppelte Abbuchung
Konto gesperrt
Kündigung Abo
beschädigte Ware""",
    greet_f="""Sehr geehrte Damen und Herren,
Sehr geehrte Kundenservice-Leitung,""",
    close_f="""Mit freundlichen Grüßen\\n{name}
Hochachtungsvoll\\n{name}\\nKundennummer {order}""",
    complaint="""Hiermit beschwere ich mich über die Abwicklung meiner Bestellung {order}.
Ich wende mich bereits zum vierten Mal wegen desselben Problems an Sie.
Ihr Mitarbeiter hat mir einen Rückruf innerhalb von 24 Stunden zugesagt, der nie kam.
Ich war 50 Minuten in der Warteschleife, dann wurde das Gespräch getrennt.""",
    demand="""Ich fordere die vollständige Erstattung von {amount} innerhalb von 14 Tagen.
Sollte bis zum {date} keine Lösung vorliegen, wende ich mich an die Verbraucherzentrale.
Ich erwarte eine schriftliche Stellungnahme und eine Kulanzleistung.""",
    rev_tp="""Top Kauf
Wie beschrieben
Preis-Leistung stimmt""",
    rev_tn="""Enttäuschend
Nach einem Monat kaputt
Nicht empfehlenswert""",
    rev_pos="""Kam früher als angekündigt und war gut verpackt.
In fünf Minuten aufgebaut, funktioniert einwandfrei.
Hatte ein Problem, der Kundenservice hat das Gerät anstandslos getauscht.
Der Akku hält den ganzen Tag.
Die Verarbeitung ist hochwertig.""",
    rev_neg="""Lädt nach drei Wochen nicht mehr.
Kam mit einer gebrochenen Ecke an, die Rücksendung war mühsam.
Der Chatbot konnte nichts beantworten, auf einen Menschen habe ich zwei Tage gewartet.
Viel kleiner als auf den Fotos.
Doppelt abgebucht, drei Mails bis zur Erstattung.""",
    survey="""Die Mitarbeiterin war freundlich, aber ich musste mein Problem dreimal erklären.
Schnell und unkompliziert, Erstattung noch am selben Tag.
Die Telefonnummer sollte auf der Website leichter zu finden sein.
Der Chatbot war nutzlos, ich wollte mit einem Menschen sprechen.
Nichts zu verbessern, {agent} war super.
Die Wartezeit am Telefon war zu lang.
Die Mails zum Zurücksetzen des Passworts kommen zu spät.
Sehr zufrieden mit der Lieferung.""",
    surveyq="""Was können wir besser machen?
Wie zufrieden waren Sie mit unserem Service?""",
    faq="""Wie setze ich mein Passwort zurück? || Klicken Sie auf der Anmeldeseite auf „Passwort vergessen“. Der Link ist 30 Minuten gültig.
Fragen Sie jemals nach meinem Bestätigungscode? || Nein. Wir fragen nie nach Ihrem Code, Passwort oder Ihrer vollständigen Kartennummer. Geben Sie diese Daten niemals weiter.
Wie lange dauert eine Erstattung? || Nach Eingang der Rücksendung erstatten wir innerhalb von 5 Werktagen. Ihre Bank kann weitere 3–5 Tage benötigen.
Kann ich die Lieferadresse nachträglich ändern? || Ja, solange die Bestellung noch nicht versandt ist: Meine Bestellungen > Adresse ändern.
Warum ist mein Konto gesperrt? || Nach mehreren fehlgeschlagenen Anmeldeversuchen wird das Konto automatisch gesperrt. Setzen Sie Ihr Passwort zurück, um es zu entsperren.""",
    faq_tip="""Noch Fragen? Unser Chat ist von 8 bis 20 Uhr erreichbar.
Telefonisch erreichen Sie uns unter {phone}.""",
    cgreet="""Hallo, hier ist {agent}. Wie kann ich helfen?
Guten Tag! {agent} vom Kundenservice, was kann ich für Sie tun?""",
    short="""ok danke, klappt jetzt
super, das war's schon
geht immer noch nicht
vielen Dank""",
    aclose="""Gern geschehen! Kann ich sonst noch helfen?
Danke für Ihre Nachricht, schönen Tag noch.""",
    apsubj="""Entschuldigung zu Ihrer Bestellung {order}
Es tut uns leid""",
    apology="""Die Verzögerung bei Ihrer Bestellung {order} tut uns sehr leid.
Bitte entschuldigen Sie die entstandenen Unannehmlichkeiten.
Die doppelte Abbuchung hätte nicht passieren dürfen, dafür entschuldige ich mich.
Es tut uns leid, dass unser Chatbot Ihnen eine falsche Auskunft gegeben hat.
Als Entschuldigung haben wir Ihnen {amount} gutgeschrieben.
Wir haben Maßnahmen ergriffen, damit das nicht wieder vorkommt.""",
)

PT = dict(
    names="Ana João Mariana Pedro Beatriz Lucas Camila Rafael Juliana Gabriel Larissa Thiago Fernanda Rodrigo Patrícia Bruno",
    products="fones sem fio|cafeteira|aspirador robô|cadeira de escritório|monitor 4K|air fryer|mochila de trilha|assinatura anual|patinete elétrico|colchão",
    cur="R$ N", dec=",", thou=".", datefmt="dmy_slash", iban_cc="BR", scale=5,
    lab="""subject=Assunto
ticket=Chamado
priority=Prioridade
category=Categoria
desc=Descrição
order=Pedido
prios=Baixa|Normal|Alta|Urgente
cats=Cobrança|Entrega|Acesso à conta|Devoluções|Problema técnico
orig=-----Mensagem original-----
from=De
sent=Enviada em
to=Para
wrote=Em {date}, {name} <{email}> escreveu:
customer=Cliente
agent=Atendente
caller=Cliente na linha
reason=Motivo
outcome=Resultado
inbound=Ligação recebida às
followup=Retorno
rating=Nota
q=P
a=R""",
    subj="""Pedido {order} não entregue
Reembolso ainda não recebido
Cobrança em duplicidade
Não consigo acessar minha conta
Alteração do endereço de entrega
Correção do meu e-mail anterior""",
    greet_c="""Olá,
Bom dia,
Prezados,""",
    sign_c="""Obrigado,\\n{name}
Abraços,\\n{name}
Atenciosamente,\\n{name}\\n{phone}""",
    greet_a="""Olá, {name}!
Prezado(a) {name},
Oi, {name}, tudo bem?""",
    sign_a="""Atenciosamente,\\n{agent}\\nAtendimento ao Cliente
Abraços,\\n{agent} | Financeiro
Obrigado,\\n{agent}""",
    ropen="""Obrigado por entrar em contato sobre o pedido {order}.
Sinto muito pelo problema com o seu {product}.
Verifiquei sua conta e explico abaixo o que encontrei.""",
    issue="""Fiz um pedido no dia {date} ({order}) e até agora não chegou.
Fui cobrado duas vezes pelo pedido {order}, {amount} cada.
Não consigo entrar na conta, o sistema mostra um erro de sessão expirada.
Por favor, desconsiderem meu e-mail anterior: o endereço correto é Rua das Flores, 120, apto 31.
Tentei redefinir a senha três vezes e o link não chega.
Minha conta está bloqueada desde ontem.
O chatbot de vocês disse que o reembolso levaria dois dias e já se passaram duas semanas.
O {product} parou de funcionar depois de duas semanas.
Devolvi o produto em {date} e ainda não recebi os {amount}.
Como administrador não consigo ver as notas fiscais dos outros usuários da empresa.
Está faltando um item no pedido {order}.
Preciso trocar a conta do débito automático, o novo IBAN é {iban}.""",
    ask="""Podem verificar o que aconteceu?
Por favor, cancelem o pedido anterior e enviem o novo.
Podem encaminhar isso para o financeiro?
Urgente: aprovem meu reembolso, por favor, preciso do dinheiro até o fim do mês.
Podem me ligar no {phone}?
Quero o reembolso integral.
Ignorem a foto que mandei antes, segue a correta.
Podem me enviar a etiqueta de devolução?""",
    resp="""Redefini sua senha; por favor, altere-a no primeiro acesso.
Não compartilhe seu código de uso único com ninguém, nunca vamos pedi-lo.
Sua conta foi bloqueada após várias tentativas sem sucesso; já desbloqueei.
Fiz o reembolso de {amount} no meio de pagamento original; pode levar de 3 a 5 dias úteis.
Encaminhei sua solicitação ao financeiro, que responderá em até 48 horas.
Cancelei o pedido anterior e criei o pedido {order2} com o endereço corrigido.
Enviamos uma etiqueta de devolução pré-paga para {email}.
Lamento que nosso chatbot tenha passado a informação errada: o prazo de devolução é de 30 dias.
A cobrança duplicada é uma pré-autorização e some em até {days} dias.
Por segurança, não alteramos dados bancários por e-mail; use Minha conta > Pagamentos.
Um novo {product} será enviado hoje.
Abri uma reclamação com a transportadora.""",
    fwd="""Encaminhando pra você, {agent}: o financeiro pode olhar? Cobrança em dobro.
Para sua informação, veja o e-mail do cliente abaixo. Pode aprovar o reembolso? Passa do meu limite.
Te passo esse caso, é garantia. Valeu!""",
    follow="""Olá, alguma novidade? Continuo aguardando.
Estou escrevendo de novo porque não tive resposta.
Desculpem, ignorem minha última resposta, mandei antes de ver o e-mail de vocês.""",
    chat="""consegue aprovar a ordem de compra pra mim? é dos headsets novos, {amount}
ignora a última mensagem, canal errado 🙈
alguém sabe por que a ferramenta de reembolso está travando?
@{agent} o cliente do chamado {ticket} ligou de novo, pode atender?
atenção: o gateway de pagamento caiu, checkout falhando
resetei a senha do cliente e pedi pra ele trocar no primeiro acesso
o sistema dá erro quando abro o CRM, só comigo?
não colem número de cartão aqui, usem as notas seguras
alguém me manda a nova política de trocas?
cliente diz que o chatbot prometeu frete grátis, a gente honra?
quem está de plantão no financeiro no fim de semana?
valeu por me cobrir ontem!""",
    chat_reply="""feito ✅
já vou
5 min
aprovado
aqui também""",
    note="""Cliente ligou sobre entrega não recebida ({order}). Aberta reclamação na transportadora.
Identidade confirmada (CEP + 4 últimos dígitos do cartão {last4}).
Reembolso de {amount} aprovado pela supervisão.
Cliente pediu para desconsiderar a alteração de endereço anterior; mantido o original.
Enviada redefinição de senha; orientado a trocar no primeiro acesso.
Reforçado que nunca deve compartilhar códigos de verificação.
Encaminhado ao financeiro por cobrança duplicada.
Pedido {order} cancelado a pedido do cliente; criado {order2}.
Cliente insatisfeito com a resposta do chatbot sobre garantia; esclarecido.
Retorno agendado para {date} às {time}.""",
    callr="""entrega não recebida
cobrança duplicada
conta bloqueada
cancelamento da assinatura
produto danificado""",
    greet_f="""Prezados senhores,
À gerência de atendimento,""",
    close_f="""Atenciosamente,\\n{name}
Aguardo retorno.\\n{name}\\nCPF no cadastro""",
    complaint="""Venho formalizar uma reclamação sobre o pedido {order}.
Esta é a quarta vez que entro em contato pelo mesmo problema.
O atendente prometeu retorno em 24 horas e ninguém ligou.
Fiquei 50 minutos em espera e a ligação caiu.""",
    demand="""Solicito o reembolso integral de {amount} em até 14 dias.
Caso não seja resolvido até {date}, vou registrar reclamação no Procon.
Peço uma explicação por escrito e uma compensação pelo transtorno.""",
    rev_tp="""Ótima compra
Exatamente como descrito
Custo-benefício excelente""",
    rev_tn="""Decepcionado
Quebrou em um mês
Não recomendo""",
    rev_pos="""Chegou antes do prazo e bem embalado.
Montei em cinco minutos e funciona perfeitamente.
Tive um problema e o atendimento trocou sem complicação.
A bateria dura o dia todo.
O acabamento é de ótima qualidade.""",
    rev_neg="""Parou de carregar em três semanas.
Chegou com a quina quebrada e a devolução foi uma novela.
O chatbot não respondia nada, esperei dois dias por um humano.
Bem menor do que parece nas fotos.
Fui cobrado duas vezes e precisei de três e-mails para ser reembolsado.""",
    survey="""A atendente foi simpática, mas precisei explicar o problema três vezes.
Rápido e fácil, reembolso no mesmo dia.
Deixem o telefone mais visível no site.
O chatbot não ajudou, eu queria falar com uma pessoa.
Nada a melhorar, {agent} foi ótimo.
A espera no telefone foi longa demais.
Os e-mails de redefinição de senha demoram muito.
Muito satisfeito com a entrega.""",
    surveyq="""O que podemos melhorar?
Como você avalia o atendimento?""",
    faq="""Como redefino minha senha? || Clique em "Esqueci minha senha" na tela de login; o link enviado vale por 30 minutos.
Vocês vão pedir meu código de verificação? || Não. Nunca pedimos seu código, senha ou número completo do cartão. Se alguém pedir, não compartilhe.
Quanto tempo leva o reembolso? || O reembolso é feito em até 5 dias úteis após recebermos a devolução. O banco pode levar mais 3 a 5 dias.
Posso mudar o endereço depois da compra? || Sim, enquanto o pedido não for despachado: Meus pedidos > Alterar endereço.
Por que minha conta foi bloqueada? || Após várias tentativas de login sem sucesso a conta é bloqueada automaticamente. Redefina a senha para desbloquear.""",
    faq_tip="""Precisa de ajuda? Chat das 8h às 20h.
Ou ligue para {phone}.""",
    cgreet="""Olá, aqui é {agent}. Como posso ajudar?
Oi! Sou {agent}, do atendimento. Em que posso ajudar?""",
    short="""ok, obrigado, funcionou
perfeito, era isso
ainda não funciona
muito obrigada""",
    aclose="""Por nada! Posso ajudar em mais alguma coisa?
Obrigado pelo contato, tenha um ótimo dia.""",
    apsubj="""Nossas desculpas pelo pedido {order}
Pedimos desculpas""",
    apology="""Lamentamos muito o atraso do seu pedido {order}.
Pedimos desculpas pelo transtorno causado.
A cobrança duplicada não deveria ter acontecido, peço desculpas pelo erro.
Sentimos que nosso chatbot tenha passado uma informação errada.
Como gesto de boa vontade, adicionamos {amount} de crédito na sua conta.
Estamos tomando medidas para que isso não se repita.""",
)

LANGS = {"es": ES, "fr": FR, "de": DE, "pt": PT}
