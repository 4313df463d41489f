/**
 * Bookings record what their `service` text names: `kind` and `service_id` are filled on create
 * and on an admin edit (server/modules/bookings/service.ts), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/db/schema/bookings.ts";
import { services } from "#server/db/schema/catalog.ts";
import { createBooking, updateBooking } from "#server/modules/bookings/service.ts";
import { insertService } from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";

describe.each(dbKinds)("booking kind and service id on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const admin = { id: 1, username: "admin", role: "manager" as const };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const links = async (id: number) => {
    const [row] = await t.db
      .select({ kind: bookings.kind, serviceId: bookings.serviceId })
      .from(bookings)
      .where(eq(bookings.id, id));
    return row;
  };

  it("fills them on create and edit, and clears the service id when the service goes", async () => {
    const facial = await insertService(t.db, { name: "HydraFacial" });
    const request = {
      name: "Ada Obi",
      email: "ada@example.com",
      phone: "08031234567",
      date: "2030-01-07 at 10:00 AM",
      message: "",
    };
    const booking = await createBooking(
      t.db,
      { ...request, service: String(facial.id) },
      { staff: true, now: new Date("2030-01-01T08:00:00Z") },
    );
    expect(booking).not.toHaveProperty("kind");
    expect(await links(booking.id)).toEqual({ kind: "service", serviceId: facial.id });

    await updateBooking(t.db, admin, booking.id, { service: "consultation-facial" });
    expect(await links(booking.id)).toEqual({ kind: "consultation", serviceId: null });

    await updateBooking(t.db, admin, booking.id, { service: String(facial.id) });
    await t.db.delete(services).where(eq(services.id, facial.id));
    expect(await links(booking.id)).toEqual({ kind: "service", serviceId: null });
  });
});
