import { describe, expect, it } from 'vitest';
import { OneOnItsWay } from './one-on-its-way.js';

/** A sender that takes up to `max` items per statement and answers after the test lets it. */
function sender(max: number) {
  const sent: number[][] = [];
  const open: (() => void)[] = [];
  const queue = new OneOnItsWay<number>(async (waiting) => {
    sent.push(waiting.splice(0, max));
    await new Promise<void>((resolve) => open.push(resolve));
  });
  const finishNext = async () => {
    open.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { sent, queue, finishNext };
}

describe('OneOnItsWay', () => {
  it('given nothing on its way, when an item comes, then it goes at once and alone', () => {
    const { sent, queue } = sender(10);
    queue.add(1);
    expect(sent).toEqual([[1]]);
  });

  it('given a statement on its way, when more come, then they wait and go together as the next one', async () => {
    const { sent, queue, finishNext } = sender(10);
    queue.add(1);
    queue.add(2);
    queue.add(3);
    expect(sent).toEqual([[1]]);
    await finishNext();
    expect(sent).toEqual([[1], [2, 3]]);
    await finishNext();
    queue.add(4);
    expect(sent).toEqual([[1], [2, 3], [4]]);
  });

  it('given more waiting than one statement takes, when the one on its way is done, then the rest go in order, a statement at a time', async () => {
    const { sent, queue, finishNext } = sender(2);
    for (const n of [1, 2, 3, 4, 5, 6]) queue.add(n);
    await finishNext();
    await finishNext();
    await finishNext();
    expect(sent).toEqual([[1], [2, 3], [4, 5], [6]]);
  });
});
