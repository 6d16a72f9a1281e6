import { useState } from 'react';
import { Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WatchType } from '../../../protocol/api/watch';
import { WatchTimeline } from '../list/WatchChanges';
import { ObjectAudit } from './ObjectAudit';
import './object-history.css';

/**
 * An object's history in its detail panel (docs/TEAMS.md, "Where it stands"): two tabs, the changes the
 * watch saw (src/kernel/list/WatchChanges.tsx, the timeline, shown first) and the audit entries of what
 * Tessera's jobs wrote to it (src/kernel/shell/ObjectAudit.tsx). Only the chosen tab is rendered, so the
 * audit entries are asked for only once the operator opens their tab.
 */
export function ObjectHistory({ type, id }: { type: WatchType; id: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('changes');
  return (
    <div className="tessera-object-history" data-object-history={`${type}:${id}`}>
      <Tabs id={`tessera-object-history-${type}`} selectedTabId={tab} onChange={(next) => setTab(next)} renderActiveTabPanelOnly>
        <Tab id="changes" title={t('objectHistory.changes')} panel={<WatchTimeline type={type} id={id} />} data-testid="object-history-changes" />
        <Tab id="audit" title={t('objectHistory.audit')} panel={<ObjectAudit id={id} />} data-testid="object-history-audit" />
      </Tabs>
    </div>
  );
}
