// What the server answers when it has no page to show. Only the server needs these texts.

export const serverErrors = {
  /** The plain page shown when a page could not be rendered. '{phone}' is the practice's number. */
  serverError: {
    title: 'Der opstod en fejl',
    text: 'Siden kunne ikke vises lige nu. Prøv igen om lidt, eller ring på {phone}.',
    home: 'Gå til forsiden',
  },
  /** The plain answer for a file that does not exist. */
  fileNotFound: 'Filen findes ikke.',
};
