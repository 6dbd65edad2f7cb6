//! The chapter's `shop` database: a small teaching shop (4 categories, 13 products, 10
//! customers, 12 orders, 25 order items; fixed, hand-written rows) and `page_views`, a click log
//! of 3,000,000 generated rows over the year up to 2026-09-22 whose sizes match the chapter:
//! 723 MB of data and 157 MB of index (idx_referrer) in information_schema.TABLES.
//! Index names are the ones sys.schema_unused_indexes lists in Listing 3.119.

use super::text::Text;
use super::{below, scaled_rows, DatasetTable, RowHash};
use crate::sim::rng::SimRng;
use crate::sim::time::CivilTime;
use crate::storage::btree::FillPolicy;
use crate::storage::schema::{ColumnDef, ColumnSet, ColumnType, IndexDef, RowGenerator, TableDef};
use crate::storage::value::{Decimal, Value};

/// Rows of page_views at scale 1 (Listing 3.118: a full scan examines 3,000,000 rows).
pub const PAGE_VIEWS_ROWS: u64 = 3_000_000;
/// First second of page_views' year: 2025-09-23 00:00:00 (Unix seconds).
pub const PAGE_VIEWS_START_UNIX: i64 = 1_758_585_600;
/// Length of that year in seconds (365 days: 2026 is not a leap year). The last view falls on
/// 2026-09-22, the day before the chapter's run.
pub const PAGE_VIEWS_SPAN_SECS: u64 = 365 * 86_400;

fn table(name: &str, columns: Vec<ColumnDef>, indexes: Vec<IndexDef>) -> TableDef {
    TableDef {
        schema: "shop".into(),
        name: name.into(),
        columns,
        indexes,
        constraints: Default::default(),
        partitioning: None,
    }
}

fn id_column() -> ColumnDef {
    ColumnDef::new("id", ColumnType::Int).auto_increment()
}

fn money() -> ColumnType {
    ColumnType::Decimal { precision: 10, scale: 2 }
}

fn s(text: &str) -> Value {
    Value::Str(text.into())
}

/// A price in cents as DECIMAL(10,2).
fn cents(c: i128) -> Value {
    Value::Decimal(Decimal::new(c, 2))
}

/// A small table's fixed rows.
#[derive(Debug)]
struct StaticRows {
    rows: Vec<Vec<Value>>,
}

impl RowGenerator for StaticRows {
    fn row_count(&self) -> u64 {
        self.rows.len() as u64
    }

    fn fill_row(&self, i: u64, wanted: ColumnSet, out: &mut [Value]) {
        let row = usize::try_from(i).ok().and_then(|i| self.rows.get(i));
        for (c, slot) in out.iter_mut().enumerate() {
            // A row past the end is NULLs.
            *slot = if wanted.contains(c) {
                row.and_then(|r| r.get(c)).cloned().unwrap_or(Value::Null)
            } else {
                Value::Null
            };
        }
    }
}

fn small_table(def: TableDef, rows: Vec<Vec<Value>>) -> DatasetTable {
    let next = rows.len() as u64 + 1;
    DatasetTable {
        def,
        generator: Box::new(StaticRows { rows }),
        auto_increment_next: next,
        fill: FillPolicy::SequentialInserts,
        secondary_fill: FillPolicy::SequentialInserts,
    }
}

/// Category slugs, in id order (also used in page_views URLs).
const CATEGORY_SLUGS: [&str; 4] = ["books", "electronics", "home-kitchen", "outdoor"];

fn categories() -> DatasetTable {
    let def = table(
        "categories",
        vec![id_column(), ColumnDef::new("name", ColumnType::Varchar(50))],
        vec![IndexDef::primary(vec![0])],
    );
    let names = ["Books", "Electronics", "Home & Kitchen", "Outdoor"];
    let rows = names.iter().zip(1..).map(|(n, id)| vec![Value::Int(id), s(n)]).collect();
    small_table(def, rows)
}

/// (category_id, title, URL slug, price in cents, stock), in id order.
const PRODUCTS: [(i64, &str, &str, i128, i64); 13] = [
    (2, "Wireless Mouse", "wireless-mouse", 2499, 120),
    (2, "Mechanical Keyboard", "mechanical-keyboard", 8900, 45),
    (2, "USB-C Hub 7-in-1", "usb-c-hub-7-in-1", 3990, 80),
    (2, "27-inch 4K Monitor", "27-inch-4k-monitor", 32900, 12),
    (2, "Noise-Cancelling Headphones", "noise-cancelling-headphones", 19900, 30),
    (1, "High Performance MySQL, 4th Edition", "high-performance-mysql", 4999, 25),
    (1, "Designing Data-Intensive Applications", "designing-data-intensive-applications", 4450, 18),
    (1, "The Pragmatic Programmer", "the-pragmatic-programmer", 3995, 22),
    (3, "French Press 1 L", "french-press-1-l", 2900, 60),
    (3, "Chef's Knife 20 cm", "chefs-knife-20-cm", 5900, 35),
    (3, "Cast Iron Skillet 26 cm", "cast-iron-skillet-26-cm", 3490, 40),
    (4, "LED Camping Lantern", "led-camping-lantern", 1999, 75),
    (4, "Trekking Poles (pair)", "trekking-poles-pair", 6400, 0),
];

