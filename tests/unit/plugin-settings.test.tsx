// A plugin's settings: declared in its manifest, defaults from the schema, checked before storing,
// rendered by the settings drawer, read live by its views.
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { getPluginSettings, setPluginSettings, usePluginSetting } from '../../src/kernel/plugin/plugin-settings';
import { getItem } from '../../src/kernel/storage';

function Probe() {
  return <span data-testid="tz">{usePluginSetting('adaccount', 'timeZone', 'none')}</span>;
}

describe('plugin settings', () => {
  it('reads the schema default, stores a valid value, refuses one the schema refuses, and re-renders readers', async () => {
    localStorage.clear();
    expect(getPluginSettings('adaccount').timeZone).toBe('Asia/Shanghai');
    render(<Probe />);
    expect(screen.getByTestId('tz').textContent).toBe('Asia/Shanghai');
    await act(async () => { expect(await setPluginSettings('adaccount', { timeZone: 'UTC' })).toEqual([]); });
    expect(screen.getByTestId('tz').textContent).toBe('UTC');
    expect(getItem('tessera-plugin-settings')?.adaccount).toEqual({ timeZone: 'UTC' });
    let problems: string[] = [];
    await act(async () => { problems = await setPluginSettings('adaccount', { timeZone: 'Mars/Olympus' }); });
    expect(problems.length).toBeGreaterThan(0);
    expect(screen.getByTestId('tz').textContent).toBe('UTC');
    expect((await setPluginSettings('adaccount', { unknown: 1 })).length).toBeGreaterThan(0);
    expect(await setPluginSettings('nosuchplugin', { a: 1 })).toEqual(['plugin "nosuchplugin" declares no settings']);
  });
});
