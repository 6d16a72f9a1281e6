import { NotBuiltYet, type ViewProps } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function TargetListView(_props: ViewProps) {
  const { t } = useTranslation('target');
  return <NotBuiltYet title={t('views.list')} />;
}
