(() => {
  const root = document.getElementById('game');
  const token = root.dataset.token;
  const currency = root.dataset.currency;
  const subunit = Number(root.dataset.subunit);
  const decimals = Math.max(0, Math.round(Math.log10(subunit)));
  const bets = root.dataset.bets.split(',').map(Number);
  let balance = Number(root.dataset.balance);
  let betIndex = Math.min(2, bets.length - 1);
  const $ = (id) => document.getElementById(id);
  const money = (minor) => (minor / subunit).toFixed(decimals) + ' ' + currency;
  const STAR = '\u2605', HEART = '\u2665';
  const symbols = ['7', 'BAR', STAR, HEART, '\u2666', '\u2663'];
  const winning = { 100: ['7', '7', '7'], 20: ['BAR', 'BAR', 'BAR'],
    5: [STAR, STAR, STAR], 2: [HEART, HEART, HEART] };
  const pick = () => symbols[Math.floor(Math.random() * symbols.length)];
  function reelsFor(bet, win) {
    const multiplier = win / bet;
    if (winning[multiplier]) return winning[multiplier];
    if (multiplier === 1) {
      let third;
      do { third = pick(); } while (third === HEART);
      return [HEART, HEART, third];
    }
    let reels;
    do { reels = [pick(), pick(), pick()]; }
    while ((reels[0] === reels[1] && reels[1] === reels[2])
      || (reels[0] === HEART && reels[1] === HEART));
    return reels;
  }
  function render() {
    $('balance').textContent = money(balance);
    $('bet').textContent = money(bets[betIndex]);
    $('less').disabled = betIndex === 0;
    $('more').disabled = betIndex === bets.length - 1;
  }
  function say(text, kind) {
    $('message').textContent = text;
    $('message').className = kind || '';
  }
  $('less').addEventListener('click', () => { betIndex = Math.max(0, betIndex - 1); render(); });
  $('more').addEventListener('click', () => {
    betIndex = Math.min(bets.length - 1, betIndex + 1); render();
  });
  $('spin').addEventListener('click', async () => {
    const bet = bets[betIndex];
    $('spin').disabled = true;
    say('Spinning\u2026');
    try {
      const response = await fetch('/api/sandbox/game-sessions/' + encodeURIComponent(token) + '/spins', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: bet }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        say(body.message || ('The spin failed (' + response.status + ').'), 'error');
        return;
      }
      balance = body.balance;
      const reels = reelsFor(body.spin.bet, body.spin.win);
      ['r1', 'r2', 'r3'].forEach((id, i) => { $(id).textContent = reels[i]; });
      $('win').textContent = money(body.spin.win);
      if (body.spin.win > 0) say('You win ' + money(body.spin.win) + '!', 'won');
      else say('No win this time.');
    } catch (e) {
      say('No connection: the spin was not sent. Try again.', 'error');
    } finally {
      $('spin').disabled = false;
      render();
    }
  });
  render();
})();