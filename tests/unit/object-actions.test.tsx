import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { ObjectActions } from '../../src/kernel/runner/ObjectActions';

const locales = {
  'zh-CN': { title: '演示', actions: { check: { title: '检查' }, rename: { title: '改名' }, like: { title: '点赞' } } },
  'en-US': { title: 'Demo', actions: { check: { title: 'Check' }, rename: { title: 'Rename' }, like: { title: 'Like' } } },
};

const Detail = () => <ObjectActions rowType="adaccount" item={{ id: 'act_7', name: 'Seven' }} />;

const demo = {
  id: 'demo',
  routes: [{ path: '/demo/index', component: async () => ({ default: Detail }) }],
  actions: [
    { verb: 'check', target: 'adaccount', run: async () => {} },
    { verb: 'rename', target: 'adaccount', run: async () => {} },
    { verb: 'like', target: 'post', run: async () => {} },
  ],
  locales,
};

describe('an object\'s actions in its detail panel', () => {
  it('lists the actions for its row type only, and opens the action\'s dialog for that one object', async () => {
    await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const panel = await screen.findByTestId('object-actions');
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['Check', 'Rename']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/Rename/);
    expect(dialog.textContent).toMatch(/1 item/);
  });
});
