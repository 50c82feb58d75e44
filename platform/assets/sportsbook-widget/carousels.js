
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
