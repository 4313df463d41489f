/**
 * Intake and consent forms (issue 31): a laser treatment is booked for today; the client opens
 * the WhatsApp link from the outbox on their phone, fills the intake and the laser consent, types
 * their name, draws a signature and signs. The therapist's calendar then shows both forms signed
 * in the appointment's dialog, and check-in goes through without a consent prompt. At 1280 px
 * and 375 px (the client's page is the 375 px journey).
 */
import { lagosToday } from "./dates";
import { expect, signIn, test } from "./fixtures";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Today's Lagos date: check-in is taken on the day of the visit only. */
test("the client signs the forms from the WhatsApp link; the therapist sees them at check-in", async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const tag = `${info.project.name}${Date.now()}`;
  const date = lagosToday();
  await signIn(page);

  const services: Array<{ id: number; name: string; category: string }> = await (
    await page.request.get("/api/services")
  ).json();
  // A laser treatment, not its consultation (a consultation asks for the intake only).
  const laser = services.find(
    (s) => s.category === "laser" && !/consultation|analysis/i.test(s.name),
  );
  expect(laser, "a laser treatment in the demo catalogue").toBeTruthy();
  const client = `Forms Client ${tag}`;
  const booked = await page.request.post("/api/appointments", {
    data: {
      customerName: client,
      customerEmail: `forms.${tag}@example.com`,
      customerPhone: "08031234567",
      serviceId: laser?.id,
      appointmentDate: `${date} ${mobile ? "16:00" : "17:00"}`,
      duration: 30,
      status: "confirmed",
      overrideWorkingHours: true,
      overrideReason: "End-to-end test of the forms",
      // Laser treatments are consultation-first (issue 30): the clinician's override.
      overrideConsultation: true,
      consultationOverrideReason: "Consulted at the clinic last month",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // The WhatsApp message in the outbox carries the link, and nothing of a form.
  const outbox: Array<{ kind: string; channel: string; textBody: string }> = await (
    await page.request.get("/api/admin/outbox")
  ).json();
  const message = outbox.find(
    (m) => m.kind === "forms-request" && m.channel === "whatsapp" && m.textBody.includes(client),
  );
  expect(message, "the forms link on WhatsApp").toBeTruthy();
  const path = /\/forms\/[^\s]+/.exec(message?.textBody ?? "")?.[0] as string;

  // The client's phone: no account, 375 px wide.
  const phone = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 375, height: 740 } });
  const clientPage = await (phone as NonNullable<typeof phone>).newPage();
  await clientPage.goto(new URL(path, page.url()).toString());
  await expect(clientPage.getByRole("heading", { name: "Your forms", level: 1 })).toBeVisible();
  await expect(
    clientPage.getByRole("heading", { name: "Medical history and intake", level: 2 }),
  ).toBeVisible();
  await expect(
    clientPage.getByRole("heading", { name: "Consent: laser treatment", level: 2 }),
  ).toBeVisible();
  // Signing with nothing filled in points at what is missing.
  await clientPage.getByRole("button", { name: "Sign and send" }).click();
  await expect(clientPage.getByText("Please type your full name to sign")).toBeVisible();

  await clientPage.getByLabel(/^Allergies/).fill("Latex");
  await clientPage
    .getByRole("group", { name: /Are you pregnant/ })
    .getByRole("radio", { name: "No" })
    .check();
  await clientPage
    .getByRole("group", { name: /Are you breastfeeding/ })
    .getByRole("radio", { name: "No" })
    .check();
  await clientPage.getByLabel(/information I have given is true/).check();
  await clientPage.getByLabel(/I have read and understood the risks/).check();
  await clientPage.getByLabel(/I consent to laser treatment/).check();
  await clientPage.getByLabel(/clinical before-and-after photographs/).check();
  await clientPage.getByLabel("Your full name").fill(client);
  const pad = clientPage.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (box) {
    await clientPage.mouse.move(box.x + 20, box.y + 80);
    await clientPage.mouse.down();
    await clientPage.mouse.move(box.x + 80, box.y + 40, { steps: 5 });
    await clientPage.mouse.move(box.x + 160, box.y + 100, { steps: 5 });
    await clientPage.mouse.up();
  }
  await clientPage.getByLabel(/I have read these forms/).check();
  // No sideways scrolling on the phone.
  const overflow = await clientPage.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await clientPage.getByRole("button", { name: "Sign and send" }).click();
  await expect(clientPage.getByText("Thank you. Your forms are signed")).toBeVisible();
  await phone?.close();

  // The calendar: both forms signed in the appointment's dialog, and check-in goes through.
  await page.goto(`/admin/calendar?view=${mobile ? "day" : "week"}&date=${date}`);
  await page.getByRole("button", { name: new RegExp(`^${escapeRegExp(client)}\\s*,`) }).click();
  const details = page.getByRole("dialog", { name: client });
  const forms = details.getByTestId("appointment-forms");
  await expect(forms.getByText("Medical history and intake")).toBeVisible();
  await expect(forms.getByText(/Signed .*\(v1\)/)).toHaveCount(2);
  await details.getByRole("button", { name: "View" }).first().click();
  const signed = page.getByRole("dialog", { name: "Medical history and intake" });
  await expect(signed.getByText("Latex", { exact: true })).toBeVisible();
  await expect(signed.getByRole("img", { name: `Signature of ${client}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await details.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByText("Appointment updated successfully!").first()).toBeVisible();
});
