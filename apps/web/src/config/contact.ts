/** Where the contact form's messages go; the terms name it too. */
export const CONTACT_EMAIL = 'hello@tableserve.app';
