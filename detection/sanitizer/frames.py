# ruff: noqa: E501
# One cue per line: a long alternation reads better whole than wrapped.
"""Business frames: legitimate text that uses an attack's words.

Three kinds of everyday text share words with an instruction override:

* a document correcting its own earlier content ("the previous instructions
  are cancelled; this is the corrected amount", "ignore my last email, the
  amount was wrong");
* help text on a warning or a filter in the reader's own software ("to stop
  this warning, ignore the spam filter's suggestion");
* a customer warned about fraud ("ignore any instruction to call this
  number; we never ask for your PIN");

and a fourth shares the model stage's idea of a bare task line: an amount
with a transfer word, written plainly ("move 300000", "pay invoice 2291
now").

What sets them apart from an attack is who is addressed and what is asked:
a human reader, about a document, a warning or a scam, never a model about
its own guidance or its tools.  `business_frame` names the frame a value is
in, or None when it has none **or when it addresses a model anyway** (an
assistant, an AI, a system role marker, "your instructions", "you were
told", secrecy towards the user, ...): one such cue anywhere cancels every
frame, so wrapping an attack in a correction buys the attacker nothing.

The engine lets the rules marked `yields: true` (the broad override,
cancel-the-instructions and whole-balance rules) stand down on a framed
value, and the model stage reads only the sentences of it that the frame
does not explain (`unframed_text`).  Every other rule still runs on it.
The engine looks for a frame only when it could change the verdict (a
yielding rule fired, or the model's score reached the threshold).
Patterns are matched against the canonical and the folded forms (Latin
script without accents, as in the rule files).
"""

from __future__ import annotations

import re
from functools import lru_cache

from detection.sanitizer.canonical import matching_forms


def _any(*phrases: str) -> str:
    return "(?:" + "|".join(phrases) + ")"


