/**
 * Allergens and dietary tags of a menu item (docs/decisions/012-allergens-and-dietary-tags.md). No zod here: the diner's menu page
 * shows badges and its allergen filter without downloading the schemas (docs/performance.md), as
 * menu-categories.ts does for categories.
 */

/** The 14 major allergens of EU FIC 1169/2011 Annex II and UK law, in the order the law lists them. */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree_nuts',
  'peanuts',
  'sesame',
  'soybeans',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** The names on the owner's form and the diner's filter: the law's wording, shortened where it is long. */
export const allergenLabels: Record<Allergen, string> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  tree_nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soybeans: 'Soybeans',
  sulphites: 'Sulphur dioxide / sulphites',
};

/** The word in a sentence: "Contains: milk, eggs". */
export const allergenNames: Record<Allergen, string> = {
  celery: 'celery',
  gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'eggs',
  fish: 'fish',
  lupin: 'lupin',
  milk: 'milk',
  molluscs: 'molluscs',
  mustard: 'mustard',
  tree_nuts: 'tree nuts',
  peanuts: 'peanuts',
  sesame: 'sesame',
  soybeans: 'soya',
  sulphites: 'sulphites',
};

export const DIETARY_TAGS = ['vegetarian', 'vegan', 'gluten_free', 'spicy'] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

export const dietaryTagLabels: Record<DietaryTag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  gluten_free: 'Gluten-free',
  spicy: 'Spicy',
};

/**
 * Allergens a tag cannot go with: a dish that contains them is not what the tag promises. An
 * owner who ticks both has made a mistake a diner could be hurt by, so the server refuses it.
 */
export const allergensExcludedBy: Partial<Record<DietaryTag, readonly Allergen[]>> = {
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  vegan: ['eggs', 'fish', 'crustaceans', 'milk', 'molluscs'],
  gluten_free: ['gluten'],
};

/** The first allergen of `allergens` that a tag of `tags` rules out, if any. */
export function dietaryConflict(
  tags: readonly DietaryTag[],
  allergens: readonly Allergen[],
): { tag: DietaryTag; allergen: Allergen } | undefined {
  for (const tag of tags) {
    const allergen = allergensExcludedBy[tag]?.find((excluded) => allergens.includes(excluded));
    if (allergen) return { tag, allergen };
  }
  return undefined;
}

/** "milk, eggs", in the law's order; '' for none. */
export function allergenList(allergens: readonly Allergen[]): string {
  return ALLERGENS.filter((allergen) => allergens.includes(allergen))
    .map((allergen) => allergenNames[allergen])
    .join(', ');
}

/** "Contains: milk, eggs"; '' for none. */
export function containsLine(allergens: readonly Allergen[]): string {
  const list = allergenList(allergens);
  return list ? `Contains: ${list}` : '';
}

export const allergenMessages = {
  unknownAllergen: (value: unknown) =>
    `Allergens: '${String(value).slice(0, 40)}' is not one of ${ALLERGENS.join(', ')}`,
  unknownTag: (value: unknown) =>
    `Dietary tags: '${String(value).slice(0, 40)}' is not one of ${DIETARY_TAGS.join(', ')}`,
  notAList: (label: string) => `${label} must be a list`,
  conflict: (tag: DietaryTag, allergen: Allergen) =>
    `An item marked ${dietaryTagLabels[tag]} cannot contain ${allergenNames[allergen]}`,
} as const;
