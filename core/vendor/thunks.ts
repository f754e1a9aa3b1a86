import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { sharedInFlight } from '../store/inFlight';
import type { AuthServices } from '../store/services';
import type { RootState } from '../store/store';
import { vendorInfoLoaded } from './vendorSlice';

type Thunk<R> = ThunkAction<Promise<R>, RootState, AuthServices, UnknownAction>;

/** The vendor's public info, loaded once per app; a failure keeps the default (branding shown). */
export function loadVendorInfo(): Thunk<{ whiteLabelMode: boolean }> {
  return async (dispatch, getState, services) => {
    const known = getState().vendor;
    if (known.loaded) return { whiteLabelMode: known.whiteLabelMode };
    return sharedInFlight(services, 'vendorInfo', async () => {
      try {
        const info = await services.api.configurations.getVendorPublicInfo();
        dispatch(vendorInfoLoaded(info));
        return info;
      } catch (error) {
        services.logger.warn('Could not load the vendor info', error);
        dispatch(vendorInfoLoaded({ whiteLabelMode: false }));
        return { whiteLabelMode: false };
      }
    });
  };
}
