import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AuthServices } from '../store/services';
import type { RootState } from '../store/store';
import type { FeatureFlagContext } from './featureFlags';
import { featureFlagsFailed, featureFlagsLoaded, featureFlagsRequested } from './featureFlagsSlice';

type Thunk<R> = ThunkAction<Promise<R>, RootState, AuthServices, UnknownAction>;

/**
 * Evaluates flags (all the vendor's flags when no keys are given) for the context, anonymous unless
 * one is supplied (spec 000 §1). A failure is logged and the kit continues with flags off
 * (spec 001 §1).
 */
export function loadFeatureFlags(
  keys?: string[],
  context?: FeatureFlagContext | null,
): Thunk<Record<string, boolean>> {
  return async (dispatch, getState, services) => {
    dispatch(featureFlagsRequested());
    try {
      const flags = await services.api.featureFlags.evaluate(keys, context);
      dispatch(featureFlagsLoaded(flags));
      return getState().featureFlags.flags;
    } catch (error) {
      services.logger.error('Could not load feature flags', error);
      dispatch(featureFlagsFailed());
      return getState().featureFlags.flags;
    }
  };
}
