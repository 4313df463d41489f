/**
 * The floating 'Treatment Advisor' button at the bottom right of every public page (storefront
 * spec §2 "AI treatment advisor"), placed by the site layout's FloatingControls strip. The chat
 * itself (dialog, cards, API calls) is a separate
 * chunk loaded on first open (or when the button is hovered or focused), so pages don't pay for
 * it up front; once loaded it stays mounted, keeping the conversation while the visitor browses.
 */
import { MessageCircleHeart } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";

const loadChat = () => import("./advisor-chat");
const AdvisorChat = lazy(loadChat);

/** The launcher button and, after the first open, the chat dialog. */
export function TreatmentAdvisor() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => {
    void loadChat();
  };
  return (
    <>
      <button
        ref={buttonRef}
        id="advisor-launcher"
        type="button"
        data-float-clear
        data-early-replay
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="pointer-events-auto ml-auto inline-flex xl:col-start-3 xl:row-start-1 xl:justify-self-end items-center gap-2 rounded-full bg-brand-700 px-4 py-3 max-sm:p-3 text-sm font-semibold text-white shadow-lg ring-1 ring-white/30 transition duration-200 hover:-translate-y-0.5 hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <MessageCircleHeart className="h-5 w-5" aria-hidden />
        {/* Icon only on a phone: a smaller footprint over the page; the name stays. */}
        <span className="max-sm:sr-only">Treatment Advisor</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AdvisorChat open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
