import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { validateLogin, validateRegister, validateNewPassword } from '../../src/kernel/auth/validation';
import { safeRedirect } from '../../src/kernel/auth/screens/redirect';
import { getSession } from '../../src/kernel/core/session';
import { getItem } from '../../src/kernel/storage';

const home = {
  id: 'dashboard', titleKey: 'title', icon: 'dashboard', order: 0,
  routes: [{ path: '/dashboard/index', titleKey: 'title', component: async () => ({ default: () => <p>home screen</p> }) }],
  locales: { 'zh-CN': { title: '工作台' }, 'en-US': { title: 'Dashboard' } },
};
const other = { ...home, id: 'bm', order: 3, routes: [{ path: '/bm/index', titleKey: 'title', component: async () => ({ default: () => <p>bm screen</p> }) }] };

type Handler = (body: Record<string, unknown>) => { status: number; code: number; info: string; data: unknown };
function fakeServer(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown>; auth?: string }[] = [];
  const fetchImpl = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    const body = init.body ? JSON.parse(String(init.body)) : {};
    calls.push({ path, body, auth: (init.headers as Record<string, string>).authorization });
    const handler = handlers[path];
    const envelope = handler ? handler(body) : { status: 0, code: 40400, info: 'not found', data: null };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, calls };
}