fn products() -> DatasetTable {
    let def = table(
        "products",
        vec![
            id_column(),
            ColumnDef::new("category_id", ColumnType::Int),
            ColumnDef::new("title", ColumnType::Varchar(100)),
            ColumnDef::new("price", money()),
            ColumnDef::new("stock", ColumnType::Int).default(Value::Int(0)),
        ],
        vec![IndexDef::primary(vec![0]), IndexDef::key("category_id", vec![1])],
    );
    let rows = PRODUCTS
        .iter()
        .zip(1..)
        .map(|(&(cat, title, _, price, stock), id)| {
            vec![Value::Int(id), Value::Int(cat), s(title), cents(price), Value::Int(stock)]
        })
        .collect();
    small_table(def, rows)
}

fn customers() -> DatasetTable {
    let def = table(
        "customers",
        vec![
            id_column(),
            ColumnDef::new("name", ColumnType::Varchar(100)),
            ColumnDef::new("email", ColumnType::Varchar(255)),
            ColumnDef::new("created_at", ColumnType::DateTime),
        ],
        vec![IndexDef::primary(vec![0])],
    );
    let people = [
        ("Alice Martin", "alice.martin@example.com", "2024-11-03 09:14:22"),
        ("Bruno Silva", "bruno.silva@example.net", "2024-11-19 18:40:05"),
        ("Chloé Dubois", "chloe.dubois@example.fr", "2024-12-02 07:55:41"),
        ("David Kim", "dkim@example.com", "2025-01-15 21:03:10"),
        ("Emma Schmidt", "emma.schmidt@example.de", "2025-02-08 12:27:36"),
        ("Farid Haddad", "farid.haddad@example.com", "2025-03-21 16:48:59"),
        ("Grace Okafor", "grace.okafor@example.org", "2025-04-30 10:02:17"),
        ("Hiro Tanaka", "hiro.tanaka@example.jp", "2025-06-11 23:31:44"),
        ("Isabel García", "isabel.garcia@example.es", "2025-07-26 14:19:08"),
        ("Jonas Berg", "jonas.berg@example.se", "2025-09-01 08:06:53"),
    ];
    let rows = people
        .iter()
        .zip(1..)
        .map(|(&(name, email, at), id)| vec![Value::Int(id), s(name), s(email), s(at)])
        .collect();
    small_table(def, rows)
}

/// Order statuses, as the ENUM lists them.
const ORDER_STATUSES: [&str; 4] = ["new", "paid", "shipped", "cancelled"];

/// (customer_id, status, created_at), in id order. The shipped orders hold 13 of the 25 order
/// items, so a join that scans the 12 orders and fetches the shipped orders' items by the
/// order_id index examines 25 rows, as the third statement of Listing 3.118 does.
const ORDERS: [(i64, &str, &str); 12] = [
    (1, "shipped", "2026-01-12 10:21:04"),
    (2, "shipped", "2026-02-03 19:45:31"),
    (1, "cancelled", "2026-02-27 08:12:55"),
    (4, "shipped", "2026-03-18 13:37:02"),
    (5, "shipped", "2026-04-09 22:05:48"),
    (3, "paid", "2026-05-14 07:49:13"),
    (7, "shipped", "2026-06-02 16:30:27"),
    (8, "paid", "2026-07-21 11:58:40"),
    (6, "cancelled", "2026-08-05 20:14:19"),
    (9, "paid", "2026-08-30 09:26:33"),
    (10, "new", "2026-09-19 15:03:51"),
    (2, "new", "2026-09-21 18:42:06"),
];

fn orders() -> DatasetTable {
    let statuses = ORDER_STATUSES.iter().map(|s| s.to_string()).collect();
    let def = table(
        "orders",
        vec![
            id_column(),
            ColumnDef::new("customer_id", ColumnType::Int),
            ColumnDef::new("status", ColumnType::Enum(statuses)).default(s("new")),
            ColumnDef::new("created_at", ColumnType::DateTime),
        ],
        vec![IndexDef::primary(vec![0]), IndexDef::key("customer_id", vec![1])],
    );
    let rows = ORDERS
        .iter()
        .zip(1..)
        .map(|(&(customer, status, at), id)| {
            vec![Value::Int(id), Value::Int(customer), s(status), s(at)]
        })
        .collect();
    small_table(def, rows)
}

/// (order_id, product_id, quantity), in id order; the price is the product's.
const ORDER_ITEMS: [(i64, i64, i64); 25] = [
    (1, 1, 1),
    (1, 3, 1),
    (1, 6, 1),
    (2, 2, 1),
    (2, 1, 2),
    (3, 4, 1),
    (4, 9, 1),
    (4, 10, 1),
    (4, 11, 1),
    (5, 12, 2),
    (5, 13, 1),
    (6, 7, 1),
    (6, 8, 1),
    (7, 5, 1),
    (7, 3, 1),
    (7, 1, 1),
    (8, 2, 1),
    (8, 12, 3),
    (9, 4, 1),
    (10, 6, 1),
    (10, 9, 2),
    (10, 11, 1),
    (11, 10, 1),
    (11, 7, 1),
    (12, 1, 1),
];

