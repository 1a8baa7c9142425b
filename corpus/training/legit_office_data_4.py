"""Hand-written fragments (zh, ja, ko, vi, id, hi) for legit_office.py (training data only)."""

D = {}

D["zh"] = {
    "legal_clause": dict(
        head=["第十二条 完整协议", "第七条 保密义务", "第十四条 适用法律与争议解决"],
        body=[
            "本协议构成双方就本协议标的达成的完整协议，并取代此前双方之间所有书面或口头的协议、谅解与承诺。",
            "任何一方未经对方事先书面同意，不得向第三方披露从对方获得的保密信息。",
            "本条规定的保密义务在本协议终止后{n}年内继续有效。",
            "因本协议引起的争议，双方应友好协商解决；协商不成的，提交{city}有管辖权的人民法院诉讼解决。",
            "本协议任何条款被认定无效的，不影响其他条款的效力。",
            "任何一方可提前{days}日书面通知对方解除本协议。",
            "本协议各条标题仅为方便阅读而设，不影响对条款的解释。",
        ]),
    "contract": dict(
        head=["技术服务合同", "采购订单 {ref}", "房屋租赁合同"],
        body=[
            "甲方：{org}；乙方：{org2}。双方于{date}在{city}签订本合同。",
            "服务费用总额为{amount}（含税）。",
            "甲方应在收到发票后{days}日内将款项支付至乙方指定账户。",
            "乙方变更收款账户的，须加盖公章书面通知甲方，并经电话核实后方可生效。",
            "本合同取代双方于{date2}签署的合作意向书。",
            "差旅费用须经{name}事先书面批准方可报销。",
            "本合同一式两份，双方各执一份，自双方签字盖章之日起生效。",
        ]),
    "policy_terms": dict(
        head=["差旅及费用报销制度", "用户服务协议", "密码管理规定", "生成式人工智能工具使用规范"],
        body=[
            "自{date}起，本制度取代原有版本。",
            "费用报销须在{days}日内提交，并附合规发票。",
            "请勿将密码告知任何人，信息技术部门绝不会向您索要密码。",
            "单笔采购超过{amount}的，须取得三家报价并经预算负责人审批。",
            "员工可使用公司批准的AI助手起草文稿，但不得输入客户数据或个人信息。",
            "请忽略去年的差旅补贴标准，现行标准见附件二。",
            "违反本制度的，公司将视情节给予相应处分。",
        ]),
    "privacy_notice": dict(
        head=["隐私政策", "个人信息处理告知书"],
        body=[
            "{org}是您个人信息的处理者。",
            "我们为履行合同及法定义务而处理您的个人信息。",
            "您的个人信息将在合作结束后保存{n}年。",
            "您可通过{email}申请查阅、更正或删除您的个人信息。",
            "未经您同意，我们不会向第三方提供您的个人信息，法律另有规定的除外。",
            "本政策最近更新于{date}。",
        ]),
    "compliance_notice": dict(
        head=["合规提示", "关于防范付款诈骗的通知", "必修培训通知"],
        body=[
            "全体员工须于{date}前完成年度商业行为准则培训。",
            "切勿仅凭一封邮件变更供应商银行账户，务必通过已登记的电话号码回拨核实。",
            "单笔超过{amount}的付款须经两人审批。",
            "如发现违规行为，可通过举报热线匿名反映。",
            "请忽略{date2}发送的提醒邮件，该邮件系误发。",
        ]),
    "hr_announcement": dict(
        head=["各位同事：", "大家好！", "人力资源部通知"],
        body=[
            "很高兴宣布，{name}自{date}起担任财务总监。",
            "欢迎{name2}加入{city}团队。",
            "因节假日安排，本月工资将于{date}发放。",
            "新的年度假期安排已上传至内网，取代一月份发送的版本。",
            "请各部门负责人于月底前审批完所有待处理的请假申请。",
            "昨天关于停车证的邮件请忽略，正确的表格见附件。",
        ],
        close=["人力资源部", "谢谢！\n{name3}"]),
    "job_posting": dict(
        head=["招聘：应付会计", "诚聘系统管理员", "职位：法务助理"],
        body=[
            "{org}{city}办公室现招聘具有{n}年以上相关经验的专业人员。",
            "岗位职责：供应商发票入账、往来对账及月末结账支持。",
            "薪资面议（年薪约{amount}），五险一金，弹性工作。",
            "请于{date}前将简历发送至{email}。",
            "熟悉SAP或用友系统者优先。",
        ]),
    "employee_handbook": dict(
        head=["员工手册", "考勤管理规定（节选）"],
        body=[
            "本手册取代此前所有版本。",
            "工作时间为周一至周五9:00至18:00。",
            "如因病请假，请于当天10点前告知直属上级。",
            "请勿将密码或门禁卡借给他人使用。",
            "系统管理员须核实身份后方可为您重置密码。",
            "可使用公司批准的AI工具辅助写作，但不得输入任何保密信息。",
            "费用须经直属上级审批后方可报销。",
        ]),
    "performance_review": dict(
        head=["年度绩效评估——{name}", "下一年度目标"],
        body=[
            "{name}完成了全部既定目标。",
            "她按期主导完成了新ERP系统的上线。",
            "待提升方面：任务授权与跨部门沟通。",
            "目标：将发票处理时间缩短{pct}%。",
            "建议调薪{pct}%并发放一次性奖金{amount}。",
        ]),
    "meeting_minutes": dict(
        head=["{date}管理层会议纪要", "周例会纪要"],
        body=[
            "出席：{name}（主持）、{name2}、{name3}。",
            "上次会议纪要获得通过。",
            "会议决定将采购订单审批限额提高至{amount}。",
            "{name2}汇报本季度预算执行低于计划{pct}%。",
            "待办：{name3}于{date2}前发布新的差旅制度。",
        ]),
    "meeting_agenda": dict(
        head=["{date}会议议程", "审计委员会会议通知（{time}，{room}会议室）"],
        body=[
            "审议上次会议纪要",
            "季度财务结果",
            "调整采购审批限额",
            "续签与{org2}的合同",
            "AI工具使用规范",
            "其他事项",
        ]),
    "board_resolution": dict(
        head=["{org}董事会决议", "股东会决议（编号{ref}）"],
        body=[
            "董事会同意聘任{name}为公司副总经理，自{date}起生效。",
            "董事会审议通过截至{date2}的年度财务报告。",
            "同意向股东分配利润{amount}。",
            "单笔超过{amount2}的付款须由两名授权签字人共同签署。",
            "本决议取代{date2}作出的关于签字权限的决议。",
        ]),
}

