// 10,000 command-palette items, the same on every run: a few hundred hand-written commands of a
// SaaS app, then generated entity commands ("Open project Aurora 12", "Create invoice #1234") to fill.

export interface PaletteItem {
  id: string;
  name: string;
  keywords: string[];
  section: string;
  description: string;
}

type Base = [id: string, name: string, section: string, keywords: string, description: string];

const BASE: Base[] = [
  ['open-settings', 'Open settings', 'General', 'preferences options config', 'Change how the app behaves'],
  ['pricing', 'Go to Pricing', 'Navigation', 'plans cost upgrade', 'See plans and prices'],
  ['dark-mode', 'Toggle dark mode', 'Appearance', 'theme night light', 'Switch between light and dark themes'],
  ['home', 'Go to Home', 'Navigation', 'start dashboard', 'Back to the start page'],
  ['docs', 'Go to Documentation', 'Navigation', 'help guides manual', 'Read the guides'],
  ['billing', 'Go to Billing', 'Navigation', 'payment card invoices', 'Payment methods and invoices'],
  ['blog', 'Go to Blog', 'Navigation', 'news articles posts', 'Read the latest posts'],
  ['changelog', 'Go to Changelog', 'Navigation', 'releases what is new', 'See what changed'],
  ['careers', 'Go to Careers', 'Navigation', 'jobs hiring', 'Open positions'],
  ['contact', 'Contact support', 'Help', 'help email ticket', 'Write to the support team'],
  ['shortcuts', 'Show keyboard shortcuts', 'Help', 'hotkeys keys bindings', 'Every shortcut in one list'],
  ['logout', 'Log out', 'Account', 'sign out exit', 'End this session'],
  ['switch-account', 'Switch account', 'Account', 'change user login', 'Sign in as someone else'],
  ['profile', 'Edit profile', 'Account', 'avatar name bio', 'Change your name and picture'],
  ['password', 'Change password', 'Account', 'security credentials reset', 'Set a new password'],
  ['2fa', 'Enable two-factor authentication', 'Account', '2fa mfa otp security', 'Protect your account with a second factor'],
  ['api-keys', 'Manage API keys', 'Developers', 'tokens secrets credentials', 'Create and revoke API keys'],
  ['webhooks', 'Configure webhooks', 'Developers', 'callbacks events endpoints', 'Send events to your server'],
  ['new-project', 'Create project', 'Projects', 'new add start', 'Start a new project'],
  ['new-invoice', 'Create invoice', 'Billing', 'new bill charge', 'Bill a customer'],
  ['new-customer', 'Add customer', 'Customers', 'new client contact', 'Add a customer record'],
  ['import-csv', 'Import from CSV', 'Data', 'upload spreadsheet excel', 'Bring in rows from a file'],
  ['export-csv', 'Export to CSV', 'Data', 'download spreadsheet excel', 'Download rows as a file'],
  ['invite', 'Invite teammate', 'Team', 'add member user colleague', 'Send an invitation by email'],
  ['members', 'Manage team members', 'Team', 'users roles permissions', 'Change roles and remove people'],
  ['notifications', 'Notification preferences', 'General', 'alerts emails push', 'Choose what we tell you about'],
  ['language', 'Change language', 'General', 'locale translation i18n', 'Pick the interface language'],
  ['timezone', 'Set time zone', 'General', 'clock region tz', 'Dates follow this zone'],
  ['search-docs', 'Search documentation', 'Help', 'find help guides', 'Look something up in the guides'],
  ['feedback', 'Send feedback', 'Help', 'suggestion idea report', 'Tell us what to improve'],
  ['bug', 'Report a bug', 'Help', 'issue problem broken', 'Something is not working'],
  ['status', 'View system status', 'Help', 'uptime outage incidents', 'Is everything up?'],
  ['upgrade', 'Upgrade plan', 'Billing', 'pro premium subscription', 'Get more seats and features'],
  ['cancel', 'Cancel subscription', 'Billing', 'downgrade stop end', 'Stop paying at the end of the period'],
  ['payment-method', 'Update payment method', 'Billing', 'credit card bank', 'Change the card we charge'],
  ['usage', 'View usage', 'Billing', 'quota limits consumption', 'How much you used this month'],
  ['reports', 'Open reports', 'Analytics', 'charts metrics kpi', 'Charts and numbers'],
  ['revenue', 'Revenue report', 'Analytics', 'mrr income sales', 'Money in, month by month'],
  ['funnel', 'Conversion funnel', 'Analytics', 'signup trial paid', 'Where visitors drop off'],
  ['audit-log', 'View audit log', 'Security', 'history events who did what', 'Every change, who and when'],
  ['sso', 'Configure single sign-on', 'Security', 'saml okta sso', 'Log in with your identity provider'],
  ['integrations', 'Browse integrations', 'Integrations', 'apps plugins connect', 'Connect other tools'],
  ['slack', 'Connect Slack', 'Integrations', 'chat messages channel', 'Post updates to a channel'],
  ['github', 'Connect GitHub', 'Integrations', 'git repository code', 'Link commits and pull requests'],
  ['calendar', 'Open calendar', 'Workspace', 'events schedule meetings', 'Your week at a glance'],
  ['inbox', 'Open inbox', 'Workspace', 'messages mail unread', 'Messages waiting for you'],
  ['tasks', 'My tasks', 'Workspace', 'todo assigned work', 'What is assigned to you'],
  ['new-task', 'Create task', 'Workspace', 'todo add new', 'Add something to do'],
  ['new-doc', 'New document', 'Workspace', 'page write note', 'Start a blank page'],
  ['archive', 'Show archived items', 'Workspace', 'old hidden', 'Things you put away'],
  ['trash', 'Open trash', 'Workspace', 'deleted bin restore', 'Recover deleted things'],
  ['sidebar', 'Toggle sidebar', 'Appearance', 'panel navigation hide', 'Show or hide the side panel'],
  ['fullscreen', 'Enter full screen', 'Appearance', 'maximize focus', 'Use the whole screen'],
  ['zoom-in', 'Zoom in', 'Appearance', 'bigger larger scale', 'Make everything bigger'],
  ['zoom-out', 'Zoom out', 'Appearance', 'smaller scale', 'Make everything smaller'],
  ['font-size', 'Increase font size', 'Appearance', 'text bigger accessibility', 'Larger text'],
  ['high-contrast', 'Toggle high contrast', 'Appearance', 'accessibility a11y colors', 'Stronger colours'],
  ['copy-link', 'Copy link to page', 'Share', 'url clipboard share', 'Copy this page’s address'],
  ['share', 'Share with team', 'Share', 'send invite collaborate', 'Give teammates access'],
  ['print', 'Print page', 'Share', 'paper pdf', 'Send this page to a printer'],
  ['download-pdf', 'Download as PDF', 'Share', 'export print', 'Save this page as a PDF'],
  ['ask-ai', 'Ask AI', 'Assistant', 'chat copilot question help', 'Ask the assistant anything'],
  ['summarize', 'Summarize this page', 'Assistant', 'tldr summary ai', 'A short version of this page'],
  ['translate', 'Translate page', 'Assistant', 'language ai', 'Read this page in another language'],
  ['zh-settings', '打开设置', 'General', 'settings 设置', '更改应用的行为'],
  ['zh-pricing', '查看价格', 'Navigation', 'pricing 价格 方案', '查看方案和价格'],
  ['zh-invoice', '创建发票', 'Billing', 'invoice 发票', '向客户开具发票'],
  ['ja-search', '検索する', 'Help', 'search 検索', 'ドキュメントを検索'],
  ['ja-logout', 'ログアウト', 'Account', 'logout sign out', 'セッションを終了する'],
  ['fr-invoice', 'Créer une facture', 'Billing', 'invoice facture', 'Facturer un client'],
  ['de-settings', 'Einstellungen öffnen', 'General', 'settings einstellungen', 'Verhalten der App ändern'],
  ['es-help', 'Centro de ayuda', 'Help', 'help ayuda soporte', 'Guías y preguntas frecuentes'],
  ['reload', 'Reload window', 'Developers', 'refresh restart', 'Load the page again'],
  ['devtools', 'Toggle developer tools', 'Developers', 'inspect console debug', 'Open the inspector'],
  ['clear-cache', 'Clear cache', 'Developers', 'reset storage purge', 'Forget cached data'],
  ['feature-flags', 'Manage feature flags', 'Developers', 'toggles experiments rollout', 'Turn features on and off'],
  ['env-vars', 'Edit environment variables', 'Developers', 'env secrets config', 'Values your builds read'],
  ['deploy', 'Deploy to production', 'Developers', 'release ship publish', 'Ship the latest build'],
  ['rollback', 'Roll back deployment', 'Developers', 'revert undo release', 'Go back to the previous build'],
  ['logs', 'View logs', 'Developers', 'output console errors', 'What the servers printed'],
  ['domains', 'Manage domains', 'Developers', 'dns custom domain', 'Point your own domain here'],
];

