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

// My list: the uris of the records a reader keeps, in this browser's localStorage, in the order
// added. The toggles on results and records, the count in the header and the list page's
// buttons show only when the list can be kept (no storage, e.g. blocked: no buttons).
;(function () {
  var KEY = 'archive-catalogue:mylist'
  // Longer list URLs go as a form's body: proxies refuse request lines past about 8 KiB.
  var MAX_URL = 8000
  var storage
  try {
    storage = window.localStorage
    storage.getItem(KEY)
  } catch (error) {
    return
  }
  function read() {
    try {
      var list = JSON.parse(storage.getItem(KEY) || '[]')
      return Array.isArray(list) ? list.filter(function (uri) { return typeof uri === 'string' }) : []
    } catch (error) {
      return []
    }
  }
  function write(list) {
    try { storage.setItem(KEY, JSON.stringify(list)) } catch (error) {}
    refresh()
  }
  function query(list) {
    return list.map(function (uri) { return 'uri=' + encodeURIComponent(uri).replace(/%2F/g, '/') }).join('&')
  }
  var toggles = document.querySelectorAll('button[data-mylist]')
  var link = document.querySelector('a.mylist-link')
  var counter = document.querySelector('[data-mylist-count]')
  function refresh() {
    var list = read()
    toggles.forEach(function (button) {
      var kept = list.indexOf(button.getAttribute('data-mylist')) !== -1
      button.setAttribute('aria-pressed', kept ? 'true' : 'false')
    })
    if (counter) counter.textContent = String(list.length)
  }
  toggles.forEach(function (button) {
    button.hidden = false
    button.addEventListener('click', function () {
      var uri = button.getAttribute('data-mylist')
      var list = read()
      var at = list.indexOf(uri)
      if (at === -1) list.push(uri)
      else list.splice(at, 1)
      write(list)
    })
  })
  if (link) link.hidden = false
  // Another tab changed the list.
  window.addEventListener('storage', function (event) {
    if (event.key === KEY || event.key === null) refresh()
  })
  refresh()

  var page = document.querySelector('[data-mylist-page]')
  if (!page) return
  var needsScript = page.querySelector('[data-mylist-needs-script]')
  if (needsScript) {
    // A bare /mylist: the list is here, so show it at its own URL (back skips this step).
    var list = read()
    if (list.length === 0) {
      needsScript.hidden = true
      page.querySelector('[data-mylist-empty]').hidden = false
      return
    }
    var url = '/mylist?' + query(list)
    if (url.length <= MAX_URL) {
      location.replace(url)
      return
    }
    var form = document.createElement('form')
    form.method = 'post'
    form.action = '/mylist'
    list.forEach(function (uri) {
      var input = document.createElement('input')
      input.type = 'hidden'
      input.name = 'uri'
      input.value = uri
      form.appendChild(input)
    })
    document.body.appendChild(form)
    form.submit()
    return
  }
  var print = page.querySelector('button[data-print]')
  if (print) {
    print.hidden = false
    print.addEventListener('click', function () { window.print() })
  }
  var status = page.querySelector('[data-mylist-status]')
  var total = page.querySelector('[data-mylist-total]')
  var csv = page.querySelector('[data-mylist-csv]')
  var main = document.getElementById('content')
  page.querySelectorAll('button[data-mylist-remove]').forEach(function (button) {
    button.hidden = false
    button.addEventListener('click', function () {
      var uri = button.getAttribute('data-mylist-remove')
      var list = read()
      var at = list.indexOf(uri)
      if (at !== -1) {
        list.splice(at, 1)
        write(list)
      }
      var item = button.closest('li')
      var section = item.closest('section')
      // Focus moves on to the next record's button (the one before, at the end), not to the page.
      var buttons = Array.prototype.slice.call(page.querySelectorAll('button[data-mylist-remove]'))
      var position = buttons.indexOf(button)
      var next = buttons[position + 1] || buttons[position - 1]
      item.remove()
      if (section && !section.querySelector('li')) section.remove()
      var left = Array.prototype.map.call(page.querySelectorAll('[data-mylist-item]'), function (li) {
        return li.getAttribute('data-mylist-item')
      })
      var found = page.querySelectorAll('[data-mylist-item] a.result-title').length
      // Each count's words as the page's language writes them (French: « 0 notice »).
      if (total) total.textContent = found === 0 ? total.getAttribute('data-zero') : found === 1 ? total.getAttribute('data-one') : total.getAttribute('data-many').replace('#', String(found))
      if (csv && csv.tagName === 'A') csv.setAttribute('href', '/mylist.csv?' + query(left))
      if (csv && csv.tagName === 'FORM') {
        Array.prototype.forEach.call(csv.querySelectorAll('input[name=uri]'), function (input) {
          if (input.value === uri) input.remove()
        })
      }
      // The page's URL is the list: it stays a link to what is shown.
      if (location.search.indexOf('uri=') !== -1) {
        history.replaceState(null, '', left.length > 0 ? '/mylist?' + query(left) : '/mylist')
      }
      if (status) status.textContent = button.getAttribute('data-removed') || ''
      if (next) next.focus()
      else if (main) main.focus()
    })
  })
})()
`
