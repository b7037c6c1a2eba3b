// The editor's login screen offers her one button, "Log ind med GitHub", and then GitHub's own
// page, in English, opens in a window. Under the button the screen says in Danish what to press
// and what happens next (issue 55), as Sveltia says it under its local-repository button: it has
// no string for the GitHub login, so the line is added whenever the button is drawn.

export const SIGN_IN_HINT =
  'Tryk på »Log ind med GitHub«. Et vindue fra GitHub åbner: log ind med din GitHub-konto, og tryk på »Authorize«, hvis GitHub spørger (kun første gang). Vinduet lukker af sig selv, og du er inde.';

/** The GitHub login button, by the label the editor gives it ("Log ind med ⁨GitHub⁩", the name isolated). */
const BUTTON = 'button[data-label="Log ind med \u2068GitHub\u2069"]';

/** Puts the hint under the GitHub login button each time the editor draws it. */
export function showSignInHint(root: HTMLElement): void {
  const place = () => {
    const button = root.querySelector(BUTTON);
    if (!button || button.nextElementSibling?.hasAttribute('data-sign-in-hint')) return;
    const hint = document.createElement('div');
    hint.setAttribute('role', 'none');
    hint.setAttribute('data-sign-in-hint', '');
    hint.textContent = SIGN_IN_HINT;
    // Centred under the button as the editor's own line under its other button, in lines as wide.
    Object.assign(hint.style, { maxWidth: '34em', textAlign: 'center' });
    button.after(hint);
  };
  // The login screen is drawn again after a logout, and the button's label changes once the Danish
  // strings are in; a query by attribute is cheap beside the editor's own work.
  new MutationObserver(place).observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-label'],
  });
  place();
}
