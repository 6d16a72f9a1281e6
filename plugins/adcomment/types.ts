/** A page post that runs as an ad (docs/PLATFORM.md section 13), with the ads that use it. */
export interface AdPost {
  /** `{page}_{post}` */
  id: string;
  page_id: string;
  page_name: string;
  message: string;
  title: string;
  created_time: string;
  permalink_url: string;
  comment_count: number | null;
  ads: { id: string; name: string; account: string; status: string }[];
}

/** A comment on an ad post, as the comments table shows it and the rules read it. */
export interface AdComment {
  id: string;
  post_id: string;
  page_id: string;
  message: string;
  from_id: string;
  from_name: string;
  created_time: string;
  /** the attached image's address, when it has one */
  image: string | null;
  /** the attached link, when it has one */
  link: string | null;
  is_hidden: boolean;
  can_hide: boolean;
  can_remove: boolean;
  like_count: number;
  permalink_url: string;
}
