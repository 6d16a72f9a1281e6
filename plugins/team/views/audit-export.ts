import { AUDIT_EXPORT_PATH, ORG_HEADER, getItem, loadCsv, type AuditQuery } from '@kernel';
import { querySearch } from './audit-model';

/**
 * Downloads the search as CSV (`GET /api/audit/export`, not the JSON envelope): the request carries the
 * session's token, the user and the team, as the API client's do (src/kernel/api/client.ts). A refusal
 * comes back as the envelope, whose words are thrown.
 */
export async function downloadAuditCsv(query: AuditQuery, org: number | undefined, language: string): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/csv', 'accept-language': language };
  const token = getItem('token');
  if (token) headers.authorization = `Bearer ${token}`;
  const uid = getItem('uid');
  if (uid) headers.uid = uid;
  if (org !== undefined) headers[ORG_HEADER] = String(org);
  const response = await fetch(`${AUDIT_EXPORT_PATH}${querySearch(query)}`, { headers, credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    let info = `HTTP ${response.status}`;
    try { info = ((await response.json()) as { info?: string }).info || info; } catch { /* not an envelope */ }
    throw new Error(info);
  }
  const blob = await response.blob();
  const csv = await loadCsv();
  csv.downloadBlob(csv.csvFileName('audit'), blob);
}
