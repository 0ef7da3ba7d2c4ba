/**
 * Answers shaped like the real services' (from their API documentation), written for these
 * tests: the same query, with duplicates, marked-up snippets and results from several domains.
 */

/** SearXNG `GET /search?q=rust+async+runtime&format=json`. */
export const searxngAnswer = {
  query: 'rust async runtime',
  number_of_results: 0,
  results: [
    {
      url: 'https://tokio.rs/',
      title: 'Tokio - An asynchronous <b>Rust</b> runtime',
      content:
        'Tokio is an <b>asynchronous</b> runtime for the Rust programming language. It provides the building blocks needed for writing network applications&nbsp;&hellip;',
      engine: 'duckduckgo',
      parsed_url: ['https', 'tokio.rs', '/', '', '', ''],
      template: 'default.html',
      engines: ['duckduckgo', 'brave'],
      positions: [1, 1],
      score: 4,
      category: 'general',
    },
    {
      url: 'https://docs.rs/tokio/latest/tokio/',
      title: 'tokio - Rust',
      content: 'A runtime for writing reliable network applications without compromising speed.',
      engine: 'brave',
      parsed_url: ['https', 'docs.rs', '/tokio/latest/tokio/', '', '', ''],
      template: 'default.html',
      engines: ['brave'],
      positions: [2],
      score: 0.5,
      category: 'general',
    },
    {
      url: 'https://tokio.rs#overview',
      title: 'Tokio overview',
      content: 'The same page again, reached through an anchor.',
      engine: 'qwant',
      parsed_url: ['https', 'tokio.rs', '', '', '', 'overview'],
      template: 'default.html',
      engines: ['qwant'],
      positions: [3],
      score: 0.3,
      category: 'general',
    },
    {
      url: 'https://www.reddit.com/r/rust/comments/1abcde/which_async_runtime/',
      title: 'Which async runtime should I use? : r/rust',
      content:
        'Most of the ecosystem   targets tokio,\n\n but smol and async-std work too. &quot;It depends&quot; &#8212; as always.',
      engine: 'duckduckgo',
      parsed_url: ['https', 'www.reddit.com', '/r/rust/comments/1abcde/which_async_runtime/', '', '', ''],
      template: 'default.html',
      engines: ['duckduckgo'],
      positions: [4],
      score: 0.25,
      category: 'general',
    },
    {
      url: 'https://blog.example.org/2026/async-rust',
      title: 'Async Rust in 2026',
      content: null,
      engine: 'brave',
      parsed_url: ['https', 'blog.example.org', '/2026/async-rust', '', '', ''],
      template: 'default.html',
      engines: ['brave'],
      positions: [5],
      score: 0.2,
      category: 'general',
    },
    {
      url: 'https://example.org/async',
      title: 'Example: async',
      content: 'An example page.',
      engine: 'brave',
      parsed_url: ['https', 'example.org', '/async', '', '', ''],
      template: 'default.html',
      engines: ['brave'],
      positions: [6],
      score: 0.1,
      category: 'general',
    },
  ],
  answers: [],
  corrections: [],
  infoboxes: [],
  suggestions: ['tokio runtime', 'smol rust'],
  unresponsive_engines: [['google', 'timeout']],
}

/** Brave `GET /res/v1/web/search?q=rust+async+runtime&count=20`. */
export const braveAnswer = {
  type: 'search',
  query: {
    original: 'rust async runtime',
    show_strict_warning: false,
    is_navigational: false,
    spellcheck_off: true,
    country: 'us',
    more_results_available: true,
  },
  mixed: { type: 'mixed', main: [{ type: 'web', index: 0, all: false }], top: [], side: [] },
  web: {
    type: 'search',
    family_friendly: true,
    results: [
      {
        title: 'Tokio - An asynchronous Rust runtime',
        url: 'https://tokio.rs/',
        is_source_local: false,
        is_source_both: false,
        description:
          'Tokio is an event-driven, non-blocking I/O platform for writing <strong>asynchronous</strong> applications with the <strong>Rust</strong> programming language.',
        page_age: '2026-05-01T10:00:00',
        profile: {
          name: 'Tokio',
          url: 'https://tokio.rs/',
          long_name: 'tokio.rs',
          img: 'https://imgs.search.brave.com/x.png',
        },
        language: 'en',
        family_friendly: true,
        type: 'search_result',
        subtype: 'generic',
        meta_url: {
          scheme: 'https',
          netloc: 'tokio.rs',
          hostname: 'tokio.rs',
          favicon: 'https://imgs.search.brave.com/f.png',
          path: '',
        },
      },
      {
        title: 'smol - Rust',
        url: 'https://docs.rs/smol/latest/smol/',
        is_source_local: false,
        is_source_both: false,
        description: 'A small and fast <strong>async</strong> runtime.',
        language: 'en',
        family_friendly: true,
        type: 'search_result',
        subtype: 'generic',
        meta_url: {
          scheme: 'https',
          netloc: 'docs.rs',
          hostname: 'docs.rs',
          favicon: 'https://imgs.search.brave.com/g.png',
          path: '› smol › latest › smol',
        },
      },
      {
        title: 'Tokio',
        url: 'https://tokio.rs',
        description: 'Duplicate without the trailing slash.',
        type: 'search_result',
      },
    ],
  },
}

/** Tavily `POST /search`. */
export const tavilyAnswer = {
  query: 'rust async runtime',
  answer: null,
  images: [],
  results: [
    {
      title: 'Tokio - An asynchronous Rust runtime',
      url: 'https://tokio.rs/',
      content: 'Tokio is an asynchronous runtime for the Rust programming language. [...] Fast, reliable, scalable.',
      score: 0.91,
      raw_content: null,
    },
    {
      title: 'async-std',
      url: 'https://async.rs/',
      content: 'Async version of the Rust standard library.',
      score: 0.62,
      raw_content: null,
    },
  ],
  response_time: '1.12',
}
