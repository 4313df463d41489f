/**
 * Taps made before React hydrates (issue 33 "A tap is never lost"). Hydration waits for the load
 * event (decision 0146), so on a slow phone the first taps land on server HTML without handlers.
 * This inline head script answers them at once and leaves the rest to React:
 * - the small-screen menu toggle (`data-early-toggle`, aria-controls names the menu) opens or
 *   closes the menu in the DOM; SiteHeader reads the menu's state when it hydrates;
 * - a tab (`role="tab"`) is shown at once (every panel is in the server's HTML, the others
 *   hidden) and remembered in `window.__earlyTab`; `replayEarlyTap` selects it through React once
 *   hydrated, so React's state matches what the visitor sees;
 * - a control React answers (`data-early-replay` with an id) is marked busy at once (`aria-busy`,
 *   `data-early-pending`: app.css shows it taken) and clicked again through React once hydrated,
 *   each control once, in the order tapped. A dialog's opener (the Treatment Advisor button, a
 *   service's View Details: `data-early-replay` without a value) counts only if no other opener is
 *   waiting, as one dialog opens at a time; an action (`data-early-replay="each"`: ADD TO CART on
 *   the shop grid and the product page) always counts, so two products tapped are both added.
 * The cookie banner needs no script: it is a native form the server answers (routes/consent.tsx).
 * Once `<html data-hydrated>` is set the listener does nothing.
 */
export const EARLY_TAP_SCRIPT = `(function(){var d=document;d.addEventListener("click",function(e){if(d.documentElement.hasAttribute("data-hydrated"))return;var t=e.target;if(!(t instanceof Element))return;var b=t.closest("[data-early-toggle]");if(b){var m=d.getElementById(b.getAttribute("aria-controls"));if(!m)return;var open=m.hidden;m.hidden=!open;b.setAttribute("aria-expanded",String(open));b.setAttribute("aria-label",open?"Close menu":"Open menu");return}var r=t.closest("[data-early-replay]");if(r&&r.id){var q=window.__earlyReplay=window.__earlyReplay||[];var each=r.getAttribute("data-early-replay")==="each";var busy=q.indexOf(r.id)>=0||(!each&&q.some(function(i){var x=d.getElementById(i);return!!x&&x.getAttribute("data-early-replay")!=="each"}));if(!busy){r.setAttribute("aria-busy","true");r.setAttribute("data-early-pending","");q.push(r.id)}e.preventDefault();return}var tab=t.closest('[role="tab"]');if(tab&&tab.id){var list=tab.closest('[role="tablist"]');if(list)list.querySelectorAll('[role="tab"]').forEach(function(o){o.setAttribute("aria-selected",String(o===tab));o.setAttribute("data-state",o===tab?"active":"inactive");var p=d.getElementById(o.getAttribute("aria-controls"));if(p){p.hidden=o!==tab;p.setAttribute("data-state",o===tab?"active":"inactive")}});window.__earlyTab=tab.id}},true)})()`;

declare global {
  interface Window {
    __earlyTab?: string;
    __earlyReplay?: string[];
  }
}

/**
 * Called once React has hydrated: selects through React the tab tapped before hydration (the
 * tab's click handler selects it), so React's state matches the panel already shown, then
 * clicks through React each `data-early-replay` control tapped before hydration, in tap order
 * (opening a dialog, adding to the cart).
 */
export function replayEarlyTap(): void {
  const id = window.__earlyTab;
  window.__earlyTab = undefined;
  if (id) document.getElementById(id)?.click();
  const replays = window.__earlyReplay ?? [];
  window.__earlyReplay = undefined;
  for (const replay of replays) {
    const control = document.getElementById(replay);
    control?.removeAttribute("aria-busy");
    control?.removeAttribute("data-early-pending");
    control?.click();
  }
}
