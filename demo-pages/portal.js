// Opens the checkout dialog: the element watches its `open` attribute.
document.getElementById('open-checkout').addEventListener('click', () => {
  document.querySelector('auth-checkout-dialog').setAttribute('open', '');
});
