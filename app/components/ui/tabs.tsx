/**
 * Tabs after the WAI-ARIA tabs pattern, with the markup Radix UI's Tabs gave (role tablist, tab
 * and tabpanel; aria-selected and aria-controls; `data-state="active|inactive"` for styling; the
 * selected tab the only tab stop; Left/Right arrows (wrapping), Home and End move the focus and
 * select, activation on focus). Its own small component because Radix's Tabs, with its roving
 * focus and presence machinery, was about 9 KB of the first-load JavaScript of /services and
 * /product (issue 15, docs/decisions/0140-out-of-the-first-load.md). Only the selected panel's
 * content is rendered.
 */
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useContext,
  useId,
  useState,
} from "react";

type TabsContextValue = { baseId: string; value: string; select: (value: string) => void };
const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error("Tabs parts must be inside <TabsRoot>");
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

/** The tabs' state: controlled (`value` + `onValueChange`) or not (`defaultValue`). */
export function TabsRoot({
  value: controlled,
  defaultValue = "",
  onValueChange,
  children,
}: {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value, select }}>
      <div dir="ltr" data-orientation="horizontal">
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** The tab strip; arrow keys, Home and End move between its tabs. */
export function TabsList({
  ref,
  className,
  children,
  "aria-label": label,
}: {
  ref?: Ref<HTMLDivElement>;
  className?: string;
  children: ReactNode;
  "aria-label": string;
}) {
  const { select } = useTabs();
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'),
    );
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    tab?.focus();
    if (tab?.dataset.value) select(tab.dataset.value);
  }
  return (
    <div
      ref={ref}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={className}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

/** One tab; selected on press and on focus. */
export function TabsTrigger({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const { baseId, value: selected, select } = useTabs();
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={active}
      aria-controls={contentId(baseId, value)}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      data-value={value}
      tabIndex={active ? 0 : -1}
      className={className}
      onMouseDown={(event) => {
        // As Radix: the left button selects at once; ctrl-click is left to the browser.
        if (event.button === 0 && !event.ctrlKey) select(value);
      }}
      onFocus={() => select(value)}
      onClick={() => select(value)}
    >
      {children}
    </button>
  );
}

/**
 * The panel of one tab: always in the HTML, hidden (and so not focusable) while its tab is not
 * selected, so a tab tapped before hydration can be shown at once (app/lib/early-taps.ts).
 */
export function TabsContent({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const { baseId, value: selected } = useTabs();
  const active = value === selected;
  return (
    <div
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!active}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a tab stop (WAI-ARIA tabs pattern), as Radix's was
      tabIndex={0}
      className={className}
    >
      {children}
    </div>
  );
}
