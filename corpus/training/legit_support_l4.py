"""Chinese, Japanese, Korean, Vietnamese, Indonesian data for legit_support.py (hand-written; training only)."""

ZH = dict(
    names="王芳 李伟 张敏 刘洋 陈静 杨磊 赵丽 黄强 周婷 吴杰 徐慧 孙浩 马琳 朱明 胡雪 郭涛",
    products="无线耳机|咖啡机|扫地机器人|办公椅|4K显示器|空气炸锅|登山包|年度会员|电动滑板车|床垫",
    cur="¥N", dec=".", thou=",", datefmt="cjk", iban_cc="CN", scale=7, sep="",
    lab="""subject=主题
ticket=工单号
priority=优先级
category=类别
desc=问题描述
order=订单
prios=低|普通|高|紧急
cats=账单|物流|账号登录|退货退款|技术问题
orig=-----原始邮件-----
from=发件人
sent=发送时间
to=收件人
wrote={name} <{email}> 于 {date} 写道：
customer=客户
agent=客服
caller=来电人
reason=来电原因
outcome=处理结果
inbound=来电时间
followup=回访
rating=评分
q=问
a=答""",
    subj="""订单{order}未送达
退款还没到账
被重复扣款
无法登录账号
修改收货地址
更正我上一封邮件""",
    greet_c="""您好，
客服你好，
你好：""",
    sign_c="""谢谢！\\n{name}
此致\\n{name}
麻烦了，谢谢。\\n{name}\\n电话：{phone}""",
    greet_a="""{name}您好：
尊敬的{name}，您好！
{name}，您好，感谢您的耐心等待。""",
    sign_a="""祝好\\n客服专员 {agent}
此致敬礼\\n{agent}｜财务部
谢谢！\\n{agent}""",
    ropen="""感谢您就订单{order}联系我们。
很抱歉您的{product}出现了问题。
我查看了您的账户，情况如下。""",
    issue="""我在{date}下的单（{order}），到现在还没收到。
订单{order}被扣了两次款，每次{amount}。
我登录不了，系统提示“会话已过期”。
请忽略我上一封邮件，正确的地址是朝阳区建国路12号3单元502。
我试了三次重置密码，但一直收不到链接。
我的账号从昨天开始被锁定了。
你们的智能客服说退款两天就到，结果已经两周了。
{product}用了两周就坏了。
我在{date}已经退货了，{amount}还没退回来。
我是管理员，却看不到公司其他用户的发票。
订单{order}少发了一件商品。
我想更换自动扣款的银行账户，新的IBAN是{iban}。""",
    ask="""麻烦帮我查一下是怎么回事。
请取消之前的订单，发新的那一单。
能帮我转给财务部门吗？
急：请尽快批准我的退款，月底前需要用钱。
请打{phone}联系我。
我要求全额退款。
之前发的照片请忽略，附件是正确的。
能给我发一个退货面单吗？""",
    resp="""已为您重置密码，请在首次登录时修改。
请不要把一次性验证码告诉任何人，我们绝不会向您索要。
您的账号因多次登录失败被锁定，现已为您解锁。
已将{amount}退回原支付方式，预计3到5个工作日到账。
已将您的问题转交财务部，他们会在48小时内回复。
已取消原订单，并按新地址为您重新下单，新订单号{order2}。
预付退货面单已发送至{email}。
很抱歉智能客服给了您错误的信息，退货期限是30天。
第二笔扣款是预授权冻结，{days}天内会自动解除。
出于安全考虑，我们不通过邮件修改银行信息，请在“我的账户 > 支付方式”中更新。
今天会为您补发一台新的{product}。
我已向快递公司提交了查件申请。""",
    fwd="""{agent}，转给你，能让财务看一下吗？重复扣款。
供参考，客户邮件在下面。这笔退款超出我的权限，你能批一下吗？
这个是保修问题，转给你处理，谢谢！""",
    follow="""你好，请问有进展吗？我还在等。
一直没收到回复，所以再发一次。
不好意思，请忽略我刚才的回复，我还没看到你们的邮件就发了。""",
    chat="""能帮我批一下采购单吗？新耳麦的，{amount}
忽略上一条，发错群了🙈
有人知道退款工具为什么一直卡住吗？
@{agent} 工单{ticket}的客户又打来了，你接一下？
注意：支付渠道故障，下单支付会失败
刚给客户重置了密码，提醒他首次登录时修改
打开CRM系统报错，是只有我这样吗？
请不要在群里贴卡号，用加密备注
谁能把新的退货政策发我一下？
客户说智能客服承诺包邮，我们认吗？
这周末财务谁值班？
昨天谢谢你帮我顶班！""",
    chat_reply="""好了✅
我来
等我5分钟
已批
我这边也是""",
    note="""客户来电反映订单{order}未送达，已向快递公司提交查件。
已核实身份（邮编+银行卡后四位{last4}）。
{amount}退款已由主管批准。
客户要求忽略之前的地址修改，保留原地址。
已发送重置密码链接，提醒首次登录后修改。
已提醒客户不要向任何人透露验证码。
重复扣款，已转财务处理。
应客户要求取消订单{order}，已新建{order2}。
客户对智能客服关于保修的回答不满，已解释清楚。
已约定{date} {time}回访。""",
    callr="""包裹未收到
重复扣款
账号被锁
取消会员
商品损坏""",
    greet_f="""尊敬的客服负责人：
贵公司客户服务部：""",
    close_f="""此致\\n敬礼\\n{name}
盼复。\\n{name}""",
    complaint="""我就订单{order}向贵公司正式投诉。
这已经是我第四次为同一个问题联系你们。
你们的客服承诺24小时内回电，但没有任何人联系我。
我在电话里等了50分钟，最后还被挂断了。""",
    demand="""请在14天内全额退还{amount}。
如果{date}前仍未解决，我将向消费者协会投诉。
请给出书面说明并对给我造成的不便作出补偿。""",
    rev_tp="""很满意
和描述一致
性价比高""",
    rev_tn="""很失望
一个月就坏了
不推荐""",
    rev_pos="""比预计时间早到，包装很好。
五分钟就装好了，用起来没问题。
中间出了点问题，客服直接给换了新的。
电池能用一整天。
做工不错。""",
    rev_neg="""用了三周就充不进电了。
到货时一个角是碎的，退货很麻烦。
智能客服什么都答不上来，等了两天才有人工。
实物比图片小很多。
被扣了两次钱，发了三封邮件才退回来。""",
    survey="""客服态度很好，但我把问题讲了三遍。
又快又方便，当天就退款了。
希望把客服电话放在网站更显眼的地方。
智能客服没用，我只想找真人。
没什么要改进的，{agent}非常棒。
电话等待时间太长。
重置密码的邮件来得太慢。
对配送非常满意。""",
    surveyq="""您觉得我们哪里可以改进？
您对本次服务满意吗？""",
    faq="""如何重置密码？ || 在登录页点击“忘记密码”，我们会发送有效期30分钟的链接。
你们会向我索要验证码吗？ || 不会。我们绝不会索要您的验证码、密码或完整卡号，请勿告诉任何人。
退款需要多久？ || 收到退货后5个工作日内退款，银行入账可能还需3到5天。
下单后还能改地址吗？ || 可以，只要订单尚未发货：我的订单 > 修改地址。
为什么我的账号被锁定了？ || 多次登录失败后账号会自动锁定，重置密码即可解锁。""",
    faq_tip="""需要帮助？在线客服时间为9:00-21:00。
也可拨打{phone}。""",
    cgreet="""您好，我是客服{agent}，请问有什么可以帮您？
您好！我是{agent}，很高兴为您服务。""",
    short="""好的谢谢，可以了
太好了，就是这个
还是不行
非常感谢""",
    aclose="""不客气！还有其他问题吗？
感谢您的咨询，祝您生活愉快。""",
    apsubj="""关于订单{order}的致歉
致歉信""",
    apology="""订单{order}延误，我们深表歉意。
给您带来不便，敬请谅解。
重复扣款本不应发生，我们为这个错误向您道歉。
很抱歉我们的智能客服给了您错误的信息。
为表歉意，我们已向您的账户发放{amount}的补偿。
我们正在采取措施，避免类似情况再次发生。""",
)

