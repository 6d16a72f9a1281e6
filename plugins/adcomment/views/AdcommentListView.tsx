import { NotBuiltYet, type ViewProps } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function AdcommentListView(_props: ViewProps) {
  const { t } = useTranslation('adcomment');
  return <NotBuiltYet title={t('views.list')} />;
}
