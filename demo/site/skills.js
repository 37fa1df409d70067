// The demo site's skills: a guided tour across three pages, a prompt that explains the page, a
// form for a callback, and a panel that searches the docs. They show in the palette (type "/" for
// the commands) and run on the offline guide as well as with a model.

/** The docs page's sections, for the docs panel. */
const DOC_TOPICS = [
  { id: 'docs-getting-started', title: 'Getting started', words: 'start setup first board invite team' },
  { id: 'docs-import', title: 'Importing from a spreadsheet', words: 'import csv spreadsheet excel move' },
  { id: 'docs-shortcuts', title: 'Keyboard shortcuts', words: 'keyboard shortcuts keys' },
  { id: 'docs-api', title: 'The REST API', words: 'api rest token developer integration' },
  { id: 'docs-demo', title: 'Running this demo', words: 'demo run server llm model' },
];

/** @param {string} text */
function matchingTopics(text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return DOC_TOPICS.filter((topic) => words.every((word) => `${topic.title} ${topic.words}`.toLowerCase().includes(word)));
}

/** @param {string} text */
function topicsSurface(text) {
  const items = matchingTopics(text).map((topic) => ({ title: topic.title, href: `/docs#${topic.id}` }));
  return { root: { piece: 'Listing', props: { items, empty: 'No section of the docs has those words.' } } };
}

/** @returns {object[]} */
export function orchardSkills() {
  return [
    {
      id: 'tour',
      name: 'Take the tour',
      description: 'A walk through the site, one step at a time',
      icon: '🧭',
      section: 'Get started',
      steps: [
        { step: 'navigate', path: '/' },
        { step: 'point', selector: '#home-title', label: 'Orchard keeps a small team’s season calm.' },
        { step: 'wait', hint: 'Press Space to go on, Esc to leave the tour.' },
        { step: 'navigate', path: '/pricing' },
        { step: 'point', selector: '.plans', style: 'spotlight', label: 'Three plans: Seedling is free for up to three members.' },
        { step: 'wait' },
        { step: 'navigate', path: '/docs' },
        { step: 'point', selector: '#docs-import', style: 'border', label: 'Moving from a spreadsheet? Import it as CSV.' },
        { step: 'wait' },
        { step: 'clear' },
        { step: 'subtitle', text: 'That is the tour. Press Ctrl+K whenever you want to ask something.' },
      ],
      kind: 'script',
    },
    {
      id: 'explain',
      name: 'Explain this page',
      description: 'What this page is for, in two sentences',
      icon: { builtin: 'question' },
      section: 'Get started',
      kind: 'prompt',
      prompt: 'Explain in two sentences what the page "{{page.title}}" is for.',
      agentTool: { description: 'Explains what the current page is for' },
    },
    {
      id: 'docs',
      name: 'Search the docs',
      description: 'Find a section of the docs as you type',
      icon: { builtin: 'search' },
      section: 'Get started',
      kind: 'panel',
      inputMode: 'takeover',
      placeholder: 'Search the docs…',
      onEnter: (context) => context.render(topicsSurface('')),
      onInput: (text, context) => context.render(topicsSurface(text)),
      // Enter goes to the first section that matches.
      onSubmit: async (text, context) => {
        const [first] = matchingTopics(text);
        if (!first) return;
        context.closePalette();
        await context.navigate(`/docs#${first.id}`);
      },
    },
    {
      id: 'callback',
      name: 'Ask sales to call me',
      description: 'Leave a number; the team calls back',
      icon: '📞',
      section: 'Sales',
      kind: 'surface',
      surface: {
        data: { name: '', phone: '' },
        root: {
          piece: 'Stack',
          children: [
            { piece: 'Heading', props: { text: 'Ask sales to call you' } },
            { piece: 'TextField', props: { label: 'Your name', value: { $bind: '/name' }, required: true } },
            { piece: 'TextField', props: { label: 'Phone', value: { $bind: '/phone' }, inputType: 'tel', required: true } },
            { piece: 'Button', props: { text: 'Send', variant: 'primary', action: { type: 'submit' } } },
          ],
        },
      },
      submitPrompt: 'Go to the contact page and fill the form for {{name}}, phone {{phone}}, asking for a call back. Do not send it.',
    },
  ];
}