JA = dict(
    names="佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 松本 井上 木村",
    products="ワイヤレスイヤホン|コーヒーメーカー|ロボット掃除機|オフィスチェア|4Kモニター|ノンフライヤー|登山用リュック|年間プラン|電動キックボード|マットレス",
    cur="N円", dec=".", thou=",", datefmt="cjk", iban_cc="JP", scale=150, decimals=0, sep="",
    lab="""subject=件名
ticket=問い合わせ番号
priority=優先度
category=カテゴリ
desc=内容
order=注文番号
prios=低|通常|高|至急
cats=請求|配送|ログイン|返品・返金|技術的な問題
orig=-----元のメッセージ-----
from=差出人
sent=送信日時
to=宛先
wrote={date} {name} <{email}> さんは書きました:
customer=お客様
agent=担当
caller=発信者
reason=用件
outcome=対応結果
inbound=着信
followup=フォロー
rating=評価
q=Q
a=A""",
    subj="""注文{order}が届きません
返金がまだ確認できません
二重請求について
ログインできません
お届け先の変更
先ほどのメールの訂正""",
    greet_c="""お世話になっております。
カスタマーサポート御中
こんにちは。""",
    sign_c="""よろしくお願いいたします。\\n{name}
以上、よろしくお願いします。\\n{name}
お手数ですがよろしくお願いいたします。\\n{name}\\n{phone}""",
    greet_a="""{name}様\\n\\nお問い合わせいただきありがとうございます。
{name}様\\n\\nいつもご利用いただきありがとうございます。
{name}様\\n\\nお待たせいたしました。""",
    sign_a="""今後ともよろしくお願いいたします。\\nカスタマーサポート {agent}
何卒よろしくお願いいたします。\\n経理部 {agent}
{agent}""",
    ropen="""注文{order}の件でご連絡いただきありがとうございます。
{product}の不具合でご迷惑をおかけしております。
お客様のアカウントを確認いたしました。""",
    issue="""{date}に注文した商品（{order}）がまだ届いていません。
注文{order}で{amount}が2回引き落とされています。
ログインしようとすると「セッションの有効期限が切れました」とエラーが出ます。
先ほどのメールは無視してください。正しい住所は東京都杉並区阿佐谷1-2-3 ハイツ201です。
パスワードの再設定を3回試しましたが、リンクが届きません。
昨日からアカウントがロックされています。
チャットボットでは返金は2日と案内されましたが、もう2週間経っています。
{product}が2週間で動かなくなりました。
{date}に返品しましたが、{amount}がまだ返金されていません。
管理者なのに社内の他のユーザーの請求書が表示されません。
注文{order}の商品が1点足りません。
口座振替の口座を変更したいです。新しいIBANは{iban}です。""",
    ask="""状況を確認していただけますか。
前の注文をキャンセルして、新しい注文の方を発送してください。
この件を経理の方に転送していただけますか。
至急：返金を承認してください。月末までに必要です。
{phone}までお電話いただけますか。
全額返金をお願いします。
先ほど送った写真は無視してください。正しい写真を添付します。
返品用の伝票を送っていただけますか。""",
    resp="""パスワードをリセットしました。初回ログイン時に変更してください。
ワンタイムコードは誰にも教えないでください。当社からお尋ねすることはありません。
ログインの失敗が続いたためアカウントがロックされていましたが、解除いたしました。
{amount}を元のお支払い方法に返金しました。反映まで3〜5営業日かかります。
経理担当に転送いたしました。48時間以内にご連絡いたします。
前の注文をキャンセルし、正しい住所で新しい注文（{order2}）をお作りしました。
着払いの返品伝票を{email}宛にお送りしました。
チャットボットが誤った案内をしてしまい申し訳ございません。返品期限は30日です。
2回目の引き落としは仮売上で、{days}日以内に取り消されます。
安全のため、メールでの口座情報の変更は承っておりません。マイページ＞お支払い方法から変更してください。
本日、代わりの{product}を発送いたします。
配送業者に調査を依頼しました。""",
    fwd="""{agent}さん、転送します。経理で確認してもらえますか？二重請求の件です。
参考までに、下にお客様のメールがあります。私の権限を超える金額なので、返金の承認をお願いできますか。
保証対応の件なのでお任せします。よろしくお願いします！""",
    follow="""その後いかがでしょうか。まだ返信をお待ちしています。
返信がなかったので再送いたします。
すみません、先ほどの返信は無視してください。そちらのメールを見る前に送ってしまいました。""",
    chat="""発注書の承認お願いできますか？新しいヘッドセット分で{amount}です
さっきのメッセージは無視してください、チャンネル間違えました🙈
返金ツールが固まる原因わかる人いますか？
@{agent} 問い合わせ{ticket}のお客様からまた電話です、取れますか？
注意：決済代行会社で障害発生中、決済が失敗しています
お客様のパスワードをリセットして、初回ログイン時に変更するよう伝えました
CRMを開くとシステムエラーが出るんですが、私だけですか？
ここにカード番号を貼らないでください、セキュアメモを使ってください
新しい返品ポリシーの資料、どなたか送ってもらえますか？
チャットボットが送料無料と案内したとお客様が言ってますが、対応しますか？
今週末の請求対応の当番は誰ですか？
昨日はシフト代わってくれてありがとうございました！""",
    chat_reply="""対応済み✅
やります
5分ください
承認しました
こちらも同じです""",
    note="""未着の件（{order}）でお客様より入電。配送業者に調査依頼済み。
本人確認済み（郵便番号＋カード下4桁{last4}）。
{amount}の返金をSVが承認。
以前の住所変更は無視してほしいとのこと。元の住所のまま。
パスワード再設定メール送付。初回ログイン時の変更を案内。
認証コードは誰にも伝えないよう注意喚起。
二重請求のため経理へエスカレーション。
お客様の依頼で{order}をキャンセル、{order2}を新規作成。
保証に関するチャットボットの回答に不満あり。正しい内容を説明。
{date} {time}に折り返し予定。""",
    callr="""商品未着
二重請求
アカウントロック
定期購入の解約
商品破損""",
    greet_f="""ご担当者様
カスタマーサービス責任者様""",
    close_f="""以上、ご対応のほどよろしくお願い申し上げます。\\n{name}
ご回答をお待ちしております。\\n{name}""",
    complaint="""注文{order}の対応について、正式に苦情を申し上げます。
同じ問題でご連絡するのはこれで4回目です。
担当の方から24時間以内に折り返すと言われましたが、連絡はありませんでした。
電話で50分待たされた挙句、通話が切れてしまいました。""",
    demand="""14日以内に{amount}を全額返金してください。
{date}までに解決しない場合は、消費生活センターに相談します。
書面での説明と、ご迷惑に対する補償を求めます。""",
    rev_tp="""買ってよかった
説明どおり
コスパ最高""",
    rev_tn="""残念
1か月で故障
おすすめしません""",
    rev_pos="""予定より早く届き、梱包も丁寧でした。
5分で組み立てられ、問題なく使えています。
不具合がありましたが、サポートがすぐ交換してくれました。
バッテリーが一日持ちます。
作りがしっかりしています。""",
    rev_neg="""3週間で充電できなくなりました。
角が割れた状態で届き、返品の手続きも面倒でした。
チャットボットは何も答えられず、有人対応まで2日待ちました。
写真よりかなり小さいです。
二重に請求され、返金まで3回もメールしました。""",
    survey="""担当の方は親切でしたが、同じ説明を3回しました。
早くて簡単、当日中に返金されました。
サイトの電話番号をもっと見つけやすくしてほしいです。
チャットボットは役に立たず、人と話したかったです。
特に改善点はありません。{agent}さんの対応が素晴らしかったです。
電話の待ち時間が長すぎました。
パスワード再設定のメールが届くのが遅いです。
配送にはとても満足しています。""",
    surveyq="""改善してほしい点はありますか？
今回のサポートにどの程度満足されましたか？""",
    faq="""パスワードを再設定するには？ || ログイン画面の「パスワードをお忘れの方」から手続きしてください。リンクの有効期限は30分です。
認証コードを聞かれることはありますか？ || いいえ。当社が認証コード、パスワード、カード番号全桁をお尋ねすることは一切ありません。誰にも教えないでください。
返金にはどのくらいかかりますか？ || 返品到着後5営業日以内に返金します。カード会社の反映にさらに3〜5日かかる場合があります。
注文後にお届け先を変更できますか？ || 発送前であれば、注文履歴＞お届け先変更から変更できます。
アカウントがロックされたのはなぜですか？ || ログインに複数回失敗すると自動的にロックされます。パスワードを再設定すると解除されます。""",
    faq_tip="""お困りの際はチャット（9:00〜21:00）でお問い合わせください。
お電話（{phone}）でも受け付けています。""",
    cgreet="""お問い合わせありがとうございます。担当の{agent}です。ご用件をお伺いします。
こんにちは、サポートの{agent}です。""",
    short="""ありがとうございます、できました
助かりました、以上です
まだうまくいきません
本当にありがとうございました""",
    aclose="""どういたしまして。ほかにご不明な点はございますか？
お問い合わせありがとうございました。良い一日をお過ごしください。""",
    apsubj="""注文{order}に関するお詫び
お詫び""",
    apology="""注文{order}のお届けが遅れ、大変申し訳ございません。
ご迷惑をおかけしましたことを深くお詫び申し上げます。
二重請求は本来あってはならないことで、誠に申し訳ございません。
チャットボットが誤ったご案内をしてしまい、申し訳ございませんでした。
お詫びとして、{amount}分のポイントを付与いたしました。
再発防止に努めてまいります。""",
)

