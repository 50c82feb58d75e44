/* The sandbox applicant page's one script: tells the page that framed it (the web SDK stand-in) what happened. */
;(function () {
  'use strict'
  var script = document.currentScript
  var type = script && script.getAttribute('data-event')
  if (!type || window.parent === window) return
  var payload = {}
  try {
    payload = JSON.parse(script.getAttribute('data-payload') || '{}')
  } catch (error) {
    payload = {}
  }
  window.parent.postMessage({ source: 'sandbox-sumsub', type: type, payload: payload }, window.location.origin)
})()
