// The sandbox's stand-in for the operator's live chat (Freshchat's web widget): the same global
// (`window.fcWidget`) with `init`, `open`, `close`, `isOpen`, `isInitialized`, `destroy`, `on`,
// `user.setProperties`, `user.get`, `user.clear`. It starts hidden (no launcher of its own), reports a
// new user's restore id (`user:created`), answers every message with an automatic reply a second later,
// and counts replies that arrive while it is closed (`unreadCount:notify`). Nothing leaves the page.
;(function () {
  'use strict'
  var listeners = {}
  var state = null

  function emit(event, payload) {
    ;(listeners[event] || []).slice().forEach(function (listener) {
      try {
        listener(payload)
      } catch (error) {
        console.error(error)
      }
    })
  }

  function element(tag, style, text) {
    var node = document.createElement(tag)
    if (style) node.style.cssText = style
    if (text) node.textContent = text
    return node
  }

  function line(who, text) {
    var entry = element('p', 'margin:0;padding:6px 10px;border-radius:10px;max-width:85%;' + (who === 'me' ? 'align-self:flex-end;background:#1d64b0;color:#fff' : 'align-self:flex-start;background:#e6e9ee;color:#15181d'), text)
    state.log.appendChild(entry)
    state.log.scrollTop = state.log.scrollHeight
  }

  function setUnread(count) {
    state.unread = count
    emit('unreadCount:notify', { count: count })
  }

  function build() {
    var panel = element(
      'div',
      'position:fixed;right:12px;bottom:12px;z-index:2147483000;width:min(340px,calc(100vw - 24px));height:min(460px,calc(100vh - 24px));display:none;flex-direction:column;background:#fff;color:#15181d;border:1px solid #8a8f98;border-radius:14px;font:14px/1.35 system-ui,sans-serif;box-shadow:0 12px 40px rgba(0,0,0,.35)',
    )
    panel.setAttribute('role', 'dialog')
    panel.setAttribute('aria-label', 'Support chat')
    var head = element('div', 'display:flex;align-items:center;gap:8px;padding:10px 12px;border-bottom:1px solid #d0d4da')
    var title = element('strong', 'flex:1', 'Support chat')
    var who = element('span', 'font-size:12px;color:#586170')
    var close = element('button', 'min-width:44px;min-height:44px;border:0;background:none;font-size:20px;color:#15181d;cursor:pointer', '×')
    close.type = 'button'
    close.setAttribute('aria-label', 'Close the chat')
    close.addEventListener('click', function () {
      api.close()
    })
    head.appendChild(title)
    head.appendChild(who)
    head.appendChild(close)
    var log = element('div', 'flex:1;overflow:auto;display:flex;flex-direction:column;gap:6px;padding:10px')
    log.setAttribute('role', 'log')
    log.setAttribute('aria-label', 'Conversation')
    var form = element('form', 'display:flex;gap:6px;padding:10px;border-top:1px solid #d0d4da')
    var input = element('input', 'flex:1;min-height:40px;padding:0 10px;border:1px solid #8a8f98;border-radius:10px;font:inherit;color:#15181d;background:#fff')
    input.setAttribute('aria-label', 'Write to the team')
    var send = element('button', 'min-height:40px;padding:0 14px;border:0;border-radius:10px;background:#1d64b0;color:#fff;font:inherit;font-weight:600;cursor:pointer', 'Send')
    send.type = 'submit'
    form.appendChild(input)
    form.appendChild(send)
    form.addEventListener('submit', function (event) {
      event.preventDefault()
      var text = input.value.trim()
      if (!text) return
      input.value = ''
      line('me', text)
      setTimeout(function () {
        if (!state) return
        line('agent', 'Thanks for writing! This is the sandbox chat: an agent would answer here.')
        if (!state.open) setUnread(state.unread + 1)
      }, 1000)
    })
    panel.appendChild(head)
    panel.appendChild(log)
    panel.appendChild(form)
    document.body.appendChild(panel)
    return { panel: panel, log: log, who: who, input: input }
  }

  function describe() {
    var user = state.user
    state.parts.who.textContent = user.firstName || user.email || (user.externalId ? 'Player ' + user.externalId : 'Guest')
  }

  var api = {
    init: function (config) {
      if (state) return
      config = config || {}
      var parts = build()
      state = { config: config, parts: parts, log: parts.log, open: false, unread: 0, user: {} }
      ;['externalId', 'restoreId', 'firstName', 'lastName', 'email', 'phone'].forEach(function (key) {
        if (config[key] !== undefined && config[key] !== null) state.user[key] = String(config[key])
      })
      describe()
      setTimeout(function () {
        if (!state) return
        emit('widget:loaded', {})
        // A signed-in player without a restore id is a new chat user: the host saves the id it gets.
        if (state.user.externalId && !state.user.restoreId) {
          state.user.restoreId = 'sandbox-' + Math.random().toString(36).slice(2, 12)
          emit('user:created', { status: 200, success: true, data: { restoreId: state.user.restoreId, externalId: state.user.externalId } })
        }
      }, 0)
    },
    isInitialized: function () {
      return state !== null
    },
    open: function () {
      if (!state) return
      state.open = true
      state.parts.panel.style.display = 'flex'
      setUnread(0)
      state.parts.input.focus()
      emit('widget:opened', {})
    },
    close: function () {
      if (!state) return
      state.open = false
      state.parts.panel.style.display = 'none'
      emit('widget:closed', {})
    },
    isOpen: function () {
      return Boolean(state && state.open)
    },
    destroy: function () {
      if (!state) return
      state.parts.panel.remove()
      state = null
      setTimeout(function () {
        emit('widget:destroyed', {})
      }, 0)
    },
    on: function (event, listener) {
      ;(listeners[event] = listeners[event] || []).push(listener)
    },
    off: function (event, listener) {
      listeners[event] = (listeners[event] || []).filter(function (known) {
        return known !== listener
      })
    },
    user: {
      setProperties: function (properties) {
        if (!state) return Promise.reject(new Error('not initialised'))
        Object.keys(properties || {}).forEach(function (key) {
          state.user[key] = properties[key]
        })
        describe()
        return Promise.resolve({ status: 200, success: true })
      },
      get: function () {
        if (!state) return Promise.reject(new Error('not initialised'))
        return Promise.resolve({ status: 200, success: true, data: Object.assign({}, state.user) })
      },
      clear: function () {
        if (!state) return Promise.resolve({ status: 200 })
        state.user = {}
        state.parts.log.replaceChildren()
        setUnread(0)
        describe()
        return Promise.resolve({ status: 200, success: true })
      },
    },
  }
  window.fcWidget = api
})()
