/** CDN entry: cdn/6.138.0/admin-portal/index.js */
import './admin-portal.define';
