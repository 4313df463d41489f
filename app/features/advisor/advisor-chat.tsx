/**
 * The treatment advisor chat (storefront spec §2 "AI treatment advisor", §4 "Chat", §5 "Chat",
 * §8 chat errors, §9 chat constants): a modal dialog titled 'Treatment Advisor — Powered by AI'
 * (600 px high, at most 90% of the viewport), the greeting, six suggested prompts while the chat
 * has 2 or fewer messages, the question box (focused 300 ms after opening), a typing indicator
 * and a simulated typing delay, answers with service and product cards and a booking prompt, and
 * the 'Communication Error' toast. Loaded lazily by advisor-launcher.tsx.
 */
import { clsx } from "clsx";
import { Send, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import { apiRequest } from "#app/lib/api.ts";
import { track } from "#app/lib/tracking.ts";
import {
  ADVISOR_MAX_QUERY_LENGTH,
  type AdvisorResponse,
  CHAT_FOCUS_DELAY_MS,
  CHAT_GREETING,
  CHAT_SUGGESTED_PROMPTS,
  CHAT_SUGGESTIONS_MAX_MESSAGES,
  type ChatPart,
  typingDelayMs,
} from "#common/advisor.ts";
import type { PublicService } from "#common/catalog.ts";
import { BookingPrompt, ProductCard, ServiceCard, UrgentCareBox } from "./chat-cards";
import { demoFallbackParts } from "./demo-fallback";

/** A chat message (spec §3 "Chat message"): role, content as parts, timestamp. */
type Message = { id: number; role: "user" | "assistant"; content: ChatPart[]; timestamp: Date };

/** The spec's demonstration-mode answer when a reply has no text (§8); a last resort. */
async function fallbackParts(userQuery: string): Promise<ChatPart[]> {
  let services: PublicService[] = [];
  try {
    services = (await apiRequest<PublicService[]>("GET", "/api/services")) ?? [];
  } catch {
    services = [];
  }
  return demoFallbackParts(userQuery, services);
}

let nextId = 1;

const STORAGE_KEY = "advisor-chat";

/** The conversation saved in this tab (sessionStorage), or null. */
function restored(): { sessionId: string | null; messages: Message[] } | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as { sessionId?: unknown; messages?: unknown };
    if (!Array.isArray(data.messages) || data.messages.length === 0) return null;
    const messages = (data.messages as Message[]).map((m) => ({
      ...m,
      id: nextId++,
      timestamp: new Date(m.timestamp),
    }));
    return { sessionId: typeof data.sessionId === "string" ? data.sessionId : null, messages };
  } catch {
    // Unreadable (or storage blocked): start afresh.
    return null;
  }
}

