import { BusinessList } from './BusinessList';

export default function BmScreen() {
  return <BusinessList sourceId="route:/bm/index" />;
}
