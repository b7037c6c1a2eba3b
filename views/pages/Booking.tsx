import type { BookingTexts } from '../../content/links';
import { BookingIsland } from '../booking/BookingIsland';
import type { BookingIslandData } from '../booking/model';
import { Icon } from '../components/Icon';
import { PageHeader } from '../components/PageHeader';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';
import { LinkSentence } from '../components/LinkSentence';

export function Booking({ texts: bookingPage, data }: PageProps<BookingTexts, BookingIslandData>) {
  const { href, settings } = useLocale();
  const { placeholder, privacyNote, flow } = bookingPage;
  const intro = (
    <div className="prose">
      {bookingPage.intro.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
  const privacy = (
    <p className="small">
      <LinkSentence {...privacyNote} href={href('privacy')} />
    </p>
  );
  const questions = (
    <dl className="faq">
      {bookingPage.questions.map((q) => (
        <div key={q.question} className="faq__item">
          <dt>{q.question}</dt>
          <dd>{q.answer}</dd>
        </div>
      ))}
    </dl>
  );
  return settings.booking ? (
    // Online booking is on (BOOKING_CALENDAR_URL): one heading, one sentence, the first choice;
    // everything else about booking below the way (views/booking/).
    <>
      <PageHeader heading={bookingPage.heading} lead={flow.intro} />
      <div className="section">
        <div className="container booking">
          <BookingIsland t={flow} initial={data} />
        </div>
      </div>
      <section className="section section--tinted" aria-labelledby="questions">
        <div className="container">
          <h2 id="questions">{bookingPage.questionsHeading}</h2>
          {intro}
          {privacy}
          {questions}
        </div>
      </section>
    </>
  ) : (
    <>
      <PageHeader heading={bookingPage.heading} lead={bookingPage.lead} />
      <section className="section" aria-labelledby="booking-soon">
        <div className="container two-col">
          {intro}
          <div className="panel panel--accent placeholder">
            <Icon shape="clock" size={32} className="placeholder__icon" />
            <h2 id="booking-soon">{placeholder.heading}</h2>
            <p>{placeholder.text}</p>
            <a className="button button--primary" href={href(placeholder.link)}>
              {placeholder.linkLabel}
            </a>
            {privacy}
          </div>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="questions">
        <div className="container">
          <h2 id="questions">{bookingPage.questionsHeading}</h2>
          {questions}
        </div>
      </section>
    </>
  );
}
