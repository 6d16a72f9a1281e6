/** The account screens' rules of docs/SPEC.md section 5; each returns a locale key of the first problem, or null. */

export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 30;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function emailProblem(email: string): string | null {
  if (!email.trim()) return 'account.v.emailRequired';
  if (!EMAIL.test(email.trim())) return 'account.v.emailInvalid';
  return null;
}

export function passwordProblem(password: string, { checkLength = true } = {}): string | null {
  if (!password) return 'account.v.passwordRequired';
  if (checkLength && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)) return 'account.v.passwordLength';
  return null;
}

export function confirmProblem(password: string, confirm: string): string | null {
  if (!confirm) return 'account.v.confirmRequired';
  if (confirm !== password) return 'account.v.confirmMismatch';
  return null;
}

export function codeProblem(code: string): string | null {
  if (!code.trim()) return 'account.v.codeRequired';
  if (!/^\d{6}$/.test(code.trim())) return 'account.v.codeFormat';
  return null;
}

export function validateLogin(f: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return compact({ email: emailProblem(f.email), password: passwordProblem(f.password, { checkLength: false }) });
}

export function validateRegister(f: { email: string; password: string; confirmPassword: string; agree: boolean }): FieldErrors<'email' | 'password' | 'confirmPassword' | 'agree'> {
  return compact({
    email: emailProblem(f.email),
    password: passwordProblem(f.password),
    confirmPassword: confirmProblem(f.password, f.confirmPassword),
    agree: f.agree ? null : 'account.v.agreeRequired',
  });
}

export function validateActivation(f: { email: string; code: string }): FieldErrors<'email' | 'code'> {
  return compact({ email: emailProblem(f.email), code: codeProblem(f.code) });
}

export function validateNewPassword(f: { email: string; code: string; password: string; confirmPassword: string }): FieldErrors<'email' | 'code' | 'password' | 'confirmPassword'> {
  return compact({
    email: emailProblem(f.email),
    code: codeProblem(f.code),
    password: passwordProblem(f.password),
    confirmPassword: confirmProblem(f.password, f.confirmPassword),
  });
}

function compact<F extends string>(o: Record<F, string | null>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)) as FieldErrors<F>;
}
