// The undo contract (docs/UNDO.md), run for one area against the sandbox: every action that declares
// an inverse (`undo` in its handlers) has a case here, and each case writes, undoes, and finds the
// sandbox's objects exactly as they were before the write. An area's test file calls
// `undoContract(area, cases)` once at its top level, after `sandboxArea(id)`.
import { describe, expect, it } from 'vitest';
import type { Area } from './area-harness';
import type { ObjectState } from '../../src/kernel/plugin/types';
import { sameState } from '../../src/kernel/runner/undo';
import { itemIdOf, type JobItem } from '../../src/kernel/jobs/item';
import { runBatch } from '../../src/kernel/graph/batch';

export interface UndoCase {
  /** The item as the list gives it (a pair action's item carries `pair`). */
  item: JobItem;
  params?: unknown;
  /** The sandbox objects the write touches, as `/__sandbox/objects/<type>/<id>` names them. */
  objects: readonly (readonly [type: string, id: string])[];
  /** Keys of those objects that may differ afterwards for reasons of their own (a timestamp the platform sets). */
  ignore?: readonly string[];
}

/** Each case is made inside its test, from the sandbox's data of that test (reset before each one). */
export type UndoCases = Record<string, (area: Area) => UndoCase | Promise<UndoCase>>;

export function undoContract(area: Area, cases: UndoCases): void {
  describe('undo contract', () => {
    it('every action with an inverse has a case, and every case an inverse', () => {
      const declared = area.actions.filter((a) => a.undo).map((a) => a.id).sort();
      expect(declared).toEqual(Object.keys(cases).sort());
      // an action declares at most one of: reads only, cannot be undone, an inverse
      for (const a of area.actions) expect([a.readOnly, a.irreversible, !!a.undo].filter(Boolean).length, a.id).toBeLessThanOrEqual(1);
    });

    for (const [actionId, make] of Object.entries(cases)) {
      it(`${actionId}: write, undo, and the objects equal their before-state`, async () => {
        const c = await make(area);
        const action = area.action(actionId);
        const undo = action.undo!;
        const params = c.params ?? {};
        const snapshot = async () => Promise.all(c.objects.map(async ([type, id]) => {
          const { status, body } = await area.sb.getJson(`/__sandbox/objects/${type}/${id}`);
          expect(status, `${type} ${id}`).toBe(200);
          for (const key of c.ignore ?? []) delete (body as Record<string, unknown>)[key];
          return body;
        }));
        const ctx = { signal: new AbortController().signal, bridge: area.bridge };
        const itemId = itemIdOf(c.item);

        const objectsBefore = await snapshot();
        const before = (await undo.read([c.item], params, ctx)).get(itemId) ?? null;
        await area.run(actionId, c.item, params);
        const after = undo.after(c.item, params, before);
        const written = (await undo.read([c.item], params, ctx)).get(itemId) ?? null;
        // the write left the state it declares, and that state differs from the one before
        expect(sameState(written, after), `after the write: ${JSON.stringify(written)} vs ${JSON.stringify(after)}`).toBe(true);
        expect(sameState(written, before), 'the write changed nothing: pick a case that does').toBe(false);

        await undo.run(c.item, before, params, area.ctx());
        const back = (await undo.read([c.item], params, ctx)).get(itemId) ?? null;
        expect(sameState(back, before), `after the undo: ${JSON.stringify(back)} vs ${JSON.stringify(before)}`).toBe(true);
        expect(await snapshot()).toEqual(objectsBefore);

        if (undo.toBatch) {
          // the batched inverse (an undo job on a batching lane) restores the same
          await area.run(actionId, c.item, params);
          const [result] = await runBatch(area.bridge, [undo.toBatch(c.item, before, params)], { retry: false });
          expect(result!.ok, JSON.stringify(result!.body)).toBe(true);
          expect(await snapshot()).toEqual(objectsBefore);
        }
        // the undo's words name both states
        expect(undo.describe(c.item, before, after as ObjectState).key).toBeTruthy();
      });
    }
  });
}
