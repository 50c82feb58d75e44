// Signs the launches of `count` distinct Telegram users with @telegram-apps/init-data-node, the
// independent implementation, for the tg_login load script (scripts/load-login.sh): what a real
// Mini App sends, never anything our own signer produced. Usage:
//   node sign-users.mjs <bot token> <count> [first user id] > users.txt
// Output: one init data string per line, users first_id .. first_id + count - 1, signed now.
import { sign } from '@telegram-apps/init-data-node';

const [token, countArg, firstArg = '7000000000'] = process.argv.slice(2);
const count = Number.parseInt(countArg ?? '', 10);
const first = Number.parseInt(firstArg, 10);
if (!token || !Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(first)) {
  console.error('usage: node sign-users.mjs <bot token> <count> [first user id]');
  process.exit(2);
}

const authDate = new Date();
const lines = [];
for (let i = 0; i < count; i += 1) {
  const id = first + i;
  // A typical private-chat launch (~560 bytes, like the validation benchmark's).
  const data = {
    user: {
      id,
      first_name: `Load ${i}`,
      last_name: 'Tester',
      username: `load_${id}`,
      language_code: 'en',
      is_premium: i % 5 === 0,
      allows_write_to_pm: true,
      photo_url: `https://t.me/i/userpic/320/${id}.svg`,
    },
    chat_instance: String(-3788475317572404878n + BigInt(i)),
    chat_type: 'private',
  };
  lines.push(sign(data, token, authDate));
}
process.stdout.write(`${lines.join('\n')}\n`);
