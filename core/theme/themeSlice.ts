import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ThemeOptions } from './themeOptions';

export interface ThemeState {
  options: ThemeOptions;
  /** Elements of this app currently rendered: each one is a "renderer" that applies the theme. */
  renderers: number;
}

const initialState: ThemeState = { options: {}, renderers: 0 };

const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    themeChanged(state, action: PayloadAction<ThemeOptions>) {
      state.options = action.payload;
    },
    rendererMounted(state) {
      state.renderers += 1;
    },
    rendererUnmounted(state) {
      state.renderers = Math.max(0, state.renderers - 1);
    },
  },
});

export const { themeChanged, rendererMounted, rendererUnmounted } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

type WithTheme = { theme: ThemeState };
export const selectThemeOptions = (state: WithTheme) => state.theme.options;
export const selectRendererCount = (state: WithTheme) => state.theme.renderers;
