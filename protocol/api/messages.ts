import { get, post } from './endpoint';

/** An admin's message (docs/SPEC.md section 7). */
export type AnnouncementView = {
  id: number;
  title: string;
  content: string;
  message_type: number;
  /** the social identity it is meant for; null: any */
  fbid: string | null;
  /** Null: for every user — an announcement. A user id: for this user alone — a notification. */
  targetUserId: number | null;
  create_time: string;
};

/** `identity`: one message's id; `message_type`: all of one type; neither: every unseen message of the identity. */
export type SeenQuery = { fbid?: string; message_type?: number; identity?: string | number; uid?: string | number };

/** The user's unseen messages, per social identity when `fbid` is given (token needed). */
export const messageEndpoints = {
  unseen: get<{ list: AnnouncementView[]; count: number }, { fbid?: string; uid?: string | number }>('/api/message_notification/unseen'),
  /** The spec passes the fields in the query; a JSON body with the same fields is read too. */
  markSeen: post<SeenQuery | undefined, { updated: number }, SeenQuery>('/api/message_notification/update_message_to_seen'),
};
