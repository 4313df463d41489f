/**
 * The floating advisor button never covers the page (issue 33; docs/decisions/0285). Below 1024 px
 * an inline head script, so before hydration too, checks each floating button marked
 * `data-float-clear` (the advisor; not scroll-to-top, which spec §1 shows once the page is
 * scrolled past 300 px and which is needed exactly when the page is far down)
 * on scroll, resize, focus changes and every 700 ms: when a control (link, button, field, label,
 * picture) or a line of text of the page lies under it (sampled with `elementsFromPoint` on a
 * 3×3 grid of the button, text by its own line boxes), the button gets `data-covering` and the
 * stylesheet hides it (app.css) until the spot under it is clear again: a gap between sections,
 * or the strip under the footer, so it is always reachable at the end of a page. From 1024 px
 * the page leaves room at the sides and nothing is hidden.
 */
export const FLOAT_CLEAR_SCRIPT = `(function(){var d=document,w=window,q=0,C="a,button,input,select,textarea,label,summary,img,svg,video,iframe,[role=button],[role=tab],[tabindex]:not([tabindex='-1'])";function ov(a,b){return a.left<b.right&&a.right>b.left&&a.top<b.bottom&&a.bottom>b.top}function txt(e,r){for(var n=e.firstChild;n;n=n.nextSibling){if(n.nodeType!==3||!n.nodeValue.trim())continue;var g=d.createRange();g.selectNodeContents(n);var l=g.getClientRects();for(var i=0;i<l.length;i++)if(ov(l[i],r))return true}return false}function under(r){var xs=[r.left+3,(r.left+r.right)/2,r.right-3],ys=[r.top+3,(r.top+r.bottom)/2,r.bottom-3];for(var i=0;i<3;i++)for(var j=0;j<3;j++){var l=d.elementsFromPoint(xs[i],ys[j]);for(var k=0;k<l.length;k++){var e=l[k];if(e.closest("[data-float-strip]"))continue;if(e===d.body||e===d.documentElement)break;if(e.closest(C)||txt(e,r))return true;break}}return false}function run(){q=0;var m=w.matchMedia("(max-width: 1023.98px)").matches;d.querySelectorAll("[data-float-clear]").forEach(function(b){var r=b.getBoundingClientRect();var c=m&&r.width>0&&under(r);if(c!==b.hasAttribute("data-covering"))b.toggleAttribute("data-covering",c)})}function s(){if(!q)q=w.requestAnimationFrame(run)}["scroll","resize","focusin","focusout","load"].forEach(function(t){w.addEventListener(t,s,{passive:true})});d.addEventListener("DOMContentLoaded",s);w.setInterval(function(){if(!d.hidden)s()},700)})()`;
