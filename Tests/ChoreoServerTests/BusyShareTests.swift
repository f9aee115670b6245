import Testing

@testable import ChoreoServer

/// A connection is busy for the window after one in which its lines kept a worker busy at least half the time.
struct BusyShareTests {
    private static let ms: UInt64 = 1_000_000

    /// 2 ms lines back to back (the `motion.audit` loop of the isolation benchmark) make the connection busy from the
    /// next window on; cheap lines (20 µs every 250 µs) never do.
    @Test func backToBackLongLinesMakeAConnectionBusyCheapOnesNever() {
        var long = BusyShare()
        var cheap = BusyShare()
        var now: UInt64 = 1_000 * Self.ms
        var longBusy: [Bool] = []
        var cheapBusy = false
        for _ in 0..<200 {  // 2 ms lines with 0.3 ms between them: 460 ms
            longBusy.append(long.isBusy(at: now))
            long.record(start: now, end: now + 2 * Self.ms)
            now += 2_300_000
        }
        var t: UInt64 = 1_000 * Self.ms
        for _ in 0..<2_000 {  // 500 ms
            cheapBusy = cheapBusy || cheap.isBusy(at: t)
            cheap.record(start: t, end: t + 20_000)
            t += 250_000
        }
        #expect(longBusy.first == false)
        #expect(longBusy.suffix(100).allSatisfy { $0 })
        #expect(!cheapBusy)
    }

    /// A pause of a whole window or more forgets a busy past; exactly half a window's work is busy, less is not.
    @Test func aPauseForgetsAndHalfIsTheLine() {
        var share = BusyShare()
        var start: UInt64 = 5_000 * Self.ms
        _ = share.isBusy(at: start)  // the first window starts here
        share.record(start: start, end: start + 50 * Self.ms)
        let afterHalf = share.isBusy(at: start + 100 * Self.ms)
        let afterPause = share.isBusy(at: start + 300 * Self.ms)
        #expect(afterHalf)
        #expect(!afterPause)
        start += 1_000 * Self.ms
        _ = share.isBusy(at: start)
        share.record(start: start, end: start + 50 * Self.ms - 1)
        let afterLess = share.isBusy(at: start + 100 * Self.ms)
        #expect(!afterLess)
    }
}