# Anything addressing a model, its guidance or its tools, in the languages the
# frames below are written for.  Latin words are bounded so "ai" is not found
# in "said"; CJK and Hangul words need no boundary.
_MODEL_WORDS = _any(
    # the reader named as a model
    r"assistant",
    r"assistente",
    r"assistent",
    r"asistente",
    r"asystent\w*",
    r"asistan\w*",
    r"asisten",
    # "ai" and "ia" are also Italian and Spanish words ("ai contatti"): only
    # as a name ("AI:", "the AI", "AI assistant").
    r"ai(?=\s*[,:;!])",
    r"(?:the|an|hey|hi|dear|to the|for the|this) ai",
    r"ai (?:assistant|agent|model|system|bot)",
    r"a\.i\.",
    r"ia(?=\s*[,:;!])",
    r"(?:l'|la |le |una |un |a )ia",
    r"ki(?=\s*[,:])",
    r"llm",
    r"gpt\w*",
    r"chat ?bot\w*",
    r"bot",
    # a model addressed, not a product's model number ("Model X200")
    r"(?:the|your|this|that|a|an|language|ai|ml|llm) model",
    r"model(?:'s)? (?:instructions?|prompt|output|rules|guidelines|settings)",
    r"modelo",
    r"modele",
    r"modell",
    r"modello",
    r"ai agent",
    r"the agent",
    r"copilot",
    r"tro ly",
    r"ассистент\w*",
    r"асистент\w*",
    r"ии",
    r"ші",
    r"бот\w*",
    r"мод[еe]л\w*",
    r"सहायक",
    r"मॉडल",
    r"مساعد\w*",
    r"ذكاء",
    r"system prompt",
    r"transfer_funds",
    # a tool the reader calls, not a business that sells tools ("Acme
    # Tools", "power tools"): named with an article or possessive, or called
    r"(?:the|your|its|this|that|a|any|every|available|internal) (?:\w+ )?tools?",
    r"tools? (?:call|calls|use|access|output|list|schema)",
    r"(?:use|call|invoke|run|trigger) (?:the |your |this |a )?(?:\w+ )?tool",
    r"function call\w*",
)
_CJK_MODEL_WORDS = _any(
    "助手", "人工智能", "模型", "机器人", "系统提示", "アシスタント", "モデル", "ボット", "ＡＩ", "어시스턴트", "모델", "챗봇", "인공지능"
)  # fmt: skip
_ADDRESSES_MODEL = re.compile(
    "|".join(
        (
            rf"(?<![^\W_]){_MODEL_WORDS}(?![^\W_])",
            _CJK_MODEL_WORDS,
            # forged role markers: "SYSTEM:", "[system]", "### system", "<|im_start|>"
            r"(?<![^\W_])(?:system|sistema|systeme|systeme|система|систем|sistem)\s*[:\]>】)]",
            r"\[\s*(?:system|admin|developer|operator)",
            r"[^\w\s]\s*(?:system|admin|developer|operator)\s*[^\w\s]",
            r"<\|",
            r"#{3}",
            r"(?:系统|システム|시스템)\s*[:：]",
            # the reader's own guidance, configuration or behaviour
            r"(?<![^\W_])you(?:'ve| have| were| are| had)?\s+(?:been\s+)?(?:told|given|configured|instructed|set up|programmed|trained|initiali[sz]ed|briefed|received)",
            r"(?<![^\W_])your\s+(?:\w+\s+){0,2}?(?:instructions?|rules|guidelines|guidance|configuration|config|setup|programming|prompt|guardrails|safeguards|restrictions|limits|policy|policies|directives?|orders|mandate|brief(?:ing)?|confirmation|actions|behaviou?r|conduct|answers?|repl(?:y|ies)|responses?)",
            r"(?<![^\W_])(?:told|instructed|configured) you(?![^\W_])",
            r"(?<![^\W_])(?:listen to|obey|follow) (?:me|these|this|the following|what follows|my)(?![^\W_])",
            r"(?<![^\W_])(?:act|proceed|operate) (?:only|solely|under|according)",
            r"(?<![^\W_])out of your mind",
            r"(?<![^\W_])(?:nur|allein) (?:dieser|diese|dieses) (?:text|notiz|nachricht|memo)",
            r"(?<![^\W_])harus kamu",
            # the same in the other languages the frames cover: the reader's
            # own orders, what it was told before, "from now on"
            r"(?<![^\W_])(?:te (?:dijeron|dieron|indicaron|han dicho|habian dicho)|tus (?:ordenes|instrucciones|reglas|directrices|indicaciones|normas))(?![^\W_])",
            r"(?<![^\W_])(?:a partir de (?:ahora|agora|maintenant)|de (?:ahora|agora) en adelante|de agora em diante|desormais|dorenavant|ab (?:jetzt|sofort)|von nun an|d'ora in poi|da (?:ora|adesso) in poi)(?![^\W_])",
            r"(?<![^\W_])(?:(?:lhe|te) (?:disseram|deram|foi dito)|(?:suas|tuas|seus|teus) (?:ordens|instrucoes|regras|diretrizes))(?![^\W_])",
            r"(?<![^\W_])(?:on t'a (?:dit|donne)|tes (?:consignes|instructions|regles|ordres))(?![^\W_])",
            r"(?<![^\W_])(?:deine (?:anweisungen|regeln|vorgaben|befehle|richtlinien)|dir (?:gesagt|gegeben))(?![^\W_])",
            r"(?<![^\W_])(?:(?:le )?tue (?:istruzioni|regole|direttive)|ti (?:hanno detto|e stato detto))(?![^\W_])",
            r"(?<![^\W_])(?:todo lo que|tudo o que|tout ce qu)(?![^\W_])",
            # "all previous instructions", and an override joined to a tool
            # call, in the other languages
            r"(?<![^\W_])(?:все (?:предыдущие |прежние )?(?:инструкции|указания|правила)|всі (?:попередні )?(?:інструкції|вказівки|правила)|todas las (?:instrucciones|reglas|indicaciones)|toutes les (?:instructions|consignes|regles)|alle (?:vorherigen |bisherigen |fruheren )?(?:anweisungen|regeln|vorgaben)|tutte le (?:istruzioni|regole)|todas as (?:instrucoes|regras)|wszystkie (?:poprzednie )?(?:instrukcje|polecenia|zasady)|tum (?:onceki )?talimatlar\w*|semua (?:instruksi|perintah|aturan)|tat ca (?:cac )?(?:huong dan|chi dan|lenh))(?![^\W_])",
            "すべての指示|全ての指示|指示をすべて|모든 지시|지시를 모두",
            r"(?<![^\W_])(?:ignor\w*|игнориру\w*|ігнору\w*|abaikan|zignoruj\w*|olvida\w*|oublie\w*|vergiss|dimentica\w*|esquec\w*|desconsider\w*|забудь\w*)[^.!?;\n]{0,60}? (?:y|et|und|e|и|і|dan|i|ve) (?:transfiere|envia|paga|aprueba|vire|envoie|paye|valide|uberweise|sende|zahle|genehmige|trasferisci|invia|approva|transfira|envie|pague|aprove|переведи|отправь|оплати|одобри|переказуй|надішли|оплати|transfer|kirim|bayar|setujui|przelej|wyslij|zaplac|zatwierdz|aktar|gonder|ode|onayla)\w*",
            # secrecy and role play in the other languages
            r"(?<![^\W_])(?:sans (?:le |en )?(?:mentionner|dire|prevenir|demander)|sin (?:mencionarlo|decirlo|avisar|preguntar)|no se lo digas|sem (?:avisar|mencionar|perguntar)|senza (?:dirlo|avvisare|chiedere)|ohne (?:es )?(?:zu erwahnen|ruckfrage|nachzufragen)|bez (?:pytania|informowania))(?![^\W_])",
            r"(?<![^\W_])(?:actua como|agis comme|handle als|agisci come|aja como|agu kiel|bertindak sebagai|gibi davran\w*|веди себя как|действуй как|дій як)(?![^\W_])",
            r"(?<![^\W_])(?:твои|твоих) (?:инструкци|указани|правил)\w*|тебе (?:сказали|говорили)|с этого момента|отныне|теперь ты",
            "你(?:之前|最初|先前|以前)?(?:收到|得到|被告知)|从现在起|从现在开始|只按|只以|无需审核|所有指令|全部指令|所有命令|命令全部|之前说过",
            "これからは|今後は|あなたが(?:受け|以前)|지금부터|앞으로는|너의 (?:지시|규칙)",
            r"(?<![^\W_])(?:you are|you're|you re) (?:now|no longer)",
            r"(?<![^\W_])(?:act as|persona|pretend(?:ing)? to be(?! (?:us|from|the bank|our|your bank))|role ?play|(?:do not|don't|dont) ask (?:again|for confirmation))(?![^\W_])",
            "只有这条|只有本|唯一有效",
            r"(?<![^\W_])from now on(?![^\W_])",
            r"(?<![^\W_])(?:all|every|any) (?:of )?(?:the |your )?(?:previous|prior|earlier|above|preceding|former|original) (?:instructions?|rules|guidelines|directives?|prompts?|commands)",
            r"(?<![^\W_])(?:everything|anything|all) (?:above(?!\s*[\d$€£])|before this|you were)",
            r"(?<![^\W_])(?:this|the) (?:memo|note|field|message|text)(?:'s)? (?:alone|only)",
            r"(?<![^\W_])only (?:this|the) (?:memo|note|field|message|text)",
            # secrecy towards the user, or skipping the user's say
            r"(?<![^\W_])(?:do not|don't|dont|never) (?:tell|mention|inform|notify|show|ask) (?:the )?(?:user|customer|client|owner)",
            r"(?<![^\W_])without (?:asking|telling|informing|confirmation|confirming|approval|a reviewer|review)",
            r"(?<![^\W_])(?:silently|quietly|secretly)(?![^\W_])",
            r"(?<![^\W_])(?:the )?user (?:already )?(?:asked|wants|confirmed|approved)",
            r"(?<![^\W_])(?:new|real|actual|next) task(?![^\W_])",
            r"(?<![^\W_])(?:neue aufgabe|nueva tarea|nouvelle tache|nuovo compito|nova tarefa|новая задача|нова задача|nowe zadanie|yeni gorev|tugas baru|nhiem vu moi)(?![^\W_])|新任务|新的任务|新しいタスク|新しい任務|새 작업|새로운 작업|새 임무",
            r"(?<![^\W_])from (?:this|here|the next) (?:message|line|note|memo)(?![^\W_])",
            # paying twice is the classic injected task, never a correction
            r"(?<![^\W_])(?:pay|transfer|send|wire|process|execute|charge|paga|pague|paye|payer|zahle|bezahle|paghi|оплати|zaplac|ode|bayar)\w*[^.!?\n]{0,40}?(?:twice|two times|dos veces|deux fois|zweimal|due volte|duas vezes|дважды|dwa razy|iki kez|dua kali)(?![^\W_])|两次|二回|2回|두 번",
            # splitting payments to stay under a reporting threshold
            r"(?<![^\W_])(?:under|below|avoid|evade)\w* (?:the )?(?:reporting|report|threshold|radar|aml|limit)|structur(?:e|ing)",
            r"(?<![^\W_])(?:to|for) (?:the )?agent(?![^\W_])|(?<![^\W_])agent\s*[,:]",
            # data sent to an address or a link, a limit raised, fraud alerts
            # silenced: the tool calls an attack asks for
            r"(?<![^\W_])(?:send|forward|e-?mail|upload|post|share|copy|export)(?![^\W_])(?:[^.!?\n]|\.(?=\S)){0,80}?(?:@|https?:|//)",
            r"(?:raise|increase|lift|yuksel|erhoh|aument|augment|subir|elevar)\w*[^.!?\n]{0,40}?limit|limit\w*[^.!?\n]{0,40}?(?:yuksel|raise|increase|erhoh|aument|augment|subir|elevar)",
            r"(?:fraud|dolandiricilik|betrugs?|fraude)\w*\s+(?:\w+\s+){0,2}?(?:alert|alarm|uyari|warn|alerta|screening|check|monitor)\w*[^.!?\n]{0,30}?(?:kapat|close|resolv|disable|turn off|switch off|mark|clear|dismiss|desactiv|deaktiv)"
            r"|(?:kapat|close|resolv|disable|turn off|switch off|mark|clear|dismiss|desactiv|deaktiv)\w*[^.!?\n]{0,30}?(?:fraud|dolandiricilik|betrugs?|fraude)\w*\s+(?:\w+\s+){0,2}?(?:alert|alarm|uyari|warn|alerta|screening|check|monitor)",
            r"(?<![^\W_])instead of what",
            # a payment's destination switched by whoever reads the value,
            # a step of the reader's own ("before you pay, ..."), a wallet,
            # data carried to an address given elsewhere in the text, a whole
            # table exported, authority claimed: the tool calls of payment
            # redirection and of an impersonated principal, with no model named
            r"(?:^|[.!?;:\n]\s*)(?:before|when|once|after|as) you (?:pay|send|transfer|wire|approve|process|execute|submit|forward|release|settle|book|file|proceed)\w*\s*[,:;]",
            r"(?<![^\W_])(?:switch|change|update|replace|redirect|re-?route|route|divert|point|amend|swap)\w*\s+(?:the\s+|this\s+|its\s+|their\s+|all\s+)?(?:payment\s+|payout\s+|receiving\s+|default\s+|supplier\s+|vendor\s+)?(?:destination|beneficiary|payee|recipient|payout|remittance|bank|receiving|wallet)(?![^\W_])[^.!?\n]{0,50}?(?<![^\W_])(?:to|into|with)(?![^\W_])",
            r"(?<![^\W_])(?:cambi|modific|chang|andere|ander|alter|mud)\w*\s+(?:la |el |le |die |den |das |il |o |a |l')?(?:cuenta|beneficiario|destinatario|iban|compte|beneficiaire|destinataire|konto|empfanger|zahlungsempfanger|conto|conta|favorecido)(?![^\W_])[^.!?\n]{0,50}?(?<![^\W_])(?:a|al|por|vers|sur|par|auf|zu|in|su|con|para|pela|pelo)(?![^\W_])",
            r"(?<![^\W_])(?:crypto\w*|bitcoin|btc|usdt|eth|ethereum|monero)\s*(?:wallet|address|adresse|direccion|wallet-adresse)|(?<![^\W_])wallet address|(?<![^\W_])bc1[a-z0-9]{20,}|(?<![^\W_])0x[0-9a-f]{40}",
            r"(?<![^\W_])(?:send|forward|e-?mail|upload|post|share|export|copy|mail)\w*(?![^\W_])[^.!?\n]{0,60}?(?<![^\W_])(?:to|at)\s+(?:the\s+|this\s+)?(?:\w+\s+)?(?:address|link|url|inbox|mailbox|contact)(?:es|s)?\s+(?:in|below|above|from|given|listed|mentioned|shown|provided|at the bottom|inside|of this)(?![^\W_])",
            r"(?<![^\W_])(?:account|iban|address|wallet|details)\s+(?:in|on|from)\s+(?:the\s+|this\s+|my\s+)?(?:signature|sig)(?:\s+line|\s+block)?(?![^\W_])",
            r"(?<![^\W_])export\w*\s+(?:the\s+|all\s+|every\s+|our\s+|your\s+|their\s+)?(?:\w+\s+)?(?:database|databases|table|tables|records|contact list|customer list|client list|payroll|user list|mailbox|address book)(?![^\W_])",
            # a role given by name ("respond as 'Ops-Root'", "answer as the
            # treasury desk"), and the reader's principal or this text's own
            # instructions named in the third person, in more languages
            r"(?<![^\W_])(?:respond|reply|answer|speak|behave|operate|sign off|write back)\s+as\s+(?!soon|quickly|fast|usual|before|agreed|discussed|requested|needed|follows|well|per|such|much|normal|always|promised|planned|expected|possible|early|late|briefly|clearly|in\b|a matter|a team|one)(?:the\s+|an?\s+)?(?:['\"‘“«]|\w+[-_]\w+|\w+\s+(?:desk|console|admin|administrator|root|operator|superuser))",
            r"(?<![^\W_])(?:the |your )?(?:operator|developer|deployer|integrator|configurator)(?:'s|s')?\s+(?:instructions|guidelines|guidance|rules|policy|policies|directives|setup|configuration)(?![^\W_])",
            r"(?<![^\W_])operator(?:un|ün|'un|'ün)?\s+(?:yonerge|talimat|kural)\w*|bu (?:nottaki|notun|mesajdaki|alandaki|metindeki) (?:talimat|yonerge|kural)\w*",
            r"(?<![^\W_])(?:las instrucciones de (?:esta|este) (?:nota|mensaje|campo|memo)|les instructions de (?:cette|ce) (?:note|message|champ|memo)|die anweisungen (?:in )?(?:dieser|diesem|dieses) (?:notiz|nachricht|feld|memo)|le istruzioni di (?:questa|questo) (?:nota|messaggio|campo)|as instrucoes (?:desta|deste) (?:nota|mensagem|campo)|инструкции (?:в )?(?:этой|этом) (?:заметк\w*|сообщени\w*|пол\w*)|інструкції (?:в |у )?(?:цій|цьому) (?:нотатц\w*|повідомленн\w*|пол\w*))(?![^\W_])",
            r"(?<![^\W_])(?:quem (?:te |lhe )?(?:configurou|programou|instruiu)(?: voce)?|quien te (?:configuro|programo|instruyo)|(?:celui|celle) qui t'a (?:configure|programme)|chi ti ha (?:configurato|programmato)|wer dich (?:konfiguriert|programmiert|eingerichtet))(?![^\W_])",
            r"(?<![^\W_])(?:so|solo|sólo|seulement|seul|nur|solo) (?:este|esta|ce|cette|dieses|diese|dieser|questo|questa) (?:memorando|memo|nota|mensagem|mensaje|campo|note|message|champ|notiz|nachricht|feld|messaggio) (?:importa|cuenta|vale|compte|zahlt|gilt|conta)(?![^\W_])",
            # an order presented as coming from an executive or a control
            # function, and fragments quoted to be joined ("'ign' 'ore' ...")
            r"(?<![^\W_])(?:comes?|message|note|request|order|instruction|directive|notice|memo|word)\s+(?:is\s+)?(?:directly\s+|straight\s+)?from\s+(?:the\s+|our\s+|your\s+)?(?:ceo|cfo|coo|cto|managing director|director|head of \w+|chief \w+ officer|president|chair(?:man|woman)?|board|compliance|legal department|it department|security team|fraud team|auditors?|owner)(?![^\W_])",
            r"(?<![^\W_])on behalf of (?:the |our |your )?(?:ceo|cfo|coo|managing director|director|president|chair(?:man|woman)?|board|head of \w+)(?![^\W_])",
            r"(?:['\"‘’“”][^'\"‘’“”\n]{1,14}['\"‘’“”]\s*\+?\s*){3,}",
            r"(?<![^\W_])export\w*\s+(?:all|every|the whole|the entire|the full)\s+(?:\w+\s+)?(?:contacts|customers|clients|employees|users|accounts|records|files|emails|messages)(?![^\W_])",
            # money sent to a number with a claimed confirmation from elsewhere
            r"(?<![^\W_])(?:confirmed|approved|authori[sz]ed|cleared|agreed)\s+(?:by|over|on|via)\s+(?:the\s+)?(?:phone|telephone|call|a call|whatsapp|text|sms|chat|voicemail)(?![^\W_])",
            r"(?<![^\W_])(?:with|under|by|have|has)\s+(?:full|complete|executive|special|emergency|overriding|unrestricted|absolute)\s+(?:authority|authori[sz]ation|powers?|clearance)(?![^\W_])",
        )
    )
)