fn order_items() -> DatasetTable {
    let def = table(
        "order_items",
        vec![
            id_column(),
            ColumnDef::new("order_id", ColumnType::Int),
            ColumnDef::new("product_id", ColumnType::Int),
            ColumnDef::new("quantity", ColumnType::Int),
            ColumnDef::new("price", money()),
        ],
        vec![
            IndexDef::primary(vec![0]),
            IndexDef::key("product_id", vec![2]),
            IndexDef::key("order_id", vec![1]),
        ],
    );
    let rows = ORDER_ITEMS
        .iter()
        .zip(1..)
        .map(|(&(order, product, qty), id)| {
            let price = PRODUCTS[(product - 1) as usize].3;
            vec![
                Value::Int(id),
                Value::Int(order),
                Value::Int(product),
                Value::Int(qty),
                cents(price),
            ]
        })
        .collect();
    small_table(def, rows)
}

/// page_views column positions.
const PV_ID: usize = 0;
const PV_CUSTOMER: usize = 1;
const PV_PRODUCT: usize = 2;
const PV_REFERRER: usize = 3;
const PV_URL: usize = 4;
const PV_USER_AGENT: usize = 5;
const PV_VIEWED_AT: usize = 6;
/// Columns of page_views.
const PV_COLUMNS: usize = 7;

/// The page_views definition: a click log. customer_id has no index on purpose (the chapter's
/// costliest statement counts by it); idx_referrer was added after loading.
///
/// Column order matters to a scan: the server's record buffer holds 128 KB of rows in its
/// in-memory format up to the last column read, and InnoDB restores its cursor (one more
/// page get) for each buffer-full. With referrer fourth, a scan reading it buffers rows of
/// 1,039 bytes, 126 at a time.
pub fn page_views_def() -> TableDef {
    table(
        "page_views",
        vec![
            ColumnDef::new("id", ColumnType::BigInt).unsigned().auto_increment(),
            ColumnDef::new("customer_id", ColumnType::Int),
            ColumnDef::new("product_id", ColumnType::Int).nullable(),
            ColumnDef::new("referrer", ColumnType::Varchar(255)).nullable(),
            ColumnDef::new("url", ColumnType::Varchar(255)),
            ColumnDef::new("user_agent", ColumnType::Varchar(255)).nullable(),
            ColumnDef::new("viewed_at", ColumnType::DateTime),
        ],
        vec![IndexDef::primary(vec![0]), IndexDef::key("idx_referrer", vec![3])],
    )
}

/// Search terms for /search URLs and search-engine referrers ('+' for spaces, as browsers
/// send them).
const SEARCH_TERMS: [&str; 16] = [
    "wireless+mouse",
    "mechanical+keyboard",
    "usb+c+hub",
    "4k+monitor",
    "headphones",
    "mysql+book",
    "ddia",
    "pragmatic+programmer",
    "french+press",
    "chef+knife",
    "cast+iron+pan",
    "camping+lantern",
    "trekking+poles",
    "gift+ideas",
    "desk+setup",
    "kitchen+deals",
];

/// Subreddits for reddit referrers.
const SUBREDDITS: [&str; 8] =
    ["mysql", "programming", "buildapc", "cooking", "hiking", "BuyItForLife", "books", "deals"];

/// Browser user agents, a 2026 mix weighted by [`USER_AGENT_WEIGHTS`]; 27 % of views have
/// one longer than 127 bytes (those take a 2-byte length in the record).
const USER_AGENTS: [&str; 12] = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
     Chrome/140.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, \
     like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) \
     Chrome/140.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like \
     Gecko) Version/18.6 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
     Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:143.0) Gecko/20100101 Firefox/143.0",
    "Mozilla/5.0 (Linux; Android 15; SM-S931B) AppleWebKit/537.36 (KHTML, like Gecko) \
     SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
     Chrome/140.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPad; CPU OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) \
     Version/18.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) \
     Chrome/140.0.0.0 Safari/537.36",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, \
     like Gecko) Mobile/15E148 Instagram 394.0.0.46.81 (iPhone15,3; iOS 18_6; en_US; en; \
     scale=3.00; 1290x2796; 781290345)",
];
/// How many in 100 views come from each of [`USER_AGENTS`].
const USER_AGENT_WEIGHTS: [u64; 12] = [24, 20, 14, 8, 8, 5, 5, 3, 4, 5, 2, 2];

/// Draw purposes of a page_views row (the `col` of [`RowHash::draw`]); each column draws
/// from its own so a scan that wants one column computes only that one.
const DRAW_CUSTOMER: u64 = 1;
const DRAW_PAGE: u64 = 2;
const DRAW_REFERRER: u64 = 3;
const DRAW_USER_AGENT: u64 = 4;
const DRAW_TIME: u64 = 5;

