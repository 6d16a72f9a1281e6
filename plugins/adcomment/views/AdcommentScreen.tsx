import { AdcommentArea } from './AdcommentArea';

export default function AdcommentScreen() {
  return <AdcommentArea sourceId="route:/adcomment/index" />;
}
