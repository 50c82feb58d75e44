/*
 * The sandbox's stand-in for the operator's sportsbook widget (Altenar's `altenarWSDK`): the same
 * public surface (init, set, addSportsBook, addWidget), rendering the platform's sandbox book with
 * odds that move, a bet slip for singles and accumulators, and bets placed against the player's
 * wallet with the game session token from the play call. Plain JavaScript, no dependencies, no eval.
 */
(function () {
  'use strict'
  if (window.altenarWSDK) return

  var here = document.currentScript && document.currentScript.src
  var API = here ? new URL(here, window.location.href).origin : window.location.origin
  var REFRESH_MS = 30000

  var settings = { integration: '', culture: 'en-GB', token: '', themeName: 'light' }
  var views = []

  var STRINGS = {
    'en-GB': {
      sports: 'Sports', live: 'Live', myBets: 'My bets', search: 'Search', top: 'Top events', overview: 'Sportsbook',
      draw: 'Draw', toWin: '{team} to win at {odds}', drawAt: 'Draw at {odds}', slip: 'Bet slip', single: 'Single',
      acca: 'Accumulator ({n})', stake: 'Stake ({currency})', returns: 'Potential return: {amount}', place: 'Place bet',
      placing: 'Placing…', remove: 'Remove {name}', empty: 'Tap odds to add a selection.', placed: 'Bet #{id} placed.',
      oddsChanged: 'The odds have changed. Check them and place the bet again.', noEvents: 'No events here right now.',
      loading: 'Loading…', failed: 'This could not be loaded.', retry: 'Retry', signIn: 'Sign in to bet',
      signInHistory: 'Sign in to see your bets.', noBets: 'No bets yet.', open: 'Open', won: 'Won {amount}', lost: 'Lost',
      unavailable: 'This page is not available in the sandbox.', back: 'Back to the sportsbook', badStake: 'Enter a stake like 10 or 2.50.',
      result: 'Result: {result}', liveNow: 'Live', searchLabel: 'Team or championship', noResults: 'Nothing found.',
      over: 'This event is over.', championships: 'Championships', events: 'Events',
      results: 'Results', virtual: 'Virtual', settings: 'Settings', resultsTitle: 'Results', noFinished: 'No finished events yet.', finalScore: 'Final score: {home} {score} {away}', winner: 'Winner: {team}', drawn: 'The match was drawn.', details: 'Details of {name}', notFinished: 'This event has not finished yet.', virtualTitle: 'Virtual sports', virtualHint: 'A match kicks off every {cycle} minutes and lasts {length} minutes: bet before it starts, see the result minutes later.', latestResults: 'Latest results', oddsFormat: 'Odds format', decimal: 'Decimal (2.50)', fractional: 'Fractional (3/2)', american: 'American (+150)', saved: 'Saved. Odds now show as {format}.', oddsKept: 'Kept on this device.'
    },
    'ru-RU': {
      sports: 'Виды спорта', live: 'Live', myBets: 'Мои ставки', search: 'Поиск', top: 'Главные события', overview: 'Ставки на спорт',
      draw: 'Ничья', toWin: '{team} победит, коэффициент {odds}', drawAt: 'Ничья, коэффициент {odds}', slip: 'Купон', single: 'Одиночная',
      acca: 'Экспресс ({n})', stake: 'Ставка ({currency})', returns: 'Возможный выигрыш: {amount}', place: 'Сделать ставку',
      placing: 'Ставка…', remove: 'Убрать {name}', empty: 'Нажмите на коэффициент, чтобы добавить исход.', placed: 'Ставка №{id} принята.',
      oddsChanged: 'Коэффициенты изменились. Проверьте их и сделайте ставку снова.', noEvents: 'Сейчас здесь нет событий.',
      loading: 'Загрузка…', failed: 'Не удалось загрузить.', retry: 'Повторить', signIn: 'Войдите, чтобы сделать ставку',
      signInHistory: 'Войдите, чтобы увидеть свои ставки.', noBets: 'Ставок пока нет.', open: 'Открыта', won: 'Выигрыш {amount}', lost: 'Проигрыш',
      unavailable: 'Эта страница недоступна в песочнице.', back: 'К ставкам на спорт', badStake: 'Введите сумму, например 10 или 2.50.',
      result: 'Результат: {result}', liveNow: 'Live', searchLabel: 'Команда или турнир', noResults: 'Ничего не найдено.',
      over: 'Событие завершено.', championships: 'Турниры', events: 'События',
      results: 'Результаты', virtual: 'Виртуальный спорт', settings: 'Настройки', resultsTitle: 'Результаты', noFinished: 'Завершённых событий пока нет.', finalScore: 'Итоговый счёт: {home} {score} {away}', winner: 'Победитель: {team}', drawn: 'Матч завершился вничью.', details: 'Подробнее: {name}', notFinished: 'Это событие ещё не завершено.', virtualTitle: 'Виртуальный спорт', virtualHint: 'Матч начинается каждые {cycle} минут и длится {length} минуты: ставьте до начала, результат — через несколько минут.', latestResults: 'Последние результаты', oddsFormat: 'Формат коэффициентов', decimal: 'Десятичный (2.50)', fractional: 'Дробный (3/2)', american: 'Американский (+150)', saved: 'Сохранено. Коэффициенты показаны в формате: {format}.', oddsKept: 'Сохраняется на этом устройстве.'
    },
    'es-ES': {
      sports: 'Deportes', live: 'En vivo', myBets: 'Mis apuestas', search: 'Buscar', top: 'Eventos destacados', overview: 'Apuestas deportivas',
      draw: 'Empate', toWin: '{team} gana a {odds}', drawAt: 'Empate a {odds}', slip: 'Boleto', single: 'Simple',
      acca: 'Combinada ({n})', stake: 'Importe ({currency})', returns: 'Ganancia posible: {amount}', place: 'Apostar',
      placing: 'Apostando…', remove: 'Quitar {name}', empty: 'Toca una cuota para añadir una selección.', placed: 'Apuesta n.º {id} realizada.',
      oddsChanged: 'Las cuotas han cambiado. Revísalas y apuesta de nuevo.', noEvents: 'Ahora no hay eventos aquí.',
      loading: 'Cargando…', failed: 'No se pudo cargar.', retry: 'Reintentar', signIn: 'Inicia sesión para apostar',
      signInHistory: 'Inicia sesión para ver tus apuestas.', noBets: 'Aún no hay apuestas.', open: 'Abierta', won: 'Ganada {amount}', lost: 'Perdida',
      unavailable: 'Esta página no está disponible en el sandbox.', back: 'Volver a las apuestas', badStake: 'Escribe un importe como 10 o 2.50.',
      result: 'Resultado: {result}', liveNow: 'En vivo', searchLabel: 'Equipo o competición', noResults: 'No se encontró nada.',
      over: 'Este evento ha terminado.', championships: 'Competiciones', events: 'Eventos',
      results: 'Resultados', virtual: 'Virtuales', settings: 'Ajustes', resultsTitle: 'Resultados', noFinished: 'Aún no hay eventos terminados.', finalScore: 'Resultado final: {home} {score} {away}', winner: 'Ganador: {team}', drawn: 'El partido terminó en empate.', details: 'Detalles de {name}', notFinished: 'Este evento aún no ha terminado.', virtualTitle: 'Deportes virtuales', virtualHint: 'Un partido empieza cada {cycle} minutos y dura {length} minutos: apuesta antes de que empiece y ve el resultado minutos después.', latestResults: 'Últimos resultados', oddsFormat: 'Formato de cuotas', decimal: 'Decimal (2.50)', fractional: 'Fraccionario (3/2)', american: 'Americano (+150)', saved: 'Guardado. Las cuotas se muestran en formato {format}.', oddsKept: 'Se guarda en este dispositivo.'
    },
    'pt-BR': {
      sports: 'Esportes', live: 'Ao vivo', myBets: 'Minhas apostas', search: 'Buscar', top: 'Principais eventos', overview: 'Apostas esportivas',
      draw: 'Empate', toWin: '{team} vence a {odds}', drawAt: 'Empate a {odds}', slip: 'Boletim', single: 'Simples',
      acca: 'Múltipla ({n})', stake: 'Valor ({currency})', returns: 'Retorno possível: {amount}', place: 'Apostar',
      placing: 'Apostando…', remove: 'Remover {name}', empty: 'Toque numa odd para adicionar uma seleção.', placed: 'Aposta nº {id} feita.',
      oddsChanged: 'As odds mudaram. Confira e aposte de novo.', noEvents: 'Nenhum evento aqui agora.',
      loading: 'Carregando…', failed: 'Não foi possível carregar.', retry: 'Tentar de novo', signIn: 'Entre para apostar',
      signInHistory: 'Entre para ver suas apostas.', noBets: 'Nenhuma aposta ainda.', open: 'Aberta', won: 'Ganhou {amount}', lost: 'Perdeu',
      unavailable: 'Esta página não está disponível no sandbox.', back: 'Voltar às apostas', badStake: 'Digite um valor como 10 ou 2.50.',
      result: 'Resultado: {result}', liveNow: 'Ao vivo', searchLabel: 'Time ou campeonato', noResults: 'Nada encontrado.',
      over: 'Este evento terminou.', championships: 'Campeonatos', events: 'Eventos',
      results: 'Resultados', virtual: 'Virtuais', settings: 'Configurações', resultsTitle: 'Resultados', noFinished: 'Nenhum evento terminado ainda.', finalScore: 'Placar final: {home} {score} {away}', winner: 'Vencedor: {team}', drawn: 'A partida terminou empatada.', details: 'Detalhes de {name}', notFinished: 'Este evento ainda não terminou.', virtualTitle: 'Esportes virtuais', virtualHint: 'Uma partida começa a cada {cycle} minutos e dura {length} minutos: aposte antes do início e veja o resultado minutos depois.', latestResults: 'Últimos resultados', oddsFormat: 'Formato das odds', decimal: 'Decimal (2.50)', fractional: 'Fracionário (3/2)', american: 'Americano (+150)', saved: 'Salvo. As odds aparecem no formato {format}.', oddsKept: 'Fica salvo neste dispositivo.'
    }
  }

  function tr(key, params) {
    var text = (STRINGS[settings.culture] || STRINGS['en-GB'])[key] || STRINGS['en-GB'][key] || key
    Object.keys(params || {}).forEach(function (name) {
      text = text.split('{' + name + '}').join(String(params[name]))
    })
    return text
  }

  var CSS =
    '.asb{--asb-bg:#fff;--asb-fg:#111827;--asb-muted:#4b5563;--asb-line:#e5e7eb;--asb-card:#f3f4f6;--asb-accent:#1d4ed8;--asb-accent-fg:#fff;--asb-bad:#b91c1c;--asb-good:#047857;' +
    'font:14px/1.4 system-ui,sans-serif;color:var(--asb-fg);background:var(--asb-bg);border-radius:12px}' +
    '.asb.asb-dark{--asb-bg:#111827;--asb-fg:#f9fafb;--asb-muted:#d1d5db;--asb-line:#374151;--asb-card:#1f2937;--asb-accent:#93c5fd;--asb-accent-fg:#111827;--asb-bad:#fca5a5;--asb-good:#6ee7b7}' +
    '.asb *{box-sizing:border-box}.asb h2{font-size:18px;margin:8px 0}.asb h3{font-size:15px;margin:12px 0 6px}' +
    '.asb button{font:inherit;color:inherit;cursor:pointer;min-height:44px;border-radius:10px;border:1px solid var(--asb-line);background:var(--asb-card);padding:6px 10px}' +
    '.asb button:focus-visible,.asb input:focus-visible{outline:2px solid var(--asb-accent);outline-offset:2px}' +
    '.asb button[aria-pressed=true]{background:var(--asb-accent);color:var(--asb-accent-fg);border-color:var(--asb-accent)}' +
    '.asb button:disabled{opacity:.6;cursor:default}' +
    '.asb-nav{display:flex;gap:6px;flex-wrap:wrap;padding:8px 0}.asb-nav button[aria-current=page]{border-color:var(--asb-accent);font-weight:600}' +
    '.asb-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}' +
    '.asb-event{border:1px solid var(--asb-line);border-radius:12px;padding:8px;display:flex;flex-direction:column;gap:6px}' +
    '.asb-event-name{text-align:start;border:0;background:none;padding:0;min-height:32px;font-weight:600;text-decoration:underline}' +
    '.asb-meta{color:var(--asb-muted);font-size:12px}.asb-live{color:var(--asb-bad);font-weight:700;margin-inline-end:6px}' +
    '.asb-odds{display:grid;grid-template-columns:repeat(auto-fit,minmax(70px,1fr));gap:6px}.asb-odds button{display:flex;justify-content:space-between;gap:6px}' +
    '.asb-chips{display:flex;flex-wrap:wrap;gap:6px}' +
    '.asb-slip{border-top:1px solid var(--asb-line);margin-top:12px;padding-top:8px;display:flex;flex-direction:column;gap:8px}' +
    '.asb-slip label{display:flex;flex-direction:column;gap:4px;font-weight:600}' +
    '.asb-slip input,.asb-search input{font:inherit;min-height:44px;border-radius:10px;border:1px solid var(--asb-muted);padding:6px 10px;background:var(--asb-bg);color:var(--asb-fg)}' +
    '.asb-primary{background:var(--asb-accent)!important;color:var(--asb-accent-fg)!important;border-color:var(--asb-accent)!important;font-weight:700}' +
    '.asb-msg-bad{color:var(--asb-bad)}.asb-msg-good{color:var(--asb-good)}' +
    '.asb-fieldset{border:1px solid var(--asb-line);border-radius:12px;padding:8px 12px;display:flex;flex-direction:column;gap:4px}.asb-fieldset legend{font-weight:600;padding:0 4px}' +
    '.asb-choice{display:flex;align-items:center;gap:8px;min-height:44px}.asb-choice input{width:22px;height:22px;margin:0;accent-color:var(--asb-accent)}' +
    '.asb-page{min-height:70vh}.asb-rail-box{min-height:112px}' +
    '.asb-rail{display:flex;gap:8px;overflow-x:auto;padding:4px 2px 8px;scroll-snap-type:x mandatory}' +
    '.asb-rail>li{flex:0 0 220px;scroll-snap-align:start}.asb-rail button{width:100%;text-align:start;display:flex;flex-direction:column;align-items:flex-start}'

  function injectStyle() {
    if (document.getElementById('asb-style')) return
    var style = document.createElement('style')
    style.id = 'asb-style'
    style.textContent = CSS
    document.head.appendChild(style)
  }

  /** `tag` with attributes (on* are listeners) and children (text or nodes). */
  function el(tag, attrs, children) {
    var node = document.createElement(tag)
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name]
      if (value === undefined || value === null || value === false) return
      if (name.indexOf('on') === 0) node.addEventListener(name.slice(2), value)
      else if (name === 'text') node.textContent = value
      else node.setAttribute(name, value === true ? '' : String(value))
    })
    ;[].concat(children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
    })
    return node
  }

  function api(path, options) {
    options = options || {}
    return fetch(API + path, {
      method: options.method || 'GET',
      headers: options.body ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
      body: options.body ? JSON.stringify(options.body) : undefined,
      credentials: 'omit'
    }).then(
      function (response) {
        return response.json().then(
          function (body) {
            if (response.ok) return body
            throw { status: response.status, code: body && body.code, message: body && body.message }
          },
          function () {
            throw { status: response.status, code: 'bad_response' }
          }
        )
      },
      function () {
        throw { status: 0, code: 'network' }
      }
    )
  }

  // ----- Odds formats: the widget's settings page -------------------------------------------------
  // The player's choice is kept in this browser's localStorage, as the operator's widget keeps its own
  // display settings on the device: it is a preference of how odds read, not of the account (a guest
  // has one too), and the platform's API has no field for it. Without a choice, the integrator's
  // `oddformat` (0 decimal, 1 fractional, 2 American) applies.

  var ODDS_FORMAT_KEY = 'altenarWSDK.oddsFormat'
  var ODDS_FORMATS = ['decimal', 'fractional', 'american']

  function oddsFormat() {
    var stored = null
    try { stored = window.localStorage.getItem(ODDS_FORMAT_KEY) } catch (e) { /* storage off: the default */ }
    if (ODDS_FORMATS.indexOf(stored) >= 0) return stored
    return ODDS_FORMATS[settings.oddformat] || 'decimal'
  }

  function keepOddsFormat(format) {
    try { window.localStorage.setItem(ODDS_FORMAT_KEY, format) } catch (e) { /* shown for this page only */ }
    settings.chosenOddsFormat = format
  }

  function gcd(a, b) {
    while (b) { var t = a % b; a = b; b = t }
    return a
  }

  /** Odds (integer thousandths) as the chosen format writes them: 2.50, 3/2 or +150. */
  function oddsText(thousandths) {
    var format = settings.chosenOddsFormat || oddsFormat()
    var profit = thousandths - 1000
    if (format === 'fractional') {
      var divisor = gcd(profit, 1000)
      return profit / divisor + '/' + 1000 / divisor
    }
    if (format === 'american') {
      return thousandths >= 2000 ? '+' + Math.round(profit / 10) : '-' + Math.round(100000 / profit)
    }
    return (thousandths / 1000).toFixed(2)
  }

  function two(n) {
    return (n < 10 ? '0' : '') + n
  }

  /** The spec's sportsbook date format dayMonthTime: DD.MM HH:mm. */
  function when(iso) {
    var d = new Date(iso)
    return two(d.getDate()) + '.' + two(d.getMonth() + 1) + ' ' + two(d.getHours()) + ':' + two(d.getMinutes())
  }

  /** Minor units as text in `subunit`s (no floats: integer division and the remainder). */
  function amountText(minor, currency, subunit) {
    var digits = String(subunit || 100).length - 1
    var whole = Math.floor(minor / (subunit || 100))
    var rest = String(minor % (subunit || 100))
    while (rest.length < digits) rest = '0' + rest
    return whole + (digits > 0 ? '.' + rest : '') + (currency ? ' ' + currency : '')
  }

  /** A typed stake in minor units, from its text; NaN when it is no amount. */
  function parseStake(text, subunit) {
    var digits = String(subunit || 100).length - 1
    var match = new RegExp('^(\\d{1,12})(?:[.,](\\d{1,' + Math.max(digits, 1) + '}))?$').exec(String(text).trim())
    if (!match || (digits === 0 && match[2])) return NaN
    var fraction = (match[2] || '')
    while (fraction.length < digits) fraction += '0'
    return parseInt(match[1], 10) * (subunit || 100) + (fraction ? parseInt(fraction, 10) : 0)
  }

  function newRequestId() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID()
    return 'r' + Date.now().toString(36) + Math.random().toString(36).slice(2, 12)
  }

  function outcomeName(event, outcome) {
    return outcome === '1' ? event.home : outcome === '2' ? event.away : tr('draw')
  }

  function outcomeLabel(event, price) {
    return price.outcome === 'X'
      ? tr('drawAt', { odds: oddsText(price.odds) })
      : tr('toWin', { team: outcomeName(event, price.outcome), odds: oddsText(price.odds) })
  }

  function themed(root, extra) {
    root.className = 'asb' + (settings.themeName === 'dark' ? ' asb-dark' : '') + (extra ? ' ' + extra : '')
  }

  function eventOf(event) {
    return { eventId: event.id, sportId: event.sport.id, categoryId: event.category.id, championshipId: event.championship.id, name: event.name }
  }

  // ----- The sportsbook: an in-memory router, its pages and the bet slip ---------------------------

  var PAGES = ['overview', 'sport', 'category', 'championship', 'event', 'live', 'betHistory', 'history', 'results', 'resultDetails', 'settings', 'search', 'esports', 'virtual']

  function routeOf(props) {
    var route = { page: PAGES.indexOf(props.page) >= 0 ? props.page : 'overview' }
    if (props.sportId) route.sportId = props.sportId
    if (props.categoryIds && props.categoryIds.length) route.categoryIds = props.categoryIds.slice()
    if (props.championshipIds && props.championshipIds.length) route.championshipIds = props.championshipIds.slice()
    if (props.eventId) route.eventId = props.eventId
    if (route.page === 'resultDetails' && !route.eventId) route.page = 'results'
    if (route.page === 'esports') route.sportId = 145
    if (route.page === 'overview' && route.sportId) route.page = 'sport'
    return route
  }

  function SportsBook(container, props) {
    this.container = container
    this.props = props || {}
    this.route = routeOf(this.props)
    this.slip = []
    this.stakeText = ''
    this.requestId = null
    this.busy = false
    this.message = null
    this.currency = null
    this.searchText = ''
    this.root = el('div', { 'data-asb': 'sportsbook' })
    container.innerHTML = ''
    container.appendChild(this.root)
    var self = this
    this.timer = window.setInterval(function () {
      // Fresh odds, but never under the player's fingers while they type.
      var typing = document.activeElement && self.root.contains(document.activeElement) && document.activeElement.tagName === 'INPUT'
      if (document.visibilityState === 'visible' && !typing) self.render()
    }, REFRESH_MS)
    this.render(function () {
      if (self.props.onRouterLoad) self.props.onRouterLoad(self.route)
    })
  }

  SportsBook.prototype.go = function (route) {
    this.route = route
    if (this.props.onRouteChange) this.props.onRouteChange(route)
    this.render()
  }

  /** An address that names nothing: the overview, and the app is told. */
  SportsBook.prototype.lost = function () {
    this.go({ page: 'overview' })
  }

  SportsBook.prototype.remove = function () {
    window.clearInterval(this.timer)
    this.container.innerHTML = ''
    views = views.filter(function (view) { return view !== this }, this)
  }

  SportsBook.prototype.nav = function () {
    var self = this
    var items = [
      ['overview', tr('sports')], ['live', tr('live')], ['virtual', tr('virtual')], ['results', tr('results')],
      ['betHistory', tr('myBets')], ['search', tr('search')], ['settings', tr('settings')]
    ]
    return el('nav', { 'aria-label': tr('overview'), class: 'asb-nav' }, items.map(function (item) {
      return el('button', {
        type: 'button', 'aria-current': self.route.page === item[0] ? 'page' : undefined,
        onclick: function () { self.go({ page: item[0] }) }, text: item[1]
      })
    }))
  }

  SportsBook.prototype.render = function (afterLoad) {
    var self = this
    var root = this.root
    themed(root)
    var body = el('div', { 'aria-busy': 'true' }, [el('p', { role: 'status', text: tr('loading') })])
    // The page keeps a screen's height while it loads, so the slip below it does not jump.
    var slot = el('div', { class: 'asb-page' }, [body])
    this.slipNode = this.slipView()
    root.replaceChildren(this.nav(), slot, this.slipNode)
    var generation = (this.generation = (this.generation || 0) + 1)
    this.page().then(
      function (content) {
        if (generation !== self.generation) return
        slot.replaceChildren(content)
        if (afterLoad) afterLoad()
      },
      function (error) {
        if (generation !== self.generation) return
        if (error && error.status === 404) {
          if (afterLoad) afterLoad()
          self.lost()
          return
        }
        slot.replaceChildren(el('div', { role: 'alert' }, [
          el('p', { text: tr('failed') }),
          el('button', { type: 'button', onclick: function () { self.render() }, text: tr('retry') })
        ]))
        if (afterLoad) afterLoad()
      }
    )
  }

    /** The slip alone, and the odds buttons' pressed states: the page's data stays as it is. */
  SportsBook.prototype.renderSlip = function () {
    var self = this
    var next = this.slipView()
    if (this.slipNode && this.slipNode.parentNode) this.slipNode.parentNode.replaceChild(next, this.slipNode)
    this.slipNode = next
    this.root.querySelectorAll('[data-outcome]').forEach(function (button) {
      var chosen = self.slip.some(function (s) {
        return String(s.eventId) === button.getAttribute('data-event') && s.outcome === button.getAttribute('data-outcome')
      })
      button.setAttribute('aria-pressed', chosen ? 'true' : 'false')
    })
  }

  SportsBook.prototype.page = function () {
    var route = this.route
    switch (route.page) {
      case 'overview': return this.overview()
      case 'sport': case 'esports': case 'category': return this.sportPage()
      case 'championship': return this.eventsPage(null, 'championshipId=' + route.championshipIds[0])
      case 'event': return this.eventPage()
      case 'live': return this.eventsPage(tr('live'), 'live=true&limit=50')
      case 'betHistory': case 'history': return this.history()
      case 'search': return Promise.resolve(this.searchPage())
      case 'results': return this.resultsPage()
      case 'resultDetails': return route.eventId ? this.resultDetails() : this.resultsPage()
      case 'virtual': return this.virtualPage()
      case 'settings': return Promise.resolve(this.settingsPage())
      default: return Promise.resolve(this.unavailable())
    }
  }

  SportsBook.prototype.overview = function () {
    var self = this
    return Promise.all([api('/api/sandbox/sportsbook/sports'), api('/api/sandbox/sportsbook/events?live=false&limit=10')]).then(function (answers) {
      var sports = answers[0].sports
      return el('div', {}, [
        el('h2', { text: tr('overview') }),
        el('div', { class: 'asb-chips' }, sports.map(function (sport) {
          return el('button', {
            type: 'button', onclick: function () { self.go(sport.id === 145 ? { page: 'esports', sportId: 145 } : { page: 'sport', sportId: sport.id }) },
            text: sport.name + ' (' + sport.openEvents + ')'
          })
        })),
        el('h3', { text: tr('top') }),
        self.eventList(answers[1].events)
      ])
    })
  }

  SportsBook.prototype.sportPage = function () {
    var self = this
    var route = this.route
    return api('/api/game/sport/info/' + route.sportId).then(function (info) {
      var categories = info.Categories.filter(function (category) {
        return !route.categoryIds || route.categoryIds.indexOf(category.CategoryId) >= 0
      })
      if (route.categoryIds && categories.length !== route.categoryIds.length) throw { status: 404 }
      var filter = route.categoryIds ? 'categoryId=' + route.categoryIds[0] : 'sportId=' + route.sportId
      return api('/api/sandbox/sportsbook/events?' + filter + '&limit=30').then(function (answer) {
        var title = route.categoryIds ? categories.map(function (c) { return c.Name }).join(', ') : info.Name
        return el('div', {}, [
          el('h2', { text: title }),
          el('h3', { text: tr('championships') }),
          el('div', { class: 'asb-chips' }, [].concat.apply([], categories.map(function (category) {
            return category.Championships.map(function (championship) {
              return el('button', {
                type: 'button', text: (route.categoryIds ? '' : category.Name + ' · ') + championship.Name,
                onclick: function () {
                  self.go({ page: 'championship', sportId: route.sportId, categoryIds: [category.CategoryId], championshipIds: [championship.ChampionshipId] })
                }
              })
            })
          }))),
          el('h3', { text: tr('events') }),
          self.eventList(answer.events)
        ])
      })
    })
  }

  SportsBook.prototype.eventsPage = function (title, query) {
    var self = this
    return api('/api/sandbox/sportsbook/events?' + query).then(function (answer) {
      var first = answer.events[0]
      if (!title && !first) throw { status: 404 }
      return el('div', {}, [el('h2', { text: title || first.championship.name }), self.eventList(answer.events)])
    })
  }

  SportsBook.prototype.eventPage = function () {
    var self = this
    return api('/api/sandbox/sportsbook/events?eventId=' + this.route.eventId).then(function (answer) {
      var event = answer.events[0]
      if (!event) throw { status: 404 }
      return el('div', {}, [
        el('h2', { text: event.name }),
        el('p', { class: 'asb-meta', text: event.sport.name + ' · ' + event.category.name + ' · ' + event.championship.name }),
        self.eventCard(event, true)
      ])
    })
  }

  SportsBook.prototype.eventList = function (events) {
    var self = this
    if (!events.length) return el('p', { text: tr('noEvents') })
    return el('ul', { class: 'asb-list' }, events.map(function (event) { return el('li', {}, [self.eventCard(event, false)]) }))
  }

  SportsBook.prototype.eventCard = function (event, alone) {
    var self = this
    var meta = el('p', { class: 'asb-meta' }, [
      event.isLive ? el('span', { class: 'asb-live', text: tr('liveNow') }) : null,
      when(event.startsAt) + (alone ? '' : ' · ' + event.championship.name)
    ])
    var name = alone
      ? null
      : el('button', {
          type: 'button', class: 'asb-event-name', text: event.name,
          onclick: function () {
            if (self.props.onEventSelect) self.props.onEventSelect(eventOf(event))
            self.go({ page: 'event', sportId: event.sport.id, categoryIds: [event.category.id], championshipIds: [event.championship.id], eventId: event.id })
          }
        })
    var odds = event.result
      ? el('p', { text: tr('over') + ' ' + tr('result', { result: event.result }) })
      : el('div', { class: 'asb-odds' }, event.outcomes.map(function (price) {
          var chosen = self.slip.some(function (s) { return s.eventId === event.id && s.outcome === price.outcome })
          return el('button', {
            type: 'button', 'aria-pressed': chosen ? 'true' : 'false', 'aria-label': outcomeLabel(event, price),
            'data-event': event.id, 'data-outcome': price.outcome,
            onclick: function () { self.toggle(event, price) }
          }, [el('span', { text: price.outcome }), el('strong', { text: oddsText(price.odds) })])
        }))
    return el('article', { class: 'asb-event', 'aria-label': event.name }, [name, meta, odds])
  }

  SportsBook.prototype.toggle = function (event, price) {
    var same = this.slip.filter(function (s) { return s.eventId === event.id && s.outcome === price.outcome }).length > 0
    this.slip = this.slip.filter(function (s) { return s.eventId !== event.id })
    if (!same) {
      this.slip.push({ eventId: event.id, eventName: event.name, outcome: price.outcome, odds: price.odds, pick: outcomeName(event, price.outcome) })
    }
    this.requestId = null
    this.message = null
    this.renderSlip()
  }

  SportsBook.prototype.history = function () {
    var self = this
    if (!settings.token) {
      return Promise.resolve(el('div', {}, [
        el('h2', { text: tr('myBets') }),
        el('p', { text: tr('signInHistory') }),
        el('button', { type: 'button', class: 'asb-primary', onclick: function () { self.signIn() }, text: tr('signIn') })
      ]))
    }
    return this.sessionBets().then(function (answer) {
      if (!answer.bets.length) return el('div', {}, [el('h2', { text: tr('myBets') }), el('p', { text: tr('noBets') })])
      return el('div', {}, [
        el('h2', { text: tr('myBets') }),
        el('ul', { class: 'asb-list' }, answer.bets.map(function (bet) {
          var status = !bet.isSettled ? tr('open') : bet.win > 0 ? tr('won', { amount: amountText(bet.win, bet.currency, answer.subunitToUnit) }) : tr('lost')
          return el('li', { class: 'asb-event' }, [
            el('p', {}, [el('strong', { text: '#' + bet.id + ' · ' + (bet.selections.length > 1 ? tr('acca', { n: bet.selections.length }) : tr('single')) })]),
            el('ul', { class: 'asb-list' }, bet.selections.map(function (s) {
              return el('li', { class: 'asb-meta', text: s.eventName + ': ' + s.outcome + ' @ ' + oddsText(s.odds) + (s.won === true ? ' ✓' : s.won === false ? ' ✗' : '') })
            })),
            el('p', { text: amountText(bet.amount, bet.currency, answer.subunitToUnit) + ' · ' + status })
          ])
        }))
      ])
    })
  }

  SportsBook.prototype.sessionBets = function () {
    var self = this
    return api('/api/sandbox/game-sessions/' + encodeURIComponent(settings.token) + '/sport-bets').then(function (answer) {
      self.currency = { code: answer.currency, subunit: answer.subunitToUnit }
      return answer
    })
  }

  SportsBook.prototype.searchPage = function () {
    var self = this
    var results = el('div', { 'aria-live': 'polite' })
    var input = el('input', { id: 'asb-search-' + (this.generation || 0), type: 'search', value: this.searchText, autocomplete: 'off' })
    var run = function () {
      self.searchText = input.value
      if (input.value.trim().length < 2) return results.replaceChildren()
      api('/api/game/sport/search?search=' + encodeURIComponent(input.value.trim())).then(function (answer) {
        if (!answer.events.length) return results.replaceChildren(el('p', { text: tr('noResults') }))
        results.replaceChildren(el('ul', { class: 'asb-list' }, answer.events.map(function (event) {
          return el('li', {}, [el('button', {
            type: 'button', class: 'asb-event-name', text: event.name + ' · ' + when(event.startsAt),
            onclick: function () {
              var championship = event.championship
              self.go({ page: 'event', sportId: championship.category.sport.id, categoryIds: [championship.category.id], championshipIds: [championship.id], eventId: event.id })
            }
          })])
        })))
      }, function () { results.replaceChildren(el('p', { role: 'alert', text: tr('failed') })) })
    }
    var timer
    input.addEventListener('input', function () {
      window.clearTimeout(timer)
      timer = window.setTimeout(run, 300)
    })
    if (this.searchText) window.setTimeout(run, 0)
    return el('div', { class: 'asb-search' }, [
      el('h2', { text: tr('search') }),
      el('label', { for: input.id, text: tr('searchLabel') }),
      input,
      results
    ])
  }

  function scoreText(event) {
    return tr('finalScore', { home: event.home, score: event.score.home + '–' + event.score.away, away: event.away })
  }

  /** Finished events with their final scores; each opens its details. */
  SportsBook.prototype.resultList = function (events) {
    var self = this
    if (!events.length) return el('p', { text: tr('noFinished') })
    return el('ul', { class: 'asb-list' }, events.map(function (event) {
      return el('li', {}, [el('article', { class: 'asb-event', 'aria-label': event.name }, [
        el('button', {
          type: 'button', class: 'asb-event-name', text: event.name, 'aria-label': tr('details', { name: event.name }),
          onclick: function () { self.go({ page: 'resultDetails', eventId: event.id }) }
        }),
        el('p', { class: 'asb-meta', text: when(event.startsAt) + ' · ' + event.championship.name }),
        el('p', { text: scoreText(event) })
      ])])
    }))
  }

  SportsBook.prototype.resultsPage = function () {
    var self = this
    return api('/api/sandbox/sportsbook/events?finished=true&limit=30').then(function (answer) {
      return el('div', {}, [el('h2', { text: tr('resultsTitle') }), self.resultList(answer.events)])
    })
  }

  SportsBook.prototype.resultDetails = function () {
    return api('/api/sandbox/sportsbook/events?eventId=' + this.route.eventId).then(function (answer) {
      var event = answer.events[0]
      if (!event) throw { status: 404 }
      var outcome = !event.score
        ? el('p', { text: tr('notFinished') })
        : el('div', {}, [
            el('p', {}, [el('strong', { text: scoreText(event) })]),
            el('p', { text: event.result === 'X' ? tr('drawn') : tr('winner', { team: event.result === '1' ? event.home : event.away }) })
          ])
      return el('div', {}, [
        el('h2', { text: event.name }),
        el('p', { class: 'asb-meta', text: event.sport.name + ' · ' + event.category.name + ' · ' + event.championship.name + ' · ' + when(event.startsAt) }),
        outcome
      ])
    })
  }

  /** Virtual sports: the next matches to bet on (a few minutes each) and the latest results. */
  SportsBook.prototype.virtualPage = function () {
    var self = this
    return Promise.all([
      api('/api/sandbox/sportsbook/events?isVirtual=true&limit=6'),
      api('/api/sandbox/sportsbook/events?isVirtual=true&finished=true&limit=5')
    ]).then(function (answers) {
      return el('div', {}, [
        el('h2', { text: tr('virtualTitle') }),
        el('p', { class: 'asb-meta', text: tr('virtualHint', { cycle: 5, length: 3 }) }),
        self.eventList(answers[0].events),
        el('h3', { text: tr('latestResults') }),
        self.resultList(answers[1].events)
      ])
    })
  }

  SportsBook.prototype.settingsPage = function () {
    var current = settings.chosenOddsFormat || oddsFormat()
    var status = el('p', { 'aria-live': 'polite', class: 'asb-meta' })
    var options = ODDS_FORMATS.map(function (format) {
      var id = 'asb-odds-' + format
      var input = el('input', {
        type: 'radio', name: 'asb-odds-format', id: id, value: format, checked: format === current,
        onchange: function () {
          keepOddsFormat(format)
          // Every odds display follows: this page's neighbours (the slip) and the other widgets.
          views.forEach(function (view) { if (view.route === undefined || view.route.page !== 'settings') view.render() })
          status.textContent = tr('saved', { format: tr(format) })
        }
      })
      return el('div', { class: 'asb-choice' }, [input, el('label', { for: id, text: tr(format) })])
    })
    return el('div', {}, [
      el('h2', { text: tr('settings') }),
      el('fieldset', { class: 'asb-fieldset' }, [el('legend', { text: tr('oddsFormat') })].concat(options)),
      el('p', { class: 'asb-meta', text: tr('oddsKept') }),
      status
    ])
  }

  SportsBook.prototype.unavailable = function () {
    var self = this
    return el('div', {}, [
      el('p', { text: tr('unavailable') }),
      el('button', { type: 'button', onclick: function () { self.go({ page: 'overview' }) }, text: tr('back') })
    ])
  }

  SportsBook.prototype.signIn = function () {
    if (this.props.onSignInButtonClick) this.props.onSignInButtonClick()
  }

  SportsBook.prototype.slipView = function () {
    var self = this
    var live = el('p', { 'aria-live': 'polite', class: this.message ? 'asb-msg-' + this.message.kind : undefined, text: this.message ? this.message.text : '' })
    var section = el('section', { class: 'asb-slip', 'aria-labelledby': 'asb-slip-title' }, [el('h2', { id: 'asb-slip-title', text: tr('slip') })])
    if (!this.slip.length) {
      section.appendChild(el('p', { class: 'asb-meta', text: tr('empty') }))
      section.appendChild(live)
      return section
    }
    section.appendChild(el('p', {}, [el('strong', { text: this.slip.length > 1 ? tr('acca', { n: this.slip.length }) : tr('single') })]))
    section.appendChild(el('ul', { class: 'asb-list' }, this.slip.map(function (s) {
      return el('li', { class: 'asb-event' }, [
        el('span', { text: s.eventName + ': ' + s.pick + ' @ ' + oddsText(s.odds) }),
        el('button', {
          type: 'button', 'aria-label': tr('remove', { name: s.eventName }), text: '×',
          onclick: function () {
            self.slip = self.slip.filter(function (x) { return x.eventId !== s.eventId })
            self.requestId = null
            self.renderSlip()
          }
        })
      ])
    })))
    var currency = this.currency || { code: '', subunit: 100 }
    var stake = el('input', { id: 'asb-stake', inputmode: 'decimal', autocomplete: 'off', value: this.stakeText })
    var returns = el('p', { class: 'asb-meta' })
    var showReturn = function () {
      var minor = parseStake(stake.value, currency.subunit)
      var total = self.slip.reduce(function (product, s) { return Math.floor((product * s.odds) / 1000) }, minor)
      returns.textContent = isNaN(minor) ? '' : tr('returns', { amount: amountText(total, currency.code, currency.subunit) })
    }
    stake.addEventListener('input', function () {
      self.stakeText = stake.value
      self.requestId = null
      showReturn()
    })
    showReturn()
    section.appendChild(el('label', { for: 'asb-stake', text: tr('stake', { currency: currency.code || '—' }) }))
    section.appendChild(stake)
    section.appendChild(returns)
    section.appendChild(el('button', {
      type: 'button', class: 'asb-primary', disabled: this.busy,
      text: this.busy ? tr('placing') : settings.token ? tr('place') : tr('signIn'),
      onclick: function () { self.place() }
    }))
    section.appendChild(live)
    if (settings.token && !this.currency) {
      this.sessionBets().then(function () { self.renderSlip() }, function () { /* the slip counts cents meanwhile */ })
    }
    return section
  }

  SportsBook.prototype.place = function () {
    var self = this
    if (this.busy) return
    if (!settings.token) return this.signIn()
    var currency = this.currency || { code: '', subunit: 100 }
    var stake = parseStake(this.stakeText, currency.subunit)
    if (isNaN(stake) || stake <= 0) {
      this.message = { kind: 'bad', text: tr('badStake') }
      return this.renderSlip()
    }
    // One key per placement: a retry after a lost answer sends it again and is charged once.
    this.requestId = this.requestId || newRequestId()
    this.busy = true
    this.message = null
    this.renderSlip()
    api('/api/sandbox/game-sessions/' + encodeURIComponent(settings.token) + '/sport-bets', {
      method: 'POST',
      body: {
        requestId: this.requestId, stake: stake,
        selections: this.slip.map(function (s) { return { eventId: s.eventId, outcome: s.outcome, odds: s.odds } })
      }
    }).then(
      function (answer) {
        self.busy = false
        self.slip = []
        self.stakeText = ''
        self.requestId = null
        self.message = { kind: 'good', text: tr('placed', { id: answer.bet.id }) }
        self.renderSlip()
        if (self.props.onBetPlacement) {
          self.props.onBetPlacement({ id: answer.bet.id, stake: answer.bet.amount, currency: answer.bet.currency, selections: answer.bet.selections })
        }
      },
      function (error) {
        self.busy = false
        if (error.status !== 0) self.requestId = null
        if (error.code === 'sport.odds.changed') return self.refreshSlip()
        if (error.code === 'insufficient_funds' && self.props.onInsufficientBalance) self.props.onInsufficientBalance()
        if (error.status === 401 || error.status === 410) {
          self.message = { kind: 'bad', text: error.message || tr('signIn') }
          self.renderSlip()
          return self.signIn()
        }
        self.message = { kind: 'bad', text: error.message || tr('failed') }
        self.renderSlip()
      }
    )
  }

  /** The odds moved: the slip takes the current ones and the player confirms by placing again. */
  SportsBook.prototype.refreshSlip = function () {
    var self = this
    Promise.all(this.slip.map(function (s) { return api('/api/sandbox/sportsbook/events?eventId=' + s.eventId) })).then(function (answers) {
      answers.forEach(function (answer, n) {
        var event = answer.events[0]
        var price = event && event.outcomes.filter(function (p) { return p.outcome === self.slip[n].outcome })[0]
        if (price) self.slip[n].odds = price.odds
      })
      self.message = { kind: 'bad', text: tr('oddsChanged') }
      self.renderSlip()
    }, function () {
      self.message = { kind: 'bad', text: tr('oddsChanged') }
      self.renderSlip()
    })
  }

  // ----- Carousels ---------------------------------------------------------------------------------

  function Carousel(kind, container, props) {
    this.kind = kind
    this.container = container
    this.props = props || {}
    this.root = el('div', { 'data-asb': kind })
    container.innerHTML = ''
    container.appendChild(this.root)
    var self = this
    this.timer = window.setInterval(function () {
      if (document.visibilityState === 'visible') self.render()
    }, REFRESH_MS)
    this.render()
  }

  Carousel.prototype.render = function () {
    var self = this
    themed(this.root, 'asb-rail-box')
    var live = this.kind === 'WLiveNowCarousel'
    var limit = this.props.maxEvents || (live ? 7 : 15)
    var query = 'live=' + live + '&limit=' + limit + (this.props.sportId ? '&sportId=' + this.props.sportId : '')
    api('/api/sandbox/sportsbook/events?' + query).then(function (answer) {
      if (!answer.events.length) return self.root.replaceChildren(el('p', { class: 'asb-meta', text: tr('noEvents') }))
      self.root.replaceChildren(el('ul', { class: 'asb-rail' }, answer.events.map(function (event) {
        var home = event.outcomes[0]
        return el('li', {}, [el('button', {
          type: 'button', onclick: function () { if (self.props.onEventSelect) self.props.onEventSelect(eventOf(event)) }
        }, [
          el('span', { class: 'asb-meta' }, [event.isLive ? el('span', { class: 'asb-live', text: tr('liveNow') }) : null, when(event.startsAt) + ' · ' + event.sport.name]),
          el('strong', { text: event.name }),
          home ? el('span', { class: 'asb-meta', text: '1 ' + oddsText(home.odds) + (event.outcomes[1] ? ' · ' + event.outcomes[1].outcome + ' ' + oddsText(event.outcomes[1].odds) : '') }) : null
        ])])
      })))
    }, function () {
      self.root.replaceChildren(el('p', { class: 'asb-meta', text: tr('failed') }))
    })
  }

  Carousel.prototype.remove = function () {
    window.clearInterval(this.timer)
    this.container.innerHTML = ''
    views = views.filter(function (view) { return view !== this }, this)
  }

  function mount(view) {
    views.push(view)
    return { remove: function () { view.remove() } }
  }

  window.altenarWSDK = {
    init: function (options) {
      injectStyle()
      Object.keys(options || {}).forEach(function (name) { settings[name] = options[name] })
    },
    set: function (options) {
      var tokenChanged = options && 'token' in options && options.token !== settings.token
      Object.keys(options || {}).forEach(function (name) { settings[name] = options[name] })
      views.forEach(function (view) {
        if (tokenChanged && view.slip !== undefined) view.currency = null
        view.render()
      })
    },
    addSportsBook: function (options) {
      injectStyle()
      return mount(new SportsBook(options.container, options.props))
    },
    addWidget: function (options) {
      injectStyle()
      if (options.widget !== 'WTopEventsCarousel' && options.widget !== 'WLiveNowCarousel') {
        throw new Error('The sandbox widget has no ' + options.widget + '.')
      }
      return mount(new Carousel(options.widget, options.container, options.props))
    }
  }
})()
