import ArgumentParser
import JourneyKit

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of journey files, for editors (protocol/journey.schema.json).",
        discussion: """
            Generated from the step declarations: which keys a journey, a step and an include take, with an example \
            per step. Point an editor at it, e.g. a first line `# yaml-language-server: \
            $schema=../protocol/journey.schema.json` in a journey, or VS Code's yaml.schemas setting. It checks \
            the shape only; `journey validate` checks everything else.
            """)

    func run() throws {
        print(JourneySchema.text, terminator: "")
    }
}
