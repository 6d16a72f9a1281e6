import type { ViewProps } from '@kernel';
import { RequestList } from './FriendArea';

/** The tile: received and sent requests in one list. */
export default function FriendListView(props: ViewProps) {
  return <RequestList sourceId={props.tileId} followed={props.followedSelection} />;
}
