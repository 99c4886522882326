import type { SandboxPart } from '@oja/core/sandbox';
import qr from './index';

export const sandbox: SandboxPart = { routes: [] };

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...qr, sandbox };
