// The schema form's choices: a property that is a list of enum values renders as one checkbox per
// value (labels by the enum key convention, value in the schema's order, the default respected), and a
// property marked `x-tessera-when` is shown only while another field has the value it names (its value
// is dropped once hidden). The page area's role dialog is the example.
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SchemaForm, type ObjectSchema } from '../../src/kernel/runner/SchemaForm';
import { createI18n } from '../../src/kernel/i18n';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { schemas } from '../../src/generated/schemas.js';

const registry = createRegistry(import.meta.glob('/plugins/*/index.ts', { eager: true }));

const TASKS = { type: 'array', items: { type: 'string', enum: ['READ', 'WRITE', 'SHARE'] } };

/** The form with its own state; `seen` holds every value it reported. */
function Harness({ schema, start, seen, ns = 'demo', actionKey = 'grant' }: { schema: ObjectSchema; start: Record<string, unknown>; seen: Record<string, unknown>[]; ns?: string; actionKey?: string }) {
  const [value, setValue] = useState(start);
  return <SchemaForm schema={schema} ns={ns} actionKey={actionKey} value={value} errors={{}} onChange={(v) => { seen.push(v); setValue(v); }} />;
}

async function show(schema: ObjectSchema, start: Record<string, unknown> = {}) {
  const seen: Record<string, unknown>[] = [];
  const lang = await createI18n([], 'en-US');
  lang.addResourceBundle('en-US', 'demo', { actions: { grant: { enum: { tasks: { READ: 'Read it', WRITE: 'Write it' } } } } });
  render(<I18nextProvider i18n={lang}><Harness schema={schema} start={start} seen={seen} /></I18nextProvider>);
  return seen;
}
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => cleanup());

describe('a list of enum values', () => {
  it('is a checkbox per value, labelled by actions.<action>.enum.<field>.<value>, the value a list in enum order', async () => {
    const seen = await show({ properties: { tasks: TASKS as never } });
    expect(screen.getByTestId('param-tasks').querySelectorAll('input[type=checkbox]')).toHaveLength(3);
    expect(screen.queryByRole('textbox')).toBeNull();
    // a value without a label reads as itself
    expect(box('SHARE').checked).toBe(false);
    fireEvent.click(box('SHARE'));
    fireEvent.click(box('Read it'));
    expect(seen.at(-1)).toEqual({ tasks: ['READ', 'SHARE'] });
    fireEvent.click(box('SHARE'));
    expect(seen.at(-1)).toEqual({ tasks: ['READ'] });
    fireEvent.click(box('Read it'));
    expect(seen.at(-1)).toEqual({ tasks: [] });
  });

  it('starts from the value given, else from the schema\'s default', async () => {
    await show({ properties: { tasks: { ...TASKS, default: ['WRITE'] } as never } });
    expect([box('Read it').checked, box('Write it').checked, box('SHARE').checked]).toEqual([false, true, false]);
    cleanup();
    await show({ properties: { tasks: { ...TASKS, default: ['WRITE'] } as never } }, { tasks: ['READ', 'SHARE'] });
    expect([box('Read it').checked, box('Write it').checked, box('SHARE').checked]).toEqual([true, false, true]);
  });
});

describe('a field shown only when another has a value (x-tessera-when)', () => {
  const schema = { properties: { mode: { type: 'string', enum: ['all', 'some'] }, tasks: { ...TASKS, 'x-tessera-when': { mode: 'some' } } } } as unknown as ObjectSchema;

  it('appears with the value it waits for and disappears, its value dropped, with another', async () => {
    const seen = await show(schema);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(screen.queryByTestId('param-tasks')).toBeNull();
    fireEvent.change(select, { target: { value: 'some' } });
    expect(screen.getByTestId('param-tasks')).toBeTruthy();
    fireEvent.click(box('Write it'));
    expect(seen.at(-1)).toEqual({ mode: 'some', tasks: ['WRITE'] });
    fireEvent.change(select, { target: { value: 'all' } });
    expect(screen.queryByTestId('param-tasks')).toBeNull();
    expect(seen.at(-1)).toEqual({ mode: 'all' });
  });

  it('a list of values shows the field for any of them', async () => {
    await show({ properties: { mode: { type: 'string', enum: ['all', 'some', 'few'] }, tasks: { ...TASKS, 'x-tessera-when': { mode: ['some', 'few'] } } } } as unknown as ObjectSchema, { mode: 'few' });
    expect(screen.getByTestId('param-tasks')).toBeTruthy();
  });

  it('the page role dialog: tasks as translated checkboxes only for a custom task set', async () => {
    const i18n = await createI18n(registry.plugins, 'zh-CN');
    await i18n.loadNamespaces('page');
    const seen: Record<string, unknown>[] = [];
    render(<I18nextProvider i18n={i18n}><Harness schema={schemas['page.addRole'] as ObjectSchema} start={{}} seen={seen} ns="page" actionKey="addRole" /></I18nextProvider>);
    expect(screen.queryByTestId('param-tasks')).toBeNull();
    const select = document.querySelector('#param-role') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['—', '完全控制权限', '部分权限：内容', '部分权限：消息', '部分权限：社群活动', '部分权限：广告', '部分权限：成效分析', '自定义权限组合']);
    fireEvent.change(select, { target: { value: 'custom' } });
    fireEvent.click(box('审核'));
    fireEvent.click(box('管理'));
    expect(seen.at(-1)).toEqual({ role: 'custom', tasks: ['MANAGE', 'MODERATE'] });
  });
});
