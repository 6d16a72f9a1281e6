import { PixelList } from './PixelList';

export default function PixelScreen() {
  return <PixelList sourceId="route:/pixel/index" />;
}
