import { PageList } from './PageList';

export default function PageScreen() {
  return <PageList sourceId="route:/page/index" />;
}
