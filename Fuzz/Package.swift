// swift-tools-version:6.0
import PackageDescription

/// A libFuzzer target for choreod's request path: line framing, JSON parsing, request validation and dispatch,
/// exactly as a connection runs them (the real `ConnectionPipeline` on an embedded channel).
///
/// The library targets are the main package's own sources, reached through the symlinks in Sources/Linked (the main
/// package does not export ChoreoServer as a product). Build and run with `make fuzz` from the repository root.
let package = Package(
    name: "ChoreoFuzz",
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(name: "CJansson", path: "Sources/Linked/CJansson", pkgConfig: "jansson"),
        .target(name: "ChoreoJSON", dependencies: ["CJansson"], path: "Sources/Linked/ChoreoJSON"),
        .target(name: "ChoreoMotion", path: "Sources/Linked/ChoreoMotion"),
        .target(name: "ChoreoEngine", dependencies: ["ChoreoJSON", "ChoreoMotion"], path: "Sources/Linked/ChoreoEngine"),
        .target(
            name: "FinPessoal", dependencies: ["ChoreoEngine", "ChoreoJSON", "ChoreoMotion"],
            path: "Sources/Linked/FinPessoal"),
        .target(
            name: "AirFit", dependencies: ["ChoreoEngine", "ChoreoJSON", "ChoreoMotion"], path: "Sources/Linked/AirFit"),
        .target(
            name: "ChoreoApps", dependencies: ["ChoreoEngine", "FinPessoal", "AirFit"], path: "Sources/Linked/ChoreoApps"),
        .target(
            name: "ChoreoProtocol",
            dependencies: ["ChoreoJSON", "ChoreoMotion", "ChoreoEngine", "ChoreoApps", "FinPessoal"],
            path: "Sources/Linked/ChoreoProtocol"
        ),
        .target(
            name: "ChoreoServer",
            dependencies: [
                "ChoreoJSON", "ChoreoEngine", "ChoreoProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Linked/ChoreoServer"
        ),
        .executableTarget(
            name: "ChoreoFuzz",
            dependencies: [
                "ChoreoServer", "ChoreoJSON",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
    ]
)
