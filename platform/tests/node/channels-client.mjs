// Watches channels with the real npm `centrifuge` client, default options, as the miniapp does.
// Run by the rewards tests:
//   node channels-client.mjs <websocket url> <token> <channel>...
// Prints one JSON line per event: {"subscribed": channel} once each subscription is in place,
// {"channel": channel, "data": ...} for each publication. Disconnects and exits when standard
// input closes; exits non-zero after 60 s or on a refused subscription.
import { Centrifuge } from 'centrifuge';
import WebSocket from 'ws';

const [url, token, ...channels] = process.argv.slice(2);
if (!url || !token || channels.length === 0) {
  console.error('usage: channels-client.mjs <url> <token> <channel>...');
  process.exit(2);
}

const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const timeout = setTimeout(() => {
  console.error('timed out');
  process.exit(1);
}, 60_000);

// Node 20 has no global WebSocket; `ws` stands in for the browser's.
const client = new Centrifuge(url, { token, websocket: WebSocket });
client.on('error', (ctx) => console.error(`client error: ${JSON.stringify(ctx)}`));
for (const channel of channels) {
  const subscription = client.newSubscription(channel);
  subscription.on('subscribed', () => print({ subscribed: channel }));
  subscription.on('publication', (ctx) => print({ channel, data: ctx.data }));
  subscription.on('unsubscribed', (ctx) => {
    if (ctx.code !== 0) {
      console.error(`refused ${channel}: ${JSON.stringify(ctx)}`);
      process.exit(1);
    }
  });
  subscription.subscribe();
}
client.connect();

process.stdin.resume();
process.stdin.on('end', () => {
  client.on('disconnected', () => {
    clearTimeout(timeout);
    process.exit(0);
  });
  client.disconnect();
});
