"""English data for legit_support.py (hand-written fragments and complete texts; training only)."""

LANG = dict(
    names="Emma Liam Olivia Noah Ava Ethan Sophia Mason Isabella Lucas Mia Oliver Amelia James Harper Benjamin Evelyn Henry Abigail Daniel Priya Omar Chen Fatima Diego Aisha Tom Grace Kevin Rachel Marcus Hannah Samir Julia Patrick Nadia",
    products="wireless earbuds|standing desk|espresso machine|robot vacuum|4K monitor|hiking backpack|smart thermostat|air fryer|office chair|mechanical keyboard|baby stroller|yoga mat set|electric toothbrush|annual Pro subscription|phone case|winter jacket|blender|car seat cover|laptop sleeve|video doorbell|running shoes|coffee grinder|noise-cancelling headphones|family plan",
    cur="$N", dec=".", thou=",", datefmt="us", iban_cc="GB",
    months="January February March April May June July August September October November December",
    lab="""subject=Subject
ticket=Ticket
priority=Priority
category=Category
desc=Description
order=Order
prios=Low|Normal|High|Urgent
cats=Billing|Shipping|Account access|Returns|Technical issue|Product question|Subscription
orig=-----Original Message-----
from=From
sent=Sent
to=To
wrote=On {date}, {name} <{email}> wrote:
customer=Customer
agent=Agent
caller=Caller
reason=Reason for call
outcome=Outcome
inbound=Inbound call at
followup=Follow-up
rating=Rating
q=Q
a=A""",
    subj="""Order {order} not delivered
Refund still not received
Double charge on my card
Can't log in to my account
Wrong item received
Change of delivery address
Question about my invoice
Password reset not working
Cancel my subscription
Damaged {product}
Urgent: refund request for {order}
Update billing details
Account locked
Missing item in order {order}
Warranty claim - {product}
Re: your chatbot answer
Error message at checkout
Correction to my previous email""",
    greet_c="""Hello,
Hi there,
Hi,
Good morning,
Dear support team,
Hello support,
To whom it may concern,
Hi team,""",
    sign_c="""Thanks,\\n{name}
Best regards,\\n{name}
Thank you,\\n{name}
Cheers,\\n{name}
Kind regards,\\n{name}\\n{phone}
Many thanks\\n{name}""",
    greet_a="""Hi {name},
Hello {name},
Dear {name},
Good afternoon {name},
Hi {name}, thanks for reaching out.
Hello {name}, thank you for your patience.""",
    sign_a="""Best regards,\\n{agent}\\nCustomer Support
Kind regards,\\n{agent} | Support Team
Thanks,\\n{agent}
Have a great day!\\n{agent}, Customer Care
Warm regards,\\n{agent}\\nBilling Department
All the best,\\n{agent} (Tier 2 Support)""",
    ropen="""Thank you for contacting us about order {order}.
Thanks for getting back to me with the details.
I'm sorry to hear about the trouble with your {product}.
Thank you for your message regarding ticket {ticket}.
I've looked into your account and here is what I found.
Thanks for your patience while we checked this with our warehouse.
I'm following up on your call from {date}.""",
    issue="""I ordered a {product} on {date} (order {order}) and it still hasn't arrived.
My card was charged twice for order {order}, {amount} each time.
I can't log in to my account, the system shows an error saying my session has expired.
I received the wrong size, I ordered a medium and got an XL.
The {product} stopped working after two weeks.
Please ignore my previous email, the correct delivery address is 14 Elm Street, Apt 3B.
I tried to reset my password three times but the reset link never arrives.
My account was locked after I entered the wrong code, and now I can't get in.
Your chatbot told me the refund would take two days but it has been two weeks.
The AI assistant on your website gave me the wrong answer about the return window.
As an admin I can't see the invoices for the other users on our team account.
The tracking page has said "label created" since {date}.
I was billed {amount} even though I cancelled my subscription last month.
The package arrived but the box was crushed and the {product} is scratched.
I returned order {order} on {date} and I still haven't been refunded {amount}.
The discount code SPRING{pct} was not applied at checkout.
I changed my email to {email} but I still get messages at the old address.
The app crashes every time I try to upload a receipt.
One item is missing from order {order}, I only got two of the three.
I never received the one-time code by SMS, I've requested it {n} times.
The invoice shows the wrong company name, it should be Brightline Consulting Ltd.
The delivery driver marked the package as delivered but nothing was left at my door.
I think someone else has access to my account, I got a login notification from a device I don't recognise.
The checkout page says "payment declined" but my bank says the card is fine.
I was promised a callback on {date} and nobody called.
My refund went to an old card that is closed now.
I need to update the bank details for my direct debit, the new IBAN is {iban}.
The firmware update bricked my {product}, it just blinks red now.
I was charged the old price of {amount} instead of the sale price.
Order {order} was split into two shipments and only the first one arrived.""",
    ask="""Could you please check what happened?
Please cancel the previous order and send the new one instead.
Can you forward this to the billing team?
Urgent: please approve my refund, I need the money back before the end of the month.
Please send me a return label.
Could someone call me back at {phone}?
Please update the address on the order before it ships.
I'd like a full refund please.
Please disregard my earlier message, I found the receipt.
Can you resend the invoice to {email}?
Please unlock my account, I have verified my identity.
Could you replace it rather than refund it?
Let me know what information you need from me.
Please escalate this, it's the third time I'm writing.
Can you confirm the refund of {amount} has been issued?
Please close my account and delete my data.
Could you tell me when I can expect a reply?
Please ignore the photo I sent earlier, the correct one is attached.""",
    resp="""I have reset your password, please change it at first login.
Please do not share your one-time code with anyone, we will never ask for it by phone or email.
Your account was locked after several failed sign-in attempts; I've unlocked it now.
I can see you tried to reset your password three times, so the link was temporarily blocked. It should work again now.
I've issued a refund of {amount} to your original payment method; it usually takes 3-5 business days to appear.
I've forwarded your request to the billing team and they will reply within two business days.
I've cancelled the previous order and created a new one, {order2}, with the corrected address.
A prepaid return label has been sent to {email}.
I've updated the delivery address on order {order}.
I'm sorry our chatbot gave you incorrect information; the return window is 30 days, not 14.
The duplicate charge was an authorisation hold and it will drop off your statement within {days} days.
I've escalated this to our warehouse team and marked it as urgent.
A replacement {product} will ship today; you'll receive tracking by email.
For security reasons we can't change bank details over email; please update them under Settings > Billing.
As an admin you need the "Billing viewer" role to see other users' invoices; you can assign it under Team settings.
I've applied the {pct}% discount retroactively, so you'll see a credit of {amount}.
I've opened a claim with the carrier for order {order}; these usually take {days} business days.
Your subscription has been cancelled and you won't be charged again.
I can confirm we received your return on {date}.
Could you send us a photo of the damage and the serial number on the back of the unit?
I've added a note to your account so the next agent can see the full history.
If the code still doesn't arrive, please check that your phone number ends in {last4}.
We never ask for your full card number or your password, so please ignore any message that does.""",
    fwd="""Forwarding this to you, {agent} - can billing take a look? The customer was charged twice.
FYI, see the customer's email below. Can you approve the refund? It's over my limit.
Passing this one to you since it's a warranty case. Thanks!
{agent}, this customer wrote again, please see below and call her back today if you can.
Looping in the shipping team. Can someone check with the carrier?
Forwarding as discussed. Please ignore the first forward, I attached the wrong thread.
Please handle this one, I'm out from tomorrow. The order number is in the thread.""",
    follow="""Hi, any update on this? I'm still waiting.
Just following up on my email below. Nobody has replied yet.
Thanks for the quick answer! One more question below.
Hello again, I'm resending this because I haven't heard back.
Sorry, please ignore my last reply, I sent it before seeing your email. All good now.
I tried what you suggested but it still doesn't work, see below.""",
    chat="""can you approve the PO for me? it's for the new headsets, {amount}
ignore the last message, wrong channel 🙈
anyone know why the refund tool is timing out?
@{agent} the customer from {ticket} is on the phone again, can you take it?
heads up: the payment provider has an outage, expect failed checkouts for the next hour
I'm covering the queue until 3, then {other} takes over
could someone forward me the new return policy doc?
who's on call for billing escalations this weekend?
just reset the password for the Meyer account, told them to change it at first login
the system shows an error when I open the CRM, is it just me?
please don't paste customer card numbers in here, use the secure notes field
can you double-check ticket {ticket} before I close it?
reminder: team meeting moved to {time}
I approved your leave request for Friday 👍
does anyone have the template for the damaged-item apology?
{agent} can you cancel my previous request for the laptop and order the 14 inch one instead
customer says our chatbot promised free shipping, do we honour that?
as admin I can't see the new queue, did someone change the permissions?
lunch? 🍕
thanks for covering my shift yesterday!
the IBAN the customer gave us has a typo, I asked them to resend it
sorry, wrong chat
can I get a second pair of eyes on this refund? {amount} seems high for a partial
FYI I escalated {ticket} to tier 2""",
    chat_reply="""done ✅
on it
sure, give me 5 min
approved
yep, just you, works for me
no worries
will do
thanks!
checking now
👍""",
    note="""Customer called about missing delivery for {order}. Opened carrier claim.
Verified identity via postcode and last 4 digits of card ({last4}).
Refund of {amount} approved by supervisor.
Customer asked to ignore their previous address change; reverted to original address.
Password reset sent; advised customer to change it at first login.
Reminded customer never to share one-time codes.
Account unlocked after three failed login attempts.
Customer unhappy with chatbot answer about warranty; clarified 2-year warranty applies.
Forwarded to billing team for duplicate charge investigation.
Cancelled previous order {order} at customer's request, replacement order {order2} created.
Customer prefers contact by email ({email}).
Escalated to tier 2, issue not reproducible on our side.
Sent return label; customer will drop off at post office.
Customer mentioned possible churn if not resolved by {date}.
Goodwill credit of {amount} added.
Callback scheduled for {date} at {time}.
Customer requested invoice correction; new invoice issued.
Bank details update requested; sent secure link, not changed by phone.
Upsold to annual plan, {pct}% discount applied.
Customer disputes the late fee; waived once as a courtesy.""",
    callr="""missing parcel
double charge on card
login problem / account locked
request to cancel subscription
damaged product
refund status
change of delivery address
question about invoice
warranty claim
complaint about previous agent""",
    greet_f="""Dear Sir or Madam,
Dear Customer Service Manager,
To whom it may concern,
Dear Customer Relations team,""",
    close_f="""Yours faithfully,\\n{name}
Sincerely,\\n{name}\\n{phone}
Yours sincerely,\\n{name}
Regards,\\n{name}\\nCustomer account {order}""",
    complaint="""I am writing to complain about the service I received regarding order {order}.
This is the fourth time I have contacted you about the same problem.
Your agent promised me a callback within 24 hours, and nobody called.
I have been a loyal customer for over eight years and I have never been treated like this.
I am extremely disappointed with the way my complaint has been handled so far.
Your chatbot kept sending me in circles and never connected me to a person.
I was kept on hold for 55 minutes before the call was dropped.
The product was advertised as waterproof, but it failed the first time it rained.""",
    demand="""I expect a full refund of {amount} within 14 days.
Please replace the item or refund me in full; otherwise I will take this further.
I would like a written explanation and a goodwill gesture for the inconvenience.
If this is not resolved by {date}, I will contact my bank to dispute the charge.
I request that you cancel the contract without the early termination fee.""",
    rev_tp="""Great value
Exactly as described
Love it!
Solid purchase
Works perfectly
Better than expected""",
    rev_tn="""Disappointed
Broke after a month
Not worth the money
Customer service was unhelpful
Stay away
Looks cheap""",
    rev_pos="""The {product} arrived two days early and was well packed.
Setup took five minutes and it has worked perfectly since.
Battery life is easily a full day, even with heavy use.
I had a problem with the first one and support replaced it without any fuss.
Build quality is much better than the cheaper ones I tried.
My wife uses it every morning and loves it.
The instructions were clear and all the screws were included.
Quiet, sturdy, and looks great in the living room.
Their chat agent sorted out my delivery issue in minutes.""",
    rev_neg="""The {product} stopped charging after three weeks.
It arrived with a cracked corner and the return process was a hassle.
The chatbot couldn't answer a single question and I waited two days for a human.
Much smaller than it looks in the photos.
The app keeps logging me out and asking me to reset my password.
It's loud, it wobbles, and one of the buttons sticks.
I was charged twice and it took three emails to get the money back.
The colour is completely different from the picture.
Instructions were missing and the screws didn't fit."""
    ,
    survey="""The agent was friendly but I had to explain my problem three times.
Quick and easy, the refund was processed the same day.
Please make it easier to find the phone number on your website.
Your chatbot was useless, I just wanted to talk to a person.
Delivery was fast, packaging could use less plastic.
Nothing to improve, {agent} was brilliant.
I would recommend you to friends, but the returns process needs work.
The password reset emails take too long to arrive.
Wait time on the phone was too long (over 30 minutes).
Very satisfied. The product does what it says.
I'd like to be able to change my delivery slot after ordering.
The survey is too long.
Prices went up but the service didn't get better.
The agent solved my problem on the first call, thank you!""",
    surveyq="""How satisfied were you with your support experience?
What could we do better?
Any other comments?
How likely are you to recommend us to a friend? Why?
What was the main reason for your score?""",
    faq="""How do I reset my password? || Click "Forgot password" on the sign-in page and we'll email you a link. The link is valid for 30 minutes. After three unsuccessful attempts, password resets are paused for one hour for your security.
Will you ever ask for my one-time code? || No. We will never ask you for your one-time code, password or full card number by phone, email or chat. If someone does, please don't share it and report the message to us.
How long do refunds take? || Once we receive your return, refunds are issued within 5 business days. Your bank may need another 3-5 days to show the money on your statement.
Why was my account locked? || Accounts are locked automatically after several failed sign-in attempts. You can unlock yours by resetting your password or by contacting support.
Can I change my delivery address after ordering? || Yes, as long as the order hasn't shipped. Go to My Orders, select the order and choose "Change address". If it has already shipped, contact us and we'll try to redirect it.
Can I cancel an order and place a new one? || Yes. Cancel the previous order from My Orders before it ships, then place the new one. If you were charged for both, the first payment is released automatically.
Is the answer from the chat assistant binding? || Our virtual assistant answers common questions. If its answer differs from our published terms, the terms apply, but please tell us so we can correct it.
How do I update my bank details for direct debit? || Sign in and go to Settings > Billing > Payment method. For your security we don't change bank details by phone or email.
What does "authorisation hold" mean? || When you order, your bank may reserve the amount. If the order changes or is cancelled, the hold is released, usually within 7 days.
I'm an account admin. How do I see my team's invoices? || Admins with the Billing role can see all invoices under Team > Billing. If the menu is missing, ask the account owner to grant you that role.""",
    faq_tip="""Still need help? Chat with us from 8am to 8pm.
You can also call us at {phone}.
See also: Returns and refunds.
Tip: check your spam folder for our emails.""",
    cgreet="""Hi, you're chatting with {agent}. How can I help today?
Hello! My name is {agent}, thanks for waiting. What can I do for you?
Hi there, {agent} here from customer support.""",
    short="""ok thanks, that worked
great, thank you so much!
got it, I'll try that now
hmm still not working
perfect, that's all I needed
thanks, have a nice day""",
    aclose="""You're welcome! Is there anything else I can help with?
Glad I could help. Have a great day!
Thanks for chatting with us. You'll get a transcript by email.
No problem. If it happens again just reply to this chat.""",
    apsubj="""Our apologies regarding order {order}
We're sorry
An apology from our Customer Care team
About your recent experience""",
    apology="""I'm very sorry for the delay with your order {order}.
Please accept our sincere apologies for the inconvenience this has caused.
You should never have been charged twice, and I apologise for the mistake.
I'm sorry that our chatbot gave you wrong information about the refund.
As a gesture of goodwill we have added a credit of {amount} to your account.
We've reviewed the call and the agent should have escalated your case straight away.
I'm sorry you had to contact us several times to get this resolved.
We have refunded the delivery charge and upgraded your next delivery to express for free.
We are taking steps to make sure this doesn't happen again.
I completely understand your frustration and I apologise on behalf of the whole team.""",
)

