// The Node baseline of docs/performance.md: first-party checks per second by
// @telegram-apps/init-data-node's `validate` on the same kind of launch the Rust benchmark checks.
// Usage: node bench.mjs [seconds=5]
import { sign, validate } from '@telegram-apps/init-data-node';

const token = '7000000001:AAE-sandbox_test_token_not_for_prod';
const seconds = Number(process.argv[2] ?? 5);
const raw = sign(
  {
    user: {
      id: 279058397,
      first_name: 'Vladislav + - ? \\/',
      last_name: 'Kibenko',
      username: 'vdkfrost',
      language_code: 'ru',
      is_premium: true,
      allows_write_to_pm: true,
      photo_url: 'https://t.me/i/userpic/320/4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg',
    },
    chat_instance: '8134722200314281151',
    chat_type: 'private',
    start_param: 'ref_42',
  },
  token,
  new Date(),
);

validate(raw, token);
for (let i = 0; i < 20000; i += 1) validate(raw, token);
let checks = 0;
const started = process.hrtime.bigint();
const until = started + BigInt(seconds * 1e9);
let now = started;
while (now < until) {
  for (let i = 0; i < 1000; i += 1) validate(raw, token);
  checks += 1000;
  now = process.hrtime.bigint();
}
const elapsed = Number(now - started) / 1e9;
const perSecond = checks / elapsed;
console.log(
  `node ${process.version} @telegram-apps/init-data-node validate: ${Math.round(perSecond)} checks/s, ` +
    `${(1e6 / perSecond).toFixed(2)} µs per check (${checks} checks in ${elapsed.toFixed(2)} s)`,
);
