/**
 * A staff member's phone-calendar subscription (issue 10 "an iCalendar feed per staff member at
 * a signed, unguessable URL (revocable)"): shows whether a feed is on, creates or replaces the
 * link (POST /api/staff/{id}/calendar-feed; the URL is shown once, as the server stores only
 * its hash), copies it, and turns it off (DELETE). Google Calendar and Apple Calendar subscribe
 * to the URL and refresh it themselves.
 */
import { useEffect, useState } from "react";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import type { CalendarFeed, CalendarStaff } from "#common/calendar.ts";
import { formatLagosWallTime } from "#common/lagos-time.ts";

export function CalendarFeedDialog({
  member,
  onOpenChange,
}: {
  /** The member whose feed this is; null keeps the dialog closed. */
  member: CalendarStaff | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [copied, setCopied] = useState(false);
  const memberId = member?.id ?? null;

  useEffect(() => {
    setFeed(null);
    setLoadError(null);
    setCopied(false);
    if (memberId === null) return;
    let live = true;
    apiRequest<CalendarFeed>("GET", `/api/staff/${memberId}/calendar-feed`).then(
      (answer) => live && setFeed(answer),
      () => live && setLoadError("Could not load the calendar feed. Please try again."),
    );
    return () => {
      live = false;
    };
  }, [memberId]);

  const create = useAdminMutation<CalendarFeed, Record<string, never>>({
    success: { title: "Calendar link ready", description: "Copy it now: it is shown only once." },
    failure: serverMessageOr("Failed to create the calendar link"),
    onSuccess: (answer) => {
      setFeed(answer);
      setCopied(false);
    },
    after: "none",
  });
  const turnOff = useAdminMutation<CalendarFeed, Record<string, never>>({
    success: { title: "Calendar link turned off" },
    failure: serverMessageOr("Failed to turn off the calendar link"),
    onSuccess: (answer) => setFeed(answer),
    after: "none",
  });

  if (!member) return null;
  const url = feed?.url ?? null;
  return (
    <>
      <DialogRoot open onOpenChange={onOpenChange}>
        <DialogContent className="max-w-lg">
          <DialogTitle className="text-xl font-semibold text-ink">
            Phone calendar for {member.name}
          </DialogTitle>
          <p className="mt-2 text-sm text-gray-700">
            A private link that Google Calendar or Apple Calendar can subscribe to, so {member.name}{" "}
            sees their appointments and blocked time on their phone. Anyone with the link can read
            that calendar: share it only with them.
          </p>
          {loadError && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {loadError}
            </p>
          )}
          {!feed && !loadError && (
            <p role="status" className="mt-3 text-sm text-gray-600">
              Loading…
            </p>
          )}
          {feed && (
            <div className="mt-4 space-y-3 text-sm">
              <p data-testid="feed-status">
                {feed.active
                  ? `Link on since ${feed.createdAt ? formatLagosWallTime(feed.createdAt) : "earlier"}.`
                  : "No link yet."}
              </p>
              {url && (
                <div className="space-y-2">
                  <label htmlFor="calendar-feed-url" className="block font-medium text-ink">
                    Subscription link
                  </label>
                  <div className="flex gap-2">
                    <input
                      id="calendar-feed-url"
                      readOnly
                      value={url}
                      onFocus={(e) => e.currentTarget.select()}
                      className="min-w-0 flex-1 rounded-md border border-gray-300 px-2 py-1.5 font-mono text-xs"
                    />
                    <button
                      type="button"
                      className={adminButton.outline}
                      onClick={() =>
                        navigator.clipboard
                          ?.writeText(url)
                          .then(() => setCopied(true))
                          .catch(() => setCopied(false))
                      }
                    >
                      {copied ? "Copied" : "Copy link"}
                    </button>
                  </div>
                  <p className="text-gray-600">
                    Google Calendar: Other calendars → From URL. iPhone: Settings → Calendar →
                    Accounts → Add Account → Other → Add Subscribed Calendar.
                  </p>
                </div>
              )}
              {feed.active && !url && (
                <p className="text-gray-600">
                  The link is shown only when it is made. Make a new link to see one again (the old
                  link then stops working).
                </p>
              )}
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {feed?.active && (
              <button
                type="button"
                className={adminButton.danger}
                disabled={turnOff.pending}
                onClick={() => setConfirmOff(true)}
              >
                Turn off link
              </button>
            )}
            {feed && (
              <button
                type="button"
                className={adminButton.primary}
                disabled={create.pending}
                onClick={() =>
                  create.run(() =>
                    apiRequest<CalendarFeed>("POST", `/api/staff/${member.id}/calendar-feed`),
                  )
                }
              >
                {feed.active ? "Make a new link" : "Create link"}
              </button>
            )}
          </div>
        </DialogContent>
      </DialogRoot>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title="Turn off this calendar link?"
        description={`Phones subscribed with it stop receiving ${member.name}'s calendar.`}
        confirmLabel="Turn off link"
        onConfirm={() => {
          setConfirmOff(false);
          turnOff.run(() =>
            apiRequest<CalendarFeed>("DELETE", `/api/staff/${member.id}/calendar-feed`),
          );
        }}
      />
    </>
  );
}