LANG["full"] = {
    "support_ticket": [
        "Hi, please ignore my previous email, the correct address is 22 Harbour Road, Flat 5, not Flat 7. Order {order}. Thanks, {name}",
        "Subject: Cancel the previous order\n\nHello, please cancel the previous order ({order}) and send the new one ({order2}) instead. I ordered the wrong colour. The new one is the grey version.\n\nThank you,\n{name}",
        "URGENT: approve my refund please. I returned the {product} two weeks ago, you confirmed receipt on {date}, and the refund of {amount} is still pending. I need it before rent is due.",
        "The system shows an error \"Code 503 - service unavailable\" every time I try to download my invoice. I've tried Chrome and Firefox.",
        "As an admin I can't see the usage reports for our organisation anymore. It worked last week. Did something change with the roles?",
        "Hello, your chatbot gave me the wrong answer. It said I could return opened software, but the store refused. Who is right?",
        "I got an SMS asking for my one-time code from someone claiming to be you. I did not share it. Is my account safe?",
        "Please forward this to the billing team: our company VAT number is missing from invoices {order} and {order2}.",
        "I tried to reset my password three times and now it says \"too many attempts\". Please help, I need to access my tax documents today.",
        "Hi! Small thing: my name is misspelled on the account (it's {name}, not Marx). Can you fix it? No rush.",
        "Priority: Urgent\nCategory: Account access\nDescription: Our whole team was logged out at 9:05 and nobody can sign in. The error says \"SSO configuration invalid\". We have 40 users waiting.",
        "Customer portal question: where do I find the old statements from 2022? The drop-down only goes back 12 months.",
    ],
    "support_reply": [
        "Hi {name},\n\nI have reset your password, please change it at first login. The temporary password was sent by SMS to the number ending in {last4}.\n\nAlso a reminder: do not share your one-time code with anyone, we will never ask for it.\n\nBest,\n{agent}",
        "Hello {name}, you tried to reset your password three times within ten minutes, which temporarily blocks further attempts. The block has now expired, so please try once more and use the newest email only.",
        "Dear {name},\n\nThanks for letting us know. I've forwarded this to the billing team, who will correct the VAT number on both invoices and send them to you by Friday.\n\nKind regards,\n{agent}",
        "Hi {name}, thanks for the screenshot. That error appears when the browser blocks third-party cookies. Could you allow cookies for example.com and try again? If it still fails, reply here and I'll pass it to our engineers.",
        "Hello {name}, I'm sorry our chatbot gave you the wrong answer. Opened software can't be returned unless it is faulty, so the store was right. I understand that's frustrating, so I've added a {amount} voucher to your account.",
        "Hi {name}, good news: your refund of {amount} was approved today. You'll see it on your statement in 3-5 working days. Ticket {ticket} is now closed, but just reply if anything looks wrong.",
    ],
    "email_quoting_email": [
        "Thanks {name}, all sorted. I've updated the address.\n\nOn {date}, {name} <{email}> wrote:\n> Please ignore my previous email, the correct address is 9 Mill Lane, not 19.\n> Sorry for the confusion!\n>\n> On {date2}, {name} wrote:\n>> Hi, please ship order {order} to 19 Mill Lane.",
        "Hi {agent},\n\nCan you approve this? It's above my refund limit.\n\n-----Original Message-----\nFrom: {name} <{email}>\nSent: {date} {time}\nTo: support@example.com\nSubject: Urgent: approve my refund\n\nHello, I was charged {amount} for a subscription I cancelled in March. Please refund it, I've attached the cancellation confirmation.\n\n{name}",
        "Forwarding to billing, see below.\n\n---------- Forwarded message ---------\nFrom: {name} <{email}>\nDate: {date}\nSubject: Wrong IBAN on invoice\n\nHi, the invoice lists our old IBAN. The correct one is {iban}. Could you reissue it?\n\nThanks",
        "Hi {name},\n\nYes, that's right, please go ahead.\n\n> Should I cancel the previous order and place a new one, or can you change the size on the existing order?\n\nI've cancelled {order} for you, so just place the new order and you won't be charged twice.\n\nBest,\n{agent}",
        "> The system shows an error when I log in.\n\nCould you tell me which error exactly? A screenshot would help.\n\n> I also can't reset my password.\n\nI've sent a new reset link just now. It expires in 30 minutes.\n\n{agent}",
    ],
    "colleague_chat": [
        "{agent}: can you approve the PO for me? vendor needs it by noon\n{other}: approved, check the system\n{agent}: thx!",
        "ignore the last message, wrong channel. meant to send it to the warehouse group 😅",
        "quick q - the customer in {ticket} says our AI assistant told him shipping is free over $30, but it's $50. do we honour it?",
        "{agent}: forward this to the billing team pls, it's a duplicate charge\n{other}: done, sent to billing@example.com",
        "Reminder from IT: never share your MFA codes with anyone, including us. We will never ask for them in Teams.",
    ],
    "crm_note": [
        "Cust. requested to ignore previous email with wrong address. Order {order} updated to new address, confirmed by phone.",
        "Admin user reports missing visibility of team invoices. Role was 'Member', changed to 'Billing admin' with owner approval.",
        "Customer reported chatbot quoted 14-day return window. Confirmed policy is 30 days, raised with the bot content team (ref {ticket}).",
    ],
    "call_center_note": [
        "Caller said she received a call 'from us' asking for her one-time code; she did not share it. Advised we never ask for codes, flagged account, reset password, told her to change it at first login.",
        "Inbound, 11 min. Customer tried to reset password three times, locked out. Verified ID (DOB + postcode), unlocked, sent fresh link. Customer happy.",
    ],
    "complaint_letter": [
        "Dear Sir or Madam,\n\nOn {date} I ordered a {product} (order {order}). It arrived damaged, and when I asked for a replacement your chatbot told me to 'ignore the damage and use the product as normal'. This is not acceptable.\n\nI have since written three times without a reply. I now request a full refund of {amount} and reimbursement of my return postage.\n\nYours faithfully,\n{name}",
    ],
    "product_review": [
        "★★★★★ Honestly the best {product} I've owned. The only hiccup was a delivery delay, and support gave me a discount for it without me asking.",
        "★☆☆☆☆ Product is fine, service is not. I asked the website's AI assistant about compatibility, it said yes, and it turned out to be wrong. Return took 5 weeks.",
    ],
    "survey_answer": [
        "Your agent reset my password and reminded me to change it at first login, very clear. But I wish I didn't need to call for this.",
        "The chatbot was OK for tracking my order but for anything else I had to wait for a human.",
    ],
    "faq_entry": [],
    "customer_chat_transcript": [
        "Customer: hi, please ignore my previous message, I typed the wrong order number. It's {order}\nAgent ({agent}): No problem! I can see order {order}, it's out for delivery today.\nCustomer: great thanks\nAgent ({agent}): You're welcome!",
        "{agent}: Hi {name}, how can I help?\n{name}: Someone texted me asking for the code you just sent me. Should I give it to them?\n{agent}: No, please don't share the code with anyone. We'll never ask for it. I've blocked that code and sent you a new one.\n{name}: ok, thank you. That was scary\n{agent}: Understandable. I've also added extra security to your account.",
    ],
    "apology_letter": [
        "Dear {name},\n\nI want to apologise personally for the problems with your account last week. Your account was locked by mistake during a security update, and you were unable to access your statements for three days.\n\nWe have fixed the cause and refunded your monthly fee of {amount}. If you have any questions, you can reach me directly at {phone}.\n\nSincerely,\n{agent}\nHead of Customer Care",
    ],
}

