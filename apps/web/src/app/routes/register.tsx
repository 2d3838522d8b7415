// Placeholder: replaced by the page implementation.
export function Component() {
  return <main className="p-8">register</main>;
}
