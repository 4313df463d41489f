/**
 * /admin/staff (admin spec §2 "Staff management"; issue 13): tabs Team Members, Time Tracking,
 * Pay & Commissions and Analytics (the last two for managers only), or one member's detail.
 * The tab and the member are in the URL (?tab=time, ?member=3&view=workspace).
 */
import { Tabs } from "radix-ui";
import { useNavigate } from "react-router";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import type { AdminIdentity } from "#common/auth.ts";
import { canOpen } from "#common/roles.ts";
import type { StaffScreenData } from "#common/staff.ts";
import { AnalyticsTab } from "./analytics-tab.tsx";
import { PayTab } from "./pay-tab.tsx";
import { StaffDetail } from "./staff-detail.tsx";
import { staffHref } from "./staff-format.ts";
import { TeamTab } from "./team-tab.tsx";
import { TimeTab } from "./time-tab.tsx";

const tabClass =
  "rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 data-[state=active]:bg-brand-100 data-[state=active]:text-brand-900";

export function StaffScreen({
  data,
  tab,
  view,
  viewer,
}: {
  data: StaffScreenData;
  tab: string;
  view: string;
  viewer: AdminIdentity;
}) {
  const navigate = useNavigate();
  const seesPay = canOpen(viewer.role, "pay");
  const canManage = canOpen(viewer.role, "manageStaff");
  const tabs = ["team", "time", ...(seesPay ? ["pay", "analytics"] : [])];
  const current = tabs.includes(tab) ? tab : "team";

  if (data.detail) {
    return (
      <>
        <PageHeader title="Staff Management" />
        <StaffDetail
          detail={data.detail}
          schedules={data.schedules}
          view={view}
          canManage={canManage}
          seesPay={seesPay}
          viewerStaffId={viewer.staffId ?? null}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Staff Management" />
      <Tabs.Root
        value={current}
        onValueChange={(v) =>
          navigate(staffHref({ tab: v }), { replace: true, preventScrollReset: true })
        }
      >
        <Tabs.List
          aria-label="Staff management"
          className="mb-6 flex flex-wrap gap-1 border-b border-gray-200 pb-2"
        >
          <Tabs.Trigger value="team" className={tabClass}>
            Team Members
          </Tabs.Trigger>
          <Tabs.Trigger value="time" className={tabClass}>
            Time Tracking
          </Tabs.Trigger>
          {seesPay && (
            <Tabs.Trigger value="pay" className={tabClass}>
              Pay &amp; Commissions
            </Tabs.Trigger>
          )}
          {seesPay && (
            <Tabs.Trigger value="analytics" className={tabClass}>
              Analytics
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="team">
          <TeamTab members={data.members} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="time">
          <TimeTab
            members={data.members}
            entries={data.entries}
            open={data.open}
            canCorrect={canManage}
            ownStaffId={viewer.role === "therapist" ? (viewer.staffId ?? -1) : null}
          />
        </Tabs.Content>
        {seesPay && data.payRuns && data.paySummary && (
          <Tabs.Content value="pay">
            <PayTab members={data.members} runs={data.payRuns} summary={data.paySummary} />
          </Tabs.Content>
        )}
        {seesPay && data.analytics && (
          <Tabs.Content value="analytics">
            <AnalyticsTab analytics={data.analytics} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </>
  );
}