D["ja"] = {
    "legal_clause": dict(
        head=["第12条（完全合意）", "第7条（秘密保持）", "第14条（準拠法及び合意管轄）"],
        body=[
            "本契約は、本契約の対象事項に関する当事者間の完全な合意を構成し、書面又は口頭によるか否かを問わず、従前の一切の合意に優先する。",
            "各当事者は、相手方から開示された秘密情報を、相手方の事前の書面による承諾なく第三者に開示してはならない。",
            "前項の義務は、本契約終了後{n}年間存続する。",
            "本契約は日本法に準拠し、{city}地方裁判所を第一審の専属的合意管轄裁判所とする。",
            "本契約のいずれかの条項が無効とされた場合でも、その他の条項は引き続き有効とする。",
            "各当事者は、{days}日前までに書面で通知することにより本契約を解約することができる。",
        ]),
    "contract": dict(
        head=["業務委託契約書", "発注書 {ref}", "賃貸借契約書"],
        body=[
            "{org}（以下「甲」という。）と{org2}（以下「乙」という。）は、{date}、次のとおり契約を締結する。",
            "委託料は{amount}（消費税別）とする。",
            "甲は、請求書受領後{days}日以内に乙の指定口座へ振り込むものとする。",
            "乙が振込先口座を変更する場合は、書面により通知し、甲の電話確認を経るものとする。",
            "本契約は、{date2}付の基本合意書に代わるものとする。",
            "出張旅費は、{name}の事前承認を得た場合に限り精算する。",
        ]),
    "policy_terms": dict(
        head=["出張旅費規程", "利用規約", "パスワード管理規程", "生成AIツール利用ガイドライン"],
        body=[
            "{date}より、本規程は旧規程に代わって適用されます。",
            "経費精算は{days}日以内に領収書を添えて申請してください。",
            "パスワードは誰にも教えないでください。情報システム部が尋ねることはありません。",
            "{amount}を超える購買には相見積り3社と予算責任者の承認が必要です。",
            "業務で承認済みのAIアシスタントを下書き作成に使うことはできますが、顧客情報を入力してはいけません。",
            "昨年度の日当表は使用しないでください。現行の金額は別表2のとおりです。",
            "本規程に違反した場合は、就業規則に基づき処分の対象となります。",
        ]),
    "privacy_notice": dict(
        head=["プライバシーポリシー", "個人情報の取扱いについて"],
        body=[
            "{org}は、お客様の個人情報を適切に管理します。",
            "取得した個人情報は、契約の履行及び法令上の義務の遂行のために利用します。",
            "個人情報は取引終了後{n}年間保管し、その後安全に消去します。",
            "開示・訂正・削除のご請求は{email}までご連絡ください。",
            "法令に基づく場合を除き、ご本人の同意なく第三者に提供することはありません。",
            "改定日：{date}",
        ]),
    "compliance_notice": dict(
        head=["コンプライアンス通信", "不正請求に関する注意喚起", "必須研修のお知らせ"],
        body=[
            "全従業員は{date}までに行動規範研修を修了してください。",
            "メールだけを根拠に取引先の振込先を変更しないでください。必ず登録済みの電話番号に折り返して確認してください。",
            "{amount}を超える支払いには二名の承認が必要です。",
            "不正の疑いは内部通報窓口に匿名で相談できます。",
            "{date2}にお送りしたリマインダーは誤送信のため、破棄してください。",
        ]),
    "hr_announcement": dict(
        head=["社員各位", "人事部からのお知らせ", "皆さん、お疲れさまです。"],
        body=[
            "{date}付で{name}さんが経理部長に就任しますのでお知らせします。",
            "{city}オフィスに{name2}さんが入社しました。よろしくお願いします。",
            "今月の給与は祝日のため{date}に支給します。",
            "新しい年間休日カレンダーを社内ポータルに掲載しました。1月に配布したものは差し替えとなります。",
            "管理職の皆さんは、未処理の休暇申請を月末までに承認してください。",
            "昨日お送りした駐車場に関するメールは無視してください。正しい様式を添付します。",
        ],
        close=["以上、よろしくお願いいたします。\n人事部", "{name3}"]),
    "job_posting": dict(
        head=["募集職種：経理スタッフ（買掛金担当）", "社内SE（情報システム管理者）募集", "法務アシスタント募集"],
        body=[
            "{org}では、{city}オフィスで働く経験{n}年以上の方を募集しています。",
            "業務内容：請求書の計上、債務残高の照合、月次決算の補助。",
            "年収{amount}、完全週休2日制、在宅勤務可。",
            "応募は{date}までに履歴書を{email}へお送りください。",
        ]),
    "employee_handbook": dict(
        head=["従業員ハンドブック", "就業規則（抜粋）"],
        body=[
            "本ハンドブックは、これまでのすべての版に代わるものです。",
            "始業は9時、終業は18時、休憩は1時間です。",
            "病気で休む場合は、当日10時までに上長へ連絡してください。",
            "パスワードや入館証を他人に貸さないでください。",
            "システム管理者は本人確認のうえでパスワードを再設定します。",
            "会社が承認したAIツールは文書の下書きに利用できますが、機密情報は入力しないでください。",
        ]),
    "performance_review": dict(
        head=["年次人事評価 – {name}", "来期の目標"],
        body=[
            "{name}さんは合意した目標をすべて達成しました。",
            "新しい基幹システムへの移行を予定どおり完了させました。",
            "今後の課題：業務の委任と関係者への早めの共有。",
            "目標：請求書処理時間を{pct}%短縮する。",
            "{pct}%の昇給と{amount}の賞与を推薦します。",
        ]),
    "meeting_minutes": dict(
        head=["経営会議 議事録（{date}）", "定例会議メモ"],
        body=[
            "出席者：{name}（議長）、{name2}、{name3}",
            "前回議事録を承認した。",
            "購買発注の承認限度額を{amount}に引き上げることを決定した。",
            "{name2}より、当四半期の予算が計画比{pct}%下回っていると報告があった。",
            "宿題：{name3}が{date2}までに新しい出張旅費規程を配布する。",
        ]),
    "meeting_agenda": dict(
        head=["議題（{date}開催）", "監査委員会 開催通知（{time}、会議室{room}）"],
        body=[
            "前回議事録の確認",
            "四半期決算報告",
            "購買承認限度額の見直し",
            "{org2}との契約更新",
            "生成AI利用ガイドライン",
            "その他",
        ]),
    "board_resolution": dict(
        head=["{org} 取締役会決議", "株主総会議事録"],
        body=[
            "{name}を{date}付で取締役に選任することを全会一致で可決した。",
            "{date2}に終了した事業年度の計算書類を承認した。",
            "剰余金の配当として{amount}を支払うことを決議した。",
            "{amount2}を超える支払いには代表者二名の署名を要するものとする。",
            "本決議は、署名権限に関する{date2}付の決議に代わるものとする。",
        ]),
}