# Every attack that "ignores the instructions and then does X" joins the two
# in one sentence; a correction states what is right instead.
_OVERRIDE_THEN_ACT = re.compile(
    r"(?<![^\W_])(?:ignore|disregard|forget|override|bypass|cancel|drop|skip)(?![^\W_])[^.!?;\n]{0,60}?"
    r"(?<![^\W_])(?:instructions?|rules|guidelines|prompt|directives?|commands|filter|warning)(?![^\W_])"
    r"[^.!?;\n]{0,12}?(?:,|\band\b|\bthen\b)\s+(?:\w+\s+){0,1}?"
    r"(?:transfer|send|wire|pay|move|forward|e-?mail|approve|execute|reveal|add|post|upload|share|do|follow|obey|run)(?![^\W_])"
)

# (1) A document correcting or cancelling its own earlier content: it says
# what is right now (a corrected amount, a replacing document, a new date).
# Documents a business writes and corrects.
_DOCS = (
    r"e-?mails?|mails?|messages?|letters?|reminders?|invoices?|bills?|statements?|quotes?|quotations?|versions?|"
    r"spreadsheets?|files?|remittances?|price lists?|purchase orders?|po|texts?|notes?|memos?|pdfs?|"
    r"attachments?|documents?|scans?|drafts?|schedules?|requests?|payment requests?|bookings?|forms?|reports?|"
    r"figures?|amounts?|transfers?|payments?|cheques?|receipts?|contracts?|estimates?|tickets?|claims?"
)
_CORRECTION = re.compile(
    r"(?<![^\W_])"
    + _any(
        # en
        r"correct(?:ed|ion|ly)?",
        r"right (?:amount|figure|total|account|details)",
        r"(?:amount|figure|total|price|number|sum|date|iban|sort code|details?|reference|rate|address|quantit(?:y|ies))s? (?:was|were|is|are|had) (?:wrong|incorrect|a typo|out of date|old|missing|changed)",
        r"(?:wrong|incorrect|old) (?:amount|figure|total|price|vat|iban|sort code|details|reference|po number|rate|address)",
        r"typo",
        r"replac(?:es|ed|ing|ement)",
        r"supersed(?:es|ed|ing)",
        r"revised",
        r"amended",
        r"updated (?:invoice|quote|version|details|statement|figures)",
        r"credit note",
        r"voided",
        r"(?:invoice|cheque|check|advice|quote|receipt|booking|statement|one|order) (?:is |as |are |was )?void",
        r"reissued",
        r"retraction",
        r"duplicate",
        r"should not be used",
        r"no longer need",
        r"new (?:amount|policy|date|address|price|total|deadline|bank details|account details)",
        # a new policy of the business's own taking effect: "the new travel
        # policy takes effect 1 July and the old rules no longer apply"
        r"new (?:\w+ ){0,2}?(?:polic(?:y|ies)|rules|procedures?|guidelines|handbook|terms|rota|tariffs?|price list|process)"
        r" (?:takes? effect|appl(?:y|ies)|starts?|comes? into (?:force|effect)|(?:is|are) (?:effective|in force|live))",
        # an instruction about the physical world, not about a reader: "the
        # earlier fasting instruction", "the old dosage instructions"
        r"(?:earlier|previous|prior|old|original|first|last) (?:fasting|dosage|dosing|medication|diet|packing|packaging|delivery|"
        r"shipping|washing|care|cleaning|assembly|installation|parking|cooking|baking|travel|seating|storage|feeding|watering|"
        r"pick-?up|drop-?off|collection|access|wiring|mounting) instructions?",
        r"(?:has|have) not changed",
        r"(?:is|are|has been|have been) (?:settled|paid)",
        r"(?:crossed|arrived|posted) (?:with|in)",
        r"rather than",
        r"moved (?:the|it|to)",
        r"per (?:her|his|their|the|our|my) (?:letter|email|request|instructions|call)",
        r"(?:signed|attached) (?:letter|invoice|quote|version|contract|copy)",
        r"see (?:the )?(?:signed|attached)",
        r"pay by (?:bank transfer|card|cheque|direct debit)",
        r"(?:let it|will) run as normal",
        r"keep it open",
        r"by mistake",
        r"\d[\d,.]*,? not \d+",
        r"in error",
        r"apolog(?:ies|ise|ize|y)",
        r"sorry",
        r"mix-?up",
        r"up to date",
        r"updated",
        r"(?:ones|details|figures|account) (?:below|on file|attached)",
        r"(?:previous|last|earlier|prior|yesterday's|this morning's|old|first|original) (?:\w+ ){0,2}?(?:"
        + _DOCS
        + r")",
        r"(?:"
        + _DOCS
        + r") (?:dated|from|sent on|issued on|sent|issued) (?:the )?(?:\d+|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|last|yesterday|this morning|monday|tuesday|wednesday|thursday|friday)",
        r"already (?:been )?(?:paid|settled|sent|collected|went through|gone through|processed)",
        r"(?:has|have|was|were) (?:already )?(?:been )?(?:paid|settled)",
        # a document named by its number, withdrawn or replaced
        r"(?:"
        + _DOCS
        + r")\s*(?:no\.?|nr\.?|#|n°)?\s*[a-z]{0,4}[-/]?\d{2,}[^.!?\n]{0,40}?(?:withdrawn|cancell?ed|canceled|voided|stands|reissued|raised twice)",
        r"instructions? (?:issued|sent|given|dated|received|of|from) (?:on |in |at )?(?:\d+|the \d+|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|last|yesterday|monday|tuesday|wednesday|thursday|friday)",
        r"instructions? (?:for|about|regarding|on) the (?:\w+ ){0,2}?(?:estate|account|property|sale|purchase|transfer|payment|supplier|client|customer|project|invoice|order|loan|mortgage)",
        r"(?:e-?mails?|mails?|messages?|letters?|spreadsheets?|files?|invoices?|quotes?|reminders?) (?:i|we) sent",
        r"(?:correo|e-?mail|mensaje) anterior",
        # an instruction about a payment or a delivery, in the other languages
        r"(?:instrucciones|instruccion|instructions?|consignes?|istruzioni|istruzione|instrucoes|instrucao|instruksi|talimat\w*|polecen\w*|указани\w*|инструкци\w*|інструкці\w*)"
        r" (?:de |di |do |da |del |della |o |об |про |по )?(?:pago|pagamento|paiement|virement|consegna|entrega|livraison|pembayaran|pengiriman|transferencia|bonifico|перевод\w*|оплат\w*|платеж\w*|платіж\w*|доставк\w*|odeme\w*|teslimat\w*|przelew\w*|platnos\w*)",
        r"(?:zahlungs|liefer|uberweisungs|versand)anweisung\w*",
        r"(?:odeme|transfer|teslimat) talimat\w*",
        r"(?:instrucciones|instructions|consignes|istruzioni|instrucoes|anweisungen|instruksi) (?:que (?:le |les |te )?(?:enviamos|mandamos|dimos)|que nous vous avons|(?:enviadas|inviate|mandate|envoyees|gesendet)\w*)",
        r"vom \d{1,2}\. ?(?:\d{1,2}\.|jan\w*|feb\w*|marz|apr\w*|mai|jun\w*|jul\w*|aug\w*|sep\w*|okt\w*|nov\w*|dez\w*)",
        r"sudah (?:lunas|dibayar)",
        # an earlier document, in the other languages
        r"(?:factura|presupuesto|recibo|correo|mensaje|pedido|albaran|oferta|cotizacion)s? (?:de ayer|anterior|previ[oa])",
        r"(?:facture|devis|courriel|message|commande|offre)s? (?:precedent\w*|d'hier)|precedent\w* (?:facture|devis|courriel|message|commande|offre)",
        r"(?:vorherig|letzt|gestrig|alt|erst)\w* (?:rechnung|angebot|nachricht|e-?mail|mail|bestellung|mahnung)",
        r"(?:fattura|preventivo|mail|messaggio|ordine|offerta|sollecito) (?:precedente|di ieri)",
        r"(?:fatura|orcamento|e-?mail|mensagem|pedido|boleto|cobranca) (?:anterior|de ontem)",
        r"(?:wczesniejsz|poprzedni)\w* (?:ofert|faktur|wiadomos|mail|zamowien)\w*",
        r"(?:предыдущ|прошл|вчерашн)\w* (?:сч[её]т\w*|письм\w*|сообщени\w*|предложени\w*)",
        r"(?:precedent|dernier) (?:courriel|e-?mail|message)",
        r"(?:letzte|vorherige) (?:e-?mail|nachricht)",
        r"richtig (?:sind|ist)",
        r"(?:mail|email|messaggio) di ieri",
        r"poprzedni\w* (?:mail\w*|wiadomos\w*)",
        r"prawidlowa",
        r"onceki e-?posta\w*",
        r"chinh xac",
        r"предыдущее (?:письмо|сообщение)",
        r"попереднє (?:повідомлення|лист\w*)",
        # an instruction about a payment or an account, not about a reader's behaviour
        r"(?:payment|banking|bank|transfer|standing order|standing|delivery|debit|cheque|wire|remittance|settlement) instructions?",
        # an instruction about goods, a shipment, a document or a bank: what it
        # is about is named right after it ("instructions to hold the
        # shipment", "a previous instruction to your bank"); the reader's own
        # guidance is never qualified so (a model cue cancels the frame anyway)
        r"instructions? (?:to|about|regarding|concerning|on|for) (?:hold|ship|deliver|pack|label|split|send|pay|store|return|collect|leave|release|cancel|the (?:courier|driver|bank|shipment|delivery|goods|pallets?|parcels?|order|packag\w+|labels?|cleaners?|tenant|landlord|supplier|warehouse|site)|(?:your|their|his|her|our|my) (?:bank|courier|supplier|landlord|tenant|accountant|branch)|packag\w+|labels?|pallets?|shipping|delivery|invoices?|payments?)",
        r"(?:instrucciones|instrucoes|instruções|istruzioni|instructions|consignes) (?:de|d'|di) ?(?:pago|pagamento|paiement|virement|entrega|envio|livraison|consegna|bonifico|transferencia|transferencia)",
        r"(?:zahlungs|liefer|uberweisungs|versand)anweisung\w*|(?:betaal|lever|verzend)instructies",
        r"instrukcj\w* (?:platnosci|płatności|dostawy|przelewu|wysylki)|(?:odeme|teslimat|havale) talimat\w*",
        r"плат[её]жн\w* (?:инструкци|поручени|указани)\w*|инструкци\w* по (?:оплате|доставке|переводу)|платіжн\w* (?:інструкці|доручен)\w*",
        r"(?:my|our|her|his|their|the|this|that|the client's|the customer's) (?:\w+ ){0,2}?instructions? (?:to|about|regarding|for|on)(?! (?:confirm|ask|check|refuse|verify|decline|flag|warn|review|not|never|stop|skip|you|the assistant))",
        # es
        r"corregid[oa]",
        r"anulad[oa]s?",
        r"cancelad[oa]s?",
        r"ya (?:se )?(?:hizo|pago|realizo|abono|cobro)",
        r"ya (?:esta|fue|ha sido) pagad[oa]",
        r"deja (?:paye|regle)e?s?",
        r"(?:bereits|schon) (?:bezahlt|beglichen|uberwiesen)",
        r"gia (?:pagat[oa]|saldat[oa])|(?:e|e stato) stato effettuato",
        r"ja (?:foi )?(?:pag[oa]|quitad[oa])",
        r"juz (?:oplacon\w*|zaplacon\w*)",
        r"уже оплачен\w*",
        r"zaten odendi|odenmistir",
        r"duplicidade|duplicad[oa]|en double|doppelt",
        r"par erreur|por error|per errore|por engano|irrtumlich|versehentlich|omylkowo|yanlislikla",
        r"annule et remplace",
        r"segue (?:a|o) nov[oa]",
        r"(?:importe|monto|cantidad|cifra) (?:correct[oa]|era|estaba)",
        r"rectificativa",
        r"sustituye",
        r"estaba mal",
        # fr
        r"corrige(?:e|s)?",
        r"remplace(?:e|es|s)?",
        r"errone(?:e|s)?",
        r"montant (?:exact|correct|corrige)",
        r"(?:nous est|est bien) parvenu",
        # de
        r"korrigiert\w*",
        r"korrektur",
        r"ersetzt",
        r"(?:betrag|summe) (?:war|ist) falsch",
        r"neue betrag",
        # pt
        r"corret[oa]",
        r"substitui",
        r"(?:valor|montante) (?:estava|esta) errado",
        r"ja foi (?:identificado|pago)",
        # it
        r"(?:importo|cifra) (?:corrett[oa]|era sbagliat[oa])",
        r"sostituit[ao]",
        r"nota di credito",
        # ru / uk
        r"исправленн\w*",
        r"заменён\w*|заменен\w*",
        r"указана неверно|неверн\w*",
        r"правильн\w* сум\w*",
        # pl
        r"poprawion\w*",
        r"korygując\w*|korygujac\w*",
        r"zastepuje|zastępuje",
        # tr
        r"dogru tutar",
        r"yerine",
        # id
        r"yang benar(?!-)",
        r"diganti",
        # vi
        r"so tien dung",
        # hi / ar
        r"सही राशि",
        r"الصحيح",
    )
    + r"(?![^\W_])"
    # a contract or a document superseding its own earlier terms (zh)
    + "|(?:本|此)(?:协议|合同|附件|条款|版本|通知|发票)[^。！？]{0,30}取代|取代(?:双方)?(?:此前|之前|以前|先前)"
    + "|更正|替代|訂正|正しい金額|정정|正确金额|正确|上一封|上次的|作废|以本邮件为准|本邮件|前回のメール|前回の請求書|지난 메일|정확한"
    + "|之前发的|之前的(?:报价|发票|账单|邮件)|漏算|前回の見積|以前の請求|이전 견적|이전 청구"
    + "|振込指示|支払指示|お送りした|支払い済み|支払済み|付款指示|转账指示|已付|已经支付|이체 지시|송금 지시|이미 지불|이미 납부"
    + "|配送指示|配達指示|配送说明|付款说明|배송 지시|تعليمات (?:الدفع|التسليم|التحويل|الشحن)|(?:भुगतान|डिलीवरी|ट्रांसफर) (?:के )?निर्देश"
)

