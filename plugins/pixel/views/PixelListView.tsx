import { NotBuiltYet, type ViewProps } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function PixelListView(_props: ViewProps) {
  const { t } = useTranslation('pixel');
  return <NotBuiltYet title={t('views.list')} />;
}
