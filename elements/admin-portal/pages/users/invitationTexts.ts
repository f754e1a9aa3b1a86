import { enInvitations } from '../../../i18n/invitations';

/** The invite dialogs' texts (elements/i18n/invitations.ts). */
export const tInvite = enInvitations.invite;