/// A bijection on u32 (xor with a key, then Chris Wellons' lowbias32: each step is invertible),
/// so distinct rows get distinct referrer tokens.
fn permute32(x: u32, key: u32) -> u32 {
    let mut x = x ^ key;
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^ (x >> 16)
}

/// Writes `YYYY-MM-DD HH:MM:SS` for Unix seconds into `out`, without going through
/// `format!` (a scan formats millions of these).
fn push_datetime(out: &mut String, unix: i64) {
    let t = CivilTime::from_unix(unix, 0);
    let mut text = Text::new(out);
    text.push_decimal(t.year.max(0) as u64);
    text.push_byte(b'-');
    text.push_2(t.month);
    text.push_byte(b'-');
    text.push_2(t.day);
    text.push_byte(b' ');
    text.push_2(t.hour);
    text.push_byte(b':');
    text.push_2(t.minute);
    text.push_byte(b':');
    text.push_2(t.second);
}

/// Appends `/products/<id>-<slug>`.
fn push_product_path(url: &mut Text<'_>, product: i64) {
    url.push_str("/products/");
    url.push_decimal(product as u64);
    url.push_byte(b'-');
    url.push_str(PRODUCTS[(product - 1) as usize].2);
}

/// Appends a referrer of shape `K`: the shape's texts are constants here.
#[inline(always)]
fn push_referrer<const K: usize>(r: &mut Text<'_>, token: u64, n: u64) {
    let shape = const { &REFERRERS[K] };
    r.push_str(shape.before);
    if !shape.words.is_empty() {
        r.push_str(shape.words[below(n, shape.words.len() as u64) as usize]);
    }
    r.push_str(shape.between);
    match shape.token {
        TokenForm::Base62 => r.push_base62(token, 6),
        TokenForm::Decimal => r.push_decimal(token),
    }
    r.push_base62(n, shape.extra_digits);
    r.push_str(shape.after);
}

/// A referrer shape's length in parts, for [`PageViews::referrer_length`]: the constant texts
/// and extra digits together, the lengths of its words (one empty word for a shape without
/// words, so every shape draws alike), and whether its token is decimal (else six base-62
/// digits).
#[derive(Clone, Copy)]
struct ReferrerLengths {
    fixed: u32,
    word_count: u64,
    words: [u8; 16],
    decimal: bool,
}

/// The lengths of each pick's referrer shape (0..100, as [`REFERRER_OF_PICK`] maps them): a
/// row's pick finds its lengths in one load, not through its shape's number first (two
/// loads one after the other on every row of a scan).
static REFERRER_LENGTHS_OF_PICK: [ReferrerLengths; 100] = {
    const NONE: ReferrerLengths =
        ReferrerLengths { fixed: 0, word_count: 1, words: [0; 16], decimal: false };
    let mut of_shape = [NONE; 9];
    let mut k = 0;
    while k < REFERRERS.len() {
        let shape = &REFERRERS[k];
        of_shape[k].fixed = (shape.before.len() + shape.between.len() + shape.after.len()) as u32
            + shape.extra_digits;
        of_shape[k].decimal = matches!(shape.token, TokenForm::Decimal);
        if !shape.words.is_empty() {
            assert!(shape.words.len() <= 16, "a shape has at most 16 words");
            of_shape[k].word_count = shape.words.len() as u64;
            let mut w = 0;
            while w < shape.words.len() {
                of_shape[k].words[w] = shape.words[w].len() as u8;
                w += 1;
            }
        }
        k += 1;
    }
    let mut out = [NONE; 100];
    let mut pick = 0;
    while pick < 100 {
        out[pick] = of_shape[SHAPE_OF_PICK[pick] as usize];
        pick += 1;
    }
    out
};

/// The referrer shape (index into [`REFERRERS`]) of each pick 0..100.
static REFERRER_OF_PICK: [u8; 100] = SHAPE_OF_PICK;

/// [`REFERRER_OF_PICK`] as a constant, for the tables built from it.
const SHAPE_OF_PICK: [u8; 100] = {
    let mut of_pick = [0u8; 100];
    let (mut pick, mut shape) = (0, 0);
    while pick < 100 {
        while REFERRERS[shape].up_to_pick < pick as u64 {
            shape += 1;
        }
        of_pick[pick] = shape as u8;
        pick += 1;
    }
    of_pick
};

/// How a referrer's token is written.
#[derive(Debug)]
enum TokenForm {
    /// Six base-62 digits.
    Base62,
    /// Decimal digits (Hacker News item ids).
    Decimal,
}

/// One kind of referrer: `before`, a word drawn from `words` (none when empty), `between`,
/// the row's token, `extra_digits` base-62 digits of a second draw, `after`.
#[derive(Debug)]
struct ReferrerShape {
    /// The last pick (of 0..100) that makes this kind: the kinds' shares of the views.
    up_to_pick: u64,
    before: &'static str,
    words: &'static [&'static str],
    between: &'static str,
    token: TokenForm,
    extra_digits: u32,
    after: &'static str,
}

