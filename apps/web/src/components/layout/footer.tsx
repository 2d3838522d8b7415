// Placeholder: replaced by the shell implementation.
export function Footer() {
  return <footer className="p-4">© 2024 TableServe</footer>;
}
