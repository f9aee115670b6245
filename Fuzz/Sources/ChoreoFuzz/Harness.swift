import ChoreoFuzzHarness

/// libFuzzer calls this for each input; the harness itself is the main package's `ChoreoFuzzHarness`.
@_cdecl("LLVMFuzzerTestOneInput")
public func llvmFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    choreoFuzzOneInput(data, size)
}

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links a debug executable with `main` defined as `<module>_main`; with `-parse-as-library` there is no Swift
/// `main`, so this one hands control to libFuzzer's driver.
@_cdecl("ChoreoFuzz_main")
public func choreoFuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return llvmFuzzerRunDriver(&count, &arguments) { data, size in choreoFuzzOneInput(data, size) }
}