/// The referrers, in pick order: 28 % Google, 20 % t.co, 10 % Facebook, 5 % Bing, 5 %
/// DuckDuckGo, 4 % Reddit, 3 % Hacker News, 10 % Instagram, 15 % LinkedIn.
const REFERRERS: [ReferrerShape; 9] = {
    const fn shape(
        up_to_pick: u64,
        before: &'static str,
        words: &'static [&'static str],
        between: &'static str,
        token: TokenForm,
        extra_digits: u32,
        after: &'static str,
    ) -> ReferrerShape {
        ReferrerShape { up_to_pick, before, words, between, token, extra_digits, after }
    }
    use TokenForm::{Base62, Decimal};
    [
        shape(27, "https://google.com/search?q=", &SEARCH_TERMS, "&ei=", Base62, 0, ""),
        shape(47, "https://t.co/", &[], "", Base62, 4, ""),
        shape(57, "https://l.facebook.com/?fbclid=IwAR", &[], "", Base62, 0, ""),
        shape(62, "https://www.bing.com/search?q=", &SEARCH_TERMS, "&form=", Base62, 0, ""),
        shape(67, "https://duckduckgo.com/?q=", &SEARCH_TERMS, "&t=", Base62, 0, ""),
        shape(71, "https://www.reddit.com/r/", &SUBREDDITS, "/comments/", Base62, 0, "/"),
        shape(74, "https://news.ycombinator.com/item?id=", &[], "", Decimal, 0, ""),
        shape(84, "https://l.instagram.com/?u=", &[], "", Base62, 0, ""),
        shape(99, "https://lnkd.in/", &[], "", Base62, 2, ""),
    ]
};

/// page_views' rows.
#[derive(Debug)]
pub struct PageViews {
    rows: u64,
    /// Per-table key from the seed (SimRng "data/shop.page_views").
    key: u64,
}

impl PageViews {
    /// The generator of `rows` page views for `seed`.
    pub fn new(seed: u64, rows: u64) -> PageViews {
        PageViews { rows, key: SimRng::derive_named(seed, "data/shop.page_views").next_u64() }
    }

    /// The product row `i` viewed: product pages (`/products/7-slug`) are 60 % of views, 13
    /// points of them arriving from an e-mail campaign with tracking parameters (the mix is
    /// tuned so page_views comes to the chapter's 723 MB).
    fn product(h: RowHash) -> Option<i64> {
        let pick = below(h.draw(DRAW_PAGE, 0), 100);
        let n = h.draw(DRAW_PAGE, 1);
        (pick <= 59).then(|| 1 + below(n, PRODUCTS.len() as u64) as i64)
    }

    /// The page row `i` viewed, written into `url`.
    fn url(h: RowHash, url: &mut Text<'_>) {
        let pick = below(h.draw(DRAW_PAGE, 0), 100);
        let n = h.draw(DRAW_PAGE, 1);
        match pick {
            0..=46 => push_product_path(url, 1 + below(n, PRODUCTS.len() as u64) as i64),
            47..=59 => {
                push_product_path(url, 1 + below(n, PRODUCTS.len() as u64) as i64);
                url.push_str("?utm_source=newsletter&utm_medium=email&utm_campaign=");
                url.push_str(
                    ["spring-sale", "back-to-school", "black-friday"][below(n, 3) as usize],
                );
            }
            60..=69 => url.push_byte(b'/'),
            70..=79 => {
                url.push_str("/categories/");
                url.push_str(CATEGORY_SLUGS[below(n, 4) as usize]);
            }
            80..=89 => {
                url.push_str("/search?q=");
                url.push_str(SEARCH_TERMS[below(n, SEARCH_TERMS.len() as u64) as usize]);
            }
            90..=94 => url.push_str("/cart"),
            95..=97 => url.push_str("/checkout"),
            _ => url.push_str("/account/orders"),
        }
    }

    /// Row `i`'s referrer: a search engine, social network or link shortener URL that carries a
    /// per-row token (a bijection of `i`), so every row's referrer is distinct, as the chapter's
    /// GROUP BY referrer producing 3 million groups implies. Tokens repeat only after 2^32 rows.
    /// Writes row `i`'s referrer into `out` (cleared first, so a scan reuses one buffer).
    fn referrer(&self, i: u64, h: RowHash, out: &mut String) {
        let (shape, token, n) = self.referrer_draws(i, h);
        let r = &mut Text::new(out);
        // One arm per shape, each built from its entry of the constant table: its strings are
        // then constants where they are appended (copied in line, not by a call per piece).
        match shape {
            0 => push_referrer::<0>(r, token, n),
            1 => push_referrer::<1>(r, token, n),
            2 => push_referrer::<2>(r, token, n),
            3 => push_referrer::<3>(r, token, n),
            4 => push_referrer::<4>(r, token, n),
            5 => push_referrer::<5>(r, token, n),
            6 => push_referrer::<6>(r, token, n),
            7 => push_referrer::<7>(r, token, n),
            _ => push_referrer::<8>(r, token, n),
        }
    }

