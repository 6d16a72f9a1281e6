/** A page as the list reads it from me/accounts (docs/SPEC.md, Page), plus the extended read of the detail panel. */
export interface Page {
  id: string;
  name: string;
  category?: string;
  category_list?: { id: string; name: string }[];
  fan_count?: number;
  verification_status?: string;
  picture?: { data?: { url?: string } };
  link?: string;
  is_published?: boolean;
  page_created_time?: string;
  promotion_eligible?: boolean;
  tasks?: string[];
  business?: { id: string; name?: string } | null;
  /** The page's own token as the executor leaves it in replies: `{{page_token:<id>}}`. */
  access_token?: string;
  /** The people with a role on the page (`{page}/roles`): read by the watch's scheduled check only (plugins/page/watch.ts). */
  roles?: { id: string; name: string; tasks: string[]; role?: string }[];
  /** Whether the page is deactivated (PageDeactivationStateQuery): read by the watch's scheduled check only. */
  deactivated?: boolean;
}

export interface PageExtended {
  additional_profile_id?: string;
  location?: { country?: string; city?: string };
  website?: string;
  phone?: string;
  emails?: string[];
  business?: { id: string; name?: string } | null;
  likes?: number;
  country_page_likes?: number;
  promotion_ineligible_reason?: string;
}
