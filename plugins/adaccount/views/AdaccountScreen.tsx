import { AccountList } from './AccountList';

export default function AdaccountScreen() {
  return <AccountList sourceId="route:/adaccount/index" />;
}
