/** The menu's shape while it loads, so a slow network shows progress and nothing jumps after. */
export function MenuSkeleton() {
  const bar = 'rounded-full bg-stone-200/80';
  return (
    <div role="status" aria-label="Loading menu" className="animate-pulse">
      <div className="border-b border-stone-200/80 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 md:px-8">
          <div className="size-9 rounded-xl bg-stone-200/80" />
          <div className="space-y-2">
            <div className={`h-4 w-40 ${bar}`} />
            <div className={`h-3 w-24 ${bar}`} />
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 md:px-8">
        <div className="flex gap-2 overflow-hidden py-5">
          {[24, 20, 28, 22].map((width) => (
            <div key={width} className={`h-11 shrink-0 ${bar}`} style={{ width: `${width * 4}px` }} />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[1, 2, 3, 4, 5, 6].map((key) => (
            <div key={key} className="flex gap-4 rounded-2xl bg-white p-3 shadow-card md:flex-col md:p-0">
              <div className="flex-1 space-y-2.5 py-1 md:order-last md:p-4">
                <div className={`h-4 w-3/4 ${bar}`} />
                <div className={`h-3 w-full ${bar}`} />
                <div className={`h-3 w-2/3 ${bar}`} />
              </div>
              <div className="size-28 shrink-0 rounded-xl bg-stone-200/80 md:aspect-[16/10] md:size-auto md:w-full md:rounded-none" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