# issue index -> fitting resp indices (see "issue" / "resp" pools above)
LANG["pair"] = {
    0: [11, 16], 1: [10, 4, 5], 2: [0, 2], 3: [7, 12], 4: [12, 19], 5: [8, 6], 6: [3, 0],
    7: [2, 21], 8: [9, 4], 9: [9], 10: [14], 11: [16, 11], 12: [17, 4], 13: [19, 12],
    14: [18, 4], 15: [15], 16: [20], 17: [11, 20], 18: [12, 11], 19: [21, 22], 20: [5],
    21: [16], 22: [0, 22, 1], 23: [5, 20], 24: [11, 20], 25: [5, 4], 26: [13], 27: [12, 19],
    28: [15, 4], 29: [16, 11],
}

LANG["faq"] += """
Do you ship to P.O. boxes? || Yes, standard delivery can go to a P.O. box. Express and furniture deliveries need a street address because the courier needs a signature.
Can I return an item I bought on sale? || Sale items can be returned within 30 days like any other item. Final-sale items are marked as such on the product page and can't be returned unless faulty.
What happens if I enter the wrong one-time code? || You can try five times. After that, sign-in is paused for 15 minutes and we send a new code. Never read your code out to anyone who calls you.
Why do I see two charges for one order? || Usually one is a temporary authorisation hold that your bank releases automatically. If both charges are still there after 7 days, send us a screenshot of your statement and we'll investigate.
Can someone else collect my parcel? || Yes. Add a note with their name at checkout, and they will need to show ID and your order number.
How do I add a colleague to our business account? || The account admin can invite colleagues under Team > Members. Invited users receive an email and set their own password at first login.
I forgot which email I used. What can I do? || Contact us with your name, postcode and the last four digits of the card you paid with, and we'll help you find the account.
How do I cancel my subscription? || Go to Account > Subscription and choose "Cancel". You keep access until the end of the period you paid for, and you won't be charged again.
Is my card information stored? || Card details are handled by our payment provider; we only keep the last four digits and the expiry date so you can recognise the card.
Can I get an invoice with my company's VAT number? || Yes. Add the VAT number under Account > Billing before you order. For past orders, write to billing@example.com with the order number.
What should I do if I receive a suspicious email in your name? || Don't click links or share codes. Forward it to security@example.com and delete it. Our emails only ever link to example.com.
How do price matches work? || If you find the same item cheaper at a major retailer within 14 days of purchase, send us the link and we'll refund the difference."""

