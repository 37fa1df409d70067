// What a visitor types into a site's search box → the items of bench/catalog/corpus-items.ts that
// answer it. Written from the pages' text before any engine was tuned on them: plain words, several
// words, other forms of a word (plurals, -ing, -ed, accents), one typo in a longer word, an
// unfinished last word, and Chinese (the corpus has one Simplified Chinese page, so the CJK queries
// run over it). An answer names its page and a phrase of its body, resolved to item ids when the
// benchmark starts, so a change to how pages are cut into items cannot silently move a label.

export type QueryKind = 'words' | 'multi' | 'stem' | 'typo' | 'prefix' | 'cjk';

export interface Answer {
  /** The page's file name without `.html`. */
  page: string;
  /** A phrase the answering item's body contains, as written on the page. */
  text: string;
}

export interface LabelledQuery {
  query: string;
  kind: QueryKind;
  /** Every item that answers the query; recall@10 counts the share of them in the top 10. */
  answers: readonly Answer[];
}

const on = (page: string, ...texts: string[]): Answer[] => texts.map((text) => ({ page, text }));

export const LABELLED_QUERIES: readonly LabelledQuery[] = [
  // How to Build a Terrarium (eHow)
  { query: 'closed terrarium moisture', kind: 'stem', answers: on('ehow-1', 'Closed terrariums are easy to care for') },
  { query: 'how often to water a terrarium', kind: 'multi', answers: on('ehow-1', 'have to water the terrariums unless') },
  { query: 'plants that need little light', kind: 'multi', answers: on('ehow-1', 'require a lot of light work best') },
  { query: 'terarium succulent', kind: 'typo', answers: on('ehow-1', 'Build a Terrarium With Succulent Plants') },
  { query: 'soak the foam oasis in water', kind: 'multi', answers: on('ehow-1', 'Place the foam oasis into a container full of water') },

  // Māori tribes and whale strandings (The Guardian)
  { query: 'why do whales strand', kind: 'words', answers: on('guardian-1', 'why whales strand remains elusive') },
  { query: 'climate change whale prey', kind: 'multi', answers: on('guardian-1', 'Climate change is to blame too') },
  { query: 'stranded pygmy whales', kind: 'stem', answers: on('guardian-1', 'first recorded time pygmy whales had stranded') },
  { query: 'Maori harvest rights dead whales', kind: 'stem', answers: on('guardian-1', 'harvest rights over dead whales') },
  { query: 'kauri dieback whale oil', kind: 'multi', answers: on('guardian-1', 'whale oil and byproducts could be used to try to cure Kauri dieback') },

  // Babies who eat peanuts early (WebMD)
  { query: 'feeding babies peanuts before first birthday', kind: 'multi', answers: on('webmd-1', 'Feeding babies snacks made with peanuts before their first birthday') },
  { query: 'peanut allergy skin patch', kind: 'multi', answers: on('webmd-1', 'A new skin patch called Viaskin') },
  { query: 'anaphylaxsis tree nuts', kind: 'typo', answers: on('webmd-1', 'life-threatening problem called anaphylaxis') },
  { query: 'alergy shots', kind: 'typo', answers: on('webmd-1', 'Allergy Shots') },

  // United States to lift Sudan sanctions (The New York Times)
  { query: 'lifting trade sanctions on Sudan', kind: 'stem', answers: on('nytimes-1', 'In exchange for the lifting of United States trade sanctions', 'plans to reverse its position on Sudan and lift trade sanctions') },
  { query: 'Clinton trade embargo 1997', kind: 'multi', answers: on('nytimes-1', 'President Bill Clinton imposed a comprehensive trade embargo') },
  { query: 'cruise missile pharmaceutical factory', kind: 'multi', answers: on('nytimes-1', 'cruise missile strike against a pharmaceutical factory') },
  { query: 'Darfur uprising 2003', kind: 'multi', answers: on('nytimes-1', 'staged an uprising in 2003') },
  { query: 'state sponsors of terorism', kind: 'typo', answers: on('nytimes-1', 'list of state sponsors of terrorism') },

  // Interest on the federal debt (The New York Times)
  { query: 'interest payments share of the federal budget', kind: 'multi', answers: on('nytimes-4', 'Interest payments will make up 13 percent of the federal budget') },
  { query: 'Congressional Budget Office yield 2021', kind: 'multi', answers: on('nytimes-4', 'estimates that the yield will climb to 4.2 percent in 2021') },
  { query: 'grants for low-income students college', kind: 'multi', answers: on('nytimes-4', 'grants to students from low-income families for college') },

  // Mozilla (Wikipedia)
  { query: 'Mozilla revenue 2011', kind: 'multi', answers: on('wikipedia', 'total revenue for 2011 was $163 million') },
  { query: 'Gecko layout engine', kind: 'words', answers: on('wikipedia', 'Gecko is a layout engine that supports web pages', 'Firefox uses the Gecko layout engine') },
  { query: 'Rust programming language safety concurrency', kind: 'multi', answers: on('wikipedia', 'Rust is a compiled programming language') },
  { query: 'pdf rendering in the browser', kind: 'multi', answers: on('wikipedia', 'allows in-browser rendering of pdf documents') },
  { query: 'original javascript engine Brendan Eich', kind: 'multi', answers: on('wikipedia', 'SpiderMonkey is the original JavaScript engine') },
  { query: 'Thunderbrid email client', kind: 'typo', answers: on('wikipedia', 'Thunderbird is a free, open source, cross-platform email and news client') },
  { query: 'OkCupid boycott the browser', kind: 'multi', answers: on('wikipedia', 'asking its users to boycott the browser') },
  { query: 'Firebird name objections', kind: 'stem', answers: on('wikipedia', 'Firebird, provoked objections from the Firebird project') },
  { query: 'Firefox Mobile Android ARMv7', kind: 'multi', answers: on('wikipedia', 'Firefox Mobile is currently available for Android 2.2') },
  { query: 'Mosaic and Godzilla', kind: 'words', answers: on('wikipedia', 'a blending of "Mosaic and Godzilla"') },

  // New Zealand (Wikipedia)
  { query: 'land of the long white cloud', kind: 'words', answers: on('wikipedia-2', 'often translated as "land of the long white cloud"') },
  { query: 'potato and musket Maori agriculture', kind: 'stem', answers: on('wikipedia-2', 'The introduction of the potato and the musket transformed Māori agriculture') },
  { query: 'mixed-member proportional representation', kind: 'multi', answers: on('wikipedia-2', 'a form of proportional representation called mixed-member proportional') },
  { query: 'statute of westmin', kind: 'prefix', answers: on('wikipedia-2', 'In 1947 the country adopted the Statute of Westminster', '• Statute of Westminster adopted') },
  { query: 'Gallipolli national identity', kind: 'typo', answers: on('wikipedia-2', "The Gallipoli campaign played an important part in fostering New Zealand's national identity", 'Gallipoli stirred new sense of national identity') },
  { query: 'why Wellington became the capital', kind: 'multi', answers: on('wikipedia-2', 'Wellington was chosen for its central location') },
  { query: 'Chatham Islands Moriori culture', kind: 'multi', answers: on('wikipedia-2', 'now known as the Chatham Islands, where they developed their distinct Moriori culture') },

  // CPU profiling Node.js in production (Medium)
  { query: 'flame graph cpu consumption', kind: 'multi', answers: on('lazy-image-1', 'generate a flame graph based on CPU consumption') },
  { query: 'trigger cpu profiling remotely without ssh', kind: 'multi', answers: on('lazy-image-1', 'trigger a CPU profiling remotely') },
  { query: 'debug a memory leak', kind: 'multi', answers: on('lazy-image-1', 'A good way to debug memory leak is a memory dump') },
  { query: 'profiller instrumenting binary', kind: 'typo', answers: on('lazy-image-1', 'Profiling is achieved by instrumenting either the program source code') },
  { query: 'inspector public unsafe route', kind: 'multi', answers: on('lazy-image-1', 'Never make the inspector “public”') },

  // Standalone WebAssembly with Emscripten (V8 blog)
  { query: 'emit only wasm', kind: 'multi', answers: on('v8-blog', "let's ask emcc to only emit Wasm") },
  { query: 'WASI memory growth notification', kind: 'multi', answers: on('v8-blog', "WASI doesn't provide a notification API for memory growth") },
  { query: 'image editor wasm plugins filters', kind: 'stem', answers: on('v8-blog', 'an image editor might have Wasm plugins that can perform filters') },
  { query: 'minify import and export names', kind: 'multi', answers: on('v8-blog', "We can't minify the Wasm import and export names") },
  { query: 'wasmer wasmtime hello world', kind: 'multi', answers: on('v8-blog', '$ wasmer run hello.wasm') },

  // Anomaly detection in plain SQL (Haki Benita)
  { query: 'standrad deviation square root of variance', kind: 'typo', answers: on('toc-missing', 'Standard deviation is the square root of the variance') },
  { query: 'z-score number of standard deviations from the mean', kind: 'stem', answers: on('toc-missing', 'is the number of standard deviations from the mean') },
  { query: 'backtesting thresholds on past data', kind: 'multi', answers: on('toc-missing', 'we can run simulations on past data with different values') },
  { query: 'sudden increase in 400 status codes', kind: 'stem', answers: on('toc-missing', 'A sudden increase in 400 status code') },
  { query: 'DOS attack legit traffic', kind: 'multi', answers: on('toc-missing', 'or you are under a DOS attack') },
  { query: 'z-score thresh', kind: 'prefix', answers: on('toc-missing', 'Changing the z-score threshold can affect our results', 'When we decreased the z-score threshold to 0.5', 'When we increased the z-score threshold to 3', 'If we decrease the value of the z-score threshold from 3 to 1') },

  // Xbox One X review (Engadget)
  { query: '4K Blu-ray drive USB port', kind: 'multi', answers: on('engadget', 'slot-loading 4K Blu-ray drive') },
  { query: 'how much does a gaming PC cost', kind: 'stem', answers: on('engadget', 'A decent one costs between $600 and $800') },
  { query: 'fastest game console ever made', kind: 'words', answers: on('engadget', 'the fastest game console ever made') },
  { query: 'Gears of War 4 home theater', kind: 'multi', answers: on('engadget', "I've been playing Gears of War 4 on my gaming PC") },

  // Alaskan halibut and Whole Foods (The Seattle Times)
  { query: 'when Amazon bought Whole Foods', kind: 'multi', answers: on('seattletimes-1', 'Amazon bought Whole Foods in August 2017') },
  { query: 'herring bait for black cod', kind: 'multi', answers: on('seattletimes-1', 'herring for the black cod') },
  { query: 'MSC certified halibut', kind: 'multi', answers: on('seattletimes-1', 'the first ones to market the MSC halibut', 'MSC-certified halib') },

  // Women programmers and chaos theory (Quanta)
  { query: 'butterfly effect sensitivity to initial conditions', kind: 'multi', answers: on('quanta-1', 'later popularized as the butterfly effect') },
  { query: 'Apollo flight software team', kind: 'multi', answers: on('quanta-1', 'onboard flight software team for the Apollo project') },
  { query: 'Lorenz equations of the atmosphere', kind: 'stem', answers: on('quanta-1', 'Lorenz idealized the atmosphere in 12 equations') },
  { query: 'women programmers chaos theory', kind: 'stem', answers: on('quanta-1', 'Two women programmers played a pivotal role in the birth of chaos theory') },

  // The deep web drug lab (Backchannel)
  { query: 'chromatog', kind: 'prefix', answers: on('keep-images', 'Chromatography separates all the substances') },
  { query: 'tainted drugs', kind: 'words', answers: on('keep-images', 'More people die because of tainted drugs') },
  { query: 'Silk Road vendor', kind: 'multi', answers: on('keep-images', 'a vendor from the original Silk Road') },

  // Stop buying crap you don't need (Lifehacker)
  { query: 'buyers remorse', kind: 'stem', answers: on('lifehacker-working', "If you experience a lot of buyer's remorse", "impulse buys, and buyer's remorse") },
  { query: 'stores use color on price labels', kind: 'stem', answers: on('lifehacker-working', 'Stores use color to make products attractive') },
  { query: 'emergency savings account', kind: 'multi', answers: on('lifehacker-working', 'This type of savings account is strictly for when life throws you a curveball') },

  // remoteStorage Internet-Draft (IETF)
  { query: 'strong ETag header', kind: 'multi', answers: on('ietf-1', 'The response MUST contain a strong ETag header') },
  { query: 'If-None-Match 412', kind: 'multi', answers: on('ietf-1', "A PUT request MAY have an 'If-None-Match: *' header") },
  { query: 'token hard to guess', kind: 'multi', answers: on('ietf-1', 'The token SHOULD be hard to guess') },
  { query: 'empty folder listed in its parent', kind: 'stem', answers: on('ietf-1', 'an empty folder MUST NOT be listed as an item in its parent folder') },

  // Open Verilog flow for GreenPak4 (a blog)
  { query: 'gp4par netlist', kind: 'words', answers: on('blogger', 'my tool (named, surprisingly, gp4par)') },
  { query: 'Silego fabless semiconductor', kind: 'multi', answers: on('blogger', 'Silego Technology is a fabless semiconductor company') },

  // Shorter pages
  { query: 'Russian cargo spaceship space station', kind: 'multi', answers: on('yahoo-2', 'An unmanned Russian cargo spaceship heading to the International Space Station') },
  { query: 'China North Korea sanctions', kind: 'stem', answers: on('yahoo-2', 'Beijing will "seriously" implement new United Nations sanctions imposed on North Korea') },
  { query: 'cloud computing investment priority', kind: 'multi', answers: on('gitlab-blog', 'cloud computing has consistently ranked as a top IT investment priority') },
  { query: 'Pamela Colman Smith drawings', kind: 'stem', answers: on('article-author-tag', 'Pamela Colman Smith, responsible for the 78 original drawings') },
  { query: 'Golden Dawn occult', kind: 'multi', answers: on('article-author-tag', 'The Hermetic Order of the Golden Dawn, devoted to study of the occult') },
  { query: 'tarot fortune telling', kind: 'multi', answers: on('article-author-tag', 'how Tarot came to be used in fortune telling') },
  { query: 'literally used incorrectly', kind: 'multi', answers: on('medium-2', 'used incorrectly causes a little piece of your soul') },
  { query: 'web audio nodes', kind: 'stem', answers: on('mozilla-2', 'Inspect and interact with Web Audio API') },
  { query: 'examine html and css', kind: 'multi', answers: on('mozilla-2', 'Examine the HTML and CSS of any Web page') },
  { query: 'vidyard security features', kind: 'multi', answers: on('spiceworks', 'Improved security features: Vidyard now offers') },

  // One word with one typo and nothing else to carry the query
  { query: 'anaphylaxsis', kind: 'typo', answers: on('webmd-1', 'life-threatening problem called anaphylaxis', 'Anaphylaxis: When Allergies Threaten Lives') },
  { query: 'succulant', kind: 'typo', answers: on('ehow-1', 'such as succulents', 'Build a Terrarium With Succulent Plants') },
  { query: 'chromatograhpy', kind: 'typo', answers: on('keep-images', 'Chromatography separates all the substances') },
  { query: 'Viaskn', kind: 'typo', answers: on('webmd-1', 'A new skin patch called Viaskin') },
  { query: 'Morori', kind: 'typo', answers: on('wikipedia-2', 'developed their distinct Moriori culture', 'The Moriori population was all but wiped out', 'the last known full-blooded Moriori died in 1933') },

  // 海外留学生看两会 (中国青年网, Simplified Chinese)
  { query: '知识产权保护', kind: 'cjk', answers: on('youth', '知识产权保护，消费升级等议题', '与国际接轨的知识产权保护法') },
  { query: '新能源汽车', kind: 'cjk', answers: on('youth', '完善新能源汽车准入管理规则', '大力发展清洁能源汽车') },
  { query: '法定婚龄', kind: 'cjk', answers: on('youth', '法学专业热议法定婚龄', '把法定婚龄降低到18岁的提案', '而不是为了鼓励生育将法定婚龄提前') },
  { query: '雾霾', kind: 'cjk', answers: on('youth', '国内雾霾现象时有发生', '节能减排和防治雾霾') },
  { query: '留学生参政议政', kind: 'cjk', answers: on('youth', '拓展留学生参政议政渠道') },
  { query: '奖学金申请', kind: 'cjk', answers: on('youth', '奖学金、助学金的发放与申请') },
  { query: '中等收入陷阱', kind: 'cjk', answers: on('youth', '比如中等收入陷阱、供给侧改革', '帮助中等收入国家克服中等收入陷阱', '供给侧改革与中等收入陷阱问题') },
  { query: '一带一路 建设', kind: 'cjk', answers: on('youth', '关注点也转移到国家‘一带一路’建设', '‘一带一路’建设也在如火如荼地进行中') },
];
