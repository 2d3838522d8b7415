// Placeholder: replaced by the shell implementation.
export function Header() {
  return <header className="p-4 font-bold">TableServe</header>;
}