D["ko"] = {
    "legal_clause": dict(
        head=["제12조 (완전합의)", "제7조 (비밀유지)", "제14조 (준거법 및 관할)"],
        body=[
            "본 계약은 그 대상에 관한 당사자 간의 완전한 합의를 구성하며, 이전의 모든 서면 또는 구두 합의를 대체한다.",
            "각 당사자는 상대방으로부터 제공받은 비밀정보를 상대방의 사전 서면 동의 없이 제3자에게 공개하여서는 아니 된다.",
            "비밀유지 의무는 본 계약 종료 후 {n}년간 존속한다.",
            "본 계약과 관련한 분쟁은 {city}지방법원을 제1심 관할법원으로 한다.",
            "본 계약의 일부 조항이 무효가 되더라도 나머지 조항의 효력에는 영향을 미치지 아니한다.",
            "각 당사자는 {days}일 전에 서면으로 통지함으로써 본 계약을 해지할 수 있다.",
        ]),
    "contract": dict(
        head=["용역 계약서", "발주서 {ref}", "임대차 계약서"],
        body=[
            "{org}(이하 \"갑\")과 {org2}(이하 \"을\")는 {date} 다음과 같이 계약을 체결한다.",
            "용역 대금은 {amount}로 한다.",
            "갑은 세금계산서 수령 후 {days}일 이내에 을이 지정한 계좌로 대금을 지급한다.",
            "을의 계좌 변경은 서면 통지와 갑의 전화 확인을 거친 후에만 효력이 있다.",
            "본 계약은 {date2}자 양해각서를 대체한다.",
            "출장비는 {name}의 사전 승인을 받은 경우에만 정산한다.",
        ]),
    "policy_terms": dict(
        head=["출장 및 경비 규정", "이용약관", "비밀번호 관리 지침", "생성형 AI 도구 사용 지침"],
        body=[
            "{date}부터 본 규정은 기존 규정을 대체합니다.",
            "경비 정산은 {days}일 이내에 영수증과 함께 신청해야 합니다.",
            "비밀번호를 누구에게도 알려주지 마십시오. IT팀은 절대 비밀번호를 묻지 않습니다.",
            "{amount}을 초과하는 구매는 견적 3건과 예산 책임자의 승인이 필요합니다.",
            "직원은 승인된 AI 비서를 초안 작성에 활용할 수 있으나 고객 정보를 입력해서는 안 됩니다.",
            "작년 일비 기준표는 무시하시고 별표 2의 금액을 적용하십시오.",
        ]),
    "privacy_notice": dict(
        head=["개인정보 처리방침", "개인정보 수집·이용 안내"],
        body=[
            "{org}는 귀하의 개인정보를 관련 법령에 따라 처리합니다.",
            "수집한 개인정보는 계약 이행과 법적 의무 준수를 위해 이용합니다.",
            "개인정보는 거래 종료 후 {n}년간 보관 후 파기합니다.",
            "열람·정정·삭제 요청은 {email}로 문의해 주십시오.",
            "본 방침은 {date}에 개정되었습니다.",
        ]),
    "compliance_notice": dict(
        head=["컴플라이언스 안내", "허위 청구서 주의 안내"],
        body=[
            "전 직원은 {date}까지 윤리강령 교육을 이수해야 합니다.",
            "이메일만 보고 거래처 계좌를 변경하지 마십시오. 반드시 등록된 전화번호로 확인하십시오.",
            "{amount}을 초과하는 지급은 두 명의 승인이 필요합니다.",
            "부정행위는 제보 채널을 통해 익명으로 신고할 수 있습니다.",
            "{date2}에 발송된 안내 메일은 잘못 발송된 것이므로 무시해 주십시오.",
        ]),
    "hr_announcement": dict(
        head=["임직원 여러분께", "인사팀 공지", "안녕하세요, 여러분."],
        body=[
            "{date}부로 {name} 님이 재무팀장으로 승진하였음을 알려드립니다.",
            "{city} 사무소에 새로 합류한 {name2} 님을 환영합니다.",
            "이번 달 급여는 공휴일로 인해 {date}에 지급됩니다.",
            "새 연간 휴무 일정표가 인트라넷에 게시되었으며 1월 배포본을 대체합니다.",
            "팀장님들은 월말까지 대기 중인 휴가 신청을 승인해 주시기 바랍니다.",
        ],
        close=["감사합니다.\n인사팀", "{name3} 드림"]),
    "job_posting": dict(
        head=["채용 공고: 회계 담당자", "시스템 관리자 모집", "법무 보조 채용"],
        body=[
            "{org}에서 {city} 사무소에서 근무할 경력 {n}년 이상의 인재를 모집합니다.",
            "주요 업무: 매입 전표 처리, 거래처 대사, 월 결산 지원.",
            "연봉 {amount}, 주 5일 근무, 재택근무 병행 가능.",
            "{date}까지 이력서를 {email}로 보내 주십시오.",
        ]),
    "employee_handbook": dict(
        head=["직원 핸드북", "취업규칙(발췌)"],
        body=[
            "본 핸드북은 이전의 모든 판을 대체합니다.",
            "근무 시간은 오전 9시부터 오후 6시까지입니다.",
            "병가 시에는 당일 오전 10시까지 팀장에게 알려야 합니다.",
            "비밀번호나 출입카드를 다른 사람과 공유하지 마십시오.",
            "시스템 관리자는 본인 확인 후에만 비밀번호를 초기화합니다.",
            "승인된 AI 도구는 문서 초안 작성에 사용할 수 있으나 기밀 정보를 입력해서는 안 됩니다.",
        ]),
    "performance_review": dict(
        head=["연간 성과 평가 – {name}", "내년도 목표"],
        body=[
            "{name} 님은 합의된 목표를 모두 달성했습니다.",
            "새 ERP 시스템 전환을 일정대로 이끌었습니다.",
            "개선 영역: 업무 위임과 이해관계자 소통.",
            "목표: 청구서 처리 시간을 {pct}% 단축.",
            "{pct}% 연봉 인상과 {amount}의 성과급을 추천합니다.",
        ]),
    "meeting_minutes": dict(
        head=["{date} 경영회의 회의록", "주간 회의 기록"],
        body=[
            "참석자: {name}(의장), {name2}, {name3}",
            "지난 회의록을 승인함.",
            "구매 발주 승인 한도를 {amount}으로 상향하기로 결정함.",
            "{name2}: 분기 예산이 계획 대비 {pct}% 미달했다고 보고함.",
            "조치 사항: {name3}가 {date2}까지 새 출장 규정을 배포.",
        ]),
    "meeting_agenda": dict(
        head=["{date} 회의 안건", "감사위원회 소집 안내({time}, {room} 회의실)"],
        body=[
            "지난 회의록 확인",
            "분기 실적 보고",
            "구매 승인 한도 조정",
            "{org2}와의 계약 갱신",
            "AI 도구 사용 지침",
            "기타 안건",
        ]),
    "board_resolution": dict(
        head=["{org} 이사회 결의서", "주주총회 의사록"],
        body=[
            "{name}을 {date}부로 사내이사로 선임하는 안건을 만장일치로 가결하였다.",
            "{date2}로 종료된 사업연도의 재무제표를 승인하였다.",
            "배당금 {amount}을 지급하기로 결의하였다.",
            "{amount2}을 초과하는 지급은 대표이사 외 1인의 공동 서명을 요한다.",
            "본 결의는 서명 권한에 관한 {date2}자 결의를 대체한다.",
        ]),
}

