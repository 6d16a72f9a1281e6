import type { ViewProps } from '@kernel';
import { BusinessList } from './BusinessList';

export default function BmListView(props: ViewProps) {
  return <BusinessList sourceId={props.tileId} followed={props.followedSelection} />;
}
