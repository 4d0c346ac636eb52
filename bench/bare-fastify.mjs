// The reference for HTTP figures: one Fastify route answering a small JSON, in a process of its
// own, as the app runs in its own. Prints `listening on <port>` once it accepts connections.
import Fastify from 'fastify';

const app = Fastify();
app.get('/ping', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening on ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