D["vi"] = {
    "legal_clause": dict(
        head=["Điều 12. Toàn bộ thỏa thuận", "Điều 7. Bảo mật", "Điều 14. Luật áp dụng và giải quyết tranh chấp"],
        body=[
            "Hợp đồng này là toàn bộ thỏa thuận giữa các Bên và thay thế mọi thỏa thuận, cam kết trước đây, bằng văn bản hay bằng lời nói, liên quan đến nội dung của Hợp đồng.",
            "Mỗi Bên cam kết không tiết lộ thông tin mật nhận được từ Bên kia cho bất kỳ bên thứ ba nào.",
            "Nghĩa vụ bảo mật tiếp tục có hiệu lực trong {n} năm sau khi Hợp đồng chấm dứt.",
            "Mọi tranh chấp sẽ được giải quyết tại Tòa án có thẩm quyền tại {city}.",
            "Nếu bất kỳ điều khoản nào bị vô hiệu, các điều khoản còn lại vẫn giữ nguyên hiệu lực.",
            "Mỗi Bên có quyền chấm dứt Hợp đồng bằng cách thông báo bằng văn bản trước {days} ngày.",
        ]),
    "contract": dict(
        head=["HỢP ĐỒNG CUNG CẤP DỊCH VỤ", "Đơn đặt hàng số {ref}", "Hợp đồng thuê văn phòng"],
        body=[
            "Hôm nay, {date}, tại {city}, chúng tôi gồm: Bên A – {org}; Bên B – {org2}.",
            "Tổng giá trị hợp đồng là {amount}, đã bao gồm thuế GTGT.",
            "Bên A thanh toán cho Bên B bằng chuyển khoản trong vòng {days} ngày kể từ ngày nhận hóa đơn.",
            "Mọi thay đổi về tài khoản ngân hàng của Bên B phải được thông báo bằng văn bản có đóng dấu.",
            "Hợp đồng này thay thế biên bản ghi nhớ ký ngày {date2}.",
            "Chi phí đi lại chỉ được thanh toán khi có phê duyệt trước của {name}.",
        ]),
    "policy_terms": dict(
        head=["Quy chế công tác phí", "Điều khoản sử dụng", "Quy định về mật khẩu", "Hướng dẫn sử dụng công cụ AI"],
        body=[
            "Kể từ {date}, quy chế này thay thế phiên bản trước.",
            "Hồ sơ thanh toán chi phí phải nộp trong vòng {days} ngày kèm hóa đơn.",
            "Không chia sẻ mật khẩu với bất kỳ ai; bộ phận CNTT sẽ không bao giờ hỏi mật khẩu của bạn.",
            "Các khoản mua sắm trên {amount} cần ba báo giá và sự phê duyệt của người quản lý ngân sách.",
            "Nhân viên được dùng trợ lý AI đã được phê duyệt để soạn thảo, nhưng không được nhập dữ liệu khách hàng.",
            "Vui lòng bỏ qua bảng định mức cũ; áp dụng mức mới tại Phụ lục 2.",
        ]),
    "privacy_notice": dict(
        head=["Chính sách quyền riêng tư", "Thông báo về xử lý dữ liệu cá nhân"],
        body=[
            "{org} là bên kiểm soát dữ liệu cá nhân của bạn.",
            "Chúng tôi xử lý dữ liệu để thực hiện hợp đồng và tuân thủ nghĩa vụ pháp lý.",
            "Dữ liệu được lưu trữ trong {n} năm sau khi kết thúc quan hệ.",
            "Bạn có thể yêu cầu truy cập, chỉnh sửa hoặc xóa dữ liệu qua {email}.",
            "Chính sách được cập nhật {date}.",
        ]),
    "compliance_notice": dict(
        head=["Thông báo tuân thủ", "Cảnh báo hóa đơn giả mạo"],
        body=[
            "Toàn bộ nhân viên phải hoàn thành khóa đào tạo Bộ quy tắc ứng xử trước {date}.",
            "Không bao giờ thay đổi tài khoản ngân hàng của nhà cung cấp chỉ dựa trên email; hãy gọi lại số điện thoại đã đăng ký.",
            "Các khoản thanh toán trên {amount} cần hai người phê duyệt.",
            "Có thể báo cáo vi phạm ẩn danh qua đường dây nóng.",
            "Vui lòng bỏ qua email nhắc nhở gửi {date2} vì đã gửi nhầm.",
        ]),
    "hr_announcement": dict(
        head=["Kính gửi toàn thể nhân viên,", "Thông báo của Phòng Nhân sự", "Chào cả nhà,"],
        body=[
            "Chúng tôi vui mừng thông báo chị {name} được bổ nhiệm làm Giám đốc Tài chính từ {date}.",
            "Chào mừng anh {name2} gia nhập văn phòng {city}.",
            "Lương tháng này sẽ được chi trả vào {date} do kỳ nghỉ lễ.",
            "Lịch nghỉ phép mới thay thế bản đã gửi hồi tháng Một.",
            "Các trưởng bộ phận vui lòng duyệt đơn nghỉ phép còn tồn trước cuối tháng.",
        ],
        close=["Trân trọng,\nPhòng Nhân sự", "Cảm ơn,\n{name3}"]),
    "job_posting": dict(
        head=["Tuyển dụng: Kế toán công nợ phải trả", "Tuyển Quản trị hệ thống", "Vị trí: Trợ lý pháp chế"],
        body=[
            "{org} cần tuyển nhân sự làm việc tại {city}, có ít nhất {n} năm kinh nghiệm.",
            "Mô tả công việc: hạch toán hóa đơn, đối chiếu công nợ, hỗ trợ khóa sổ cuối tháng.",
            "Mức lương {amount}/tháng, bảo hiểm đầy đủ, làm việc linh hoạt.",
            "Gửi CV về {email} trước {date}.",
        ]),
    "employee_handbook": dict(
        head=["Sổ tay nhân viên", "Nội quy lao động (trích)"],
        body=[
            "Sổ tay này thay thế tất cả các phiên bản trước.",
            "Giờ làm việc từ 8:00 đến 17:30, thứ Hai đến thứ Sáu.",
            "Nếu bị ốm, hãy báo cho quản lý trực tiếp trước 10 giờ sáng.",
            "Không cho người khác mượn mật khẩu hoặc thẻ ra vào.",
            "Quản trị viên hệ thống chỉ đặt lại mật khẩu sau khi xác minh danh tính.",
            "Bạn có thể dùng công cụ AI đã được phê duyệt để soạn thảo, nhưng không nhập thông tin mật.",
        ]),
    "performance_review": dict(
        head=["Đánh giá hiệu suất năm – {name}", "Mục tiêu năm tới"],
        body=[
            "{name} đã hoàn thành tất cả mục tiêu đã thống nhất.",
            "Chủ trì việc chuyển đổi sang hệ thống ERP mới đúng tiến độ.",
            "Điểm cần cải thiện: phân công công việc.",
            "Mục tiêu: rút ngắn thời gian xử lý hóa đơn {pct}%.",
            "Đề xuất tăng lương {pct}% và thưởng {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Biên bản họp Ban Giám đốc {date}", "Biên bản họp tuần"],
        body=[
            "Thành phần: {name} (chủ trì), {name2}, {name3}.",
            "Thông qua biên bản cuộc họp trước.",
            "Cuộc họp quyết định nâng hạn mức phê duyệt đơn mua hàng lên {amount}.",
            "{name2} báo cáo ngân sách quý thấp hơn kế hoạch {pct}%.",
            "Việc cần làm: {name3} ban hành quy chế công tác phí mới trước {date2}.",
        ]),
    "meeting_agenda": dict(
        head=["Chương trình họp {date}", "Giấy mời họp Ủy ban Kiểm toán ({time}, phòng {room})"],
        body=[
            "Thông qua biên bản họp trước",
            "Kết quả kinh doanh quý",
            "Điều chỉnh hạn mức phê duyệt mua sắm",
            "Gia hạn hợp đồng với {org2}",
            "Các vấn đề khác",
        ]),
    "board_resolution": dict(
        head=["NGHỊ QUYẾT HỘI ĐỒNG QUẢN TRỊ {org}", "Quyết định số {ref}"],
        body=[
            "Bổ nhiệm bà {name} làm thành viên Hội đồng quản trị kể từ {date}.",
            "Thông qua báo cáo tài chính năm kết thúc {date2}.",
            "Chi trả cổ tức với tổng số tiền {amount}.",
            "Các khoản thanh toán trên {amount2} phải có chữ ký của hai người được ủy quyền.",
            "Nghị quyết này thay thế nghị quyết {date2} về thẩm quyền ký.",
        ]),
}

