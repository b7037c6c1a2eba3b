import type { TherapyTexts } from '../texts/therapy';

export const therapy: TherapyTexts = {
  heading: 'Therapy',
  lead: 'I offer individual therapy, couples therapy, family therapy and sessions for children – at my clinic in Aalborg or online. Here you can read about the areas I most often help with.',
  areasHeading: 'How I can help',
  areas: {
    'familie-og-par': {
      title: 'Family and couples therapy',
      description:
        'When conflict, distance or big changes are weighing on your relationship or your family, talking together can help you find your way back to each other.',
      details: [
        'In couples therapy, we look at the patterns that keep coming back when you talk or argue. The aim is for you to understand each other’s needs better and to be able to talk about difficult things without getting stuck.',
        'In family therapy, the whole family, or some family members, take part. It might be about conflict, divorce, a blended family or a child who is struggling. I also see children on their own and meet with parents, so that together we can find ways to support the child.',
        'My starting point is that no one in the family is ‘the problem’ on their own. Together we look for what can bring more calm and closeness for all of you.',
      ],
    },
    angst: {
      title: 'Anxiety and worry',
      description:
        'Anxiety can take hold of both body and mind and make everyday life smaller. It can be treated, and many people get noticeably better.',
      details: [
        'Anxiety can show up as restlessness, a racing heart, panic attacks, social anxiety or worries that go round and round. Often you start avoiding situations, and little by little your life gets smaller.',
        'Together we explore what keeps the anxiety going. I use methods from cognitive behavioural therapy (CBT) and ACT, which have well-documented effects, and we take small, safe steps at your own pace.',
      ],
    },
    depression: {
      title: 'Depression',
      description:
        'When joy and energy fade and everything feels heavy, taking the first step can be hard. You don’t have to get through it alone.',
      details: [
        'Depression can show up as sadness, emptiness, tiredness, poor sleep, guilt or a sense that nothing makes any difference. It can creep up slowly over a long time, or come after a difficult period.',
        'In therapy, we work on the thoughts and habits that keep you stuck, and on finding your way back to activities and relationships that give you energy. If your depression is moderate to severe, I recommend that you also talk to your doctor.',
      ],
    },
    stress: {
      title: 'Stress and burnout',
      description:
        'Pressure that goes on for a long time, at work or at home, can wear down both body and mind. I can help you find your balance again.',
      details: [
        'Stress can lead to memory problems, poor sleep, irritability and a feeling of never being good enough. Many people wait too long before asking for help, because they are used to coping on their own.',
        'We look both at what brought you to this point and at what you can do now: easing the pressure, noticing your limits and returning gradually to work and everyday life in a way that lasts.',
      ],
    },
    kriser: {
      title: 'Crises and life changes',
      description:
        'Grief, divorce, illness, losing your job or moving to a new country can turn life upside down. Talking can help you find your footing during a difficult time.',
      details: [
        'A crisis can come suddenly, or build up slowly as life changes. It is natural to react with shock, unease, anger or sadness, and many people suddenly don’t feel like themselves.',
        'I offer a calm space with room for whatever you are going through. Together we work out what can help you move forward, and how you can carry what has happened with you in a way you can live with.',
      ],
    },
    neurodiversitet: {
      title: 'Autism, ADHD and neurodiversity',
      description:
        'I offer sessions for children, young people and adults with autism, ADHD or similar traits, and for their families. You don’t need a diagnosis to come.',
      details: [
        'Many neurodivergent people feel they have to adapt to a world that isn’t designed for them. This can lead to stress, anxiety, low self-esteem or conflict in the family.',
        'In our sessions, we start from your strengths and from the way you are wired. We work on understanding, structure and strategies that fit your everyday life.',
        'For parents, the sessions can be about understanding your child’s reactions and finding ways to bring calm and predictability to family life.',
      ],
    },
  },
  toggle: { open: 'Read more', close: 'Close' },
  approach: {
    heading: 'How I work',
    paragraphs: [
      'I work in an evidence-based way. This means I use methods that research has shown to work, and I adapt them to you and your situation. No two courses of therapy are the same.',
      'In the first sessions, we get to know each other and clarify what you would like help with. Then we agree on goals and a framework for our work together, which we review as we go along.',
    ],
    points: [
      'Cognitive behavioural therapy (CBT): how thoughts, feelings, body and actions are connected',
      'Acceptance and Commitment Therapy (ACT): living by what matters to you, even when things are hard',
      'Mentalization-based therapy: understanding your own and other people’s feelings and intentions',
      'Systemic and narrative therapy: seeing problems in the context of family, relationships and life story',
    ],
  },
  cta: {
    heading: 'Are you ready to take the first step?',
    text: 'Book a first session, or get in touch if you’d like to find out whether I’m the right person to help you.',
    primary: { label: 'Book a session', to: 'booking' },
    secondary: { label: 'Contact me', to: 'contact' },
  },
};
