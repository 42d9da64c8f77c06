// The reference for the API's throughput: a bare Fastify route answering a constant, on the port given.
// Usage: node scripts/bench/lib/bare-server.ts PORT
import Fastify from 'fastify';

const app = Fastify();
app.get('/', () => ({ ok: true }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