describe('account validation (docs/SPEC.md section 5)', () => {
  it('login needs an e-mail of a valid format and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'account.v.emailRequired', password: 'account.v.passwordRequired' });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ email: 'account.v.emailInvalid' });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
  it('register needs 5 to 30 characters, a matching confirmation and the agreement', () => {
    expect(validateRegister({ email: 'a@b.co', password: '1234', confirmPassword: '1234', agree: false })).toEqual({ password: 'account.v.passwordLength', agree: 'account.v.agreeRequired' });
    expect(validateRegister({ email: 'a@b.co', password: 'x'.repeat(31), confirmPassword: 'y', agree: true })).toMatchObject({ password: 'account.v.passwordLength', confirmPassword: 'account.v.confirmMismatch' });
    expect(validateRegister({ email: 'a@b.co', password: '12345', confirmPassword: '12345', agree: true })).toEqual({});
  });
  it('a new password needs the reset code', () => {
    expect(validateNewPassword({ email: 'a@b.co', code: '12ab', password: '12345', confirmPassword: '12345' })).toEqual({ code: 'account.v.codeFormat' });
  });
  it('follows only same-site redirects after login', () => {
    expect(safeRedirect('/bm/index?x=1')).toBe('/bm/index?x=1');
    expect(safeRedirect('//evil.example')).toBe('/dashboard/index');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard/index');
    expect(safeRedirect(null)).toBe('/dashboard/index');
  });
});

describe('the route guard and the account screens', () => {
  it('without a token every screen leads to login with a redirect, and login returns there', async () => {
    const server = fakeServer({
      '/api/user/login': (b) => (b.password === 'right-pass'
        ? { status: 1, code: 20000, info: 'ok', data: { token: 'tok-1' } }
        : { status: 0, code: 40100, info: 'Wrong e-mail or password', data: null }),
      '/api/user/info': () => ({ status: 1, code: 20000, info: 'ok', data: { id: 3, email: 'a@b.co', role: 'user', plugins: ['dashboard', 'bm'] } }),
    });
    await renderWithKernel({ plugins: [home, other], user: null, route: '/bm/index?tab=2', locale: 'en-US', fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your e-mail')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(server.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong e-mail or password')).toBeTruthy();
    expect(getItem('token')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // the signed-in code loads on sign-in: allow it the time a busy machine takes
    expect(await screen.findByText('bm screen', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getItem('token')).toBe('tok-1');
    expect(getSession().info?.role).toBe('user');
    expect(server.calls.find((c) => c.path === '/api/user/info')?.auth).toBe('Bearer tok-1');
  });

  it('register sends the fields and leads to the activation screen, which activates and logs in', async () => {
    const server = fakeServer({
      '/api/user/register': () => ({ status: 1, code: 20000, info: 'ok', data: { email: 'new@b.co', activation: 'required' } }),
      '/api/user/emailActivation': (b) => (b.code === '123456'
        ? { status: 1, code: 20000, info: 'ok', data: { token: 'tok-2' } }
        : { status: 0, code: 40010, info: 'bad code', data: null }),
      '/api/user/info': () => ({ status: 1, code: 20000, info: 'ok', data: { id: 4, email: 'new@b.co', role: 'user', plugins: ['dashboard'] } }),
    });
    await renderWithKernel({ plugins: [home], user: null, route: '/login/register', locale: 'en-US', fetch: server.fetch });
    await screen.findByRole('heading', { name: 'Register' });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'new@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The password must be 5 to 30 characters')).toBeTruthy();
    expect(screen.getByText('Please read and agree to the terms')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcde' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abcde' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'E-mail activation' })).toBeTruthy();
    expect(server.calls[0].body).toMatchObject({ email: 'new@b.co', password: 'abcde', confirmPassword: 'abcde', agree: true });
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('new@b.co');
    expect(screen.getByText('Verification code sent')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Verification code wrong or expired')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('home screen', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getItem('token')).toBe('tok-2');
  });

  it('an activation that proves only the mailbox leads to setting a password (docs/DECISIONS.md)', async () => {
    const server = fakeServer({
      '/api/user/emailActivation': () => ({ status: 1, code: 20000, info: 'ok', data: { email: 'new@b.co', passwordRequired: true } }),
    });
    await renderWithKernel({ plugins: [home], user: null, route: '/login/emailActivation?email=new%40b.co', locale: 'en-US', fetch: server.fetch });
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Your e-mail address is confirmed. Please set your password with the code we just mailed you.')).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('new@b.co');
    expect(getItem('token')).toBeUndefined();
  });

  it('a login answered 40011 asks for the mailed unlock code and sends it along', async () => {
    const server = fakeServer({
      '/api/user/login': (b) => (b.unlockCode === '654321'
        ? { status: 1, code: 20000, info: 'ok', data: { token: 'tok-9' } }
        : { status: 0, code: 40011, info: 'Enter the unlock code we e-mailed you', data: { unlock: 'required' } }),
      '/api/user/info': () => ({ status: 1, code: 20000, info: 'ok', data: { id: 3, email: 'a@b.co', role: 'user', plugins: ['dashboard'] } }),
    });
    await renderWithKernel({ plugins: [home], user: null, route: '/login/login', locale: 'en-US', fetch: server.fetch });
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter the unlock code we e-mailed you')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Unlock code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('home screen', {}, { timeout: 10_000 })).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/api/user/login').at(-1)?.body).toMatchObject({ unlockCode: '654321' });
  });

  it('a network failure on login shows the spec\'s login error', async () => {
    await renderWithKernel({ plugins: [home], user: null, route: '/login/login', locale: 'en-US', fetch: (async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch });
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login error, refresh and try again')).toBeTruthy();
  });

  it('a 50014 answer opens the re-login dialog; logging in again closes it', async () => {
    let expired = true;
    const server = fakeServer({
      '/api/user/info': () => (expired
        ? { status: -1, code: 50014, info: 'expired', data: null }
        : { status: 1, code: 20000, info: 'ok', data: { id: 1, email: 'a@b.co', role: 'user', plugins: ['dashboard'] } }),
      '/api/user/login': () => { expired = false; return { status: 1, code: 20000, info: 'ok', data: { token: 'tok-3' } }; },
    });
    await renderWithKernel({ plugins: [home], route: '/dashboard/index', locale: 'en-US', fetch: server.fetch });
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'again-pass' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Your session has expired. Please log in again.')).toBeNull());
    expect(getItem('token')).toBe('tok-3');
  });

  it('a rejected token (50008) sends the user to login with a redirect', async () => {
    const server = fakeServer({ '/api/user/info': () => ({ status: -1, code: 50008, info: 'Token authentication failed', data: null }) });
    await renderWithKernel({ plugins: [home, other], route: '/bm/index', locale: 'en-US', fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(getItem('token')).toBeUndefined();
  });
});
