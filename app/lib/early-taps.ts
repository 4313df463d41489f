/**
 * Taps made before React hydrates (issue 33 "A tap is never lost"). Hydration waits for the load
 * event (decision 0146), so on a slow phone the first taps land on server HTML without handlers.
 * This inline head script answers them at once and leaves the rest to React:
 * - the small-screen menu toggle (`data-early-toggle`, aria-controls names the menu) opens or
 *   closes the menu in the DOM; SiteHeader reads the menu's state when it hydrates;
 * - a tab (`role="tab"`) is shown at once (every panel is in the server's HTML, the others
 *   hidden) and remembered in `window.__earlyTab`; `replayEarlyTap` selects it through React once
 *   hydrated, so React's state matches what the visitor sees;
 * - a control React answers with a dialog (`data-early-replay` with an id: the Treatment Advisor
 *   button, a service's View Details) is marked busy at once (`aria-busy`, `data-early-pending`:
 *   app.css shows it taken) and clicked again through React once hydrated (the first tap only).
 * - 'ADD TO CART' on a product card and the product page's 'Add to Cart' (`data-early-add`, the
 *   cart line and toast the server rendered, earlyAdd below) write the line into the stored cart
 *   with cart-store.ts's rules (merge by id, at most MAX_LINE_QUANTITY) and show the same 'Added
 *   to cart' toast; the React cart reads the stored cart when it hydrates, and the tap never reaches
 *   React, so nothing is added twice. A product page add beyond the stock left (`cap`) is left to
 *   React's 'Not enough in stock' toast: marked busy and replayed once hydrated;
 * - a select that narrows another (`data-early-narrows` names it: the booking form's category and
 *   its services, every option in the HTML with its `data-category`) shows the chosen category's
 *   options and enables it at once; React gets the choice (a change event) once hydrated.
 * The cookie banner needs no script: it is a native form the server answers (routes/consent.tsx).
 * Once `<html data-hydrated>` is set the listener does nothing.
 */
import { MAX_LINE_QUANTITY } from "#common/catalog.ts";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "./storage-counts.ts";

const TOAST_VIEWPORT =
  "fixed bottom-0 right-0 z-[100] m-0 flex w-full flex-col gap-2 p-4 md:max-w-[420px]";
const TOAST_BOX =
  "pointer-events-auto grid w-full gap-1 rounded-md border border-brand-200 bg-white p-4 text-ink shadow-lg";

/**
 * The head script's text (rendered by the server only, app/root.tsx). The stored cart's key, its
 * change event, the line cap and the toast's look come from the modules React uses, inlined here.
 * A function, not a constant: the browser build drops it (root.tsx calls it on the server only),
 * where a constant built with JSON.stringify calls stayed in every page's root chunk.
 */
export function earlyTapScript(): string {
  return `(function(){var d=document,w=window;function hydrated(){return d.documentElement.hasAttribute("data-hydrated")}function busy(r){if(w.__earlyReplay||!r.id)return;r.setAttribute("aria-busy","true");r.setAttribute("data-early-pending","");w.__earlyReplay=r.id}function toast(t){var old=d.getElementById("early-toast");if(old)old.remove();var v=d.createElement("div");v.id="early-toast";v.setAttribute("role","status");v.className=${JSON.stringify(TOAST_VIEWPORT)};var b=d.createElement("div");b.className=${JSON.stringify(TOAST_BOX)};var h=d.createElement("p");h.className="text-sm font-semibold";h.textContent=t.title;var p=d.createElement("p");p.className="text-sm opacity-90";p.textContent=t.description;b.append(h,p);v.append(b);d.body.append(v);setTimeout(function(){v.remove()},5000)}function add(a){var o=JSON.parse(a.getAttribute("data-early-add"));var raw=localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)});var items=raw?JSON.parse(raw):[];if(!Array.isArray(items))return false;var line=null;items.forEach(function(i){if(i&&i.id===o.line.id)line=i});var have=line&&typeof line.quantity==="number"?line.quantity:0;if(o.cap!==undefined&&have+1>o.cap)return false;if(line)line.quantity=Math.min(${MAX_LINE_QUANTITY},have+1);else{o.line.quantity=1;items.push(o.line)}localStorage.setItem(${JSON.stringify(CART_STORAGE_KEY)},JSON.stringify(items));dispatchEvent(new Event(${JSON.stringify(CART_UPDATED_EVENT)}));(w.__earlyAdds=w.__earlyAdds||[]).push(o.line);toast(o.toast);return true}d.addEventListener("click",function(e){if(hydrated())return;var t=e.target;if(!(t instanceof Element))return;var a=t.closest("[data-early-add]");if(a){var done=false;try{done=add(a)}catch(x){}if(!done)busy(a);e.preventDefault();e.stopImmediatePropagation();return}var b=t.closest("[data-early-toggle]");if(b){var m=d.getElementById(b.getAttribute("aria-controls"));if(!m)return;var open=m.hidden;m.hidden=!open;b.setAttribute("aria-expanded",String(open));b.setAttribute("aria-label",open?"Close menu":"Open menu");return}var r=t.closest("[data-early-replay]");if(r&&r.id){busy(r);e.preventDefault();return}var tab=t.closest('[role="tab"]');if(tab&&tab.id){var list=tab.closest('[role="tablist"]');if(list)list.querySelectorAll('[role="tab"]').forEach(function(o){o.setAttribute("aria-selected",String(o===tab));o.setAttribute("data-state",o===tab?"active":"inactive");var p=d.getElementById(o.getAttribute("aria-controls"));if(p){p.hidden=o!==tab;p.setAttribute("data-state",o===tab?"active":"inactive")}});w.__earlyTab=tab.id}},true);d.addEventListener("change",function(e){if(hydrated())return;var s=e.target;if(!(s instanceof HTMLSelectElement)||!s.id)return;var q=w.__earlyNarrow;if(q&&q[3]===s.id){q[2]=s.value;return}var n=d.getElementById(s.getAttribute("data-early-narrows")||"");if(!(n instanceof HTMLSelectElement))return;var c=s.value;n.value="";n.disabled=!c;Array.prototype.forEach.call(n.options,function(o){if(o.value)o.hidden=o.getAttribute("data-category")!==c;else if(o.hasAttribute("data-early-text"))o.textContent=c?o.getAttribute("data-early-text"):o.getAttribute("data-early-none")});w.__earlyNarrow=[s.id,c,"",n.id]},true)})()`;
}

declare global {
  interface Window {
    __earlyTab?: string;
    __earlyReplay?: string;
    __earlyNarrow?: [select: string, value: string, narrowedValue: string, narrowed: string];
    __earlyAdds?: { id: number; name: string; price: number }[];
  }
}

/**
 * Called once React has hydrated: selects through React the tab tapped before hydration (the
 * tab's click handler selects it), so React's state matches the panel already shown; opens
 * the dialog of a `data-early-replay` control tapped before hydration. (The cart context and the
 * booking form take their own early answers: `__earlyAdds`, `__earlyNarrow`.)
 */
export function replayEarlyTap(): void {
  const id = window.__earlyTab;
  window.__earlyTab = undefined;
  if (id) document.getElementById(id)?.click();
  const replay = window.__earlyReplay;
  window.__earlyReplay = undefined;
  if (replay) {
    const control = document.getElementById(replay);
    control?.removeAttribute("aria-busy");
    control?.removeAttribute("data-early-pending");
    control?.click();
  }
}
