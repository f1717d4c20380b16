// A throwaway PostgreSQL cluster for the browser tests of several nodes, as
// internal/pgtest makes one for the Go tests: initdb into a temporary
// directory, a server on a free loopback port, removed at the end. Debian's
// postgresql package (which .ci/run installs) provides the programs.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// binDir finds initdb and pg_ctl: PATH first, then Debian's versioned
// directories, newest first; null when PostgreSQL is not installed.
function binDir() {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = join(root, v, 'bin');
    if (existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

// freePort asks the kernel for a free loopback port.
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

// owner is who runs PostgreSQL: as root, Debian's postgres user (it refuses root).
function owner() {
  if (process.getuid?.() !== 0) return {};
  const id = flag => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export class Postgres {
  // available reports whether PostgreSQL's server programs are installed.
  static available() { return binDir() !== null; }

  async start() {
    this.bin = binDir();
    if (!this.bin) throw new Error('no PostgreSQL server programs: install Debian\'s postgresql package');
    this.dir = mkdtempSync(join(tmpdir(), 'gambit-e2e-pg-'));
    this.as = owner();
    if (this.as.uid !== undefined) chownSync(this.dir, this.as.uid, this.as.gid);
    this.port = await freePort();
    const data = join(this.dir, 'data');
    this.run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    this.run('pg_ctl', ['-D', data, '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l', join(this.dir, 'log'), '-w', '-t', '60', 'start']);
    return `postgres://postgres@127.0.0.1:${this.port}/postgres?sslmode=disable`;
  }

  run(prog, args) {
    execFileSync(join(this.bin, prog), args, { ...this.as, cwd: this.dir, env: { ...process.env, HOME: this.dir }, stdio: 'pipe' });
  }

  stop() {
    if (!this.dir) return;
    try { this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']); } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