# (2) Help on a warning, a prompt or a filter of the reader's own software.
_SOFTWARE_NOTICE = _any(
    r"warnings?",
    r"alerts?",
    r"banner",
    r"(?:security |update |upload )?prompt",
    r"pop-?ups?",
    r"(?:cookie )?notice",
    r"hint",
    r"spam(?: filter)?",
    r"junk",
    r"(?:content |spam |pop-?up )?(?:filter|blocker)",
    r"firewall",
    r"antivirus",
    r"smartscreen",
    r"certificate",
    r"signature validity",
    r"message",
    r"error",
    r"triangle",
    r"beeps?",
    r"spell checker",
    r"toner low",
    r"unverified publisher",
    r"unknown publisher",
    r"macro",
    r"compiler",
    r"battery",
    r"disk space",
    r"safe senders",
    r"trust(?:ed)?(?: list| this)?",
    r"default font",
    r"duplicate-payment",
    r"(?:aviso|alerta|filtro|spam|certificado)",
    r"alerte",
    r"allarme",
    r"block(?:ed)?",
    r"not allowed",
    r"file type",
    r"warns?",
    r"protected view",
    r"card machine",
    r"till",
    r"avisa",
    r"signale",
    r"segnala",
    r"meldet",
    r"licencia",
    r"(?:n'est )?pas securise",
    r"not secure",
    r"(?:avertissement|filtre|anti-spam|editeur inconnu)",
    r"(?:warnung|meldung|spamfilter|hinweis|makros)",
    r"(?:avviso|filtro antispam|editore sconosciuto)",
    r"(?:предупреждени\w*|спам-фильтр\w*)",
    r"(?:ostrzezenie|filtra antyspamowego)",
    r"(?:uyari\w*|spam filtresi\w*)",
    r"(?:peringatan|filter spam)",
    r"(?:waarschuwing|certificaat|certyfikat\w*|ostrzezeni\w*|sertifika\w*|сертификат\w*|сертифікат\w*|zertifikat\w*|certificado|certificat|certificato)",
)
_NOTICE_ADVICE = re.compile(
    r"(?<![^\W_])(?:ignore|ignoring|dismiss|bypass|skip|switch(?:ed)? off|turn(?:ed)? off|get around|work around|whitelist|allow|trust|release|keep it|reinstall|restart|reset|(?:is|are|it's|that's|that is|this is) (?:fine|normal|expected|harmless|safe)|can (?:be )?ignored?|safe to ignore|rename|enable editing|power-cycle|passer outre|ignor\w*|negeren|negeer|zignorowa\w*|pomin\w*|gormezden gel\w*|игнорир\w*|ігнору\w*)(?![^\W_])"
    + "|無視|忽略|무시|تجاهل|अनदेखा"
)
_NOTICE_WORD = re.compile(
    "証明書|证书|警告|인증서|경고|تحذير|الشهادة|चेतावनी|प्रमाणपत्र|"
    rf"(?<![^\W_]){_SOFTWARE_NOTICE}(?![^\W_])|(?<![^\W_])(?:page|notifications?|nags?|updates?|quarantine|self-signed|rooted|download|popup|zertifikat\w*|\w*warnung|\w*meldung|testserver)(?![^\W_])"
)
_SOFTWARE = re.compile(
    rf"(?<![^\W_]){_SOFTWARE_NOTICE}(?![^\W_])[^\n]{{0,160}}?"
    r"(?:settings|preferences|menu|click|choose|select|tick|untick|right-click|allow|enable|install|download|browser|inbox|app|printer|reader|terminal|excel|outlook|acrobat|windows|driver|vpn|wifi|network|sprint|template|intranet|add-in|installer|server|staging|backup|offline|online banking|sender|remitente|expediteur|absender|remetente|mittente|отправител\w*|nadawce|gondereni|pengirim|contacts?|contatti|navegador|datafono|fichiers|pilote|vorlage|driver|list|junk|servidor|entorno)s?(?![^\W_])"
    r"|(?<![^\W_])(?:settings|preferences|menu|browser|printer|card reader|terminal|excel|outlook|acrobat|windows|compiler|antivirus|spam filter|login page|app|add-in|firewall|pop-up blocker|spell checker|navegador|datafono|browser|navigateur|drucker|navigatore)(?![^\W_])[^\n]{0,160}?"
    rf"(?<![^\W_]){_SOFTWARE_NOTICE}(?![^\W_])" + "|迷惑メール|垃圾邮件"
    # release notes and help granting a people's role a right in the
    # software: "admins can now override the default retention policy"
    r"|(?<![^\W_])(?:admins|administrators|account owners|workspace owners|project owners|owners|managers|team leads|supervisors|approvers|editors|moderators)"
    r"\s+(?:can|may|are able to|are allowed to)\s+(?:now\s+)?(?:override|bypass|change|reset|disable|skip|ignore)(?![^\W_])"
    # an IT ticket about a setting of the network or the machines: "request
    # to override the group policy that blocks USB storage", "bypass the
    # proxy for internal sites"
    r"|(?<![^\W_])(?:override|overriding|bypass|bypassing|exception to|exempt\w* from)\s+(?:the\s+|a\s+)?(?:default\s+|current\s+)?"
    r"(?:group polic(?:y|ies)|gpo|proxy|firewall(?: rules?)?|dns(?: settings?)?|retention (?:settings?|polic(?:y|ies))|usb (?:block\w*|polic(?:y|ies)|restrictions?))(?![^\W_])"
)

