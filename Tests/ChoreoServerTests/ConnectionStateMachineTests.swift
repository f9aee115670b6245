import NIOCore
import Testing

@testable import ChoreoServer

private typealias Machine = ConnectionStateMachine

/// What the handler did, in order (the steps that follow an action are left out: they show in what comes next).
private enum Effect: Equatable {
    case read
    case run(String)
    case flush
    case writeOutbox
    case requestShutdown
    case closeInput
    case answerLineTooLong
    case scheduleSlowCheck(writes: Int)
    case cancelSlowCheck
    case flushCloseMarker(writes: Int)
    case close
    case closeSlowClient(unsentBytes: Int)
    case closeWithLineRunning
}

/// Plays the handler's part without a channel: records every action, reports what the handler would report (one
/// answer written per line, `owed` buffers per outbox write) and takes the steps that follow with `channel`.
private final class Harness {
    var machine: Machine
    var channel = Machine.ChannelStatus(isWritable: true, isActive: true)
    /// Buffers the outbox holds whenever it is written out (answers owed beyond the line's own).
    var owed = 0
    /// The line that asks the daemon to stop.
    var shutdownLine = "stop"
    /// Whether lines go to the worker pool (answered later, with ``answer(_:)``) rather than run at once.
    var offLoop = false
    /// Whether the last line run could have run on the event loop (none was with the pool).
    private(set) var lastAlone = false
    /// Runs inside each action, once it is recorded (after a line's answer is written): events that re-enter the
    /// handler, as writability changes do from inside writes and flushes.
    var whilePerforming: (Harness, Effect) -> Void = { _, _ in }
    private(set) var effects: [Effect] = []

    init(slowCheckEnabled: Bool = true) {
        machine = Machine(slowCheckEnabled: slowCheckEnabled)
    }

    /// Reports an event; returns what the handler did because of it.
    func send(_ event: Machine.Event) -> [Effect] {
        effects = []
        report(event)
        return effects
    }

    func send(line text: String) -> [Effect] {
        send(.frameReceived(.line(ByteBuffer(string: text))))
    }

    /// Reports an event from inside an action, as writes and flushes do (its effects join the current ones).
    func report(_ event: Machine.Event) {
        var action = machine.handle(event, channel)
        while let next = perform(action) { action = machine.handle(next, channel) }
    }

    private func write(_ buffers: Int) {
        for _ in 0..<buffers { _ = machine.handle(.outputWritten, channel) }
    }

    /// Lines handed to the pool come back together: each answer is written, then reported; then they are flushed.
    func answer(_ texts: String...) -> [Effect] {
        answer(all: texts)
    }

    /// ``answer(_:)`` for a list.
    func answer(all texts: [String]) -> [Effect] {
        effects = []
        for text in texts {
            write(1 + owed)
            report(.lineAnswered(requestedShutdown: text == shutdownLine))
        }
        report(.answersWritten)
        return effects
    }

    private func perform(_ action: Machine.Action) -> Machine.Event? {
        switch action {
        case .none: return nil
        case .read: effects.append(.read)
        case .run(let line, let alone):
            lastAlone = alone
            let text = String(buffer: line)
            effects.append(.run(text))
            if offLoop { return .lineHandedOver }
            write(1 + owed)
            whilePerforming(self, .run(text))
            return .lineAnswered(requestedShutdown: text == shutdownLine)
        case .flush(let then): return performed(.flush, then)
        case .writeOutbox(let then):
            write(owed)
            return performed(.writeOutbox, then)
        case .requestShutdown(let then): return performed(.requestShutdown, then)
        case .closeInput(let then):
            write(owed)
            return performed(.closeInput, then)
        case .answerLineTooLong(let then): return performed(.answerLineTooLong, then)
        case .scheduleSlowCheck(let writes, let then): return performed(.scheduleSlowCheck(writes: writes), then)
        case .cancelSlowCheck(let then): return performed(.cancelSlowCheck, then)
        case .flushCloseMarker(let writes): effects.append(.flushCloseMarker(writes: writes))
        case .close: effects.append(.close)
        case .closeSlowClient(let unsent): effects.append(.closeSlowClient(unsentBytes: unsent))
        case .closeWithLineRunning: effects.append(.closeWithLineRunning)
        }
        return nil
    }

    private func performed(_ effect: Effect, _ then: Machine.Step) -> Machine.Event {
        effects.append(effect)
        whilePerforming(self, effect)
        return .performed(then)
    }
}

private let tooLong = Machine.Event.frameReceived(.tooLong)

struct ConnectionStateMachineTests {
    @Test func linesRunAsTheyArriveAndTheOutputIsFlushedWhenTheReadIsComplete() {
        let h = Harness()
        #expect(h.send(.readRequested) == [.read])
        #expect(h.send(line: "1") == [.run("1")])
        #expect(h.send(line: "2") == [.run("2")])
        #expect(h.send(.readComplete) == [.flush])
        #expect(h.send(.readComplete) == [], "nothing written since the last flush")
    }

