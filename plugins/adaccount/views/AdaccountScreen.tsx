import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function AdaccountScreen() {
  const { t } = useTranslation('adaccount');
  return <NotBuiltYet title={t('title')} />;
}