D["id"] = {
    "legal_clause": dict(
        head=["Pasal 12 – Keseluruhan Perjanjian", "Pasal 7 – Kerahasiaan", "Pasal 14 – Hukum yang Berlaku"],
        body=[
            "Perjanjian ini merupakan keseluruhan kesepakatan para pihak dan menggantikan semua kesepakatan sebelumnya, baik tertulis maupun lisan, mengenai pokok perjanjian.",
            "Masing-masing pihak wajib menjaga kerahasiaan informasi yang diterima dari pihak lainnya.",
            "Kewajiban kerahasiaan tetap berlaku selama {n} tahun setelah Perjanjian berakhir.",
            "Perselisihan akan diselesaikan melalui Pengadilan Negeri {city}.",
            "Apabila suatu ketentuan dinyatakan tidak sah, ketentuan lainnya tetap berlaku.",
            "Masing-masing pihak dapat mengakhiri Perjanjian dengan pemberitahuan tertulis {days} hari sebelumnya.",
        ]),
    "contract": dict(
        head=["PERJANJIAN JASA", "Pesanan Pembelian {ref}", "Perjanjian Sewa Kantor"],
        body=[
            "Pada hari ini, {date}, di {city}, telah dibuat perjanjian antara {org} dan {org2}.",
            "Nilai total jasa adalah {amount} belum termasuk PPN.",
            "Pembayaran dilakukan melalui transfer bank paling lambat {days} hari setelah faktur diterima.",
            "Perubahan rekening bank penyedia harus diberitahukan secara tertulis dan diverifikasi melalui telepon.",
            "Perjanjian ini menggantikan nota kesepahaman tertanggal {date2}.",
            "Biaya perjalanan hanya diganti apabila telah disetujui sebelumnya oleh {name}.",
        ]),
    "policy_terms": dict(
        head=["Kebijakan Perjalanan Dinas", "Syarat dan Ketentuan", "Kebijakan Kata Sandi", "Pedoman Penggunaan Alat AI"],
        body=[
            "Mulai {date}, kebijakan ini menggantikan versi sebelumnya.",
            "Klaim biaya wajib diajukan dalam {days} hari beserta bukti pembayaran.",
            "Jangan bagikan kata sandi Anda kepada siapa pun; tim TI tidak akan pernah memintanya.",
            "Pembelian di atas {amount} memerlukan tiga penawaran dan persetujuan pemilik anggaran.",
            "Karyawan boleh memakai asisten AI yang disetujui untuk menyusun draf, tetapi tidak boleh memasukkan data pelanggan.",
            "Abaikan tabel uang harian tahun lalu; yang berlaku adalah tarif di Lampiran 2.",
        ]),
    "privacy_notice": dict(
        head=["Pemberitahuan Privasi", "Kebijakan Perlindungan Data Pribadi"],
        body=[
            "{org} adalah pengendali data pribadi Anda.",
            "Kami memproses data Anda untuk melaksanakan perjanjian dan memenuhi kewajiban hukum.",
            "Data disimpan selama {n} tahun setelah hubungan berakhir.",
            "Anda dapat meminta akses, perbaikan, atau penghapusan data melalui {email}.",
            "Pemberitahuan ini terakhir diperbarui pada {date}.",
        ]),
    "compliance_notice": dict(
        head=["Pengumuman Kepatuhan", "Waspada Faktur Palsu"],
        body=[
            "Seluruh karyawan wajib menyelesaikan pelatihan Kode Etik sebelum {date}.",
            "Jangan pernah mengubah rekening pemasok hanya berdasarkan email; selalu konfirmasi melalui nomor telepon terdaftar.",
            "Pembayaran di atas {amount} memerlukan persetujuan dua orang.",
            "Pelanggaran dapat dilaporkan secara anonim melalui saluran whistleblowing.",
            "Mohon abaikan pengingat tanggal {date2} karena terkirim secara keliru.",
        ]),
    "hr_announcement": dict(
        head=["Rekan-rekan yang terhormat,", "Pengumuman HR", "Halo semuanya,"],
        body=[
            "Dengan senang hati kami umumkan bahwa {name} diangkat sebagai Kepala Keuangan mulai {date}.",
            "Selamat bergabung kepada {name2} di kantor {city}.",
            "Gaji bulan ini akan dibayarkan pada {date} karena hari libur nasional.",
            "Kalender cuti yang baru menggantikan versi yang dikirim pada bulan Januari.",
            "Para manajer diminta menyetujui pengajuan cuti yang tertunda sebelum akhir bulan.",
        ],
        close=["Salam,\nTim HR", "Terima kasih,\n{name3}"]),
    "job_posting": dict(
        head=["Lowongan: Staf Akuntansi Utang", "Dicari: Administrator Sistem", "Lowongan: Asisten Legal"],
        body=[
            "{org} membuka lowongan untuk kantor {city} dengan pengalaman minimal {n} tahun.",
            "Tugas: mencatat faktur pemasok, rekonsiliasi, dan membantu tutup buku bulanan.",
            "Kami menawarkan gaji {amount} per bulan, BPJS, dan kerja hibrida.",
            "Kirim CV ke {email} paling lambat {date}.",
        ]),
    "employee_handbook": dict(
        head=["Buku Panduan Karyawan", "Peraturan Perusahaan (kutipan)"],
        body=[
            "Buku panduan ini menggantikan semua edisi sebelumnya.",
            "Jam kerja adalah 08.00–17.00, Senin sampai Jumat.",
            "Jika sakit, beri tahu atasan Anda sebelum pukul 10.00.",
            "Jangan meminjamkan kata sandi atau kartu akses kepada orang lain.",
            "Administrator sistem hanya mengatur ulang kata sandi setelah verifikasi identitas.",
            "Alat AI yang disetujui boleh digunakan untuk draf, tetapi jangan masukkan informasi rahasia.",
        ]),
    "performance_review": dict(
        head=["Penilaian Kinerja Tahunan – {name}", "Sasaran Tahun Depan"],
        body=[
            "{name} telah mencapai seluruh sasaran yang disepakati.",
            "Ia memimpin migrasi ke sistem ERP baru tepat waktu.",
            "Area pengembangan: pendelegasian tugas.",
            "Sasaran: mempercepat pemrosesan faktur sebesar {pct}%.",
            "Saya merekomendasikan kenaikan gaji {pct}% dan bonus {amount}.",
        ]),
    "meeting_minutes": dict(
        head=["Notulen Rapat Direksi {date}", "Catatan Rapat Mingguan"],
        body=[
            "Hadir: {name} (pimpinan rapat), {name2}, {name3}.",
            "Notulen rapat sebelumnya disetujui.",
            "Rapat memutuskan menaikkan batas persetujuan pesanan pembelian menjadi {amount}.",
            "{name2} melaporkan anggaran kuartal {pct}% di bawah rencana.",
            "Tindak lanjut: {name3} mengedarkan kebijakan perjalanan baru sebelum {date2}.",
        ]),
    "meeting_agenda": dict(
        head=["Agenda Rapat {date}", "Undangan Rapat Komite Audit ({time}, ruang {room})"],
        body=[
            "Pembukaan",
            "Pengesahan notulen sebelumnya",
            "Hasil keuangan kuartal",
            "Penyesuaian batas persetujuan pembelian",
            "Perpanjangan kontrak dengan {org2}",
            "Lain-lain",
        ]),
    "board_resolution": dict(
        head=["KEPUTUSAN DIREKSI {org}", "Keputusan Sirkuler Pemegang Saham"],
        body=[
            "Mengangkat {name} sebagai anggota Direksi terhitung sejak {date}.",
            "Menyetujui laporan keuangan tahun buku yang berakhir {date2}.",
            "Menyetujui pembagian dividen sebesar {amount}.",
            "Pembayaran di atas {amount2} wajib ditandatangani oleh dua pejabat berwenang.",
            "Keputusan ini menggantikan keputusan tanggal {date2} mengenai kewenangan penandatanganan.",
        ]),
}

