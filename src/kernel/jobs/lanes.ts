/**
 * Lanes as plugins declare them (the manifest's `lanes`, docs/INTERFACES.md section 7), the kernel's
 * own lanes and the checks a declaration must pass. Shared by the plugin registry, which refuses a
 * plugin whose lanes fail them, and the runner, which schedules the lanes (runner/lanes.ts): so it sits
 * below both and imports nothing of either.
 */

/** One step of a lane's random delay: applies to jobs of at most `upTo` items (the last step has none). */
export interface JitterStep { upTo?: number; ms: [number, number] }

export interface LaneDeclaration {
  concurrency: number;
  /** Minimum time between two starts on the lane. */
  spacingMs: number;
  jitter?: JitterStep[];
  /** Items per batch request when the action can batch (at most 50). */
  batchSize?: number;
  /** Which usage header the lane's calls are scored by: the caller's (`app`) or per object (`business`). */
  usage?: 'app' | 'business';
}

/**
 * The kernel's own lanes, which any plugin may use (docs/INTERFACES.md section 7). A pacing that
 * belongs to one area (its batch endpoint, its anti-automation delays) is declared by that area's
 * plugin under `lanes` and defined by the runner (runner/lanes.ts) when the plugin loads.
 */
export const KERNEL_LANES: Readonly<Record<string, LaneDeclaration>> = {
  graph: { concurrency: 4, spacingMs: 200 },
  'graph-write': { concurrency: 2, spacingMs: 300, batchSize: 50 },
  /** List pages every 500 ms. */
  'list-pages': { concurrency: 1, spacingMs: 500 },
};

export const MAX_BATCH_SIZE = 50;

/**
 * What is wrong with a lane declaration beyond what the manifest schema checks, one readable sentence
 * each; empty when the lane is usable. The registry refuses a plugin with any.
 */
export function laneProblems(id: string, decl: LaneDeclaration): string[] {
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9-]{0,47}$/.test(id)) problems.push(`lane id "${id}" must be lower-case letters, digits and dashes`);
  if (!Number.isInteger(decl.concurrency) || decl.concurrency < 1) problems.push('concurrency must be a whole number of at least 1');
  if (!Number.isFinite(decl.spacingMs) || decl.spacingMs < 0) problems.push('spacingMs must be 0 or more');
  if (decl.batchSize !== undefined && (!Number.isInteger(decl.batchSize) || decl.batchSize < 1 || decl.batchSize > MAX_BATCH_SIZE)) {
    problems.push(`batchSize must be a whole number from 1 to ${MAX_BATCH_SIZE} (the platform's batch limit)`);
  }
  if (decl.usage !== undefined && decl.usage !== 'app' && decl.usage !== 'business') problems.push('usage must be "app" or "business"');
  const steps = decl.jitter;
  if (steps !== undefined) {
    if (!Array.isArray(steps) || steps.length === 0) problems.push('jitter must list at least one step');
    else {
      let previous = 0;
      steps.forEach((step, i) => {
        const last = i === steps.length - 1;
        const where = `jitter step ${i + 1}`;
        if (last && step.upTo !== undefined) problems.push(`${where} is the last one and must have no upTo (it covers every larger job)`);
        if (!last && step.upTo === undefined) problems.push(`${where} needs an upTo: only the last step is open-ended`);
        if (step.upTo !== undefined) {
          if (!Number.isInteger(step.upTo) || step.upTo < 1) problems.push(`${where}: upTo must be a whole number of at least 1`);
          else if (step.upTo <= previous) problems.push(`${where}: upTo ${step.upTo} must be larger than the step before (${previous})`);
          else previous = step.upTo;
        }
        const [min, max] = Array.isArray(step.ms) ? step.ms : [NaN, NaN];
        if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < 0) problems.push(`${where}: ms must be two delays of 0 or more`);
        else if (min > max) problems.push(`${where}: the shortest delay (${min} ms) is longer than the longest (${max} ms)`);
      });
    }
  }
  return problems;
}
