import { get, post } from './endpoint';

/** A recent item: what an area recorded (`data`, at most 8 KiB as JSON) under its module id. */
export type RecordView = { id: number; module_id: string; data: unknown; createdAt: string };

/** Recent items per module and usage statistics (token needed; the module's plugin must be enabled). */
export const recordEndpoints = {
  addRecord: post<{ module_id: string; data: unknown; uid?: string | number }, RecordView>('/api/pay/addRecord'),
  /** newest first, at most 50 */
  records: get<RecordView[], { module_id: string; uid?: string | number }>('/api/pay/getRecords'),
  clearRecords: get<{ deleted: number }, { module_id: string; uid?: string | number }>('/api/pay/clearRecords'),
  saveVisit: post<{ module: string; func_id?: string; uid?: string | number }, null>('/api/module_statistics_visit/save'),
};
