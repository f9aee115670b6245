// swift-tools-version:6.0
import PackageDescription

/// A libFuzzer target for choreod's request path: line framing, JSON parsing, request validation and dispatch,
/// exactly as a connection runs them (the real `ConnectionPipeline` on an embedded channel).
///
/// The harness is the main package's `ChoreoFuzzHarness` library, reached as a path dependency, so `make test`'s build
/// compiles it with every change; this package adds only libFuzzer's driver. Build and run with `make fuzz` from the
/// repository root (`-sanitize=fuzzer` instruments every module of the build).
let package = Package(
    name: "ChoreoFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Choreo", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "ChoreoFuzz",
            dependencies: [.product(name: "ChoreoFuzzHarness", package: "Choreo")]
        )
    ]
)
