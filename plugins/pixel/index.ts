import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'pixel',
  titleKey: 'title',
  icon: 'locate',
  order: 5,
  routes: [{ path: '/pixel/index', titleKey: 'routeTitle', component: () => import('./views/PixelScreen') }],
  views: [{ id: 'pixel.list', titleKey: 'views.list', rowType: 'pixel', component: () => import('./views/PixelListView') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
