import { get, post, type NoBody } from './endpoint';
import type { LatestRecord } from './runtime';

export type Role = 'user' | 'admin';
export const ROLES: readonly Role[] = ['user', 'admin'];

export type MembershipView = {
  /** the level in force: the stored level while the membership runs, else 'free' */
  level: string;
  start: string | null;
  expiry: string | null;
  active: boolean;
};

/** The signed-in user's profile (docs/SPEC.md section 3) plus role, membership, fuel and enabled plugins. */
export type UserProfile = {
  uid: number;
  accountId: string;
  email: string;
  name: string;
  avatar: string;
  job: string;
  organization: string;
  location: string;
  introduction: string;
  personalWebsite: string;
  jobName: string;
  organizationName: string;
  locationName: string;
  phone: string;
  registrationDate: string;
  certification: number;
  role: string;
  membership: MembershipView;
  fuel: number;
  plugins: string[];
};

/** The fields a user may change in their profile. */
export type ProfilePatch = Partial<Pick<UserProfile, 'name' | 'avatar' | 'job' | 'organization' | 'location' | 'introduction'
  | 'personalWebsite' | 'jobName' | 'organizationName' | 'locationName' | 'phone'>>;

export type MenuItem = { id: string; path: string; title: string; icon: string; order: number; hide: boolean; roles: string[] };

/** Rows per page of the page, ad-account, pixel and BM lists (10, 20, 50 or 100). */
export type PageSizes = { page_plen: number; acc_plen: number; pixel_plen: number; bm_plen: number };
export type UserConfig = Partial<PageSizes> & { version_list?: LatestRecord[] };

/** One of the account's live sessions. */
export type SessionView = {
  id: number;
  /** this browser's session */
  current: boolean;
  /** e.g. "Chrome 126 · Windows"; '' when the user agent tells nothing */
  browser: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
};

const CONFIG = '/api/user/config';

/** The signed-in user's own data: profile, menu, page sizes, password and sessions (token needed). */
export const userEndpoints = {
  info: post<NoBody, UserProfile>('/api/user/info'),
  menu: post<NoBody, MenuItem[]>('/api/user/menu'),
  updateProfile: post<ProfilePatch, UserProfile>('/api/user/update_user_info'),
  /** `key`: only the page sizes or only the extension's version list; both without */
  config: get<UserConfig, { key?: 'version_list' | 'page_size'; uid?: string | number }>(CONFIG),
  setConfig: post<Partial<PageSizes>, PageSizes>(CONFIG),
  /** the page sizes alone (the original product's name) */
  pageSizes: get<PageSizes>('/api/optconfig/getUserConfig'),
  /** Needs the current password; ends every other session and mails a notice. */
  changePassword: post<{ password: string; newPassword: string; confirmPassword: string }, { sessionsEnded: number }>('/api/user/changePassword'),
  sessions: get<SessionView[]>('/api/user/sessions'),
  /** exactly one of `id` (one session) and `which` */
  endSessions: post<{ id?: number; which?: 'others' | 'all' }, { ended: number; current: boolean }>('/api/user/sessions/revoke'),
};
