/** A business (BM) as the area reads it (docs/SPEC.md, Business), plus the two fields the loader fills. */
export interface Business {
  id: string;
  name: string;
  created_by?: { id: string; name?: string };
  created_time?: string;
  is_disabled_for_integrity_reasons?: boolean;
  can_use_extended_credit?: boolean;
  verification_status?: string;
  sharing_eligibility_status?: string;
  permitted_roles?: string[];
  allow_page_management_in_www?: boolean;
  can_add_or_create_page?: boolean;
  owned_ad_accounts?: { data?: { id: string }[]; summary?: { total_count?: number } };
  client_ad_accounts?: { data?: { id: string }[]; summary?: { total_count?: number } };
  partner_relationships?: { data?: { id: string; name?: string; relationship?: string }[] };
  business_users?: { data?: { id: string; name?: string; email?: string; role?: string }[]; summary?: { total_count?: number } };
  /** "BM" + the ad-account limit (BM1 when the limit form fails); '' until it is read. */
  bmtype: string;
  /** The restriction check as the strings "true" / "false"; '' until it is read. */
  isRestricted: '' | 'true' | 'false';
}
