// Demo mode page: `?theme=dark` shows the elements (and this page) in the dark theme. Runs before the
// loader (module scripts run in document order), so the elements read the attribute on first render.
const dark = new URLSearchParams(location.search).get('theme') === 'dark';
if (dark) {
  document.body.classList.add('dark');
  for (const element of document.querySelectorAll('auth-login-box, auth-admin-portal'))
    element.setAttribute('theme', 'dark');
}
const toggle = document.getElementById('theme-toggle');
if (toggle) {
  const url = new URL(location.href);
  if (dark) url.searchParams.delete('theme');
  else url.searchParams.set('theme', 'dark');
  toggle.href = url.pathname + url.search + url.hash;
  toggle.textContent = dark ? 'Light theme' : 'Dark theme';
}
