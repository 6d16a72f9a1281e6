import type { ViewProps } from '@kernel';
import { AccountList } from './AccountList';

export default function AdaccountListView(props: ViewProps) {
  return <AccountList sourceId={props.tileId} followed={props.followedSelection} />;
}
