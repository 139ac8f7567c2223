import type { MailTexts } from './nl.js';

export const en: MailTexts = {
  greeting: 'Dear {name},',
  greetingAnonymous: 'Dear Sir or Madam,',
  signature: 'Kind regards,\n{organisation}',
  /** Labels of the organisation's contact lines at the foot of every mail. */
  footer: { phone: 'Phone', email: 'E-mail', website: 'Website' },
  passwordReset: {
    heading: 'Choose a new password',
    subject: 'Reset your password',
    intro: 'You asked to reset your password. Choose a new password with this link:',
    validity: 'The link is valid for one hour and works once.',
    ignore: 'Did you not ask for this? Then ignore this e-mail; your password stays the same.',
    button: 'Choose a new password',
  },
  invitation: {
    subject: 'Invitation: your account at {organisation}',
    heading: 'You are invited',
    introBy:
      '{inviter} invites you as {role} to the appointment system of {organisation}. Choose a password with this link; you are then signed in at once.',
    intro:
      'You are invited as {role} to the appointment system of {organisation}. Choose a password with this link; you are then signed in at once.',
    role: { ROLE_STAFF: 'staff member', ROLE_ADMIN: 'administrator' },
    button: 'Choose a password',
    validity: 'The link is valid for 7 days and works once.',
    ignore: 'Not expecting this invitation? Then ignore this e-mail; no account is made.',
  },
  mfaReset: {
    subject: 'Your two-step sign-in has been turned off',
    heading: 'Two-step sign-in turned off',
    intro:
      'An administrator of {organisation} has turned off two-step sign-in for your account, for instance because you lost your phone. You have been signed out everywhere.',
    next: 'Sign in again with your password and turn two-step sign-in back on in your profile.',
    button: 'Sign in',
    unexpected:
      'Did you not ask for this? Then contact {organisation} at once: someone else may have asked about your account.',
  },
  mfaGuessing: {
    subject: 'Someone is trying codes on your account',
    subjectBlocked: 'Signing in with a code is blocked',
    heading: 'Someone is trying codes on your account',
    headingBlocked: 'Signing in with a code blocked',
    intro:
      'Someone who knows your password has entered a wrong code at the second step of signing in to {organisation}, many times in a row. Was that not you? Then someone else knows your password.',
    blocked:
      'After too many wrong codes, signing in with a code is now blocked, even with the right code. The block ends as soon as you choose a new password, or when an administrator resets your two-step sign-in.',
    next: 'Please change your password: choose a new one with the button below.',
    button: 'Choose a new password',
    note: 'Your account has not been opened: without the code of your app nobody gets in.',
  },
};
