import { useEffect, useState } from 'react';
import { useAuthApp } from '../../shared/AppContext';
import { DEFAULT_PASSWORD_MIN_LENGTH } from '../validation';

/** The password policy's minimum length (GET users/v1/passwords/config); the default until it answers. */
export function usePasswordMinLength(): number {
  const app = useAuthApp();
  const [minLength, setMinLength] = useState(DEFAULT_PASSWORD_MIN_LENGTH);
  useEffect(() => {
    app.services.api.users
      .getPasswordConfig()
      .then((config) => {
        if (Number.isInteger(config.minLength) && config.minLength > 0) setMinLength(config.minLength);
      })
      .catch((cause) => app.services.logger.warn('Could not load the password configuration', cause));
  }, [app]);
  return minLength;
}
