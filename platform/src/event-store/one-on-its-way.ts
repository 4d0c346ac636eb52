/**
 * One statement on its way at a time: what comes meanwhile waits, and goes together as the next
 * one. `sendSome` takes the items it sends from the front of the queue (at least one), answers
 * each of them itself and never throws; alone, an item goes at once. The event store groups its
 * appends and its reads after a revision this way, so that under load one round trip serves many
 * commands.
 */
export class OneOnItsWay<T> {
  private readonly waiting: T[] = [];
  private sending = false;

  constructor(private readonly sendSome: (waiting: T[]) => Promise<void>) {}

  add(item: T): void {
    this.waiting.push(item);
    if (!this.sending) void this.sendAll();
  }

  private async sendAll() {
    this.sending = true;
    try {
      while (this.waiting.length > 0) await this.sendSome(this.waiting);
    } finally {
      this.sending = false;
    }
  }
}
