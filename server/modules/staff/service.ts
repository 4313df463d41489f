/**
 * Staff members (admin spec §3 "Staff member"): for now only creating one (POST /api/staff), which
 * the calendar needs to assign appointments and blocked times; the staff area (issue 13) adds
 * the rest.
 */

import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import { lagosDate } from "#common/booking.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import { STAFF_MESSAGES, type StaffMember, type staffInputSchema } from "#common/staff.ts";
import type { Db } from "#server/db/client.ts";
import { staff } from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

/**
 * Adds a staff member (start date default today in Lagos).
 * @throws HttpError 409 when another member has the email (ignoring case).
 */
export async function createStaff(
  db: Db,
  admin: AdminIdentity,
  input: z.output<typeof staffInputSchema>,
): Promise<StaffMember> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          role: input.role,
          department: input.department,
          hourlyRateKobo: nairaToKobo(input.hourlyRate),
          startDate: input.startDate ?? lagosDate(new Date()),
          status: input.status,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await recordAudit(tx, admin, {
        action: "staff.create",
        entity: "staff",
        entityId: row.id,
        details: { email: row.email, role: row.role },
      });
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        role: row.role,
        department: row.department,
        hourlyRate: koboToNaira(row.hourlyRateKobo).toFixed(2),
        startDate: String(row.startDate),
        status: row.status,
        createdAt: new Date(row.createdAt).toISOString(),
      };
    });
  } catch (error) {
    if (sqlState(error) === SQL_STATE.uniqueViolation) {
      throw new HttpError(409, STAFF_MESSAGES.duplicateEmail, {
        email: STAFF_MESSAGES.duplicateEmail,
      });
    }
    throw error;
  }
}
