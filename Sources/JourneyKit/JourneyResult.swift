import ChoreoJSON

/// The outcome of running one journey (one matrix combination of it).
public struct JourneyResult: Sendable, Hashable {
    /// Whether it passed.
    public enum Status: String, Sendable, Hashable {
        /// Every step passed.
        case passed
        /// A step's expectation did not hold (or the daemon refused a step).
        case failed
        /// The journey could not run at all (unreadable file, no daemon).
        case error
        /// The journey was not run: `skip:` in its file (``JourneyResult/skipReason`` says why).
        case skipped
    }

    /// The journey's name (`journey:` in the file).
    public var name: String
    /// The file it came from, as given on the command line.
    public var file: String
    /// The matrix combination, e.g. `settings.mode=reduced`; nil when the journey has no matrix.
    public var variant: String?
    /// How it ended.
    public var status: Status
    /// Wall-clock time the run took, in milliseconds.
    public var wallMilliseconds: Double
    /// Virtual time at the end of the journey, in milliseconds.
    public var virtualMilliseconds: Double
    /// Every step that ran, in order (the failing one last when it failed).
    public var steps: [StepResult]
    /// Why it failed; nil when it passed.
    public var failure: Failure?
    /// What happened on the virtual timeline, for the HTML report.
    public var timeline: TimelineData
    /// The session's haptics as an AHAP document (`haptics.export`), when the run asked for it (`--ahap`).
    public var ahap: JSONValue? = nil
    /// The session as `session.export` saved it (``RunOptions/keepSnapshot``).
    public var snapshot: JSONValue? = nil
    /// The screen (SVG) when the journey failed (``RunOptions/screenOnFailure``).
    public var failureScreen: String? = nil
    /// The screens the HTML report shows (`journey run --html-screens`).
    public var screens: ScreenReel? = nil
    /// The session the journey ran in (app, physics, fps, settings), for every report; nil when none was made.
    public var session: SessionInfo? = nil
    /// Why the journey was skipped (`skip: REASON`); nil unless ``status`` is `skipped`.
    public var skipReason: String? = nil
    /// Where the variant's matrix entry is written (`FILE:LINE`), or the journey's first line.
    public var line: Int = 1

    public init(
        name: String, file: String, variant: String? = nil, status: Status, wallMilliseconds: Double,
        virtualMilliseconds: Double, steps: [StepResult], failure: Failure? = nil,
        timeline: TimelineData = TimelineData()
    ) {
        self.name = name
        self.file = file
        self.variant = variant
        self.status = status
        self.wallMilliseconds = wallMilliseconds
        self.virtualMilliseconds = virtualMilliseconds
        self.steps = steps
        self.failure = failure
        self.timeline = timeline
    }

    /// `name` plus the variant in brackets when there is one: `Hero transition [reduced motion]` (its `name:`) or
    /// `Hero transition [settings.mode=reduced]` (its short label).
    public var displayName: String { variant.map { "\(name) [\($0)]" } ?? name }
}

/// The session a journey ran in, as the reports show it (issue 28 #2: the physics is never a silent default).
public struct SessionInfo: Sendable, Hashable {
    /// The app hosted.
    public var app: String
    /// `swiftui` or `ideal`; `defaulted` when the journey named none.
    public var physics: String
    public var physicsDefaulted: Bool
    /// Frames per second.
    public var fps: Int
    /// The mode animations used when the session started (`settings.effectiveMode`); nil when it could not be read.
    public var mode: String? = nil
    /// The settings the journey gave (`{}` when none).
    public var settings: JSONValue

    public init(app: String, physics: String, physicsDefaulted: Bool, fps: Int, settings: JSONValue) {
        self.app = app
        self.physics = physics
        self.physicsDefaulted = physicsDefaulted
        self.fps = fps
        self.settings = settings
    }

    /// `app finpessoal, physics swiftui (the default), 60 fps, mode reduced, settings {"mode":"reduced"}`.
    public var description: String {
        var text = "app \(app), physics \(physics)\(physicsDefaulted ? " (the default)" : ""), \(fps) fps"
        if let mode { text += ", mode \(mode)" }
        if settings != .object([:]) { text += ", settings \(settings.serialized())" }
        return text
    }

