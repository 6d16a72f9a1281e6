import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { fieldMessage } from '../../src/kernel/runner/field-message';

const t = (key: string) => `[${key}]`;
const error: ErrorObject = { keyword: 'maxLength', instancePath: '/name', schemaPath: '#/properties/name/maxLength', params: { limit: 5 }, message: 'must NOT have more than 5 characters' };

describe('a field error no x-message covers', () => {
  it('is localized by ajv-i18n for a Chinese operator, and reads the kernel\'s sentence (never ajv\'s wording) for an English one', () => {
    const zh = fieldMessage({ error }, t, 'zh-CN');
    expect(zh).toMatch(/5/);
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(fieldMessage({ error }, t, 'en-US')).toBe('[kernel:runner.invalidValue]');
    expect(error.message).toBe('must NOT have more than 5 characters'); // localized on a copy
  });

  it('uses the schema\'s message key when there is one', () => {
    expect(fieldMessage({ key: 'adaccount:actions.rename.errors.name', error }, t, 'zh-CN')).toBe('[adaccount:actions.rename.errors.name]');
  });
});