# (3) A customer warned about fraud: the text names the scam or promises
# what the bank never asks.
_FRAUD_WARNING = re.compile(
    r"(?<![^\W_])"
    + _any(
        r"scam\w*",
        r"fraud\w*",
        r"phishing",
        r"fake",
        r"beware",
        r"not from us",
        r"never (?:ask|instruct|request|call|contact|send)\w*",
        r"we (?:will |would )?never",
        r"(?:we|staff|the bank|our \w+) (?:do|does|will) not (?:ask|call|instruct|do)",
        r"(?:asking|ask|asks) (?:you )?for your (?:pin|password|passcode|code|card|login|details|security code|one-time code)",
        r"(?:sifrenizi|sifreni|pin\w*|kartinizi|kart bilgilerinizi) (?:isteyen|soran)",
        r"adina (?:arayip|arayan)",
        # someone "claiming to be from the bank"; instructions from calls or letters
        r"(?:diciendo|dizendo|disant|dicendo|mengaku|claiming|behauptet) (?:ser |etre |essere |to be )?(?:del |do |de la |della |dari |from (?:the |your )?)?(?:banco|banque|banca|bank)",
        r"(?:instrucciones|instrucoes|consignes|instructions|istruzioni|anweisungen|instruksi) (?:de|d'|des|da|di|von|aus|dari) ?(?:quien|quem|chi|un appel|appels|llamadas|ligacoes|chiamate|anrufern?|correos|e-?mails?|mensajes|mensagens|messages?|messaggi|sms|nachrichten|telepon|pesan)",
        r"(?:указани|инструкци|інструкці)\w* (?:из|з|от|від) (?:писем|листів|звонящ\w*|sms|смс|сообщени\w*|повідомлен\w*|люд\w*)",
        # calls "on behalf of the bank"
        r"от имени банка|від імені банку|en nombre del banco|au nom de la banque|im namen (?:der|ihrer) bank|a nome della banca|em nome do banco|w imieniu banku|banka adina",
        r"(?:do|does|will) not (?:ask|call|instruct)",
        r"(?:don't|dont|won't) (?:ask|call)",
        r"will never",
        r"pretending to be",
        r"claiming to be",
        r"report (?:it|them)",
        r"it security",
        r"did not (?:add|order|request)",
        r"safe account",
        # advice never to give something away: "never share your card
        # details", "do not paste customer data into ..."
        r"(?:never|do not|don't|dont|please don't|must not|should not) (?:\w+ ){0,1}?(?:share|paste|send|give|disclose|reveal|tell|enter|type|post|e-?mail|forward|upload|reuse|write down)",
        r"(?:nunca|jamas|nie|niemals|jamais|mai|asla|никогда не|nooit) (?:\w+ ){0,2}?(?:compart\w*|revele\w*|envie\w*|teile\w*|weitergeben|gib\w*|communiquez|partagez|condividere|condividi|paylas\w*|podawaj|udostepniaj|сообщайте|передавайте|deel)",
        r"arnaque\w*",
        r"escroquer\w*",
        r"truff[ae]\w*",
        r"golpe\w*",
        r"golpista\w*",
        r"penipu\w*",
        r"waspada",
        r"мошенни\w*",
        r"шахра\w*",
        r"oszust\w*",
        r"dolandiric\w*",
        r"betrug\w*",
        r"betruger\w*",
        r"lua dao",
        r"(?:sms|e-?mails?|messages?|calls?|texts?|letters?|mensajes?|mensagens?|courriels?) (?:from us )?(?:asking|demanding|telling|requesting|saying|pretending|claiming|vous demandant|que le pida\w*|pedindo|che ti chiedono|die sie auffordern)",
        r"(?:until|unless) you (?:have )?verified",
        r"verif(?:y|ied) (?:it )?with us",
        r"do not follow it",
        r"non \w+ mai",
        r"(?:nous ne \w+|ne \w+) jamais",
        r"nunca (?:\w+ ){0,2}?(?:pedimos|pediremos|solicitamos|enviamos|ligamos|llamamos)",
        r"(?:fragen|rufen|bitten|senden) (?:sie |wir )?(?:\w+ )?(?:nie|niemals)",
        r"(?:via|by|per|por|par) (?:sms|text|whatsapp)",
        r"(?:geben sich als|se hacen pasar|se font passer|si spacciano|se passam)",
        r"(?:instructions?|requests?|messages?) (?:in|from) (?:an? |the |any |such |these |those |this )?(?:e-?mails?|calls?|callers?|texts?|letters?|messages?|sms|whatsapp|pop-?ups?|voicemails?|strangers?|someone|anyone|whoever)",
        r"(?:caller|sender|stranger)'?s? (?:instructions?|requests?)",
        # instructions carried by a file or a page the customer did not ask for
        r"(?:instructions?|requests?|messages?) (?:in|inside|within|from) (?:an? |the |any |such |these |those |this )?(?:unexpected |unknown |unsolicited |suspicious |strange |unusual |external |untrusted )?(?:attachments?|documents?|files?|pdfs?|links?|websites?|web ?pages?|pop-?ups?|macros?)",
        # the safe-account scam named, in the languages of the corpus
        r"(?:safe|secure|safety|protected) accounts?|comptes? (?:securises?|de securite|sur)|cuentas? (?:segura|de seguridad)|contas? (?:segura|de seguranca)|conto sicuro|sicheres? konto|veilige rekening|sakert konto|sikker konto|bezpieczne konto|guvenli (?:bir )?hesap\w*|rekening aman|tai khoan an toan|безопасн\w* сч[её]т\w*|безпечн\w* рахун\w*",
        r"(?:letters?|e-?mails?|messages?|texts?|calls?|callers?|requests?|pop-?ups?|voicemails?|someone|anyone|people) (?:that|which|who) (?:tells?|asks?|says?|claims?|wants?|offers?|pretends?)",
        r"call (?:your|the) (?:account manager|branch|bank)",
        r"number (?:on|printed on) (?:the back of )?(?:your card|our website)",
        r"personal address",
        r"estafa",
        r"fraude",
        r"nunca (?:le |lhe )?(?:pediremos|pedimos|solicitamos)",
        r"cuelgue",
        r"cuenta segura",
        r"conta segura",
        r"desligue",
        r"ne vous demanderons jamais",
        r"faux conseiller",
        r"raccrochez",
        r"fragen nie",
        r"rufen sie nie",
        r"sicherheitskonto",
        r"legen sie auf",
        r"non chiediamo mai",
        r"никогда не (?:спрашиваем|просим)",
        # the bank that never asks for a code, said in the third person or
        # in more languages: "the bank never asks for your PIN by SMS"
        r"никогда не (?:просит|спрашивает|запрашивает|требует|звонит)",
        r"ніколи не (?:просить|питає|запитує|вимагає|просимо|запитуємо|телефонує)",
        r"(?:vragen|vraagt|vraag) (?:\w+ ){0,2}?nooit|nooit (?:om|naar) (?:je|uw)",
        r"(?:ber|fragar|beder|sporger|spor) (?:\w+ ){0,2}?(?:aldrig|aldri)",
        r"asla (?:\w+ ){0,3}?(?:istemez|istemeyiz|sormaz|sormayiz|talep etmez|talep etmeyiz)",
        r"nu (?:\w+ ){0,2}?(?:cere|cerem|solicita|solicitam) (?:\w+ ){0,2}?niciodata|niciodata nu (?:\w+ )?(?:cere|cerem|solicita|solicitam)",
        r"δεν (?:\w+ ){0,2}?ζητ\w* (?:\w+ )?ποτ[εέ]|ποτ[εέ] δεν (?:\w+ )?ζητ\w*",
        r"(?:the bank|your bank|our bank|we|staff|the company) (?:will )?never (?:\w+ )?(?:asks?|requests?|calls?|texts?|e-?mails?)",
        # a message that pushes a step the customer must not take
        r"(?:if|when) (?:an? |the |any |someone's )?(?:e-?mail|message|caller|call|text|letter|invoice|supplier|colleague|manager|sender) (?:\w+ )?(?:tells|asks|urges|instructs|pressures|pushes) you",
        # a policy that forbids sharing credentials
        r"(?:must|shall|may|should) not [^.!?\n]{0,40}?(?:share|disclose|reveal|give out) (?:\w+ )?(?:credentials|passwords?|pins?|codes?|logins?)",
        r"nigdy nie prosimy",
        r"asla sormayiz",
        r"tidak pernah meminta",
        r"khong bao gio",
        r"ніколи не питаємо",
        r"कभी आपका पिन नहीं",
        r"لا نطلب",
    )
    + r"(?![^\W_])"
    + "|חשבון בטוח|حساب آمن|सुरक्षित खात|安全账户|安全账号|安全帳戶|安全な口座|안전\\s?계좌|(?:绝不会|决不会|绝对不会|永远不会|从来不会|从不)(?:要求|让您|让你|索要)"
    + "|לעולם לא (?:\\S+ )?(?:יבקש|נבקש|תבקש|יבקשו)|אף פעם לא (?:\\S+ )?(?:יבקש|נבקש|יבקשו)"
    + "|لن (?:\\S+ )?(?:نطلب|يطلب)|لا يطلب|هرگز[^.؛]{0,40}نمی\u200c?\\s?(?:پرسد|پرسیم|خواهد|خواهیم)"
    + "|कभी[^।]{0,25}नहीं (?:माँगता|मांगता|माँगते|मांगते|पूछता|पूछते|माँगेगा|मांगेगा)|ไม่เคยขอ|จะไม่ขอ"
    + "|(?:お聞き|お尋ね|伺う|求める|要求|ご依頼)(?:する)?ことは(?:一切)?ありません|不会[^，。]{0,12}(?:索要|要求您|询问)"
    + "|从不索要|尋ねることはありません|묻지 않습니다|詐欺|诈骗|骗子|사기|사칭|冒充|騙る|を名乗る|고객센터|客服电话|カスタマーセンター"
)