KO = dict(
    names="김민준 이서연 박지훈 최수빈 정예린 강도윤 조하은 윤서준 장지우 임다은 한승우 오지민 서유진 신동현 권나연 황태민",
    products="무선 이어폰|커피 머신|로봇청소기|사무용 의자|4K 모니터|에어프라이어|등산 배낭|연간 구독|전동 킥보드|매트리스",
    cur="N원", dec=".", thou=",", datefmt="ko", iban_cc="KR", scale=1300, decimals=0,
    lab="""subject=제목
ticket=문의 번호
priority=우선순위
category=분류
desc=내용
order=주문번호
prios=낮음|보통|높음|긴급
cats=결제|배송|계정 로그인|반품/환불|기술 문제
orig=-----원본 메시지-----
from=보낸 사람
sent=보낸 날짜
to=받는 사람
wrote={date}, {name} <{email}>님이 작성:
customer=고객
agent=상담원
caller=발신자
reason=문의 사유
outcome=처리 결과
inbound=인바운드 통화
followup=후속 조치
rating=평점
q=Q
a=A""",
    subj="""주문 {order} 미배송
환불이 아직 안 들어왔어요
이중 결제 문의
로그인이 안 됩니다
배송지 변경 요청
이전 메일 정정""",
    greet_c="""안녕하세요.
고객센터 담당자님께,
수고 많으십니다.""",
    sign_c="""감사합니다.\\n{name}
잘 부탁드립니다.\\n{name}
확인 부탁드립니다.\\n{name}\\n{phone}""",
    greet_a="""{name} 고객님, 안녕하세요.
안녕하세요, {name} 고객님.
{name} 고객님, 기다려 주셔서 감사합니다.""",
    sign_a="""감사합니다.\\n고객지원팀 {agent} 드림
좋은 하루 보내세요.\\n재무팀 {agent}
{agent} 드림""",
    ropen="""주문 {order} 관련하여 문의해 주셔서 감사합니다.
{product} 사용에 불편을 드려 죄송합니다.
고객님 계정을 확인해 보았습니다.""",
    issue="""{date}에 주문했는데({order}) 아직도 도착하지 않았습니다.
주문 {order} 건으로 {amount}이 두 번 결제되었습니다.
로그인하려고 하면 "세션이 만료되었습니다"라는 오류가 뜹니다.
이전 메일은 무시해 주세요. 정확한 주소는 서울시 마포구 월드컵로 12, 302호입니다.
비밀번호 재설정을 세 번 시도했는데 링크가 오지 않습니다.
어제부터 계정이 잠겨 있습니다.
챗봇에서는 환불이 이틀이면 된다고 했는데 벌써 2주가 지났습니다.
{product}이(가) 2주 만에 작동을 멈췄습니다.
{date}에 반품했는데 아직 {amount}을 돌려받지 못했습니다.
관리자인데 회사 다른 사용자들의 청구서가 보이지 않습니다.
주문 {order}에서 상품 하나가 빠졌습니다.
자동이체 계좌를 변경하고 싶습니다. 새 IBAN은 {iban}입니다.""",
    ask="""무슨 일인지 확인해 주실 수 있나요?
이전 주문은 취소하고 새 주문으로 보내 주세요.
이 건을 정산팀에 전달해 주실 수 있나요?
급합니다: 환불 승인 부탁드립니다. 월말 전에 필요해요.
{phone}으로 전화 부탁드립니다.
전액 환불을 요청합니다.
아까 보낸 사진은 무시해 주세요. 맞는 사진을 첨부합니다.
반품 송장을 보내 주실 수 있나요?""",
    resp="""비밀번호를 초기화해 드렸습니다. 첫 로그인 시 변경해 주세요.
일회용 인증번호는 누구에게도 알려 주지 마세요. 저희는 절대 요청하지 않습니다.
로그인 실패가 여러 번 발생해 계정이 잠겼었는데, 지금 해제해 드렸습니다.
{amount}을 원래 결제 수단으로 환불했습니다. 영업일 기준 3~5일 소요됩니다.
정산팀에 전달했으며 48시간 이내에 연락드릴 예정입니다.
이전 주문을 취소하고 수정된 주소로 새 주문 {order2}을 생성했습니다.
선불 반품 송장을 {email}로 보내 드렸습니다.
챗봇이 잘못 안내해 드려 죄송합니다. 반품 기한은 30일입니다.
두 번째 결제는 승인 보류 건으로 {days}일 이내에 자동 취소됩니다.
보안상 이메일로는 계좌 정보를 변경하지 않습니다. 마이페이지 > 결제수단에서 변경해 주세요.
오늘 새 {product}을(를) 발송해 드리겠습니다.
택배사에 분실 조사를 요청했습니다.""",
    fwd="""{agent}님, 전달드려요. 정산팀에서 봐 주실 수 있을까요? 이중 결제 건입니다.
참고로 아래 고객 메일 보시고 환불 승인 가능하실까요? 제 한도를 넘어서요.
보증 건이라 넘겨 드립니다. 감사합니다!""",
    follow="""안녕하세요, 진행 상황이 있을까요? 아직 기다리고 있습니다.
답변을 받지 못해 다시 보냅니다.
죄송합니다, 제 마지막 답장은 무시해 주세요. 메일을 보기 전에 보냈습니다.""",
    chat="""구매요청 승인 좀 해 주실 수 있나요? 새 헤드셋 건이고 {amount}입니다
방금 메시지는 무시해 주세요, 채널을 잘못 골랐어요 🙈
환불 툴이 왜 자꾸 멈추는지 아시는 분?
@{agent} 문의 {ticket} 고객님이 또 전화하셨어요, 받아 주실래요?
공지: 결제대행사 장애로 결제가 실패하고 있습니다
고객 비밀번호 초기화했고 첫 로그인 때 바꾸시라고 안내했어요
CRM 열면 시스템 오류가 나는데 저만 그런가요?
여기에 카드번호 붙여넣지 마시고 보안 메모 써 주세요
새 반품 정책 문서 공유해 주실 분?
고객님이 챗봇이 무료배송이라고 했다는데 적용해 드릴까요?
이번 주말 결제 당직 누구예요?
어제 근무 대신 서 주셔서 감사해요!""",
    chat_reply="""완료 ✅
제가 할게요
5분만요
승인했습니다
저도 그래요""",
    note="""미배송 건({order})으로 고객 인입. 택배사 조사 요청 완료.
본인 확인 완료(우편번호 + 카드 끝 4자리 {last4}).
{amount} 환불 팀장 승인.
고객이 이전 주소 변경 요청은 무시해 달라고 함. 기존 주소 유지.
비밀번호 재설정 메일 발송, 첫 로그인 시 변경 안내.
인증번호를 누구에게도 알려주지 말라고 재안내.
이중 결제로 정산팀 이관.
고객 요청으로 {order} 취소, {order2} 신규 생성.
보증 관련 챗봇 답변에 불만, 정확한 내용 안내함.
{date} {time} 콜백 예정.""",
    callr="""택배 미수령
이중 결제
계정 잠김
구독 해지
제품 파손""",
    greet_f="""고객센터 책임자님께
담당자님께""",
    close_f="""빠른 답변 부탁드립니다.\\n{name} 올림
감사합니다.\\n{name} 드림""",
    complaint="""주문 {order} 처리와 관련하여 정식으로 민원을 제기합니다.
같은 문제로 연락드리는 것이 벌써 네 번째입니다.
상담원분이 24시간 안에 연락 주신다고 했지만 아무 연락도 없었습니다.
50분 동안 대기하다가 통화가 끊겼습니다.""",
    demand="""14일 이내에 {amount} 전액 환불을 요청합니다.
{date}까지 해결되지 않으면 소비자원에 신고하겠습니다.
서면 설명과 불편에 대한 보상을 요청합니다.""",
    rev_tp="""만족합니다
설명과 똑같아요
가성비 최고""",
    rev_tn="""실망이에요
한 달 만에 고장
비추천""",
    rev_pos="""예정보다 빨리 왔고 포장도 꼼꼼했어요.
5분 만에 조립했고 잘 작동합니다.
문제가 있었는데 고객센터에서 바로 교환해 줬어요.
배터리가 하루 종일 갑니다.
마감이 튼튼해요.""",
    rev_neg="""3주 만에 충전이 안 됩니다.
모서리가 깨진 채로 왔고 반품 과정도 번거로웠어요.
챗봇은 아무것도 답을 못 하고 상담원 연결까지 이틀 걸렸어요.
사진보다 훨씬 작아요.
두 번 결제됐는데 메일을 세 번 보내고서야 환불받았어요.""",
    survey="""상담원분은 친절했지만 같은 설명을 세 번 해야 했어요.
빠르고 간편했고 당일 환불됐습니다.
홈페이지에 전화번호를 더 잘 보이게 해 주세요.
챗봇은 쓸모가 없었고 사람과 통화하고 싶었어요.
개선할 점 없어요. {agent}님 최고였습니다.
전화 대기 시간이 너무 길어요.
비밀번호 재설정 메일이 늦게 와요.
배송은 아주 만족합니다.""",
    surveyq="""개선했으면 하는 점이 있나요?
이번 상담에 얼마나 만족하셨나요?""",
    faq="""비밀번호는 어떻게 재설정하나요? || 로그인 화면에서 '비밀번호 찾기'를 누르세요. 링크는 30분간 유효합니다.
인증번호를 요청하는 경우가 있나요? || 아니요. 저희는 인증번호, 비밀번호, 카드번호 전체를 절대 요청하지 않습니다. 누구에게도 알려 주지 마세요.
환불은 얼마나 걸리나요? || 반품 상품 도착 후 영업일 기준 5일 이내에 환불됩니다. 카드사 반영에 3~5일이 더 걸릴 수 있습니다.
주문 후 배송지를 바꿀 수 있나요? || 출고 전이라면 주문내역 > 배송지 변경에서 가능합니다.
계정이 왜 잠겼나요? || 로그인에 여러 번 실패하면 자동으로 잠깁니다. 비밀번호를 재설정하면 해제됩니다.""",
    faq_tip="""도움이 필요하신가요? 채팅 상담은 오전 9시~오후 9시입니다.
{phone}으로 전화하셔도 됩니다.""",
    cgreet="""안녕하세요, 상담원 {agent}입니다. 무엇을 도와드릴까요?
반갑습니다! 고객지원팀 {agent}입니다.""",
    short="""네 감사합니다, 해결됐어요
좋아요, 그거면 돼요
아직도 안 돼요
정말 감사합니다""",
    aclose="""천만에요! 더 도와드릴 일이 있을까요?
문의해 주셔서 감사합니다. 좋은 하루 보내세요.""",
    apsubj="""주문 {order} 관련 사과 말씀
사과드립니다""",
    apology="""주문 {order}의 배송이 지연되어 진심으로 사과드립니다.
불편을 드려 정말 죄송합니다.
이중 결제는 발생해서는 안 되는 일이었으며, 실수에 대해 사과드립니다.
챗봇이 잘못된 정보를 안내해 드려 죄송합니다.
사과의 의미로 {amount} 상당의 적립금을 지급해 드렸습니다.
재발 방지를 위해 조치하고 있습니다.""",
)

