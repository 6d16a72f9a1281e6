// The page area's rules: the page id guard, the list's alternate-token retry and stop-on-first-failed-page, the rename status rule, the
// HTML-to-text reduction (hostile HTML stays inert), keyword merging and the dry run's checks.
import { describe, expect, it } from 'vitest';
import { GraphError, type Bridge } from '../../../src/kernel/bridge/bridge';
import type { BridgeResponse } from '../../../protocol';
import { htmlToText, renameStatus } from '../text';
import { loadPages, rereadPages, REREAD_MAX } from '../load';
import { mergeKeywords } from '../keywords';
import { taskProblem, lines } from '../checks';
import { asPage as pageId } from '../../../src/kernel/platform/ids';

/** A bridge whose sends are answered by `answer` and recorded. */
function fakeBridge(answer: (url: string, body?: string) => BridgeResponse) {
  const sent: { url: string; body?: string }[] = [];
  const bridge = {
    transport: {} as never,
    send: async (url: string, init: { body?: string }) => { sent.push({ url, body: init.body }); return answer(url, init.body); },
    graph: async () => { throw new Error('not used'); },
  } as unknown as Bridge;
  return { bridge, sent };
}
const ok = (body: unknown): BridgeResponse => ({ ok: true, status: 200, headers: {}, body });
const fail = (code: number, message: string): BridgeResponse => ({ ok: false, status: 400, headers: {}, body: { error: { code, message } } });

describe('page ids', () => {
  it('refuses a non-digit page id before any path is built from it', () => {
    expect(() => pageId('123/../me')).toThrow(GraphError);
    expect(pageId('104000000000001')).toBe('104000000000001');
  });
});

