/**
 * Demo shop catalogue for Glow Haven Skin & Wellness Clinic: the clinic's own line plus generic
 * actives, chosen for melanin-rich skin where relevant. Prices are whole naira; the seed converts
 * them to kobo. Images are the SVGs in public/images/products/.
 */

export type SeedProduct = {
  name: string;
  description: string;
  /** Whole naira. */
  price: number;
  /** '/images/products/<slug>.svg' */
  image: string;
  category:
    | "cleansers"
    | "serums"
    | "moisturizers"
    | "masks"
    | "eye-care"
    | "body-care"
    | "suncare";
  stock: number;
  /** 0–5, one decimal. */
  rating: number;
  details: string | null;
  ingredients: string | null;
  howToUse: string | null;
  benefits: string[];
};

export const SEED_PRODUCTS: SeedProduct[] = [
  // Cleansers
  {
    name: "Gentle Foaming Cleanser",
    description:
      "A low-pH gel-to-foam cleanser that lifts sunscreen, sweat and city grime without leaving skin tight. Ideal morning and night.",
    price: 12500,
    image: "/images/products/gentle-foaming-cleanser.svg",
    category: "cleansers",
    stock: 84,
    rating: 4.6,
    details: "150 ml · All skin types · Fragrance-free · Made in Nigeria",
    ingredients:
      "Aqua, Cocamidopropyl Betaine, Sodium Cocoyl Glycinate, Glycerin, Panthenol, Allantoin, Aloe Barbadensis Leaf Juice, Citric Acid, Sodium Benzoate, Potassium Sorbate",
    howToUse:
      "Massage a small amount onto damp skin for 30 seconds, then rinse with lukewarm water. Use morning and evening.",
    benefits: ["Removes sunscreen and make-up", "Keeps the skin barrier comfortable", "Soap-free"],
  },
  {
    name: "Salicylic Acid Clarifying Cleanser",
    description:
      "A 2% salicylic acid wash that clears inside the pores to help reduce breakouts, blackheads and the dark marks they leave behind.",
    price: 14500,
    image: "/images/products/salicylic-acid-clarifying-cleanser.svg",
    category: "cleansers",
    stock: 62,
    rating: 4.4,
    details: "150 ml · Oily & acne-prone skin · Fragrance-free",
    ingredients:
      "Aqua, Sodium Lauroyl Sarcosinate, Cocamidopropyl Betaine, Glycerin, Salicylic Acid, Niacinamide, Zinc PCA, Tea Tree Leaf Oil, Sodium Hydroxide, Phenoxyethanol",
    howToUse:
      "Use once daily in the evening, leaving the lather on for up to a minute before rinsing. Increase to twice daily if your skin tolerates it.",
    benefits: [
      "Unclogs pores",
      "Helps calm breakouts",
      "Controls shine",
      "Gentle enough for daily use",
    ],
  },
  {
    name: "Glow Haven Cleansing Balm",
    description:
      "Our signature melting balm dissolves long-wear make-up and SPF in seconds, then rinses to a soft milk. No greasy film, just clean, supple skin.",
    price: 18000,
    image: "/images/products/glow-haven-cleansing-balm.svg",
    category: "cleansers",
    stock: 47,
    rating: 4.8,
    details: "90 g · All skin types, especially dry · Lightly scented with orange peel",
    ingredients:
      "Caprylic/Capric Triglyceride, Butyrospermum Parkii (Shea) Butter, PEG-20 Glyceryl Triisostearate, Helianthus Annuus Seed Oil, Moringa Oleifera Seed Oil, Tocopherol, Citrus Aurantium Dulcis Peel Oil",
    howToUse:
      "Massage a scoop over dry skin, then add a little water to emulsify and rinse. Follow with your usual cleanser for a double cleanse.",
    benefits: ["Removes waterproof make-up", "Nourishes dry skin", "Rinses clean"],
  },
  {
    name: "Micellar Cleansing Water",
    description:
      "A no-rinse micellar water for quick make-up removal and a gentle refresh after the gym or a long day out in the heat.",
    price: 8500,
    image: "/images/products/micellar-cleansing-water.svg",
    category: "cleansers",
    stock: 110,
    rating: 4.1,
    details: null,
    ingredients: null,
    howToUse:
      "Soak a cotton pad and sweep over the face and eyes without rubbing. No need to rinse.",
    benefits: ["No rinsing needed", "Removes light make-up", "Refreshing on the go"],
  },

  // Serums
  {
    name: "Niacinamide 10% Serum",
    description:
      "A lightweight serum with 10% niacinamide and zinc that refines the look of pores, balances oil and helps even out dull, blotchy skin tone.",
    price: 16500,
    image: "/images/products/niacinamide-10-serum.svg",
    category: "serums",
    stock: 96,
    rating: 4.7,
    details: "30 ml · Oily, combination & blemish-prone skin · Fragrance-free",
    ingredients:
      "Aqua, Niacinamide, Pentylene Glycol, Zinc PCA, Tamarindus Indica Seed Gum, Xanthan Gum, Isoceteth-20, Ethoxydiglycol, Phenoxyethanol, Chlorphenesin",
    howToUse:
      "Apply 3–4 drops to clean skin morning and evening, before moisturiser. Follow with SPF in the day.",
    benefits: [
      "Refines pores",
      "Balances oil",
      "Evens skin tone",
      "Layers well with other actives",
    ],
  },
  {
    name: "Vitamin C Brightening Serum",
    description:
      "A stable 15% vitamin C serum with ferulic acid and vitamin E to brighten dullness, fade dark spots and boost your sunscreen's antioxidant defence.",
    price: 28000,
    image: "/images/products/vitamin-c-brightening-serum.svg",
    category: "serums",
    stock: 58,
    rating: 4.5,
    details: "30 ml · All skin types · Store away from heat and light",
    ingredients:
      "Aqua, Ethoxydiglycol, Ascorbic Acid, Propylene Glycol, Glycerin, Laureth-23, Ferulic Acid, Tocopherol, Sodium Hyaluronate, Triethanolamine, Phenoxyethanol",
    howToUse:
      "Apply 4–5 drops every morning to clean, dry skin, then moisturiser and SPF. A slight tingle is normal at first.",
    benefits: [
      "Brightens dull skin",
      "Fades dark spots",
      "Antioxidant protection",
      "Boosts radiance",
    ],
  },
  {
    name: "Tranexamic Acid Dark Spot Serum",
    description:
      "Tranexamic acid, alpha arbutin and liquorice root target stubborn hyperpigmentation, melasma and post-acne marks on melanin-rich skin, without harsh bleaching agents.",
    price: 32000,
    image: "/images/products/tranexamic-acid-dark-spot-serum.svg",
    category: "serums",
    stock: 39,
    rating: 4.8,
    details: "30 ml · All skin types, especially pigmentation-prone · Hydroquinone-free",
    ingredients:
      "Aqua, Propanediol, Tranexamic Acid, Alpha-Arbutin, Niacinamide, Glycyrrhiza Glabra Root Extract, Sodium Hyaluronate, Hydroxyethylcellulose, Phenoxyethanol, Ethylhexylglycerin",
    howToUse:
      "Apply a few drops to the whole face twice daily, paying attention to dark patches. Always follow with SPF 30 or higher in the day.",
    benefits: [
      "Fades dark spots and patches",
      "Evens skin tone",
      "Hydroquinone-free",
      "Safe alongside vitamin C",
    ],
  },
  {
    name: "Hyaluronic Acid Hydrating Serum",
    description:
      "Multi-weight hyaluronic acid and panthenol draw water into the skin for a plump, dewy finish that sits beautifully under make-up.",
    price: 19500,
    image: "/images/products/hyaluronic-acid-hydrating-serum.svg",
    category: "serums",
    stock: 73,
    rating: 4.6,
    details: "30 ml · All skin types, including sensitive · Fragrance-free",
    ingredients:
      "Aqua, Sodium Hyaluronate, Hydrolyzed Hyaluronic Acid, Panthenol, Glycerin, Betaine, Allantoin, Phenoxyethanol, Ethylhexylglycerin",
    howToUse: "Press 3–4 drops into damp skin morning and evening, then seal in with moisturiser.",
    benefits: ["Deep hydration", "Plumps fine lines", "Smooth make-up base"],
  },
  {
    name: "Retinol 0.3% Night Serum",
    description:
      "An encapsulated retinol serum that smooths texture, softens fine lines and helps fade marks over time, with squalane to keep irritation low.",
    price: 35000,
    image: "/images/products/retinol-0-3-night-serum.svg",
    category: "serums",
    stock: 0,
    rating: 4.3,
    details: "30 ml · Normal, combination & oily skin · Not for use in pregnancy",
    ingredients:
      "Squalane, Caprylic/Capric Triglyceride, Retinol, Bakuchiol, Tocopherol, Helianthus Annuus Seed Oil, Rosmarinus Officinalis Leaf Extract",
    howToUse:
      "Start two nights a week on dry skin, building up to nightly use as tolerated. Use SPF daily and avoid using alongside exfoliating acids.",
    benefits: [
      "Smooths texture",
      "Softens fine lines",
      "Helps fade marks",
      "Gentle encapsulated formula",
    ],
  },
  {
    name: "Glow Haven Peptide Renewal Serum",
    description:
      "Our most advanced serum pairs copper peptides, growth-factor-mimicking peptides and ceramides to firm, repair and restore a healthy bounce to tired skin.",
    price: 58000,
    image: "/images/products/glow-haven-peptide-renewal-serum.svg",
    category: "serums",
    stock: 2,
    rating: 4.9,
    details: "30 ml · All skin types, mature skin · Made in Nigeria",
    ingredients:
      "Aqua, Glycerin, Copper Tripeptide-1, Palmitoyl Tripeptide-1, Palmitoyl Tetrapeptide-7, Acetyl Hexapeptide-8, Ceramide NP, Sodium Hyaluronate, Panthenol, Phenoxyethanol",
    howToUse:
      "Apply 3–4 drops after cleansing, morning and evening. Avoid using at the same time as vitamin C.",
    benefits: [
      "Firms and smooths",
      "Supports skin repair",
      "Strengthens the barrier",
      "Post-treatment friendly",
    ],
  },

  // Moisturisers
  {
    name: "Daily Balance Gel Moisturiser",
    description:
      "A weightless, oil-free gel cream that hydrates for hours without clogging pores or feeling heavy in humid weather.",
    price: 17500,
    image: "/images/products/daily-balance-gel-moisturiser.svg",
    category: "moisturizers",
    stock: 88,
    rating: 4.5,
    details: "50 ml · Oily & combination skin · Non-comedogenic",
    ingredients:
      "Aqua, Glycerin, Dimethicone, Niacinamide, Sodium Hyaluronate, Aloe Barbadensis Leaf Juice, Carbomer, Sodium Hydroxide, Phenoxyethanol",
    howToUse: "Smooth a pea-sized amount over the face and neck morning and night after serums.",
    benefits: ["Oil-free hydration", "Mattifying finish", "Won't clog pores"],
  },
  {
    name: "Ceramide Barrier Repair Cream",
    description:
      "A rich, calming cream with three essential ceramides, shea butter and colloidal oat to repair a stressed, over-exfoliated or post-treatment skin barrier.",
    price: 24000,
    image: "/images/products/ceramide-barrier-repair-cream.svg",
    category: "moisturizers",
    stock: 54,
    rating: 4.7,
    details: "50 ml · Dry, sensitive & post-procedure skin · Fragrance-free",
    ingredients:
      "Aqua, Butyrospermum Parkii (Shea) Butter, Glycerin, Cetearyl Alcohol, Ceramide NP, Ceramide AP, Ceramide EOP, Phytosphingosine, Cholesterol, Avena Sativa Kernel Flour, Phenoxyethanol",
    howToUse:
      "Apply generously to clean skin morning and evening, or as directed after in-clinic treatments.",
    benefits: ["Repairs the skin barrier", "Soothes redness and tightness", "Long-lasting comfort"],
  },
  {
    name: "Oil-Free Mattifying Moisturiser",
    description:
      "A light lotion with silica and zinc that hydrates while keeping shine in check all day, even through a busy Lagos afternoon.",
    price: 15000,
    image: "/images/products/oil-free-mattifying-moisturiser.svg",
    category: "moisturizers",
    stock: 66,
    rating: 4.2,
    details: "50 ml · Oily & acne-prone skin · Non-comedogenic",
    ingredients:
      "Aqua, Glycerin, Silica, Zinc PCA, Niacinamide, Butylene Glycol, Hamamelis Virginiana Water, Xanthan Gum, Phenoxyethanol",
    howToUse: "Apply a thin layer after cleansing and serums. Follow with SPF in the morning.",
    benefits: ["Controls shine", "Lightweight hydration", "Primes for make-up"],
  },
  {
    name: "Glow Haven Overnight Recovery Cream",
    description:
      "A luxurious night cream with bakuchiol, peptides and baobab oil that works while you sleep, so you wake up to softer, smoother and more radiant skin.",
    price: 65000,
    image: "/images/products/glow-haven-overnight-recovery-cream.svg",
    category: "moisturizers",
    stock: 18,
    rating: 4.9,
    details: "50 ml · Normal, dry & mature skin · Made in Nigeria",
    ingredients:
      "Aqua, Adansonia Digitata (Baobab) Seed Oil, Glycerin, Cetearyl Olivate, Bakuchiol, Palmitoyl Tripeptide-5, Squalane, Ceramide NP, Tocopherol, Phenoxyethanol",
    howToUse:
      "Massage a small amount into the face and neck as the last step of your evening routine.",
    benefits: [
      "Overnight nourishment",
      "Smoother texture",
      "Pregnancy-friendly retinol alternative",
      "Radiant morning skin",
    ],
  },

  // Masks
  {
    name: "Hydrating Clay Mask",
    description:
      "Kaolin clay balanced with hyaluronic acid and aloe draws out impurities without drying, leaving skin clear, soft and comfortable.",
    price: 14000,
    image: "/images/products/hydrating-clay-mask.svg",
    category: "masks",
    stock: 45,
    rating: 4.4,
    details: "75 ml · Combination & oily skin",
    ingredients:
      "Aqua, Kaolin, Bentonite, Glycerin, Sodium Hyaluronate, Aloe Barbadensis Leaf Juice, Charcoal Powder, Xanthan Gum, Phenoxyethanol",
    howToUse:
      "Apply an even layer to clean skin, leave for 10 minutes, then rinse with warm water. Use once or twice a week.",
    benefits: ["Deep-cleans pores", "Doesn't over-dry", "Smoother skin in 10 minutes"],
  },
  {
    name: "Turmeric Brightening Mask",
    description:
      "A creamy mask with turmeric, lactic acid and papaya enzyme that gently exfoliates for a brighter, more even glow in fifteen minutes.",
    price: 16000,
    image: "/images/products/turmeric-brightening-mask.svg",
    category: "masks",
    stock: 0,
    rating: 4.6,
    details: "75 ml · All skin types except very sensitive",
    ingredients:
      "Aqua, Kaolin, Glycerin, Lactic Acid, Curcuma Longa Root Extract, Carica Papaya Fruit Extract, Cetearyl Alcohol, Sodium Hydroxide, Phenoxyethanol",
    howToUse:
      "Apply to clean, dry skin for 10–15 minutes, then rinse. Use up to twice weekly and wear SPF the next day.",
    benefits: ["Brightens dull skin", "Gentle exfoliation", "Won't stain the skin"],
  },
  {
    name: "Overnight Sleeping Mask",
    description:
      "A cushiony gel mask that locks in moisture overnight with squalane and centella, so dehydrated skin wakes up calm and bouncy.",
    price: 21000,
    image: "/images/products/overnight-sleeping-mask.svg",
    category: "masks",
    stock: 32,
    rating: 4.5,
    details: "80 ml · All skin types, especially dehydrated",
    ingredients:
      "Aqua, Glycerin, Squalane, Centella Asiatica Extract, Sodium Hyaluronate, Panthenol, Betaine, Carbomer, Tromethamine, Phenoxyethanol",
    howToUse:
      "Apply a generous layer as the final step of your night routine two or three times a week. Rinse off in the morning.",
    benefits: ["Intense overnight hydration", "Calms stressed skin", "No sticky feel"],
  },
  {
    name: "Honey & Oat Soothing Mask",
    description:
      "Raw Nigerian honey and colloidal oat comfort irritated or sensitised skin, ideal after a peel, laser session or too much sun.",
    price: 13500,
    image: "/images/products/honey-oat-soothing-mask.svg",
    category: "masks",
    stock: 27,
    rating: 4.3,
    details: "75 ml · Sensitive & post-treatment skin · Fragrance-free",
    ingredients:
      "Aqua, Mel (Honey), Glycerin, Avena Sativa Kernel Flour, Cetearyl Alcohol, Allantoin, Bisabolol, Panthenol, Phenoxyethanol",
    howToUse: "Smooth over clean skin, relax for 15 minutes, then rinse with cool water.",
    benefits: ["Soothes redness", "Comforts sensitised skin", "Locks in moisture"],
  },

  // Eye care
  {
    name: "Caffeine Eye Cream",
    description:
      "A cooling eye cream with 5% caffeine and peptides to reduce the look of morning puffiness and tired eyes after late nights.",
    price: 22000,
    image: "/images/products/caffeine-eye-cream.svg",
    category: "eye-care",
    stock: 3,
    rating: 4.4,
    details: "15 ml · All skin types · Ophthalmologist-tested",
    ingredients:
      "Aqua, Caffeine, Glycerin, Palmitoyl Tetrapeptide-7, Sodium Hyaluronate, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Panthenol, Phenoxyethanol",
    howToUse:
      "Gently tap a rice-grain amount around the eye area with your ring finger, morning and evening.",
    benefits: ["De-puffs", "Refreshes tired eyes", "Cooling feel", "Smooth under concealer"],
  },
  {
    name: "Dark Circle Correcting Eye Serum",
    description:
      "A roll-on serum with vitamin C, niacinamide and a soft peach tint that visibly brightens the under-eye shadows common on deeper skin tones.",
    price: 26500,
    image: "/images/products/dark-circle-correcting-eye-serum.svg",
    category: "eye-care",
    stock: 41,
    rating: 4.2,
    details: "15 ml · All skin tones · Fragrance-free",
    ingredients:
      "Aqua, Niacinamide, Glycerin, 3-O-Ethyl Ascorbic Acid, Caffeine, Glycyrrhiza Glabra Root Extract, Mica, Iron Oxides, Phenoxyethanol",
    howToUse: null,
    benefits: ["Brightens dark circles", "Peach-toned correction", "Cooling roll-on applicator"],
  },
  {
    name: "Peptide Eye Gel",
    description:
      "A lightweight, fast-absorbing gel with peptides and hyaluronic acid that smooths fine lines and keeps the delicate eye area hydrated.",
    price: 19000,
    image: "/images/products/peptide-eye-gel.svg",
    category: "eye-care",
    stock: 36,
    rating: 4.0,
    details: "15 ml · All skin types, including sensitive",
    ingredients:
      "Aqua, Glycerin, Acetyl Hexapeptide-8, Palmitoyl Tripeptide-1, Sodium Hyaluronate, Allantoin, Carbomer, Sodium Hydroxide, Phenoxyethanol",
    howToUse: "Pat a small amount around the orbital bone morning and night, before moisturiser.",
    benefits: ["Smooths fine lines", "Hydrates", "Sits well under make-up"],
  },

  // Body care
  {
    name: "Shea & Ceramide Body Butter",
    description:
      "Unrefined Nigerian shea butter and ceramides melt into dry, ashy skin for 48-hour softness and a healthy, even sheen.",
    price: 18500,
    image: "/images/products/shea-ceramide-body-butter.svg",
    category: "body-care",
    stock: 77,
    rating: 4.8,
    details: "200 ml · Dry & very dry skin · Made in Nigeria",
    ingredients:
      "Butyrospermum Parkii (Shea) Butter, Aqua, Glycerin, Cocos Nucifera Oil, Cetearyl Alcohol, Ceramide NP, Niacinamide, Tocopherol, Phenoxyethanol",
    howToUse: "Massage into damp skin after bathing, focusing on elbows, knees and heels.",
    benefits: ["Softens dry, ashy skin", "Long-lasting moisture", "Non-greasy finish"],
  },
  {
    name: "AHA Smoothing Body Lotion",
    description:
      "Lactic and glycolic acids gently resurface rough patches, bumpy arms and ingrown hairs while the lotion hydrates and helps even out body tone.",
    price: 21000,
    image: "/images/products/aha-smoothing-body-lotion.svg",
    category: "body-care",
    stock: 52,
    rating: 4.5,
    details: "250 ml · Rough, bumpy & uneven skin",
    ingredients:
      "Aqua, Lactic Acid, Glycerin, Glycolic Acid, Caprylic/Capric Triglyceride, Ammonium Hydroxide, Cetearyl Alcohol, Urea, Phenoxyethanol",
    howToUse:
      "Apply to dry skin once daily, avoiding freshly shaved areas. Use sunscreen on exposed skin.",
    benefits: ["Smooths rough skin", "Helps with ingrown hairs", "Evens body tone"],
  },
  {
    name: "Even Tone Body Oil",
    description:
      "A dry-touch body oil with rosehip, baobab and vitamin E that softens stretch marks and dark knees and elbows, leaving a subtle golden glow.",
    price: 24500,
    image: "/images/products/even-tone-body-oil.svg",
    category: "body-care",
    stock: 0,
    rating: 4.7,
    details: "100 ml · All skin types · Cold-pressed oils",
    ingredients:
      "Caprylic/Capric Triglyceride, Rosa Canina Seed Oil, Adansonia Digitata (Baobab) Seed Oil, Simmondsia Chinensis (Jojoba) Seed Oil, Tocopherol, Mica, Parfum",
    howToUse: "Smooth a few drops over damp skin after bathing, or add to your body butter.",
    benefits: ["Glowing finish", "Softens stretch marks", "Absorbs quickly"],
  },
  {
    name: "Coffee Body Scrub",
    description:
      "Ground coffee, brown sugar and coconut oil polish away dull skin and boost circulation, the home version of our popular in-clinic scrub.",
    price: 12000,
    image: "/images/products/coffee-body-scrub.svg",
    category: "body-care",
    stock: 64,
    rating: 4.6,
    details: "250 g · Normal to dry skin",
    ingredients:
      "Sucrose, Coffea Arabica Seed Powder, Cocos Nucifera Oil, Butyrospermum Parkii (Shea) Butter, Tocopherol, Parfum",
    howToUse:
      "Massage onto wet skin in circular motions in the shower, then rinse. Use two or three times a week.",
    benefits: ["Polishes dull skin", "Boosts circulation", "Leaves skin silky"],
  },
  {
    name: "Cocoa & Shea Body Wash",
    description:
      "A creamy, sulphate-free body wash with cocoa and shea butter that cleanses without stripping, leaving a light chocolatey scent on the skin.",
    price: 10500,
    image: "/images/products/cocoa-shea-body-wash.svg",
    category: "body-care",
    stock: 93,
    rating: 3.9,
    details: "300 ml · All skin types · Sulphate-free",
    ingredients:
      "Aqua, Sodium Cocoyl Isethionate, Cocamidopropyl Betaine, Glycerin, Theobroma Cacao Seed Butter, Butyrospermum Parkii (Shea) Butter, Citric Acid, Parfum, Sodium Benzoate",
    howToUse: "Lather onto wet skin with your hands or a sponge, then rinse.",
    benefits: ["Gentle, sulphate-free cleanse", "Keeps skin soft", "Warm cocoa scent"],
  },

  // Suncare
  {
    name: "Mineral Sunscreen SPF 50",
    description:
      "A tinted zinc oxide sunscreen with broad-spectrum UVA/UVB protection that blends in on deep skin tones with no white cast.",
    price: 23500,
    image: "/images/products/mineral-sunscreen-spf-50.svg",
    category: "suncare",
    stock: 71,
    rating: 4.6,
    details: "50 ml · All skin types, including sensitive · Sheer universal tint",
    ingredients:
      "Aqua, Zinc Oxide, Caprylic/Capric Triglyceride, Dimethicone, Glycerin, Iron Oxides, Tocopherol, Polyhydroxystearic Acid, Phenoxyethanol",
    howToUse:
      "Apply two finger-lengths to the face and neck as the last step of your morning routine. Reapply every two hours outdoors.",
    benefits: [
      "No white cast",
      "Broad-spectrum SPF 50",
      "Gentle mineral filter",
      "Protects against dark spots",
    ],
  },
  {
    name: "Invisible Gel Sunscreen SPF 50",
    description:
      "A clear, fast-drying gel sunscreen that disappears on every skin tone and doubles as a smooth make-up primer.",
    price: 19500,
    image: "/images/products/invisible-gel-sunscreen-spf-50.svg",
    category: "suncare",
    stock: 105,
    rating: 4.8,
    details: "50 ml · Normal, oily & combination skin · Non-comedogenic",
    ingredients:
      "Aqua, Alcohol Denat., Ethylhexyl Salicylate, Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine, Diethylamino Hydroxybenzoyl Hexyl Benzoate, Ethylhexyl Triazone, Glycerin, Niacinamide, Tocopherol",
    howToUse:
      "Smooth generously over the face, neck and ears 15 minutes before sun exposure. Reapply every two hours.",
    benefits: ["Truly invisible", "Lightweight gel", "Primes for make-up"],
  },
  {
    name: "Tinted Daily Defence SPF 30",
    description:
      "A moisturising tinted sunscreen available in a deep, warm shade that evens skin tone while protecting from UV and visible light.",
    price: 26000,
    image: "/images/products/tinted-daily-defence-spf-30.svg",
    category: "suncare",
    stock: 24,
    rating: 4.1,
    details: "40 ml · Normal & dry skin · Shade: Deep Warm",
    ingredients:
      "Aqua, Zinc Oxide, Titanium Dioxide, Caprylic/Capric Triglyceride, Glycerin, Iron Oxides, Niacinamide, Sodium Hyaluronate, Tocopherol, Phenoxyethanol",
    howToUse: "Apply evenly to the face after moisturiser; reapply over the day as needed.",
    benefits: ["Evens tone", "Protects against visible light", "Light natural coverage"],
  },
  {
    name: "Sun Protect Lip Balm SPF 30",
    description:
      "A nourishing shea and castor oil lip balm with SPF 30 that helps prevent lip darkening and dryness under the Lagos sun.",
    price: 8500,
    image: "/images/products/sun-protect-lip-balm-spf-30.svg",
    category: "suncare",
    stock: 118,
    rating: 4.3,
    details: "10 g · All lip types · Unflavoured",
    ingredients:
      "Ricinus Communis Seed Oil, Butyrospermum Parkii (Shea) Butter, Zinc Oxide, Cera Alba, Caprylic/Capric Triglyceride, Tocopherol",
    howToUse: "Apply to lips before going out and reapply every couple of hours and after eating.",
    benefits: ["SPF 30 for lips", "Helps prevent darkening", "Softens dry lips"],
  },
];
