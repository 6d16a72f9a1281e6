import { get, post } from './endpoint';

/**
 * The watch (docs/DECISIONS.md, "The watch: snapshots and changes (issue 34)"): the browser sends, per
 * platform object, the fields that matter; the server keeps the latest state of each object and a
 * change row per field that changed, and tells whether a Tessera job made it.
 */

/** The kinds of objects watched (the plugins' row types). */
export type WatchType = 'adaccount' | 'business' | 'page' | 'pixel';
export const WATCH_TYPES: readonly WatchType[] = ['adaccount', 'business', 'page', 'pixel'];

/**
 * `value`: one value (text, number, boolean or null); `list`: a list of members (`{ id, name?, role? }`),
 * compared member by member, so one added or removed member is one change.
 */
export type WatchFieldKind = 'value' | 'list';

/**
 * The fields kept per type, in the order the issue names them. A row may carry any of them: a field
 * left out was not read this time (the previous value stands); `null` means read and empty.
 */
export const WATCH_FIELDS = {
  adaccount: {
    status: 'value', disableReason: 'value', amountSpent: 'value', spendCap: 'value', balance: 'value', currency: 'value',
    myRole: 'value', users: 'list',
  },
  business: { restriction: 'value', verification: 'value', type: 'value', admins: 'list', people: 'list', partners: 'list' },
  page: { published: 'value', deactivation: 'value', roles: 'list' },
  pixel: { sharedAccounts: 'list', admins: 'list' },
} as const satisfies Record<WatchType, Record<string, WatchFieldKind>>;

export type WatchField = { [T in WatchType]: keyof (typeof WATCH_FIELDS)[T] }[WatchType];

/** A member of a list field: a person, a partner business, an ad account; `role` when it has one. */
export type WatchMember = { id: string; name?: string; role?: string };
/** A value field's value. */
export type WatchValue = string | number | boolean | null;

/** One object as the browser sends it: its id, its name (shown in the feed) and any of its type's fields. */
export type WatchRow = { id: string; name?: string } & { [field: string]: WatchValue | WatchMember[] | undefined };

export type WatchSnapshotBody = { type: WatchType; rows: WatchRow[] };

/**
 * `objects`: rows taken; `added`: objects seen for the first time (their state is recorded, no change);
 * `changes`: change rows written.
 */
export type WatchSnapshotAck = { objects: number; added: number; changes: number };

/** Who made a change: a Tessera job of the operator (`job:<job id>`), or someone outside Tessera. */
export type WatchBy = 'outside' | `job:${string}`;

/**
 * One change of one field. For a list field `from` is null for an added member and `to` null for a
 * removed one (a member whose role changed has both).
 */
export type WatchChange = {
  at: string;
  object: { type: WatchType; id: string; name: string };
  field: string;
  from: WatchValue | WatchMember;
  to: WatchValue | WatchMember;
  by: WatchBy;
};

export type WatchChangesQuery = { since?: string; type?: WatchType; id?: string; limit?: number };

/** At most this many rows in one snapshot request (a full request stays well under the 64 KiB body limit only with small rows). */
export const WATCH_ROWS_MAX = 1000;
/** At most this many members in one list field. */
export const WATCH_MEMBERS_MAX = 500;
/** The changes feed answers at most this many changes (default `WATCH_CHANGES_DEFAULT`). */
export const WATCH_CHANGES_MAX = 500;
export const WATCH_CHANGES_DEFAULT = 100;
/** An object id: the platform's ids (`act_123`, `1234567890`). */
export const WATCH_ID_PATTERN = '^[A-Za-z0-9_.:-]{1,64}$';

// ---------------------------------------------------------------------------------------------
// Rules, alerts and delivery (docs/DECISIONS.md, "The watch: rules, alerts and delivery (issue 34)")

/** The preset rules: on for every operator until turned off. */
export type WatchPreset =
  | 'accountDisabled' | 'needsPayment' | 'spendNearCap' | 'businessRestricted' | 'foreignMember' | 'pageUnpublished'
  | 'pixelUnshared' | 'checkFailed';
export const WATCH_PRESETS: readonly WatchPreset[] = [
  'accountDisabled', 'needsPayment', 'spendNearCap', 'businessRestricted', 'foreignMember', 'pageUnpublished', 'pixelUnshared', 'checkFailed',
];

/**
 * An operator's rule's comparison: on a value field `eq ne gt gte lt lte` (numbers compare as numbers,
 * numeric text included), `empty` / `notEmpty` (null, '' or an empty list); on a list field `contains` /
 * `notContains` (a member id).
 */
