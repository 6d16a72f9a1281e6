import { PlatformCheckScreen } from '@kernel';

/** The platform check on its own screen (the kernel's, src/kernel/check/PlatformCheckScreen.tsx). */
export default function PlatformScreen() {
  return <PlatformCheckScreen />;
}
