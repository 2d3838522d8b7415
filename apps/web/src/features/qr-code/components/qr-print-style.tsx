/**
 * Prints only the QR card. Mounted with the QR page alone, so the rule exists only while the
 * page is open: everything outside the card is taken out of the printout (not just hidden, so no
 * blank pages follow), and the card moves to the top of the sheet.
 */
const printCss = `
@media print {
  @page { margin: 18mm; }
  body { background: #fff !important; }
  body * { visibility: hidden; }
  body *:not(:has(.qr-print-card)):not(.qr-print-card):not(.qr-print-card *) { display: none !important; }
  .qr-print-card, .qr-print-card * { visibility: visible; }
  .qr-print-card {
    position: absolute; inset: 0 0 auto 0; margin: 0 auto; max-width: 100%;
    border: 0 !important; box-shadow: none !important;
  }
}
`;

export function QrPrintStyle() {
  return <style>{printCss}</style>;
}
