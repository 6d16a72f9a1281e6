// The one drizzle pg-core schema of the product API. It runs unchanged on PGlite and PostgreSQL;
// `npx drizzle-kit generate` turns a change here into a new migration in server/db/migrations.
import { sql } from 'drizzle-orm';
import { pgTable, serial, bigserial, bigint, integer, text, boolean, timestamp, jsonb, index, primaryKey, uniqueIndex, check } from 'drizzle-orm/pg-core';

// Every timestamp is written by the application's clock (never a database default), so the tests can move time.
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const blank = (name: string) => text(name).notNull().default('');

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** argon2id hash; '' = no usable password yet (activated without the registering browser: set one by reset) */
  passwordHash: text('password_hash').notNull(),
  /** sha-256 of the nonce handed to the browser that registered last while pending; null once activated */
  registrationHash: text('registration_hash'),
  /** 'user' | 'admin' */
  role: text('role').notNull().default('user'),
  /** 'pending' (awaiting e-mail activation) | 'active' | 'disabled' (deactivated by an admin or by demo mode off) */
  status: text('status').notNull().default('pending'),
  isDemo: boolean('is_demo').notNull().default(false),
  name: blank('name'),
  avatar: blank('avatar'),
  job: blank('job'),
  organization: blank('organization'),
  location: blank('location'),
  introduction: blank('introduction'),
  personalWebsite: blank('personal_website'),
  jobName: blank('job_name'),
  organizationName: blank('organization_name'),
  locationName: blank('location_name'),
  phone: blank('phone'),
  certification: integer('certification').notNull().default(0),
  membershipLevel: text('membership_level').notNull().default('free'),
  membershipStart: at('membership_start'),
  membershipExpiry: at('membership_expiry'),
  fuel: integer('fuel').notNull().default(0),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  activatedAt: at('activated_at'),
  lastLoginAt: at('last_login_at'),
});

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** sha-256 of the token; the token itself is never stored */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  lastUsedAt: at('last_used_at').notNull(),
  revokedAt: at('revoked_at'),
  /** 'logout' | 'superseded' | 'rotated' | 'expired' | 'password' | 'disabled' */
  revokeReason: text('revoke_reason'),
  ip: blank('ip'),
  userAgent: blank('user_agent'),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const emailCodes = pgTable('email_codes', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  /** 'activation' | 'reset' | 'unlock' */
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** wrong guesses only; their sum over a day caps guessing per address (server/auth/codes.ts) */
  failures: integer('failures').notNull().default(0),
  consumedAt: at('consumed_at'),
}, (t) => [index('email_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)]);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const pluginPolicy = pgTable('plugin_policy', {
  role: text('role').notNull(),
  pluginId: text('plugin_id').notNull(),
  enabled: boolean('enabled').notNull(),
}, (t) => [primaryKey({ columns: [t.role, t.pluginId] })]);

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  /** 'membership' | 'fuel' | 'upgrade' */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  description: blank('description'),
  /** membership level granted (membership, upgrade) */
  level: blank('level'),
  durationDays: integer('duration_days').notNull().default(0),
  fuelAmount: integer('fuel_amount').notNull().default(0),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('CNY'),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  ordernum: text('ordernum').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
  /** the service as it was when ordered: { kind, name, level, durationDays, fuelAmount } */
  service: jsonb('service').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  provider: text('provider').notNull(),
  /** 'pending' | 'paid' | 'cancelled' | 'failed' */
  status: text('status').notNull(),
  providerRef: text('provider_ref'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  paidAt: at('paid_at'),
}, (t) => [index('orders_user_idx').on(t.userId, t.createdAt)]);

export const extensionReleases = pgTable('extension_releases', {
  id: serial('id').primaryKey(),
  url: blank('url'),
  version: text('version').notNull(),
  versionWeb: blank('version_web'),
  description: blank('description'),
  clearIndex: blank('clear_index'),
  type: integer('type').notNull().default(0),
  func: jsonb('func').notNull(),
  createdAt: at('created_at').notNull(),
});

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  messageType: integer('message_type').notNull().default(1),
  /** null = every user */
  targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** null = whatever social identity the user is on */
  fbid: text('fbid'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull(),
}, (t) => [index('announcements_target_idx').on(t.targetUserId)]);

