import { siteTexts } from '../../../content/siteTexts';
import { bookingAnswer as t } from '../../../content/bookingAnswer';
import { languages } from '../../../content/languages';
import { fill } from '../../../views/format';
import type { Canceller } from '../request';
import { ANSWER_POST_PATH } from './links';
import type { AnswerRequest } from './token';

// What she writes on the answer page (page.tsx): her message to the client (a decline's, a
// release's), and the release of a confirmed time: who cancelled, whether the client gets a mail.

/** The longest message the visitor's mail takes from her. */
export const MESSAGE_MAX = 1000;

/** The release form again, with what she chose and wrote, and what is missing. */
export interface ReleaseAgain {
  who?: Canceller;
  tell: boolean;
  message: string;
  error: string;
}

/** Her message to the client, in the client's language and direction, with a cue which language that is. */
export function Message({
  request,
  label,
  message,
  error,
}: {
  request: AnswerRequest;
  label: string;
  message?: string;
  error?: string;
}) {
  const language = siteTexts.da.languageNames[request.lang];
  const cue = [
    ...(request.lang === 'da' ? [] : [t.messageCue]),
    ...(languages[request.lang].dir === 'rtl' ? [t.messageNumbers] : []),
    t.messageHint,
  ];
  return (
    <div className="field">
      <label htmlFor="message">{label}</label>
      <p id="message-hint" className="field-hint">
        {fill(cue.join(' '), { language })}
      </p>
      <textarea
        id="message"
        name="message"
        rows={3}
        maxLength={MESSAGE_MAX}
        dir="auto"
        lang={request.lang}
        defaultValue={message ?? ''}
        aria-describedby={error ? 'message-hint message-error' : 'message-hint'}
        {...(error ? { 'aria-invalid': true } : {})}
      />
      {error && (
        <p id="message-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A confirmed time freed: who cancelled (the mail's words), whether to mail the client, and her
 * message for it. `resend`: the mail of a release that may have gone, sent again on purpose (no
 * choice whether to mail: that is what it is for).
 */
/** The release form's inputs: her link, the request, what she sent before (refused), and whether it is a resend. */
interface ReleaseProps {
  token: string;
  request: AnswerRequest;
  again?: ReleaseAgain;
  resend?: boolean;
}

export function Release({ token, request, again, resend }: ReleaseProps) {
  const form = <ReleaseForm token={token} request={request} again={again} resend={resend} />;
  if (resend) return form;
  return (
    <section className="panel" aria-labelledby="release-heading">
      <h2 id="release-heading">{t.releaseHeading}</h2>
      <p>{t.releaseText}</p>
      {form}
    </section>
  );
}

function ReleaseForm({ token, request, again, resend }: ReleaseProps) {
  const whoError = again?.error === t.releaseWhoMissing;
  return (
    <form className="contact-form answer-form" method="post" action={ANSWER_POST_PATH}>
      <input type="hidden" name="t" value={token} />
      <input type="hidden" name="answer" value="release" />
      {resend && <input type="hidden" name="again" value="1" />}
      <fieldset className="answer-offers" {...(whoError ? { 'aria-describedby': 'who-error' } : {})}>
        <legend>{t.releaseWho.legend}</legend>
        {whoError && (
          <p id="who-error" className="field-error">
            {again.error}
          </p>
        )}
        {(['client', 'practitioner'] as const).map((who) => (
          <div className="field field--check" key={who}>
            <input type="radio" id={`who-${who}`} name="who" value={who} defaultChecked={again?.who === who} />
            <label htmlFor={`who-${who}`}>{t.releaseWho[who]}</label>
          </div>
        ))}
      </fieldset>
      {resend ? (
        <input type="hidden" name="tell" value="1" />
      ) : (
        <div className="field field--check">
          <input type="checkbox" id="tell" name="tell" value="1" defaultChecked={again?.tell} />
          <label htmlFor="tell">{fill(t.releaseTell, { language: siteTexts.da.languageNames[request.lang] })}</label>
        </div>
      )}
      <Message
        request={request}
        label={t.releaseMessageLabel}
        message={again?.message}
        error={whoError ? undefined : again?.error}
      />
      <button type="submit" className="button button--secondary">
        {resend ? t.uncertain.button : t.releaseButton}
      </button>
    </form>
  );
}
