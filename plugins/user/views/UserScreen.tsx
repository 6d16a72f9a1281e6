import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function UserScreen() {
  const { t } = useTranslation('user');
  return <NotBuiltYet title={t('title')} />;
}
