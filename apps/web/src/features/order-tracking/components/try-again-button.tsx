import { Button } from '@/components/ui/button';

/** The retry of a page whose query failed: refetches it, busy while the refetch runs. */
export function TryAgainButton({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Button size="lg" busy={query.isFetching} onClick={() => void query.refetch()}>
      Try again
    </Button>
  );
}
