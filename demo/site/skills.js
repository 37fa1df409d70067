// The demo site's skills: a guided tour across three pages, a prompt that explains the page, a
// form for a callback, and a panel that searches the docs. They show in the palette (type "/" for
// the commands) and run on the offline guide as well as with a model.

/** @returns {object[]} */
export function orchardSkills() {
  return [
    {
      id: 'tour',
      name: 'Take the tour',
      description: 'Plans, pricing and the docs, one step at a time',
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
