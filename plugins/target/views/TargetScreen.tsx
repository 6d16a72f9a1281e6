import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function TargetScreen() {
  const { t } = useTranslation('target');
  return <NotBuiltYet title={t('title')} />;
}
