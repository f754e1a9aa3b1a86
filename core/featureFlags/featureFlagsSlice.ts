import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FeatureFlagsState {
  loading: boolean;
  loaded: boolean;
  flags: Record<string, boolean>;
}

const initialState: FeatureFlagsState = { loading: false, loaded: false, flags: {} };

const featureFlagsSlice = createSlice({
  name: 'featureFlags',
  initialState,
  reducers: {
    featureFlagsRequested(state) {
      state.loading = true;
    },
    featureFlagsLoaded(state, action: PayloadAction<Record<string, boolean>>) {
      state.loading = false;
      state.loaded = true;
      state.flags = { ...state.flags, ...action.payload };
    },
    /** Spec 001 §1: a failed load is logged and the kit continues (flags stay off). */
    featureFlagsFailed(state) {
      state.loading = false;
      state.loaded = true;
    },
  },
});

export const { featureFlagsRequested, featureFlagsLoaded, featureFlagsFailed } = featureFlagsSlice.actions;
export const featureFlagsReducer = featureFlagsSlice.reducer;
