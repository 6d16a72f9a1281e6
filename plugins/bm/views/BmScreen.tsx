import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function BmScreen() {
  const { t } = useTranslation('bm');
  return <NotBuiltYet title={t('title')} />;
}
