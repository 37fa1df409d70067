// The contact form has no backend in the demo: it validates in the browser and confirms in place.

/** @param {HTMLFormElement} form */
function describeTeamSize(form) {
  const range = form.elements.namedItem('teamSize');
  const output = form.querySelector('output[for="contact-team-size"]');
  if (range instanceof HTMLInputElement && output) {
    output.textContent = `${range.value} ${range.value === '1' ? 'person' : 'people'}`;
  }
}

/** @param {HTMLFormElement} form */
function submitContactForm(form) {
  const status = form.querySelector('[data-contact-status]');
  if (!form.checkValidity()) {
    const firstInvalid = form.querySelector(':invalid');
    if (status) status.textContent = 'Please fill in the highlighted fields.';
    form.classList.add('was-validated');
    if (firstInvalid instanceof HTMLElement) firstInvalid.focus();
    return;
  }
  const data = new FormData(form);
  const name = String(data.get('name') ?? '').trim();
  const email = String(data.get('email') ?? '').trim();
  form.classList.remove('was-validated');
  if (status) status.textContent = `Thanks, ${name}. We will reply to ${email} within one business day.`;
}

/** Wires every contact form on the page, now and after each navigation, through delegation. */
export function connectContactForms() {
  document.addEventListener('input', (event) => {
    const form = event.target instanceof Element ? event.target.closest('form[data-contact-form]') : null;
    if (form instanceof HTMLFormElement) describeTeamSize(form);
  });
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches('[data-contact-form]')) return;
    event.preventDefault();
    submitContactForm(form);
  });
}
