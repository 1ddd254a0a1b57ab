/**
 * The site's style sheet, served at `/site.css` (cached by the browser), its colours the theme's
 * custom properties (`--ink:#1f2328;--accent:…`, the archive's own with `--site-config`).
 * Readable on a phone and a wide screen; colours meet WCAG 2.1 AA contrast (4.5:1 for text,
 * checked by `themeOf`); focus is always visible. Printed, a page keeps its content: no search,
 * no buttons, each link's address shown; pages numbered at their foot. The printable finding
 * aid nests its components indented by level, and starts its contents and each series of the
 * top level on a new page.
 */
export function siteCss(theme: string): string {
  return `
:root{${theme};--mark:#fff1a8}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:var(--paper)}
a{color:var(--accent)}a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid #e07a00;outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:-999px;top:0;background:var(--paper);padding:.5em 1em;z-index:9}
.skip:focus{left:.5em}
header.site{background:var(--header);color:var(--header-ink);padding:.6em 1em;display:flex;flex-wrap:wrap;gap:.6em 1.5em;align-items:center}
header.site a{color:var(--header-ink);text-decoration:none;font-weight:600;font-size:1.1em}
header.site img.logo{display:block;height:2.6em;width:auto;max-width:14em}
header.site .mylist-link{margin-left:auto;font-size:1em;white-space:nowrap}
form.search{display:flex;gap:.4em;flex:1;min-width:16em;max-width:40em}
form.search input{flex:1;font:inherit;padding:.4em .6em;border:1px solid var(--line);border-radius:4px;min-width:0}
button,.button{font:inherit;padding:.4em .9em;border:1px solid var(--accent);border-radius:4px;background:var(--accent);color:var(--paper);cursor:pointer}
.button{display:inline-block;text-decoration:none}
button.keep,button.secondary{background:var(--paper);color:var(--accent);font-size:.9em;padding:.2em .7em}
button.keep::before{content:"";display:inline-block;box-sizing:border-box;width:1.15em;height:1.15em;margin-right:.5em;border:2px solid currentColor;border-radius:3px;vertical-align:-.1em;font-size:.85em;line-height:.95em;text-align:center;font-weight:700}
button.keep[aria-pressed=true]{background:var(--accent);color:var(--paper)}
button.keep[aria-pressed=true]::before{content:"✓";content:"✓" / "";background:var(--paper);color:var(--accent);border-color:var(--paper)}
main{max-width:72em;margin:0 auto;padding:1em}
h1{font-size:1.6em;line-height:1.25;margin:.4em 0}h2{font-size:1.2em;margin:1.2em 0 .4em}
.muted{color:var(--muted)}
.layout{display:grid;grid-template-columns:1fr;gap:1.5em}
.result-tools{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5em}
@media(min-width:52em){.layout{grid-template-columns:16em 1fr}.layout>.facets{grid-column:1;grid-row:1}.layout>section{grid-column:2;grid-row:1}.to-filters{display:none}}
.facets h2{font-size:1em;margin:1em 0 .3em}.facets ul{list-style:none;margin:0;padding:0}
.facets li{display:flex;justify-content:space-between;gap:.5em;padding:.1em 0}
.facets .count{color:var(--muted)}
.facets form{display:flex;gap:.4em;align-items:end;flex-wrap:wrap}
.facets label{display:flex;flex-direction:column;font-size:.9em}
.facets input[type=number]{width:6em;font:inherit;padding:.2em}
ol.histogram{list-style:none;margin:0 0 .6em;padding:0;font-size:.9em}
.facets ol.histogram li{display:grid;grid-template-columns:5.6em 1fr 4em;align-items:center;gap:.4em;padding:0}
.histogram .count{text-align:right}
.histogram .bar{display:block;height:.8em;background:var(--tint)}
.histogram .fill{display:block;height:100%;background:var(--accent)}
${Array.from({ length: 21 }, (_, i) => `.histogram .w${i}{width:${i * 5}%}`).join('')}
ol.results{list-style:none;padding:0;margin:0}
ol.results>li{border-bottom:1px solid var(--line);padding:.8em 0}
.result-title{font-size:1.1em;font-weight:600}
ul.snippets{list-style:none;margin:.3em 0 0;padding:0;font-size:.95em}ul.snippets li{margin:.15em 0}
.chips{display:flex;flex-wrap:wrap;gap:.4em;list-style:none;padding:0;margin:.5em 0}
.chips a{display:inline-block;border:1px solid var(--line);border-radius:1em;padding:.1em .7em;text-decoration:none;background:var(--tint)}
nav.pages{display:flex;gap:1em;align-items:center;margin:1em 0}
dl.fields{display:grid;grid-template-columns:1fr;gap:.2em 1em}
@media(min-width:40em){dl.fields{grid-template-columns:12em 1fr}}
dl.fields dt{font-weight:600}dl.fields dd{margin:0}
ul.files{padding-left:1.2em}ul.files img{display:block;max-width:100%;max-height:24em;height:auto;border:1px solid var(--line);margin:.3em 0}
nav.trail ol{list-style:none;padding:0;margin:.5em 0;display:flex;flex-wrap:wrap;gap:.3em}
nav.trail li+li::before{content:"›";margin-right:.3em;color:var(--muted)}
ul.contents{padding-left:1.2em}
ol.minimap{display:flex;list-style:none;margin:.5em 0;padding:0;height:1.4em;border:1px solid var(--line);background:var(--tint)}ol.minimap li{flex:1;min-width:0}ol.minimap a{display:block;height:100%;background:var(--accent)}
.toggle{font-size:.9em;margin-left:.3em;white-space:nowrap}
ul.branch{margin:.3em 0 .5em;padding-left:1.2em;border-left:2px solid var(--line)}
nav.neighbours{display:flex;flex-wrap:wrap;gap:.5em 1.5em;margin:.5em 0 1em}
nav.neighbours a[rel=next]{margin-left:auto}
ol.siblings{padding-left:4em;margin:.3em 0}
ol.siblings li.current{background:var(--tint);font-weight:600;border-radius:4px}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(10em,1fr));gap:1em;list-style:none;padding:0}
.stats li{background:var(--tint);padding:.8em;border-radius:6px}
.stats strong{display:block;font-size:1.5em}
footer.site{border-top:1px solid var(--line);margin-top:2em;padding:1em;color:var(--muted);text-align:center}
footer.site p{margin:.3em 0}
mark{background:var(--mark);color:#1f2328}
q{overflow-wrap:anywhere}
.mylist .actions{display:flex;flex-wrap:wrap;gap:.6em;align-items:center;margin:1em 0}
.mylist .actions form{margin:0}
ul.mylist{list-style:none;padding:0;margin:0}
ul.mylist>li{border-bottom:1px solid var(--line);padding:.6em 0}
ul.mylist button{margin-top:.3em}
.mylist .gone{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
.notice{border-left:4px solid var(--accent);background:var(--tint);padding:.5em .8em}
.about{max-width:42em}
.finding-aid ol.components,.finding-aid ol.components ol{list-style:none;margin:.3em 0;padding-left:1.4em;border-left:2px solid var(--line)}
.finding-aid ol.components{padding-left:0;border:0}
.finding-aid li.component{margin:.7em 0}
.finding-aid .component-title{font-size:1.05em;margin:0}
.finding-aid .component-head p{margin:.1em 0}
.finding-aid li.component>h3,.finding-aid li.component>h4,.finding-aid li.component>h5,.finding-aid li.component>h6{font-size:.95em;margin:.5em 0 .2em}
.finding-aid p.named{margin:.2em 0}
@page{margin:2cm 1.6cm;@bottom-right{content:counter(page) " / " counter(pages);font:9pt system-ui,sans-serif;color:#444}}
@media print{
header.site form,header.site .mylist-link,.skip,button,.actions,.intro,footer.site,aside.facets,form.sort,.to-filters{display:none!important}
header.site{background:none;color:#000;padding:0}header.site a{color:#000}
body{font-size:11pt;color:#000;background:#fff}
main{max-width:none;padding:0}
a{color:#000}
main a[href]::after{content:" (" attr(href) ")";font-size:.85em;font-weight:400;color:#444;overflow-wrap:anywhere}
h1,h2,h3{break-after:avoid}
li,dl.fields>*{break-inside:avoid}
.finding-aid a[href]::after{content:none}
.finding-aid h2.contents,.finding-aid li.series{break-before:page}
.finding-aid li.component{break-inside:auto}
.finding-aid .component-head,.finding-aid .component-title{break-inside:avoid;break-after:avoid}
}
`
}
