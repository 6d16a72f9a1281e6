import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function FriendScreen() {
  const { t } = useTranslation('friend');
  return <NotBuiltYet title={t('title')} />;
}
