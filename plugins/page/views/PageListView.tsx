import { NotBuiltYet, type ViewProps } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function PageListView(_props: ViewProps) {
  const { t } = useTranslation('page');
  return <NotBuiltYet title={t('views.list')} />;
}