export const announcementSeen = pgTable('announcement_seen', {
  announcementId: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** '' when the message was seen without a social identity */
  fbid: text('fbid').notNull().default(''),
  seenAt: at('seen_at').notNull(),
}, (t) => [primaryKey({ columns: [t.announcementId, t.userId, t.fbid] })]);

export const records = pgTable('records', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  moduleId: text('module_id').notNull(),
  content: jsonb('content').notNull(),
  /** sha-256 of the canonical content: adding the same item again moves it to the top */
  contentKey: text('content_key').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [index('records_user_module_idx').on(t.userId, t.moduleId, t.createdAt)]);

/**
 * Every write a job applied, as the browser reported it (docs/INTERFACES.md section 3, "Job records").
 * One row per user + job + item + attempt: the browser re-sends until acknowledged, and a repeat hits
 * the unique key and is ignored. They go with their user.
 */
export const jobRecords = pgTable('job_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  job: text('job').notNull(),
  item: text('item').notNull(),
  attempt: integer('attempt').notNull(),
  action: text('action').notNull(),
  /** the platform identity the job ran as ('' when unknown) */
  fbid: text('fbid').notNull(),
  object: text('object').notNull(),
  /** 'done' | 'failed' | 'skipped' | 'unknown' */
  outcome: text('outcome').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  /** the organisation the job ran in (the request's `x-tessera-org`); null: the user's own work (docs/TEAMS.md) */
  orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
  /** the job's parameters, the item's own values over them, secrets never included; null when none were sent */
  params: jsonb('params'),
  createdAt: at('created_at').notNull(),
}, (t) => [
  uniqueIndex('job_records_key_idx').on(t.userId, t.job, t.item, t.attempt),
  // the watch looks up the records of one object in a time window (server/watch/attribution.ts)
  index('job_records_object_idx').on(t.userId, t.object, t.createdAt),
  // the audit log's searches (server/routes/audit.ts): an organisation's newest first, by object, by person
  index('job_records_org_time_idx').on(t.orgId, t.createdAt),
  index('job_records_org_object_idx').on(t.orgId, t.object, t.createdAt),
  index('job_records_user_time_idx').on(t.userId, t.createdAt),
  // an organisation's entries by person and by action (migration 0010: these searches scanned the team's entries)
  index('job_records_org_user_idx').on(t.orgId, t.userId, t.createdAt),
  index('job_records_org_action_idx').on(t.orgId, t.action.op('text_pattern_ops'), t.createdAt),
]);

/**
 * Teams (docs/TEAMS.md): an organisation, its members with their roles, pending invitations, its action
 * policy per role and approval requests. An organisation goes with its last owner's deletion only when
 * nobody else is left (server/routes/org.ts); its job records, invitations and approvals go with it.
 */
export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** the action policy per role (`OrgPolicy`, protocol/api/org.ts); '{}' = the defaults (protocol/org-policy.ts) */
  policy: jsonb('policy').notNull().default(sql`'{}'::jsonb`),
  /** how many days the audit log keeps its entries */
  auditRetentionDays: integer('audit_retention_days').notNull().default(365),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull(),
});

export const orgMembers = pgTable('org_members', {
  orgId: integer('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** 'owner' | 'admin' | 'operator' | 'viewer' */
  role: text('role').notNull(),
  joinedAt: at('joined_at').notNull(),
}, (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('org_members_user_idx').on(t.userId)]);

export const orgInvites = pgTable('org_invites', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  /** lower-cased */
  email: text('email').notNull(),
  role: text('role').notNull(),
  /** sha-256 of the token in the mail; the token itself is never stored */
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  /** set when accepted, declined or withdrawn: the invitation is no longer pending */
  closedAt: at('closed_at'),
  /** 'accepted' | 'declined' | 'revoked' */
  closedAs: text('closed_as'),
}, (t) => [index('org_invites_org_idx').on(t.orgId, t.email), index('org_invites_email_idx').on(t.email)]);