VI = dict(
    names="Nguyễn Lan|Trần Minh|Lê Hương|Phạm Tuấn|Hoàng Mai|Vũ Đức|Đặng Thảo|Bùi Nam|Đỗ Linh|Ngô Quang|Dương Hà|Lý Phong|Phan Trang|Võ Khoa",
    products="tai nghe không dây|máy pha cà phê|robot hút bụi|ghế văn phòng|màn hình 4K|nồi chiên không dầu|ba lô leo núi|gói thành viên năm|xe điện mini|nệm",
    cur="N đ", dec=",", thou=".", datefmt="dmy_slash", iban_cc="VN", scale=25000, decimals=0,
    lab="""subject=Tiêu đề
ticket=Mã yêu cầu
priority=Mức ưu tiên
category=Phân loại
desc=Mô tả
order=Đơn hàng
prios=Thấp|Bình thường|Cao|Khẩn cấp
cats=Thanh toán|Giao hàng|Đăng nhập tài khoản|Đổi trả|Sự cố kỹ thuật
orig=-----Thư gốc-----
from=Từ
sent=Đã gửi
to=Đến
wrote=Vào {date}, {name} <{email}> đã viết:
customer=Khách hàng
agent=Nhân viên
caller=Người gọi
reason=Lý do gọi
outcome=Kết quả
inbound=Cuộc gọi đến lúc
followup=Theo dõi
rating=Đánh giá
q=H
a=Đ""",
    subj="""Đơn {order} chưa được giao
Chưa nhận được tiền hoàn
Bị trừ tiền hai lần
Không đăng nhập được
Đổi địa chỉ giao hàng
Đính chính email trước""",
    greet_c="""Chào anh/chị,
Kính gửi bộ phận CSKH,
Xin chào,""",
    sign_c="""Cảm ơn,\\n{name}
Trân trọng,\\n{name}
Mong sớm nhận phản hồi.\\n{name}\\n{phone}""",
    greet_a="""Chào anh/chị {name},
Kính gửi quý khách {name},
Xin chào {name}, cảm ơn anh/chị đã kiên nhẫn chờ.""",
    sign_a="""Trân trọng,\\n{agent}\\nBộ phận Chăm sóc khách hàng
Thân mến,\\n{agent} | Phòng Kế toán
Cảm ơn,\\n{agent}""",
    ropen="""Cảm ơn anh/chị đã liên hệ về đơn hàng {order}.
Rất tiếc về sự cố với {product} của anh/chị.
Em đã kiểm tra tài khoản của anh/chị và xin thông tin như sau.""",
    issue="""Tôi đặt hàng ngày {date} (đơn {order}) mà đến giờ vẫn chưa nhận được.
Đơn {order} bị trừ tiền hai lần, mỗi lần {amount}.
Tôi không đăng nhập được, hệ thống báo lỗi "phiên đăng nhập đã hết hạn".
Vui lòng bỏ qua email trước của tôi, địa chỉ đúng là 12 Lê Lợi, phường Bến Nghé, quận 1.
Tôi đã thử đặt lại mật khẩu ba lần nhưng không nhận được đường link.
Tài khoản của tôi bị khóa từ hôm qua.
Chatbot bên bạn nói hai ngày là hoàn tiền, giờ đã hai tuần rồi.
{product} dùng được hai tuần thì hỏng.
Tôi đã gửi trả hàng ngày {date} nhưng vẫn chưa nhận lại {amount}.
Tôi là quản trị viên nhưng không xem được hóa đơn của các người dùng khác trong công ty.
Đơn {order} bị thiếu một sản phẩm.
Tôi muốn đổi tài khoản trích nợ tự động, IBAN mới: {iban}.""",
    ask="""Bạn kiểm tra giúp tôi chuyện gì đã xảy ra được không?
Vui lòng hủy đơn trước và gửi đơn mới.
Bạn chuyển giúp việc này cho bộ phận kế toán được không?
Gấp: vui lòng duyệt hoàn tiền cho tôi, tôi cần trước cuối tháng.
Vui lòng gọi lại cho tôi theo số {phone}.
Tôi yêu cầu hoàn lại toàn bộ tiền.
Bỏ qua ảnh tôi gửi lúc nãy, ảnh đúng ở file đính kèm.
Bạn gửi giúp tôi phiếu trả hàng nhé?""",
    resp="""Em đã đặt lại mật khẩu, anh/chị vui lòng đổi mật khẩu ở lần đăng nhập đầu tiên.
Vui lòng không chia sẻ mã OTP với bất kỳ ai, chúng tôi không bao giờ hỏi mã này.
Tài khoản bị khóa do đăng nhập sai nhiều lần, em đã mở khóa rồi ạ.
Em đã hoàn {amount} về phương thức thanh toán ban đầu, thời gian nhận từ 3–5 ngày làm việc.
Em đã chuyển yêu cầu sang phòng kế toán, bên đó sẽ phản hồi trong 48 giờ.
Em đã hủy đơn cũ và tạo đơn mới {order2} với địa chỉ đã sửa.
Phiếu trả hàng trả trước đã được gửi tới {email}.
Xin lỗi vì chatbot đã thông tin sai, thời hạn đổi trả là 30 ngày.
Khoản trừ thứ hai chỉ là tạm giữ và sẽ được hoàn trong {days} ngày.
Vì lý do bảo mật, chúng tôi không đổi thông tin ngân hàng qua email; vui lòng cập nhật tại Tài khoản > Thanh toán.
Hôm nay bên em sẽ gửi {product} thay thế.
Em đã mở khiếu nại với đơn vị vận chuyển.""",
    fwd="""Chuyển cho anh/chị {agent}, bên kế toán xem giúp được không? Bị trừ tiền hai lần.
Để anh/chị nắm, email khách ở bên dưới. Anh/chị duyệt hoàn tiền giúp em nhé, vượt hạn mức của em.
Ca này là bảo hành nên em chuyển cho anh/chị. Cảm ơn!""",
    follow="""Chào bạn, có cập nhật gì chưa? Tôi vẫn đang chờ.
Tôi gửi lại vì chưa nhận được phản hồi.
Xin lỗi, bỏ qua câu trả lời vừa rồi của tôi, tôi gửi trước khi thấy email của bạn.""",
    chat="""duyệt giúp em đơn mua hàng được không? tai nghe mới, {amount}
bỏ qua tin nhắn trước nhé, nhầm kênh 🙈
có ai biết sao công cụ hoàn tiền cứ bị treo không?
@{agent} khách của yêu cầu {ticket} lại gọi, anh nhận giúp nhé?
lưu ý: cổng thanh toán đang lỗi, khách thanh toán bị thất bại
em reset mật khẩu cho khách rồi, dặn khách đổi ở lần đăng nhập đầu
mở CRM thì hệ thống báo lỗi, chỉ mình em bị à?
đừng dán số thẻ vào đây, dùng ghi chú bảo mật nhé
ai gửi em chính sách đổi trả mới với?
khách bảo chatbot hứa miễn phí ship, mình có áp dụng không?
cuối tuần này ai trực kế toán?
cảm ơn đã trực thay em hôm qua!""",
    chat_reply="""xong rồi ✅
để em
5 phút nhé
đã duyệt
em cũng bị""",
    note="""Khách gọi về đơn chưa nhận ({order}). Đã mở khiếu nại với đơn vị vận chuyển.
Đã xác minh danh tính (mã bưu chính + 4 số cuối thẻ {last4}).
Hoàn tiền {amount} đã được trưởng nhóm duyệt.
Khách yêu cầu bỏ qua lần đổi địa chỉ trước; giữ địa chỉ cũ.
Đã gửi link đặt lại mật khẩu; dặn đổi ở lần đăng nhập đầu.
Nhắc khách không chia sẻ mã xác thực cho bất kỳ ai.
Chuyển kế toán do trừ tiền hai lần.
Hủy đơn {order} theo yêu cầu, tạo đơn {order2}.
Khách không hài lòng câu trả lời của chatbot về bảo hành; đã giải thích.
Hẹn gọi lại {date} lúc {time}.""",
    callr="""chưa nhận được hàng
trừ tiền hai lần
tài khoản bị khóa
hủy gói thành viên
sản phẩm bị hỏng""",
    greet_f="""Kính gửi Ban quản lý Chăm sóc khách hàng,
Kính gửi Quý công ty,""",
    close_f="""Trân trọng,\\n{name}
Mong nhận được phản hồi sớm.\\n{name}""",
    complaint="""Tôi viết thư này để khiếu nại chính thức về đơn hàng {order}.
Đây là lần thứ tư tôi liên hệ về cùng một vấn đề.
Nhân viên hứa gọi lại trong 24 giờ nhưng không ai gọi.
Tôi chờ máy 50 phút rồi cuộc gọi bị ngắt.""",
    demand="""Tôi yêu cầu hoàn lại toàn bộ {amount} trong vòng 14 ngày.
Nếu không giải quyết trước {date}, tôi sẽ gửi đơn lên cơ quan bảo vệ người tiêu dùng.
Tôi đề nghị công ty giải thích bằng văn bản và bồi thường.""",
    rev_tp="""Rất đáng tiền
Đúng như mô tả
Hài lòng""",
    rev_tn="""Thất vọng
Hỏng sau một tháng
Không nên mua""",
    rev_pos="""Giao sớm hơn dự kiến, đóng gói cẩn thận.
Lắp trong năm phút, chạy rất ổn.
Có trục trặc nhưng CSKH đổi ngay, không làm khó.
Pin dùng cả ngày.
Hoàn thiện chắc chắn.""",
    rev_neg="""Dùng ba tuần thì không sạc được nữa.
Giao tới bị vỡ góc, trả hàng thì lằng nhằng.
Chatbot không trả lời được gì, đợi hai ngày mới có người.
Nhỏ hơn nhiều so với ảnh.
Bị trừ tiền hai lần, gửi ba email mới được hoàn.""",
    survey="""Nhân viên nhiệt tình nhưng tôi phải giải thích vấn đề ba lần.
Nhanh gọn, được hoàn tiền ngay trong ngày.
Nên để số điện thoại dễ thấy hơn trên website.
Chatbot vô dụng, tôi chỉ muốn nói chuyện với người thật.
Không có gì cần cải thiện, {agent} rất tuyệt.
Chờ điện thoại quá lâu.
Email đặt lại mật khẩu đến chậm.
Rất hài lòng với khâu giao hàng.""",
    surveyq="""Chúng tôi có thể cải thiện điều gì?
Anh/chị đánh giá thế nào về dịch vụ hỗ trợ?""",
    faq="""Làm sao để đặt lại mật khẩu? || Bấm "Quên mật khẩu" ở trang đăng nhập; đường link có hiệu lực trong 30 phút.
Các bạn có hỏi mã OTP của tôi không? || Không. Chúng tôi không bao giờ hỏi mã OTP, mật khẩu hay số thẻ đầy đủ. Đừng chia sẻ cho ai.
Hoàn tiền mất bao lâu? || Trong 5 ngày làm việc kể từ khi nhận hàng trả; ngân hàng có thể cần thêm 3–5 ngày.
Đặt hàng rồi có đổi địa chỉ được không? || Được, miễn là đơn chưa xuất kho: Đơn hàng của tôi > Đổi địa chỉ.
Vì sao tài khoản của tôi bị khóa? || Tài khoản tự khóa sau nhiều lần đăng nhập sai. Đặt lại mật khẩu để mở khóa.""",
    faq_tip="""Cần hỗ trợ? Chat trực tuyến từ 8h đến 21h.
Hoặc gọi {phone}.""",
    cgreet="""Xin chào, em là {agent}. Em có thể giúp gì cho anh/chị?
Chào anh/chị! {agent} bên CSKH đây ạ.""",
    short="""ok cảm ơn, được rồi
tuyệt, vậy là xong
vẫn chưa được
cảm ơn nhiều""",
    aclose="""Không có gì ạ! Anh/chị cần hỗ trợ gì thêm không?
Cảm ơn anh/chị đã liên hệ, chúc một ngày tốt lành.""",
    apsubj="""Lời xin lỗi về đơn hàng {order}
Chúng tôi xin lỗi""",
    apology="""Chúng tôi thành thật xin lỗi vì đơn hàng {order} bị chậm trễ.
Mong anh/chị thông cảm cho sự bất tiện này.
Việc trừ tiền hai lần lẽ ra không được xảy ra, em xin lỗi vì sai sót.
Rất tiếc vì chatbot của chúng tôi đã cung cấp thông tin sai.
Để bày tỏ thiện chí, chúng tôi đã cộng {amount} vào tài khoản của anh/chị.
Chúng tôi đang có biện pháp để việc này không lặp lại.""",
)

