// Validation messages speak to people: every property of every schema of every plugin names a
// message key (`x-message`) whose text exists in both languages, and no input whatever makes ajv's
// own wording (or a regex) reach the operator.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import type { i18n as I18n } from 'i18next';
import { schemas, validators } from '../../src/generated/validators.js';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { createI18n } from '../../src/kernel/i18n';
import { fieldErrors, validateParams } from '../../src/kernel/runner/params';
import { fieldMessage, registerAjvLocalizer } from '../../src/kernel/runner/field-message';

const registry = createRegistry(import.meta.glob('/plugins/*/index.ts', { eager: true }));
const LOCALES = ['en-US', 'zh-CN'] as const;
let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n(registry.plugins, 'en-US');
  // the tests read both languages: load zh-CN's strings too (a page loads them on a switch)
  await i18n.changeLanguage('zh-CN');
  await i18n.changeLanguage('en-US');
});

type Prop = Record<string, unknown> & { 'x-message'?: string };
/** Every compiled schema a plugin owns: its actions' parameters and its settings. */
const pluginSchemas = Object.entries(schemas).filter(([key]) => key !== 'plugin') as [string, { properties?: Record<string, Prop>; required?: string[]; 'x-message'?: string }][];

/** Values no schema should take for most fields: wrong types, blanks, too long, out of range, regex bait. */
const BAD: unknown[] = [undefined, null, '', ' ', '\t', 'abc', 'x'.repeat(5000), '<script>', '1 2', 0, -1, 0.5, 1e13, true, [], ['abc'], [''], {}, { a: 1 }];
/** What leaks from ajv or a schema: its English phrasing, property and keyword names, regex syntax. */
const LEAK = /\bmust\b|\bshould\b|property|pattern|schema|minLength|maxLength|exclusiveMinimum|allowed values|\^\[|\]\{|\\S|\$\)|\{\{/i;

function t(lng: string) {
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, { lng, ...options });
}

describe('parameter messages', () => {
  it('every property of every plugin schema names a message key that both languages have', () => {
    expect(pluginSchemas.length).toBeGreaterThan(10);
    for (const [key, schema] of pluginSchemas) {
      const ns = key.split('.')[0];
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        expect(prop['x-message'], `${key}.${field} has no x-message`).toMatch(/^[A-Za-z][\w.]+$/);
        for (const lng of LOCALES) expect(i18n.exists(`${ns}:${prop['x-message']}`, { lng }), `${lng} ${ns}:${prop['x-message']}`).toBe(true);
      }
      if (schema['x-message']) for (const lng of LOCALES) expect(i18n.exists(`${ns}:${schema['x-message']}`, { lng })).toBe(true);
    }
  });

  it('no input makes ajv wording leak, for any property of any schema, in either language', () => {
    let checked = 0;
    for (const [key, schema] of pluginSchemas) {
      const ns = key.split('.')[0];
      const cases: unknown[] = [{}, { unknownField: 1 }, 'not an object', []];
      for (const field of Object.keys(schema.properties ?? {})) for (const v of BAD) cases.push({ [field]: v });
      for (const params of cases) {
        if (validators[key](params)) continue;
        const errors = validateParams(key, params);
        expect(errors.length, `${key} ${JSON.stringify(params)}`).toBeGreaterThan(0);
        for (const e of errors) {
          const own = schema.properties?.[e.field]?.['x-message'];
          // a field's problem reads the field's own sentence
          if (own && e.field in (params as object)) expect(e.key, `${key}.${e.field}`).toBe(`${ns}:${own}`);
          for (const lng of LOCALES) {
            const text = fieldMessage(e, t(lng), lng);
            expect(text.trim().length, `${key} ${lng} ${JSON.stringify(params)}`).toBeGreaterThan(0);
            expect(text, `${key} ${lng} ${JSON.stringify(params)}`).not.toMatch(LEAK);
            expect(text).not.toBe(e.key);
            if (lng === 'zh-CN') expect(text, `${key} ${JSON.stringify(params)}`).toMatch(/[\u4e00-\u9fff]/);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('reads as the issue asks: "Enter a new name" / "请输入新名称", "Paste a user ID or profile link"', () => {
    for (const params of [{}, { name: '' }, { name: '   ' }]) {
      const [e] = validateParams('adaccount.rename', params);
      expect(e.field).toBe('name');
      expect(fieldMessage(e, t('en-US'), 'en-US')).toMatch(/^Enter a new name/);
      expect(fieldMessage(e, t('zh-CN'), 'zh-CN')).toMatch(/^请输入新名称/);
    }
    const [uid] = validateParams('adaccount.addUser', { uid: ['abc'], role: 1001 });
    expect(fieldMessage(uid, t('en-US'), 'en-US')).toMatch(/user ID or profile link/);
    const [root] = validateParams('adaccount.updateBusinessInfo', {});
    expect(fieldMessage(root, t('en-US'), 'en-US')).toBe('Fill in at least one of the business details');
    expect(fieldMessage(root, t('zh-CN'), 'zh-CN')).toBe('请至少填写一项商家信息');
  });

  it('a problem no x-message covers reads the kernel’s sentence, or ajv-i18n’s once it is registered', () => {
    const ajvError: ErrorObject = { keyword: 'minimum', instancePath: '/n', schemaPath: '#/properties/n/minimum', params: { limit: 1 }, message: 'must be >= 1' };
    const [e] = fieldErrors('demo.act', { properties: { n: { type: 'number' } } }, [ajvError]);
    expect(e.key).toBeUndefined();
    expect(fieldMessage(e, t('en-US'), 'en-US')).not.toMatch(LEAK);
    expect(fieldMessage(e, t('zh-CN'), 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    registerAjvLocalizer((errors, locale) => { for (const x of errors) x.message = `${locale}: 应当 >= ${String(x.params.limit)}`; });
    try {
      expect(fieldMessage(e, t('zh-CN'), 'zh-CN')).toBe('zh-CN: 应当 >= 1');
      expect(ajvError.message).toBe('must be >= 1'); // the localizer works on a copy
    } finally {
      registerAjvLocalizer(null);
    }
  });
});
