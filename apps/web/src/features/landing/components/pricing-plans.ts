export type PricingPlan = {
  name: string;
  /** Whole US dollars per month (docs/product/subscriptions.md#plans: Starter $50, Professional $100, Enterprise $200). */
  monthlyPrice: number;
  tagline: string;
  features: string[];
  popular?: boolean;
};

/**
 * The plans as the public page advertises them. The plans a subscriber actually buys come from
 * GET /subscription/plans on /select-subscription; this copy mirrors the
 * plans seeded by apps/server/drizzle/0002_seed_plans.sql (same names, prices and features).
 */
export const pricingPlans: PricingPlan[] = [
  {
    name: 'Starter',
    monthlyPrice: 50,
    tagline: 'For cafés and small dining rooms taking their first QR orders.',
    features: [
      'QR menu with photos and categories',
      'Dine-in and pickup ordering',
      'Live order status for guests',
      'Email support',
    ],
  },
  {
    name: 'Professional',
    monthlyPrice: 100,
    tagline: 'For busy restaurants that run the whole service on TableServe.',
    features: [
      'Everything in Starter',
      'Real-time kitchen view',
      'Daily sales and order reports',
      "Today's Special highlights",
      'Priority email support',
    ],
    popular: true,
  },
  {
    name: 'Enterprise',
    monthlyPrice: 200,
    tagline: 'For large venues with many tables and a high order volume.',
    features: ['Everything in Professional', 'Guided onboarding and menu setup', 'Phone and email support'],
  },
];
