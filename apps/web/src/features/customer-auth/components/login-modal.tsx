import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ForgotPasswordForm } from './forgot-password-form';
import { FormSwitchLink } from './form-switch-link';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

export type LoginModalView = 'login' | 'signup' | 'forgotPassword';

const titles: Record<LoginModalView, string> = {
  login: 'Log In',
  signup: 'Create an Account',
  forgotPassword: 'Forgot Password',
};

type LoginModalProps = {
  open: boolean;
  onClose: () => void;
  initialView?: LoginModalView;
  restaurantId?: number | null;
};

/**
 * The diner's login dialog with its login, signup and forgot-password views (docs/product/accounts.md#diner-accounts
 * Customer menu). A login or a new account closes it; a sent reset link leads back to login,
 * since the diner logs in once the password is changed.
 */
export function LoginModal({ open, onClose, initialView = 'login', restaurantId }: LoginModalProps) {
  const [view, setView] = useState<LoginModalView>(initialView);

  return (
    <Modal open={open} onClose={onClose} title={titles[view]} className="max-w-md">
      {view === 'login' && (
        <div className="flex flex-col gap-3">
          <LoginForm onSuccess={onClose} onForgotPassword={() => setView('forgotPassword')} />
          <FormSwitchLink prompt="New here?" action="Create an account" onClick={() => setView('signup')} />
        </div>
      )}
      {view === 'signup' && (
        <div className="flex flex-col gap-3">
          <SignupForm onSuccess={onClose} restaurantId={restaurantId} />
          <FormSwitchLink
            prompt="Already have an account?"
            action="Log in"
            onClick={() => setView('login')}
          />
        </div>
      )}
      {view === 'forgotPassword' && (
        <div className="flex flex-col gap-3">
          <ForgotPasswordForm onSuccess={() => setView('login')} />
          <FormSwitchLink prompt="Remembered it?" action="Back to log in" onClick={() => setView('login')} />
        </div>
      )}
    </Modal>
  );
}
