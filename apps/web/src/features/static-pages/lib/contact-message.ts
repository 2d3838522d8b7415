import { email, requiredText } from '@tableserve/contract/fields';
import { z } from 'zod';
import { CONTACT_EMAIL } from '@/config/contact';

/** docs/product/web-app.md#static-pages: name, email, subject and message, all required. */
export const contactMessageSchema = z.object({
  name: requiredText('Name', 100),
  email: requiredText('Email', 254).pipe(email),
  subject: requiredText('Subject', 150),
  // Mail apps and browsers cap the length of a mailto: link, so the message is capped too.
  message: requiredText('Message', 2000),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * A mailto: link that opens the visitor's mail app with the message filled in. RFC 6068 wants
 * CRLF line breaks inside the body.
 */
export function contactMailtoUrl(message: ContactMessage): string {
  const body = `${message.message}\r\n\r\n${message.name}\r\n${message.email}`;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(body)}`;
}
