// How a user is shown: the profile of docs/SPEC.md section 3 plus role, membership and plugins.
import type { UserRow } from './context';
import type { AdminUserView, MembershipView, Role, UserProfile, UserStatus } from '../protocol/api';

export type { MembershipView } from '../protocol/api';

export function membershipView(user: UserRow, now: Date): MembershipView {
  const active = user.membershipLevel !== 'free' && (user.membershipExpiry === null || user.membershipExpiry.getTime() > now.getTime());
  return {
    level: active ? user.membershipLevel : 'free',
    start: user.membershipStart?.toISOString() ?? null,
    expiry: user.membershipExpiry?.toISOString() ?? null,
    active,
  };
}

export function profileView(user: UserRow, now: Date, plugins: string[]): UserProfile {
  return {
    uid: user.id,
    accountId: String(user.id),
    email: user.email,
    name: user.name,
    avatar: user.avatar,
    job: user.job,
    organization: user.organization,
    location: user.location,
    introduction: user.introduction,
    personalWebsite: user.personalWebsite,
    jobName: user.jobName,
    organizationName: user.organizationName,
    locationName: user.locationName,
    phone: user.phone,
    registrationDate: user.createdAt.toISOString(),
    certification: user.certification,
    role: user.role,
    membership: membershipView(user, now),
    fuel: user.fuel,
    plugins,
  };
}

export function adminUserView(user: UserRow, now: Date): AdminUserView {
  return {
    uid: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    status: user.status as UserStatus,
    isDemo: user.isDemo,
    membership: membershipView(user, now),
    fuel: user.fuel,
    registrationDate: user.createdAt.toISOString(),
    activatedAt: user.activatedAt?.toISOString() ?? null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
