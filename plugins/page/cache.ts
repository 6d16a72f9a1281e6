/** The page list's cache name (docs/SPEC.md section 9: `fb_page_list`, 12 hours). */
export const CACHE_KEY = 'fb_page_list';
/** The operator's keyword lists: the shared store table of docs/INTERFACES.md section 5. */
export const KEYWORD_TABLE = 'keyword-lists';
