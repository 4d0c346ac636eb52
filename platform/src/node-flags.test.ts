import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags.js';

const root = new URL('../../', import.meta.url);

describe('the Node flags the app runs with', () => {
  it('given `npm start` and the Docker image, then both start the app with the flags the tests and the bench use', () => {
    const start: string = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts.start;
    expect(start).toContain(`node ${NODE_FLAGS.join(' ')} cli/dist/main.js start`);
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    expect(dockerfile).toContain(`ENV NODE_OPTIONS=${NODE_FLAGS.join(' ')}`);
  });

  it('given this Node, then it takes the flags, also from NODE_OPTIONS, and AsyncLocalStorage keeps its store across awaits', () => {
    const script =
      "const { AsyncLocalStorage } = require('node:async_hooks'); const als = new AsyncLocalStorage();" +
      "als.run('familie', async () => { await new Promise((r) => setTimeout(r, 1)); await null; console.log(als.getStore()); });";
    expect(execFileSync(process.execPath, [...NODE_FLAGS, '-e', script], { encoding: 'utf8' }).trim()).toBe('familie');
    const env = { ...process.env, NODE_OPTIONS: NODE_FLAGS.join(' ') };
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env }).trim()).toBe('familie');
  });
});
