// swift-tools-version:6.0
import PackageDescription

/// Layering (enforced with `--explicit-target-dependency-import-check error`: a module imports only what it
/// depends on here):
/// CJansson → ChoreoJSON → ChoreoEngine (+ ChoreoMotion) → ChoreoAppKit (the app SDK: an app's own methods) → the
/// apps (FinPessoal, AirFit, Prefs: the engine and the SDK, never the daemon's protocol) → ChoreoApps (the catalogue);
/// ChoreoAppKit → ChoreoProtocol (the daemon's methods and dispatch) → ChoreoServer → ChoreodKit
/// (`Choreod.main(apps:)`) → ChoreoDaemon (choreod, the catalogue's apps).
/// The engine, the protocol, the server and the tools name no app: the daemon is handed an `AppRegistry`;
/// the engine names no app; apps change time, the timeline and the agenda only through `World`'s methods (its
/// stored properties are `internal(set)`, and apps are other modules). Pure modules never import NIO.
let package = Package(
    name: "Choreo",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "choreod", targets: ["ChoreoDaemon"]),
        .executable(name: "journey", targets: ["JourneyCLI"]),
        .library(name: "ChoreoClient", targets: ["ChoreoClient"]),
        .library(name: "ChoreoJSON", targets: ["ChoreoJSON"]),
        .library(name: "ChoreoMotion", targets: ["ChoreoMotion"]),
        .library(name: "ChoreoLocks", targets: ["ChoreoLocks"]),
        .library(name: "ChoreoEngine", targets: ["ChoreoEngine"]),
        .library(name: "ChoreoApps", targets: ["ChoreoApps"]),
        // A team's own daemon: `Choreod.main(apps: [MyApp.self])` (protocol/adding-an-app.md).
        .library(name: "ChoreodKit", targets: ["ChoreodKit"]),
        // An app's own methods (AppMethods, AppMethod): the app SDK, on the engine and JSON only.
        .library(name: "ChoreoAppKit", targets: ["ChoreoAppKit"]),
        // The daemon's protocol (methods, OpenRPC, dispatch), and Benchmarks/InProcess's request-path harness.
        .library(name: "ChoreoProtocol", targets: ["ChoreoProtocol"]),
        // An app's soak, run from the team's own tests (Soak.check(app:apps:seed:length:)).
        .library(name: "ChoreoSoak", targets: ["ChoreoSoak"]),
        .executable(name: "choreo-soak", targets: ["ChoreoSoakCLI"]),
        // The third app, Prefs, and a daemon hosting it: built only through the public API above.
        .library(name: "PrefsApp", targets: ["PrefsApp"]),
        // `make fuzz`'s harness (Fuzz/ adds libFuzzer's driver); built here so that it compiles with every change.
        .library(name: "ChoreoFuzzHarness", targets: ["ChoreoFuzzHarness"]),
        .executable(name: "prefs-choreod", targets: ["PrefsDaemon"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
        // `journey conformance` parses the app's Swift sources (ChoreoConformance only).
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            path: "Sources/CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(name: "ChoreoJSON", dependencies: ["CJansson"]),
        .target(name: "ChoreoPaths"),
        // A value behind a pthread mutex: the one lock every layer shares (the motion caches, sessions, the server).
        .target(name: "ChoreoLocks"),
        .target(name: "ChoreoMotion", dependencies: ["ChoreoLocks"]),
        .target(name: "ChoreoEngine", dependencies: ["ChoreoJSON", "ChoreoMotion"]),
        // The app SDK: what an app's own methods are declared with (params, results, errors, examples), on the engine
        // and JSON only; an app sees nothing of the daemon.
        .target(name: "ChoreoAppKit", dependencies: ["ChoreoJSON", "ChoreoMotion", "ChoreoEngine"]),
        .target(
            name: "FinPessoal", dependencies: ["ChoreoEngine", "ChoreoJSON", "ChoreoMotion", "ChoreoAppKit"],
            path: "Sources/Apps/FinPessoal"),
        .target(
            name: "AirFit", dependencies: ["ChoreoEngine", "ChoreoJSON", "ChoreoMotion", "ChoreoAppKit"],
            path: "Sources/Apps/AirFit"),
        .target(
            name: "ChoreoProtocol",
            dependencies: ["ChoreoJSON", "ChoreoMotion", "ChoreoEngine", "ChoreoAppKit", "ChoreoLocks"]
        ),
        .target(name: "ChoreoApps", dependencies: ["ChoreoEngine", "FinPessoal", "AirFit"]),
        .target(
            name: "ChoreoServer",
            dependencies: [
                "ChoreoJSON", "ChoreoMotion", "ChoreoEngine", "ChoreoProtocol", "ChoreoLocks",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "ChoreodKit",
            dependencies: [
                "ChoreoServer", "ChoreoPaths", "ChoreoEngine", "ChoreoJSON", "ChoreoProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(name: "ChoreoDaemon", dependencies: ["ChoreodKit", "ChoreoApps"]),
        .target(
            name: "ChoreoFuzzHarness",
            dependencies: [
                "ChoreoServer", "ChoreoJSON", "ChoreoApps",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // An example of a team's own app and daemon (protocol/adding-an-app.md): it sees only public API.
        .target(
            name: "PrefsApp", dependencies: ["ChoreoEngine", "ChoreoJSON", "ChoreoAppKit"],
            path: "Sources/Examples/PrefsApp"),
        .executableTarget(
            name: "PrefsDaemon", dependencies: ["ChoreodKit", "PrefsApp"], path: "Sources/Examples/PrefsDaemon"),
        .target(
            name: "ChoreoClient",
            dependencies: [
                "ChoreoJSON", "ChoreoPaths",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "JourneyKit",
            dependencies: ["ChoreoJSON", "ChoreoClient", .product(name: "Yams", package: "Yams")]
        ),
        // The model against the app's Swift code (issue 31): the only target that depends on swift-syntax.
        .target(
            name: "ChoreoConformance",
            dependencies: [
                "ChoreoEngine", "ChoreoJSON", "ChoreoMotion",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "JourneyCLI",
            dependencies: [
                "JourneyKit", "ChoreoClient", "ChoreoJSON", "ChoreoProtocol", "ChoreoPaths", "ChoreoEngine",
                "ChoreoConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        // Random journeys with invariants (issue 20): a seeded generator run through the daemon's own request
        // processing, in process; `choreo-soak` runs long soaks, ChoreoSoakTests a fixed budget in `make test`.
        .target(
            name: "ChoreoSoak",
            dependencies: ["ChoreoJSON", "ChoreoMotion", "ChoreoEngine", "ChoreoProtocol", "ChoreoLocks"]),
        .executableTarget(
            name: "ChoreoSoakCLI",
            dependencies: [
                "ChoreoSoak", "ChoreoApps", "ChoreoEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PrefsAppTests",
            dependencies: ["PrefsApp", "ChoreoSoak", "ChoreoEngine", "ChoreoJSON", "ChoreoProtocol", "ChoreodKit"]),
        .testTarget(name: "ChoreoSoakTests", dependencies: ["ChoreoSoak", "ChoreoJSON", "ChoreoEngine", "ChoreoApps"]),
        .testTarget(name: "ChoreoJSONTests", dependencies: ["ChoreoJSON"]),
        .testTarget(
            name: "ChoreoConformanceTests",
            dependencies: ["ChoreoConformance", "ChoreoEngine", "ChoreoJSON", "ChoreoProtocol"]),
        .testTarget(name: "JourneyKitTests", dependencies: ["JourneyKit", "ChoreoJSON"]),
        .testTarget(
            name: "ChoreoClientTests",
            dependencies: [
                "ChoreoClient", "ChoreoJSON",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "ChoreoMotionTests", dependencies: ["ChoreoMotion"]),
        .testTarget(
            name: "ChoreoEngineTests", dependencies: ["ChoreoEngine", "ChoreoApps", "ChoreoJSON", "ChoreoMotion"]),
        .testTarget(
            name: "FinPessoalTests", dependencies: ["FinPessoal", "ChoreoApps", "ChoreoEngine", "ChoreoJSON"]),
        .testTarget(name: "ChoreoAppsTests", dependencies: ["ChoreoApps", "ChoreoEngine", "ChoreoProtocol"]),
        .testTarget(name: "AirFitTests", dependencies: ["AirFit", "ChoreoEngine", "ChoreoJSON", "ChoreoProtocol"]),
        .testTarget(
            name: "ChoreoProtocolTests",
            dependencies: ["ChoreoProtocol", "ChoreoEngine", "ChoreoApps", "ChoreoJSON", "ChoreoMotion", "ChoreoLocks"]),
        .testTarget(
            name: "ChoreoServerTests",
            dependencies: [
                "ChoreoServer", "ChoreoJSON", "ChoreoEngine", "ChoreoApps", "ChoreoProtocol", "ChoreoMotion",
                "ChoreoLocks", "ChoreoFuzzHarness",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ]
        ),
    ]
)
