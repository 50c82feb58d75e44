
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

  /**
   * An event's start in the integrator's `dateFormat.dayMonthTime` (moment.js tokens: the widget's own
   * reads the same; this one knows YYYY, YY, MM, DD, HH and mm), `DD.MM HH:mm` without one.
   */
  function when(iso) {
    var d = new Date(iso)
    var pattern = (settings.dateFormat && settings.dateFormat.dayMonthTime) || 'DD.MM HH:mm'
    var parts = { YYYY: String(d.getFullYear()), YY: two(d.getFullYear() % 100), MM: two(d.getMonth() + 1), DD: two(d.getDate()), HH: two(d.getHours()), mm: two(d.getMinutes()) }
    return pattern.replace(/YYYY|YY|MM|DD|HH|mm/g, function (token) { return parts[token] })
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
