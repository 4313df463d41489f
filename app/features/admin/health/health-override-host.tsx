/**
 * The back office's answer to a health check's findings (issue 30): a dialog listing them
 * (block, warning, note) that asks for a reason to go ahead; the call is then sent again with it
 * (app/lib/health-override.ts). Mounted once in the admin shell, so booking, editing,
 * confirming and the till all use it.
 */
import { useEffect, useRef, useState } from "react";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { TextAreaField } from "#app/features/admin/kit/fields.tsx";
import { setHealthOverridePrompt } from "#app/lib/health-override.ts";
import type { Finding } from "#common/contraindications.ts";
import { OVERRIDE_REASON_MAX } from "#common/override-reason.ts";

const LEVEL_LABEL = { block: "Block", warn: "Warning", inform: "Note" } as const;
const LEVEL_TONE = { block: "red", warn: "amber", inform: "gray" } as const;

type Pending = { findings: Finding[]; resolve: (reason: string | null) => void };

export function HealthOverrideHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const current = useRef<Pending | null>(null);

  useEffect(
    () =>
      setHealthOverridePrompt(
        (findings) =>
          new Promise<string | null>((resolve) => {
            current.current?.resolve(null);
            const next = { findings, resolve };
            current.current = next;
            setReason("");
            setError(undefined);
            setPending(next);
          }),
      ),
    [],
  );

  function finish(value: string | null) {
    current.current?.resolve(value);
    current.current = null;
    setPending(null);
  }

  const blocks = pending?.findings.some((f) => f.level === "block") ?? false;
  return (
    <DialogRoot open={pending !== null} onOpenChange={(open) => !open && finish(null)}>
      {pending && (
        <DialogContent>
          <DialogTitle className="text-lg font-semibold text-ink">Health alert</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-gray-700">
            {blocks
              ? "This is not safe as it stands. A therapist or a manager may go ahead with a reason."
              : "Check this with the client. Give a reason to go ahead."}
          </DialogDescription>
          <ul className="mt-4 space-y-2" aria-label="Health findings">
            {pending.findings.map((f) => (
              <li key={`${f.ruleId}-${f.item}`} className="flex items-start gap-2 text-sm">
                <Badge tone={LEVEL_TONE[f.level]}>{LEVEL_LABEL[f.level]}</Badge>
                <span className="text-ink">{f.message}</span>
              </li>
            ))}
          </ul>
          <form
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              const text = reason.trim();
              if (!text) {
                setError("Give a reason to go ahead");
                return;
              }
              finish(text);
            }}
          >
            <TextAreaField
              label="Reason to go ahead"
              value={reason}
              maxLength={OVERRIDE_REASON_MAX}
              error={error}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <button type="button" className={adminButton.outline} onClick={() => finish(null)}>
                Cancel
              </button>
              <button type="submit" className={adminButton.primary}>
                Go ahead
              </button>
            </div>
          </form>
        </DialogContent>
      )}
    </DialogRoot>
  );
}