function greeting(): Message {
  return {
    id: nextId++,
    role: "assistant",
    content: [{ type: "text", text: CHAT_GREETING }],
    timestamp: new Date(),
  };
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

type AdvisorChatProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the chat closes (the launcher button). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** The chat dialog; keeps its conversation while closed. */
export default function AdvisorChat({ open, onOpenChange, returnFocusTo }: AdvisorChatProps) {
  const toast = useToast();
  const [saved] = useState(restored);
  const [messages, setMessages] = useState<Message[]>(() => saved?.messages ?? [greeting()]);
  const [input, setInput] = useState("");
  const [pending, setPending] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(saved?.sessionId ?? null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();

  // Keep the conversation for this browser tab, so a reload does not lose it.
  useEffect(() => {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ sessionId, messages }));
    } catch {
      // Storage full or blocked: the chat still works, it just won't survive a reload.
    }
  }, [sessionId, messages]);

  useEffect(() => {
    if (open) track({ name: "advisor-usage", payload: { action: "open" } });
  }, [open]);

  // Scroll to the newest message: a new answer shows from its start (cards follow below it);
  // the client's own message and the typing indicator show at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list or state changes
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const last = messages[messages.length - 1];
    const node = log.querySelector<HTMLElement>(`[data-message-id="${last?.id}"]`);
    if (last?.role === "assistant" && messages.length > 1 && node) {
      log.scrollTop = node.offsetTop - 8;
    } else {
      log.scrollTop = log.scrollHeight;
    }
  }, [messages.length, pending, open]);

  const close = () => onOpenChange(false);

  async function send(text: string) {
    const userQuery = text.trim();
    if (!userQuery || pending) return;
    setMessages((list) => [
      ...list,
      {
        id: nextId++,
        role: "user",
        content: [{ type: "text", text: userQuery }],
        timestamp: new Date(),
      },
    ]);
    setInput("");
    setPending(true);
    // The question itself may hold health details: only the action is tracked.
    track({ name: "advisor-usage", payload: { action: "question" } });
    try {
      const answer = await apiRequest<AdvisorResponse>(
        "POST",
        "/api/chatbot/treatment-recommendation",
        { userQuery, sessionId },
      );
      if (answer?.sessionId) setSessionId(answer.sessionId);
      const hasText = Boolean(answer?.response?.trim());
      const content: ChatPart[] = !hasText
        ? await fallbackParts(userQuery)
        : answer.parts?.length
          ? answer.parts
          : [{ type: "text", text: answer.response }];
      const first = content[0];
      await wait(typingDelayMs(first?.type === "text" ? first.text.length : 0));
      setMessages((list) => [
        ...list,
        { id: nextId++, role: "assistant", content, timestamp: new Date() },
      ]);
      const top = content.find((p) => p.type === "service-recommendation");
      track({
        name: "advisor-usage",
        payload: {
          action: "recommendation",
          recommendation:
            top?.type === "service-recommendation" ? top.items[0]?.service.name : undefined,
        },
      });
    } catch {
      // Internal reason (spec §8): 'Failed to get response from treatment advisor'.
      toast({
        title: "Communication Error",
        description: "Unable to get response from the treatment advisor. Please try again later.",
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(input);
  };

  // Pending → the input is disabled; give focus back when the reply is in.
  useEffect(() => {
    if (!pending && open) inputRef.current?.focus({ preventScroll: true });
  }, [pending, open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-900/40 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Focus the question box 300 ms after opening (spec §2, §9).
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus?.();
            window.setTimeout(() => inputRef.current?.focus(), CHAT_FOCUS_DELAY_MS);
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus({ preventScroll: true });
          }}
          className="fixed inset-x-2 bottom-2 z-50 flex h-[600px] max-h-[90vh] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none transition duration-200 starting:translate-y-4 starting:opacity-0 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[420px]"
        >
          <header className="flex items-start justify-between gap-3 bg-brand-800 px-4 py-3 text-white">
            <div>
              <Dialog.Title className="font-semibold leading-snug">
                Treatment Advisor — Powered by AI
              </Dialog.Title>
              <Dialog.Description className="text-xs text-brand-100">
                Suggestions from our menu. Not a diagnosis: our doctor confirms every plan.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close dialog"
              data-dismiss=""
              className="rounded-full p-1.5 text-white/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </header>

          <div
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-label="Conversation with the treatment advisor"
            className="relative flex-1 space-y-3 overflow-y-auto overscroll-contain bg-brand-50 px-3 py-4"
          >
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} onClose={close} />
            ))}
            {pending && (
              <div
                role="status"
                className="flex items-center gap-1 self-start rounded-2xl bg-white px-4 py-3 shadow-sm w-fit"
              >
                <span className="sr-only">The advisor is typing…</span>
                {[0, 150, 300].map((delay) => (
                  <span
                    key={delay}
                    aria-hidden
                    className="h-2 w-2 animate-bounce rounded-full bg-brand-500 motion-reduce:animate-none"
                    style={{ animationDelay: `${delay}ms` }}
                  />
                ))}
              </div>
            )}
          </div>

          {messages.length <= CHAT_SUGGESTIONS_MAX_MESSAGES && (
            <div className="border-t border-brand-100 bg-white px-3 pt-2.5">
              <p id={`${inputId}-suggestions`} className="text-xs font-medium text-stone-600">
                Popular questions
              </p>
              <ul
                aria-labelledby={`${inputId}-suggestions`}
                className="mt-1.5 flex flex-wrap gap-1.5"
              >
                {CHAT_SUGGESTED_PROMPTS.map((prompt) => (
                  <li key={prompt}>
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => {
                        track({ name: "advisor-usage", payload: { action: "suggested-prompt" } });
                        void send(prompt);
                      }}
                      className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-1 text-xs text-brand-800 transition-colors first-letter:uppercase hover:border-brand-500 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:opacity-50"
                    >
                      {prompt}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <form
            onSubmit={onSubmit}
            className="flex items-center gap-2 border-t border-brand-100 bg-white p-3"
          >
            <label htmlFor={inputId} className="sr-only">
              Your question
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="text"
              value={input}
              onChange={(event) => setInput(event.target.value)}
              placeholder="Type your question here..."
              maxLength={ADVISOR_MAX_QUERY_LENGTH}
              disabled={pending}
              autoComplete="off"
              className="min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-4 py-2.5 text-base text-ink placeholder:text-stone-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-stone-100 sm:text-sm"
            />
            <button
              type="submit"
              aria-label="Send message"
              disabled={pending || input.trim() === ""}
              className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <Send className="h-4 w-4" aria-hidden />
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MessageBubble({ message, onClose }: { message: Message; onClose: () => void }) {
  const mine = message.role === "user";
  return (
    <div
      data-message-id={message.id}
      className={clsx("flex flex-col gap-2", mine ? "items-end" : "items-start")}
    >
      <span className="sr-only">{mine ? "You said:" : "Advisor said:"}</span>
      {message.content.map((part, i) => {
        const key = `${message.id}-${i}`;
        switch (part.type) {
          case "text":
            return (
              <p
                key={key}
                className={clsx(
                  "max-w-[90%] whitespace-pre-line rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed shadow-sm",
                  mine
                    ? "rounded-br-md bg-brand-700 text-white"
                    : "rounded-bl-md bg-white text-ink",
                )}
              >
                {part.text}
              </p>
            );
          case "service-recommendation":
            return (
              <div key={key} className="grid w-full gap-2">
                {part.items.map((item) => (
                  <ServiceCard
                    key={item.service.id}
                    service={item.service}
                    reason={item.reason}
                    onClose={onClose}
                  />
                ))}
              </div>
            );
          case "product-recommendation":
            return (
              <div key={key} className="grid w-full gap-2">
                {part.items.map((item) => (
                  <ProductCard
                    key={item.product.id}
                    product={item.product}
                    reason={item.reason}
                    onClose={onClose}
                  />
                ))}
              </div>
            );
          case "urgent-care":
            return <UrgentCareBox key={key} part={part} />;
          case "booking-prompt":
            return (
              <div key={key} className="w-full">
                <BookingPrompt text={part.text} onClose={onClose} />
              </div>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
