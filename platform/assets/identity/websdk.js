/*
 * The sandbox's stand-in for the identity-verification service's web SDK (Sumsub's
 * `sns-websdk-builder.js`): the same surface, `snsWebSdk.init(token, refresh).withConf(...)
 * .withOptions(...).on(type, handler).build().launch(container)`, showing the sandbox's applicant
 * page in a frame and passing its events (`idCheck.onReady`, `idCheck.onApplicantSubmitted`,
 * `idCheck.onApplicantStatusChanged`, `idCheck.onError`) to the handlers.
 */
;(function () {
  'use strict'
  var script = document.currentScript
  var base = script && script.src ? script.src.replace(/\/websdk\.js(\?.*)?$/, '') : '/sandbox/sumsub'
  var origin = new URL(base, window.location.href).origin

  function Builder(accessToken, refresh) {
    this.accessToken = accessToken
    this.refresh = refresh
    this.conf = {}
    this.options = {}
    this.handlers = {}
    this.anyHandler = null
  }
  Builder.prototype.withConf = function (conf) {
    this.conf = conf || {}
    return this
  }
  Builder.prototype.withOptions = function (options) {
    this.options = options || {}
    return this
  }
  Builder.prototype.on = function (type, handler) {
    ;(this.handlers[type] = this.handlers[type] || []).push(handler)
    return this
  }
  Builder.prototype.onMessage = function (handler) {
    this.anyHandler = handler
    return this
  }
  Builder.prototype.build = function () {
    var builder = this
    var frame = null
    var listener = null
    function emit(type, payload) {
      ;(builder.handlers[type] || []).forEach(function (handler) {
        handler(payload)
      })
      if (builder.anyHandler) builder.anyHandler(type, payload)
    }
    return {
      launch: function (container) {
        var host = typeof container === 'string' ? document.querySelector(container) : container
        if (!host) {
          emit('idCheck.onError', { code: 'container-not-found', error: 'The container was not found.' })
          return
        }
        frame = document.createElement('iframe')
        frame.title = 'Identity verification'
        frame.src =
          base +
          '/applicant?accessToken=' +
          encodeURIComponent(builder.accessToken) +
          '&lang=' +
          encodeURIComponent(builder.conf.lang || 'en') +
          '&theme=' +
          encodeURIComponent(builder.conf.theme || 'light')
        frame.setAttribute('style', 'display:block;width:100%;min-height:520px;border:0')
        frame.setAttribute('allow', 'camera')
        listener = function (event) {
          if (!frame || event.source !== frame.contentWindow || event.origin !== origin) return
          var data = event.data
          if (!data || data.source !== 'sandbox-sumsub' || typeof data.type !== 'string') return
          if (data.type === 'idCheck.onTokenExpired' && typeof builder.refresh === 'function') {
            Promise.resolve(builder.refresh()).then(function (token) {
              builder.accessToken = token
              frame.src = base + '/applicant?accessToken=' + encodeURIComponent(token)
            })
            return
          }
          emit(data.type, data.payload)
        }
        window.addEventListener('message', listener)
        host.replaceChildren(frame)
      },
      destroy: function () {
        if (listener) window.removeEventListener('message', listener)
        if (frame) frame.remove()
        frame = null
      },
    }
  }

  window.snsWebSdk = {
    init: function (accessToken, refresh) {
      return new Builder(accessToken, refresh)
    },
  }
})()
