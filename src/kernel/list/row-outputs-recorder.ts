import { useEffect } from 'react';
import { useBus, useKernel } from '../KernelProvider';
import { useRunner } from '../runner/RunnerHost';
import { recordJobOutputs } from './row-outputs';

/**
 * Keeps what finished jobs found (their items' outputs) under the objects they ran on, for every
 * list of the action's row type (row-outputs.ts). Mounted once, where the shell is.
 */
export function useRowOutputsRecorder(): void {
  const bus = useBus();
  const runner = useRunner();
  const { store, allPlugins } = useKernel();
  useEffect(() => {
    const onFinished = (e: { jobId: string; actionId: string }) => {
      for (const plugin of allPlugins) {
        const action = plugin.actions.find((a) => a.id === e.actionId);
        if (action?.output) recordJobOutputs(store, action.target, action.id, runner.items(e.jobId));
      }
    };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus, runner, store, allPlugins]);
}