    /// The byte length of row `i`'s referrer, from the same draws, without making it: its
    /// shape's lengths from a table rather than a branch per shape (the shape is random per
    /// row, so such a branch was mispredicted on most rows).
    #[inline(always)]
    fn referrer_length(&self, i: u64, h: RowHash) -> usize {
        let pick = below(h.draw(DRAW_REFERRER, 0), 100);
        let n = h.draw(DRAW_REFERRER, 1);
        let lengths = &REFERRER_LENGTHS_OF_PICK[pick as usize];
        // The mask changes nothing (a shape has at most 16 words, so the draw is below 16)
        // but spares a bounds check per row.
        let word = lengths.words[below(n, lengths.word_count) as usize & 15];
        // Only Hacker News' decimal ids (3 % of rows, so the branch is nearly always
        // predicted) need the token itself.
        let token = if lengths.decimal {
            let token = permute32(i as u32, self.key as u32);
            token.checked_ilog10().map_or(1, |d| d + 1)
        } else {
            6
        };
        lengths.fixed as usize + word as usize + token as usize
    }

    /// Row `i`'s referrer shape (index into [`REFERRERS`]), token and second draw.
    fn referrer_draws(&self, i: u64, h: RowHash) -> (usize, u64, u64) {
        let token = u64::from(permute32(i as u32, self.key as u32));
        let (shape, n) = Self::referrer_shape(h);
        (shape, token, n)
    }

    /// The referrer shape (index into [`REFERRERS`]) of the row whose hash is `h`, and the
    /// second draw that picks its word and extra digits.
    #[inline(always)]
    fn referrer_shape(h: RowHash) -> (usize, u64) {
        let pick = below(h.draw(DRAW_REFERRER, 0), 100);
        (usize::from(REFERRER_OF_PICK[pick as usize]), h.draw(DRAW_REFERRER, 1))
    }

    fn user_agent(h: RowHash) -> &'static str {
        let mut pick = below(h.draw(DRAW_USER_AGENT, 0), 100);
        for (&weight, ua) in USER_AGENT_WEIGHTS.iter().zip(USER_AGENTS) {
            if pick < weight {
                return ua;
            }
            pick -= weight;
        }
        USER_AGENTS[0]
    }

    /// Row `i`'s time: evenly spread over the year with jitter smaller than the spacing, so
    /// viewed_at never decreases as id grows (ids were handed out in time order).
    fn viewed_at(&self, i: u64, h: RowHash) -> i64 {
        let rows = self.rows.max(1);
        // In u64 while the product fits (3,000,000 rows times a year's seconds does), a
        // 128-bit division per row otherwise.
        let base = match i.checked_mul(PAGE_VIEWS_SPAN_SECS) {
            Some(product) => product / rows,
            None => (u128::from(i) * u128::from(PAGE_VIEWS_SPAN_SECS) / u128::from(rows)) as u64,
        };
        let gap = PAGE_VIEWS_SPAN_SECS / self.rows.max(1);
        let jitter = if gap > 1 { below(h.draw(DRAW_TIME, 0), gap) } else { 0 };
        PAGE_VIEWS_START_UNIX + (base + jitter) as i64
    }
}

impl RowGenerator for PageViews {
    fn row_count(&self) -> u64 {
        self.rows
    }

    fn fill_row(&self, i: u64, wanted: ColumnSet, out: &mut [Value]) {
        self.fill(i, wanted, ColumnSet::NONE, out);
    }

    fn fill_row_lengths(&self, i: u64, wanted: ColumnSet, lengths: ColumnSet, out: &mut [Value]) {
        self.fill(i, wanted, lengths, out);
    }

    fn fill_rows(
        &self,
        first: u64,
        wanted: ColumnSet,
        lengths: ColumnSet,
        rows: &mut [Vec<Value>],
    ) {
        // The batch's hashes, then its referrer lengths, each in a loop of its own: the rows'
        // chains of multiplications overlap there, where row by row each waits on the last.
        let n = rows.len().min(FILL_BATCH_ROWS);
        let mut hashes = [RowHash(0); FILL_BATCH_ROWS];
        for (k, h) in hashes.iter_mut().enumerate().take(n) {
            *h = RowHash::row(self.key, first + k as u64);
        }
        let mut referrer_lengths = [0usize; FILL_BATCH_ROWS];
        if wanted.contains(PV_REFERRER) && lengths.contains(PV_REFERRER) {
            for k in 0..n {
                referrer_lengths[k] = self.referrer_length(first + k as u64, hashes[k]);
            }
        }
        // The rows hold NULL in the columns not wanted (the trait's promise), so they are
        // not cleared row by row.
        self.write_columns(first, &hashes[..n], &referrer_lengths[..n], wanted, lengths, rows);
        // A longer batch than this generator works on at once: the rest row by row.
        for (i, row) in (first + n as u64..).zip(rows.iter_mut().skip(n)) {
            self.fill(i, wanted, lengths, row);
        }
    }
}

/// Rows [`PageViews::fill_rows`] hashes together (the scan's batch fits in one).
const FILL_BATCH_ROWS: usize = 32;

