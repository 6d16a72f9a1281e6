import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function AdcommentScreen() {
  const { t } = useTranslation('adcomment');
  return <NotBuiltYet title={t('title')} />;
}
