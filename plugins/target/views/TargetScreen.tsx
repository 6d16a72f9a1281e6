import { TargetArea } from './TargetArea';

export default function TargetScreen() {
  return <TargetArea />;
}
