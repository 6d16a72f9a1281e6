import { NotBuiltYet, type ViewProps } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function AdaccountListView(_props: ViewProps) {
  const { t } = useTranslation('adaccount');
  return <NotBuiltYet title={t('views.list')} />;
}
