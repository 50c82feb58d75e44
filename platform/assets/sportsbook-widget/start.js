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

  // `robotCheck` is the integrator's word that the player is signed in and their session waits for a
  // robot check: without a token the bet button then asks for that check, not for a sign-in (its click
  // is still `onSignInButtonClick`, which the integrator answers with the check).
  var settings = { integration: '', culture: 'en-GB', token: '', themeName: 'light', robotCheck: false }
  var views = []
