import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './kernel/shell/shell.css';
import { boot } from './kernel/boot';

// The plugins under plugins/, read when the page first has a session (docs/DECISIONS.md, "First-screen bundle").
void boot(async () => (await import('./plugin-manifests')).manifests, document.getElementById('root')!);
