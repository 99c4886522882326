// A real Redis for tests and the load bench: Debian's redis-server on a free local port, nothing saved to disk.
// stop() ends it; kill() takes it away at once (SIGKILL), as a crash would; start() again on the same port brings it
// back (an empty Redis, as after a crash with no persistence); pause() freezes it (SIGSTOP: connections stay open,
// nothing answers, as a stalled host) until resume(), with its data kept.
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];
/** How long redis-server may take to accept connections, ms. */
const START_TIMEOUT_MS = 10_000;

/** The redis-server binary, installing Debian's package when running as root on a machine without it. */
export function ensureRedisServer() {
  const found = () => process.env.REDIS_SERVER_PATH || CANDIDATES.find((p) => fs.existsSync(p));
  if (found()) return found();
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Installing redis-server from Debian packages…');
    execSync('(apt-get install -y -qq redis-server || (apt-get update -qq && apt-get install -y -qq redis-server)) >/dev/null', {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!found()) throw new Error('Missing: redis-server. Install Debian\'s "redis-server" package or set REDIS_SERVER_PATH.');
  return found();
}

/** A port nobody listens on right now. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(500, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      text += d;
      if (text.includes('\r\n')) {
        socket.destroy();
        resolve(text.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

/**
 * Starts redis-server on a free port (or the one given) and waits until it answers PING.
 * @returns {Promise<RedisServer>}
 */
export async function startRedis({ port } = {}) {
  const bin = ensureRedisServer();
  const p = port ?? (await freePort());
  let child;
  const handle = {
    port: p,
    url: `redis://127.0.0.1:${p}`,
    async start() {
      child = spawn(bin, ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const until = Date.now() + START_TIMEOUT_MS;
      while (Date.now() < until) {
        if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} (port ${p} taken?)`);
        if (await answersPing(p)) return handle;
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGKILL');
      await exited;
      throw new Error(`redis-server did not answer on port ${p} within ${START_TIMEOUT_MS / 1000} s`);
    },
    async stop(signal = 'SIGTERM') {
      if (!child || child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      // A paused Redis takes the signal only once it runs again.
      child.kill('SIGCONT');
      await exited;
    },
    kill() {
      return handle.stop('SIGKILL');
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
  await handle.start();
  // Should the test process end without stopping it, Redis goes with it.
  process.once('exit', () => child?.kill('SIGKILL'));
  return handle;
}
