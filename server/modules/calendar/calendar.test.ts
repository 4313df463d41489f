/**
 * The calendar API (issue 10) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: create, list,
 * change and delete appointments and blocked times; the spec's messages; no double booking
 * (another appointment, a member's block, an all-staff block, the schedule; 50 concurrent
 * bookings; a recurring series as a whole; reschedule); virtual pending bookings; the iCal feed.
 */
import http from "node:http";
import { count, eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import { staff, staffSchedules } from "#server/db/schema/staff.ts";
import { bookingsDashboard } from "#server/modules/bookings/back-office.ts";
import { insertService, insertStaff } from "#server/testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { calendarDashboard } from "./back-office.ts";

const ADA = {
  customerName: "Ada Obi",
  customerEmail: "Ada.Obi@example.com",
  customerPhone: "08031234567",
};

describe.each(dbKinds)("calendar API on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let agent: ReturnType<typeof request.agent>;
  let hydra: { id: number };
  let peel: { id: number };
  let ngozi: { id: number };
  let tunde: { id: number };
  let bola: { id: number };

  const appointmentCount = async () =>
    Number((await t.db.select({ n: count() }).from(appointments))[0]?.n ?? 0);
  const book = (body: Record<string, unknown>) =>
    agent.post("/api/appointments").send({ ...ADA, serviceId: hydra.id, ...body });

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    agent = request.agent(server);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    hydra = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
    peel = await insertService(t.db, { name: "Glow Peel", price: 95000, duration: "45m" });
    ngozi = await insertStaff(t.db, {
      firstName: "Ngozi",
      lastName: "Okafor",
      email: "ngozi@glowhaven.example",
    });
    tunde = await insertStaff(t.db, {
      firstName: "Tunde",
      lastName: "Bello",
      email: "tunde@glowhaven.example",
    });
    bola = await insertStaff(t.db, {
      firstName: "Bola",
      lastName: "Ade",
      email: "bola@glowhaven.example",
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it("answers the spec's validation messages", async () => {
    const res = await agent.post("/api/appointments").send({}).expect(400);
    expect(res.body.error.fields).toMatchObject({
      customerName: "Customer name is required",
      customerEmail: "Valid email is required",
      customerPhone: "Phone number is required",
      serviceId: "Service selection is required",
      appointmentDate: "Date and time is required",
    });
    const block = await agent.post("/api/blocked-time").send({}).expect(400);
    expect(block.body.error.fields).toEqual({
      title: "Title is required",
      startTime: "Start time is required",
      endTime: "End time is required",
    });
    const unknown = await book({ serviceId: 999999, appointmentDate: "2030-01-07 10:00" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.serviceId).toBe("Service selection is required");
  });

  it("creates, lists, changes and deletes an appointment", async () => {
    const res = await book({
      appointmentDate: "2030-01-07 10:00",
      staffId: ngozi.id,
      notes: "Sensitive skin",
    }).expect(201);
    expect(res.body).toMatchObject({
      customerName: "Ada Obi",
      customerEmail: "ada.obi@example.com",
      serviceId: hydra.id,
      serviceName: "HydraFacial",
      appointmentDate: "2030-01-07T09:00:00.000Z",
      endTime: "2030-01-07T10:00:00.000Z",
      status: "scheduled",
      staffId: ngozi.id,
      staffName: "Ngozi Okafor",
      duration: 60,
      price: 180000,
      groupSize: 1,
      isGroupBooking: false,
      isRecurring: false,
      virtual: false,
    });
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.email, "ada.obi@example.com"));
    expect(client).toMatchObject({ firstName: "Ada", lastName: "Obi" });

    const id = res.body.id as string;
    const list = await agent.get("/api/appointments?from=2030-01-07&to=2030-01-13").expect(200);
    expect(list.body.map((a: { id: string }) => a.id)).toContain(id);
    const other = await agent.get(
      `/api/appointments?from=2030-01-07&to=2030-01-13&staffId=${tunde.id}`,
    );
    expect(other.body.map((a: { id: string }) => a.id)).not.toContain(id);
    const byEmail = await agent.get("/api/appointments?customerEmail=ADA.OBI@example.com");
    expect(byEmail.body.map((a: { id: string }) => a.id)).toContain(id);

    const patched = await agent
      .patch(`/api/appointments/${id}`)
      .send({ status: "confirmed", notes: "Patch test first", duration: 90 })
      .expect(200);
    expect(patched.body).toMatchObject({ status: "confirmed", duration: 90 });

    await agent.delete(`/api/appointments/${id}`).expect(200);
    await agent.patch(`/api/appointments/${id}`).send({ status: "confirmed" }).expect(404);
    await agent.delete(`/api/appointments/${id}`).expect(404);
    await agent.patch("/api/appointments/abc").send({ status: "confirmed" }).expect(404);
  });

  it("refuses an overlapping appointment of the same member with 409 naming the clash", async () => {
    await book({ appointmentDate: "2030-01-14 10:00", staffId: ngozi.id }).expect(201);
    const before = await appointmentCount();
    const res = await book({
      customerName: "Chioma Eze",
      customerEmail: "chioma@example.com",
      serviceId: peel.id,
      appointmentDate: "2030-01-14 10:30",
      staffId: ngozi.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "Ngozi already has HydraFacial with Ada Obi on Mon 14 Jan 2030, 10:00–11:00",
    );
    expect(await appointmentCount()).toBe(before);
    // Touching is not overlapping; another member and unassigned are free.
    await book({ appointmentDate: "2030-01-14 11:00", staffId: ngozi.id }).expect(201);
    await book({ appointmentDate: "2030-01-14 10:30", staffId: tunde.id }).expect(201);
    await book({ appointmentDate: "2030-01-14 10:30" }).expect(201);
    // A cancelled appointment frees its slot.
    const cancelled = await book({ appointmentDate: "2030-01-14 15:00", staffId: ngozi.id });
    await agent
      .patch(`/api/appointments/${cancelled.body.id}`)
      .send({ status: "cancelled" })
      .expect(200);
    await book({ appointmentDate: "2030-01-14 15:00", staffId: ngozi.id }).expect(201);
    // Re-activating the cancelled one now clashes.
    const back = await agent
      .patch(`/api/appointments/${cancelled.body.id}`)
      .send({ status: "scheduled" });
    expect(back.status).toBe(409);
  });

  it("refuses a member's block, an all-staff block and time outside the schedule", async () => {
    await agent
      .post("/api/blocked-time")
      .send({
        title: "Lunch",
        startTime: "2030-01-15 13:00",
        endTime: "2030-01-15 14:00",
        staffId: ngozi.id,
      })
      .expect(201);
    const allStaff = await agent
      .post("/api/blocked-time")
      .send({
        title: "Staff meeting",
        startTime: "2030-01-15T15:00:00Z",
        endTime: "2030-01-15T16:00:00Z",
        staffId: null,
        blockType: "meeting",
      })
      .expect(201);
    expect(allStaff.body).toMatchObject({
      staffId: null,
      blockType: "meeting",
      color: "#ff6b6b",
      startTime: "2030-01-15T15:00:00.000Z",
    });
    await t.db.insert(staffSchedules).values([
      { staffId: ngozi.id, dayOfWeek: 2, startTime: "09:00", endTime: "17:00" },
      { staffId: ngozi.id, dayOfWeek: 3, startTime: "09:00", endTime: "17:00" },
    ]);
    const before = await appointmentCount();

    const lunch = await book({ appointmentDate: "2030-01-15 13:30", staffId: ngozi.id });
    expect(lunch.status).toBe(409);
    expect(lunch.body.error.message).toBe(
      "Ngozi is blocked (Lunch) on Tue 15 Jan 2030, 13:00–14:00",
    );
    const meeting = await book({ appointmentDate: "2030-01-15 15:30", staffId: tunde.id });
    expect(meeting.status).toBe(409);
    expect(meeting.body.error.message).toBe(
      "All staff are blocked (Staff meeting) on Tue 15 Jan 2030, 16:00–17:00",
    );
    const late = await book({ appointmentDate: "2030-01-16 16:30", staffId: ngozi.id });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(
      "Ngozi works 09:00–17:00 on Wednesdays: Wed 16 Jan 2030, 16:30–17:30 is outside those hours",
    );
    expect(await appointmentCount()).toBe(before);
    await book({ appointmentDate: "2030-01-16 16:00", staffId: ngozi.id }).expect(201);

    // A block over an existing appointment is refused too; GET lists the member's and all-staff blocks.
    const over = await agent.post("/api/blocked-time").send({
      title: "Training",
      startTime: "2030-01-16 15:00",
      endTime: "2030-01-16 17:00",
      staffId: ngozi.id,
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toMatch(/^Ngozi already has HydraFacial with Ada Obi/);
    const blocks = await agent
      .get(`/api/blocked-time?from=2030-01-14&to=2030-01-20&staffId=${ngozi.id}`)
      .expect(200);
    expect(blocks.body.map((b: { title: string }) => b.title)).toEqual(["Lunch", "Staff meeting"]);
    const moved = await agent
      .patch(`/api/blocked-time/${allStaff.body.id}`)
      .send({ title: "Team meeting", color: "#00aa00" })
      .expect(200);
    expect(moved.body).toMatchObject({ title: "Team meeting", color: "#00aa00" });
    await agent.delete(`/api/blocked-time/${allStaff.body.id}`).expect(200);
    await agent.delete(`/api/blocked-time/${allStaff.body.id}`).expect(404);
  });

  it("books exactly 1 of 50 concurrent overlapping requests for one member; 49 get 409", async () => {
    const before = await appointmentCount();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book({
          customerEmail: `rush${i}@example.com`,
          appointmentDate: `2030-02-04 10:${String(i).padStart(2, "0")}`,
          staffId: bola.id,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await appointmentCount()).toBe(before + 1);
  });

  it("creates a recurring weekly series whole, or nothing when one week clashes", async () => {
    // Week 6 of the series (Mon 18 Mar 2030 10:30) is taken.
    await book({ appointmentDate: "2030-03-18 10:30", staffId: tunde.id }).expect(201);
    const before = await appointmentCount();
    const series = {
      appointmentDate: "2030-02-11 10:00",
      staffId: tunde.id,
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceInterval: 1,
      endDate: "2030-04-15",
    };
    const clash = await book(series);
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(
      "Tunde already has HydraFacial with Ada Obi on Mon 18 Mar 2030, 10:30–11:30",
    );
    expect(await appointmentCount()).toBe(before);

    const ok = await book({ ...series, appointmentDate: "2030-02-11 12:00" }).expect(201);
    expect(ok.body.occurrences).toHaveLength(10);
    const seriesIds = new Set(ok.body.occurrences.map((o: { seriesId: string }) => o.seriesId));
    expect(seriesIds.size).toBe(1);
    expect(ok.body).toMatchObject({
      isRecurring: true,
      recurrenceType: "weekly",
      endDate: "2030-04-15",
    });
    expect(ok.body.occurrences[9].appointmentDate).toBe("2030-04-15T11:00:00.000Z");
    expect(await appointmentCount()).toBe(before + 10);
  });

  it("reschedules to a free slot and refuses a taken one", async () => {
    const a = await book({ appointmentDate: "2030-03-04 10:00", staffId: bola.id }).expect(201);
    const b = await book({ appointmentDate: "2030-03-04 12:00", staffId: bola.id }).expect(201);
    const moved = await agent
      .patch(`/api/appointments/${a.body.id}`)
      .send({ appointmentDate: "2030-03-04 14:00" })
      .expect(200);
    expect(moved.body.appointmentDate).toBe("2030-03-04T13:00:00.000Z");
    const refused = await agent
      .patch(`/api/appointments/${a.body.id}`)
      .send({ appointmentDate: "2030-03-04T11:30:00Z" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Bola already has HydraFacial with Ada Obi on Mon 4 Mar 2030, 12:00–13:00",
    );
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, Number(a.body.id)));
    expect(row?.startsAt.toISOString()).toBe("2030-03-04T13:00:00.000Z");
    // Moving b onto the same member at its own time is no clash; to another member is checked.
    const free = await insertStaff(t.db, { firstName: "Sade", email: "sade@glowhaven.example" });
    await agent.patch(`/api/appointments/${b.body.id}`).send({ staffId: free.id }).expect(200);
    const bad = await agent
      .patch(`/api/appointments/${b.body.id}`)
      .send({ appointmentDate: "not a date" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.appointmentDate).toBe(
      "Enter the date and time as YYYY-MM-DD HH:MM",
    );
  });

  it("shows unprocessed bookings as virtual pending appointments and processes them", async () => {
    const [confirmMe, noShow] = await t.db
      .insert(bookings)
      .values([
        {
          name: "Kemi Lawal",
          email: "kemi@example.com",
          phone: "08051234567",
          service: String(hydra.id),
          serviceName: "HydraFacial",
          serviceId: hydra.id,
          date: new Date("2030-03-05T09:00:00Z"),
        },
        {
          name: "Femi Ojo",
          email: "femi@example.com",
          phone: "08061234567",
          service: String(peel.id),
          serviceName: "Glow Peel",
          serviceId: peel.id,
          date: new Date("2030-03-05T11:00:00Z"),
        },
      ])
      .returning();
    if (!confirmMe || !noShow) throw new Error("no bookings");
    const week = () => agent.get("/api/appointments?from=2030-03-04&to=2030-03-10").expect(200);
    const listed = (await week()).body as Array<{ id: string; virtual: boolean; status: string }>;
    expect(listed.find((a) => a.id === `booking-${confirmMe.id}`)).toMatchObject({
      virtual: true,
      status: "pending",
      serviceName: "HydraFacial",
      price: 180000,
      duration: 60,
    });

    const confirmed = await agent
      .patch(`/api/appointments/booking-${confirmMe.id}`)
      .send({ status: "confirmed", staffId: tunde.id })
      .expect(200);
    expect(confirmed.body).toMatchObject({
      status: "confirmed",
      virtual: false,
      bookingId: confirmMe.id,
      staffName: "Tunde Bello",
      appointmentDate: "2030-03-05T09:00:00.000Z",
    });
    const [processed] = await t.db.select().from(bookings).where(eq(bookings.id, confirmMe.id));
    expect(processed?.processed).toBe(true);
    const after = (await week()).body as Array<{ id: string }>;
    expect(after.map((a) => a.id)).toContain(confirmed.body.id);
    expect(after.map((a) => a.id)).not.toContain(`booking-${confirmMe.id}`);
    await agent
      .patch(`/api/appointments/booking-${confirmMe.id}`)
      .send({ status: "confirmed" })
      .expect(409);

    // Counted once on the dashboard: by the calendar, not by the bookings source.
    const from = new Date("2030-03-04T00:00:00Z");
    const to = new Date("2030-03-10T00:00:00Z");
    const fromBookings = await bookingsDashboard.appointments?.(t.db, from, to);
    const fromCalendar = await calendarDashboard.appointments?.(t.db, from, to);
    expect(fromBookings?.map((i) => i.id)).not.toContain(`booking-${confirmMe.id}`);
    expect(fromBookings?.map((i) => i.id)).toContain(`booking-${noShow.id}`);
    expect(fromCalendar?.map((i) => i.id)).toContain(confirmed.body.id);

    const marked = await agent
      .patch(`/api/appointments/booking-${noShow.id}`)
      .send({ status: "no-show" })
      .expect(200);
    expect(marked.body).toMatchObject({ id: `booking-${noShow.id}`, status: "no-show" });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, noShow.id));
    expect(row).toMatchObject({ status: "no-show", processed: true });
    expect(await appointmentCount()).toBeGreaterThan(0);
    await agent.patch("/api/appointments/booking-999999").send({ status: "confirmed" }).expect(404);
  });

  it("revalidates the week with its ETag and answers anew after every change it depends on", async () => {
    const url = "/api/appointments?from=2031-03-03&to=2031-03-09";
    const names = (res: request.Response) =>
      (res.body as Array<{ customerName: string; staffName: string | null }>).map(
        (a) => `${a.customerName}/${a.staffName ?? "-"}`,
      );
    const created = await book({ appointmentDate: "2031-03-04 10:00", staffId: tunde.id });
    expect(created.status).toBe(201);
    const first = await agent.get(url).expect(200);
    expect(names(first)).toEqual(["Ada Obi/Tunde Bello"]);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await agent.get(url).set("If-None-Match", etag).expect(304);

    // An online request in that week appears as a virtual appointment.
    const [request_] = await t.db
      .insert(bookings)
      .values({
        name: "Zainab Musa",
        email: "zainab@example.com",
        phone: "08071234567",
        service: String(hydra.id),
        serviceName: "HydraFacial",
        serviceId: hydra.id,
        date: new Date("2031-03-05T09:00:00Z"),
      })
      .returning();
    const withRequest = await agent.get(url).set("If-None-Match", etag).expect(200);
    expect(names(withRequest)).toEqual(["Ada Obi/Tunde Bello", "Zainab Musa/-"]);

    // A renamed member shows under the new name.
    await t.db.update(staff).set({ firstName: "Tunji" }).where(eq(staff.id, tunde.id));
    const renamed = await agent
      .get(url)
      .set("If-None-Match", withRequest.headers.etag as string)
      .expect(200);
    expect(names(renamed)).toEqual(["Ada Obi/Tunji Bello", "Zainab Musa/-"]);
    await t.db.update(staff).set({ firstName: "Tunde" }).where(eq(staff.id, tunde.id));

    // Processing the request and deleting the appointment are seen at once.
    await t.db
      .update(bookings)
      .set({ processed: true })
      .where(eq(bookings.id, request_?.id ?? 0));
    await agent.delete(`/api/appointments/${created.body.id}`).expect(200);
    expect(names(await agent.get(url).expect(200))).toEqual([]);
  });

  it("lists the upcoming appointments for the point of sale (5)", async () => {
    const soon = lagosDate(new Date(Date.now() + 3 * 86_400_000));
    for (const hour of ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"]) {
      await book({ appointmentDate: `${soon} ${hour}`, staffId: bola.id }).expect(201);
    }
    const res = await agent.get("/api/appointments/upcoming").expect(200);
    expect(res.body).toHaveLength(5);
    const dates = res.body.map((a: { appointmentDate: string }) => a.appointmentDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it("serves a member's iCalendar feed at a secret URL, rotated and revoked", async () => {
    // Two or three days ahead, never a Sunday (the clinic is closed; issue 28 item 3).
    const ahead = new Date(Date.now() + 2 * 86_400_000);
    const day = lagosDate(
      lagosWeekday(ahead) === 0 ? new Date(ahead.getTime() + 86_400_000) : ahead,
    );
    const visit = await book({ appointmentDate: `${day} 10:00`, staffId: tunde.id }).expect(201);
    await agent
      .post("/api/blocked-time")
      .send({
        title: "Lunch",
        startTime: `${day} 13:00`,
        endTime: `${day} 14:00`,
        staffId: tunde.id,
      })
      .expect(201);

    const feed = await agent.post(`/api/staff/${tunde.id}/calendar-feed`).expect(201);
    expect(feed.body).toMatchObject({ staffId: tunde.id, active: true });
    const path = new URL(feed.body.url).pathname;
    expect(path).toMatch(/^\/calendar\/staff\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = await agent.get(`/api/staff/${tunde.id}/calendar-feed`).expect(200);
    expect(status.body).toMatchObject({ active: true, url: null });

    const res = await request(server).get(path).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    const text = res.text;
    expect(text).toContain("TZID=Africa/Lagos");
    const events = Object.values(ical.sync.parseICS(text)).flatMap((e) =>
      e?.type === "VEVENT" ? [e as VEvent] : [],
    );
    const summaryOf = (e: VEvent) =>
      typeof e.summary === "string" ? e.summary : String(e.summary?.val);
    const appointment = events.find((e) => summaryOf(e) === "HydraFacial – Ada Obi");
    if (!appointment) throw new Error("appointment event missing");
    expect(appointment.start.toISOString()).toBe(visit.body.appointmentDate);
    expect(appointment.end?.toISOString()).toBe(visit.body.endTime);
    expect(appointment.start.tz).toBe("Africa/Lagos");
    expect(events.some((e) => summaryOf(e) === "Blocked: Lunch")).toBe(true);
    expect(text).not.toContain("08031234567");

    const rotated = await agent.post(`/api/staff/${tunde.id}/calendar-feed`).expect(201);
    await request(server).get(path).expect(404);
    const newPath = new URL(rotated.body.url).pathname;
    await request(server).get(newPath).expect(200);
    await agent.delete(`/api/staff/${tunde.id}/calendar-feed`).expect(200);
    await request(server).get(newPath).expect(404);
    await request(server).get("/calendar/staff/nope.ics").expect(404);
    await agent.post("/api/staff/999999/calendar-feed").expect(404);
  });

  it("keeps blocked times' end after start and answers 400 for a bad range", async () => {
    const res = await agent.post("/api/blocked-time").send({
      title: "Oops",
      startTime: "2030-01-15 14:00",
      endTime: "2030-01-15 13:00",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.endTime).toBe("End time must be after start time");
    await agent.get("/api/appointments?from=2030-01-10&to=2030-01-01").expect(400);
    await agent.get("/api/appointments?from=2030-01-01&to=2030-12-31").expect(400);
    await agent.get("/api/appointments?from=garbage").expect(400);
    expect(await t.db.select({ n: count() }).from(blockedTimes)).toBeTruthy();
  });
});
