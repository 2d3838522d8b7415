import { QrCode, ShoppingBag } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { RestaurantSearch } from './restaurant-search';
import { SectionHeading } from './section-heading';

export const SEARCH_SECTION_ID = 'find-a-restaurant';

const ways = [
  { icon: QrCode, text: 'At the table? Scan the QR code in front of you to order for that table.' },
  { icon: ShoppingBag, text: 'Ordering ahead? Open the menu here and choose pickup at checkout.' },
];

export function SearchSection() {
  return (
    <section
      id={SEARCH_SECTION_ID}
      aria-labelledby="search-heading"
      className="scroll-mt-20 border-y border-stone-200/80 bg-white"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-16 md:px-8 md:py-24 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <SectionHeading
            id="search-heading"
            eyebrow="For diners"
            title="Find a restaurant's menu"
            lead="Look up a restaurant by its name, its kind of food or its city, and open its menu right away."
            align="left"
          />
          <ul className="mt-8 space-y-4">
            {ways.map((way) => (
              <li key={way.text} className="flex gap-3 text-stone-700">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <way.icon className="size-5" aria-hidden />
                </span>
                <span className="pt-2 text-[15px] leading-6">{way.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <Card className="self-start p-5 md:p-7">
          <RestaurantSearch />
        </Card>
      </div>
    </section>
  );
}