    @Test func overTheLimitReadsAreHeldAndLinesWait() {
        let h = Harness()
        #expect(h.send(line: "0") == [.run("0")])
        h.channel.isWritable = false
        #expect(h.send(.readRequested) == [])
        #expect(h.send(line: "1") == [.flush, .scheduleSlowCheck(writes: 1)], "the answer to 0 is flushed first")
        #expect(h.send(line: "2") == [], "the slow check is already scheduled")
        h.channel.isWritable = true
        #expect(h.send(.readRequested) == [], "a read waits while lines wait, even with room")
    }

    @Test func losingWritabilityFlushesAndStartsTheSlowCheckOnce() {
        let h = Harness()
        #expect(h.send(line: "1") == [.run("1")])
        h.channel.isWritable = false
        #expect(h.send(.writabilityChanged) == [.flush, .scheduleSlowCheck(writes: 1)])
        #expect(h.send(.writabilityChanged) == [])
    }

    @Test func drainingRunsTheWaitingLinesInOrderThenReleasesTheHeldRead() {
        let h = Harness()
        h.channel.isWritable = false
        #expect(h.send(.readRequested) == [])
        #expect(h.send(line: "1") == [.scheduleSlowCheck(writes: 0)])
        #expect(h.send(line: "2") == [])
        h.channel.isWritable = true
        #expect(h.send(.writabilityChanged) == [.cancelSlowCheck, .run("1"), .run("2"), .flush, .read])
        #expect(h.send(.readRequested) == [.read])
    }

