// swift-tools-version:6.0
import PackageDescription

/// The in-process half of the benchmarks: ChoreoEngine and the apps driven directly, with no socket and no JSON parsing, so the
/// socket benchmarks can be split into engine time and everything else. Built by `make bench` into
/// `.build-bench-inprocess` (gitignored); `Benchmarks/bench.py` runs it.
let package = Package(
    name: "ChoreoInProcessBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Choreo", path: "../..")],
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
            ],
            path: "Sources/choreo-callgrind"
        ),
    ]
)
