// Signs init data with @telegram-apps/init-data-node, the independent implementation our validator
// must agree with. Input (argv[2]): JSON {"token": "...", "cases": [{"auth_date": <unix seconds>,
// "data": {<snake_case init data: user, start_param, query_id, chat_type, chat_instance...>}}]}.
// Output: one signed init data string per case, one per line.
import { sign } from '@telegram-apps/init-data-node';

const { token, cases } = JSON.parse(process.argv[2]);
for (const { auth_date: authDate, data } of cases) {
  console.log(sign(data, token, new Date(authDate * 1000)));
}