# (3a) A customer told what to do when someone asks them to act: "if a
# caller asks you to ignore the bank's advice, hang up", "never trust anyone
# who tells you to ...".  Someone asking, and the call ended or the asker
# not trusted, in one sentence, in the languages of the corpus.
_SOMEONE_ASKS = _any(
    r"(?:if|when) (?:someone|somebody|anyone|anybody|a caller|a person|a stranger|a man|a woman)",
    r"(?:anyone|someone|people|callers?|whoever) (?:who|that) (?:asks?|tells?|wants?|urges?|pressures?)",
    r"a caller",
    r"biri(?:si)? (?:sizden|size|sizi)|isteyen (?:kisi|biri|arama)\w*|soyleyen (?:kisi|arama)\w*|arayan (?:kisi|biri)\w*",
    r"ha (?:valaki|egy telefonalo)",
    r"daca (?:cineva|va suna|te suna)",
    r"pokud (?:vas |te )?nekdo|jestli(?:ze)? (?:vas |te )?nekdo|kdyz (?:vas |te )?nekdo",
    r"om (?:nagon|nogen)|hvis (?:nogen|en opringer)|jos (?:joku|soittaja)",
    r"(?:als|wanneer) (?:iemand|een beller)",
    r"(?:jesli|jezeli|gdy) ktos",
    r"se qualcuno|se (?:alguem|uma pessoa)|si (?:alguien|una persona|quelqu'un|on vous)|(?:wenn|falls) (?:jemand|ein anrufer)",
    r"neu (?:ai do|co nguoi|co ai)|nguoi goi",
    r"(?:jika|kalau|apabila) (?:ada )?(?:seseorang|penelepon|orang)|siapa pun yang",
    r"если (?:кто-то|кто-нибудь|вам звонят|вам позвонят)|якщо (?:хтось|вам телефонують)",
    r"αν κ[άα]ποιο[σς]",
)
_CALL_ENDED = _any(
    r"hang up",
    r"end the call",
    r"put the phone down",
    r"(?:do not|don't|dont|never) trust",
    r"telefonu (?:hemen )?kapat\w*|aramayi sonlandir\w*|guvenmey\w*",
    r"tegye le|bontsa a hivast|ne bizzon",
    r"inchide\w* telefonul|nu (?:aveti|avea) incredere",
    r"zaveste|neduverujte",
    r"lagg pa|avsluta samtalet|lita inte|laeg pa|afslut opkaldet|stol ikke|katkaise puhelu|lopeta puhelu|ala luota",
    r"hang (?:\w+ ){0,2}?op|verbreek de verbinding|vertrouw (?:\w+ )?niet",
    r"rozlacz sie|nie ufaj",
    r"riattacc\w*|riaggan\w*|chiudi la chiamata|non fidarti",
    r"cuelgu?e\w*|no confie|raccroch\w*|ne faites pas confiance|legen sie (?:\w+ ){0,2}?auf|beenden sie das gesprach|vertrauen sie (?:\w+ )?nicht|deslig\w*|nao confie",
    r"cup may|gac may|dung tin",
    r"tutup telepon\w*|jangan percaya",
    r"положите трубку|повесьте трубку|завершите звонок|не доверяйте|покладіть слухавку|завершіть дзвінок|не довіряйте",
    r"κλε[ίι]στε το τηλ[έε]φωνο|μην εμπιστε\w*",
)
# Scripts without word spaces, or whose words the boundary above does not fit.
_SOMEONE_ASKS_OTHER = (
    "אם מישהו|מתקשר|מי שמבקש|अगर कोई|यदि कोई|कॉलर|اگر کسی|تماس\u200c?گیرنده|ถ้ามีคน|หากมีคน|หากมีผู้โทร|ผู้โทร|มีคนโทร"
    "|電話があったら|電話がかかってきたら|言われたら|求められたら|如果有人|若有人|有人打电话|누군가|전화가 오면|요구하는 전화"
    "|إذا طلب منك|اذا طلب منك|إذا اتصل|اذا اتصل|المتصل"
)
_CALL_ENDED_OTHER = (
    "נתק|אל תסמכו|אל תאמינו|(?:कॉल|फ़ोन|फोन) काट|भरोसा न|قطع کنید|اعتماد نکنید|วางสาย|อย่าเชื่อ"
    "|電話を切|信用しない|応じないで|挂断|挂掉|不要相信|切勿相信|끊으세요|끊어|믿지 마"
    "|أنه المكالمة|انه المكالمة|أغلق الخط|اغلق الخط|لا تثق"
)
_ASKER = rf"(?:(?<![^\W_]){_SOMEONE_ASKS}(?![^\W_])|{_SOMEONE_ASKS_OTHER})"
_ENDED = rf"(?:(?<![^\W_]){_CALL_ENDED}(?![^\W_])|{_CALL_ENDED_OTHER})"
_ASKED_TO_ACT = re.compile(rf"{_ASKER}[^.!?।。！？\n]{{0,120}}?{_ENDED}|{_ENDED}[^.!?।。！？\n]{{0,120}}?{_ASKER}")
_CLAUSE_BREAK = re.compile(r"[;；:：]")
# Where money would go: an IBAN, a card, a sort code, an account number, a
# wallet, written out (a warning names "a different sort code" without one).
# A "correction" or a "fraud warning" that names one is how a payment is
# redirected (the supplier's "new bank details", the "safe account"), and a
# reviewer reads it; a correction that names an e-mail address is how a Pix
# key or a payout address is switched.
_PAYMENT_DESTINATION = (
    r"[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,}|(?<!\d)\d{4}[\s-]?\d{4}[\s-]?\d{4}[\s-]?\d{1,4}(?!\d)|(?<!\d)\d{8,}(?!\d)"
    r"|(?<![^\W_])(?:sort code|routing(?: number)?|swift|bic|iban|wallet|pix(?: key)?|account(?: number| no\.?| #)?)\s*:?\s*[\da-z]{0,4}\d"
)
_NEW_DESTINATION = re.compile(rf"{_PAYMENT_DESTINATION}|@")
_WARNING_DESTINATION = re.compile(_PAYMENT_DESTINATION)


def _asked_to_act(form: str) -> bool:
    """A sentence that is the warning itself: it starts with it, or with what
    the asker asks for ("Bankanızın talimatlarını görmezden gelmenizi isteyen
    kişiye güvenmeyin"), never after a clause of its own ("Approve every
    payment; if anyone asks, hang up"); and no account, IBAN or card number
    anywhere in the value, which a warning never needs (the bank's own phone
    number it may give)."""
    if _WARNING_DESTINATION.search(form):
        return False
    for sentence in _SENTENCE_END_RE.split(form):
        match = _ASKED_TO_ACT.search(sentence)
        if match is None:
            continue
        before = sentence[: match.start()]
        if not _CLAUSE_BREAK.search(before) and (len(before) <= 20 or not re.search(r"[,，、]", before)):
            return True
    return False