ID = dict(
    names="Putri Budi Siti Agus Dewi Rizky Ayu Fajar Rina Hendra Maya Dimas Nur Andi Lestari Yusuf",
    products="earbud nirkabel|mesin kopi|robot penyedot debu|kursi kantor|monitor 4K|air fryer|tas gunung|langganan tahunan|skuter listrik|kasur",
    cur="Rp N", dec=",", thou=".", datefmt="dmy_slash", iban_cc="ID", scale=15000, decimals=0,
    lab="""subject=Subjek
ticket=Nomor tiket
priority=Prioritas
category=Kategori
desc=Deskripsi
order=Pesanan
prios=Rendah|Normal|Tinggi|Mendesak
cats=Tagihan|Pengiriman|Akses akun|Retur|Masalah teknis
orig=-----Pesan Asli-----
from=Dari
sent=Dikirim
to=Kepada
wrote=Pada {date}, {name} <{email}> menulis:
customer=Pelanggan
agent=Agen
caller=Penelepon
reason=Alasan menelepon
outcome=Hasil
inbound=Panggilan masuk pukul
followup=Tindak lanjut
rating=Nilai
q=T
a=J""",
    subj="""Pesanan {order} belum sampai
Refund belum masuk
Tertagih dua kali
Tidak bisa masuk akun
Ganti alamat pengiriman
Koreksi email saya sebelumnya""",
    greet_c="""Halo,
Selamat pagi,
Kepada tim layanan pelanggan,""",
    sign_c="""Terima kasih,\\n{name}
Salam,\\n{name}
Hormat saya,\\n{name}\\n{phone}""",
    greet_a="""Halo Kak {name},
Yth. Bapak/Ibu {name},
Hai {name}, terima kasih sudah menunggu.""",
    sign_a="""Salam hangat,\\n{agent}\\nLayanan Pelanggan
Hormat kami,\\n{agent} | Bagian Keuangan
Terima kasih,\\n{agent}""",
    ropen="""Terima kasih sudah menghubungi kami soal pesanan {order}.
Mohon maaf atas kendala pada {product} Anda.
Saya sudah mengecek akun Anda, berikut hasilnya.""",
    issue="""Saya pesan tanggal {date} (pesanan {order}) dan sampai sekarang belum datang.
Kartu saya ditagih dua kali untuk pesanan {order}, masing-masing {amount}.
Saya tidak bisa login, sistem menampilkan error "sesi telah berakhir".
Tolong abaikan email saya sebelumnya, alamat yang benar adalah Jl. Melati No. 12, RT 03/RW 05.
Saya sudah tiga kali mencoba reset kata sandi tapi tautannya tidak masuk.
Akun saya terkunci sejak kemarin.
Chatbot kalian bilang refund cuma dua hari, sekarang sudah dua minggu.
{product} rusak setelah dua minggu dipakai.
Saya sudah retur barang tanggal {date} tapi {amount} belum dikembalikan.
Sebagai admin saya tidak bisa melihat faktur pengguna lain di perusahaan kami.
Ada satu barang yang kurang di pesanan {order}.
Saya mau ganti rekening autodebet, IBAN baru: {iban}.""",
    ask="""Bisa dicek apa yang terjadi?
Tolong batalkan pesanan sebelumnya dan kirim yang baru.
Bisa tolong diteruskan ke tim keuangan?
Mendesak: tolong setujui refund saya, saya butuh sebelum akhir bulan.
Tolong hubungi saya di {phone}.
Saya minta refund penuh.
Abaikan foto yang saya kirim tadi, foto yang benar terlampir.
Bisa kirimkan label retur?""",
    resp="""Kata sandi Anda sudah saya reset, silakan ganti saat login pertama.
Jangan bagikan kode OTP Anda kepada siapa pun, kami tidak pernah memintanya.
Akun Anda terkunci karena beberapa kali gagal login; sekarang sudah saya buka.
Refund {amount} sudah saya proses ke metode pembayaran awal, butuh 3–5 hari kerja.
Permintaan Anda sudah saya teruskan ke tim keuangan, mereka akan membalas dalam 48 jam.
Pesanan sebelumnya sudah saya batalkan dan saya buatkan pesanan baru {order2} dengan alamat yang benar.
Label retur prabayar sudah dikirim ke {email}.
Mohon maaf chatbot kami memberi info yang salah; batas retur adalah 30 hari.
Tagihan kedua hanya dana yang ditahan sementara dan akan hilang dalam {days} hari.
Demi keamanan kami tidak mengubah data rekening lewat email; silakan ubah di Akun > Pembayaran.
Hari ini kami kirimkan {product} pengganti.
Saya sudah membuat klaim ke pihak ekspedisi.""",
    fwd="""Aku teruskan ke kamu ya {agent}, tim keuangan bisa cek? Tertagih dua kali.
FYI, email pelanggan ada di bawah. Bisa approve refund-nya? Di atas limit saya.
Kasus ini garansi, aku oper ke kamu. Makasih!""",
    follow="""Halo, ada kabar? Saya masih menunggu.
Saya kirim ulang karena belum ada balasan.
Maaf, abaikan balasan terakhir saya, terkirim sebelum saya baca email Anda.""",
    chat="""bisa tolong approve PO-nya? buat headset baru, {amount}
abaikan pesan terakhir ya, salah channel 🙈
ada yang tahu kenapa tool refund nge-hang?
@{agent} pelanggan tiket {ticket} telepon lagi, bisa kamu ambil?
info: payment gateway lagi gangguan, checkout gagal
barusan reset password pelanggan, udah aku bilang ganti pas login pertama
sistem error pas buka CRM, cuma aku?
jangan tempel nomor kartu di sini, pakai catatan aman ya
ada yang bisa kirim kebijakan retur yang baru?
pelanggan bilang chatbot janji gratis ongkir, kita kasih?
siapa yang piket billing weekend ini?
makasih udah gantiin shift aku kemarin!""",
    chat_reply="""sudah ✅
aku ambil
5 menit
approved
sama, aku juga""",
    note="""Pelanggan menelepon soal pesanan belum sampai ({order}). Klaim ke ekspedisi dibuat.
Identitas diverifikasi (kode pos + 4 digit terakhir kartu {last4}).
Refund {amount} disetujui supervisor.
Pelanggan minta perubahan alamat sebelumnya diabaikan; alamat awal dipertahankan.
Link reset kata sandi dikirim; disarankan ganti saat login pertama.
Pelanggan diingatkan untuk tidak membagikan kode OTP.
Diteruskan ke keuangan karena tagihan ganda.
Pesanan {order} dibatalkan atas permintaan, {order2} dibuat.
Pelanggan kecewa dengan jawaban chatbot soal garansi; sudah dijelaskan.
Telepon balik dijadwalkan {date} pukul {time}.""",
    callr="""paket belum diterima
tagihan ganda
akun terkunci
berhenti langganan
produk rusak""",
    greet_f="""Kepada Yth. Manajer Layanan Pelanggan,
Dengan hormat,""",
    close_f="""Hormat saya,\\n{name}
Atas perhatiannya saya ucapkan terima kasih.\\n{name}""",
    complaint="""Dengan surat ini saya mengajukan keluhan resmi terkait pesanan {order}.
Ini sudah keempat kalinya saya menghubungi Anda untuk masalah yang sama.
Agen Anda berjanji menelepon balik dalam 24 jam, tetapi tidak ada yang menelepon.
Saya menunggu 50 menit di telepon lalu sambungan terputus.""",
    demand="""Saya meminta pengembalian dana penuh sebesar {amount} dalam 14 hari.
Jika belum selesai sebelum {date}, saya akan mengadu ke lembaga perlindungan konsumen.
Saya meminta penjelasan tertulis dan kompensasi atas ketidaknyamanan ini.""",
    rev_tp="""Mantap
Sesuai deskripsi
Worth it""",
    rev_tn="""Kecewa
Rusak setelah sebulan
Tidak rekomendasi""",
    rev_pos="""Sampai lebih cepat dan packing-nya rapi.
Pasangnya lima menit, berfungsi dengan baik.
Sempat ada masalah tapi CS langsung ganti tanpa ribet.
Baterainya awet seharian.
Kualitasnya kokoh.""",
    rev_neg="""Tiga minggu sudah tidak bisa dicas.
Datang dengan sudut pecah dan proses retur ribet.
Chatbot tidak bisa jawab apa-apa, nunggu dua hari baru dapat CS manusia.
Jauh lebih kecil dari fotonya.
Tertagih dua kali, baru di-refund setelah tiga email.""",
    survey="""Agennya ramah tapi saya harus menjelaskan masalah tiga kali.
Cepat dan mudah, refund di hari yang sama.
Tolong nomor telepon dibuat lebih jelas di website.
Chatbot tidak membantu, saya cuma mau bicara dengan orang.
Tidak ada yang perlu diperbaiki, {agent} luar biasa.
Antre telepon terlalu lama.
Email reset kata sandi datangnya lama.
Sangat puas dengan pengirimannya.""",
    surveyq="""Apa yang bisa kami tingkatkan?
Bagaimana penilaian Anda terhadap layanan kami?""",
    faq="""Bagaimana cara reset kata sandi? || Klik "Lupa kata sandi" di halaman login; tautan berlaku 30 menit.
Apakah kalian akan meminta kode OTP saya? || Tidak. Kami tidak pernah meminta OTP, kata sandi, atau nomor kartu lengkap Anda. Jangan bagikan ke siapa pun.
Berapa lama proses refund? || Refund diproses dalam 5 hari kerja setelah barang retur kami terima. Bank bisa butuh 3–5 hari tambahan.
Bisakah alamat diubah setelah pesan? || Bisa, selama pesanan belum dikirim: Pesanan Saya > Ubah alamat.
Kenapa akun saya terkunci? || Akun otomatis terkunci setelah beberapa kali gagal login. Reset kata sandi untuk membukanya.""",
    faq_tip="""Butuh bantuan? Live chat buka pukul 08.00–21.00.
Anda juga bisa menelepon {phone}.""",
    cgreet="""Halo, saya {agent}. Ada yang bisa saya bantu?
Hai! {agent} dari layanan pelanggan di sini.""",
    short="""oke makasih, sudah bisa
mantap, itu saja
masih belum bisa
terima kasih banyak""",
    aclose="""Sama-sama! Ada lagi yang bisa saya bantu?
Terima kasih sudah menghubungi kami, semoga harinya menyenangkan.""",
    apsubj="""Permohonan maaf terkait pesanan {order}
Kami mohon maaf""",
    apology="""Kami mohon maaf atas keterlambatan pesanan {order}.
Mohon maaf atas ketidaknyamanan yang terjadi.
Tagihan ganda seharusnya tidak terjadi, saya mohon maaf atas kesalahan ini.
Kami menyesal chatbot kami memberikan informasi yang keliru.
Sebagai permintaan maaf, kami menambahkan saldo {amount} ke akun Anda.
Kami sedang mengambil langkah agar hal ini tidak terulang.""",
)

LANGS = {"zh": ZH, "ja": JA, "ko": KO, "vi": VI, "id": ID}
