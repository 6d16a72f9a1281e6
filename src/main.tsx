import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './kernel/shell/shell.css';
import { boot } from './kernel/boot';

// Every plugin folder's manifest module; manifests are declarative, so importing them runs no plugin code.
const manifests = import.meta.glob('/plugins/*/index.ts', { eager: true });

void boot(manifests, document.getElementById('root')!);