export type WatchOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'empty' | 'notEmpty' | 'contains' | 'notContains';
export const WATCH_OPS: readonly WatchOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty', 'contains', 'notContains'];

/**
 * A rule as the API shows it. A preset: `id` is the preset's name, `preset: true`, its condition fixed;
 * an operator's rule: `id` is `rule:<n>`, with its field, comparison, value and objects (`all` of the
 * type, or listed ids).
 */
export type WatchRuleView = {
  id: string;
  preset: boolean;
  name: string;
  enabled: boolean;
  type: WatchType | 'check' | null;
  field: string | null;
  op: WatchOp | null;
  value: WatchValue;
  objects: 'all' | string[];
};

/**
 * `POST /api/watch/rules`: a preset `{ id: '<preset>', enabled }`; a new operator rule (no `id`) or a
 * change of one (`id: 'rule:<n>'`) `{ name, type, field, op, value?, objects?, enabled? }`; `{ id, delete: true }`
 * deletes an operator rule. Answers the rule (null when deleted).
 */
export type WatchRuleBody = {
  id?: string;
  name?: string;
  enabled?: boolean;
  type?: WatchType;
  field?: string;
  op?: WatchOp;
  value?: WatchValue;
  objects?: 'all' | string[];
  delete?: boolean;
};

export type WatchChannelKind = 'email' | 'webhook' | 'slack' | 'telegram';
export const WATCH_CHANNEL_KINDS: readonly WatchChannelKind[] = ['email', 'webhook', 'slack', 'telegram'];

/**
 * A channel as the API shows it: the secret (a webhook's or Slack's URL, a Telegram bot token) only as
 * its last 4 characters (`secretEnd`); `target` is the e-mail address or the Telegram chat id, `host`
 * the webhook URL's host name.
 */
export type WatchChannelView = {
  id: number;
  kind: WatchChannelKind;
  name: string;
  enabled: boolean;
  target: string | null;
  host: string | null;
  secretEnd: string | null;
  createdAt: string;
};

/**
 * `POST /api/watch/channels`: a new channel (no `id`): `email { address }`, `webhook` / `slack { url }`,
 * `telegram { token, chatId }`; a change (`id`): `name`, `enabled`, and a new secret if sent (a secret
 * left out stays); `{ id, delete: true }` deletes it. Answers the channel (null when deleted).
 */
export type WatchChannelBody = {
  id?: number;
  kind?: WatchChannelKind;
  name?: string;
  enabled?: boolean;
  address?: string;
  url?: string;
  token?: string;
  chatId?: string;
  delete?: boolean;
};

/** `POST /api/watch/channels/test { id }`: a test message sent at once (not through the outbox). */
export type WatchChannelTestBody = { id: number };
export type WatchChannelTestAck = { sent: true };

export type WatchAlertState = 'firing' | 'resolved';
/** An alert: one per rule and object while the problem lasts. */
export type WatchAlertView = {
  id: string;
  rule: string;
  ruleName: string;
  state: WatchAlertState;
  object: { type: WatchType | 'check'; id: string; name: string };
  change: { field: string; from: WatchValue | WatchMember; to: WatchValue | WatchMember };
  by: WatchBy;
  firedAt: string;
  resolvedAt: string | null;
  /** when the alert changed last (fired, a member added to it, resolved) */
  at: string;
};
export type WatchAlertsQuery = { state?: WatchAlertState; limit?: number };

/** The JSON a generic webhook receives (docs/INTERFACES.md, "Watch"). */
export type WatchWebhookBody = {
  alert: {
    id: string;
    rule: string;
    state: WatchAlertState;
    object: { type: string; id: string; name: string };
    change: { field: string; from: unknown; to: unknown };
    by: WatchBy;
    at: string;
    url: string;
  };
};

/** An approval request's states a team's channels are told about (docs/TEAMS.md, "Approvals"). */
export type WatchApprovalState = 'requested' | 'approved' | 'rejected';

/**
 * The JSON a team's generic webhook receives about an approval request (docs/TEAMS.md, "Approvals"):
 * who asks, in which team, for which action on how many items and why (`reason`; `limit` for 'size'),
 * who decided with which comment, and the approvals screen's address.
 */
export type WatchApprovalWebhookBody = {
  approval: {
    id: number;
    state: WatchApprovalState;
    org: { id: number; name: string };
    requester: { name: string; email: string };
    action: string;
    items: number;
    reason: 'action' | 'irreversible' | 'size';
    limit: number | null;
    decidedBy: { name: string; email: string } | null;
    comment: string;
    at: string;
    url: string;
  };
};

