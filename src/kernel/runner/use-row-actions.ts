import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { canAccess } from '../plugin/roles';
import { useExtensionState } from '../bridge/extension-status';
import { useDocCatalogue } from '../graph/doc-catalogue';
import { refusalText } from './refusal-text';
import { useRunner } from './RunnerHost';

/** One action an operator may run on rows of a type; `disabled` says why it cannot run now. */
export interface RowAction { actionId: string; title: string; pluginTitle: string; disabled: string | null }

/**
 * The actions of every usable plugin that target `rowType` and the user's role may run, each with
 * the reason it cannot run now (a newer extension needed, web operations not known yet…). Shared by
 * the command palette and an object's detail panel.
 */
export function useRowActions(rowType: string | null): RowAction[] {
  const { t } = useTranslation();
  const { plugins, user } = useKernel();
  const runner = useRunner();
  const extension = useExtensionState();
  // An action whose web operations have no document id turns usable when the catalogue arrives.
  const catalogue = useDocCatalogue();
  return useMemo<RowAction[]>(() => {
    if (!rowType) return [];
    return plugins.flatMap((p) => p.actions
      .filter((a) => a.target === rowType && canAccess(a.roles, user?.role))
      .map((a) => {
        const refusal = runner.availability(a.id);
        return { actionId: a.id, title: t(a.titleKey, { ns: p.id }), pluginTitle: t(p.titleKey, { ns: p.id }), disabled: refusal ? refusalText(refusal, t) : null };
      }));
  }, [plugins, rowType, user?.role, t, runner, extension, catalogue]); // eslint-disable-line react-hooks/exhaustive-deps
}
