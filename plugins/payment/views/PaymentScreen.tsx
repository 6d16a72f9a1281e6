import { NotBuiltYet } from '@kernel';
import { useTranslation } from 'react-i18next';

export default function PaymentScreen() {
  const { t } = useTranslation('payment');
  return <NotBuiltYet title={t('title')} />;
}
