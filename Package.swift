// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "tradeterm",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "tradeterm", targets: ["tradeterm"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    // System libraries. Only Feed imports CCurl; only Terminal imports CNcursesW.
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .systemLibrary(
      name: "CNcursesW",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),

    // Pure Swift: values, engines and the wire protocol.
    .target(name: "MarketModel"),
    .target(name: "BitMEX", dependencies: ["MarketModel"]),

    // I/O layers.
    .target(name: "Feed", dependencies: ["CCurl", "BitMEX", "MarketModel"]),
    .target(name: "Terminal", dependencies: ["CNcursesW"]),

    .executableTarget(
      name: "tradeterm",
      dependencies: [
        "Feed", "Terminal", "BitMEX", "MarketModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Benchmarks (`make bench`, release build): a table of figures against budgets.
    .target(name: "CMallocCounter", path: "Benchmarks/CMallocCounter"),
    .executableTarget(
      name: "TradetermBench",
      dependencies: ["CMallocCounter", "MarketModel", "BitMEX"],
      path: "Benchmarks/TradetermBench",
      // Export malloc & co. so the counter sees the Swift runtime's allocations too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
    ),

    .testTarget(name: "MarketModelTests", dependencies: ["MarketModel"]),
    .testTarget(name: "BitMEXTests", dependencies: ["BitMEX", "MarketModel"]),
    .testTarget(name: "FeedTests", dependencies: ["Feed", "MarketModel"]),
  ]
)