    @Test func drainingStopsWhenAnAnswerFillsTheOutputAgain() {
        let h = Harness()
        h.channel.isWritable = false
        #expect(h.send(.readRequested) == [])
        #expect(h.send(line: "1") == [.scheduleSlowCheck(writes: 0)])
        #expect(h.send(line: "2") == [])
        h.whilePerforming = { h, effect in
            guard effect == .run("1") else { return }
            // The answer's write crosses the high water mark: the handler is re-entered.
            h.channel.isWritable = false
            h.report(.writabilityChanged)
        }
        h.channel.isWritable = true
        #expect(
            h.send(.writabilityChanged) == [.cancelSlowCheck, .run("1"), .flush, .scheduleSlowCheck(writes: 1)],
            "2 waits; the read stays held")
        h.channel.isWritable = true
        #expect(h.send(.writabilityChanged) == [.cancelSlowCheck, .run("2"), .flush, .read])
    }

    @Test func aWritabilityChangeDuringADrainDoesNotRunLinesTwice() {
        let h = Harness()
        h.channel.isWritable = false
        #expect(h.send(line: "1") == [.scheduleSlowCheck(writes: 0)])
        #expect(h.send(line: "2") == [])
        h.whilePerforming = { h, effect in
            guard effect == .run("1") else { return }
            h.report(.writabilityChanged)  // still writable: the drain under way runs 2, not this one
        }
        h.channel.isWritable = true
        #expect(h.send(.writabilityChanged) == [.cancelSlowCheck, .run("1"), .flush, .run("2"), .flush])
    }

    @Test func aFlushThatMakesRoomWhileLinesWaitRunsThemAndReleasesTheRead() {
        let h = Harness()
        #expect(h.send(line: "0") == [.run("0")])
        h.channel.isWritable = false
        #expect(h.send(.readRequested) == [])
        h.whilePerforming = { h, effect in
            guard effect == .flush else { return }
            h.channel.isWritable = true
            h.report(.writabilityChanged)  // inside the drain under way: it runs nothing
        }
        // The drain that flushed sees the room and runs 1 at once, then lets the held read through (before the fix,
        // 1 waited for another writability change that might never come).
        let actions = h.send(line: "1")
        #expect(actions == [.flush, .scheduleSlowCheck(writes: 1), .cancelSlowCheck, .run("1"), .flush, .read])
    }

    @Test func aDaemonShutdownLineIsFlushedBeforeTheDaemonIsAsked() {
        let h = Harness()
        #expect(h.send(line: "stop") == [.run("stop"), .flush, .requestShutdown])
        #expect(h.send(line: "1") == [.run("1")], "the connection serves on until the daemon's shutdown event")
    }

    @Test func shutdownAnswersEverythingReadThenCloses() {
        let h = Harness()
        h.channel.isWritable = false
        #expect(h.send(line: "1") == [.scheduleSlowCheck(writes: 0)])
        #expect(h.send(line: "2") == [])
        #expect(
            h.send(.shutdownRequested) == [
                .run("1"), .run("2"), .writeOutbox, .cancelSlowCheck, .scheduleSlowCheck(writes: 2),
                .flushCloseMarker(writes: 2),
            ])
        #expect(h.send(.readRequested) == [], "no more reads")
        #expect(h.send(.shutdownRequested) == [])
        #expect(h.send(line: "3") == [.run("3")], "a line already read runs even over the limit")
        #expect(
            h.send(.closeMarkerFlushed(marker: 2, succeeded: true)) == [.writeOutbox, .flushCloseMarker(writes: 3)])
        #expect(h.send(.closeMarkerFlushed(marker: 3, succeeded: true)) == [.close])
    }

    @Test func shutdownClosesWhenTheCloseMarkerFails() {
        let h = Harness()
        #expect(
            h.send(.shutdownRequested) == [.writeOutbox, .scheduleSlowCheck(writes: 0), .flushCloseMarker(writes: 0)])
        #expect(h.send(line: "1") == [.run("1")])
        #expect(h.send(.closeMarkerFlushed(marker: 0, succeeded: false)) == [.close])
    }

    @Test func aLineTooLongClosesTheInput() {
        let h = Harness()
        h.owed = 1
        #expect(h.send(tooLong) == [.closeInput, .answerLineTooLong])
        #expect(h.send(line: "1") == [], "input after it is ignored")
        #expect(h.send(.readComplete) == [], "the error answer was flushed with what was owed")
        #expect(h.send(.readRequested) == [.read], "reads go on (the decoder drops them) until the close")
    }

    @Test func aLineTooLongDropsTheLinesQueuedAfterIt() {
        let h = Harness()
        h.channel.isWritable = false
        #expect(h.send(.readRequested) == [])
        #expect(h.send(line: "1") == [.scheduleSlowCheck(writes: 0)])
        #expect(h.send(tooLong) == [])
        #expect(h.send(line: "2") == [])
        h.channel.isWritable = true
        #expect(
            h.send(.writabilityChanged) == [.cancelSlowCheck, .run("1"), .closeInput, .answerLineTooLong, .read])
    }

    @Test func aLineTooLongDuringShutdownKeepsReadsHeld() {
        let h = Harness()
        #expect(
            h.send(.shutdownRequested) == [.writeOutbox, .scheduleSlowCheck(writes: 0), .flushCloseMarker(writes: 0)])
        #expect(h.send(tooLong) == [.closeInput, .answerLineTooLong])
        #expect(h.send(.readRequested) == [])
    }

    @Test func theSlowCheckClosesOnlyWhenNothingMoved() {
        let h = Harness()
        h.channel.isWritable = false
        #expect(h.send(line: "1") == [.scheduleSlowCheck(writes: 0)])
        let baseline = Machine.SlowCheckBaseline(writes: 0, unsentBytes: 100)
        #expect(h.send(.slowCheckFired(baseline, unsentBytes: 60)) == [.scheduleSlowCheck(writes: 0)], "drained some")
        let later = Machine.SlowCheckBaseline(writes: 0, unsentBytes: 60)
        #expect(h.send(.slowCheckFired(later, unsentBytes: 60)) == [.closeSlowClient(unsentBytes: 60)])
    }

    @Test func answersWrittenSinceTheSlowCheckStartedAreProgress() {
        let h = Harness()
        #expect(h.send(line: "1") == [.run("1")])
        h.channel.isWritable = false
        let baseline = Machine.SlowCheckBaseline(writes: 0, unsentBytes: 10)
        #expect(h.send(.slowCheckFired(baseline, unsentBytes: 10)) == [.scheduleSlowCheck(writes: 1)])
        let later = Machine.SlowCheckBaseline(writes: 1, unsentBytes: 10)
        #expect(h.send(.slowCheckFired(later, unsentBytes: 10)) == [.closeSlowClient(unsentBytes: 10)])
    }

    @Test func theSlowCheckStopsOnceTheOutputHasRoom() {
        let h = Harness()
        let baseline = Machine.SlowCheckBaseline(writes: 0, unsentBytes: 10)
        #expect(h.send(.slowCheckFired(baseline, unsentBytes: 10)) == [])
        h.channel.isWritable = false
        h.channel.isActive = false
        #expect(h.send(.slowCheckFired(baseline, unsentBytes: 10)) == [], "nor on a closed channel")
    }

    @Test func shuttingDownTheSlowCheckWaitsForUnsentOutputOnly() {
        let h = Harness()
        #expect(
            h.send(.shutdownRequested) == [.writeOutbox, .scheduleSlowCheck(writes: 0), .flushCloseMarker(writes: 0)])
        let baseline = Machine.SlowCheckBaseline(writes: 0, unsentBytes: 0)
        #expect(h.send(.slowCheckFired(baseline, unsentBytes: 0)) == [.scheduleSlowCheck(writes: 0)])
        let stuck = Machine.SlowCheckBaseline(writes: 0, unsentBytes: 5)
        #expect(h.send(.slowCheckFired(stuck, unsentBytes: 5)) == [.closeSlowClient(unsentBytes: 5)])
    }

    @Test func noSlowCheckWhenItIsDisabled() {
        let h = Harness(slowCheckEnabled: false)
        h.channel.isWritable = false
        #expect(h.send(line: "1") == [])
        #expect(h.send(.shutdownRequested) == [.run("1"), .writeOutbox, .flushCloseMarker(writes: 1)])
    }

    @Test func inactiveDropsEverything() {
        let h = Harness()
        h.channel.isWritable = false
        #expect(h.send(.readRequested) == [])
        #expect(h.send(line: "1") == [.scheduleSlowCheck(writes: 0)])
        #expect(h.send(.channelInactive) == [.cancelSlowCheck])
        h.channel = Machine.ChannelStatus(isWritable: true, isActive: false)
        #expect(h.send(.writabilityChanged) == [], "the waiting line is gone and the held read stays held")
        #expect(h.send(line: "2") == [])
        #expect(h.send(.readRequested) == [])
        #expect(h.send(.readComplete) == [])
        #expect(h.send(.shutdownRequested) == [])
        #expect(h.send(.closeMarkerFlushed(marker: 0, succeeded: true)) == [])
        #expect(h.send(.channelInactive) == [])
    }

    @Test func linesGoToThePoolTogetherAndTheirAnswersAreFlushedTogether() {
        let h = Harness()
        h.offLoop = true
        #expect(h.send(line: "1") == [.run("1")])
        #expect(h.send(line: "2") == [.run("2")], "the pool runs a connection's lines one after another, in order")
        #expect(h.send(.readRequested) == [.read], "no line waits here")
        #expect(h.send(.readComplete) == [])
        #expect(h.answer("1", "2") == [.flush], "two answers back together: one flush")
    }

    @Test func atMostSoManyLinesAreWithThePoolAndTheRestWait() {
        let h = Harness()
        h.offLoop = true
        let limit = Machine.maxInFlight
        for i in 0..<limit { #expect(h.send(line: "\(i)") == [.run("\(i)")]) }
        #expect(h.send(line: "next") == [], "waits for an answer")
        #expect(h.send(.readRequested) == [], "and holds reads")
        #expect(h.answer("0") == [.run("next"), .flush])
        #expect(h.answer(all: (1..<limit).map { "\($0)" }) == [.flush])
        #expect(h.answer("next") == [.read, .flush], "all answered: the held read goes through")
    }

    @Test func aDaemonWideLineRunsHereOnlyWhenNoneIsWithThePool() {
        let h = Harness()
        var alone: [Bool] = []
        h.offLoop = true
        _ = h.send(line: "1")
        alone.append(h.lastAlone)
        _ = h.send(line: "2")
        alone.append(h.lastAlone)
        #expect(alone == [true, false], "a line after one with the pool must not overtake it")
    }

    @Test func outputWrittenBeforeALineGoesToThePoolIsFlushedFirst() {
        let h = Harness()
        #expect(h.send(line: "daemon.info") == [.run("daemon.info")], "answered at once, on the event loop")
        h.offLoop = true
        #expect(
            h.send(line: "clock.advance") == [.run("clock.advance"), .flush],
            "the earlier answer does not wait for a long request")
    }

    @Test func shutdownWaitsForTheLinesOnThePoolThenCloses() {
        let h = Harness()
        h.offLoop = true
        #expect(h.send(line: "1") == [.run("1")])
        #expect(h.send(line: "2") == [.run("2")])
        #expect(
            h.send(.shutdownRequested) == [.writeOutbox, .scheduleSlowCheck(writes: 0), .flushCloseMarker(writes: 0)])
        #expect(h.send(.closeMarkerFlushed(marker: 0, succeeded: true)) == [], "lines still run: no close")
        #expect(h.answer("1") == [.flush])
        #expect(h.answer("2") == [.writeOutbox, .flushCloseMarker(writes: 2)])
        #expect(h.send(.closeMarkerFlushed(marker: 2, succeeded: true)) == [.close])
    }

    @Test func shuttingDownALineStillRunningAfterTheSlowCheckIsGivenUp() {
        let h = Harness()
        h.offLoop = true
        #expect(h.send(line: "1") == [.run("1")])
        #expect(
            h.send(.shutdownRequested) == [.writeOutbox, .scheduleSlowCheck(writes: 0), .flushCloseMarker(writes: 0)])
        let baseline = Machine.SlowCheckBaseline(writes: 0, unsentBytes: 0)
        #expect(
            h.send(.slowCheckFired(baseline, unsentBytes: 0)) == [.closeWithLineRunning],
            "nothing answered for a whole check: the daemon does not wait for the line")
    }
}
