// The shared entities every area refers to: users (with the session user). Businesses live in the
// bm area, which owns them; ad accounts refer to them as owners.
import type { SandboxArea } from '../../area';
import { USER_COUNTS, generateUsers } from './data';
import { findUser, userType } from './graph';

export const coreArea: SandboxArea = {
  id: 'core',
  counts: USER_COUNTS,
  sharedStream: true,
  generate: generateUsers,
  types: { user: userType },
  findNode: findUser,
  objects: {
    user: (data, id) => {
      const u = data.users.get(id === 'me' ? data.sessionUserId : id);
      return u ? { type: 'user', ...u, is_session_user: u.id === data.sessionUserId } : null;
    },
  },
  summary: (data) => ({ users: data.users.size }),
};
