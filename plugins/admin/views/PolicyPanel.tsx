import { useEffect, useState } from 'react';
import { Button, Callout, Checkbox, HTMLTable, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, ROLES, apiPost, showToast, type PolicyView, type Role } from '@kernel';
import { errorText, useAdminData } from './use-admin';


/** Which plugins each role may use. A change reaches other users at their next navigation. */
export function PolicyPanel() {
  const { t } = useTranslation('admin');
  const { data, reload, api } = useAdminData(API.admin.policy);
  const settings = useAdminData(API.admin.settings);
  const [draft, setDraft] = useState<PolicyView['roles'] | null>(null);
  useEffect(() => { if (data) setDraft(data.roles); }, [data]);
  if (!data || !draft) return null;

  const toggle = (role: Role, plugin: string) =>
    setDraft({ ...draft, [role]: draft[role].includes(plugin) ? draft[role].filter((p) => p !== plugin) : [...draft[role], plugin] });
  const save = async () => {
    try {
      for (const role of ROLES) await apiPost(api, API.admin.setPolicy, { role, plugins: draft[role] });
      void showToast(t('policy.saved'), 'success');
      await reload();
    } catch (e) {
      void showToast(errorText(e), 'danger');
    }
  };
  const setSingleSession = async (value: boolean) => {
    try {
      await apiPost(api, API.admin.setSettings, { singleSessionPerUser: value });
      await settings.reload();
    } catch (e) {
      void showToast(errorText(e), 'danger');
    }
  };

  return (
    <div className="tessera-admin-panel tessera-scroll">
      <Callout intent="primary" icon="info-sign">{t('policy.help')}</Callout>
      <HTMLTable compact striped className="tessera-policy-table">
        <thead><tr><th>{t('policy.plugin')}</th>{ROLES.map((r) => <th key={r}>{t(`roles.${r}`)}</th>)}</tr></thead>
        <tbody>
          {data.plugins.map((plugin) => (
            <tr key={plugin} data-policy-plugin={plugin}>
              <td>{t(`plugins.${plugin}`, { defaultValue: plugin })} <code>{plugin}</code></td>
              {ROLES.map((role) => (
                <td key={role}>
                  <Checkbox aria-label={`${role} ${plugin}`} checked={draft[role].includes(plugin)} onChange={() => toggle(role, plugin)}
                    disabled={plugin === 'admin' && role === 'admin'} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Button intent="primary" icon="floppy-disk" text={t('policy.save')} onClick={() => void save()} />
      <h4>{t('settings.title')}</h4>
      <Switch checked={settings.data?.singleSessionPerUser ?? false} label={t('settings.singleSession')} onChange={(e) => void setSingleSession(e.currentTarget.checked)} />
    </div>
  );
}
