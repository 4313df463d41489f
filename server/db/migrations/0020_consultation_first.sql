ALTER TABLE "services" ADD COLUMN "consultation_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Demo catalogues seeded before this column: laser, injectables and IV drips (their own
-- consultations aside) and the medical treatments need a consultation first (decision 0225).
UPDATE "services" SET "consultation_first" = true WHERE ("category" IN ('laser', 'injectable-treatments', 'iv-drip') AND "name" NOT ILIKE '%consultation%') OR "name" IN ('TCA Peel', 'Cosmelan Pigmentation Peel', 'PRP Microneedling (Vampire Facial)', 'Mole & Wart Removal', 'Smooth Skin Laser Course');
