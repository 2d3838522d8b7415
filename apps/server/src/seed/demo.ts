import type { OptionGroupsInput } from '@tableserve/contract/item-options';
import type { Allergen, DietaryTag, MenuCategory } from '@tableserve/contract/menu';
import { closingDayFor, WEEKDAYS, type Weekday } from '@tableserve/contract/opening-hours';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  coupons,
  menuItems,
  type OpeningHours,
  payments,
  plans,
  restaurants,
  subscriptions,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { randomToken } from '../lib/random-tokens';
import { addDays } from '../lib/time';
import { withOptionIds } from '../modules/menu/options';
import { newTableSecret } from '../modules/restaurants/table-keys';

export const DEMO_EMAIL = 'demo@tableserve.app';
export const DEMO_PASSWORD = 'demo-password';

type DemoItem = [
  name: string,
  description: string,
  priceCents: number,
  category: MenuCategory,
  allergens?: Allergen[],
  dietaryTags?: DietaryTag[],
];

/** Two dishes show options (docs/decisions/017-item-options.md): a required single choice, and optional extras. */
const demoOptions: Record<string, OptionGroupsInput> = {
  'Smash Burger': [
    {
      name: 'Doneness',
      min_choices: 1,
      max_choices: 1,
      options: [
        { name: 'Medium', price_delta: 0 },
        { name: 'Medium-well', price_delta: 0 },
        { name: 'Well done', price_delta: 0 },
      ],
    },
    {
      name: 'Extras',
      min_choices: 0,
      max_choices: 3,
      options: [
        { name: 'Bacon', price_delta: 2 },
        { name: 'Extra cheese', price_delta: 1.5 },
        { name: 'Fried egg', price_delta: 1.5 },
        { name: 'Avocado', price_delta: 2.5 },
      ],
    },
  ],
  'Iced Latte': [
    {
      name: 'Size',
      min_choices: 1,
      max_choices: 1,
      options: [
        { name: 'Regular', price_delta: 0 },
        { name: 'Large', price_delta: 1 },
      ],
    },
    {
      name: 'Milk',
      min_choices: 0,
      max_choices: 1,
      options: [
        { name: 'Oat milk', price_delta: 0.6 },
        { name: 'Almond milk', price_delta: 0.6 },
      ],
    },
  ],
};

const demoMenu: DemoItem[] = [
  [
    'Crispy Calamari',
    'Lightly fried squid, lemon aioli and charred lemon.',
    1250,
    'Starter',
    ['gluten', 'eggs', 'molluscs'],
    [],
  ],
  [
    'Burrata & Tomatoes',
    'Creamy burrata, heirloom tomatoes, basil oil, sourdough.',
    1400,
    'Starter',
    ['gluten', 'milk'],
    ['vegetarian'],
  ],
  [
    'Garlic Knots',
    'Six warm knots brushed with garlic butter and parmesan.',
    750,
    'Starter',
    ['gluten', 'milk'],
    ['vegetarian'],
  ],
  [
    'Tomato Basil Soup',
    'Slow-roasted tomatoes, fresh basil, a swirl of cream.',
    850,
    'Starter',
    ['celery', 'milk'],
    ['vegetarian', 'gluten_free'],
  ],
  [
    'Margherita Pizza',
    'San Marzano tomato, fior di latte, basil, olive oil.',
    1600,
    'MainCourse',
    ['gluten', 'milk'],
    ['vegetarian'],
  ],
  [
    'Rigatoni alla Vodka',
    'Rigatoni in a creamy tomato-vodka sauce with chili.',
    1900,
    'MainCourse',
    ['gluten', 'milk'],
    ['vegetarian', 'spicy'],
  ],
  [
    'Grilled Salmon',
    'Atlantic salmon, lemon butter, seasonal greens, new potatoes.',
    2650,
    'MainCourse',
    ['fish', 'milk'],
    ['gluten_free'],
  ],
  [
    'Smash Burger',
    'Two beef patties, cheddar, pickles, house sauce, fries.',
    1800,
    'MainCourse',
    ['gluten', 'eggs', 'milk', 'mustard', 'sesame'],
    [],
  ],
  [
    'Mushroom Risotto',
    'Arborio rice, wild mushrooms, parmesan, thyme.',
    2100,
    'MainCourse',
    ['celery', 'milk', 'sulphites'],
    ['vegetarian', 'gluten_free'],
  ],
  [
    'Tiramisu',
    'Espresso-soaked ladyfingers, mascarpone, cocoa.',
    950,
    'Dessert',
    ['gluten', 'eggs', 'milk'],
    ['vegetarian'],
  ],
  [
    'Chocolate Lava Cake',
    'Warm dark chocolate cake with vanilla ice cream.',
    1050,
    'Dessert',
    ['gluten', 'eggs', 'milk', 'soybeans'],
    ['vegetarian'],
  ],
  [
    'Lemon Sorbet',
    'Three scoops of bright Sicilian lemon sorbet.',
    700,
    'Dessert',
    [],
    ['vegan', 'gluten_free'],
  ],
  [
    'Fresh Lemonade',
    'Squeezed to order, lightly sweetened, with mint.',
    450,
    'Beverage',
    [],
    ['vegan', 'gluten_free'],
  ],
  [
    'Iced Latte',
    'Double espresso over ice with your choice of milk.',
    550,
    'Beverage',
    ['milk'],
    ['vegetarian', 'gluten_free'],
  ],
  ['Sparkling Water', 'San Pellegrino, 750 ml bottle.', 500, 'Beverage', [], ['vegan', 'gluten_free']],
  [
    'House Red Wine',
    'A glass of Montepulciano d’Abruzzo.',
    1100,
    'Beverage',
    ['sulphites'],
    ['vegan', 'gluten_free'],
  ],
  [
    'Truffle Fries',
    'Hand-cut fries, truffle oil, parmesan, parsley.',
    950,
    'TodaysSpecial',
    ['milk'],
    ['vegetarian', 'gluten_free'],
  ],
  [
    'Seafood Linguine',
    'Clams, mussels and prawns in white wine and garlic.',
    2800,
    'TodaysSpecial',
    ['gluten', 'crustaceans', 'molluscs', 'sulphites'],
    ['spicy'],
  ],
  [
    'Peach Cobbler',
    'Baked to order with a scoop of vanilla bean ice cream.',
    900,
    'TodaysSpecial',
    ['gluten', 'eggs', 'milk'],
    ['vegetarian'],
  ],
];

