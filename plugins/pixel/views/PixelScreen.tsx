import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function PixelScreen() {
  const { t } = useTranslation('pixel');
  return <NotBuiltYet title={t('title')} />;
}
