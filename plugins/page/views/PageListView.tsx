import type { ViewProps } from '@kernel';
import { PageList } from './PageList';

export default function PageListView(props: ViewProps) {
  return <PageList sourceId={props.tileId} followed={props.followedSelection} />;
}
