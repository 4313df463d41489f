/**
 * The signed-in account's capabilities on any admin screen (issue 28 item 6): the admin layout
 * loader's `capabilities` (common/roles.ts CAPABILITIES, the table the API's gates read), so a
 * screen offers only the buttons whose calls the server lets through.
 *
 * @example
 *   const can = useCapabilities();
 *   {can("client.delete") && <button>Delete</button>}
 *   {can("appointment.complete", appointment.staffId) && <button>Mark Complete</button>}
 */
import { useRouteLoaderData } from "react-router";
import type { AdminIdentity } from "#common/auth.ts";
import { type Capabilities, type Capability, capabilitiesOf, mayOn } from "#common/roles.ts";

type LayoutData = { admin: AdminIdentity; capabilities: Capabilities };

/**
 * @returns `can(capability, ownerStaffId?)`: whether the account may use `capability` on a
 *   record owned by `ownerStaffId` (null: nobody's; omitted: any record it may act on), and
 *   `staffId`, the account's own staff record (null without one). Outside the admin layout
 *   (tests) nothing is allowed.
 */
export function useCapabilities() {
  const data = useRouteLoaderData("routes/admin/layout") as LayoutData | undefined;
  const caps = data?.capabilities ?? capabilitiesOf(null);
  const staffId = data?.admin.staffId ?? null;
  const can = (capability: Capability, ownerStaffId?: number | null) =>
    mayOn(caps, capability, staffId, ownerStaffId);
  return Object.assign(can, { staffId, reach: (c: Capability) => caps[c] });
}
