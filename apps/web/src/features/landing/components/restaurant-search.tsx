import { ChevronRight, MapPin, Search, SearchX, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import {
  canSearchRestaurants,
  MIN_SEARCH_LENGTH,
  type RestaurantSearchResult,
  useSearchRestaurants,
} from '../api/search-restaurants';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel live. */
const SEARCH_DEBOUNCE_MS = 300;

/** Starting points for a visitor who does not know what to type. */
const suggestions = ['Pizza', 'Sushi', 'Café', 'Tacos'];

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('') || '?'
  );
}

function ResultRow({ restaurant }: { restaurant: RestaurantSearchResult }) {
  const place = [restaurant.city, restaurant.state].filter(Boolean).join(', ');
  return (
    <li>
      <Link
        to={`${paths.menuDisplay}?token=${encodeURIComponent(restaurant.token)}`}
        className="group flex min-h-16 items-center gap-4 rounded-xl border border-stone-200 bg-white p-3 pr-4 transition-colors hover:border-brand-300 hover:bg-brand-50/60"
      >
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-sm font-bold text-brand-800"
        >
          {initialsOf(restaurant.restaurant_name)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-stone-900">{restaurant.restaurant_name}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
            {restaurant.restaurant_type && <span>{restaurant.restaurant_type}</span>}
            {place && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden />
                {place}
              </span>
            )}
          </span>
        </span>
        <span className="hidden text-sm font-semibold text-brand-700 sm:inline">View menu</span>
        <ChevronRight
          className="size-5 shrink-0 text-stone-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600"
          aria-hidden
        />
      </Link>
    </li>
  );
}

function SearchSuggestions({ onPick }: { onPick: (query: string) => void }) {
  return (
    <div className="mt-5 border-t border-stone-100 pt-5">
      <p className="text-sm font-medium text-stone-700">Try a search</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {suggestions.map((suggestion) => (
          <li key={suggestion}>
            <button
              type="button"
              onClick={() => onPick(suggestion)}
              className="inline-flex min-h-11 items-center rounded-full border border-stone-200 bg-stone-50 px-4 text-sm font-medium text-stone-700 transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
            >
              {suggestion}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ResultsSkeleton() {
  return (
    <ul aria-hidden="true" className="mt-4 space-y-2">
      {[0, 1, 2].map((row) => (
        <li
          key={row}
          className="flex h-16 animate-pulse items-center gap-4 rounded-xl border border-stone-200 p-3"
        >
          <span className="size-11 rounded-lg bg-stone-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3.5 w-2/5 rounded bg-stone-200" />
            <span className="block h-3 w-1/4 rounded bg-stone-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function NoResults() {
  return (
    <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-stone-300 px-6 py-8 text-center">
      <SearchX className="size-8 text-stone-400" aria-hidden />
      <p className="mt-3 font-semibold text-stone-900">No restaurants found</p>
      <p className="mt-1 text-sm text-stone-600">Check the spelling, or try a city or a kind of food.</p>
    </div>
  );
}

/** Looks up a restaurant's public menu by name, cuisine or city (docs/product/restaurant-setup.md#restaurant). */
export function RestaurantSearch() {
  const inputId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useSearchRestaurants(debounced);

  const searchable = canSearchRestaurants(trimmed);
  const busy = searchable && (debounced !== trimmed || search.isFetching);
  const failed = searchable && search.isError && !busy;
  // Placeholder data is the previous query's answer: worth showing dimmed while the new one
  // loads, but never as this query's outcome (an old "No restaurants found" would mislead).
  const answer = searchable && !failed && !search.isPlaceholderData ? search.data : undefined;
  const previous = searchable && !failed && search.isPlaceholderData ? search.data : undefined;
  const shown = answer ?? (previous?.restaurants.length ? previous : undefined);
  const loading = searchable && !failed && !answer;
  const total = answer ? Math.max(answer.pagination.total, answer.restaurants.length) : 0;

  function clear() {
    setQuery('');
    inputRef.current?.focus();
  }

  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; role="search" on the form is the landmark every browser understands. */}
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
          Search restaurants
        </label>
        <div className="relative mt-1.5">
          {busy ? (
            <Spinner decorative className="absolute top-1/2 left-4 size-5 -translate-y-1/2 text-brand-600" />
          ) : (
            <Search
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone-400"
              aria-hidden
            />
          )}
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Name, cuisine or city"
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={statusId}
            className="block h-13 w-full rounded-xl border border-stone-300 bg-white pr-14 pl-12 text-base text-stone-900 shadow-xs transition placeholder:text-stone-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
          />
          {query && (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear search"
              className="absolute top-1/2 right-1 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800"
            >
              <X className="size-5" aria-hidden />
            </button>
          )}
        </div>
      </form>

      {/* Announces the hint, progress and outcome; the result links themselves stay out of it. */}
      <div id={statusId} aria-live="polite">
        {!searchable && (
          <p className="mt-3 text-sm text-stone-600">
            Type at least {MIN_SEARCH_LENGTH} characters to search.
          </p>
        )}
        {loading && <p className="sr-only">Searching restaurants…</p>}
        {answer && answer.restaurants.length === 0 && <NoResults />}
        {answer && answer.restaurants.length > 0 && (
          <p className="mt-3 text-sm font-medium text-stone-700">
            {total} {total === 1 ? 'restaurant' : 'restaurants'} found
          </p>
        )}
      </div>

      {trimmed === '' && <SearchSuggestions onPick={setQuery} />}

      {failed && (
        <Alert type="error" className="mt-4">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span>We couldn't search restaurants right now. Please try again.</span>
            <Button variant="secondary" size="sm" onClick={() => search.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      )}

      {loading && !shown && <ResultsSkeleton />}

      {shown && shown.restaurants.length > 0 && (
        <>
          <ul
            aria-label="Search results"
            aria-busy={shown !== answer || undefined}
            className={cn('mt-3 space-y-2 transition-opacity', shown !== answer && 'opacity-60')}
          >
            {shown.restaurants.map((restaurant) => (
              <ResultRow key={restaurant.restaurant_id} restaurant={restaurant} />
            ))}
          </ul>
          {answer && total > answer.restaurants.length && (
            <p className="mt-3 text-sm text-stone-600">
              Showing the first {answer.restaurants.length} of {total}. Add a word to narrow the search.
            </p>
          )}
        </>
      )}
    </div>
  );
}