export const approvals = pgTable('approvals', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  requesterId: integer('requester_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** 'pending' | 'approved' | 'rejected' | 'cancelled' | 'used' */
  status: text('status').notNull(),
  /** 'action' | 'irreversible' | 'size' */
  reason: text('reason').notNull(),
  job: text('job').notNull(),
  action: text('action').notNull(),
  fbid: text('fbid').notNull(),
  items: jsonb('items').notNull(),
  params: jsonb('params').notNull(),
  dryRun: jsonb('dry_run').notNull(),
  /** SHA-256 (hex) of protocol/org-policy.ts `jobDigestText`: the approval is good for that job only */
  digest: text('digest').notNull(),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  comment: blank('comment'),
  createdAt: at('created_at').notNull(),
  decidedAt: at('decided_at'),
  usedAt: at('used_at'),
}, (t) => [index('approvals_org_idx').on(t.orgId, t.status, t.createdAt), index('approvals_requester_idx').on(t.requesterId, t.createdAt)]);

/**
 * Saved views of lists (server/routes/views.ts): by list (a table's view id) and name, either a user's
 * own (`userId`, `orgId` null) or a team's, shared by its members (`orgId`, `userId` null; docs/TEAMS.md
 * "What a team shares"). The state is the list's filters, search, sort and columns (`SavedViewState`,
 * protocol/api/views.ts), at most 8 KiB. A user's go with the user, a team's with the team.
 */
export const savedViews = pgTable('saved_views', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
  /** who saved it last (a team's view keeps its name when that person's account is deleted) */
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  list: text('list').notNull(),
  name: text('name').notNull(),
  state: jsonb('state').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  uniqueIndex('saved_views_key_idx').on(t.userId, t.list, t.name),
  uniqueIndex('saved_views_org_key_idx').on(t.orgId, t.list, t.name).where(sql`org_id is not null`),
  check('saved_views_owner_check', sql`(user_id is null) <> (org_id is null)`),
]);

/**
 * The shared library (server/routes/library.ts, docs/TEAMS.md "What a team shares"): the rows of the
 * browser's synced tables — named workspaces, keyword lists, interest lists — kept on the server, a
 * user's own (`userId`) or a team's (`orgId`), one per kind and row id. `body` is the row as the
 * browser's store holds it. A user's go with the user, a team's with the team.
 */
export const libraryItems = pgTable('library_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  itemId: text('item_id').notNull(),
  body: jsonb('body').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  uniqueIndex('library_items_user_key_idx').on(t.userId, t.kind, t.itemId).where(sql`org_id is null`),
  uniqueIndex('library_items_org_key_idx').on(t.orgId, t.kind, t.itemId).where(sql`org_id is not null`),
  check('library_items_owner_check', sql`(user_id is null) <> (org_id is null)`),
]);

/**
 * The watch (server/watch/, docs/DECISIONS.md "The watch: snapshots and changes (issue 34)"): the latest
 * known state of each platform object an operator's snapshots named — one row per user, type and object
 * id; `state` holds the type's fields (protocol/api/watch.ts, WATCH_FIELDS) as last sent. `seenAt` is
 * the last snapshot that named the object (where the attribution window of its next change starts).
 * Objects not seen for the retention period are dropped with the old changes. They go with their user.
 */
export const watchObjects = pgTable('watch_objects', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  objectId: text('object_id').notNull(),
  name: blank('name'),
  state: jsonb('state').notNull(),
  firstSeenAt: at('first_seen_at').notNull(),
  seenAt: at('seen_at').notNull(),
}, (t) => [uniqueIndex('watch_objects_key_idx').on(t.userId, t.type, t.objectId), index('watch_objects_seen_idx').on(t.seenAt)]);

/**
 * One change of one field of one watched object (`WatchChange`, protocol/api/watch.ts): a list field's
 * added or removed member is a change of its own. `by` is `job:<id>` when a job record of the user
 * explains it, else `outside`; `windowFrom` is when the object was seen before (the change happened
 * between then and `at`). Kept for the retention period (`watchRetentionDays`); they go with their user.
 */
