
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
        el('p', { text: tr(settings.robotCheck ? 'robotCheckHistory' : 'signInHistory') }),
        el('button', { type: 'button', class: 'asb-primary', onclick: function () { self.signIn() }, text: signInText() })
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

  /** What a bet without a token asks for: a sign-in, or the robot check of a signed-in player. */
  function signInText() {
    return tr(settings.robotCheck ? 'robotCheck' : 'signIn')
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
      text: this.busy ? tr('placing') : settings.token ? tr('place') : signInText(),
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
