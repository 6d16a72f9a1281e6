// The platform's official Node SDK (facebook-nodejs-business-sdk, a development dependency) pointed
// at a graph sandbox on loopback (docs/SDK.md). The SDK sends every request through axios to
// https://graph.facebook.com/<its version>/…; an axios interceptor rewrites that to the sandbox, and two
// guards make sure nothing leaves this machine: the interceptor refuses any other address, and every
// TCP connection this process opens (node's net sockets: http, https, fetch) to a host that is not
// loopback is refused and recorded. `violations()` lists them; each suite fails if it is not empty.
import net from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type Sandbox } from '../harness';

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The SDK's classes as this suite uses them (the package ships Flow types only). */
export interface SdkClass {
  new (id?: unknown, data?: Record<string, unknown>): any;
  Fields: Record<string, string>;
  getByIds: (ids: string[], fields: string[], params?: Record<string, unknown>) => Promise<any[]>;
}
export interface Sdk {
  FacebookAdsApi: {
    init: (token: string, locale?: string, crashLog?: boolean) => any;
    VERSION: string;
    GRAPH: string;
  };
  FacebookAdsApiBatch: new (api: any) => {
    add: (method: string, path: string, params?: Record<string, unknown>, files?: null, ok?: (r: any) => void, fail?: (r: any) => void) => unknown;
    execute: () => Promise<unknown>;
  };
  Page: SdkClass;
  Business: SdkClass;
  BusinessUser: SdkClass;
  BusinessRoleRequest: SdkClass;
  AdsPixel: SdkClass;
  AdAccount: SdkClass;
  AdActivity: SdkClass;
  AdAccountUser: SdkClass;
  AssignedUser: SdkClass;
  User: SdkClass;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const requireHere = createRequire(import.meta.url);
export const sdk = requireHere('facebook-nodejs-business-sdk') as Sdk;
// the axios instance the SDK itself loads (its own require, not this file's ESM import)
const axios = createRequire(requireHere.resolve('facebook-nodejs-business-sdk'))('axios') as {
  interceptors: { request: { use: (f: (c: { url?: string; baseURL?: string }) => unknown) => number; eject: (id: number) => void } };
};

const GRAPH = 'https://graph.facebook.com';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);
const found: string[] = [];

/** requests that would have left loopback (refused before any byte or name lookup went out) */
export function violations(): readonly string[] {
  return found;
}

/**
 * For the guards' own test: runs `attempt`, which must be refused by a guard, and takes the attempt it
 * recorded off the list (so the file's final check still fails on any other).
 */
export async function expectGuarded(attempt: () => Promise<unknown>): Promise<string> {
  const before = found.length;
  // the SDK wraps an interceptor's error in its own ("Something happened in setting up the request…")
  await expect(attempt()).rejects.toBeTruthy();
  expect(found.length).toBe(before + 1);
  return found.splice(before, 1)[0]!;
}

let guardDepth = 0;
let originalConnect: typeof net.Socket.prototype.connect | null = null;

function guardSockets(): void {
  if (guardDepth++ > 0) return;
  originalConnect = net.Socket.prototype.connect;
  const original = originalConnect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    let host: string | undefined;
    let path: string | undefined;
    if (Array.isArray(first)) {
      // node's internal form: [options, callback]
      const o = first[0] as { host?: string; path?: string } | undefined;
      host = o?.host;
      path = o?.path;
    } else if (first && typeof first === 'object') {
      host = (first as { host?: string }).host;
      path = (first as { path?: string }).path;
    } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
      host = typeof args[1] === 'string' ? args[1] : 'localhost';
    } else if (typeof first === 'string') {
      path = first;
    }
    if (!path && host !== undefined && !LOOPBACK.has(host)) {
      found.push(`socket to ${host}`);
      throw new Error(`SDK suite: a connection to ${host} would leave loopback`);
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
}

function unguardSockets(): void {
  if (--guardDepth > 0 || !originalConnect) return;
  net.Socket.prototype.connect = originalConnect;
  originalConnect = null;
}

export interface SdkSandbox {
  sb: Sandbox;
  /** the API object FacebookAdsApi.init answered */
  api: unknown;
  token: string;
  /** the version the SDK's requests name (its own default) */
  served: string;
  /** true when the sandbox serves the SDK's default version */
  sdkVersionServed: boolean;
}

/**
 * Starts a sandbox, points the SDK at it, guards the process's connections; closes and checks in
 * afterAll. Call at the top of a test file; read the fields inside tests (after beforeAll).
 */
export function useSdkSandbox(): SdkSandbox {
  const env = {} as SdkSandbox;
  let interceptor = -1;
  beforeAll(async () => {
    guardSockets();
    env.sb = await startSandbox();
    env.token = 'sdk-suite-token';
    const base = new URL(env.sb.base);
    if (!LOOPBACK.has(base.hostname.replace(/^\[|\]$/g, ''))) throw new Error('the sandbox must listen on loopback');
    const sdkVersion = sdk.FacebookAdsApi.VERSION;
    // The SDK's requests go to the sandbox as they are, at the SDK's own version: the sandbox must serve it.
    env.served = sdkVersion;
    env.sdkVersionServed = (await env.sb.getJson(`/${sdkVersion}/me?access_token=${env.token}`)).status === 200;
    interceptor = axios.interceptors.request.use((config) => {
      const url = new URL(config.url ?? '', config.baseURL ?? GRAPH);
      if (url.origin === GRAPH) {
        config.url = `${env.sb.base}${url.pathname}${url.search}`;
        config.baseURL = undefined;
        return config;
      }
      if (!LOOPBACK.has(url.hostname.replace(/^\[|\]$/g, ''))) {
        found.push(`SDK request to ${url.origin}`);
        throw new Error(`SDK suite: a request to ${url.origin} would leave loopback`);
      }
      return config;
    });
    env.api = sdk.FacebookAdsApi.init(env.token, 'en_US', false);
  });
  afterAll(async () => {
    if (interceptor >= 0) axios.interceptors.request.eject(interceptor);
    await env.sb?.close();
    unguardSockets();
    expect(violations()).toEqual([]);
  });
  return env;
}

/** The error a refused SDK call throws (the SDK does not export FacebookRequestError). */
export async function refusal(p: Promise<unknown>): Promise<{ name: string; status: number; message: string; code: number; subcode?: number; type?: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { name: string; status: number; message: string; response?: { code: number; error_subcode?: number; type?: string } };
    return { name: err.name, status: err.status, message: err.message, code: err.response?.code ?? -1, subcode: err.response?.error_subcode, type: err.response?.type };
  }
  throw new Error('the call was expected to be refused, and it succeeded');
}

/** every field the SDK lists for a type */
export const fieldsOf = (cls: SdkClass): string[] => Object.values(cls.Fields);
