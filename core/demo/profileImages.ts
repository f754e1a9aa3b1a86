/**
 * Demo mode's `profileImages` (core/domain/platform.ts): the upload's handler and refusals are the
 * server's (core/domain/profile-image.ts); the picture is kept as a data: address in the stored
 * user, since no server serves it.
 */
import type { Platform } from '../domain/platform';
import { updateUser, type DemoDatabase } from './data';

export const demoProfileImages = (db: DemoDatabase): Platform['profileImages'] => ({
  async store(userId, bytes, type) {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const profilePictureUrl = `data:${type};base64,${btoa(binary)}`;
    updateUser(db, userId, { profilePictureUrl });
    return profilePictureUrl;
  },
});
