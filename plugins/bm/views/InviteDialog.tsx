import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { readPasted, showToast, useConfirmedStart, useRunner, useSettings, type Draft } from '@kernel';
import { BUSINESS_ROLES, DEFAULT_ROLE } from '../api';
import type { BusinessItem } from '../checks';

/** The pasted addresses, read the kernel's way (the multi-line rule, kept in lower case) and the lines that are not addresses. */
export function parseEmails(text: string): { emails: string[]; bad: { line: number; text: string }[] } {
  const lines = readPasted('email', text);
  return {
    emails: [...new Set(lines.flatMap((l) => (l.kind === 'id' ? [l.id] : [])))],
    bad: lines.flatMap((l) => (l.kind === 'refused' ? [{ line: l.line, text: l.text }] : [])),
  };
}

interface Effect { key: string | null; values?: Record<string, unknown>; label?: string; problem?: { key: string; values?: Record<string, unknown> } }

/**
 * Invites many addresses to many businesses as one runner job (`bm.inviteUser`, each business × address
 * one item), from the businesses' screen; the palette's action dialog takes the same list (its schema's
 * `email` format). The runner still validates the parameters against the schema, runs the dry run and the job.
 */
export function InviteDialog({ isOpen, items, onClose }: { isOpen: boolean; items: readonly BusinessItem[]; onClose: () => void }) {
  const { t } = useTranslation('bm');
  const runner = useRunner();
  const dark = useSettings().theme === 'dark';
  const [text, setText] = useState('');
  const [role, setRole] = useState<string>(DEFAULT_ROLE);
  const [preview, setPreview] = useState<{ effects: Effect[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { emails, bad } = parseEmails(text);
  const params = { emails, role };
  const say = (key: string, values: Record<string, unknown> = {}) => t(key, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v && typeof v === 'object' && 't' in v ? t(String((v as { t: unknown }).t)) : v])));

  // The job as it would start, made once by the runner for the preview and the start (a change of text or role drops it).
  const [draft, setDraft] = useState<Draft | null>(null);
  const close = () => { setPreview(null); setDraft(null); setError(null); onClose(); };
  const dryRun = async () => {
    setError(null);
    try {
      const made = runner.draft('bm.inviteUser', params, items);
      setDraft(made);
      const result = await runner.dryRun(made, 3);
      setPreview({ effects: ((result as { effects?: Effect[] }).effects ?? []), total: result.total });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const confirmed = useConfirmedStart();
  const start = () => {
    setError(null);
    let made: Draft;
    try {
      made = draft ?? runner.draft('bm.inviteUser', params, items);
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    // a big invitation (every business × every address) asks for the typed count first
    confirmed.ask({
      actionId: 'bm.inviteUser', count: made.planned.length,
      start: () => {
        try {
          runner.start(made);
          void showToast(t('invite.started'), 'primary');
          setText('');
          close();
        } catch (e) {
          setError((e as Error).message);
        }
      },
    });
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('invite.title', { count: items.length })} icon="new-person" className={dark ? 'bp6-dark' : undefined}>
      <DialogBody className="bm-invite">
        <FormGroup label={t('invite.emails')} labelFor="bm-invite-emails" helperText={t('invite.emailsHelp')}>
          <TextArea id="bm-invite-emails" fill rows={5} value={text} onChange={(e) => { setText(e.currentTarget.value); setPreview(null); setDraft(null); }} />
          <div data-testid="bm-invite-count">{t('invite.count', { count: emails.length })}</div>
          {bad.map((b) => <div key={b.line} className="tessera-error-text">{t('invite.badLine', { line: b.line, text: b.text })}</div>)}
        </FormGroup>
        <FormGroup label={t('invite.role')} labelFor="bm-invite-role">
          <HTMLSelect id="bm-invite-role" value={role} onChange={(e) => { setRole(e.currentTarget.value); setPreview(null); setDraft(null); }}
            options={BUSINESS_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </FormGroup>
        {preview && (
          <div data-testid="bm-invite-preview">
            <ul>{preview.effects.slice(0, 20).map((e, i) => <li key={i} className="tessera-pre">{e.key ? say(e.key, e.values) : e.label}</li>)}</ul>
            {preview.effects.some((e) => e.problem) && (
              <Callout intent="warning" compact title={t('invite.problems')}>
                {preview.effects.filter((e) => e.problem).slice(0, 20).map((e, i) => <div key={i} className="tessera-pre">{say(e.problem!.key, e.problem!.values)}</div>)}
              </Callout>
            )}
          </div>
        )}
        {error && <Callout intent="danger" compact className="tessera-pre">{error}</Callout>}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('invite.cancel')} onClick={close} />
        <Button text={t('invite.preview')} disabled={emails.length === 0 || items.length === 0} onClick={() => void dryRun()} data-testid="bm-invite-preview-button" />
        <Button intent="primary" text={t('invite.start')} disabled={emails.length === 0 || bad.length > 0 || items.length === 0} onClick={start} data-testid="bm-invite-start" />
      </>} />
      {confirmed.dialog}
    </Dialog>
  );
}
