import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionCleared } from '../store/auth/authSlice';
import { EMPTY_ENTITLEMENTS, type UserEntitlements } from './entitlements';

export interface EntitlementsState {
  loading: boolean;
  /** True once an answer for the current session arrived. */
  loaded: boolean;
  data: UserEntitlements;
}

const initialState: EntitlementsState = { loading: false, loaded: false, data: EMPTY_ENTITLEMENTS };

const entitlementsSlice = createSlice({
  name: 'entitlements',
  initialState,
  reducers: {
    entitlementsRequested(state) {
      state.loading = true;
    },
    entitlementsLoaded(state, action: PayloadAction<UserEntitlements>) {
      state.loading = false;
      state.loaded = true;
      state.data = action.payload;
    },
    entitlementsFailed(state) {
      state.loading = false;
    },
  },
  // Signed out: nothing is entitled any more.
  extraReducers: (builder) => builder.addCase(sessionCleared, () => initialState),
});

export const { entitlementsRequested, entitlementsLoaded, entitlementsFailed } = entitlementsSlice.actions;
export const entitlementsReducer = entitlementsSlice.reducer;
