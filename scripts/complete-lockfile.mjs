// Completes package-lock.json with the platform binaries that this machine's npm registry mirror
// does not serve (other systems' builds of Rollup and Biome). npm 11's `npm ci` insists that every
// optional dependency named by a locked package has an entry, even one for another platform; npm
// install cannot write entries for packages the registry answers 404 for. Each added entry carries
// the os/cpu/libc read from its name, so `npm ci` skips it here and installs it on that platform.
// Run after `npm install` has changed the lockfile:  node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'sunos', 'win32', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el'];

const platformOf = (name) => {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc =
    parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : parts.includes('gnu') || parts.includes('gnueabihf') ? 'glibc' : null;
  return { os, cpu, libc };
};

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${path}/${key}`]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os || !cpu) continue; // not a platform binary: leave it to npm
    lock.packages[key] = {
      version: range.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
