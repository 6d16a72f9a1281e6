import { NotBuiltYet, type ViewProps } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function BmListView(_props: ViewProps) {
  const { t } = useTranslation('bm');
  return <NotBuiltYet title={t('views.list')} />;
}
