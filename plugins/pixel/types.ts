/** A pixel or dataset as the list holds it (docs/SPEC.md section 10, "Pixel / dataset"). */
export interface Pixel {
  id: string;
  name: string;
  /** PIXEL or DATASET */
  type: string;
  /** The owning business's id ('' when the platform names none). */
  business_id: string;
  /** The owning business. */
  business: { id: string; name: string } | null;
  /** The business the pixel was listed through (its owner, or a business it is shared with). */
  relation_business: { id: string; name: string };
  /** Every business the pixel was listed through (a business tile's selection matches any of them). */
  via: string[];
  /** Lower-cased role of the first business user the platform gives for the owner, else "unknown". */
  bmrole: string;
  /** The owner is one of the operator's businesses and the role is admin. */
  can_share: boolean;
  creation_time?: string;
  last_fired_time?: string;
  is_unavailable?: boolean;
  /** The ad accounts it is shared with through its owner: read by the watch's scheduled check only (plugins/pixel/watch.ts). */
  shared_accounts?: { account_id: string; name: string }[];
  /** The people assigned to it (`{pixel}/assigned_users`): read by the watch's scheduled check only (plugins/pixel/watch.ts). */
  admins?: { id: string; name: string; tasks: string[] }[];
}
