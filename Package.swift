// swift-tools-version: 6.1
import PackageDescription

// ncursesw. On Linux its headers and library are on the compiler's default paths (`make deps`
// checks that), so SwiftPM asks pkg-config nothing: the module map includes the headers by their
// system path and links the library by name. Debian's pkg-config flags (`-isystem …`,
// `-D_DEFAULT_SOURCE …`) are ones SwiftPM refuses, with a warning on every build. On macOS they
// come from Homebrew's prefix, which pkg-config knows. (libcurl's headers are on the default
// paths too; the library is opened at run time: CCurl.)
#if os(Linux)
let ncurseswPkgConfig: String? = nil
#else
let ncurseswPkgConfig: String? = "ncursesw"
#endif

let package = Package(
  name: "tradeterm",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "tradeterm", targets: ["tradeterm"]),
    .executable(name: "tradeterm-sim", targets: ["tradeterm-sim"]),
    .executable(name: "tradeterm-wsecho", targets: ["tradeterm-wsecho"]),
    .executable(name: "tradeterm-soak", targets: ["tradeterm-soak"]),
    .executable(name: "tradeterm-journal-probe", targets: ["tradeterm-journal-probe"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
  ],
  targets: [
    // System libraries. Only Feed imports CCurl; only Terminal imports CNcursesW.
    // libcurl is opened when first needed (dlopen, see CCurl/include/shim.h): its headers only
    // at build time (libcurl4-openssl-dev), the library itself when a connection is made.
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(
      name: "CNcursesW",
      pkgConfig: ncurseswPkgConfig,
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),

    // Pure Swift: values, engines and the wire protocol.
    // The venue-neutral core: numbers from their text (`FixedDecimal`), symbols, the one book
    // engine (`PriceBook`), and the book sync policies every venue adapter drives.
    .target(name: "VenueCore", dependencies: ["WireJSON"]),
    // A pull reader of JSON for the venue adapters: keys and number text as byte spans, nothing
    // allocated per value.
    .target(name: "WireJSON"),
    .target(name: "MarketModel", dependencies: ["VenueCore", "WireJSON"]),
    // Venue adapters on the core.
    .target(name: "Kraken", dependencies: ["VenueCore", "WireJSON"]),
    .target(name: "Binance", dependencies: ["VenueCore", "WireJSON"]),
    .target(name: "OKX", dependencies: ["VenueCore", "WireJSON"]),
    .target(name: "Bybit", dependencies: ["VenueCore", "WireJSON"]),
    .target(name: "Coinbase", dependencies: ["VenueCore", "WireJSON"]),
    // Views across venues, pure: one consolidated book of an asset (sizes in the base through
    // each contract descriptor), the venue strip, the spread matrix, one merged tape.
    .target(name: "CrossVenue", dependencies: ["VenueCore"]),
    // The seeded random generator the simulator, the soak and the tests draw from.
    .target(name: "Seeding"),
    .target(name: "BitMEX", dependencies: ["MarketModel", "VenueCore", "WireJSON"]),
    // The pure session core: connection state machine, status, commands, and `MarketSession`
    // (a drained feed update and batch in, state changes and typed commands out).
    .target(name: "Session", dependencies: ["MarketModel"]),

    // Pure drawing and pure app logic.
    // Pure contract maths, the sweep, the ticket's input rules and paper orders.
    .target(name: "Trading", dependencies: ["MarketModel"]),
    .target(name: "Screen", dependencies: ["MarketModel", "Session", "Trading", "CrossVenue", "VenueCore"]),
    .target(
      name: "App", dependencies: ["Screen", "MarketModel", "Session", "Trading", "CrossVenue", "VenueCore"]),

    // The config file: TOML text in, `Settings` (or an error with line and column) out. Pure; the
    // file is read by the executable.
    .target(
      name: "Config",
      dependencies: [
        "App", "Screen", "MarketModel", "Trading", "VenueCore", .product(name: "TOMLKit", package: "TOMLKit"),
      ]),

    // Recordings on disk: streamed line by line (plain or .gz), paced, and replayed through the
    // same decoder and session as the live feed.
    .target(name: "Replay", dependencies: ["CZlib", "BitMEX", "MarketModel", "Session", "Threads"]),

    // I/O layers. Threads: a thread of our own, a lock, and a wake pipe (the feed's and the
    // replay's workers hand the UI thread values through them).
    .target(name: "Threads"),
    // mkdir -p, atomic replace, write-all and the XDG paths of tradeterm's own files.
    .target(name: "Files"),
    // Alert commands: bounded, each in a process group of its own, nothing inherited.
    .target(name: "Commands"),
    .target(
      name: "Feed",
      dependencies: [
        "CCurl", "CZlib", "BitMEX", "MarketModel", "WireJSON", "Session", "Threads", "Files", "Replay",
      ]),
    .target(name: "Terminal", dependencies: ["CNcursesW", "Screen", "MarketModel", "Files"]),
    // The paper journal on disk (append + fsync per line, flock).
    .target(name: "Journal", dependencies: ["Trading", "Files"]),
    // A second process on the journal, for the kill -9 and lock tests.
    .executableTarget(
      name: "tradeterm-journal-probe", dependencies: ["Journal", "Trading", "MarketModel", "BitMEX"]),

    // A BitMEX-compatible exchange on loopback: tests, --demo, --replay, benchmarks.
    .target(
      name: "ExchangeSim",
      dependencies: [
        "MarketModel", "VenueCore", "Seeding", "Replay",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]
    ),
    .executableTarget(
      name: "tradeterm-sim",
      dependencies: [
        "ExchangeSim", "Replay", "MarketModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    .executableTarget(
      name: "tradeterm",
      dependencies: [
        "Feed", "Threads", "Terminal", "BitMEX", "MarketModel", "Session", "Replay", "ExchangeSim", "Screen",
        "VenueCore", "CrossVenue", "Kraken", "Binance", "OKX", "Bybit", "Coinbase",
        "App", "Trading", "Journal", "Config", "Files", "Commands",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // Linked by the toolchain's lld with packed relative relocations (DT_RELR, glibc 2.36):
      // the release binary's 99,000 relocations were a 2.4 MB table the loader read at every
      // start and that stayed resident all day; packed, they are a few kilobytes.
      // The functions a streaming dashboard runs (`scripts/tradeterm.order`, written by
      // `scripts/order-file.sh`) are laid out first and together: the kernel maps code 64 kB
      // around each page touched, and the 1.2 MB of them, strewn over 23 MB of code, kept 11 MB
      // resident. A function the list does not name (renamed since) is only left where it was.
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/tradeterm.order",
            "-Xlinker", "--no-warn-symbol-ordering",
          ],
          .when(platforms: [.linux], configuration: .release))
      ]
    ),

    // Benchmarks (`make bench`, release build): a table of figures against budgets.
    .target(name: "CMallocCounter", path: "Benchmarks/CMallocCounter"),
    .executableTarget(
      name: "TradetermBench",
      dependencies: [
        "CMallocCounter", "MarketModel", "BitMEX", "Session", "Replay", "CZlib", "Feed", "ExchangeSim",
        "Screen",
        "App", "Terminal", "VenueCore", "Kraken", "Binance", "Coinbase", "Bybit", "OKX", "CrossVenue",
      ],
      path: "Benchmarks/TradetermBench",
      // Export malloc & co. so the counter sees the Swift runtime's allocations too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
    ),

    // An echo client on tradeterm's WebSocket layer, for the Autobahn suite.
    .executableTarget(name: "tradeterm-wsecho", dependencies: ["Feed"]),

    // The long fault scenarios and the 100x-rate soak (`make soak`, release build).
    .executableTarget(
      name: "tradeterm-soak",
      dependencies: [
        "Feed", "Session", "Seeding", "ExchangeSim", "MarketModel", "BitMEX",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Decoder + book, number formatting and replay pacing fuzzing (`make fuzz`:
    // -sanitize=fuzzer,address -D TRADETERM_LIBFUZZER); in a normal build, a replayer of fuzz inputs.
    .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
    .executableTarget(
      name: "TradetermFuzz", dependencies: ["CLibFuzzer", "BitMEX", "MarketModel", "Screen", "ExchangeSim"],
      path: "Fuzz/TradetermFuzz"),

    // What the unit tests share: the seeded generator, fixtures, grid snapshots. It links no
    // simulator and no network code.
    .target(
      name: "TestSupport",
      dependencies: [
        "Seeding", "Screen", "MarketModel", "VenueCore", "BitMEX", "Kraken", "Binance", "Coinbase", "Bybit",
        "OKX",
      ],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "MarketModelTests",
      dependencies: ["MarketModel", "BitMEX", "TestSupport", "Kraken", "Binance", "OKX"]),
    .testTarget(
      name: "VenueCoreTests",
      dependencies: ["VenueCore", "WireJSON", "TestSupport", "Kraken", "Coinbase", "OKX"]),
    .testTarget(name: "KrakenTests", dependencies: ["Kraken", "VenueCore", "WireJSON", "TestSupport"]),
    .testTarget(name: "BinanceTests", dependencies: ["Binance", "VenueCore", "WireJSON", "TestSupport"]),
    .testTarget(name: "OKXTests", dependencies: ["OKX", "VenueCore", "WireJSON", "TestSupport"]),
    .testTarget(name: "BybitTests", dependencies: ["Bybit", "OKX", "VenueCore", "WireJSON", "TestSupport"]),
    .testTarget(name: "CoinbaseTests", dependencies: ["Coinbase", "VenueCore", "WireJSON", "TestSupport"]),
    .testTarget(
      name: "CrossVenueTests",
      dependencies: ["CrossVenue", "VenueCore", "WireJSON", "OKX", "Kraken", "Binance", "TestSupport"]),
    .testTarget(
      name: "TradingTests",
      dependencies: [
        "Trading", "Journal", "MarketModel", "BitMEX", "TestSupport", "WireJSON", "Kraken", "Binance",
        "Coinbase",
        "Bybit", "OKX",
      ]),
    .testTarget(name: "BitMEXTests", dependencies: ["BitMEX", "MarketModel", "TestSupport"]),
    .testTarget(
      name: "FeedTests",
      dependencies: [
        "Feed", "Session", "MarketModel", "TestSupport", "Files", "Replay",
        "Kraken", "Binance", "Coinbase", "Bybit", "OKX",
      ]),
    .testTarget(
      name: "SessionTests", dependencies: ["Session", "MarketModel", "BitMEX", "TestSupport", "Kraken"]),
    .testTarget(
      name: "ScreenTests",
      dependencies: [
        "Screen", "MarketModel", "Session", "CrossVenue", "VenueCore", "Trading", "TestSupport", "Kraken",
        "Binance", "Coinbase", "Bybit", "OKX",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "ReplayTests",
      dependencies: [
        "Replay", "Feed", "CZlib", "BitMEX", "MarketModel", "Session", "TestSupport", "WireJSON", "Kraken",
        "Binance", "Coinbase", "Bybit", "OKX",
      ]),
    .testTarget(
      name: "ConfigTests",
      dependencies: [
        "Config", "App", "Screen", "MarketModel", "Trading", "BitMEX", "Kraken", "Binance", "Bybit", "OKX",
        "TestSupport",
      ]),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Screen", "TestSupport"]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "Screen", "MarketModel", "Session", "BitMEX", "Trading", "TestSupport", "CrossVenue",
        "VenueCore", "WireJSON", "OKX", "Binance", "Bybit", "Kraken", "Coinbase",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "FeedIntegrationTests",
      dependencies: [
        "Feed", "Replay", "Session", "Seeding", "ExchangeSim", "MarketModel", "BitMEX", "Kraken", "Binance",
        "Coinbase", "Bybit", "OKX", "CZlib", "App", "TestSupport",
      ]),
    // The built binaries in a real terminal (tmux) against tradeterm-sim on loopback.
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    .testTarget(name: "CommandsTests", dependencies: ["Commands"]),
    // The venue targets: each dialect's frames go through the real decoder and book rule.
    .testTarget(
      name: "ExchangeSimTests",
      dependencies: [
        "ExchangeSim", "Seeding", "MarketModel", "BitMEX", "Binance", "Kraken", "Coinbase", "Bybit", "OKX",
        "VenueCore", "WireJSON",
        "TestSupport",
      ]),
  ]
)
