import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSession, customerToken, renderWithToasts, signInCustomer } from '@/test/customer-fixtures';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { CustomerAccountMenu } from './customer-account-menu';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderMenu = () =>
  renderWithToasts(CustomerAccountMenu, { path: '/menu-display', destinations: ['/customer_orders'] });

describe('CustomerAccountMenu', () => {
  it('offers Log In when no diner is signed in, opening the login dialog', async () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    // The dialog's code loads on the first click (docs/performance.md).
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
  });

  it('switches the dialog between login, signup and forgot-password views', async () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('dialog', { name: 'Create an Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
  });

  it('logs in through the dialog, closes it and shows the diner name', async () => {
    stubFetch(() => jsonResponse(200, { message: 'Login successful', data: customerSession() }));
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'tomato-basil' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Log In/ }));

    expect(await screen.findByRole('button', { name: /Ada Diner/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it("shows the diner's name with Order Status, which opens /customer_orders with the customer id", async () => {
    signInCustomer({ customer_id: 42 });
    const { router } = renderMenu();
    const trigger = screen.getByRole('button', { name: /Ada Diner/ });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Order Status', 'Logout']);
    fireEvent.click(items[0]!);
    await screen.findByText('Page /customer_orders');
    expect(router.state.location.state).toEqual({ customer_id: 42 });
  });

  it('works from the keyboard: arrows move, Escape closes and returns focus', () => {
    signInCustomer();
    renderMenu();
    const trigger = screen.getByRole('button', { name: /Ada Diner/ });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const [orderStatus, logout] = screen.getAllByRole('menuitem');
    expect(orderStatus).toHaveFocus();
    fireEvent.keyDown(orderStatus!, { key: 'ArrowDown' });
    expect(logout).toHaveFocus();
    fireEvent.keyDown(logout!, { key: 'ArrowDown' });
    expect(orderStatus).toHaveFocus();
    fireEvent.keyDown(orderStatus!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('logs out: clears customerData and CustomerToken and offers Log In again', () => {
    signInCustomer();
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: /Ada Diner/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(localStorage.getItem('customerData')).toBeNull();
    expect(localStorage.getItem('CustomerToken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveFocus();
  });

  it('ends an already expired session on mount', async () => {
    signInCustomer({ token: customerToken(-5) });
    renderMenu();
    expect(await screen.findByText('Session expired. Please login again.')).toBeInTheDocument();
    expect(localStorage.getItem('CustomerToken')).toBeNull();
    expect(localStorage.getItem('customerData')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('checks the token every 60 s and ends the session once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    signInCustomer({ token: customerToken(90) });
    renderMenu();

    act(() => vi.advanceTimersByTime(60_000));
    expect(localStorage.getItem('CustomerToken')).not.toBeNull();
    expect(screen.getByRole('button', { name: /Ada Diner/ })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60_000));
    expect(localStorage.getItem('CustomerToken')).toBeNull();
    expect(localStorage.getItem('customerData')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByText('Session expired. Please login again.')).toBeInTheDocument());
  });
});