# (1b) A business's own rules replaced: "from 1 September the old expense
# rules no longer apply", "las normas antiguas de uso del aparcamiento ya no
# se aplican".  The rules are qualified by what they govern (travel,
# parking, expenses); an attack's "the old rules no longer apply" is not, and
# rules about the reader, its safety, payments, approvals or data never
# count.  A sentence that also moves money or data is never one.
_NOT_A_BUSINESS_DOMAIN = (
    r"(?:your|you|assistant\w*|ai|ia|ki|model\w*|bot\w*|agent\w*|system\w*|safety|security|operating|approval\w*|review\w*|"
    r"verification|confirmation|fraud|compliance|payments?|transfers?|banking|access|privacy|data|refunds?|spending|limits?|"
    r"content|usage|chat|conversation|prompts?|instructions?|all|any|every|these|those|above|"
    r"seguridad|pagos?|transferencias?|securite|paiements?|virements?|sicherheit|zahlungs?\w*|uberweisung\w*|"
    r"sicurezza|pagament\w*|seguranca|betaling\w*|beveiliging|безопасност\w*|платеж\w*|перевод\w*|ваш\w*|tus|tes|vos|vostre|suas|deine|ihre|uw|jouw)"
)
_QUALIFIER = rf"(?:(?!{_NOT_A_BUSINESS_DOMAIN}(?![^\W_]))[^\W\d][\w'-]*\s+){{1,6}}?"
_POLICY_UPDATE = re.compile(
    r"(?<![^\W_])(?:"
    # en: "the old expense rules no longer apply"
    rf"(?:old|previous|former|earlier|existing|prior) {_QUALIFIER}(?:rules?|polic(?:y|ies)|regulations?|guidelines|procedures?|"
    r"arrangements?) (?:no longer apply|(?:is|are) (?:no longer (?:valid|in force|in effect)|void|withdrawn|replaced|superseded|"
    r"retired|scrapped|abolished)|(?:has|have) been (?:withdrawn|replaced|superseded|retired|scrapped|abolished)|cease to apply)"
    # es, pt: "las normas antiguas de uso del aparcamiento ya no se aplican"
    rf"|(?:normas|reglas|regras|politicas?) (?:antiguas|anteriores|viejas|previas) (?:de|del|da|do|para) {_QUALIFIER}"
    r"(?:ya no (?:se )?(?:aplican|rigen|son validas|estan vigentes)|ja nao (?:se )?(?:aplicam|valem|estao em vigor)|"
    r"quedan (?:anuladas|derogadas|sin efecto)|(?:foram|estao) (?:revogadas|canceladas|substituidas))"
    rf"|(?:antiguas|anteriores|viejas) (?:normas|reglas) (?:de|del|para) {_QUALIFIER}(?:ya no (?:se )?(?:aplican|rigen)|quedan (?:anuladas|derogadas))"
    # fr: "les anciennes règles de télétravail ne s'appliquent plus"
    rf"|(?:anciennes|precedentes) (?:regles|politiques?|procedures?|consignes) (?:de|du|des|d'|sur|pour|en matiere de) ?{_QUALIFIER}"
    r"(?:ne s'appliquent plus|ne sont plus (?:valables|en vigueur|applicables)|sont (?:abrogees|annulees|remplacees))"
    # it: "le vecchie regole sulle trasferte non si applicano più"
    rf"|(?:vecchie|precedenti) (?:regole|norme|politiche|procedure) (?:di|del|della|delle|per|sul|sulla|sulle) {_QUALIFIER}"
    r"(?:non (?:si applicano|sono (?:piu )?valide|valgono) piu|sono (?:abrogate|annullate|sostituite))"
    # de: "die alten Reisekostenregeln gelten nicht mehr", "die bisherigen Regeln für Homeoffice"
    r"|(?:alten|bisherigen|fruheren) (?:[\w-]+(?:regeln|richtlinien|vorschriften|regelungen)|(?:regeln|richtlinien|regelungen) (?:fur|zu|zum|zur) "
    rf"{_QUALIFIER})(?:gelten nicht mehr|sind (?:aufgehoben|ungultig|ersetzt))"
    # nl: "de oude parkeerregels gelden niet meer"
    r"|(?:oude|vorige|eerdere) (?:[\w-]+(?:regels|regeling|beleid|richtlijnen)|(?:regels|regeling|richtlijnen) (?:voor|over|van) "
    rf"{_QUALIFIER})(?:gelden niet meer|zijn (?:vervallen|ingetrokken|vervangen))"
    # ru, uk: "старые правила командировок больше не действуют"
    rf"|(?:старые|прежние|предыдущие|старі|попередні) (?:правила|положения|порядок|регламенты?|положення) {_QUALIFIER}"
    r"(?:больше не действуют|не действуют|отменены|утратили силу|більше не діють|скасовані)"
    r")"
)
# What an attack glues to a replaced rule: money or data moved.
_MOVES_SOMETHING = re.compile(
    r"(?<![^\W_])(?:transfer|send|wire|pay|move|forward|approve|execute|upload|post|share|reveal|export|release|refund|"
    r"transfiere|envia|paga|aprueba|vire|envoie|paye|valide|uberweise|sende|zahle|genehmige|trasferisci|invia|approva|"
    r"transfira|envie|pague|aprove|переведи|отправь|оплати|одобри|maak over|betaal|stuur|keur)\w*"
)


def _policy_update(form: str) -> bool:
    if _FOREIGN_DESTINATION.search(form):
        return False
    for sentence in _SENTENCE_END_RE.split(form):
        if _POLICY_UPDATE.search(sentence) and not _MOVES_SOMETHING.search(sentence):
            return True
    return False


# (3b) A customer told that their password was reset by support and that
# they will choose a new one at the next sign-in: a report of a reset done,
# or the next sign-in named.  A sentence with a transfer, an export or an
# approval in it is never explained by it (`_has_cue`).
_CREDENTIAL_NOTICE = re.compile(
    r"(?<![^\W_])(?:"
    r"(?:i've|i have|we've|we have|has been|have been|was|were|just) (?:\w+ )?reset(?: your)? (?:password|passcode|pin)|(?:password|passcode|pin) (?:has been|was|is now) reset|"
    r"(?:when|once) you next (?:sign|log) ?in|(?:at|on|with|after|upon|during) (?:your )?next (?:sign-?in|log-?in|login|logon)|"
    r"(?:a ete|ont ete) reinitialise\w*|prochaine connexion|"
    r"(?:redefinimos|redefini|foi redefinida|resetamos)|proximo acesso|"
    r"(?:abbiamo|ho) (?:reimpostato|resettato)|e stata (?:reimpostata|resettata)|prossimo accesso|"
    r"(?:restablecimos|hemos restablecido|se ha restablecido|reseteamos)|proximo (?:acceso|inicio de sesion)|"
    r"(?:zurueckgesetzt|zuruckgesetzt)|nachsten anmeldung|"
    r"zresetowa\w*|przy (?:nastepnym |kolejnym )?logowaniu|"
    r"sifreniz sifirlandi|sifirladik|(?:ilk|bir sonraki|sonraki) giriste|"
    r"aterstallt|nasta inloggning|nulstillet|naeste login|tilbakestilt|neste innlogging|"
    r"teruggezet|gereset|volgende (?:keer )?(?:inloggen|aanmelding)|"
    r"sudah (?:kami )?(?:reset|atur ulang)|login berikutnya|"
    r"a fost resetata|urmatoarea autentificare|"
    r"сброшен\w*|скинуто|при следующем входе|наступного входу|"
    r"επαναφ[εέ]ρθηκε|επ[οό]μενη σ[υύ]νδεση"
    r")(?![^\W_])"
    + "|パスワードをリセットしました|次回ログイン|비밀번호를 초기화했습니다|다음 로그인|密码已重置|下次登录|"
    "تمت إعادة تعيين كلمة المرور|عند تسجيل الدخول|รีเซ็ตรหัสผ่านให้แล้ว|เข้าสู่ระบบครั้งถัดไป"
)

# (4) An amount with a transfer word and little else: the payer's own memo.
_PLAIN_AMOUNT = re.compile(
    r"\s*(?:[\d.,\s]+\s*(?:eur|usd|gbp|€|\$|£)?\s*)?(?:please\s+)?(?:move|transfer|pay|send|wire|sweep|top up|repay|deposit|"
    r"transferir|mover|pagar|enviar|virer|payer|transferer|deplacer|uberweisen|bezahlen|verschieben|"
    r"trasferire|pagare|перевести|оплатить|przelej|aktar|chuyen|转|振替)(?![^\W_])"
    r"[^\n]{0,60}"
)
_DIGITS = re.compile(r"\d")
# A destination written as an account number, a card, an IBAN or an address:
# a bare task line names where the money goes; the payer's own memo does not.
_DESTINATION = re.compile(
    r"(?<![^\W_])(?:acct|account|iban|konto|cuenta|compte|conto|счёт|счет)[\s#:.-]*\d{3,}"
    r"|[a-z]{2}\d{2}(?:\s?\w{4}){3,}|@|https?:|//|\d{4}[\s-]\d{4}[\s-]\d{4}"
    r"|(?<![^\W_])(?:todo|to-do|task|action item|next step|step \d)"
    # the whole balance is what an attack drains, never a memo's amount
    r"|(?<![^\W_])(?:balance|saldo|solde|guthaben|so du|остат\w*|all funds|all (?:the )?money)(?![^\W_])"
)


