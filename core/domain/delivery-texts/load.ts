/**
 * One language's catalogue of emails and SMS, loaded on demand: demo mode fetches a language (one
 * small chunk each, English too) only when it writes a message. The server imports every language
 * at once (server/delivery/texts/index.ts).
 */
import type { SupportedLocale } from '../locales';
import type { DeliveryTexts } from './types';

export const loadDeliveryTexts: Record<SupportedLocale, () => Promise<DeliveryTexts>> = {
  en: () => import('./en').then((m) => m.en),
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