    /// `{app, physics, physicsDefaulted, fps, mode, settings}` (`mode` null when it could not be read).
    public var json: JSONValue {
        [
            "app": .string(app), "physics": .string(physics), "physicsDefaulted": .bool(physicsDefaulted),
            "fps": .int(Int64(fps)), "mode": mode.map(JSONValue.string) ?? .null, "settings": settings,
        ]
    }
}

/// Where a step is written: file and line, and the include chain that led there (outermost first).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as given on the command line or resolved from an include.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// The includes that led here, outermost first, each as `file:line`.
    public var includeChain: [String]

    public init(file: String, line: Int, includeChain: [String] = []) {
        self.file = file
        self.line = line
        self.includeChain = includeChain
    }

    /// `file:line`, followed by ` (included from a.yaml:3 ← b.yaml:7)` when included.
    public var description: String {
        includeChain.isEmpty
            ? "\(file):\(line)" : "\(file):\(line) (included from \(includeChain.reversed().joined(separator: " ← ")))"
    }
}

/// One step as it ran.
public struct StepResult: Sendable, Hashable {
    /// The step kind: `call`, `advance`, `settle`, `expect`, `expectHaptics`, `tap`…
    public var kind: String
    /// A short human label, e.g. `advance 400 ms` or `expect hero.isTransitioning`.
    public var label: String
    /// Where the step is written.
    public var location: SourceLocation
    /// Virtual time when the step started and ended, in milliseconds.
    public var startMs: Double
    public var endMs: Double
    /// Whether it passed.
    public var passed: Bool
    /// What an `expect` step compared, in order (the failing comparison last); empty for other steps.
    public var checks: [Check]
    /// A `sweep` step's offsets (virtual ms after the step's start), each with its failure (nil: it held); empty
    /// for other steps.
    public var sweep: [SweepOffset] = []

    /// One offset of a `sweep` step: when (virtual ms after the step's start), and its failure if it failed.
    public struct SweepOffset: Sendable, Hashable {
        public var offsetMs: Double
        public var failure: String?
        /// The swept value there: the first number the steps checked at this offset (nil when none), and its path.
        public var value: Double? = nil
        public var path: String? = nil
        public init(offsetMs: Double, failure: String?, value: Double? = nil, path: String? = nil) {
            self.offsetMs = offsetMs
            self.failure = failure
            self.value = value
            self.path = path
        }
    }

    public init(
        kind: String, label: String, location: SourceLocation, startMs: Double, endMs: Double, passed: Bool,
        checks: [Check] = []
    ) {
        self.kind = kind
        self.label = label
        self.location = location
        self.startMs = startMs
        self.endMs = endMs
        self.passed = passed
        self.checks = checks
    }

    /// One comparison an `expect` step made: a path, what it had to match, what it was, whether it did.
    public struct Check: Sendable, Hashable {
        /// The path as written: a state path (`hero.progress`) or a kept result (`$name.path`).
        public var path: String
        /// What it had to match.
        public var matcher: Matcher
        /// The value found; nil when the path does not exist.
        public var actual: JSONValue?
        /// Whether it matched.
        public var passed: Bool
        /// The animated property driving the path's value when it was checked, as animation records name it (e.g.
        /// `sheet.1.progress` for `sheet.progress`); recorded only for the HTML report's timeline, for a number.
        public var animatedBy: String?

        public init(path: String, matcher: Matcher, actual: JSONValue?, passed: Bool, animatedBy: String? = nil) {
            self.path = path
            self.matcher = matcher
            self.actual = actual
            self.passed = passed
            self.animatedBy = animatedBy
        }
    }
}

/// Why a journey failed, with everything needed to see where and why.
public struct Failure: Sendable, Hashable {
    /// One sentence: what was expected and what happened.
    public var message: String
    /// The failing step's location.
    public var location: SourceLocation
    /// Virtual time of the failure, in milliseconds.
    public var virtualMs: Double
    /// The expected and actual values, when the failure is a comparison.
    public var expected: JSONValue?
    public var actual: JSONValue?
    /// A line-by-line diff for structures (`- expected`, `+ actual`), empty for scalars.
    public var diff: [String]
    /// The last few trace events before the failure.
    public var recentTrace: [JSONValue]

