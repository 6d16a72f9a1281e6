import { useEffect, useState } from 'react';
import { useBridge, useBus } from '@kernel';
import {
  adminCandidates, assignedUsers, permissibleAccounts, pixelPartners, sharedAccounts,
  type Candidate, type Partner, type PermissibleAccount, type PixelAdmin, type SharedAccount,
} from '../api';
import type { Pixel } from '../types';

export type Section<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string } | { state: 'hidden' };

export interface PixelDetailData {
  shared: Section<SharedAccount[]>;
  admins: Section<PixelAdmin[]>;
  partners: Section<Partner[]>;
  permissible: Section<PermissibleAccount[]>;
  candidates: Section<Candidate[]>;
}

const LOADING: PixelDetailData = { shared: { state: 'loading' }, admins: { state: 'loading' }, partners: { state: 'loading' }, permissible: { state: 'loading' }, candidates: { state: 'loading' } };

/**
 * The sections of one pixel's panel, read when it opens and again after any pixel job ends. Each
 * section fails alone. The shared accounts are read for admins only (docs/SPEC.md section 12).
 */
export function usePixelDetail(pixel: Pixel | null): PixelDetailData {
  const bridge = useBridge();
  const bus = useBus();
  const [data, setData] = useState<PixelDetailData>(LOADING);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const onFinished = (e: { actionId: string }) => { if (e.actionId.startsWith('pixel.')) setRound((r) => r + 1); };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus]);
  const id = pixel?.id ?? null;
  const business = pixel ? pixel.business_id || pixel.relation_business.id : '';
  const admin = pixel?.bmrole === 'admin';
  useEffect(() => {
    if (!id || !business) return;
    const controller = new AbortController();
    const o = { signal: controller.signal };
    setData({ ...LOADING, shared: admin ? { state: 'loading' } : { state: 'hidden' } });
    const section = <K extends keyof PixelDetailData>(key: K, read: () => Promise<unknown>) => {
      read().then(
        (value) => { if (!controller.signal.aborted) setData((d) => ({ ...d, [key]: { state: 'ready', data: value } })); },
        (e: unknown) => { if (!controller.signal.aborted) setData((d) => ({ ...d, [key]: { state: 'error', message: e instanceof Error && e.message ? e.message : 'Unknown error' } })); },
      );
    };
    if (admin) section('shared', () => sharedAccounts(bridge, id, business, o));
    section('admins', () => assignedUsers(bridge, id, business, o));
    section('partners', () => pixelPartners(bridge, id, o));
    section('permissible', () => permissibleAccounts(bridge, business, o));
    section('candidates', () => adminCandidates(bridge, business, o));
    return () => controller.abort();
  }, [bridge, id, business, admin, round]);
  return data;
}
