/**
 * Page roles by the platform's names, and the task lists they stand for: the one mapping the role
 * action (`page.addRole`: its run, verify, dry-run preview and undo) and every text about roles use.
 * docs/DECISIONS.md ("Page roles by name") says where the mapping comes from.
 *
 * The platform's page settings give a person either "Facebook access with full control" (every task)
 * or "task access" to some areas of the page: Content, Messages, Community activity, Ads, Insights.
 * The Graph API writes tasks (`POST {page}/assigned_users` with `tasks`); each area is its task, and
 * every partial access also carries Insights (`ANALYZE`), as every one of the platform's classic roles
 * does (Moderator = Messages + Community activity + Ads + Insights, Advertiser = Ads + Insights,
 * Analyst = Insights). "custom" is a task set the operator picks task by task (`tasks`).
 */

/** The page tasks, in the platform's order (what a custom set is sorted by). */
export const PAGE_TASKS = ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'] as const;
export type PageTask = (typeof PAGE_TASKS)[number];

/** Each named role and the tasks it grants, least privileged last. */
export const ROLE_TASKS = {
  full: ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'],
  content: ['CREATE_CONTENT', 'ANALYZE'],
  messages: ['MESSAGING', 'ANALYZE'],
  community: ['MODERATE', 'ANALYZE'],
  ads: ['ADVERTISE', 'ANALYZE'],
  insights: ['ANALYZE'],
} as const satisfies Record<string, readonly PageTask[]>;

export type NamedRole = keyof typeof ROLE_TASKS;
export const NAMED_ROLES = Object.keys(ROLE_TASKS) as NamedRole[];
/** The choice of a task set picked task by task (then `tasks` says which). */
export const CUSTOM = 'custom';
/** Every choice of the `role` parameter, in the order the dialog lists them. */
export const ROLE_CHOICES = [...NAMED_ROLES, CUSTOM] as const;

/** The role parameters as a job holds them: a role by name, or a custom task set; a job stored before roles had names holds `tasks` alone. */
export interface RoleParams { role?: string; tasks?: readonly string[] }

const isNamed = (role: unknown): role is NamedRole => typeof role === 'string' && Object.hasOwn(ROLE_TASKS, role);

/** Sorted in the platform's order, each task once. */
const inOrder = (tasks: readonly string[]): PageTask[] => PAGE_TASKS.filter((t) => tasks.includes(t));

/**
 * The tasks the parameters grant: a named role's, else the custom (or stored) task list. Neither
 * throws: nothing is ever granted by default (the schema refuses such parameters before this).
 */
export function tasksOf(params: RoleParams): PageTask[] {
  if (isNamed(params.role)) return [...ROLE_TASKS[params.role]];
  const tasks = inOrder(params.tasks ?? []);
  if (!tasks.length) throw new Error('no role chosen: choose a role or the tasks to give');
  return tasks;
}

/** The named role whose tasks are exactly these (a stored or read task list), else null. */
export function roleOfTasks(tasks: readonly string[]): NamedRole | null {
  const key = inOrder(tasks).join(',');
  if (key.split(',').length !== new Set(tasks).size) return null; // a task this mapping does not know
  return NAMED_ROLES.find((r) => ROLE_TASKS[r].join(',') === key) ?? null;
}

/**
 * The role and its tasks as the operator reads them (translated by the dialog: `{ t: key }` labels,
 * the tasks as a list of labels): the role by name, or "custom task set" for any other list.
 */
export function roleWords(tasks: readonly string[], role?: string): { role: { t: string }; tasks: { t: string[] } } {
  const named = isNamed(role) ? role : role === CUSTOM ? null : roleOfTasks(tasks);
  return {
    role: { t: `actions.addRole.enum.role.${named ?? CUSTOM}` },
    tasks: { t: inOrder(tasks).map((task) => `tasks.${task}`) },
  };
}