const PROJECTS = ['Aurora', 'Borealis', 'Cascade', 'Delta', 'Ember', 'Fjord', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Kestrel', 'Lumen', 'Meadow', 'Nimbus', 'Orchid', 'Pioneer', 'Quartz', 'Raven', 'Summit', 'Tundra'];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne', 'Soylent', 'Vandelay', 'Pied Piper', 'Massive Dynamic', 'Gringotts'];
const DOCS = ['Q3 report', 'Roadmap', 'Onboarding guide', 'Release notes', 'Design review', 'Budget plan', 'Hiring plan', 'Retrospective', 'Security policy', 'Meeting notes'];
const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Linus Torvalds', 'Margaret Hamilton', 'Tim Berners-Lee', 'Barbara Liskov', 'Donald Knuth', 'Frances Allen', '李明', '王芳', '佐藤健', 'José Álvarez', 'Zoë Müller'];

/** mulberry32: a tiny seeded generator, so every run builds the same items. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function paletteItems(count = 10_000): PaletteItem[] {
  const items: PaletteItem[] = BASE.map(([id, name, section, keywords, description]) => ({
    id,
    name,
    section,
    keywords: keywords.split(' '),
    description,
  }));
  const random = seeded(20_240_611);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const makers: Array<(n: number) => PaletteItem> = [
    (n) => {
      const project = `${pick(PROJECTS)} ${n}`;
      return { id: `project-${n}`, name: `Open project ${project}`, section: 'Projects', keywords: ['project', 'workspace'], description: `Jump to ${project}` };
    },
    (n) => ({ id: `invoice-${n}`, name: `Create invoice #${n}`, section: 'Billing', keywords: ['invoice', 'bill'], description: `Draft invoice ${n} for ${pick(COMPANIES)}` }),
    (n) => ({ id: `view-invoice-${n}`, name: `View invoice #${n}`, section: 'Billing', keywords: ['invoice', 'receipt'], description: `Invoice ${n}` }),
    (n) => {
      const company = pick(COMPANIES);
      return { id: `customer-${n}`, name: `Go to customer ${company} ${n}`, section: 'Customers', keywords: ['customer', 'client', 'account'], description: `${company} account page` };
    },
    (n) => {
      const doc = pick(DOCS);
      return { id: `doc-${n}`, name: `Edit document ${doc} ${n}`, section: 'Documents', keywords: ['doc', 'page', 'write'], description: `Open ${doc} in the editor` };
    },
    (n) => {
      const person = pick(PEOPLE);
      return { id: `person-${n}`, name: `Message ${person} ${n}`, section: 'People', keywords: ['chat', 'dm', 'contact'], description: `Send ${person} a direct message` };
    },
    (n) => ({ id: `issue-${n}`, name: `Open issue PRJ-${n}`, section: 'Issues', keywords: ['ticket', 'bug', 'task'], description: `Issue ${n} in the tracker` }),
    (n) => {
      const project = pick(PROJECTS);
      return { id: `settings-${n}`, name: `${project} ${n} settings`, section: 'Projects', keywords: ['configure', 'project'], description: `Settings of project ${project} ${n}` };
    },
  ];
  for (let n = 1000; items.length < count; n++) items.push(makers[n % makers.length]!(n));
  return items;
}