/**
 * `POST /api/watch/checks`: the outcome of one scheduled check as the client ran it (or could not):
 * `check` names it (`adaccount.health`), `ok` false with a `reason` when it could not run.
 */
export type WatchCheckBody = { check: string; ok: boolean; reason?: string };
export type WatchCheckAck = { check: string; ok: boolean; at: string };

/** Quiet hours (`HH:MM` to `HH:MM` in an IANA time zone; `from` after `to` spans midnight), or none. */
export type WatchQuietHours = { from: string; to: string; timeZone: string } | null;

/**
 * The operator's choice for one scheduled check (issue 34 item 4): on or off, and how often, in seconds
 * (WATCH_CHECK_EVERY_MIN_S to WATCH_CHECK_EVERY_MAX_S). A check the operator never chose runs at its
 * plugin's default (the manifest's `watch.checks[].every`).
 */
export type WatchCheckChoice = { enabled: boolean; everyS: number };
/** Scheduled checks by key (`<watch type>.<check id>`, e.g. `adaccount.health`, `business.people`). */
export type WatchCheckSchedule = Record<string, WatchCheckChoice>;

/**
 * `GET /api/watch/settings` answers both; `POST /api/watch/settings` takes either or both (a part left
 * out stays as it was; `checks` replaces the choices of the keys it names and keeps the others).
 */
export type WatchSettings = { quietHours: WatchQuietHours; checks: WatchCheckSchedule };
export type WatchSettingsBody = { quietHours?: WatchQuietHours; checks?: WatchCheckSchedule };

/** A scheduled check's key: `<watch type>.<check id>` (letters, digits, `_`, `-`). */
export const WATCH_CHECK_KEY_PATTERN = '^(adaccount|business|page|pixel)\\.[A-Za-z0-9_-]{1,40}$';
/** How often a check may run: every 5 seconds (tests, demos) to once a week. */
export const WATCH_CHECK_EVERY_MIN_S = 5;
export const WATCH_CHECK_EVERY_MAX_S = 7 * 24 * 3600;
/** At most this many check choices per operator. */
export const WATCH_CHECKS_MAX = 50;

/**
 * `GET /api/watch/checks`: each check's last outcome as the browser reported it (`POST /api/watch/checks`),
 * the latest first. `ok` false: it could not run, `reason` says why (the operator's words, as reported).
 */
export type WatchCheckView = { check: string; ok: boolean; reason: string; at: string };

/** At most this many operator rules and channels per user. */
export const WATCH_RULES_MAX = 100;
export const WATCH_CHANNELS_MAX = 20;
export const WATCH_ALERTS_MAX = 500;
export const WATCH_ALERTS_DEFAULT = 100;

/** The operator's watched objects (token needed; each operator sees only their own). */
export const watchEndpoints = {
  /** the latest fields of some objects of one type: the server keeps what changed */
  snapshots: post<WatchSnapshotBody, WatchSnapshotAck>('/api/watch/snapshots'),
  /** the operator's changes, newest first */
  changes: get<WatchChange[], WatchChangesQuery & { uid?: string | number }, WatchChangesQuery & { limit: number }>('/api/watch/changes'),
  /** the presets and the operator's rules */
  rules: get<WatchRuleView[]>('/api/watch/rules'),
  saveRule: post<WatchRuleBody, WatchRuleView | null>('/api/watch/rules'),
  /** the operator's channels (secrets as their last 4 characters) */
  channels: get<WatchChannelView[]>('/api/watch/channels'),
  saveChannel: post<WatchChannelBody, WatchChannelView | null>('/api/watch/channels'),
  testChannel: post<WatchChannelTestBody, WatchChannelTestAck>('/api/watch/channels/test'),
  /** the operator's alerts, the latest first; firing ones or resolved ones */
  alerts: get<WatchAlertView[], WatchAlertsQuery & { uid?: string | number }, WatchAlertsQuery & { limit: number }>('/api/watch/alerts'),
  /** a scheduled check's outcome */
  checks: post<WatchCheckBody, WatchCheckAck>('/api/watch/checks'),
  /** each scheduled check's last outcome (the dashboard's "last check") */
  lastChecks: get<WatchCheckView[]>('/api/watch/checks'),
  /** quiet hours and the scheduled checks' choices */
  settings: get<WatchSettings>('/api/watch/settings'),
  saveSettings: post<WatchSettingsBody, WatchSettings>('/api/watch/settings'),
};
