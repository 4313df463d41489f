/**
 * The staff screen's reads (common/staff.ts `StaffPages`) for one signed-in account: pay runs,
 * pay figures and analytics only for managers; a therapist's time entries are their own.
 */
import type { AdminIdentity } from "#common/auth.ts";
import {
  STAFF_DETAIL_ENTRIES_SHOWN,
  type StaffPages,
  type StaffScreenData,
  TIME_ENTRIES_SHOWN,
} from "#common/staff.ts";
import type { Db } from "#server/db/client.ts";
import { staffAnalytics, staffOverview } from "./figures.ts";
import { getStaff, listStaff, seesPay } from "./members.ts";
import { getPayRun, listPayRuns, payRunSummary } from "./pay-runs.ts";
import { listSchedules } from "./schedules.ts";
import { listTimeEntries } from "./time-clock.ts";

export function staffPages(db: Db, viewer: AdminIdentity): StaffPages {
  const pay = seesPay(viewer);
  // A therapist's clock shows only themself (no staff record: nobody).
  const ownOnly = viewer.role === "therapist";
  const entriesOf = (staffId: number | null | undefined, limit: number, openOnly = false) =>
    ownOnly && !viewer.staffId
      ? Promise.resolve([])
      : listTimeEntries(db, { staffId: ownOnly ? viewer.staffId : staffId, limit, openOnly });
  return {
    async screen({ memberId }): Promise<StaffScreenData> {
      const [members, schedules, entries, open, payRuns, paySummary, analytics] = await Promise.all(
        [
          listStaff(db, viewer),
          listSchedules(db),
          entriesOf(null, TIME_ENTRIES_SHOWN),
          entriesOf(null, 500, true),
          pay ? listPayRuns(db) : null,
          pay ? payRunSummary(db) : null,
          pay ? staffAnalytics(db) : null,
        ],
      );
      let detail: StaffScreenData["detail"] = null;
      if (memberId !== null && members.some((m) => m.id === memberId)) {
        const [member, overview, memberEntries, memberRuns] = await Promise.all([
          getStaff(db, viewer, memberId),
          staffOverview(db, viewer, memberId),
          ownOnly && viewer.staffId !== memberId
            ? Promise.resolve([])
            : listTimeEntries(db, { staffId: memberId, limit: STAFF_DETAIL_ENTRIES_SHOWN }),
          pay ? listPayRuns(db, { staffId: memberId, limit: 50 }) : null,
        ]);
        detail = { member, overview, entries: memberEntries, payRuns: memberRuns };
      }
      return { members, schedules, entries, open, payRuns, paySummary, analytics, detail };
    },
    async paySlip(payRunId) {
      if (!pay) return null;
      const payRun = await getPayRun(db, payRunId);
      if (!payRun) return null;
      return { payRun, member: await getStaff(db, viewer, payRun.staffId) };
    },
  };
}