export const watchChanges = pgTable('watch_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  at: at('at').notNull(),
  type: text('type').notNull(),
  objectId: text('object_id').notNull(),
  name: blank('name'),
  field: text('field').notNull(),
  from: jsonb('from'),
  to: jsonb('to'),
  by: text('by').notNull(),
  windowFrom: at('window_from').notNull(),
}, (t) => [
  index('watch_changes_user_at_idx').on(t.userId, t.at),
  index('watch_changes_object_idx').on(t.userId, t.type, t.objectId, t.at),
  index('watch_changes_at_idx').on(t.at),
]);

/**
 * The watch's rules (server/watch/rules.ts, docs/DECISIONS.md "The watch: rules, alerts and delivery"):
 * an operator's own rules (`preset` null: type, field, comparison, value, objects — null for all of the
 * type) and the presets an operator switched (`preset` set: only `enabled` counts; a preset without a
 * row is on). A team's rules (docs/TEAMS.md, "Watch rules and channels") carry the team in `org_id` and
 * no user (they stay when whoever wrote them leaves): its presets are off until switched on. Own rows go
 * with their user, a team's with the team.
 */
export const watchRules = pgTable('watch_rules', {
  id: serial('id').primaryKey(),
  /** the owner of an own rule; null on a team's */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** the team of a team's rule; null on an own one */
  orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
  preset: text('preset'),
  name: blank('name'),
  type: text('type'),
  field: text('field'),
  op: text('op'),
  value: jsonb('value'),
  objects: jsonb('objects'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  uniqueIndex('watch_rules_preset_idx').on(t.userId, t.preset).where(sql`org_id is null`),
  uniqueIndex('watch_rules_org_preset_idx').on(t.orgId, t.preset).where(sql`org_id is not null`),
  index('watch_rules_user_idx').on(t.userId),
  index('watch_rules_org_idx').on(t.orgId),
  check('watch_rules_owner_check', sql`(user_id is null) <> (org_id is null)`),
]);

/**
 * Where an operator's alerts go besides the in-app list: e-mail, a generic webhook, a Slack-style
 * webhook, Telegram. `secret` (a webhook's URL, a bot token) is never answered, only its last 4
 * characters. A team's channels carry the team in `org_id` and no user; they get the alerts of the
 * team's rules and the team's approval requests. Own rows go with their user, a team's with the team.
 */
export const watchChannels = pgTable('watch_channels', {
  id: serial('id').primaryKey(),
  /** the owner of an own channel; null on a team's */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** the team of a team's channel; null on an own one */
  orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  name: blank('name'),
  /** the e-mail address or the Telegram chat id */
  target: text('target'),
  secret: text('secret'),
  /** the language its messages are written in: the one of the request that saved the channel */
  lang: text('lang').notNull().default('zh-CN'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  index('watch_channels_user_idx').on(t.userId),
  index('watch_channels_org_idx').on(t.orgId),
  check('watch_channels_owner_check', sql`(user_id is null) <> (org_id is null)`),
]);

/**
 * One alert per rule and object while its problem lasts (`state` firing; the partial unique index keeps
 * it one), then resolved. `members`: for the member presets, the members the alert is about (it resolves
 * when none of them is left). An alert of a team's rule is the member's whose change fired it, carries
 * the team in `org_id`, and its `rule` is `org:<team>:<rule>` (one alert per team rule, apart from the
 * member's own rule of the same name). They go with their user (and a team's with the team).
 */
export const watchAlerts = pgTable('watch_alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** the team whose rule fired it; null: the user's own rule */
  orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
  rule: text('rule').notNull(),
  ruleName: blank('rule_name'),
  type: text('type').notNull(),
  objectId: text('object_id').notNull(),
  name: blank('name'),
  state: text('state').notNull(),
  change: jsonb('change').notNull(),
  by: text('by').notNull(),
  members: jsonb('members'),
  firedAt: at('fired_at').notNull(),
  resolvedAt: at('resolved_at'),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  uniqueIndex('watch_alerts_firing_idx').on(t.userId, t.rule, t.type, t.objectId).where(sql`state = 'firing'`),
  index('watch_alerts_user_idx').on(t.userId, t.state, t.updatedAt),
]);

/**
 * The delivery outbox: one row per alert state (firing, resolved) and channel, written in the
 * transaction that changed the alert, and (`kind` 'approval') one row per approval state (requested,
 * approved, rejected) and team channel, written in the transaction that changed the approval; workers of
 * any instance claim due rows (`for update skip locked`, then a lease in `lockedUntil`), send, mark them
 * sent; a failure waits `nextAt` (backoff).
 */
export const watchOutbox = pgTable('watch_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** whose quiet hours hold it: the alert's user; for an approval, its requester (approvals are not held) */
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** 'alert' | 'approval' */
  kind: text('kind').notNull().default('alert'),
  alertId: bigint('alert_id', { mode: 'number' }).references(() => watchAlerts.id, { onDelete: 'cascade' }),
  approvalId: integer('approval_id').references(() => approvals.id, { onDelete: 'cascade' }),
  channelId: integer('channel_id').notNull().references(() => watchChannels.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  payload: jsonb('payload').notNull(),
  /** 'pending' | 'sent' | 'failed' (given up) */
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAt: at('next_at').notNull(),
  lockedUntil: at('locked_until'),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull(),
  sentAt: at('sent_at'),
}, (t) => [
  uniqueIndex('watch_outbox_key_idx').on(t.alertId, t.channelId, t.state),
  uniqueIndex('watch_outbox_approval_key_idx').on(t.approvalId, t.channelId, t.state),
  index('watch_outbox_due_idx').on(t.status, t.nextAt),
  check('watch_outbox_subject_check', sql`(kind = 'alert' and alert_id is not null) or (kind = 'approval' and approval_id is not null)`),
]);

/** The last outcome of each scheduled check an operator's client reported (`POST /api/watch/checks`). */
export const watchChecks = pgTable('watch_checks', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  check: text('check').notNull(),
  ok: boolean('ok').notNull(),
  reason: blank('reason'),
  at: at('at').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.check] })]);

