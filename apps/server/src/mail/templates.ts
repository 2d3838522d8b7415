import type { MailMessage } from './mailer';

const BRAND = '#d13f25';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One branded layout for every email: a card with a heading, a paragraph and one button. */
function layout(options: {
  heading: string;
  intro: string;
  button: string;
  link: string;
  footnote: string;
}): string {
  const { heading, intro, button, link, footnote } = options;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#292524">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e7e5e4">
<tr><td style="background:${BRAND};padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:-0.01em">TableServe</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3;color:#1c1917">${escapeHtml(heading)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.6">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escapeHtml(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#57534e">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:${BRAND}">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;color:#78716c">${escapeHtml(footnote)}</p>
</td></tr></table>
<p style="font-size:12px;color:#a8a29e;margin:16px 0 0">TableServe · QR table ordering for restaurants</p>
</td></tr></table></body></html>`;
}

export function verificationEmail(to: string, firstName: string, link: string): MailMessage {
  const intro = `Hi ${firstName}, welcome to TableServe! Confirm your email address to activate your account and set up your restaurant.`;
  const footnote =
    'This link expires in 24 hours. If you did not create a TableServe account, you can ignore this email.';
  return {
    to,
    subject: 'Verify your email for TableServe',
    text: `${intro}\n\nVerify your email: ${link}\n\n${footnote}\n\nTableServe`,
    html: layout({ heading: 'Confirm your email', intro, button: 'Verify email', link, footnote }),
  };
}

export function passwordResetEmail(to: string, firstName: string, link: string): MailMessage {
  const intro = `Hi ${firstName}, we received a request to reset your TableServe password. Choose a new password with the button below.`;
  const footnote =
    'This link can be used once and expires in 1 hour. If you did not ask for a reset, you can ignore this email; your password stays the same.';
  return {
    to,
    subject: 'Reset your TableServe password',
    text: `${intro}\n\nReset your password: ${link}\n\n${footnote}\n\nTableServe`,
    html: layout({ heading: 'Reset your password', intro, button: 'Choose a new password', link, footnote }),
  };
}

export function staffInvitationEmail(
  to: string,
  name: string,
  restaurantName: string,
  roleLabel: string,
  link: string,
): MailMessage {
  const intro = `Hi ${name}, ${restaurantName} has invited you to join their team on TableServe as ${roleLabel}. Choose a password to sign in.`;
  const footnote =
    'This link can be used once and expires in 72 hours. If you were not expecting this invitation, you can ignore this email.';
  return {
    to,
    subject: `${restaurantName} invited you to TableServe`,
    text: `${intro}\n\nAccept the invitation: ${link}\n\n${footnote}\n\nTableServe`,
    html: layout({ heading: 'You are invited', intro, button: 'Accept the invitation', link, footnote }),
  };
}

/** A receipt's content, every figure already formatted (modules/bills/receipt-email.ts builds it). */
export type ReceiptEmailContent = {
  subject: string;
  heading: string;
  thanks: string;
  /** The restaurant's name, street, city and phone. */
  header: string[];
  /** The table and the moment of payment. */
  when: string[];
  lines: { label: string; options: string; amount: string }[];
  /** Subtotal, taxes, service, share, tip, total charged; then the card, the payment and any refunds. */
  rows: { label: string; amount: string; note?: string; strong?: boolean }[];
  footer: { label: string; amount: string }[];
};

const cell = 'padding:6px 0;font-size:14px;line-height:1.4;vertical-align:top';

function receiptTable(rows: { label: string; detail?: string; amount: string; strong?: boolean }[]) {
  return rows
    .map((row) => {
      const weight = row.strong ? 'font-weight:700;font-size:16px;' : '';
      const detail = row.detail
        ? `<br><span style="font-size:12px;color:#78716c">${escapeHtml(row.detail)}</span>`
        : '';
      return `<tr><td style="${cell};${weight}">${escapeHtml(row.label)}${detail}</td><td align="right" style="${cell};${weight}white-space:nowrap;padding-left:16px">${escapeHtml(row.amount)}</td></tr>`;
    })
    .join('\n');
}

/**
 * A payment's receipt: plain text with one figure a line, and the same figures in an HTML table.
 * Every string is the restaurant's or the diner's, so every one is escaped.
 */
export function receiptEmail(to: string, content: ReceiptEmailContent): MailMessage {
  const { subject, heading, thanks, header, when, lines, rows, footer } = content;
  const noted = rows.map((row) => ({ ...row, label: row.note ? `${row.label} (${row.note})` : row.label }));
  const text = [
    ...header,
    '',
    ...when,
    '',
    ...lines.flatMap((line) => [
      `${line.label}  ${line.amount}`,
      ...(line.options ? [`  ${line.options}`] : []),
    ]),
    '',
    ...noted.map((row) => `${row.label}  ${row.amount}`),
    '',
    ...footer.map((row) => (row.amount ? `${row.label}: ${row.amount}` : row.label)),
    '',
    thanks,
  ].join('\n');
  const rule = '<tr><td colspan="2" style="border-top:1px solid #e7e5e4;padding:0;height:8px"></td></tr>';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#292524">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e7e5e4">
<tr><td style="background:${BRAND};padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:-0.01em">${escapeHtml(heading)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 4px;font-size:22px;line-height:1.3;color:#1c1917">${escapeHtml(header[0] ?? '')}</h1>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#57534e">${header.slice(1).map(escapeHtml).join('<br>')}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5">${when.map(escapeHtml).join('<br>')}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${receiptTable(lines.map((line) => ({ label: line.label, detail: line.options, amount: line.amount })))}
${rule}
${receiptTable(noted)}
${rule}
${receiptTable(footer)}
</table>
<p style="margin:24px 0 0;font-size:14px;color:#57534e">${escapeHtml(thanks)}</p>
</td></tr></table>
<p style="font-size:12px;color:#a8a29e;margin:16px 0 0">TableServe · QR table ordering for restaurants</p>
</td></tr></table></body></html>`;
  return { to, subject, text, html };
}