describe('the page list', () => {
  const accounts = (ids: string[], next?: string) => ok({ data: ids.map((id) => ({ id, name: `P${id}` })), paging: next ? { next } : {} });

  it('retries the first page with the alternate token when the user token gets an error, and keeps that token', async () => {
    const { bridge, sent } = fakeBridge((url) => (url.includes('{{access_token_alt}}')
      ? (url.includes('after=') ? accounts(['3']) : accounts(['1', '2'], 'https://graph.facebook.com/v19.0/1/accounts?after=x&access_token={{access_token_alt}}'))
      : fail(190, 'Error validating access token')));
    const r = await loadPages(bridge, { sleep: async () => {} });
    expect(r.token).toBe('access_token_alt');
    expect(r.rows.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(sent.map((s) => /access_token=([^&]*)/.exec(s.url)![1])).toEqual(['{{access_token}}', '{{access_token_alt}}', '{{access_token_alt}}']);
  });

  it('stops on the first failed page and keeps what came before, with the error', async () => {
    let n = 0;
    const { bridge, sent } = fakeBridge(() => {
      n += 1;
      if (n === 1) return accounts(['1'], 'https://graph.facebook.com/v19.0/9/accounts?after=a&access_token={{access_token}}');
      if (n === 2) return fail(1, 'Please reduce the amount of data');
      return accounts(['never']);
    });
    const r = await loadPages(bridge, { sleep: async () => {} });
    expect(r.rows.map((p) => p.id)).toEqual(['1']);
    expect(r.stoppedBy?.message).toBe('Please reduce the amount of data');
    expect(sent).toHaveLength(2);
  });

  it('fails with the graph message when both tokens are refused', async () => {
    const { bridge } = fakeBridge(() => fail(190, 'Session has expired'));
    await expect(loadPages(bridge, { sleep: async () => {} })).rejects.toThrow('Session has expired');
  });
});

describe('reading again the pages a job touched', () => {
  const pageOf = (url: string) => /v\d+\.\d+\/(\d+)\?/.exec(url)?.[1];
  const accounts = (ids: string[]) => ok({ data: ids.map((id) => ({ id, name: `P${id}` })), paging: {} });

  it('reads each touched page with the list fields, falls back to the alternate token, keeps out what cannot be read', async () => {
    const { bridge, sent } = fakeBridge((url) => {
      const id = pageOf(url);
      if (id === '2' && url.includes('{{access_token}}')) return fail(190, 'Error validating access token');
      if (id === '3') return fail(100, 'Object does not exist');
      return ok({ id, name: `Page ${id} now`, is_published: id !== '1' });
    });
    const rows = await rereadPages(bridge, ['1', '2', '3']);
    expect(rows.map((p) => [p.id, p.name]).sort()).toEqual([['1', 'Page 1 now'], ['2', 'Page 2 now']]);
    expect(sent.every((s) => s.url.includes('fields=') && !s.url.includes('/accounts'))).toBe(true);
    expect(sent.filter((s) => pageOf(s.url) === '2').map((s) => /access_token=([^&]*)/.exec(s.url)![1])).toEqual(['{{access_token}}', '{{access_token_alt}}']);
  });

  it('reads the whole list again past the re-read limit', async () => {
    const { bridge, sent } = fakeBridge(() => accounts(['1', '2']));
    const ids = Array.from({ length: REREAD_MAX + 1 }, (_, i) => String(i + 1));
    const rows = await rereadPages(bridge, ids, { sleep: async () => {} });
    expect(rows.map((p) => p.id)).toEqual(['1', '2']);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toContain('/me/accounts');
  });

  it('refuses an id that is not a page id without sending it', async () => {
    const { bridge, sent } = fakeBridge(() => ok({ id: '1' }));
    expect(await rereadPages(bridge, ['1/roles'])).toEqual([]);
    expect(sent).toHaveLength(0);
  });
});

describe('the rename reply', () => {
  it('status 1 only when the reply carries the pseudonymous name field', () => {
    expect(renameStatus('<form><input type="text" name="pseudonymous_name" value="x"></form>')).toBe(1);
    expect(renameStatus("<input name='pseudonymous_name'>")).toBe(1);
    expect(renameStatus('<div>You can\'t change this name right now</div>')).toBe(0);
    // the words in text (a page name could carry them) are not the field
    expect(renameStatus('<p>name="pseudonymous_name" is what we call it</p>')).toBe(0);
    expect(renameStatus('<p>pseudonymous_name</p>')).toBe(0);
  });

  it('reduces HTML to plain text: tags dropped, entities decoded, scripts and styles gone', () => {
    expect(htmlToText('<div><b>Name</b> is being&nbsp;reviewed.<br>Tips: wait &amp; see &#39;3&#39; days</div>')).toBe("Name is being reviewed.\nTips: wait & see '3' days");
    expect(htmlToText('<script>alert(1)</script><style>p{}</style>Hello<!-- x -->')).toBe('Hello');
  });

  it('keeps hostile HTML inert: what comes out is text that renders as text, never markup', () => {
    const hostile = '<img src=x onerror="alert(1)"><svg onload=alert(2)>&lt;script&gt;alert(3)&lt;/script&gt;<a href="javascript:alert(4)">tips</a><scr<script>ipt>alert(5)</script>';
    const text = htmlToText(hostile);
    expect(text).not.toMatch(/onerror|onload|javascript:|<img|<svg|<a /i);
    expect(text).toContain('<script>alert(3)</script>'); // decoded entities are text now, shown as characters
    const el = document.createElement('div');
    el.textContent = text; // how the plugin shows it
    expect(el.querySelector('*')).toBeNull();
  });
});

describe('keywords and checks', () => {
  it('adds, removes and replaces keywords case-insensitively without duplicates', () => {
    expect(mergeKeywords(['Spam', 'scam'], ['spam', 'free money', ' '], 'add')).toEqual(['Spam', 'scam', 'free money']);
    expect(mergeKeywords(['Spam', 'scam'], ['SPAM'], 'remove')).toEqual(['scam']);
    expect(mergeKeywords(['Spam'], ['a', 'A', 'b'], 'replace')).toEqual(['a', 'b']);
    expect(lines('a\r\n\n b \nA\nc')).toEqual(['a', 'b', 'c']);
  });

  it('the dry run flags a page where the operator lacks the task, and lets a pasted page through', () => {
    expect(taskProblem({ id: '1', name: 'P', tasks: ['ADVERTISE'] }, 'MANAGE')).toMatchObject({ key: 'preflight.noTask' });
    expect(taskProblem({ id: '1', tasks: ['MANAGE', 'MODERATE'] }, 'MODERATE')).toBeNull();
    expect(taskProblem({ id: '1' }, 'MANAGE')).toBeNull();
    expect(taskProblem({ id: 'act_1' }, 'MANAGE')).toMatchObject({ key: 'preflight.notPage' });
  });
});
