// The sandbox's stand-in for Google reCAPTCHA: the same global (`grecaptcha`) with the v2 checkbox
// (`render`, `getResponse`, `reset`, `ready`) and the enterprise invisible check (`enterprise.ready`,
// `enterprise.execute(siteKey, { action })`). Its tokens say whether the check passed
// (`sandbox.pass.…` / `sandbox.fail.…`); the platform's sandbox provider (`crate::captcha`) reads
// them. The widget lets whoever tries the product choose the answer, so a failed check can be seen;
// the enterprise check fails when the page sets `window.sandboxCaptchaAnswer = 'fail'`.
;(function () {
  'use strict'
  var widgets = []

  function token(pass, kind) {
    return 'sandbox.' + (pass ? 'pass' : 'fail') + '.' + kind + '.' + Math.random().toString(36).slice(2, 12)
  }

  function render(container, params) {
    var host = typeof container === 'string' ? document.getElementById(container) : container
    if (!host) throw new Error('reCAPTCHA placeholder element must be an element or id')
    params = params || {}
    var dark = params.theme === 'dark'
    var id = widgets.length
    var widget = { response: '', checkbox: null }
    widgets.push(widget)

    var box = document.createElement('div')
    box.setAttribute('data-sandbox-captcha', String(id))
    box.style.cssText =
      'display:inline-flex;flex-direction:column;gap:8px;padding:10px 12px;border:1px solid ' +
      (dark ? '#5b6270' : '#8a8f98') +
      ';border-radius:8px;font:14px/1.3 system-ui,sans-serif;background:' +
      (dark ? '#1f232b' : '#f9f9f9') +
      ';color:' +
      (dark ? '#f3f4f6' : '#15181d')

    var row = document.createElement('label')
    row.style.cssText = 'display:flex;align-items:center;gap:8px;min-height:32px;cursor:pointer'
    var checkbox = document.createElement('input')
    checkbox.type = 'checkbox'
    checkbox.style.cssText = 'width:22px;height:22px'
    row.appendChild(checkbox)
    row.appendChild(document.createTextNode('I’m not a robot'))
    box.appendChild(row)

    var answerRow = document.createElement('label')
    answerRow.style.cssText = 'display:flex;align-items:center;gap:6px;font-size:12px'
    answerRow.appendChild(document.createTextNode('Sandbox answer'))
    var answer = document.createElement('select')
    answer.style.cssText = 'font-size:12px;min-height:24px'
    ;['pass', 'fail'].forEach(function (value) {
      var option = document.createElement('option')
      option.value = value
      option.textContent = value === 'pass' ? 'Passes' : 'Fails'
      answer.appendChild(option)
    })
    answerRow.appendChild(answer)
    box.appendChild(answerRow)

    checkbox.addEventListener('change', function () {
      if (checkbox.checked) {
        widget.response = token(answer.value === 'pass', 'v2')
        if (typeof params.callback === 'function') params.callback(widget.response)
      } else {
        widget.response = ''
        if (typeof params['expired-callback'] === 'function') params['expired-callback']()
      }
    })
    widget.checkbox = checkbox
    host.appendChild(box)
    return id
  }

  function getResponse(id) {
    var widget = widgets[id === undefined ? 0 : id]
    return widget ? widget.response : ''
  }

  function reset(id) {
    var widget = widgets[id === undefined ? 0 : id]
    if (!widget) return
    widget.response = ''
    if (widget.checkbox) widget.checkbox.checked = false
  }

  function ready(callback) {
    setTimeout(callback, 0)
  }

  window.grecaptcha = {
    render: render,
    getResponse: getResponse,
    reset: reset,
    ready: ready,
    enterprise: {
      ready: ready,
      execute: function (siteKey, options) {
        var action = (options && options.action) || 'unnamed'
        return Promise.resolve(token(window.sandboxCaptchaAnswer !== 'fail', action))
      },
    },
  }

  // As Google's script does: `?onload=name` calls window[name] once the API is there.
  var script = document.currentScript
  var onload = script ? new URL(script.src, location.href).searchParams.get('onload') : null
  if (onload && typeof window[onload] === 'function') window[onload]()
})()
