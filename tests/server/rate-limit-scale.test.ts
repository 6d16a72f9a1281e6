// TESSERA_RATE_LIMIT_SCALE (benchmarks only): raises the per-address and per-user limits, never the
// failed-login locks, and is refused anywhere but a loopback demo.
import { describe, expect, test } from 'vitest';
import { ConfigError, defaultRateLimits, defaultUserLimits, loadConfig } from '../../server/config';

describe('TESSERA_RATE_LIMIT_SCALE', () => {
  test('unset: the documented limits', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(config.rateLimitScale).toBe(1);
    expect(config.rateLimits).toEqual(defaultRateLimits());
    expect(config.userLimits).toEqual(defaultUserLimits());
  });

  test('on a loopback demo: account-endpoint calls per address and inserts per user are multiplied, the login locks are not', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x', TESSERA_RATE_LIMIT_SCALE: '100' });
    const base = defaultRateLimits();
    expect(config.rateLimits.authPerIp.limit).toBe(base.authPerIp.limit * 100);
    expect(config.rateLimits.loginPerEmail).toEqual(base.loginPerEmail);
    expect(config.rateLimits.loginPerIp).toEqual(base.loginPerIp);
    expect(config.userLimits.records.perMinute).toBe(defaultUserLimits().records.perMinute * 100);
    expect(config.userLimits.records.stored).toBe(defaultUserLimits().records.stored);
    expect(config.userLimits.visits.perMinute).toBe(defaultUserLimits().visits.perMinute * 100);
    expect(config.userLimits.orders.pending).toBe(defaultUserLimits().orders.pending);
  });

  test.each([
    ['demo mode off', { TESSERA_DEMO: '0' }],
    ['a public demo', { TESSERA_DEMO_PUBLIC: '1', TESSERA_DEMO_PASSWORD: 'our-own-pass', HOST: '0.0.0.0' }],
    ['a public demo on loopback', { TESSERA_DEMO_PUBLIC: '1', TESSERA_DEMO_PASSWORD: 'our-own-pass' }],
  ])('refused with %s', (_label, env) => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', TESSERA_RATE_LIMIT_SCALE: '10', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', TESSERA_RATE_LIMIT_SCALE: '1', ...env })).not.toThrow();
  });

  test('not an integer of 1 to 100000: refused', () => {
    for (const value of ['0', '-2', '1.5', 'lots', '100001']) {
      expect(() => loadConfig({ DATA_DIR: '/tmp/x', TESSERA_RATE_LIMIT_SCALE: value })).toThrow(ConfigError);
    }
  });
});
