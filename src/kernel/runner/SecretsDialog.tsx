import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../core/focus-return';
import { schemas } from '../../generated/schemas.js';
import { useSettings } from '../core/settings';
import type { PluginAction } from '../plugin/types';
import { useRunner } from './RunnerHost';
import { SchemaForm, type ObjectSchema } from './SchemaForm';
import { refusalText } from './refusal-text';
import { RunnerRefusal, type JobRow } from './types';

/**
 * Asks again for a job's secret parameters (`writeOnly` in its schema), which are never stored: after
 * a reload (or a retry of a finished job) the job waits here for the operator.
 */
export function SecretsDialog({ job, action, fields, onClose }: { job: JobRow; action: PluginAction; fields: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  useReturnFocus(true);
  const { theme } = useSettings();
  const runner = useRunner();
  const [value, setValue] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const full = (action.schema ? schemas[action.schema] : undefined) as ObjectSchema | undefined;
  const schema: ObjectSchema = {
    properties: Object.fromEntries(fields.map((f) => [f, full?.properties?.[f] ?? { type: 'string', writeOnly: true }])),
    required: fields,
  };
  const submit = async () => {
    try {
      await runner.resume(job.id, value);
      onClose();
    } catch (e) {
      if (e instanceof RunnerRefusal && e.fieldErrors.length) {
        setErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message])));
        setRefusal(t('runner.fixFields'));
      } else setRefusal(e instanceof RunnerRefusal ? refusalText(e, t) : String(e));
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('runner.secretTitle')} icon="key" className={theme === 'dark' ? 'bp6-dark' : undefined}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate data-testid="secrets-dialog">
        <DialogBody>
          <p>{t('runner.secretHelp')}</p>
          <SchemaForm schema={schema} ns={action.pluginId} actionKey={action.verb} value={value} onChange={setValue} errors={errors} />
          {refusal && <Callout intent="danger">{refusal}</Callout>}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel')} onClick={onClose} />
          <Button type="submit" intent="primary" icon="play" text={t('runner.resume')} />
        </>} />
      </form>
    </Dialog>
  );
}
SecretsDialog.displayName = 'SecretsDialog';
