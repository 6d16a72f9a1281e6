import { post, type NoBody } from './endpoint';

export type CodePurpose = 'activation' | 'reset';

export type RegisterBody = { email: string; password: string; confirmPassword: string; agree: boolean };
export type LoginBody = { email: string; password: string; /** the code mailed after a 40011 answer */ unlockCode?: string };
export type ResetBody = { email: string; code: string; password: string; confirmPassword: string };

/** The account flows of docs/INTERFACES.md section 3 (no token needed, limited per source address). */
export const accountEndpoints = {
  register: post<RegisterBody, { email: string; activation: 'required' }>('/api/user/register'),
  sendCode: post<{ email: string; purpose: CodePurpose }, { email: string; purpose: CodePurpose }>('/api/ems/send'),
  checkCode: post<{ email: string; code: string; purpose: CodePurpose }, { valid: true }>('/api/ems/check'),
  /**
   * With the token when the browser that registered activates; otherwise `passwordRequired` (no token):
   * the owner sets a password with the reset code mailed at once.
   */
  activate: post<{ email: string; code: string }, { email: string; token?: string; passwordRequired?: true }>('/api/user/emailActivation'),
  forgotPassword: post<{ email: string }, { email: string }>('/api/user/forgotPassword'),
  createPassword: post<ResetBody, { token: string; email: string }>('/api/user/createPasswords'),
  login: post<LoginBody, { token: string; email: string; role: string }>('/api/user/login'),
  logout: post<NoBody, null>('/api/user/logout'),
};
