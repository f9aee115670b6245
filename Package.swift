// swift-tools-version:6.0
import PackageDescription

/// Layering (enforced with `--explicit-target-dependency-import-check error`):
/// CJansson → ChoreoJSON → ChoreoCore (+ ChoreoMotion) → ChoreoProtocol → ChoreoServer → ChoreoDaemon (choreod).
/// Pure modules (JSON, Motion, Core, Protocol) never import NIO.
let package = Package(
    name: "Choreo",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "choreod", targets: ["ChoreoDaemon"]),
        .executable(name: "journey", targets: ["JourneyCLI"]),
        .library(name: "ChoreoClient", targets: ["ChoreoClient"]),
        .library(name: "ChoreoMotion", targets: ["ChoreoMotion"]),
        .library(name: "ChoreoCore", targets: ["ChoreoCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            path: "Sources/CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(name: "ChoreoJSON", dependencies: ["CJansson"]),
        .target(name: "ChoreoMotion"),
        .target(name: "ChoreoCore", dependencies: ["ChoreoJSON", "ChoreoMotion"]),
        .target(
            name: "ChoreoProtocol",
            dependencies: ["ChoreoJSON", "ChoreoMotion", "ChoreoCore"]
        ),
        .target(
            name: "ChoreoServer",
            dependencies: [
                "ChoreoJSON", "ChoreoCore", "ChoreoProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "ChoreoDaemon",
            dependencies: [
                "ChoreoServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "ChoreoClient",
            dependencies: [
                "ChoreoJSON",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "JourneyKit",
            dependencies: ["ChoreoJSON", "ChoreoClient", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "JourneyCLI",
            dependencies: [
                "JourneyKit", "ChoreoClient", "ChoreoJSON", "ChoreoProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ChoreoJSONTests", dependencies: ["ChoreoJSON"]),
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
        .testTarget(name: "ChoreoCoreTests", dependencies: ["ChoreoCore", "ChoreoJSON", "ChoreoMotion"]),
        .testTarget(name: "ChoreoProtocolTests", dependencies: ["ChoreoProtocol", "ChoreoCore", "ChoreoJSON"]),
        .testTarget(
            name: "ChoreoServerTests",
            dependencies: [
                "ChoreoServer", "ChoreoJSON",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ]
        ),
    ]
)
