/** A backing service (Postgres, Redis, EventStoreDB) cannot be reached; the message says how to start it. */
export class ServiceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}
