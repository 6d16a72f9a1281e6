import { Breadcrumb, Classes, type BreadcrumbProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteDecision } from '../plugin/route-table';
import { HOME_PATH } from '../plugin/route-table';

/**
 * A home icon followed by translated labels. Drawn as Blueprint's breadcrumbs without their overflow
 * list, whose measuring `div` inside the `ol` is not a list item (axe: list) and whose landmark is
 * named "Breadcrumb" in every language.
 */
export function PageBreadcrumbs({ decision }: { decision: RouteDecision }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items: BreadcrumbProps[] = [{ icon: 'home', text: '', onClick: () => navigate(HOME_PATH), 'aria-label': t('breadcrumb.home') } as BreadcrumbProps];
  if (decision.kind === 'screen') {
    const { plugin, route } = decision.resolved;
    const pluginTitle = t(plugin.titleKey, { ns: plugin.id });
    const routeTitle = t(route.titleKey, { ns: plugin.id });
    items.push({ text: pluginTitle });
    if (routeTitle !== pluginTitle) items.push({ text: routeTitle });
  } else {
    items.push({ text: t('error.notFoundCrumb') });
  }
  return (
    <nav className="tessera-breadcrumbs" aria-label={t('breadcrumb.label')}>
      <ol className={Classes.BREADCRUMBS}>
        {items.map((item, i) => (
          <li key={i}>
            <Breadcrumb {...item} current={i === items.length - 1} />
          </li>
        ))}
      </ol>
    </nav>
  );
}
PageBreadcrumbs.displayName = 'PageBreadcrumbs';
