import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Callout, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ORG_NAME_MAX } from '../../../protocol/api';

/*
 * A team's name, typed and sent: the team menu's "Create a team…" dialog (src/kernel/shell/TeamMenu.tsx)
 * and the team plugin's "Create the team" and "Rename" (plugins/team/views/MembersScreen.tsx, through
 * `@kernel`'s lazily loaded `TeamNameForm`) check it the same way and say the same words.
 */

export type TeamNameProblem = 'nameRequired' | 'nameTooLong' | 'nameControl';

/** What is wrong with a team's name as typed, or null (the server checks the same: 1–80 characters once trimmed, no control characters). */
export function teamNameProblem(name: string): TeamNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if ([...trimmed].length > ORG_NAME_MAX) return 'nameTooLong';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return 'nameControl';
  return null;
}

export interface TeamNameFormProps {
  /** The name the field starts with (a rename: the team's current name). */
  initial?: string;
  /** Sends the trimmed name; what it throws is shown under the field as `failure(reason)`. */
  onSubmit: (name: string) => Promise<void>;
  /** The sentence for a refusal, with the server's words as `reason`. */
  failure: (reason: string) => string;
  submitText: string;
  /** A cancel button, with its text. */
  onCancel?: () => void;
  cancelText?: string;
  /** Said under the field while nothing is wrong. */
  help?: string;
  /** The form's layout: a dialog's body and footer, or the field and its buttons in a row. */
  layout?: 'dialog' | 'inline';
  /** Shown above the field (a heading). */
  header?: ReactNode;
  inputId: string;
  autoFocus?: boolean;
  className?: string;
  testIds?: { input?: string; submit?: string; failure?: string };
}

/**
 * The name field, checked when sent and then as it is typed; the submit button, busy while `onSubmit`
 * runs; the refusal under it. Everything the operator and the server wrote is shown as text.
 */
export function TeamNameForm({
  initial = '', onSubmit, failure, submitText, onCancel, cancelText, help, layout = 'inline', header, inputId, autoFocus, className, testIds = {},
}: TeamNameFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const problem = teamNameProblem(name);
  const shown = checked ? problem : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (problem || busy) return;
    setBusy(true);
    setFailed(null);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      setFailed(failure(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  };

  const field = (
    <FormGroup label={t('teamSwitcher.nameLabel')} labelFor={inputId} intent={shown ? 'danger' : 'none'}
      helperText={shown ? t(`teamSwitcher.${shown}`, { max: ORG_NAME_MAX }) : help}>
      <InputGroup id={inputId} autoFocus={autoFocus} value={name} intent={shown ? 'danger' : 'none'} onValueChange={(v) => { setName(v); setFailed(null); }}
        data-testid={testIds.input} />
    </FormGroup>
  );
  const refusal = failed && <Callout intent="danger" compact data-testid={testIds.failure} data-team-error>{failed}</Callout>;
  const buttons = (
    <>
      {onCancel && layout === 'dialog' && <Button text={cancelText} onClick={onCancel} />}
      <Button type="submit" intent="primary" text={submitText} loading={busy} data-testid={testIds.submit} />
      {onCancel && layout === 'inline' && <Button variant="minimal" text={cancelText} onClick={onCancel} />}
    </>
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={className}>
      {layout === 'dialog' ? (
        <>
          <DialogBody>{header}{field}{refusal}</DialogBody>
          <DialogFooter actions={buttons} />
        </>
      ) : (
        <>
          {header}{field}{buttons}{refusal}
        </>
      )}
    </form>
  );
}
