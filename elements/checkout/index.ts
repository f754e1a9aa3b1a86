/** CDN entry: cdn/6.138.0/checkout/index.js */
import './checkout-dialog.define';
