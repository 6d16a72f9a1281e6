import { get, post, type Page, type Paging, type PagingQuery } from './endpoint';
import type { MembershipView, Role } from './user';
import type { OrderStatus, OrderView, ServiceKind, ServiceView } from './pay';
import type { AnnouncementView } from './messages';
import type { LatestRecord } from './runtime';

export type UserStatus = 'pending' | 'active' | 'disabled';

/** A user as the admin's users list shows them. */
export type AdminUserView = {
  uid: number;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  isDemo: boolean;
  membership: MembershipView;
  fuel: number;
  registrationDate: string;
  activatedAt: string | null;
  lastLoginAt: string | null;
};

/** Which plugins exist and which each role may use. */
export type PolicyView = { plugins: readonly string[]; roles: Record<Role, string[]> };

/**
 * `watchRetentionDays`: how many days the watch keeps changes (and objects not seen since); the default
 * is the server's `TESSERA_WATCH_RETENTION_DAYS` (90) until an admin sets it (`WATCH_RETENTION_DAYS_MAX` at most).
 */
export type AdminSettings = { singleSessionPerUser: boolean; watchRetentionDays: number };
/** The longest retention an admin may set for the watch's changes, in days. */
export const WATCH_RETENTION_DAYS_MAX = 3650;

export type ServiceInput = {
  kind: ServiceKind; name: string; description?: string; level?: string; durationDays?: number;
  fuelAmount?: number; priceCents: number; currency?: string; active?: boolean; sort?: number;
};

export type ReleaseInput = {
  url?: string; version: string; version_web?: string; description?: string; clear_index?: string; type?: number; func?: { identify: string }[];
};
export type ReleaseSummary = { id: number; version: string; version_web: string; type: number; create_time: string };

/** `uid`, else `email`: a notification to that user alone; neither: an announcement to all. `fbid`: for that social identity only. */
export type AnnouncementInput = { title: string; content: string; message_type?: number; uid?: number; email?: string; fbid?: string };

export type AdminOrderView = OrderView & { uid: number; email: string };

export type VisitStatistics = { since: string; total: number; list: { module: string; func_id: string; count: number }[] };

const POLICY = '/api/admin/policy';
const SETTINGS = '/api/admin/settings';
const EXTENSION = '/api/admin/extension';

/** Administration: role admin only, except `bootstrap` (any signed-in user with the one-time token). */
export const adminEndpoints = {
  /** The one-time bootstrap token printed at start makes the caller the first admin. */
  bootstrap: post<{ token: string }, { role: 'admin' }>('/api/admin/bootstrap'),

  users: get<Page<AdminUserView>, PagingQuery & { q?: string; role?: Role; status?: UserStatus }, Paging & { q?: string; role?: Role; status?: UserStatus }>('/api/admin/users'),
  setRole: post<{ uid: number; role: Role }, AdminUserView>('/api/admin/users/role'),
  /** `start`/`expiry`: ISO dates, null clears, left out keeps; level 'free' clears both */
  setMembership: post<{ uid: number; level: string; start?: string | null; expiry?: string | null; fuel?: number }, AdminUserView>('/api/admin/users/membership'),
  setActivation: post<{ uid: number; active: boolean }, AdminUserView>('/api/admin/users/activation'),

  policy: get<PolicyView>(POLICY),
  setPolicy: post<{ role: Role; plugins: string[] }, PolicyView>(POLICY),
  settings: get<AdminSettings>(SETTINGS),
  setSettings: post<Partial<AdminSettings>, AdminSettings>(SETTINGS),

  services: get<ServiceView[]>('/api/admin/services'),
  createService: post<ServiceInput, ServiceView>('/api/admin/services/create'),
  updateService: post<Partial<ServiceInput> & { id: number }, ServiceView>('/api/admin/services/update'),
  deleteService: post<{ id: number }, { id: number }>('/api/admin/services/delete'),

  extension: get<{ latest: LatestRecord; history: ReleaseSummary[] }>(EXTENSION),
  publishExtension: post<ReleaseInput, LatestRecord>(EXTENSION),

  announcements: get<Page<AnnouncementView>, PagingQuery, Paging>('/api/admin/announcements'),
  createAnnouncement: post<AnnouncementInput, AnnouncementView>('/api/admin/announcements/create'),
  deleteAnnouncement: post<{ id: number }, { id: number }>('/api/admin/announcements/delete'),

  orders: get<Page<AdminOrderView>, PagingQuery & { status?: OrderStatus; uid?: number }, Paging & { status?: OrderStatus; uid?: number }>('/api/admin/orders'),
  markPaid: post<{ ordernum: string }, OrderView>('/api/admin/orders/markPaid'),

  /** visits per module and function over the last `days` (default 30) */
  statistics: get<VisitStatistics, { days?: number }, { days: number }>('/api/admin/statistics'),
};
