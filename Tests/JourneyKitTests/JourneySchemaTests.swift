import Foundation
import Testing

@testable import JourneyKit

/// `protocol/journey.schema.json` is generated from the step declarations (`make journey-schema`).
@Suite struct JourneySchemaTests {
    @Test func theCheckedInSchemaIsWhatTheStepDeclarationsGenerate() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("protocol/journey.schema.json").path
        let checkedIn = try String(contentsOfFile: path, encoding: .utf8)
        #expect(checkedIn == JourneySchema.text, "protocol/journey.schema.json is stale: run make journey-schema")
    }

    @Test func everyStepKeywordIsOneOfTheSchemasSteps() {
        let steps = JourneySchema.document["definitions"]?["step"]?["oneOf"]?.arrayValue ?? []
        let titles = Set(steps.compactMap { $0["title"]?.stringValue })
        #expect(titles == Set(StepKinds.keywords + [StepKinds.include]))
    }
}
