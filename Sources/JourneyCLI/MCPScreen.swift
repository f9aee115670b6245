import ChoreoJSON
import Foundation
import MCP

/// `screen_render` through `journey mcp`: the daemon's SVG as an embedded resource (`image/svg+xml`) the agent can
/// read or show, and, when the agent asks (`png: true`), the same picture as a PNG image content, rasterised by
/// librsvg's `rsvg-convert`: a library maintained with GNOME for twenty years, the SVG renderer of GTK, ImageMagick
/// and Wikipedia's thumbnails, packaged by every Linux distribution (Debian `librsvg2-bin`) and Homebrew (`librsvg`),
/// so no renderer is compiled into Choreo and a browser is not needed.
enum MCPScreen {
    /// The tool's own argument, beside the daemon method's.
    static let pngArgument = "png"

    /// The input schema's extra property.
    static let pngProperty: JSONValue = [
        "type": "boolean",
        "description": "The SVG comes as a resource; true adds a PNG image, `width` px wide (librsvg).",
    ]

    /// The daemon method's input schema with ``pngProperty`` added.
    static func withPNG(_ schema: JSONValue) -> JSONValue {
        guard var object = schema.objectValue else { return schema }
        var properties = object["properties"]?.objectValue ?? [:]
        properties[pngArgument] = pngProperty
        object["properties"] = .object(properties)
        return .object(object)
    }

    /// The answer to the agent: the result without its SVG as JSON text (and structured content), the SVG as an
    /// embedded resource, the PNG if asked, then the note (a reconnection), if any.
    static func answer(_ result: JSONValue, session: String, png: Bool, note: String?) -> CallTool.Result {
        let svg = result["svg"]?.stringValue ?? ""
        var summary = result.objectValue ?? [:]
        summary["svg"] = nil
        let at = result["at"].map { $0.serialized() } ?? "0"
        let uri = "choreo://screens/\(session)/\(at)"
        var content: [Tool.Content] = [
            .text(text: JSONValue.object(summary).prettyPrinted(), annotations: nil, _meta: nil),
            .resource(resource: .text(svg, uri: uri, mimeType: "image/svg+xml")),
        ]
        var isError = false
        if png {
            switch rasterise(svg) {
            case .success(let data):
                content.append(
                    .image(data: data.base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil))
            case .failure(let problem):
                content.append(.text(text: problem.message, annotations: nil, _meta: nil))
                isError = true
            }
        }
        if let note { content.append(.text(text: note, annotations: nil, _meta: nil)) }
        return CallTool.Result(
            content: content, structuredContent: Value?.some(MCPValue.value(.object(summary))), isError: isError)
    }

    /// Why a PNG could not be made, with the fix.
    struct RasterError: Error {
        let message: String
    }

    /// The SVG as PNG bytes, by `rsvg-convert` (found on PATH).
    static func rasterise(_ svg: String) -> Result<Data, RasterError> {
        let install =
            "install librsvg's rsvg-convert (Debian/Ubuntu: apt-get install librsvg2-bin; macOS: brew install "
            + "librsvg), or call screen_render without png and use the SVG"
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let tool = paths.map({ "\($0)/rsvg-convert" }).first(where: FileManager.default.isExecutableFile)
        else { return .failure(RasterError(message: "No PNG: rsvg-convert is not on PATH; \(install).")) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(RasterError(message: "No PNG: \(tool) did not start (\(error)); \(install)."))
        }
        let writer = Thread {
            input.fileHandleForWriting.write(Data(svg.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            return .failure(
                RasterError(
                    message: "No PNG: rsvg-convert exited with \(process.terminationStatus): "
                        + complaint.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return .success(data)
    }
}