/// Spaces to stand in for a text of which only the length is read (a literal: a constant
/// built from an array was materialised on the stack at every use). Longer than any
/// referrer, which a test holds.
const SPACES: &str = concat!(
    "                                                                ",
    "                                                                "
);

impl PageViews {
    /// Writes row `i`'s columns in `wanted` (bits) into `out`; the referrer, when it is in
    /// `lengths` too, as spaces of its length (page_views' texts are ASCII: as many
    /// characters as bytes).
    fn fill(&self, i: u64, wanted: ColumnSet, lengths: ColumnSet, out: &mut [Value]) {
        let h = RowHash::row(self.key, i);
        let referrer_length =
            if lengths.contains(PV_REFERRER) { self.referrer_length(i, h) } else { 0 };
        let bits = wanted.bits_within(out.len().min(PV_COLUMNS));
        // Columns not wanted read NULL (a scan's row is NULL there already from the row
        // before).
        for (c, slot) in out.iter_mut().enumerate().take(PV_COLUMNS) {
            if bits & (1 << c) == 0 && !matches!(slot, Value::Null) {
                *slot = Value::Null;
            }
        }
        self.write_columns(
            i,
            &[h],
            &[referrer_length],
            wanted,
            lengths,
            std::slice::from_mut(&mut &mut *out),
        );
    }

    /// Writes the wanted columns of the rows from `first` on (one per hash in `hashes`; the
    /// referrer's length in `referrer_lengths` when only that is wanted) and leaves the
    /// others as they are. A column at a time over the batch, so which columns are wanted is
    /// decided once per batch, not per row. The text columns keep their buffers from row to
    /// row, so generating a row allocates nothing once the buffers have grown.
    #[inline(always)]
    fn write_columns<R: AsMut<[Value]>>(
        &self,
        first: u64,
        hashes: &[RowHash],
        referrer_lengths: &[usize],
        wanted: ColumnSet,
        lengths: ColumnSet,
        rows: &mut [R],
    ) {
        let Some(width) = rows.first_mut().map(|r| r.as_mut().len()) else { return };
        let bits = wanted.bits_within(width.min(PV_COLUMNS));
        let want = |c: usize| bits & (1 << c) != 0;
        // One loop over the batch's rows per wanted column (an iterator over `&mut` rows
        // cannot be cloned, so each loop is spelt out by this macro).
        macro_rules! each_row {
            (|$out:ident, $h:ident, $i:ident, $length:ident| $body:block) => {
                for (((row, &$h), $i), &$length) in
                    rows.iter_mut().zip(hashes).zip(first..).zip(referrer_lengths)
                {
                    let $out = row.as_mut();
                    $body
                }
            };
        }
        if want(PV_ID) {
            each_row!(|out, _h, i, _length| {
                out[PV_ID] = Value::UInt(i + 1);
            });
        }
        if want(PV_CUSTOMER) {
            each_row!(|out, h, _i, _length| {
                out[PV_CUSTOMER] = Value::Int(1 + below(h.draw(DRAW_CUSTOMER, 0), 10) as i64);
            });
        }
        if want(PV_PRODUCT) {
            each_row!(|out, h, _i, _length| {
                out[PV_PRODUCT] = Self::product(h).map_or(Value::Null, Value::Int);
            });
        }
        if want(PV_URL) {
            each_row!(|out, h, _i, _length| {
                Self::url(h, &mut Text::new(text_slot(&mut out[PV_URL])));
            });
        }
        if want(PV_REFERRER) {
            if lengths.contains(PV_REFERRER) {
                each_row!(|out, _h, _i, length| {
                    set_spaces(text_slot(&mut out[PV_REFERRER]), length);
                });
            } else {
                each_row!(|out, h, i, _length| {
                    self.referrer(i, h, text_slot(&mut out[PV_REFERRER]));
                });
            }
        }
        if want(PV_USER_AGENT) {
            each_row!(|out, h, _i, _length| {
                let ua = text_slot(&mut out[PV_USER_AGENT]);
                ua.clear();
                ua.push_str(Self::user_agent(h));
            });
        }
        if want(PV_VIEWED_AT) {
            each_row!(|out, h, i, _length| {
                push_datetime(text_slot(&mut out[PV_VIEWED_AT]), self.viewed_at(i, h));
            });
        }
    }
}

/// Makes `slot` `length` spaces (at most [`SPACES`]' length). The spaces are copied in
/// blocks of a fixed size, which the compiler writes in line, then cut to `length`: a copy
/// of `length` bytes was a call to the C library's memset per row (6 % of a full scan of
/// page_views). One block holds nearly every referrer, so the second is almost never taken.
#[inline(always)]
fn set_spaces(slot: &mut String, length: usize) {
    const BLOCK: usize = SPACES.len() / 2;
    slot.clear();
    slot.push_str(&SPACES[..BLOCK]);
    if length > BLOCK {
        slot.push_str(&SPACES[BLOCK..]);
    }
    slot.truncate(length);
}

