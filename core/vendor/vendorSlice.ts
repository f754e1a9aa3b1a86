import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The vendor's public info (spec 000 §1): whiteLabelMode hides our branding; default false. */
export interface VendorState {
  loaded: boolean;
  whiteLabelMode: boolean;
}

const vendorSlice = createSlice({
  name: 'vendor',
  initialState: { loaded: false, whiteLabelMode: false } as VendorState,
  reducers: {
    vendorInfoLoaded(state, action: PayloadAction<{ whiteLabelMode: boolean }>) {
      state.loaded = true;
      state.whiteLabelMode = action.payload.whiteLabelMode;
    },
  },
});

export const { vendorInfoLoaded } = vendorSlice.actions;
export const vendorReducer = vendorSlice.reducer;
type WithVendor = { vendor: VendorState };
export const selectVendor = (state: WithVendor) => state.vendor;
