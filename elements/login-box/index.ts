/** CDN entry: cdn/6.138.0/login-box/index.js */
import './login-box.define';
