import { FriendArea } from './FriendArea';

export default function FriendScreen() {
  return <FriendArea sourceId="route:/friend/index" />;
}
