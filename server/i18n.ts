// Every user-facing `info` string of the API, in zh-CN (default) and en-US.
export type Lang = 'zh-CN' | 'en-US';

type Params = Record<string, string | number>;

const messages = {
  ok: ['成功', 'OK'],
  invalidRequest: ['请求参数无效：{detail}', 'Invalid request: {detail}'],
  malformed: ['请求格式错误', 'Malformed request'],
  tooLarge: ['请求内容过大', 'The request is too large'],
  notFound: ['接口不存在', 'No such API'],
  rateLimited: ['请求过于频繁，请 {seconds} 秒后再试', 'Too many requests; try again in {seconds} s'],
  loginLocked: ['登录失败次数过多，请 {seconds} 秒后再试', 'Too many failed logins; try again in {seconds} s'],
  resendTooSoon: ['验证码已发送，请 {seconds} 秒后再重新获取', 'A code was just sent; you can ask for another in {seconds} s'],
  // Clients compare this text, so it is the same in both languages.
  tokenFailed: ['Token authentication failed', 'Token authentication failed'],
  loggedInElsewhere: ['您的账号已在其他地方登录，请重新登录', 'Your account was logged in elsewhere; please log in again'],
  sessionExpired: ['登录已过期，请重新登录', 'Your session has expired; please log in again'],
  wrongCurrentPassword: ['当前密码错误', 'The current password is wrong'],
  samePassword: ['新密码不能与当前密码相同', 'The new password must differ from the current one'],
  sessionNotFound: ['该登录会话不存在或已结束', 'This session does not exist or has already ended'],
  invalidCredentials: ['邮箱或密码错误', 'Wrong e-mail address or password'],
  notActivated: ['账号尚未激活，请使用邮件中的验证码激活', 'The account is not activated yet; activate it with the code we e-mailed you'],
  deactivated: ['该账号已被停用', 'This account has been deactivated'],
  emailTaken: ['该邮箱已注册', 'This e-mail address is already registered'],
  alreadyActive: ['该账号已激活，请直接登录', 'This account is already activated; please log in'],
  mustAgree: ['请阅读并同意用户协议', 'Please accept the terms of use'],
  passwordMismatch: ['两次输入的密码不一致', 'The two passwords do not match'],
  codeInvalid: ['验证码错误或已过期', 'Verification code wrong or expired'],
  codeTooManyAttempts: ['验证码尝试次数过多，请重新获取验证码', 'Too many attempts with this code; please request a new one'],
  codeDailyLimit: ['该邮箱今日的验证码次数已用完，请明天再试', 'This address has had its codes for today; please try again tomorrow'],
  unlockRequired: ['该账号近期登录失败次数过多，请输入发送到邮箱的解锁验证码', 'Too many failed logins for this account; enter the unlock code we e-mailed you'],
  mailFailed: ['邮件发送失败，请稍后重试', 'The e-mail could not be sent; please try again later'],
  forbidden: ['没有权限访问', 'Access denied'],
  notMember: ['您已不是该团队的成员', 'You are no longer a member of this team'],
  orgRoleNeeded: ['只有团队的所有者或管理员可以这样做', "Only the team's owners and admins can do this"],
  noOrg: ['请先选择一个团队', 'Choose a team first'],
  orgNameLength: ['团队名称为 1 到 {max} 个字符', "A team's name is 1 to {max} characters long"],
  orgTooMany: ['每人最多加入 {max} 个团队：请先退出一个不再使用的团队', 'You can belong to at most {max} teams: leave one you no longer use first'],
  orgFull: ['每个团队最多 {max} 名成员', 'A team has at most {max} members'],
  orgTooManyInvites: ['每个团队最多 {max} 份待接受的邀请：请先撤回不再需要的邀请', 'A team has at most {max} pending invitations: withdraw one you no longer need first'],
  orgOwnerNeeded: ['只有团队所有者可以授予、更改或移除所有者和管理员', "Only a team's owners can give, change or remove the owner and admin roles"],
  orgOwnRole: ['不能更改自己的角色：请让其他所有者或管理员操作', 'You cannot change your own role: ask another owner or admin'],
  orgRemoveSelf: ['不能移除自己：如要离开团队，请使用“退出团队”', 'You cannot remove yourself: to leave the team, use "Leave team"'],
  orgLastOwner: ['团队至少需要保留一名所有者：请先将其他成员设为所有者', 'A team keeps at least one owner: make another member an owner first'],
  orgLastOwnerLeave: ['您是团队唯一的所有者，不能退出：请先将其他成员设为所有者', 'You are the team\'s only owner and cannot leave: make another member an owner first'],
  orgMemberNotFound: ['该用户不是本团队的成员', 'This person is not a member of the team'],
  orgAlreadyMember: ['{email} 已经是本团队的成员', '{email} is already a member of the team'],
  orgAlreadyMemberSelf: ['您已经是该团队的成员', 'You are already a member of this team'],
  orgInviteNotFound: ['邀请不存在', 'No such invitation'],
  orgInviteClosed: ['该邀请已失效：已被接受、拒绝、撤回或已过期', 'This invitation is no longer valid: it was accepted, declined, withdrawn or has expired'],
  orgInviteOtherAddress: ['该邀请发送给了另一个邮箱地址：请使用收到邀请的邮箱账号登录后再接受', 'This invitation was sent to another e-mail address: sign in with the account of that address to accept it'],
  orgRoleOwner: ['所有者', 'owner'],
  orgRoleAdmin: ['管理员', 'admin'],
  orgRoleOperator: ['操作员', 'operator'],
  orgRoleViewer: ['查看者', 'viewer'],
  // Approvals (server/routes/approvals.ts)
  approvalUnknownAction: ['没有这个操作：{action}', 'There is no such action: {action}'],
  approvalPolicyDenied: ['团队的策略不允许您的角色（{role}）执行“{action}”，也不能申请审批', "The team's policy does not let your role ({role}) run {action}, not even with an approval"],
  approvalNotNeeded: ['团队的策略允许您的角色直接执行这项任务，无需审批', "The team's policy lets your role run this job as it is: it needs no approval"],
  approvalDryRunTooLarge: ['预览内容过大（上限 {max} 字节）：请分成几个较小的任务', 'The dry run is too large (at most {max} bytes): split the job into smaller ones'],
  approvalParamsTooLarge: ['任务参数过大（上限 {max} 字节）', "The job's parameters are too large (at most {max} bytes)"],
  approvalNotFound: ['审批请求不存在', 'No such approval request'],
  approvalOwnRequest: ['不能审批自己的请求：请由另一位所有者或管理员审批', 'You cannot decide your own request: another owner or admin must'],
  approvalNotYours: ['只有发起该审批请求的人可以这样做', 'Only the person who asked for this approval can do this'],
  approvalClosed: ['该审批请求已是“{status}”状态，不能再更改', 'This request is already {status}; it cannot be changed any more'],
  approvalNotApproved: ['该审批请求是“{status}”状态，未获批准，任务不能据此执行', 'This request is {status}, not approved: the job cannot run on it'],
  approvalUsed: ['该审批已被使用过：如需再次执行，请重新申请审批', 'This approval has already been used: ask again to run the job again'],
  approvalChanged: ['任务在批准后已更改（对象或参数不同）：请重新申请审批', 'The job changed since it was approved (other items or parameters): ask again'],
  approvalStatusPending: ['待审批', 'pending'],
  approvalStatusApproved: ['已批准', 'approved'],
  approvalStatusRejected: ['已拒绝', 'rejected'],
  approvalStatusCancelled: ['已撤回', 'cancelled'],
  approvalStatusUsed: ['已使用', 'used'],
  approvalAskedTitle: ['[{org}] {name} 申请审批：{action}', '[{org}] {name} asks for approval: {action}'],
  approvalAskedText: [
    '{name}（{email}）申请在团队“{org}”中对 {count} 个对象执行“{action}”（{why}）。请在“审批”中查看预览并批准或拒绝。',
    '{name} ({email}) asks to run {action} on {count} items in the team "{org}" ({why}). Open Approvals to read the dry run and approve or reject it.',
  ],
  approvalWhyAction: ['该操作需要审批', 'the action needs approval'],
  approvalWhyIrreversible: ['不可撤销的操作', 'an irreversible action'],
  approvalWhySize: ['对象数量超过 {limit} 个', 'more than {limit} items'],
  approvalDecidedTitle: ['[{org}] 您的审批请求“{action}”{status}', '[{org}] Your request to run {action} was {status}'],
  approvalDecidedText: [
    '{name} {status}了您在团队“{org}”中对 {count} 个对象执行“{action}”的请求。{comment}',
    '{name} {status} your request to run {action} on {count} items in the team "{org}". {comment}',
  ],
  approvalComment: ['备注：{comment}', 'Comment: {comment}'],
  pluginDisabled: ['功能“{plugin}”未对您的角色开放', 'The feature "{plugin}" is not enabled for your role'],
  unknownModule: ['未知的模块：{module}', 'Unknown module: {module}'],
  orderNotFound: ['订单不存在', 'Order not found'],
  userNotFound: ['用户不存在', 'User not found'],
  serviceNotFound: ['服务不存在或已下架', 'This service does not exist or is no longer offered'],
  messageNotFound: ['消息不存在', 'Message not found'],
  orderNotPending: ['订单当前状态为“{status}”，无法执行此操作', 'The order is {status}; this is not possible any more'],
  providerUnavailable: ['支付方式“{provider}”不可用', 'The payment method "{provider}" is not available'],
  upgradeNeedsMembership: ['升级需要有效的会员资格', 'An upgrade needs a running membership'],
  serviceIncomplete: ['会员套餐需要等级和天数，升级需要等级，加油包需要数量', 'A membership plan needs a level and a number of days, an upgrade a level, a fuel bag an amount'],
  lastAdmin: ['至少需要保留一名有效的管理员', 'At least one active admin must remain'],
  adminPasswordWrong: ['管理员密码错误，未做任何更改', 'Wrong admin password; nothing was changed'],
  docIdTwice: ['文档 ID {docId} 不能同时用于 {a} 和 {b}', 'Document id {docId} cannot serve both {a} and {b}'],
  notOnSelf: ['不能对自己的账号执行此操作', 'You cannot do this to your own account'],
  policyAdminPlugin: ['管理插件只对管理员开放，且不能对管理员关闭', 'The admin plugin is for admins only and cannot be disabled for them'],
  recordTooLarge: ['记录内容过大（上限 {max} 字节）', 'The record is too large (at most {max} bytes)'],
  viewTooLarge: ['视图内容过大（上限 {max} 字节）', 'The view is too large (at most {max} bytes)'],
  orgViewerReadOnly: ['你在该团队中是查看者：可以查看团队共享的视图、工作区和列表，但不能修改', 'You are a viewer in this team: you can see its shared views, workspaces and lists but not change them'],
  libraryTooLarge: ['内容过大（上限 {max} 字节）', 'This is too large to save (at most {max} bytes)'],
  tooManyLibraryItems: ['最多保存 {max} 个：请先删除不再使用的', 'At most {max} can be saved: delete one you no longer use first'],
  tooManyViews: ['每个列表最多保存 {max} 个视图：请先删除不再使用的视图', 'At most {max} saved views per list: delete one you no longer use first'],
  auditTimeInvalid: ['{field} 不是有效的时间：{value}（请使用 ISO 时间，例如 2026-11-28 或 2026-11-28T09:30:00Z）', '{field} is not a valid time: {value} (use an ISO time such as 2026-11-28 or 2026-11-28T09:30:00Z)'],
  auditActorInvalid: ['操作人请填写用户编号或邮箱地址', 'The actor must be a user id or an e-mail address'],
  jobRecordStateTooLarge: ['第 {index} 项的 {field} 过大（上限 {max} 字节），本次请求未保存任何记录', 'Item {index}: {field} is too large (at most {max} bytes); nothing of this request was stored'],
  watchBadSince: ['since 不是有效的时间：{since}（例如 2026-11-28T10:00:00Z）', 'since is not a valid time: {since} (e.g. 2026-11-28T10:00:00Z)'],
  watchRuleNotFound: ['规则不存在：{id}', 'No such rule: {id}'],
  watchRuleIncomplete: ['新规则需要名称、类型、字段和比较方式', 'A new rule needs a name, a type, a field and a comparison'],
  watchRuleField: ['类型 {type} 没有字段 {field}', 'The type {type} has no field {field}'],
  watchRuleOp: ['比较方式 {op} 不适用于字段 {field}', 'The comparison {op} does not apply to the field {field}'],
  watchPresetFixed: ['预设规则只能开启或关闭', 'A preset can only be switched on or off'],
  watchTooManyRules: ['最多 {max} 条自定义规则', 'At most {max} rules of your own'],
  watchChannelNotFound: ['通知渠道不存在', 'No such channel'],
  watchChannelIncomplete: ['{kind} 渠道需要 {fields}', 'A {kind} channel needs {fields}'],
  watchTooManyChannels: ['最多 {max} 个通知渠道', 'At most {max} channels'],
  watchTooManyChecks: ['最多 {max} 项定时检查', 'At most {max} scheduled checks'],
  watchBadQuietHours: ['免打扰时间无效：时间格式为 HH:MM，时区为 IANA 名称（如 Asia/Shanghai）', 'Quiet hours are not valid: times as HH:MM, the time zone an IANA name (e.g. Europe/Berlin)'],
  watchTestFailed: ['测试消息未能发送：{reason}', 'The test message could not be sent: {reason}'],
  watchNotHttps: ['只接受 https 地址', 'only https addresses are accepted'],
  watchBadUrl: ['地址无效', 'the address is not valid'],
  watchAddressRefused: ['{host} 指向不允许的地址 {address}（{why}）', '{host} points to an address that is not allowed, {address} ({why})'],
  watchUnresolved: ['无法解析主机名 {host}', 'the host name {host} could not be resolved'],
  watchRedirect: ['对方返回了重定向（HTTP {status}），不会跟随', 'the receiver answered a redirect (HTTP {status}), which is not followed'],
  watchHttpStatus: ['对方返回 HTTP {status}', 'the receiver answered HTTP {status}'],
  watchTimeout: ['{seconds} 秒内没有应答', 'no answer within {seconds} s'],
  watchUnreachable: ['无法连接 {host}', '{host} could not be reached'],
  watchMailFailed: ['邮件发送失败', 'the e-mail could not be sent'],
  watchFiring: ['告警', 'Alert'],
  watchResolved: ['已恢复', 'Resolved'],
  watchByOutside: ['来自 Tessera 之外', 'from outside Tessera'],
  watchByJob: ['由 Tessera 任务 {job} 完成', 'by the Tessera job {job}'],
  watchAlertText: ['[Tessera] {state}：{rule} — {object}（{type} {id}）\n{field}：{from} → {to}，{by}\n{url}', '[Tessera] {state}: {rule} — {object} ({type} {id})\n{field}: {from} → {to}, {by}\n{url}'],
  watchTestText: ['[Tessera] 这是来自通知渠道“{name}”的测试消息。', '[Tessera] This is a test message of the channel "{name}".'],
  watchAlertSubject: ['[Tessera] {state}：{rule} — {object}', '[Tessera] {state}: {rule} — {object}'],
  watchTestSubject: ['[Tessera] 测试消息', '[Tessera] Test message'],
  // approvals through a team's channels (server/watch/approval-messages.ts)
  watchApprovalRequestedSubject: ['[Tessera] [{org}] {name} 申请审批：{action}', '[Tessera] [{org}] {name} asks for approval: {action}'],
  watchApprovalRequestedText: [
    '[Tessera] {name}（{email}）申请在团队“{org}”中对 {count} 个对象执行“{action}”（{why}）。请所有者或管理员在“审批”中查看预览并批准或拒绝：\n{url}',
    '[Tessera] {name} ({email}) asks to run {action} on {count} items in the team "{org}" ({why}). An owner or admin reads the dry run and approves or rejects it in Approvals:\n{url}',
  ],
  watchApprovalDecidedSubject: ['[Tessera] [{org}] {name} 的审批请求“{action}”{status}', '[Tessera] [{org}] The request of {name} to run {action} was {status}'],
  watchApprovalDecidedText: [
    '[Tessera] {decider}{status}了 {name}（{email}）在团队“{org}”中对 {count} 个对象执行“{action}”的请求。{comment}\n{url}',
    '[Tessera] {decider} {status} the request of {name} ({email}) to run {action} on {count} items in the team "{org}". {comment}\n{url}',
  ],
  internal: ['服务器内部错误', 'Internal server error'],
  demoLocalOnly: [
    '演示模式只接受本机的直接访问（经过代理或使用非本机地址的请求会被拒绝）。正式部署请设置 TESSERA_DEMO=0；如确需公开演示，请设置 TESSERA_DEMO_PUBLIC=1 和自己的 TESSERA_DEMO_PASSWORD',
    'Demo mode answers direct requests from this machine only (requests through a proxy or to a non-loopback host name are refused). Set TESSERA_DEMO=0 for a real installation, or TESSERA_DEMO_PUBLIC=1 with a TESSERA_DEMO_PASSWORD of your own to expose the demo on purpose',
  ],
  sandboxLocalOnly: ['沙盒的重置、故障、开关和时钟设置只接受本机的直接访问', 'The sandbox\'s reset, faults, switches and clock settings answer direct requests from this machine only'],
  bootstrapInvalid: ['引导令牌无效或已被使用', 'The bootstrap token is wrong or has already been used'],
  tooManyPendingOrders: ['未完成的订单过多（上限 {max} 个），请先支付或取消已有订单', 'Too many open orders (at most {max}); pay or cancel one first'],
  // Validation details
  vRequired: ['缺少字段 {field}', '{field} is required'],
  vType: ['字段 {field} 的类型不正确', '{field} has the wrong type'],
  vEmail: ['请输入有效的邮箱地址', 'Please enter a valid e-mail address'],
  vPassword: ['密码长度为 5 到 30 个字符', 'The password must be 5 to 30 characters long'],
  vCode: ['验证码为 6 位数字', 'The verification code has 6 digits'],
  vLength: ['字段 {field} 的长度不正确', '{field} has the wrong length'],
  vEnum: ['字段 {field} 的取值无效', '{field} has a value that is not allowed'],
  vRange: ['字段 {field} 超出允许范围', '{field} is out of range'],
  vFormat: ['字段 {field} 的格式不正确', '{field} is not in a valid format'],
  vInvalid: ['字段 {field} 无效', '{field} is invalid'],
  vOneOf: ['{fields} 中必须且只能给出一项', 'exactly one of {fields} is required'],
  vBody: ['请求体必须是 JSON 对象', 'The request body must be a JSON object'],
  // Mail
  mailActivationSubject: ['Tessera 账号激活验证码', 'Your Tessera activation code'],
  mailActivationText: [
    '您的 Tessera 账号激活验证码是：{code}\n\n验证码 10 分钟内有效，请尽快完成激活。如果不是您本人注册，请忽略本邮件。',
    'Your Tessera activation code is: {code}\n\nThe code is valid for 10 minutes, so please activate your account soon. If you did not register, ignore this e-mail.',
  ],
  mailResetSubject: ['Tessera 重置密码验证码', 'Your Tessera password reset code'],
  mailResetText: [
    '您正在重置 Tessera 账号密码，验证码是：{code}\n\n验证码 10 分钟内有效。如果不是您本人操作，请忽略本邮件，您的密码不会改变。',
    'You asked to reset your Tessera password. Your code is: {code}\n\nThe code is valid for 10 minutes. If this was not you, ignore this e-mail: your password stays as it is.',
  ],
  mailUnlockSubject: ['Tessera 登录解锁验证码', 'Your Tessera login unlock code'],
  mailUnlockText: [
    '您的 Tessera 账号近期有多次登录失败。如需登录，请在登录页输入解锁验证码：{code}\n\n验证码 10 分钟内有效。如果不是您本人操作，请考虑重置密码。',
    'There were many failed logins to your Tessera account. To log in, enter this unlock code on the login page: {code}\n\nThe code is valid for 10 minutes. If this was not you, consider resetting your password.',
  ],
  mailRegisteredText: [
    '有人（可能是您）使用本邮箱注册 Tessera，但该邮箱已有账号。如果您忘记了密码，可以用以下验证码重置密码：{code}\n\n验证码 10 分钟内有效。如果不是您本人操作，请忽略本邮件，您的账号不会改变。',
    'Someone (maybe you) tried to register at Tessera with this address, which already has an account. If you forgot your password, reset it with this code: {code}\n\nThe code is valid for 10 minutes. If this was not you, ignore this e-mail: your account stays as it is.',
  ],
  mailPasswordChangedSubject: ['Tessera 账号密码已更改', 'Your Tessera password was changed'],
  mailPasswordChangedText: [
    '您的 Tessera 账号密码已于 {time}（UTC）{how}。除本次操作所在的设备外，所有设备上的登录均已退出。\n\n如果不是您本人操作，请立即通过“忘记密码”重置密码，并联系管理员。',
    'The password of your Tessera account was {how} at {time} (UTC). Every session except the one that made the change has been logged out.\n\nIf this was not you, reset your password at once with "Forgot password" and tell your administrator.',
  ],
  mailHowChanged: ['在用户中心修改', 'changed in the user centre'],
  mailHowReset: ['通过邮箱验证码重置', 'reset with a code sent to this address'],
  mailInviteSubject: ['{inviter} 邀请您加入 Tessera 团队“{org}”', '{inviter} invites you to the Tessera team "{org}"'],
  mailInviteText: [
    '{inviter} 邀请您以“{role}”的身份加入 Tessera 团队“{org}”。\n\n请使用本邮箱地址的 Tessera 账号登录后打开以下链接接受邀请（没有账号请先用本邮箱注册）：\n{link}\n\n邀请 {days} 天内有效，只能使用一次。如果您不认识邀请人，请忽略本邮件。',
    '{inviter} invites you to join the Tessera team "{org}" as {role}.\n\nSign in with the Tessera account of this e-mail address (or register one with it first) and open this link to accept:\n{link}\n\nThe invitation is valid for {days} days and works once. If you do not know who sent it, ignore this e-mail.',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof messages;

export function t(lang: Lang, key: MessageKey, params: Params = {}): string {
  const template = messages[key][lang === 'en-US' ? 1 : 0];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The first of zh* / en* in the Accept-Language header by preference; zh-CN when neither is asked for. */
export function pickLang(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'zh-CN';
  const tags = value.split(',').slice(0, 20).map((part, i) => {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
  }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return 'zh-CN';
}

export const messageKeys = Object.keys(messages) as MessageKey[];
