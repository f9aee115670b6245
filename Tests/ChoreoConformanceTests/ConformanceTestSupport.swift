import ChoreoConformance
import ChoreoEngine

/// The report on `anchors` over one file's source, as the conformance tests check it.
func conformanceReport(_ source: String, _ anchors: [CodeAnchor], path: String = "App.swift") -> ConformanceReport {
    var corpus = SwiftCorpus()
    corpus.add(path: path, text: source)
    return Conformance(corpus: corpus).check(apps: [("app", anchors)], inputs: [path])
}

/// A haptic anchor of `type` (in `member`) that plays `styles`.
func hapticAnchor(_ name: String, _ type: String, member: String? = nil, _ styles: [HapticStyle]) -> CodeAnchor {
    CodeAnchor(name: name, type: type, member: member, subject: .haptic(styles))
}
