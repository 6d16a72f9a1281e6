// The GraphQL document catalogue in the app: loaded from the server, asked by operation name;
// graphqlPost sends the catalogue's doc id and refuses an operation without one before sending.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/kernel/api/client';
import type { Bridge } from '../../src/kernel/bridge/bridge';
import {
  docIdFor, getDocCatalogue, loadDocCatalogue, missingOperations, MissingDocIdError, setDocCatalogue, setDocCatalogueTranslator,
} from '../../src/kernel/graph/doc-catalogue';
import { graphqlPost } from '../../src/kernel/graph/graphql';

const api = (answer: () => Promise<unknown>): ApiClient => ({
  get: async <T>() => (await answer()) as T,
  post: async () => { throw new Error('not used'); },
  request: async () => { throw new Error('not used'); },
});

function recordingBridge(sent: string[]): Bridge {
  return {
    transport: {} as Bridge['transport'],
    send: async (_url, init) => {
      sent.push(init.body ?? '');
      return { ok: true, status: 200, headers: {}, body: JSON.stringify({ data: { ok: 1 } }) } as never;
    },
    graph: async () => { throw new Error('not used'); },
  };
}

afterEach(() => {
  setDocCatalogue(null);
  setDocCatalogueTranslator(null);
});

describe('doc catalogue', () => {
  it('loads operation → doc id from the server; lookups and missing operations follow it', async () => {
    await loadDocCatalogue(api(async () => ({ AQuery: '111', BMutation: '222' })));
    expect(getDocCatalogue().status).toBe('ready');
    expect(docIdFor('AQuery')).toBe('111');
    expect(docIdFor('CQuery')).toBeNull();
    expect(docIdFor('constructor')).toBeNull();
    expect(missingOperations(['AQuery', 'CQuery', 'BMutation'])).toEqual(['CQuery']);
  });

  it('a failed load leaves every operation without an id', async () => {
    await loadDocCatalogue(api(async () => { throw new Error('offline'); }));
    expect(getDocCatalogue().status).toBe('error');
    expect(missingOperations(['AQuery'])).toEqual(['AQuery']);
  });

  it('graphqlPost sends the doc id and the operation name; without an id it throws a translatable error and sends nothing', async () => {
    setDocCatalogue({ AdAccountAppealStatusQuery: '29001000000000003' });
    const sent: string[] = [];
    const bridge = recordingBridge(sent);
    expect(await graphqlPost(bridge, { operation: 'AdAccountAppealStatusQuery', variables: { a: 1 } })).toEqual({ ok: 1 });
    const body = new URLSearchParams(sent[0]);
    expect(body.get('doc_id')).toBe('29001000000000003');
    expect(body.get('fb_api_req_friendly_name')).toBe('AdAccountAppealStatusQuery');

    const e = await graphqlPost(bridge, { operation: 'NoSuchQuery', variables: {} }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MissingDocIdError);
    expect((e as Error).message).toBe('This function is unavailable: the platform operation NoSuchQuery has no document id; ask your administrator');
    setDocCatalogueTranslator((key, values) => `${key}:${values.operation}`);
    expect(new MissingDocIdError('X').message).toBe('docCatalogue.missing:X');
    expect(sent).toHaveLength(1);
  });

  it('a post made while the catalogue loads waits for it', async () => {
    let release: (v: unknown) => void = () => {};
    const loading = loadDocCatalogue(api(() => new Promise((r) => { release = r; })));
    const sent: string[] = [];
    const post = graphqlPost(recordingBridge(sent), { operation: 'AQuery', variables: {} });
    release({ AQuery: '5' });
    await loading;
    await post;
    expect(new URLSearchParams(sent[0]).get('doc_id')).toBe('5');
  });
});
