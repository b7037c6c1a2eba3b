import type { PrivacyTexts } from '../texts/privacy';

export const privacy: PrivacyTexts = {
  heading: 'Privacy policy',
  lastUpdated: 'Last updated {date}',
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  languageNote: 'This is an English translation of my privacy policy; the Danish version is the legally binding one.',
  intro:
    'As a psychologist, I process personal data about you when you contact me and while you are in treatment with me. I take good care of your information and I am bound by professional confidentiality. Here you can read what information I process, why I process it, and what rights you have.',
  sections: {
    controller: {
      title: 'Data controller',
      paragraphs: [
        'As an authorised psychologist and the owner of the practice, I am the data controller for the processing of your personal data. You will find my contact details in section {contactSection} at the bottom of this page.',
      ],
    },
    data: {
      title: 'What information I process',
      paragraphs: ['Depending on your enquiry and your treatment, I may process the following information about you:'],
      items: [
        'Name',
        'Danish personal identification number (CPR number)',
        'Age',
        'Address',
        'Email address',
        'Phone number',
        'Health information',
        'Information about your social circumstances, network and education',
      ],
    },
    purposes: {
      title: 'Purposes and legal basis',
      paragraphs: [
        'I process your information in order to reply to your enquiry, arrange and plan sessions, provide psychological treatment, keep client records, send invoices and meet my obligations as an authorised psychologist.',
        'I process ordinary personal data under Article 6(1)(b) and (c) of the General Data Protection Regulation (GDPR): to provide the treatment we have agreed on, and to meet my legal obligations.',
        'I process health information and other sensitive data under Article 9(2)(h) GDPR, because it is necessary for the psychological treatment. As an authorised psychologist, I am also required to keep client records under the rules that apply to authorised psychologists.',
      ],
    },
    contactForm: {
      title: 'When you write to me through the contact form',
      paragraphs: [
        'If you send a message through the contact form, I use your name, your email address, your phone number if you give it, and your message to reply to you – by email or phone.',
        {
          tls: 'The website’s server passes the message on as an email to my inbox over an encrypted connection (TLS). The email itself is not encrypted: it is kept in my inbox at my email provider, which is my data processor. The website’s server does not store the message.',
          openpgp:
            'The website’s server encrypts the message with my public OpenPGP key before it sends it as an email to my inbox, so that only I can read it (end-to-end encryption). The email providers can still see when the message was sent, and your email address, so that I can reply to you, but not your name, your phone number or what you write. The website’s server does not store the message.',
          smime:
            'The website’s server encrypts the message with my S/MIME certificate before it sends it as an email to my inbox, so that only I can read it (end-to-end encryption). The email providers can still see when the message was sent, and your email address, so that I can reply to you, but not your name, your phone number or what you write. The website’s server does not store the message.',
        },
        'This is based on your consent, under Article 6(1)(a) GDPR, and – if you choose to tell me about your health – under Article 9(2)(a) GDPR. You can withdraw your consent at any time by writing to me or calling me. I will then delete your enquiry, unless it has become part of a course of treatment for which I am required to keep records.',
      ],
    },
    website: {
      title: 'When you visit the website',
      paragraphs: [
        'The website sets no cookies and uses no statistics or analytics tools. It does not load fonts or any other content from other websites.',
        'The website’s server keeps a technical log of which pages are shown and whether this succeeds, so that errors can be found and fixed. The log does not contain your name, email address, phone number, message or IP address.',
        'To protect the contact form against misuse, no more than {max} messages can be sent from the same IP address within {minutes}. For that, the server remembers for up to {minutes} how many messages have been sent from the IP address. After that, this information is deleted.',
        'The website is hosted by a hosting provider, which processes the traffic to the website as my data processor.',
        'The map on the Contact page is loaded from OpenStreetMap, but only when you ask for it. Until then, OpenStreetMap learns nothing about your visit. If you choose to show the map, OpenStreetMap receives your IP address, as with any visit to another website.',
      ],
    },
    retention: {
      title: 'Retention and deletion',
      paragraphs: [
        'Your client record is kept for 5 years after your treatment has ended and is then destroyed.',
        'Enquiries that do not lead to a course of treatment are deleted when they are no longer needed. Accounting records are kept for as long as the Danish Bookkeeping Act (bogføringsloven) requires.',
      ],
    },
    recipients: {
      title: 'Recipients and data processors',
      paragraphs: [
        'I only pass on information about you if you have consented to it, for example to your doctor or your insurance company, or if I am required to do so by law, for example under my duty to notify the municipality (underretningspligt) or in a case before the Danish Board of Psychologists (Psykolognævnet).',
        'I use data processors for my client record system, email and website. They only process information on my instructions and under a data processing agreement.',
      ],
    },
    security: {
      title: 'Security',
      paragraphs: [
        'I protect your information with technical and organisational security measures. Client records are kept in a secure record system with access control, and only I have access to them.',
        {
          tls: 'Messages from the contact form are sent over an encrypted connection, but are kept unencrypted in my inbox (see section {contactFormSection}). An ordinary email that you send yourself is not necessarily encrypted all the way either.',
          openpgp:
            'Messages from the contact form are encrypted so that only I can read them (see section {contactFormSection}). An ordinary email that you send yourself, however, is not necessarily encrypted all the way.',
          smime:
            'Messages from the contact form are encrypted so that only I can read them (see section {contactFormSection}). An ordinary email that you send yourself, however, is not necessarily encrypted all the way.',
        },
        'So please don’t write more about your health than you want to – we can talk about it when we meet.',
      ],
    },
    rights: {
      title: 'Your rights and how to complain',
      paragraphs: ['Under data protection law, you have a number of rights. You have the right to:'],
      items: [
        'Access the information I process about you',
        'Have incorrect information corrected (rectification)',
        'Have information erased when it no longer has to be kept',
        'Restrict the processing',
        'Object to the processing',
        'Receive your information in a commonly used format (data portability)',
        'Withdraw your consent at any time – this does not affect the lawfulness of the processing carried out before you withdrew it',
      ],
      closing: [
        {
          before:
            'If you are unhappy with the way I process your information, you can complain to the Danish Data Protection Agency (Datatilsynet). You will find its contact details at ',
          linkText: 'datatilsynet.dk',
          after: '. You are also always welcome to raise the matter with me first.',
          url: 'https://www.datatilsynet.dk',
        },
      ],
    },
    contact: {
      title: 'Contact and cancellation',
      paragraphs: [
        {
          before:
            'When and how to cancel an agreed session, and what it costs to cancel too late or not to turn up, is set out in ',
          linkText: 'the cancellation terms on the Prices page',
          after: '.',
          to: 'prices',
          anchor: 'cancellation-section',
        },
        'If you have any questions about this privacy policy, or would like to exercise your rights, you are welcome to contact me:',
      ],
    },
  },
  minutes: { one: '1 minute', other: '{n} minutes' },
};
