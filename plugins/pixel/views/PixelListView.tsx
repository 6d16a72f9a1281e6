import type { ViewProps } from '@kernel';
import { PixelList } from './PixelList';

export default function PixelListView(props: ViewProps) {
  return <PixelList sourceId={props.tileId} followed={props.followedSelection} />;
}
