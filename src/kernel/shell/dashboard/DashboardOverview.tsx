import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import './dashboard.css';
import { NeedsMe } from './NeedsMe';
import { RecentItems } from './RecentItems';
import { WithAllStrings } from '../../i18n/AllStrings';

/** The scheduled checks' card loads when it scrolls into view (src/kernel/shell/dashboard/LastChecks.tsx). */
const LastChecks = lazy(async () => ({ default: (await import('./LastChecks')).LastChecks }));

/** The top of the dashboard: what needs the operator now, then the items they opened lately. */
export function DashboardOverview() {
  return (
    <div className="tessera-dashboard-overview" data-testid="dashboard-overview">
      <NeedsMe />
      <RecentItems />
    </div>
  );
}
DashboardOverview.displayName = 'DashboardOverview';

/**
 * The foot of the dashboard: when each scheduled check ran. A check that could not run is an alert at
 * the top (`checkFailed`, in "What needs you now"); this is the routine record, so its code loads only
 * once the operator scrolls to it (or at once where the page is short enough to show it).
 */
export function DashboardChecks() {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = place.current;
    if (seen || !el) return undefined;
    // no observer (not a browser): the card stays out, as it would below the fold
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) setSeen(true); }, { rootMargin: '100px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return (
    <div ref={place} className="tessera-dashboard-checks" data-testid="dashboard-checks">
      {/* its words are not the first screen's: every string loads with it */}
      {seen && <WithAllStrings><Suspense fallback={null}><LastChecks /></Suspense></WithAllStrings>}
    </div>
  );
}
DashboardChecks.displayName = 'DashboardChecks';
