// The platform's error object (docs/PLATFORM.md section 4) and the errors the sandbox raises.
import { randomBytes } from 'node:crypto';

export interface PlatformError {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient: boolean;
  fbtrace_id: string;
}

export function traceId(): string {
  return randomBytes(8).toString('base64url').replace(/[-_]/g, 'A').slice(0, 11);
}

/** a platform error with its HTTP status; handlers throw it, the dispatcher turns it into a reply */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly extra: { type?: string; subcode?: number; userTitle?: string; userMsg?: string; transient?: boolean; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  body(): { error: PlatformError } {
    const e: PlatformError = {
      message: this.message,
      type: this.extra.type ?? 'OAuthException',
      code: this.code,
      is_transient: this.extra.transient ?? false,
      fbtrace_id: traceId(),
    };
    if (this.extra.subcode !== undefined) e.error_subcode = this.extra.subcode;
    if (this.extra.userTitle !== undefined) e.error_user_title = this.extra.userTitle;
    if (this.extra.userMsg !== undefined) e.error_user_msg = this.extra.userMsg;
    return { error: e };
  }
}

export const errors = {
  unknownObject: (id: string, method: string) => new GraphError(400, 100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { type: 'GraphMethodException', subcode: 33 }),
  unknownEdge: (edge: string, nodeType: string) => new GraphError(400, 100,
    `(#100) Tried accessing nonexisting field (${edge}) on node type (${nodeType})`),
  unknownField: (field: string, nodeType: string) => new GraphError(400, 100,
    `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`),
  unsupportedMethod: (method: string, path: string) => new GraphError(400, 100,
    `Unsupported ${method.toLowerCase()} request. Object or edge '${path}' does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { type: 'GraphMethodException' }),
  unknownPath: (path: string) => new GraphError(400, 2500, `Unknown path components: /${path}`),
  invalidParam: (message: string, userMsg?: string) => new GraphError(400, 100, `(#100) ${message}`,
    userMsg ? { userTitle: 'Invalid parameter', userMsg } : {}),
  missingParam: (name: string) => new GraphError(400, 100, `(#100) The parameter ${name} is required`),
  permission: (message = 'Permissions error', userMsg?: string) => new GraphError(403, 200, `(#200) ${message}`,
    userMsg ? { userTitle: 'Permissions error', userMsg } : {}),
  invalidToken: () => new GraphError(400, 190, 'Invalid OAuth access token - Cannot parse access token',
    { headers: { 'www-authenticate': 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token - Cannot parse access token"' } }),
  injected: () => new GraphError(500, 2, 'An unexpected error has occurred. Please retry your request later.', { transient: true }),
  accountThrottled: (retryAfterS: number) => new GraphError(400, 80004,
    '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
    { subcode: 2446079, userTitle: 'Ad Account Has Too Many API Calls', userMsg: 'There have been too many calls from this ad-account. Please wait a bit and try again.', headers: { 'retry-after': String(retryAfterS) } }),
  userThrottled: (retryAfterS: number) => new GraphError(400, 17, '(#17) User request limit reached',
    { userTitle: 'User request limit reached', userMsg: 'Too many calls were made in a short time. Please wait a bit and try again.', headers: { 'retry-after': String(retryAfterS) } }),
};
