// The runner's schemas load with its validators (src/kernel/runner/params.ts): before, a schema is its
// secret fields alone, so a draft made then still splits every secret off the stored parameters.
import { describe, expect, it, vi } from 'vitest';
import { schemaKeys } from '../../src/generated/schema-index.js';

describe('schemas before and after they load', () => {
  it('answers secret fields before the schemas load, the same as the whole schemas do after', async () => {
    // a page before its first need (the unit tests' setup loads the validators: fresh modules here)
    vi.resetModules();
    const { compiledSchemas, loadValidators, prepareOnlySecrets, secretFields } = await import('../../src/kernel/runner/params');
    const { loadedSchemas } = await import('../../src/kernel/validators');
    expect(loadedSchemas()).toBeNull();
    const before = new Map([...schemaKeys].map((key) => {
      const schema = compiledSchemas.schema(key);
      return [key, { names: secretFields(schema), prepareOnly: prepareOnlySecrets(schema) }];
    }));
    expect(before.get('page.deletePage')).toEqual({ names: ['password'], prepareOnly: ['password'] });
    expect(compiledSchemas.schema('no.such.schema')).toBeUndefined();
    expect(compiledSchemas.schema('adaccount.rename')?.properties).toBeUndefined(); // no secrets: nothing yet
    expect(compiledSchemas.ready?.()).toBe(false);

    await loadValidators();
    expect(compiledSchemas.ready?.()).toBe(true);
    // the whole schema now, with its other fields
    expect(Object.keys(compiledSchemas.schema('adaccount.rename')?.properties ?? {}).length).toBeGreaterThan(0);
    for (const key of schemaKeys) {
      const schema = compiledSchemas.schema(key);
      expect({ key, names: secretFields(schema), prepareOnly: prepareOnlySecrets(schema) }).toEqual({ key, ...before.get(key) });
    }
    expect([...before.values()].some((s) => s.names.length > 0)).toBe(true);
  });
});
