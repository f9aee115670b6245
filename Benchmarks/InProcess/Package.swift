// swift-tools-version:6.0
import PackageDescription

/// The in-process half of the benchmarks: ChoreoEngine and the apps driven directly, with no socket and no JSON parsing, so the
/// socket benchmarks can be split into engine time and everything else. Built by `make bench` into
/// `.build-bench-inprocess` (gitignored); `Benchmarks/bench.py` runs it.
let package = Package(
    name: "ChoreoInProcessBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Choreo", path: "../.."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "choreo-inprocess",
            dependencies: [
                .product(name: "ChoreoEngine", package: "Choreo"), .product(name: "ChoreoApps", package: "Choreo"),
            ],
            path: "Sources/choreo-inprocess"
        ),
        .executableTarget(
            name: "choreo-callgrind",
            dependencies: [
                .product(name: "ChoreoProtocol", package: "Choreo"), .product(name: "ChoreoApps", package: "Choreo"),
                .product(name: "ChoreoMotion", package: "Choreo"), .product(name: "ChoreoLocks", package: "Choreo"),
            ],
            path: "Sources/choreo-callgrind"
        ),
        // SwiftNIO's floor: a line echo server on one event loop (the socket benchmarks' second baseline).
        .executableTarget(
            name: "nio-echo",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/nio-echo"
        ),
    ]
)
