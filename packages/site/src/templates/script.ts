/**
 * The site's script, served at `/site.js`: it only enhances. Every page works without it; with it,
 * the buttons that need a script appear (they are `hidden` in the HTML, so a reader without
 * JavaScript never meets a button that does nothing). Plain ES2017, no framework, no build.
 */
export const SITE_JS = `
'use strict'
document.querySelectorAll('button[data-copy]').forEach(function (button) {
  var source = document.getElementById(button.getAttribute('data-copy'))
  if (!source || !navigator.clipboard) return
  var label = button.textContent
  button.hidden = false
  button.addEventListener('click', function () {
    navigator.clipboard.writeText(source.textContent.trim()).then(function () {
      button.textContent = button.getAttribute('data-copied') || label
      setTimeout(function () { button.textContent = label }, 2000)
    })
  })
})
`
