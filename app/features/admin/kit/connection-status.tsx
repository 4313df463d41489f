/**
 * The top bar's connection status (issue 35): "Online" or "Offline", and how many items of work
 * done offline wait to be sent ("3 waiting"). A polite live region, so a screen reader hears the
 * change; the text never relies on colour alone.
 */
import { Cloud, CloudOff } from "lucide-react";

export function ConnectionStatus({ online, waiting }: { online: boolean; waiting: number }) {
  return (
    <output
      aria-live="polite"
      data-testid="connection-status"
      className={`inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-md px-2 text-sm font-medium ${
        online ? "text-green-800" : "bg-amber-100 text-amber-900"
      }`}
    >
      {online ? (
        <Cloud className="h-4 w-4" aria-hidden />
      ) : (
        <CloudOff className="h-4 w-4" aria-hidden />
      )}
      <span className={online ? "sr-only sm:not-sr-only" : undefined}>
        {online ? "Online" : "Offline"}
      </span>
      {waiting > 0 && (
        <span className="rounded-full bg-amber-600 px-2 py-0.5 text-xs text-white">
          {waiting} waiting
        </span>
      )}
    </output>
  );
}