/**
 * An operator's watch settings: quiet hours (`HH:MM` to `HH:MM` in a time zone), none when null; the
 * scheduled checks' choices (`{ "<type>.<check>": { enabled, everyS } }`, a check not named runs at its default).
 */
export const watchSettings = pgTable('watch_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  quietFrom: text('quiet_from'),
  quietTo: text('quiet_to'),
  timeZone: text('time_zone'),
  checks: jsonb('checks').notNull().default({}),
  updatedAt: at('updated_at').notNull(),
});

export const userConfig = pgTable('user_config', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  pagePlen: integer('page_plen'),
  accPlen: integer('acc_plen'),
  pixelPlen: integer('pixel_plen'),
  bmPlen: integer('bm_plen'),
  updatedAt: at('updated_at').notNull(),
});

export const moduleVisits = pgTable('module_visits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  module: text('module').notNull(),
  funcId: blank('func_id'),
  createdAt: at('created_at').notNull(),
}, (t) => [index('module_visits_module_idx').on(t.module, t.createdAt)]);

/**
 * The GraphQL document catalogue an admin keeps: platform operation name → doc id. The platform
 * rotates its ids; a row here is how a rotation reaches every user without a release.
 */
export const graphqlDocs = pgTable('graphql_docs', {
  operation: text('operation').primaryKey(),
  docId: text('doc_id').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Every limit counter (server/rate-limit.ts), shared by all instances on one database and changed only by
 * single atomic statements. `hits`: requests or failures in the window; `inflight`: password checks under
 * way (a lease: ignored once `inflight_until` has passed, so a crashed instance cannot hold slots).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  hits: integer('hits').notNull().default(0),
  inflight: integer('inflight').notNull().default(0),
  inflightUntil: at('inflight_until'),
  blockedUntil: at('blocked_until'),
});
