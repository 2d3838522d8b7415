/** The card provider refused the card details themselves (Stripe Elements); its text is shown as is. */
export class CardDetailsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardDetailsError';
  }
}
