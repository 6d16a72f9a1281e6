/** An ad account as the area reads it (docs/SPEC.md section 10), plus the derived fields. */
export interface AdAccount {
  id: string;
  account_id: string;
  name: string;
  account_status: number;
  disable_reason?: number;
  currency?: string;
  account_currency_ratio_to_usd?: number;
  adtrust_dsl?: number;
  timezone_name?: string;
  timezone_offset_hours_utc?: number;
  business_country_code?: string;
  created_time?: string;
  next_bill_date?: string;
  balance?: string;
  spend_cap?: string;
  amount_spent?: string;
  owner?: string;
  owner_business?: { id: string; name: string };
  users?: { data?: { id: string; name?: string; role: number }[] };
  agencies?: { data?: { id: string; name?: string; access_status?: string; permitted_tasks?: string[] }[] };
  adspaymentcycle?: { data?: { threshold_amount?: number | string }[] };
  funding_source_details?: { id?: string; display_string?: string; type?: number };
  is_prepay_account?: boolean;
  total_prepay_balance?: { amount?: string; amount_in_hundredths?: string; currency?: string };
  all_payment_methods?: { pm_credit_card?: { data?: { display_string?: string }[] }; payment_method_direct_debits?: { data?: { display_string?: string }[] }; payment_method_paypal?: { data?: { email_address?: string }[] } };
  insights?: { data?: { spend?: string }[] };
  /** The current user's role on the account (default 1001). */
  ownerrole?: number;
  /** Name of the business the account belongs to ('' when personal). */
  business?: string;
  /** Users the settings page shows but the users edge does not (hidden administrators), when scanned. */
  hide_users?: { id: string; name?: string }[];
  /** Partners (agencies) the account is assigned to. */
  assigned_partners?: string[];
  /** False while the account's detail batch has not landed yet (the list streams: list fields first). */
  detailsLoaded?: boolean;
}
