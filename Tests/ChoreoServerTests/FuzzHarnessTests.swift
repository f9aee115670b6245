import ChoreoFuzzHarness
import Foundation
import Testing

/// `make fuzz`'s harness runs here on its seed inputs (Fuzz/seeds), so that `make test` compiles and exercises it:
/// every line choreod answers is well-formed JSON-RPC (the harness stops the process otherwise).
struct FuzzHarnessTests {
    @Test func theHarnessAcceptsEverySeed() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds")
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        #expect(names.count >= 8)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: seeds.appendingPathComponent(name)))
            let status = bytes.withUnsafeBufferPointer { buffer in
                choreoFuzzOneInput(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count)
            }
            #expect(status == 0, "seed \(name)")
        }
    }
}
