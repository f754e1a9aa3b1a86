/**
 * The server's emails and SMS in every language the kit speaks (core/domain/locales.ts), one
 * catalogue per language; English is the source (docs/i18n.md "Server texts").
 */
import type { SupportedLocale } from '../../../core/domain/locales';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { he } from './he';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { nl } from './nl';
import { ptBR } from './pt-BR';
import type { ServerTexts } from './types';
import { zhCN } from './zh-CN';

export const SERVER_TEXTS: Record<SupportedLocale, ServerTexts> = {
  en,
  es,
  fr,
  de,
  it,
  'pt-BR': ptBR,
  nl,
  ja,
  ko,
  'zh-CN': zhCN,
  he,
  ar,
};

/** `template` with each `{name}` replaced by `params[name]` (one pass: a value is never re-read). */
export function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
