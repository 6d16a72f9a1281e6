import { NotBuiltYet, type ViewProps } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function FriendListView(_props: ViewProps) {
  const { t } = useTranslation('friend');
  return <NotBuiltYet title={t('views.list')} />;
}
