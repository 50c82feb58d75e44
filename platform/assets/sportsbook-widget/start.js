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
