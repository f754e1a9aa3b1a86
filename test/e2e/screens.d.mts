import type { Page } from '@playwright/test';

export const WIDTHS: number[];
export const THEMES: Array<'light' | 'dark'>;
export const DEMO_EMAIL: string;
export const DEMO_PASSWORD: string;
export const PORTAL_PAGES: Array<[id: string, title: string]>;
export const LOGIN_SCREENS: Array<[name: string, step: (page: Page) => Promise<void>]>;
export function openDemo(page: Page, origin: string, width: number, theme: 'light' | 'dark'): Promise<void>;
export function signInDemo(page: Page): Promise<void>;
export function openPortalPage(page: Page, id: string, title: string): Promise<void>;
