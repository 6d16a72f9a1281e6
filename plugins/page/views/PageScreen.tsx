import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function PageScreen() {
  const { t } = useTranslation('page');
  return <NotBuiltYet title={t('title')} />;
}