LANG["full"]["complaint_letter"] += [
    "Dear Customer Relations team,\n\nI am writing, for the third time, about my broadband contract (account {order}).\n\nOn {date} I asked to move my service to my new address. I was told the switch would happen within five working days. Instead, my service was cut off at the old address and never connected at the new one. I have now been without internet for 19 days. I work from home and have had to pay for mobile data and a co-working space.\n\nDuring this time I have called your helpline four times. Each time I was told to ignore the previous instructions I had been given and to wait another 48 hours. Your online assistant simply repeated the tracking status. No one has taken responsibility.\n\nI am asking for: (1) immediate connection at my new address, (2) a refund of the monthly fee for the period without service, {amount}, and (3) reimbursement of my additional costs, for which I can provide receipts.\n\nIf I do not receive a satisfactory response within 14 days, I will refer the matter to the ombudsman.\n\nYours faithfully,\n{name}\n{phone}",
]
LANG["full"]["apology_letter"] += [
    "Dear {name},\n\nThank you for taking the time to tell us about your recent visit to our Riverside store and the follow-up calls that came after it.\n\nHaving read your letter and listened to the recordings of your calls, I agree that we let you down. You were promised a delivery slot that didn't exist, you were asked to repeat your details on every call, and when you asked to cancel the previous order and place a new one, the first order was not cancelled, so you were charged twice.\n\nI have now refunded the duplicate payment of {amount} in full; you should see it within 3-5 working days. I have also arranged for the sofa to be delivered on {date} by our own team rather than a courier, at no cost.\n\nWe are retraining the team on how to handle order changes, and I have shared your letter (without your personal details) with the store manager.\n\nPlease accept my sincere apologies. If anything else goes wrong, you can reach me directly on {phone}.\n\nYours sincerely,\n{agent}\nCustomer Experience Manager",
]
LANG["full"]["email_quoting_email"] += [
    "Hi {agent},\n\nThanks for sorting this out so quickly. Just to confirm: I'll change the temporary password when I log in tonight.\n\n{name}\n\nOn {date} at {time}, Support <support@example.com> wrote:\n> Hello {name},\n>\n> I have reset your password; please change it at first login. The temporary password was sent by SMS.\n>\n> A reminder that we will never ask you for the one-time code we send you, so please don't share it with anyone, even if they say they are calling from us.\n>\n> Best regards,\n> {agent}\n>\n> On {date2}, {name} wrote:\n>> Hello, I tried to reset my password three times and I'm locked out. I need to pay an invoice today.\n>> Thanks, {name}",
]
