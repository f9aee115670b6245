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

    /// `name` plus the variant in brackets when there is one: `Hero transition [settings.mode=reduced]`.
    public var displayName: String { variant.map { "\(name) [\($0)]" } ?? name }
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

    public init(kind: String, label: String, location: SourceLocation, startMs: Double, endMs: Double, passed: Bool) {
        self.kind = kind
        self.label = label
        self.location = location
        self.startMs = startMs
        self.endMs = endMs
        self.passed = passed
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
        /// The state path, e.g. `hero.progress`.
        public var path: String
        /// (time ms, value) pairs in time order.
        public var points: [Point]
        public init(path: String, points: [Point]) {
            self.path = path
            self.points = points
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
        public init(t: Double, label: String, failed: Bool = false) {
            self.t = t
            self.label = label
            self.failed = failed
        }
    }

    public var series: [Series]
    public var haptics: [Mark]
    public var announcements: [Mark]
    public var steps: [Mark]
    /// The end of the drawn range.
    public var endMs: Double

    public init(
        series: [Series] = [], haptics: [Mark] = [], announcements: [Mark] = [], steps: [Mark] = [], endMs: Double = 0
    ) {
        self.series = series
        self.haptics = haptics
        self.announcements = announcements
        self.steps = steps
        self.endMs = endMs
    }
}
