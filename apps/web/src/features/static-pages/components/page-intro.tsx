import type { ReactNode } from 'react';

type PageIntroProps = { eyebrow: string; title: string; lead?: ReactNode; children?: ReactNode };

/** The title band every static page opens with. */
export function PageIntro({ eyebrow, title, lead, children }: PageIntroProps) {
  return (
    <section className="relative overflow-hidden border-b border-stone-200/80 bg-gradient-to-b from-brand-50 to-stone-50">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent)] bg-size-[22px_22px] opacity-50"
      />
      <div className="relative mx-auto max-w-6xl px-5 py-12 md:px-8 md:py-20">
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-bold tracking-tight md:text-5xl">
          {title}
        </h1>
        {lead && <p className="mt-5 max-w-2xl text-lg leading-8 text-stone-600">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