D["hi"] = {
    "legal_clause": dict(
        head=["खंड 12 – संपूर्ण करार", "खंड 7 – गोपनीयता", "खंड 14 – लागू कानून और क्षेत्राधिकार"],
        body=[
            "यह करार पक्षों के बीच संपूर्ण समझौता है और इसके विषय से संबंधित सभी पूर्व लिखित या मौखिक समझौतों का स्थान लेता है।",
            "प्रत्येक पक्ष दूसरे पक्ष से प्राप्त गोपनीय जानकारी किसी तीसरे पक्ष को प्रकट नहीं करेगा।",
            "गोपनीयता का दायित्व करार समाप्त होने के बाद {n} वर्ष तक लागू रहेगा।",
            "इस करार से उत्पन्न किसी भी विवाद पर {city} के न्यायालयों का अनन्य क्षेत्राधिकार होगा।",
            "यदि कोई प्रावधान अमान्य पाया जाता है, तो शेष प्रावधान प्रभावी बने रहेंगे।",
            "कोई भी पक्ष {days} दिन की लिखित सूचना देकर करार समाप्त कर सकता है।",
        ]),
    "contract": dict(
        head=["सेवा अनुबंध", "क्रय आदेश {ref}", "किराया अनुबंध"],
        body=[
            "यह अनुबंध {date} को {city} में {org} और {org2} के बीच किया गया।",
            "सेवाओं का कुल शुल्क {amount} है, जीएसटी अतिरिक्त।",
            "भुगतान चालान प्राप्ति के {days} दिनों के भीतर बैंक हस्तांतरण द्वारा किया जाएगा।",
            "आपूर्तिकर्ता के बैंक विवरण में कोई भी परिवर्तन लिखित रूप में सूचित कर फ़ोन द्वारा सत्यापित किया जाएगा।",
            "यह अनुबंध {date2} के आशय पत्र का स्थान लेता है।",
            "यात्रा व्यय की प्रतिपूर्ति केवल {name} की पूर्व स्वीकृति से होगी।",
        ]),
    "policy_terms": dict(
        head=["यात्रा एवं व्यय नीति", "उपयोग की शर्तें", "पासवर्ड नीति", "एआई टूल उपयोग दिशानिर्देश"],
        body=[
            "{date} से यह नीति पिछले संस्करण का स्थान लेती है।",
            "व्यय दावे रसीदों सहित {days} दिनों के भीतर जमा करें।",
            "अपना पासवर्ड किसी से साझा न करें; आईटी विभाग कभी आपका पासवर्ड नहीं माँगेगा।",
            "{amount} से अधिक की खरीद के लिए तीन कोटेशन और बजट प्रमुख की स्वीकृति आवश्यक है।",
            "कर्मचारी स्वीकृत एआई सहायकों का उपयोग मसौदे के लिए कर सकते हैं, परंतु ग्राहक डेटा दर्ज न करें।",
            "पिछले वर्ष की दैनिक भत्ता तालिका को अनदेखा करें; नई दरें परिशिष्ट 2 में हैं।",
        ]),
    "privacy_notice": dict(
        head=["गोपनीयता सूचना", "व्यक्तिगत डेटा संरक्षण नीति"],
        body=[
            "{org} आपके व्यक्तिगत डेटा का नियंत्रक है।",
            "हम आपका डेटा अनुबंध निष्पादन और कानूनी दायित्वों की पूर्ति के लिए संसाधित करते हैं।",
            "डेटा संबंध समाप्त होने के बाद {n} वर्ष तक रखा जाता है।",
            "डेटा तक पहुँच, सुधार या विलोपन के लिए {email} पर संपर्क करें।",
            "यह सूचना अंतिम बार {date} को अद्यतन की गई।",
        ]),
    "compliance_notice": dict(
        head=["अनुपालन सूचना", "फर्जी चालान से सावधान"],
        body=[
            "सभी कर्मचारियों को {date} तक आचार संहिता प्रशिक्षण पूरा करना होगा।",
            "केवल ईमेल के आधार पर कभी भी आपूर्तिकर्ता का बैंक खाता न बदलें; पंजीकृत फ़ोन नंबर पर पुष्टि करें।",
            "{amount} से अधिक के भुगतान के लिए दो अनुमोदन आवश्यक हैं।",
            "अनियमितताओं की सूचना व्हिसलब्लोअर हेल्पलाइन पर गुमनाम रूप से दी जा सकती है।",
            "{date2} को भेजे गए अनुस्मारक को कृपया अनदेखा करें; वह गलती से भेजा गया था।",
        ]),
    "hr_announcement": dict(
        head=["प्रिय साथियों,", "मानव संसाधन विभाग की सूचना", "सभी को नमस्कार,"],
        body=[
            "हमें यह घोषणा करते हुए प्रसन्नता है कि {name} {date} से वित्त प्रमुख का पद संभालेंगी।",
            "{city} कार्यालय में शामिल हुए {name2} का स्वागत है।",
            "इस माह का वेतन अवकाश के कारण {date} को जमा किया जाएगा।",
            "नया अवकाश कैलेंडर जनवरी में भेजे गए कैलेंडर का स्थान लेता है।",
            "सभी प्रबंधक महीने के अंत तक लंबित छुट्टी आवेदनों को स्वीकृत करें।",
        ],
        close=["सादर,\nमानव संसाधन विभाग", "धन्यवाद,\n{name3}"]),
    "job_posting": dict(
        head=["नौकरी: लेखा सहायक (देय खाते)", "आवश्यकता: सिस्टम एडमिनिस्ट्रेटर", "पद: विधि सहायक"],
        body=[
            "{org} को {city} कार्यालय के लिए कम से कम {n} वर्ष के अनुभव वाले उम्मीदवार की आवश्यकता है।",
            "ज़िम्मेदारियाँ: विक्रेता चालानों की प्रविष्टि, मिलान और मासिक समापन में सहायता।",
            "वार्षिक वेतन {amount}, स्वास्थ्य बीमा और हाइब्रिड कार्य व्यवस्था।",
            "अपना बायोडाटा {date} तक {email} पर भेजें।",
        ]),
    "employee_handbook": dict(
        head=["कर्मचारी पुस्तिका", "सेवा नियम (अंश)"],
        body=[
            "यह पुस्तिका पिछले सभी संस्करणों का स्थान लेती है।",
            "कार्य समय सुबह 9:30 से शाम 6:00 बजे तक है।",
            "बीमार होने पर सुबह 10 बजे तक अपने प्रबंधक को सूचित करें।",
            "अपना पासवर्ड या प्रवेश कार्ड किसी के साथ साझा न करें।",
            "सिस्टम एडमिनिस्ट्रेटर पहचान सत्यापन के बाद ही पासवर्ड रीसेट करेगा।",
            "स्वीकृत एआई टूल का उपयोग मसौदा लेखन के लिए किया जा सकता है, पर गोपनीय जानकारी न डालें।",
        ]),
    "performance_review": dict(
        head=["वार्षिक कार्य-निष्पादन समीक्षा – {name}", "अगले वर्ष के लक्ष्य"],
        body=[
            "{name} ने सभी तय लक्ष्य पूरे किए।",
            "उन्होंने नए ईआरपी सिस्टम में बदलाव को समय पर पूरा कराया।",
            "सुधार का क्षेत्र: कार्य सौंपना और हितधारकों से संवाद।",
            "लक्ष्य: चालान प्रसंस्करण समय में {pct}% की कमी।",
            "मैं {pct}% वेतन वृद्धि और {amount} बोनस की सिफ़ारिश करता हूँ।",
        ]),
    "meeting_minutes": dict(
        head=["{date} की प्रबंधन बैठक का कार्यवृत्त", "साप्ताहिक बैठक के नोट्स"],
        body=[
            "उपस्थित: {name} (अध्यक्ष), {name2}, {name3}।",
            "पिछली बैठक का कार्यवृत्त अनुमोदित किया गया।",
            "क्रय आदेशों की अनुमोदन सीमा बढ़ाकर {amount} करने का निर्णय लिया गया।",
            "{name2} ने बताया कि तिमाही बजट योजना से {pct}% कम है।",
            "कार्रवाई: {name3} {date2} तक नई यात्रा नीति प्रसारित करेंगे।",
        ]),
    "meeting_agenda": dict(
        head=["{date} की बैठक की कार्यसूची", "लेखा परीक्षा समिति बैठक सूचना ({time}, कक्ष {room})"],
        body=[
            "पिछले कार्यवृत्त की पुष्टि",
            "तिमाही वित्तीय परिणाम",
            "क्रय अनुमोदन सीमा में संशोधन",
            "{org2} के साथ अनुबंध का नवीनीकरण",
            "अन्य विषय",
        ]),
    "board_resolution": dict(
        head=["{org} के निदेशक मंडल का संकल्प", "संकल्प संख्या {ref}"],
        body=[
            "संकल्प किया गया कि {name} को {date} से कंपनी का निदेशक नियुक्त किया जाए।",
            "संकल्प किया गया कि {date2} को समाप्त वर्ष के वित्तीय विवरण अनुमोदित किए जाएँ।",
            "संकल्प किया गया कि {amount} का अंतरिम लाभांश घोषित किया जाए।",
            "{amount2} से अधिक के भुगतानों पर दो अधिकृत हस्ताक्षरकर्ताओं के हस्ताक्षर आवश्यक होंगे।",
            "यह संकल्प हस्ताक्षर अधिकारों से संबंधित {date2} के संकल्प का स्थान लेता है।",
        ]),
}
