
  // ----- The page: the widget's style, its elements and the platform's API ------------------------

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
