import { useBridge, useSections, type Sections } from '@kernel';
import {
  adminCandidates, assignedUsers, permissibleAccounts, pixelPartners, sharedAccounts,
  type Candidate, type Partner, type PermissibleAccount, type PixelAdmin, type SharedAccount,
} from '../api';
import type { Pixel } from '../types';

export interface PixelDetailData {
  shared: SharedAccount[];
  admins: PixelAdmin[];
  partners: Partner[];
  permissible: PermissibleAccount[];
  candidates: Candidate[];
}

/**
 * The sections of one pixel's panel, read when it opens and again after any pixel job ends. Each
 * section fails alone. The shared accounts are read for admins only (docs/SPEC.md section 12).
 */
export function usePixelDetail(pixel: Pixel | null): Sections<PixelDetailData> {
  const bridge = useBridge();
  const id = pixel?.id ?? '';
  const business = pixel ? pixel.business_id || pixel.relation_business.id : '';
  const admin = pixel?.bmrole === 'admin';
  return useSections<PixelDetailData>(id && business ? `${id}:${business}:${admin}` : null, 'pixel', () => ({
    shared: admin ? (signal) => sharedAccounts(bridge, id, business, { signal }) : null,
    admins: (signal) => assignedUsers(bridge, id, business, { signal }),
    partners: (signal) => pixelPartners(bridge, id, { signal }),
    permissible: (signal) => permissibleAccounts(bridge, business, { signal }),
    candidates: (signal) => adminCandidates(bridge, business, { signal }),
  }));
}
