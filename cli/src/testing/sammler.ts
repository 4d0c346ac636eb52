import { Writable } from 'node:stream';

/** A writable stream that keeps what a CLI command prints (its stdout or stderr), for assertions. */
export const collector = () => {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
};