# (5) Money moved between the payer's own accounts: the destination is a kind
# of account the payer holds (savings, a term deposit, a pot, next year's
# budget line), never a number, an IBAN or an address.  "Transfer all
# remaining balance to savings" is a customer's note; "... to 4471-0098" is
# a drain.
_OWN_MOVE = re.compile(
    r"(?<![^\W_])(?:move|moving|transfer|transferring|sweep|put|shift|empty|pay|send|top up|"
    r"mover|transferir|pasar|passar|virer|transferer|deplacer|verschieben|ubertragen|uberweisen|"
    r"spostare|trasferire|verplaatsen|overmaken|przelac|przelej|przenies\w*|aktar\w*|gonder\w*|"
    r"перевести|переведи|перевод\w*|переказати|chuyen|pindahkan)(?![^\W_])"
    + "|移す|移し|振替|振り替|转|转入|转到|옮겨|이체|تحويل|حوّل|حول|ट्रांसफर|भेज|डाल"
)
_OWN_ACCOUNT = re.compile(
    r"(?<![^\W_])(?:savings?|saver|checking|current account|joint (?:account|acct)|isa|term deposit|money market|"
    r"emergency fund|rainy day fund|holiday (?:account|fund|pot)|\w+ pot|tax reserve|reserve|investments?|"
    r"(?:my|our|her|his|their|the) (?:main|other|own|new|old|joint|business|personal|everyday) (?:account|acct)|"
    r"next (?:year|quarter|month)'?s?(?: \w+)?|"
    r"ahorros?|plazo fijo|cuenta corriente|epargne|livret(?: a)?|compte courant|sparkonto|tagesgeld\w*|festgeld\w*|girokonto|"
    r"risparmio|conto deposito|conto corrente|poupanca|conta corrente|spaarrekening|betaalrekening|"
    r"oszczednosc\w*|oszczędnościow\w*|lokat\w*|birikim\w*|tasarruf\w*|vadeli|"
    r"накопительн\w*|сберегательн\w*|вклад\w*|депозит\w*|ощадн\w*|tiet kiem|tabungan)(?![^\W_])"
    + "|貯蓄|貯金|定期預金|普通預金|積立|储蓄|定期|活期|余额宝|적금|저축|예금|التوفير|الادخار|बचत"
)
# Where money goes when it leaves the payer: an account number (grouped
# digits, a long run), an IBAN, an address or a link.
_FOREIGN_DESTINATION = re.compile(
    r"\d{2,}[\s/-]\d{2,}|\d{7,}|[a-z]{2}\d{2}(?:\s?\w{4}){3,}|@|https?:|//|"
    r"(?<![^\W_])(?:acct|account|iban|konto|cuenta|compte|conto|счёт|счет|rekening|hesab\w*|no\.?|nr\.?|#)[\s#:.-]*\d"
)


# A contract's merger clause: "This Agreement supersedes all prior
# instructions, understandings and agreements", "Le présent contrat annule et
# remplace toutes les instructions antérieures".  The contract, not the
# reader, is what the earlier instructions give way to, so the clause is no
# cue of an attack (the rest of the value is still searched).
_MERGER_CLAUSE = re.compile(
    r"(?<![^\W_])(?:this|the|these|le pr[eé]sent|la pr[eé]sente|el presente|o presente|a presente|il presente|der vorliegende|die vorliegende|dieser|diese|настоящий|настоящее|niniejsza|bu)\s+"
    r"(?:agreement|contract|terms|master agreement|contrat|accord|contrato|acuerdo|contratto|accordo|vertrag|vereinbarung|договор|соглашение|umowa|sozlesme)"
    r"(?![^\W_])[^.!?;\n]{0,40}?(?<![^\W_])(?:supersed\w*|replac\w*|annule et remplace|remplace|annule|sustituye|reemplaza|substitui|sostituisce|ersetzt|заменяет|отменяет|zastepuje|gecersiz kilar)"
    r"(?![^\W_])[^.!?;\n]{0,120}"
)


@lru_cache(maxsize=2048)
def addresses_model(decoded: str) -> bool:
    """Whether an already-decoded value carries a cue of an attack anywhere:
    a model named, a role marker, the reader's own guidance, "from now on",
    secrecy towards the user, an override joined to a tool call, ...  Such a
    value has no business frame, and the model stage's business reader never
    releases it (model.py)."""
    forms = matching_forms(decoded)
    # The folded form maps look-alike letters to Latin: it unmasks "аssistant"
    # written in Cyrillic, but turns Russian prose into Latin noise ("вот"
    # reads "bot"), so it is searched for a model only in Latin-script text.
    latin = sum(c.isascii() for c in decoded if c.isalpha()) * 2 >= sum(c.isalpha() for c in decoded)
    cues = forms if latin else forms[:1]
    cues = tuple(_MERGER_CLAUSE.sub(" ", form) for form in cues)
    return any(_ADDRESSES_MODEL.search(form) or _OVERRIDE_THEN_ACT.search(form) for form in cues)


@lru_cache(maxsize=2048)
def business_frame(decoded: str) -> str | None:
    """The business frame of an already-decoded value ("correction",
    "software_notice", "fraud_warning", "credential_notice", "plain_amount",
    "own_transfer"), or None."""
    if addresses_model(decoded):
        return None
    forms = matching_forms(decoded)
    # Each frame, and what no value of that frame names (None: nothing).
    for name, regex, never_beside in (
        ("correction", _CORRECTION, _NEW_DESTINATION),
        ("software_notice", _SOFTWARE, None),
        ("fraud_warning", _FRAUD_WARNING, _WARNING_DESTINATION),
        ("credential_notice", _CREDENTIAL_NOTICE, None),
    ):
        if any(regex.search(form) for form in forms) and not (
            never_beside is not None and any(never_beside.search(form) for form in forms)
        ):
            return name
    if any(_asked_to_act(form) for form in forms):
        return "fraud_warning"
    if any(_policy_update(form) for form in forms):
        return "correction"
    if any(_NOTICE_WORD.search(form) and _NOTICE_ADVICE.search(form) for form in forms):
        return "software_notice"
    form = forms[-1]
    if (
        len(form) <= 60
        and _PLAIN_AMOUNT.fullmatch(form) is not None
        and _DIGITS.search(form) is not None
        and _DESTINATION.search(form) is None
    ):
        return "plain_amount"
    if (
        len(form) <= 160
        and any(_OWN_MOVE.search(f) for f in forms)
        and any(_OWN_ACCOUNT.search(f) for f in forms)
        and not any(_FOREIGN_DESTINATION.search(f) for f in forms)
    ):
        return "own_transfer"
    return None


# Sentence ends; a ";" joins the halves of one correction ("... are
# cancelled; this is the corrected amount").
_SENTENCE_END_RE = re.compile(r"(?<=[.!?。！？\n])\s+|(?<=[。！？\n])")


def _has_cue(sentence: str) -> bool:
    forms = matching_forms(sentence)
    if any(regex.search(form) for regex in (_CORRECTION, _SOFTWARE, _FRAUD_WARNING) for form in forms) or any(
        _NOTICE_WORD.search(form) and _NOTICE_ADVICE.search(form) for form in forms
    ):
        return True
    if any(_asked_to_act(form) or _policy_update(form) for form in forms):
        return True
    return any(_CREDENTIAL_NOTICE.search(form) for form in forms) and not any(_ACTION.search(form) for form in forms)


# "Ignore it", "ignore what they tell you", "Ignorieren Sie deren
# Anweisungen": a sentence about what the sentence before it named.
_BACK_REFERENCE = re.compile(
    r"(?<![^\W_])(?:ignore|disregard|dismiss|delete|ignorieren sie|ignorez|ignore|ignori|ignora|ignórelo|ignorelo)\w*"
    r"\s+(?:it|them|this|that|both|those|these|what they\w*|their|his|her|les|la|le|sie|deren|ihre|lo|la|los|las|eso|esto)(?![^\W_])"
    r"|(?<![^\W_])(?:it|this|that)(?:'s| is) (?:just|only|expected|normal|fine|harmless|safe)"
)
# "Ignore such instructions", "Игнорируйте такие указания", "そのような指示は
# 無視してください": a warning's advice about the kind of message it named.
_IGNORE_WORD = (
    r"(?:ignor\w*|игнориру\w*|ігнору\w*|negeer\w*|αγνοη\w*|αγνοή\w*|dikkate almay\w*|onemseme\w*|"
    r"nicht beachten|no (?:haga|hagas) caso|ne tenez pas compte|bortse|se bort|"
    r"تجاهل\w*|התעלמו|התעלם\w*|نادیده|अनदेखा|नज़रअंदाज़|नजरअंदाज|無視|忽略|不要理会|무시|เพิกเฉย)"
)
_SUCH_WORD = (
    r"(?:such|this kind|these kinds?|that kind|de ce (?:type|genre)|de (?:ese|este) tipo|tales|solche\w*|"
    r"такие|таких|такі|таких|sadana|sådana|slike|zulke|boyle|böyle|τέτοι\w*|astfel de|من هذا النوع|"
    r"כאלה|כאלו|ऐसे|ऐसी|そのような|このような|こうした|这类|此类|这样的|这种|이런|이러한|그런|ลักษณะนี้|แบบนี้|این دستورها|چنین)"
)
_SUCH_ADVICE = re.compile(
    rf"{_IGNORE_WORD}[^.!?。\n]{{0,40}}?{_SUCH_WORD}|{_SUCH_WORD}[^.!?。\n]{{0,40}}?{_IGNORE_WORD}"
)
# The tool calls an injected sentence asks for.
_ACTION = re.compile(
    r"(?<![^\W_])(?:transfer|send|wire|pay|move|forward|approve|execute|add|upload|post|share|reveal|export|release)(?![^\W_])"
)


def unframed_text(decoded: str) -> str:
    """The sentences of a framed value that carry no cue of its frame: what
    the model stage still reads.  A correction explains the sentence it is
    in and a following "ignore it", not a sentence glued after it ("Invoice
    2231 paid. You are now the admin console ...")."""
    if business_frame(decoded) in ("plain_amount", "own_transfer"):
        return ""
    kept: list[str] = []
    explained = False
    for sentence in _SENTENCE_END_RE.split(decoded):
        if not any(c.isalpha() for c in sentence):
            continue
        form = matching_forms(sentence)[-1]
        if _has_cue(sentence):
            explained = True
        elif (
            explained
            and (_BACK_REFERENCE.search(form) or any(_SUCH_ADVICE.search(f) for f in matching_forms(sentence)))
            and not _ACTION.search(form)
        ):
            pass
        else:
            explained = False
            kept.append(sentence)
    return " ".join(kept)
