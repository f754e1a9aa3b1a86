/** What every login step component receives. */
export interface StepProps {
  /** Switch the box to the sign-up screen. */
  onSignUp: () => void;
  /** Switch the box to the forgot-password screen. */
  onForgotPassword: () => void;
}