    public init(
        message: String, location: SourceLocation, virtualMs: Double, expected: JSONValue? = nil,
        actual: JSONValue? = nil, diff: [String] = [], recentTrace: [JSONValue] = []
    ) {
        self.message = message
        self.location = location
        self.virtualMs = virtualMs
        self.expected = expected
        self.actual = actual
        self.diff = diff
        self.recentTrace = recentTrace
    }
}

/// What the HTML report draws for one journey: animated values as curves, haptics and announcements as marks,
/// steps as labels. All times in virtual milliseconds.
public struct TimelineData: Sendable, Hashable {
    /// One animated property's samples.
    public struct Series: Sendable, Hashable {
        /// The animated property's name as the engine's records give it, e.g. `hero.progress`, `sheet.1.progress`.
        public var path: String
        /// (time ms, value) pairs in time order.
        public var points: [Point]
        /// True for an endless loop (an animation record with `infinite: true`): the report folds these away.
        public var endless: Bool
        /// True when the points are the frames the session showed (`physics: swiftui`): each holds until the next,
        /// so the report draws steps and its cursor reads the frame on screen; false for a continuous curve.
        public var frames: Bool
        public init(path: String, points: [Point], endless: Bool = false, frames: Bool = false) {
            self.path = path
            self.points = points
            self.endless = endless
            self.frames = frames
        }
    }

    /// An expected value an `expect` step checked, at the step's time.
    public struct Expectation: Sendable, Hashable {
        /// Virtual time of the check, in milliseconds.
        public var t: Double
        /// The index of its step in ``JourneyResult/steps`` (and in ``TimelineData/steps``).
        public var step: Int
        /// The path as the journey wrote it, e.g. `sheet.progress`.
        public var path: String
        /// The drawn series the path's value comes from (``Series/path``); nil when it is not drawn (a plain state
        /// value), in which case the report lists the check in its step's tooltip only.
        public var series: String?
        /// The accepted numeric range (`approx` gives value ± tol, a number itself, `gte` an open-ended range); nil
        /// when the matcher is not about a number.
        public var low: Double?
        public var high: Double?
        /// The value the marker sits at: the expected number, or the bound for a one-sided matcher.
        public var expected: Double?
        /// The check in words, e.g. `hero.progress ≈ 0.5 ± 0.01 (actual 0.5004)`.
        public var text: String
        /// Whether it held.
        public var passed: Bool

        public init(
            t: Double, step: Int, path: String, series: String? = nil, low: Double? = nil, high: Double? = nil,
            expected: Double? = nil, text: String, passed: Bool
        ) {
            self.t = t
            self.step = step
            self.path = path
            self.series = series
            self.low = low
            self.high = high
            self.expected = expected
            self.text = text
            self.passed = passed
        }
    }

    /// A sample.
    public struct Point: Sendable, Hashable {
        public var t: Double
        public var v: Double
        public init(t: Double, v: Double) {
            self.t = t
            self.v = v
        }
    }

    /// A mark at a time: a haptic (`label` is its style), an announcement (its text) or a step (its label).
    public struct Mark: Sendable, Hashable {
        public var t: Double
        public var label: String
        /// True for the failing step.
        public var failed: Bool
        /// For a haptic, what played it (its record's `source`, e.g. `hero.beginTransition`); nil when unknown.
        public var source: String?
        public init(t: Double, label: String, failed: Bool = false, source: String? = nil) {
            self.t = t
            self.label = label
            self.failed = failed
            self.source = source
        }
    }

    public var series: [Series]
    public var haptics: [Mark]
    public var announcements: [Mark]
    public var steps: [Mark]
    /// What the `expect` steps checked, in order.
    public var expectations: [Expectation]
    /// The end of the drawn range.
    public var endMs: Double

    public init(
        series: [Series] = [], haptics: [Mark] = [], announcements: [Mark] = [], steps: [Mark] = [],
        expectations: [Expectation] = [], endMs: Double = 0
    ) {
        self.series = series
        self.haptics = haptics
        self.announcements = announcements
        self.steps = steps
        self.expectations = expectations
        self.endMs = endMs
    }
}