/// The string inside `slot`, made a string first if it holds anything else: a buffer the
/// generator writes into (its caller clears it).
fn text_slot(slot: &mut Value) -> &mut String {
    if !matches!(slot, Value::Str(_)) {
        *slot = Value::Str(String::new());
    }
    match slot {
        Value::Str(s) => s,
        _ => unreachable!("made a string above"),
    }
}

/// The shop's tables: the five small ones and page_views with round(3,000,000 x scale) rows.
pub fn build(seed: u64, scale: f64) -> Vec<DatasetTable> {
    let rows = scaled_rows(PAGE_VIEWS_ROWS, scale);
    let page_views = DatasetTable {
        def: page_views_def(),
        generator: Box::new(PageViews::new(seed, rows)),
        auto_increment_next: rows + 1,
        // Loaded in id order, then `ALTER TABLE page_views ADD INDEX idx_referrer (referrer)`:
        // a sorted build at the default innodb_fill_factor of 100.
        fill: FillPolicy::SequentialInserts,
        secondary_fill: FillPolicy::SortedBuild { fill_factor_pct: 100 },
    };
    vec![categories(), products(), customers(), orders(), order_items(), page_views]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn datetime_text(unix: i64) -> String {
        let mut out = String::with_capacity(19);
        push_datetime(&mut out, unix);
        out
    }

    #[test]
    fn datetimes_format_like_mysql() {
        assert_eq!(datetime_text(PAGE_VIEWS_START_UNIX), "2025-09-23 00:00:00");
        let last = PAGE_VIEWS_START_UNIX + PAGE_VIEWS_SPAN_SECS as i64 - 1;
        assert_eq!(datetime_text(last), "2026-09-22 23:59:59");
    }

    /// A row filled over the previous row's values (a scan reuses its row's strings) equals
    /// the row filled fresh, whatever columns each fill wanted.
    #[test]
    fn reused_buffers_give_the_fresh_row() {
        let views = PageViews::new(7, 50_000);
        let all = ColumnSet::ALL;
        let some = ColumnSet::wanted(&[false, true, false, true, false, false, true]);
        let mut reused = vec![Value::Null; 7];
        for i in 0..5_000 {
            let wanted = if i % 3 == 0 { some } else { all };
            views.fill_row(i, wanted, &mut reused);
            let mut fresh = vec![Value::Null; 7];
            views.fill_row(i, wanted, &mut fresh);
            assert_eq!(reused, fresh, "row {i}");
        }
        assert!(matches!(&reused[PV_REFERRER], Value::Str(r) if r.starts_with("https://")));
    }

    /// A referrer asked for its length only has the length, in bytes and characters, of the
    /// referrer made whole, every shape among the rows (Hacker News' decimal ids included).
    #[test]
    fn a_length_only_referrer_has_the_real_length() {
        let views = PageViews::new(11, 3_000_000);
        let wanted = ColumnSet::wanted(&[true, false, false, true, false, false, false]);
        let lengths = ColumnSet::only(&[false, false, false, true]);
        let (mut whole, mut standin) = (vec![Value::Null; 7], vec![Value::Null; 7]);
        let mut shapes = std::collections::BTreeSet::new();
        for i in (0..3_000_000).step_by(97) {
            views.fill_row(i, wanted, &mut whole);
            views.fill_row_lengths(i, wanted, lengths, &mut standin);
            let (Value::Str(w), Value::Str(s)) = (&whole[PV_REFERRER], &standin[PV_REFERRER])
            else {
                panic!("row {i}: referrers are text");
            };
            assert_eq!((w.len(), w.chars().count()), (s.len(), s.chars().count()), "row {i}: {w}");
            assert_eq!(whole[PV_ID], standin[PV_ID]);
            shapes.insert(w.split('/').nth(2).unwrap_or_default().to_string());
        }
        assert_eq!(shapes.len(), REFERRERS.len(), "{shapes:?}");
        let longest = REFERRERS.iter().map(|r| {
            let word = r.words.iter().map(|w| w.len()).max().unwrap_or(0);
            r.before.len() + word + r.between.len() + 10 + r.extra_digits as usize + r.after.len()
        });
        assert!(longest.max().unwrap_or(0) < SPACES.len());
    }

    #[test]
    fn tokens_are_a_bijection_on_a_sample() {
        let mut seen: Vec<u32> = (0..100_000u32).map(|i| permute32(i, 0xdead_beef)).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 100_000);
    }

    #[test]
    fn small_tables_match_the_chapter() {
        let tables = build(1, 1.0);
        let names: Vec<&str> = tables.iter().map(|t| t.def.name.as_str()).collect();
        assert_eq!(
            names,
            ["categories", "products", "customers", "orders", "order_items", "page_views"]
        );
        let counts: Vec<u64> = tables.iter().map(|t| t.generator.row_count()).collect();
        assert_eq!(counts, [4, 13, 10, 12, 25, 3_000_000]);
        // 13 of the 25 items belong to shipped orders.
        let shipped: usize = ORDER_ITEMS
            .iter()
            .filter(|(order, _, _)| ORDERS[(*order - 1) as usize].1 == "shipped")
            .count();
        assert_eq!(shipped, 13);
    }
}
