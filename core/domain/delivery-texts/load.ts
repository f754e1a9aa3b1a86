/**
 * One language's catalogue of emails and SMS, loaded on demand: demo mode carries English and
 * fetches another language (one small chunk each) only when a recipient has chosen it. The server
 * imports every language at once (server/delivery/texts/index.ts).
 */
import type { SupportedLocale } from '../locales';
import { en } from './en';
import type { DeliveryTexts } from './types';

const LOADERS: Record<Exclude<SupportedLocale, 'en'>, () => Promise<DeliveryTexts>> = {
  es: () => import('./es').then((m) => m.es),
  fr: () => import('./fr').then((m) => m.fr),
  de: () => import('./de').then((m) => m.de),
  it: () => import('./it').then((m) => m.it),
  'pt-BR': () => import('./pt-BR').then((m) => m.ptBR),
  nl: () => import('./nl').then((m) => m.nl),
  ja: () => import('./ja').then((m) => m.ja),
  ko: () => import('./ko').then((m) => m.ko),
  'zh-CN': () => import('./zh-CN').then((m) => m.zhCN),
  he: () => import('./he').then((m) => m.he),
  ar: () => import('./ar').then((m) => m.ar),
};

export const loadDeliveryTexts = (locale: SupportedLocale): Promise<DeliveryTexts> =>
  locale === 'en' ? Promise.resolve(en) : LOADERS[locale]();
