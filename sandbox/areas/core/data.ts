// Users: the people every area refers to (ad-account roles, business members, page roles). The
// session user is user 0; the last user has no role anywhere (tests add them to things).
import type { Dataset } from '../../dataset';
import { defineIdFamilies, hostileName, makeId } from '../../dataset';
import type { GenContext } from '../../area';

export interface User {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  /** the vanity name of the profile link (facebook.com/<username>), derived without drawing from the stream */
  username: string;
}

declare module '../../dataset' {
  interface Dataset {
    users: Map<string, User>;
  }
  interface Fixtures {
    users: Record<string, string>;
  }
  interface IdFamilies {
    user: true;
  }
}

defineIdFamilies({ user: 61550000000000 });

export const USER_COUNTS = { small: { users: 60 }, large: { users: 1_500 } };

const FIRST = ['Alice', 'Bruno', 'Chen', 'Dana', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Julia', 'Kenji', 'Lena',
  'Marco', 'Nadia', 'Oscar', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tomoko', 'Uma', 'Victor', 'Wei', 'Ximena', 'Yusuf', 'Zoe',
  '伟', '芳', '娜', '敏', '静', '强', 'Minh', 'Linh', 'Budi', 'Siti', 'Ji-woo', 'Seo-yeon'];
const LAST = ['Andersen', 'Becker', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Hoffmann', 'Ito', 'Jensen', 'Kim',
  'Lopez', 'Müller', 'Nguyen', 'Okafor', 'Petrov', 'Rossi', 'Santos', 'Tanaka', 'Usman', 'Varga', 'Wang', 'Yilmaz', 'Zhang',
  '王', '李', '张', '刘', 'Tran', 'Pratama', 'Park', 'Lee'];

export function generateUsers(data: Dataset, g: GenContext): void {
  const { rng, hostile } = g;
  data.sessionUserId = makeId('user', 0);
  data.fixtures.sessionUser = data.sessionUserId;
  data.users = new Map();
  data.serial.user = g.size.users!;
  const userIds: string[] = [];
  for (let i = 0; i < g.size.users!; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const id = makeId('user', i);
    const base = `${first} ${last}`;
    data.users.set(id, {
      id, first_name: first, last_name: last,
      name: hostileName(hostile, base, i),
      email: `${ascii(first)}.${ascii(last)}.${i}@example.test`,
      username: `${ascii(first)}.${ascii(last)}.${i}`,
    });
    userIds.push(id);
  }
  data.fixtures.users = { session: data.sessionUserId, other: userIds[1]!, notOnAnyAccount: userIds[userIds.length - 1]! };
}

/** every user but the session user and the one kept off everything: the pool areas draw members from */
export function otherUsers(data: Dataset): string[] {
  return [...data.users.keys()].slice(1, -1);
}

function ascii(s: string): string {
  const t = s.normalize('NFKD').replace(/[^a-zA-Z0-9]/g, '').toLowerCase();
  return t || 'user';
}