function demoOpeningHours(): OpeningHours {
  const lateNights: Weekday[] = ['friday', 'saturday'];
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const close = lateNights.includes(day) ? '01:00' : '22:30';
      return [day, { open: '11:00', close, closing_day: closingDayFor(day, close), pickup: true }];
    }),
  );
}

export type DemoInfo = {
  created: boolean;
  email: string;
  password: string;
  menuUrl: string;
  coupons: string[];
};

/** Coupons to try at checkout on a demo install. */
const demoCoupons = [
  { code: 'WELCOME20', name: 'Welcome: 20% off the first month', percentOff: 20 },
  { code: 'SAVE5', name: '$5 off the first month', amountOffCents: 500 },
];

/**
 * On an empty embedded database, creates a verified demo owner with a restaurant and a full
 * menu across every category, so a first `npm start` has something to look at.
 * Callers never run it in production.
 */
export async function seedDemoData(
  db: Db,
  options: { publicUrl: string; now?: Date },
): Promise<DemoInfo | undefined> {
  const now = options.now ?? new Date();
  const couponCodes = demoCoupons.map((coupon) => coupon.code);
  const menuUrl = (token: string) => `${options.publicUrl}/menu-display?token=${token}`;
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) {
    const [demo] = await db
      .select({ token: restaurants.token })
      .from(restaurants)
      .innerJoin(users, eq(users.id, restaurants.ownerId))
      .where(eq(users.email, DEMO_EMAIL))
      .limit(1);
    return demo
      ? {
          created: false,
          email: DEMO_EMAIL,
          password: DEMO_PASSWORD,
          menuUrl: menuUrl(demo.token),
          coupons: couponCodes,
        }
      : undefined;
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const token = randomToken(24);
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(users)
      .values({
        email: DEMO_EMAIL,
        passwordHash,
        firstName: 'Maria',
        lastName: 'Rossi',
        phone: '4155550123',
        address: '500 Columbus Ave',
        city: 'San Francisco',
        state: 'CA',
        zipCode: '94133',
        country: 'United States',
        emailVerifiedAt: now,
      })
      .returning({ id: users.id });
    const [restaurant] = await tx
      .insert(restaurants)
      .values({
        ownerId: owner!.id,
        name: 'Trattoria Demo',
        description: 'Neighbourhood Italian kitchen: wood-fired pizza, fresh pasta and natural wine.',
        restaurantType: 'Italian',
        email: DEMO_EMAIL,
        phone: '4155550123',
        address: '500 Columbus Ave',
        city: 'San Francisco',
        state: 'CA',
        country: 'United States',
        zipCode: '94133',
        latitude: 37.8002,
        longitude: -122.4103,
        numberOfTables: 12,
        openingHours: demoOpeningHours(),
        timezone: 'America/Los_Angeles',
        token,
        tableSecret: newTableSecret(),
      })
      .returning({ id: restaurants.id });
    await tx.insert(menuItems).values(
      demoMenu.map(([name, description, priceCents, category, allergens = [], dietaryTags = []]) => ({
        restaurantId: restaurant!.id,
        name,
        description,
        priceCents,
        category,
        allergens,
        dietaryTags,
        optionGroups: withOptionIds(demoOptions[name] ?? [], []),
      })),
    );
    // The demo owner pays for Professional with the test card, so the dashboard and menu are open.
    const [plan] = await tx.select().from(plans).where(eq(plans.code, 'professional')).limit(1);
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        userId: owner!.id,
        planId: plan!.id,
        restaurantId: restaurant!.id,
        status: 'active',
        startDate: now,
        currentPeriodStart: now,
        endDate: addDays(now, plan!.durationDays),
        lastPaymentCents: plan!.priceCents,
        provider: 'test',
        paymentMethodId: 'pm_card_visa',
      })
      .returning({ id: subscriptions.id });
    await tx.insert(payments).values({
      userId: owner!.id,
      subscriptionId: subscription!.id,
      kind: 'initial',
      status: 'succeeded',
      amountCents: plan!.priceCents,
      provider: 'test',
    });
    await tx.insert(coupons).values(demoCoupons).onConflictDoNothing();
  });
  return {
    created: true,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    menuUrl: menuUrl(token),
    coupons: couponCodes,
  };
}
