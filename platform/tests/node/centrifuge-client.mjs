// Drives the sandbox hub with the real npm `centrifuge` client, default options, as the miniapp
// does. Run by platform/tests/it/realtime.rs:
//   node centrifuge-client.mjs <websocket url> <token> <own player id> <other player id>
// Connects with the token, subscribes to its own wallet channel and to another player's, waits
// for one publication on its own and the refusal of the other, disconnects, and prints one JSON
// report line. Exits non-zero on a timeout.
import { Centrifuge } from 'centrifuge';
import WebSocket from 'ws';

const [url, token, ownId, otherId] = process.argv.slice(2);
if (!url || !token || !ownId || !otherId) {
  console.error('usage: centrifuge-client.mjs <url> <token> <own player id> <other player id>');
  process.exit(2);
}

const report = {};
const timeout = setTimeout(() => {
  console.error(`timed out: ${JSON.stringify(report)}`);
  process.exit(1);
}, 20_000);

// Node 20 has no global WebSocket; `ws` stands in for the browser's.
const client = new Centrifuge(url, { token, websocket: WebSocket });
client.on('connected', () => {
  report.connected = true;
});
client.on('error', (ctx) => console.error(`client error: ${JSON.stringify(ctx)}`));

const own = client.newSubscription(`wallet:accounts#${ownId}`);
const publication = new Promise((resolve) => own.on('publication', (ctx) => resolve(ctx.data)));
own.subscribe();

const others = client.newSubscription(`wallet:accounts#${otherId}`);
const refused = new Promise((resolve) =>
  others.on('unsubscribed', (ctx) => resolve({ code: ctx.code, reason: ctx.reason })),
);
others.subscribe();

const disconnected = new Promise((resolve) =>
  client.on('disconnected', (ctx) => resolve({ code: ctx.code, reason: ctx.reason })),
);
client.connect();

report.refused = await refused;
report.publication = await publication;
client.disconnect();
report.disconnected = await disconnected;
clearTimeout(timeout);
console.log(JSON.stringify(report));
