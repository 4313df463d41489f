/**
 * Demo treatment catalogue for Glow Haven Skin & Wellness Clinic, Victoria Island, Lagos.
 * Prices are whole naira (2026 Lagos medspa levels); the seed converts them to kobo.
 * null = no set price (quoted after consultation); priceNote marks quoted-on-request services.
 */

export type SeedService = {
  name: string;
  description: string;
  /** One of the 12 service category ids (common/catalog.ts). */
  category: string;
  /** Whole naira (not kobo); null = no set price. */
  price: number | null;
  /** Only for quoted-on-request services: exactly 'Contact for details'. */
  priceNote?: string;
  /** Free text such as '30m', '45m', '1h', '1h 30m'. */
  duration: string;
  /** Needs a completed consultation first (laser, injectables, IV, medical; decision 0225). */
  consultationFirst?: boolean;
};

export const SEED_SERVICES: SeedService[] = [
  // Facials
  {
    name: "Skin Analysis",
    description:
      "A one-to-one assessment with our skin therapist using magnified imaging to look at pigmentation, congestion, hydration and sensitivity. You leave with a written routine and treatment plan tailored to your skin.",
    category: "facial",
    price: 0,
    duration: "30m",
  },
  {
    name: "Classic Deep-Cleansing Facial",
    description:
      "Double cleanse, gentle exfoliation, steam and careful extractions followed by a calming mask and moisturiser. A reliable monthly reset for skin that feels dull or congested from Lagos heat and humidity.",
    category: "facial",
    price: 45000,
    duration: "1h",
  },
  {
    name: "Signature Glow Facial",
    description:
      "Our house facial combines an enzyme exfoliation, vitamin C infusion and lymphatic facial massage for an even, luminous finish. Ideal before an event; avoid heavy make-up for the rest of the day.",
    category: "facial",
    price: 60000,
    duration: "1h",
  },
  {
    name: "HydraFacial",
    description:
      "A multi-step treatment that cleanses, exfoliates, extracts and infuses hydrating serums using vortex suction. Suitable for most skin types, with no downtime, so you can return straight to your day.",
    category: "facial",
    price: 180000,
    duration: "1h",
  },
  {
    name: "Acne Clarifying Facial",
    description:
      "Designed for oily and breakout-prone skin: a salicylic cleanse, thorough extractions, high-frequency therapy and a soothing clay mask. Helps calm active spots without stripping the skin barrier.",
    category: "facial",
    price: 55000,
    duration: "1h",
  },
  {
    name: "Oxygen Infusion Facial",
    description:
      "Pressurised oxygen delivers a hyaluronic serum into freshly exfoliated skin for instant plumpness and glow. A gentle option for sensitive or dehydrated skin, and a favourite before weddings and shoots.",
    category: "facial",
    price: 85000,
    duration: "1h",
  },
  {
    name: "Dermaplaning Facial",
    description:
      "A sterile blade gently removes dead skin and fine vellus hair, followed by a hydrating mask, for smoother texture and flawless make-up application. Wear SPF diligently for the week after.",
    category: "facial",
    price: 70000,
    duration: "45m",
  },
  {
    name: "Gentlemen's Express Facial",
    description:
      "A quick, no-fuss cleanse, exfoliation and targeted treatment for razor bumps and ingrown hairs, finished with a light oil-free moisturiser. Perfect for a lunch break on the Island.",
    category: "facial",
    price: 35000,
    duration: "45m",
  },

  // Chemical peels
  {
    name: "Glycolic Acid Peel",
    description:
      "A light alpha-hydroxy peel that lifts dull surface cells to reveal smoother, brighter skin. Expect mild flaking for two to three days; daily sunscreen is essential afterwards.",
    category: "chemical-peel",
    price: 85000,
    duration: "45m",
  },
  {
    name: "Salicylic Acne Peel",
    description:
      "An oil-soluble beta-hydroxy peel that works inside the pores to reduce breakouts, blackheads and post-acne marks. Usually booked as a course of three to six sessions, two to four weeks apart.",
    category: "chemical-peel",
    price: 90000,
    duration: "45m",
  },
  {
    name: "Mandelic Brightening Peel",
    description:
      "A gentle, slow-penetrating peel well suited to melanin-rich and sensitive skin, helping to fade uneven tone with a low risk of irritation. Little to no visible peeling.",
    category: "chemical-peel",
    price: 100000,
    duration: "45m",
  },
  {
    name: "TCA Peel",
    description:
      "A medium-depth trichloroacetic acid peel for texture, fine lines and stubborn pigmentation, performed by our medical team after a skin assessment. Allow five to seven days of peeling and avoid the sun.",
    category: "chemical-peel",
    price: 150000,
    duration: "1h",
    consultationFirst: true,
  },
  {
    name: "Cosmelan Pigmentation Peel",
    description:
      "An in-clinic depigmentation mask followed by a guided home-care programme to target melasma and long-standing dark patches. Requires a pre-treatment consultation and strict sun protection throughout.",
    category: "chemical-peel",
    price: 350000,
    duration: "1h 30m",
    consultationFirst: true,
  },

  // Microneedling
  {
    name: "Microneedling (Collagen Induction)",
    description:
      "Fine sterile needles create controlled micro-channels that encourage collagen renewal for firmer, smoother skin and refined pores. Skin may look pink for 24 hours; skip make-up until the next day.",
    category: "microneedling",
    price: 120000,
    duration: "1h",
  },
  {
    name: "PRP Microneedling (Vampire Facial)",
    description:
      "Microneedling combined with platelet-rich plasma prepared from a small sample of your own blood, for enhanced texture and radiance. Best as a course of three sessions spaced four to six weeks apart.",
    category: "microneedling",
    price: 200000,
    duration: "1h 30m",
    consultationFirst: true,
  },
  {
    name: "Acne Scar Microneedling",
    description:
      "A deeper, scar-focused protocol targeting rolling and boxcar acne scars, with settings adjusted to keep melanin-rich skin safe. Most clients need a course of four to six treatments for visible change.",
    category: "microneedling",
    price: 160000,
    duration: "1h 15m",
  },
  {
    name: "RF Microneedling",
    description:
      "Insulated needles deliver radiofrequency energy beneath the surface to tighten skin and soften scars with minimal risk to the surface pigment. Expect mild redness and tiny grid marks for a few days.",
    category: "microneedling",
    price: 220000,
    duration: "1h 15m",
  },
  {
    name: "Stretch Mark Microneedling",
    description:
      "Targeted microneedling for stretch marks on the abdomen, thighs or arms, helping to improve texture and blend tone over a course of sessions. Suitable from six months after pregnancy.",
    category: "microneedling",
    price: 180000,
    duration: "1h",
  },
  {
    name: "Scalp Microneedling with Growth Factors",
    description:
      "Gentle scalp microneedling paired with a growth-factor serum to support thinning edges and traction-related hair loss. Avoid tight styles and wash-day products for 48 hours afterwards.",
    category: "microneedling",
    price: 150000,
    duration: "1h",
  },

  // Weight loss & body sculpting
  {
    name: "Weight Loss Consultation",
    description:
      "A review of your goals, body composition and medical history with our doctor, leading to a realistic plan that may combine nutrition guidance, body treatments and follow-up check-ins.",
    category: "body",
    price: 20000,
    duration: "30m",
  },
  {
    name: "Cryolipolysis Fat Reduction (per area)",
    description:
      "Controlled cooling targets stubborn fat pockets on the tummy, flanks or thighs without surgery or downtime. Results develop gradually over eight to twelve weeks as the body clears treated fat cells.",
    category: "body",
    price: 180000,
    duration: "1h",
  },
  {
    name: "Ultrasound Cavitation",
    description:
      "Low-frequency ultrasound helps break down localised fat and smooth the body's contours, finished with a lymphatic massage. Drink plenty of water and stay active for best results.",
    category: "body",
    price: 150000,
    duration: "1h",
  },
  {
    name: "Cellulite Reduction Treatment",
    description:
      "A combination of radiofrequency heat and vacuum massage to improve the dimpled look of cellulite on thighs and buttocks. Typically booked as a course of six weekly sessions.",
    category: "body",
    price: 150000,
    duration: "1h",
  },
  {
    name: "RF Body Skin Tightening",
    description:
      "Radiofrequency warmth encourages collagen renewal to firm loose skin on the tummy, arms or thighs, for example after weight loss or pregnancy. Relaxing, comfortable and with no downtime.",
    category: "body",
    price: 160000,
    duration: "1h",
  },
  {
    name: "EMS Muscle Sculpting",
    description:
      "High-intensity electromagnetic stimulation produces thousands of muscle contractions to tone and define the abdomen or buttocks. Best as four sessions over two weeks alongside regular exercise.",
    category: "body",
    price: 200000,
    duration: "45m",
  },
  {
    name: "Manual Lymphatic Drainage",
    description:
      "Gentle, rhythmic massage that supports the lymphatic system to reduce fluid retention and puffiness. Often recommended after liposuction or body contouring procedures, with your surgeon's approval.",
    category: "body",
    price: 70000,
    duration: "1h",
  },
  {
    name: "Wood Therapy Sculpting",
    description:
      "Hand-crafted wooden tools are used in a firm, sculpting massage to smooth contours and boost circulation. A popular add-on to cavitation and cellulite programmes.",
    category: "body",
    price: 90000,
    duration: "1h",
  },

  // Dental
  {
    name: "Dental Consultation",
    description:
      "A full examination of teeth and gums with our dentist, including a discussion of any concerns and a clear treatment plan with costs before any work begins.",
    category: "dental",
    price: 15000,
    duration: "30m",
  },
  {
    name: "Scaling & Polishing",
    description:
      "Professional removal of plaque and tartar followed by polishing to lift surface stains and leave teeth feeling smooth and fresh. Recommended every six months.",
    category: "dental",
    price: 45000,
    duration: "45m",
  },
  {
    name: "Teeth Whitening (In-Clinic)",
    description:
      "A professional whitening gel activated with a light in one visit, lifting teeth several shades. Avoid tea, coffee, red wine and zobo for 48 hours to protect the result.",
    category: "dental",
    price: 250000,
    duration: "1h 30m",
  },
  {
    name: "Tooth-Coloured Filling",
    description:
      "A natural-looking composite filling to restore a decayed or chipped tooth, matched to the shade of your own teeth. Price is per tooth; a local anaesthetic keeps you comfortable.",
    category: "dental",
    price: 60000,
    duration: "45m",
  },
  {
    name: "Tooth Gem Application",
    description:
      "A small crystal gem bonded to the tooth surface without drilling, for a subtle sparkle to your smile. Removable by the dentist at any time without damage.",
    category: "dental",
    price: 35000,
    duration: "30m",
  },

  // Massage
  {
    name: "Swedish Massage",
    description:
      "Long, flowing strokes with medium pressure to ease tension, improve circulation and help you properly unwind. A lovely introduction to massage for first-time guests.",
    category: "massage",
    price: 45000,
    duration: "1h",
  },
  {
    name: "Swedish Massage (90 min)",
    description:
      "Our classic Swedish massage extended to ninety minutes, with extra time for the back, shoulders and scalp. Ideal after a long week of traffic and meetings.",
    category: "massage",
    price: 65000,
    duration: "1h 30m",
  },
  {
    name: "Deep Tissue Massage",
    description:
      "Firm, focused pressure that works into deeper muscle layers to release knots and chronic tightness from desk work or training. Drink plenty of water afterwards; some tenderness is normal.",
    category: "massage",
    price: 55000,
    duration: "1h",
  },
  {
    name: "Hot Stone Massage",
    description:
      "Smooth, heated basalt stones are placed on key points and used in long strokes to melt away tension. Deeply warming and relaxing; not advised during pregnancy.",
    category: "massage",
    price: 65000,
    duration: "1h 15m",
  },
  {
    name: "Prenatal Massage",
    description:
      "A gentle, side-lying massage for mums-to-be from the second trimester, easing lower-back ache, swollen ankles and tired legs. Please let us know your due date when booking.",
    category: "massage",
    price: 50000,
    duration: "1h",
  },
  {
    name: "Aromatherapy Massage",
    description:
      "A soothing massage with a blend of essential oils chosen for you, whether to relax, uplift or help you sleep. Please tell us about any allergies before your session.",
    category: "massage",
    price: 50000,
    duration: "1h",
  },
  {
    name: "Reflexology",
    description:
      "Targeted pressure on points of the feet in a calming, restorative treatment that leaves the whole body feeling lighter. A wonderful choice if you are on your feet all day.",
    category: "massage",
    price: 35000,
    duration: "45m",
  },
  {
    name: "Couples' Massage",
    description:
      "Two therapists, one private suite: enjoy a side-by-side Swedish or deep tissue massage with your partner or a friend. Price covers two guests.",
    category: "massage",
    price: 110000,
    duration: "1h",
  },

  // Laser
  {
    name: "Laser Consultation",
    description:
      "A free assessment of your skin and hair type with a patch test, so we can choose safe settings for melanin-rich skin before your first laser session.",
    category: "laser",
    price: 0,
    duration: "30m",
  },
  {
    name: "Laser Hair Removal (Underarm)",
    description:
      "Long-pulse Nd:YAG laser hair reduction, safe for darker skin tones, for smooth underarms without shaving rash. Most clients need six to eight sessions, four to six weeks apart.",
    category: "laser",
    price: 40000,
    duration: "30m",
    consultationFirst: true,
  },
  {
    name: "Laser Hair Removal (Bikini Line)",
    description:
      "Precise hair reduction along the bikini line to reduce ingrown hairs and dark bumps. Shave the area the day before and avoid waxing between sessions.",
    category: "laser",
    price: 60000,
    duration: "30m",
    consultationFirst: true,
  },
  {
    name: "Laser Hair Removal (Beard Line & Neck)",
    description:
      "Helps men prone to razor bumps by reducing hair growth along the beard line and neck, leaving a cleaner shave line and calmer skin.",
    category: "laser",
    price: 50000,
    duration: "30m",
    consultationFirst: true,
  },
  {
    name: "Laser Hair Removal (Full Legs)",
    description:
      "Hair reduction from ankle to upper thigh for long-lasting smoothness. Avoid sun exposure and fake tan for two weeks before and after each session.",
    category: "laser",
    price: 150000,
    duration: "1h",
    consultationFirst: true,
  },
  {
    name: "Laser Hair Removal (Full Body)",
    description:
      "Our most comprehensive session covering legs, arms, underarms, bikini and torso. Booked as a course, with settings reviewed at every visit for comfort and safety.",
    category: "laser",
    price: 400000,
    duration: "2h 30m",
    consultationFirst: true,
  },
  {
    name: "Laser Skin Rejuvenation",
    description:
      "A gentle laser treatment that warms the deeper layers of the skin to refine pores, soften fine lines and boost radiance. No downtime; a series of four gives the best glow.",
    category: "laser",
    price: 180000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Laser Pigmentation Treatment",
    description:
      "Low-energy laser toning to gradually fade dark spots, uneven tone and post-inflammatory hyperpigmentation, with cautious settings for melanin-rich skin. Strict daily SPF is part of the plan.",
    category: "laser",
    price: 200000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Carbon Laser Peel",
    description:
      "A thin layer of carbon lotion is applied and lifted off with a laser, deep-cleaning pores and reducing oiliness for an instant matte glow. Sometimes called the 'Hollywood peel'.",
    category: "laser",
    price: 120000,
    duration: "45m",
    consultationFirst: true,
  },

  // IV drips
  {
    name: "Glutathione Glow Drip",
    description:
      "An antioxidant infusion of glutathione with vitamin C, popular for supporting skin radiance and recovery. Administered by our nurses after a short health screening.",
    category: "iv-drip",
    price: 150000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Immunity Boost Drip (Vitamin C)",
    description:
      "High-dose vitamin C with zinc and B vitamins to support your immune system during busy seasons or before travel. Includes a quick health check before the drip.",
    category: "iv-drip",
    price: 120000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Hydration Drip",
    description:
      "Balanced fluids and electrolytes to rehydrate quickly after heat, travel or exercise. A simple, refreshing drip that leaves you feeling revived.",
    category: "iv-drip",
    price: 80000,
    duration: "30m",
    consultationFirst: true,
  },
  {
    name: "Myers' Cocktail",
    description:
      "A classic blend of magnesium, calcium, B vitamins and vitamin C to support energy and general wellbeing. A good all-rounder for first-time IV clients.",
    category: "iv-drip",
    price: 110000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Hangover Recovery Drip",
    description:
      "Fluids, electrolytes and B vitamins with anti-nausea support to help you bounce back after a late night or a big owambe weekend.",
    category: "iv-drip",
    price: 90000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "NAD+ Revitalise Drip",
    description:
      "A slow infusion of NAD+, a coenzyme involved in cellular energy, chosen by clients who want to support focus and vitality. Takes up to two hours; we keep you comfortable with snacks and Wi-Fi.",
    category: "iv-drip",
    price: 250000,
    duration: "2h",
    consultationFirst: true,
  },
  {
    name: "Vitamin B12 Booster Shot",
    description:
      "A quick intramuscular B12 injection for clients who want a simple energy top-up. In and out in fifteen minutes.",
    category: "iv-drip",
    price: 25000,
    duration: "15m",
    consultationFirst: true,
  },

  // Injectable treatments (quoted after consultation)
  {
    name: "Aesthetic Injectables Consultation",
    description:
      "A medical consultation with our aesthetic doctor to discuss your goals, review your history and agree a personalised, natural-looking injectables plan and quote.",
    category: "injectable-treatments",
    price: 20000,
    duration: "30m",
  },
  {
    name: "Botox (per area)",
    description:
      "Anti-wrinkle injections to soften expression lines on the forehead, frown lines or crow's feet. Results appear over one to two weeks; avoid lying down and exercise for four hours afterwards.",
    category: "injectable-treatments",
    price: null,
    duration: "30m",
    consultationFirst: true,
  },
  {
    name: "Lip Filler (1 ml)",
    description:
      "Hyaluronic acid filler to add definition, hydration or gentle volume to the lips, always in proportion with your features. Some swelling is normal for two to three days.",
    category: "injectable-treatments",
    price: null,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Cheek & Jawline Filler",
    description:
      "Carefully placed filler to restore cheek volume or sharpen the jawline and chin for a balanced profile. Your doctor will map the treatment with you before starting.",
    category: "injectable-treatments",
    price: null,
    duration: "1h",
    consultationFirst: true,
  },
  {
    name: "PDO Thread Lift",
    description:
      "Dissolvable PDO threads placed under the skin to lift and firm the mid-face, jowls or neck without surgery. Mild swelling and tenderness settle within a week.",
    category: "injectable-treatments",
    price: null,
    duration: "1h",
    consultationFirst: true,
  },
  {
    name: "Hyaluronic Skin Booster",
    description:
      "Micro-injections of lightweight hyaluronic acid that hydrate the skin from within for a dewy, refreshed look. Usually two to three sessions a month apart.",
    category: "injectable-treatments",
    price: 220000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Fat-Dissolving Injections (Double Chin)",
    description:
      "Injections that break down small pockets of fat under the chin for a more defined jawline. Expect swelling for a few days; two to four sessions are usually needed.",
    category: "injectable-treatments",
    price: 180000,
    duration: "45m",
    consultationFirst: true,
  },
  {
    name: "Anti-Sweat Injections (Underarm)",
    description:
      "Neuromodulator injections that reduce excessive underarm sweating for several months, a real relief in the Lagos heat. Avoid deodorant and exercise for 24 hours.",
    category: "injectable-treatments",
    price: 280000,
    duration: "45m",
    consultationFirst: true,
  },

  // Body scrubs (shown without price)
  {
    name: "Coffee & Brown Sugar Body Scrub",
    description:
      "An invigorating full-body polish with ground coffee and brown sugar to lift dead skin and boost circulation, followed by a rich shea butter wrap.",
    category: "body-scrubs",
    price: 35000,
    duration: "45m",
  },
  {
    name: "Shea Butter & Oat Polish",
    description:
      "A gentle scrub for dry or sensitive skin using colloidal oat and unrefined Nigerian shea butter, leaving the body soft and nourished.",
    category: "body-scrubs",
    price: 40000,
    duration: "45m",
  },
  {
    name: "Dead Sea Salt Scrub",
    description:
      "Mineral-rich salt crystals blended with sweet almond oil to smooth rough elbows, knees and heels. Avoid shaving for 24 hours beforehand.",
    category: "body-scrubs",
    price: 40000,
    duration: "45m",
  },
  {
    name: "Brightening Papaya Body Polish",
    description:
      "Papaya enzymes and fine exfoliants help even out dull, uneven skin on the body, finished with a vitamin C body lotion. Lovely before a holiday or big occasion.",
    category: "body-scrubs",
    price: 45000,
    duration: "1h",
  },
  {
    name: "Back Cleanse & Polish",
    description:
      "A facial for the back: deep cleanse, exfoliation, extractions and a clarifying mask to tackle back breakouts and hard-to-reach areas.",
    category: "body-scrubs",
    price: 50000,
    duration: "1h",
  },

  // Skin tag removal ('From' prices)
  {
    name: "Skin Tag Removal (1–5 tags)",
    description:
      "Quick, precise removal of small skin tags on the neck, underarms or eyelids using cautery under local anaesthetic. Keep the area clean and dry for 24 hours.",
    category: "skin-tag-removal",
    price: 30000,
    duration: "30m",
  },
  {
    name: "Skin Tag Removal (6–15 tags)",
    description:
      "Removal of multiple skin tags in a single session, priced from the number of tags treated. Tiny scabs form and fall away within about a week.",
    category: "skin-tag-removal",
    price: 60000,
    duration: "45m",
  },
  {
    name: "Mole & Wart Removal",
    description:
      "Removal of benign moles and common warts after a doctor's assessment; any lesion with unusual features is referred for further checks first.",
    category: "skin-tag-removal",
    price: 50000,
    duration: "30m",
    consultationFirst: true,
  },
  {
    name: "Milia Extraction",
    description:
      "Gentle removal of milia, the small white bumps often found around the eyes and cheeks, with a sterile micro-lancet. Quick, with minimal redness.",
    category: "skin-tag-removal",
    price: 25000,
    duration: "30m",
  },
  {
    name: "DPN Removal (Dermatosis Papulosa Nigra)",
    description:
      "Careful removal of the small dark raised spots common on melanin-rich skin, typically on the cheeks and neck. Priced after assessment depending on the number and size of spots.",
    category: "skin-tag-removal",
    price: null,
    duration: "45m",
  },

  // Packages
  {
    name: "Bridal Half-Day Renewal",
    description:
      "A half-day of renewal for brides-to-be, ideally booked a week before the big day. Includes: HydraFacial, Swedish Massage, Manicure & Pedicure, Glow IV Drip",
    category: "packages",
    price: 650000,
    duration: "4h",
  },
  {
    name: "Glow Getter Package",
    description:
      "Our most-loved pick-me-up for radiant skin from face to toe. Includes: Signature Glow Facial, Coffee & Brown Sugar Body Scrub, Hydration Drip",
    category: "packages",
    price: 250000,
    duration: "2h 30m",
  },
  {
    name: "Gentleman's Reset",
    description:
      "A focused recharge for busy men who need to look and feel sharp. Includes: Gentlemen's Express Facial, Deep Tissue Massage, Laser Hair Removal (Beard Line & Neck), Hangover Recovery Drip",
    category: "packages",
    price: 280000,
    duration: "3h",
  },
  {
    name: "New Mum Restore",
    description:
      "Time for you after baby, from six months postpartum, to soothe tired muscles and restore skin. Includes: Manual Lymphatic Drainage, Hot Stone Massage, Stretch Mark Microneedling, Shea Butter & Oat Polish",
    category: "packages",
    price: 380000,
    duration: "4h",
  },
  {
    name: "Clear Skin Programme",
    description:
      "A structured three-month plan for persistent breakouts and dark marks. Includes: Skin Analysis, Acne Clarifying Facial, 3 Salicylic Acne Peels, Home-Care Kit",
    category: "packages",
    price: 390000,
    duration: "1h",
  },
  {
    name: "Smooth Skin Laser Course",
    description:
      "Six sessions of laser hair reduction at a saving on individual prices. Includes: Laser Consultation, 6 Full Legs Sessions, 6 Underarm Sessions",
    category: "packages",
    price: 900000,
    duration: "1h 30m",
    consultationFirst: true,
  },
  {
    name: "Bespoke Bridal Glow Programme",
    description:
      "A fully tailored multi-week skin, body and wellness programme planned around your wedding date, for you and, if you wish, your bridal party. We build and quote it with you at a planning session.",
    category: "packages",
    price: null,
    priceNote: "Contact for details",
    duration: "3h",
  },
  {
    name: "Corporate Wellness Day",
    description:
      "An on-site or in-clinic wellness day for your team, with express treatments scheduled around the working day. Quoted according to team size and treatments chosen.",
    category: "packages",
    price: null,
    priceNote: "Contact for details",
    duration: "6h",
  },
];
