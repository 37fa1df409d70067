// The help-centre FAQ of Orchard, the boards-and-tasks product of the demo site (demo/pages/pricing.html
// has its plans: Seedling, Grove, Estate), written the way SaaS help centres write theirs: 41 entries
// in English and 7 in Traditional Chinese.

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  category: string;
  lang: 'en' | 'zh-TW';
}

const en = (id: string, category: string, question: string, answer: string): FaqEntry => ({ id, question, answer, category, lang: 'en' });
const zh = (id: string, category: string, question: string, answer: string): FaqEntry => ({ id, question, answer, category, lang: 'zh-TW' });

export const ORCHARD_FAQ: readonly FaqEntry[] = [
  en('reset-password', 'Account', 'How do I reset my password?', 'On the sign-in page choose “Forgot password?” and enter your email address. We send a link that lets you choose a new password; it expires after one hour.'),
  en('change-email', 'Account', 'Can I change the email address on my account?', 'Yes. Open Settings → Profile, enter the new address and confirm it from the message we send there. Your sign-in email changes once you confirm.'),
  en('delete-account', 'Account', 'How do I delete my account?', 'Workspace owners can delete an account from Settings → Account → Delete account. Everything is removed within 30 days; export your boards first if you want a copy.'),
  en('two-factor', 'Account', 'Does Orchard support two-factor authentication?', 'Yes. Turn on two-factor authentication in Settings → Security with any authenticator app (TOTP). Owners can require it for every member of a workspace.'),
  en('sso', 'Account', 'Can we sign in with single sign-on (SAML)?', 'SAML single sign-on with Okta, Azure AD, Google Workspace or any SAML 2.0 identity provider is included in the Estate plan.'),
  en('lost-2fa', 'Account', 'I lost my phone with my authenticator app. How do I get back in?', 'Use one of the recovery codes you saved when you turned on two-factor authentication. Without them, a workspace owner can reset your two-factor settings, or contact support from your account email.'),
  en('plans', 'Plans and billing', 'What plans do you offer?', 'Three: Seedling is free for up to 3 members, Grove costs $8 per member per month for up to 30 members, and Estate costs $16 per member per month with unlimited members.'),
  en('free-trial', 'Plans and billing', 'Is there a free trial of the paid plans?', 'Every workspace can try Grove or Estate free for 14 days. No credit card is needed; at the end of the trial you choose a plan or stay on Seedling.'),
  en('switch-plan', 'Plans and billing', 'Can I switch plans later?', 'Yes. Upgrades apply at once and are prorated; downgrades apply at the end of the billing month.'),
  en('yearly', 'Plans and billing', 'Is there a discount for yearly billing?', 'Two months free: yearly Grove is $80 per member and yearly Estate is $160 per member.'),
  en('nonprofit', 'Plans and billing', 'Do you offer nonprofit or education pricing?', 'Registered nonprofits get Grove free for up to 30 members, and schools and universities get 50% off any paid plan. Write to us with proof of status.'),
  en('payment-methods', 'Plans and billing', 'Which payment methods do you accept?', 'Visa, Mastercard and American Express cards, and PayPal. Estate plans on yearly billing can also pay by bank transfer against an invoice.'),
  en('invoices', 'Plans and billing', 'Where can I find my invoices?', 'Owners and billing admins find every invoice as a PDF in Settings → Billing → Invoices. Add your VAT number there so it appears on future invoices.'),
  en('cancel', 'Plans and billing', 'How do I cancel my subscription?', 'Go to Settings → Billing and choose “Cancel plan”. Your workspace keeps the paid features until the end of the period you paid for, then moves to Seedling.'),
  en('refund', 'Plans and billing', 'Can I get a refund?', 'Monthly plans are not refunded for partial months. Yearly plans cancelled within 30 days of payment are refunded in full; write to support.'),
  en('seats', 'Plans and billing', 'How are members counted for billing?', 'You pay for each member with access to the workspace. Guests who can only view or comment on shared boards are free.'),
  en('vat', 'Plans and billing', 'Do your prices include VAT or sales tax?', 'Prices are shown without tax. VAT or sales tax is added at checkout where it applies, based on your billing address.'),
  en('currency', 'Plans and billing', 'Can I pay in euros or pounds?', 'Yes, prices are available in US dollars, euros and British pounds. Pick the currency when you first subscribe; it cannot be changed afterwards.'),
  en('invite', 'Team', 'How do I invite people to my workspace?', 'Open the workspace menu, choose “Invite members” and enter their email addresses, or share an invite link. Invitations expire after 7 days.'),
  en('guests', 'Team', 'Can I share a board with someone outside my team?', 'Yes, invite them as a guest: guests see only the boards you share with them and can comment, but cannot create boards. Guests are free.'),
  en('roles', 'Team', 'What is the difference between owners, admins and members?', 'Owners manage billing and can delete the workspace; admins manage members and settings; members create and edit boards and tasks.'),
  en('transfer-ownership', 'Team', 'How do I transfer ownership of a workspace?', 'The current owner opens Settings → Members, picks another admin and chooses “Make owner”. There is always exactly one owner.'),
  en('multiple-workspaces', 'Team', 'Can I belong to more than one workspace?', 'Yes. One account can join any number of workspaces; switch between them from the workspace menu. Each workspace is billed separately.'),
  en('limits', 'Features', 'Is there a limit on boards or tasks?', 'No. Every plan includes unlimited boards and tasks. File attachments are limited to 100 MB each.'),
  en('storage', 'Features', 'How much file storage do we get?', 'Seedling includes 2 GB per workspace, Grove 10 GB per member and Estate 100 GB per member.'),
  en('reminders', 'Features', 'How do due-date reminders work?', 'Orchard emails and notifies the assignee one day before a task is due and again on the due date. Each member can change the timing in their notification settings.'),
  en('digest', 'Features', 'What is the weekly digest?', 'Every Monday morning the weekly digest emails each member a summary of tasks due that week and what changed on their boards. It is included in Grove and Estate.'),
  en('recurring', 'Features', 'Can I create recurring tasks?', 'Yes. Open a task, choose “Repeat” and pick daily, weekly, monthly or a custom schedule. A new copy is created when the previous one is completed.'),
  en('import', 'Features', 'Can I import from a spreadsheet or another tool?', 'Import a CSV or Excel spreadsheet from Board → Import: each row becomes a task. We also import boards directly from Trello and Asana.'),
  en('export', 'Features', 'How do I export my data?', 'Owners can export every board as CSV or JSON from Settings → Export. Attachments are included as a ZIP file.'),
  en('integrations', 'Features', 'Which integrations are available?', 'Calendar and chat integrations include Google Calendar, Outlook, Slack and Microsoft Teams. Seedling allows 2 integrations, Grove 10 and Estate unlimited.'),
  en('api', 'Features', 'Do you have an API?', 'Yes, a REST API and webhooks are available on every plan. Create an API token in Settings → Developer; requests are limited to 100 per minute.'),
  en('mobile', 'Features', 'Is there a mobile app?', 'Yes, Orchard has free apps for iPhone, iPad and Android. They work offline and sync when you reconnect.'),
  en('offline', 'Features', 'Does Orchard work offline?', 'The mobile and desktop apps keep your boards available offline and sync changes when you reconnect. The web app needs a connection.'),
  en('dark-mode', 'Features', 'Is there a dark mode?', 'Yes. Choose light, dark or match your system under Settings → Appearance.'),
  en('languages', 'Features', 'Which languages is Orchard available in?', 'English, Traditional Chinese, Japanese, German, French and Spanish. Each member picks their own language in Settings → Profile.'),
  en('data-location', 'Security and data', 'Where is our data stored?', 'Data is stored in the EU (Frankfurt) or the US (Virginia); you choose the region when creating a workspace. Backups stay in the same region.'),
  en('security', 'Security and data', 'How do you keep our data secure?', 'All data is encrypted in transit with TLS 1.2+ and at rest with AES-256. We are SOC 2 Type II audited and run yearly penetration tests.'),
  en('gdpr', 'Security and data', 'Are you GDPR compliant?', 'Yes. We offer a data processing agreement (DPA) to every customer, and you can export or delete personal data at any time.'),
  en('uptime', 'Security and data', 'What uptime do you guarantee?', 'Estate includes a 99.9% uptime service level agreement with service credits. Current and past incidents are on status.orchard.app.'),
  en('support', 'Support', 'How do I contact support?', 'Seedling has the community forum; Grove gets email support with a reply by the next business day; Estate gets priority support with a 4-hour response.'),
  zh('zh-reset-password', '帳號', '如何重設密碼？', '在登入頁面點選「忘記密碼？」並輸入電子郵件地址，我們會寄送重設連結，連結一小時後失效。'),
  zh('zh-cancel', '方案與帳單', '如何取消訂閱？', '前往「設定 → 帳單」並選擇「取消方案」。已付費的期間結束前仍可使用付費功能，之後會轉為 Seedling 方案。'),
  zh('zh-invoice', '方案與帳單', '可以開立發票或收據嗎？', '擁有者與帳單管理員可在「設定 → 帳單 → 發票」下載每一張發票的 PDF 檔。'),
  zh('zh-price', '方案與帳單', '方案價格是多少？', 'Seedling 免費（最多 3 位成員），Grove 每位成員每月 8 美元，Estate 每位成員每月 16 美元。'),
  zh('zh-language', '功能', '介面支援繁體中文嗎？', '支援。每位成員都可以在「設定 → 個人資料」中選擇繁體中文介面。'),
  zh('zh-mobile', '功能', '有手機應用程式嗎？', '有，Orchard 提供 iPhone、iPad 與 Android 的免費應用程式，離線時也能使用，連線後會自動同步。'),
  zh('zh-data', '資安與資料', '資料存放在哪裡？', '資料存放於歐盟（法蘭克福）或美國（維吉尼亞），建立工作區時可選擇地區。'),
];
