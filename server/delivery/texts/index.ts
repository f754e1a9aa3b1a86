/**
 * The server's emails and SMS in every language the kit speaks (core/domain/locales.ts), all loaded
 * at start. The catalogues are shared with demo mode, which loads them one language at a time:
 * core/domain/delivery-texts/ (docs/i18n.md "Server texts").
 */
import { ar } from '../../../core/domain/delivery-texts/ar';
import { de } from '../../../core/domain/delivery-texts/de';
import { en } from '../../../core/domain/delivery-texts/en';
import { es } from '../../../core/domain/delivery-texts/es';
import { fr } from '../../../core/domain/delivery-texts/fr';
import { he } from '../../../core/domain/delivery-texts/he';
import { it } from '../../../core/domain/delivery-texts/it';
import { ja } from '../../../core/domain/delivery-texts/ja';
import { ko } from '../../../core/domain/delivery-texts/ko';
import { nl } from '../../../core/domain/delivery-texts/nl';
import { ptBR } from '../../../core/domain/delivery-texts/pt-BR';
import type { DeliveryTexts } from '../../../core/domain/delivery-texts/types';
import { zhCN } from '../../../core/domain/delivery-texts/zh-CN';
import type { SupportedLocale } from '../../../core/domain/locales';

export const SERVER_TEXTS: Record<SupportedLocale, DeliveryTexts> = {
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
