import type { ViewProps } from '@kernel';
import { TargetArea } from './TargetArea';

export default function TargetListView(_props: ViewProps) {
  return <TargetArea compact />;
}
