import type { ViewProps } from '@kernel';
import { AdcommentArea } from './AdcommentArea';

export default function AdcommentListView(props: ViewProps) {
  return <AdcommentArea sourceId={props.tileId} followed={props.followedSelection} />;
}
