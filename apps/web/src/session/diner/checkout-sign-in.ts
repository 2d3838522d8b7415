/**
 * How a diner who is not signed in signs in, signs up or continues as a guest at checkout
 * (docs/product/ordering.md#checkout): customer-auth's panels take these props, and the checkout
 * page, which cannot import another feature, is handed that component in app/routes.
 */
export type CheckoutSignInProps = { restaurantId: number; onSignedIn: () => void };
