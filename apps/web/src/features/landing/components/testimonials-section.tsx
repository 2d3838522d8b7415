import { Star } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SectionHeading } from './section-heading';

/** Illustrative quotes: replace with real customers' words, with their permission, before launch. */
const testimonials = [
  {
    quote:
      'Our servers used to spend half the evening walking orders to the kitchen. Now tickets appear the moment guests tap order, and tables turn noticeably faster.',
    name: 'Maria Gonzalez',
    role: 'Owner, La Cocina Roja',
    place: 'Austin, TX',
    avatar: 'bg-brand-100 text-brand-800',
  },
  {
    quote:
      'Setting up the menu took one afternoon. We printed QR codes for 24 tables and were taking orders the same night.',
    name: 'David Chen',
    role: 'General manager, Golden Lotus Kitchen',
    place: 'Seattle, WA',
    avatar: 'bg-amber-100 text-amber-900',
  },
  {
    quote:
      'The daily sales view replaced a spreadsheet I filled in every night. I finally know which dishes carry the week.',
    name: 'Priya Patel',
    role: 'Founder, Spice Route Café',
    place: 'Edison, NJ',
    avatar: 'bg-emerald-100 text-emerald-900',
  },
];

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-5 py-16 md:px-8 md:py-24">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="Loved by the people who run the floor"
          lead="Owners and managers on what changed after their first week with TableServe."
        />
        <ul className="mt-12 grid gap-5 md:mt-16 lg:grid-cols-3 lg:gap-6">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <Card className="flex h-full flex-col p-7">
                <figure className="flex h-full flex-col">
                  <div className="flex gap-0.5 text-amber-500" role="img" aria-label="Rated 5 out of 5">
                    {[0, 1, 2, 3, 4].map((star) => (
                      <Star key={star} className="size-4.5 fill-current" aria-hidden />
                    ))}
                  </div>
                  <blockquote className="mt-5 flex-1 text-[17px] leading-8 text-stone-800">
                    <p>“{testimonial.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3 border-t border-stone-100 pt-6">
                    <span
                      aria-hidden="true"
                      className={`flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold ${testimonial.avatar}`}
                    >
                      {initials(testimonial.name)}
                    </span>
                    <span>
                      <span className="block font-semibold text-stone-900">{testimonial.name}</span>
                      <span className="block text-sm text-stone-600">
                        {testimonial.role} · {testimonial.place}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
