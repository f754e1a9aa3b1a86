import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../shared/defineElement';
// The tag's DOM type (HTMLElementTagNameMap) and its events are declared there.
import type {} from '../shared/elementTypes';
import { AdminPortal } from './admin-portal.component';

/** The only place that registers <auth-admin-portal>. */
defineElement('auth-admin-portal', () => r2wc(AdminPortal as never, { shadow: 'open', props: {} }));
