import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { SchemaForm, type ObjectSchema } from '../runner/SchemaForm';
import { getPluginSettings, setPluginSettings } from '../plugin/plugin-settings';
import type { LoadedPlugin } from '../plugin/types';

/** The settings each usable plugin declares in its manifest, one section each, generated from its schema. */
export function PluginSettings() {
  const { plugins } = useKernel();
  return <>{plugins.filter((p) => p.settings).map((p) => <PluginSettingsSection key={p.id} plugin={p} />)}</>;
}
PluginSettings.displayName = 'PluginSettings';

function PluginSettingsSection({ plugin }: { plugin: LoadedPlugin }) {
  const { t } = useTranslation(plugin.id);
  const [value, setValue] = useState(() => getPluginSettings(plugin.id));
  const [problem, setProblem] = useState<string | null>(null);
  const onChange = (next: Record<string, unknown>) => {
    setValue(next);
    void setPluginSettings(plugin.id, next).then(
      (problems) => setProblem(problems.length ? t('kernel:settings.pluginInvalid') : null),
      () => setProblem(t('kernel:error.loadFailed')),
    );
  };
  return (
    <section data-testid={`plugin-settings-${plugin.id}`}>
      <h4 className="tessera-settings-heading">{t(plugin.titleKey)}</h4>
      <SchemaForm schema={plugin.settings as ObjectSchema} ns={plugin.id} actionKey="" keyPrefix="settings" value={value} onChange={onChange} errors={{}} />
      {problem && <Callout intent="warning">{problem}</Callout>}
    </section>
  );
}
